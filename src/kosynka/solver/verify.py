"""Replaying a solver's line through the rules engine: no solution leaves the solver unchecked."""

from __future__ import annotations

from collections.abc import Sequence

from kosynka.errors import KosynkaError
from kosynka.games.klondike import Klondike, Move


class SolutionError(RuntimeError):
    """A line reported as winning that the rules engine refuses or that does not win: a bug in
    the solver, never the player's fault."""


def verify_line(game: Klondike, moves: Sequence[Move | str]) -> list[Move]:
    """Replay ``moves`` from ``game``'s position on a copy (``game`` is left as it is) and
    return them as :class:`Move` values; raise :class:`SolutionError` when a move is illegal or
    the last position is not won."""
    board = game.copy(stack=False)
    out: list[Move] = []
    for i, m in enumerate(moves):
        try:
            move = Move.parse(m) if isinstance(m, str) else m
            board.advance(move)
        except KosynkaError as exc:
            raise SolutionError(f"solver line refused at move {i + 1} ({m}): {exc}") from None
        out.append(move)
    if not board.is_won():
        raise SolutionError(
            f"solver line of {len(out)} moves does not win: "
            f"{52 - sum(board.foundation_counts())} cards are not home"
        )
    return out
