"""Checking a solver's line through the rules engine: no solution leaves a solver unchecked.

Every game replays a line with :meth:`~kosynka.games.base.Game.check_line` (FreeCell's core
lines with :meth:`~kosynka.games.freecell.FreeCell.check_codes`), which says which move was
refused and why; :func:`checked_moves` turns that answer into the line's moves or a
:class:`SolutionError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from kosynka.games.base import CheckedLine, Game
from kosynka.solver.result import SolutionError

__all__ = ["SolutionError", "checked_moves", "verify_line"]

M = TypeVar("M")


def checked_moves(
    checked: CheckedLine[M], what: str = "solver line", *, win: bool = True
) -> list[M]:
    """The moves of a line the rules replayed (``checked``); raise :class:`SolutionError`,
    naming the line ``what``, when one of its moves was refused or (with ``win``) when it
    does not win."""
    refused = checked.refused
    if refused is not None:
        raise SolutionError(
            f"{what} refused at move {refused.index + 1} ({refused.move}): {refused.why}"
        )
    if win and not checked.board.is_won():
        view = checked.board.view()
        left = sum(map(len, view.columns)) + len(view.stock) + len(view.waste)
        left += sum(1 for c in view.cells if c is not None)
        raise SolutionError(
            f"{what} of {len(checked.moves)} moves does not win: {left} cards are not home"
        )
    return checked.moves


def verify_line(game: Game[Any], moves: Sequence[Any]) -> list[Any]:
    """Replay ``moves`` (move values or move text) from ``game``'s position on a copy (``game``
    is left as it is) and return them as the game's move values; raise :class:`SolutionError`
    when a move is illegal or the last position is not won."""
    return checked_moves(game.check_line(moves))
