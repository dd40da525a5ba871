"""The Pyramid solver: decides a Pyramid position and finds a winning line.

>>> from kosynka.games.pyramid import Pyramid
>>> found = search(Pyramid(3), implementation="python")
>>> found.status
'solved'
>>> replay(Pyramid(3), found.line)[-1].is_removal
True

It knows the whole position (the order of the stock). The search is a complete depth-first
search with a transposition table (see :mod:`kosynka.solver._pyramid_py`, the pure-Python
reference); it runs in the compiled core (``kosynka.solver._core``, C++, the same search) when
that is installed. Every winning line is replayed through the rules engine before it is
returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from kosynka.games.pyramid import Move, Pyramid
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _pyramid_py
from kosynka.solver.result import NO_LIMITS, Found, Limits, SolutionError
from kosynka.solver.verify import checked_moves

if _NATIVE is not None:
    from kosynka.solver import _core

DEFAULT_MAX_STATES: Final = 50_000_000
"""The state limit when neither a time nor a state limit is given: far above the most any of
PySolFC's deals 1-10,000 needs under any rule set (some 3 million, under 1 s in the compiled
core; ``bench/solver_pyramid.md``), room for harder positions met in play; the core's table
for it stays under 1 GiB."""

_HAS_CORE: Final = _NATIVE is not None and hasattr(_NATIVE, "pyramid_solve")


def available_implementations() -> list[str]:
    """``["native", "python"]`` when the compiled core with Pyramid's search is installed, else
    ``["python"]``."""
    return ["native", "python"] if _HAS_CORE else ["python"]


def position_args(game: Pyramid) -> tuple[list[int], list[int], int, int]:
    """The search's arguments for ``game``'s position: the card index on each of the 28 places
    (-1 when gone), the talon (the waste bottom to top, then the stock from its top card down),
    how many of the talon's cards are the waste, and the pass under way."""
    places = [-1 if c is None else c.index for c in game.places()]
    waste = [c.index for c in game.waste()]
    stock = [c.index for c in game.stock()]
    return places, waste + stock, len(waste), game.pass_number


def search(game: Pyramid, limits: Limits = NO_LIMITS, implementation: str = "python") -> Found:
    """Search ``game``'s position within ``limits`` (checked by :func:`kosynka.solver.solve`)
    with ``implementation`` (``"native"`` or ``"python"``): the verdict, a winning line of move
    text (checked by :func:`replay`) and the counts. With neither limit given the search stops
    at :data:`DEFAULT_MAX_STATES`. ``short`` is not used."""
    if not isinstance(game, Pyramid):
        raise TypeError(f"the Pyramid solver needs a Pyramid game, not {type(game).__name__}")
    if implementation not in available_implementations():
        raise ValueError(f"solver implementation {implementation!r} is not available")
    time_limit, max_states = limits.time_limit, limits.max_states
    if time_limit is None and max_states is None:
        max_states = DEFAULT_MAX_STATES
    places, talon, waste_count, pass_number = position_args(game)
    passes, goal_all = game.rules.passes, game.rules.goal == "all"
    if implementation == "native":
        return Found.from_core(
            _core.pyramid_solve(
                places,
                talon,
                waste_count,
                pass_number,
                0 if passes is None else passes,
                goal_all,
                -1.0 if time_limit is None else float(time_limit),
                0 if max_states is None else int(max_states),
            )
        )
    return _pyramid_py.search(
        places,
        talon,
        waste_count,
        pass_number,
        passes=passes,
        goal_all=goal_all,
        time_limit=time_limit,
        max_states=max_states,
    )


def replay(game: Pyramid, line: Sequence[str]) -> list[Move]:
    """The winning ``line`` :func:`search` found, replayed through the rules engine from
    ``game``'s position (on a copy) as the game's moves; raise :class:`SolutionError` when a
    move is refused or the line does not win."""
    checked = game.check_line(line)
    moves = checked_moves(checked, win=False)
    board = checked.board
    if not isinstance(board, Pyramid) or not board.is_won():
        left = board.pyramid_count() if isinstance(board, Pyramid) else -1
        raise SolutionError(
            f"solver line of {len(moves)} moves does not win: {left} pyramid cards are left"
        )
    return moves


if TYPE_CHECKING:  # mypy checks this front against what every front offers
    from kosynka.solver import pyramid as _this
    from kosynka.solver.result import SolverFront

    _FRONT: SolverFront = _this
