"""The exhaustive search the solvers' verdicts are checked against: it knows nothing of any
solver (no pruning, no macro moves, no safe moves), only the game's legal moves and a key that
tells positions apart."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from kosynka.games.base import Game


def exhaustive(
    game: Game[Any], key: Callable[[Any], Hashable], cap: int
) -> tuple[bool | None, int]:
    """(True if some sequence of legal moves wins ``game``, False if none does, None when more
    than ``cap`` positions would have to be looked at; the positions seen). A depth-first search
    over every legal move of the engine (``legal_move_list``, in its order, so that a win is
    found early; a loss needs the whole reachable set), positions told apart by ``key``.
    ``game`` is left unchanged."""
    g = game.copy(stack=False)
    seen = {key(g)}
    pending = [iter(g.legal_move_list())]
    while pending:
        if g.is_won():
            return True, len(seen)
        for move in pending[-1]:
            g.push(move)
            k = key(g)
            if k not in seen:
                seen.add(k)
                if len(seen) > cap:
                    return None, len(seen)
                pending.append(iter(g.legal_move_list()))
                break
            g.pop()
        else:
            pending.pop()
            if g.move_stack:
                g.pop()
    return False, len(seen)
