"""Replaying a solver's line through the rules engine: no solution leaves the solver unchecked."""

from __future__ import annotations

from collections.abc import Sequence

from kosynka.errors import KosynkaError
from kosynka.games.klondike import DRAW, Klondike, Move


class SolutionError(RuntimeError):
    """A line reported as winning that the rules engine refuses or that does not win: a bug in
    the solver, never the player's fault."""


def verify_line(game: Klondike, moves: Sequence[Move | str]) -> list[Move]:
    """Replay ``moves`` from ``game``'s position on a copy (``game`` is left as it is) and
    return them as :class:`Move` values; raise :class:`SolutionError` when a move is illegal or
    the last position is not won. Runs of draws are checked and made together
    (:meth:`Klondike.advance_draws`)."""
    board = game.copy(stack=False)
    out: list[Move] = []
    i, n = 0, len(moves)
    while i < n:
        m = moves[i]
        try:
            move = Move.parse(m) if isinstance(m, str) else m
            if _is_draw(move):
                j = i + 1
                while j < n and _is_draw(moves[j]):
                    j += 1
                made = board.advance_draws(j - i)
                out.extend([move] * made)
                if made < j - i:
                    i += made
                    board.advance(move)  # raises with the rule's reason
                i = j
                continue
            board.advance(move)
        except KosynkaError as exc:
            raise SolutionError(f"solver line refused at move {i + 1} ({m}): {exc}") from None
        out.append(move)
        i += 1
    if not board.is_won():
        raise SolutionError(
            f"solver line of {len(out)} moves does not win: "
            f"{52 - sum(board.foundation_counts())} cards are not home"
        )
    return out


def _is_draw(m: Move | str) -> bool:
    """Whether ``m`` (a move or move text) is a draw from the stock."""
    if isinstance(m, str):
        return m == "s"
    return m.card is None and m.to == DRAW
