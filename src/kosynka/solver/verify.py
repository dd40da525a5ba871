"""Replaying a solver's line through the rules engine: no solution leaves a solver unchecked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kosynka.errors import KosynkaError
from kosynka.games.base import Game
from kosynka.solver.result import SolutionError

__all__ = ["SolutionError", "verify_line"]


def verify_line(game: Game[Any], moves: Sequence[Any]) -> list[Any]:
    """Replay ``moves`` (move values or move text) from ``game``'s position on a copy (``game``
    is left as it is) and return them as the game's move values; raise :class:`SolutionError`
    when a move is illegal or the last position is not won. Games whose solver has a faster
    replay of its own (Klondike's runs of draws) use that one."""
    if game.name == "klondike":
        from kosynka.solver.klondike import verify_line as klondike_line

        return klondike_line(game, moves)  # type: ignore[arg-type]
    board = game.copy(stack=False)
    out: list[Any] = []
    for i, m in enumerate(moves):
        try:
            move = board.parse_move(m) if isinstance(m, str) else m
            board.advance(move)
        except KosynkaError as exc:
            raise SolutionError(f"solver line refused at move {i + 1} ({m}): {exc}") from None
        out.append(move)
    if not board.is_won():
        raise SolutionError(f"solver line of {len(out)} moves does not win")
    return out
