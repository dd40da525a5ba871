"""The TriPeaks solver: decides a TriPeaks position and finds a winning line.

>>> from kosynka.games.tripeaks import TriPeaks
>>> found = search(TriPeaks(1))
>>> found.status
'solved'
>>> [str(m) for m in replay(TriPeaks(1), found.line)][:3]
['5C', '4C', '3C']

It knows the whole position (the face-down cards and the order of the stock). The search is
the complete depth-first search of :mod:`kosynka.solver._tripeaks_py` (the pure-Python
reference); it runs in the compiled core (``kosynka.solver._core``, C++, the same search) when
that is installed. Every winning line is replayed through the rules engine before it is
returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from kosynka.games.tripeaks import Move, TriPeaks
from kosynka.games.tripeaks.deals import PLACES
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _tripeaks_py
from kosynka.solver.result import NO_LIMITS, Found, Limits, SolutionError
from kosynka.solver.verify import checked_moves

if _NATIVE is not None:
    from kosynka.solver import _core

DEFAULT_MAX_STATES: Final = 5_000_000
"""The state limit when neither a time nor a state limit is given: a few seconds of search,
far more than all but the hardest deals need (the positions kept must fit in memory)."""


_HAS_CORE: Final = _NATIVE is not None and hasattr(_NATIVE, "tripeaks_search")


def available_implementations() -> list[str]:
    """``["native", "python"]`` when the compiled core with TriPeaks' search is installed, else
    ``["python"]``."""
    return ["native", "python"] if _HAS_CORE else ["python"]


def position_args(game: TriPeaks) -> tuple[list[int], list[int], int]:
    """The search's arguments for ``game``'s position: the card index of each of the 28 places
    (-1 when gone), the stock's card indices (the next to turn first) and the waste's top."""
    places = [-1 if (c := game.place(i)) is None else c.index for i in range(PLACES)]
    return places, [c.index for c in game.stock()], game.waste_top().index


def search(game: TriPeaks, limits: Limits = NO_LIMITS, implementation: str = "python") -> Found:
    """Search ``game``'s position within ``limits`` (checked by :func:`kosynka.solver.solve`)
    with ``implementation`` (``"native"`` or ``"python"``): the verdict, a winning line of move
    text (checked by :func:`replay`) and the counts. With neither limit given the search stops
    at :data:`DEFAULT_MAX_STATES`. ``short`` is not used (every winning line plays the 28 table
    cards; only its stock moves could differ)."""
    if not isinstance(game, TriPeaks):
        raise TypeError(f"the TriPeaks solver needs a TriPeaks game, not {type(game).__name__}")
    if implementation not in available_implementations():
        raise ValueError(f"solver implementation {implementation!r} is not available")
    time_limit, max_states = limits.time_limit, limits.max_states
    if time_limit is None and max_states is None:
        max_states = DEFAULT_MAX_STATES
    places, stock, top = position_args(game)
    if implementation == "native":
        return Found.from_core(
            _core.tripeaks_search(
                places,
                stock,
                top,
                game.rules.wrap,
                -1.0 if time_limit is None else float(time_limit),
                0 if max_states is None else int(max_states),
            )
        )
    return _tripeaks_py.search(
        places,
        stock,
        top,
        wrap=game.rules.wrap,
        time_limit=time_limit,
        max_states=max_states,
    )


def replay(game: TriPeaks, line: Sequence[str]) -> list[Move]:
    """The winning ``line`` :func:`search` found, replayed through the rules engine from
    ``game``'s position (on a copy) as the game's moves; raise :class:`SolutionError` when a
    move is refused or the line does not win."""
    checked = game.check_line(line)
    moves = checked_moves(checked, win=False)
    board = checked.board
    if not isinstance(board, TriPeaks) or not board.is_won():
        left = board.view().places
        on_table = sum(1 for p in left if p.card is not None)
        raise SolutionError(
            f"solver line of {len(moves)} moves does not win: {on_table} cards are left on"
            " the table"
        )
    return moves


if TYPE_CHECKING:  # mypy checks this front against what every front offers
    from kosynka.solver import tripeaks as _this
    from kosynka.solver.result import SolverFront

    _FRONT: SolverFront = _this
