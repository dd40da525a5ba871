"""The solver front: ``solve(game)`` decides a position of any game kosynka has a solver for and
finds a winning line.

>>> from kosynka import Klondike, KlondikeRules
>>> res = solve(Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat"))
>>> res.status in (SolveStatus.SOLVED, SolveStatus.UNSOLVABLE)
True

Each game's solver front lives in ``kosynka.solver.<game name>`` (found by name with
:func:`kosynka.games.game_part`, so a new game's solver is a new module here and a core in
``native/``), with a compiled core (``kosynka.solver._core``, C++) and a pure-Python reference;
the environment variable ``KOSYNKA_IMPLEMENTATION=python|native`` forces one. Every solver knows
the whole position (the face-down cards and the order of the stock), and every winning line is
replayed through the game's rules engine before it is returned.

A front offers:

* ``available_implementations()``: ``["native", "python"]``, or ``["python"]`` without the
  core;
* ``search(game, limits, implementation)``: the search alone within the
  :class:`~kosynka.solver.result.Limits` (already checked), its raw line and counts (a
  :class:`~kosynka.solver.result.Found`);
* ``replay(game, line)``: the raw line checked through the game's rules, as the game's moves
  (raising :class:`SolutionError`);
* with ``REFEREE = True``, ``referee(game, line)``: the same check by a compiled referee apart
  from the search (``verify="native"``).

:func:`solve` does the rest once for every game: the limits, the implementation, the timing,
the check of the line and the :class:`SolveResult`.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from kosynka.errors import InvalidNotationError
from kosynka.games.base import Game, game_part
from kosynka.solver.result import (
    Found,
    Limits,
    SolutionError,
    SolveResult,
    SolverFront,
    SolveStatus,
)

__all__ = [
    "SolutionError",
    "SolveResult",
    "SolveStatus",
    "available_implementations",
    "check_limits",
    "default_implementation",
    "has_solver",
    "solve",
]


def _load_native() -> ModuleType | None:
    """The compiled core, or None when it was not built (its calls are typed by _core.pyi)."""
    try:
        from kosynka.solver import _core
    except ImportError:
        return None
    return _core


NATIVE = _load_native()
"""The compiled core module (every game's search in one extension), or None."""


def solver_front(game_name: str) -> ModuleType | None:
    """The solver front of the game called ``game_name`` (``kosynka.solver.<name>``), or None
    when the game has none: for what a front offers beyond :func:`solve` (``solve_deals``)."""
    return game_part(__name__, game_name)


def has_referee(game_name: str) -> bool:
    """True when the game's lines can be checked by a compiled referee apart from the search
    (``verify="native"`` in :func:`solve`): its front says so and the core is installed."""
    front = solver_front(game_name)
    return front is not None and bool(getattr(front, "REFEREE", False)) and NATIVE is not None


def has_solver(game_name: str) -> bool:
    """True when kosynka has a solver for the game called ``game_name``."""
    front = solver_front(game_name)
    return front is not None and hasattr(front, "search")


def _solver_of(game_name: str) -> SolverFront:
    """The solver front of the game called ``game_name``; raise when it has none, or when its
    front lacks a part of :class:`~kosynka.solver.result.SolverFront`."""
    front = solver_front(game_name)
    if front is None or not hasattr(front, "search"):
        raise InvalidNotationError(f"kosynka has no solver for {game_name!r} yet")
    if not isinstance(front, SolverFront):
        raise TypeError(f"{front.__name__} is not a whole solver front (see SolverFront)")
    return front


def available_implementations(game_name: str) -> list[str]:
    """``["native", "python"]`` when the game's compiled core is installed, else
    ``["python"]``."""
    front = _solver_of(game_name)
    return list(front.available_implementations())


def default_implementation(game_name: str) -> str:
    """The implementation :func:`solve` uses: ``KOSYNKA_IMPLEMENTATION`` when set, otherwise
    ``native`` when installed, else ``python``. Raises ValueError for an unknown or missing
    implementation named in the environment."""
    have = available_implementations(game_name)
    forced = os.environ.get("KOSYNKA_IMPLEMENTATION", "").strip().lower()
    if forced:
        if forced not in ("python", "native"):
            raise ValueError(f"KOSYNKA_IMPLEMENTATION must be 'python' or 'native', not {forced!r}")
        if forced not in have:
            raise ValueError(
                f"KOSYNKA_IMPLEMENTATION={forced} but the compiled solver core is not installed"
            )
        return forced
    return have[0]


MAX_STATES_CAP = 2**62
"""A state limit at or above this can never be reached; it is taken as no limit."""
MAX_SECONDS_CAP = 10.0**9
"""A time limit at or above this (about 32 years) is taken as no limit."""


def check_limits(
    time_limit: float | None, max_states: int | None
) -> tuple[float | None, int | None]:
    """Check :func:`solve`'s limits and return them as the search takes them: a limit far
    beyond what any search can reach is no limit. Raise ValueError naming a bad value."""
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise ValueError(f"time_limit must be a number of seconds, not {time_limit!r}")
        if math.isnan(time_limit) or not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}")
        if time_limit >= MAX_SECONDS_CAP:
            time_limit = None
    if max_states is not None:
        if isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1:
            raise ValueError(f"max_states must be a positive whole number, not {max_states!r}")
        if max_states >= MAX_STATES_CAP:
            max_states = None
    return time_limit, max_states


def solve(
    game: Game[Any],
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
    implementation: str | None = None,
    verify: str = "python",
) -> SolveResult:
    """Decide ``game``'s current position (it is not changed) and find a winning line.

    ``time_limit`` (seconds) and ``max_states`` bound the search; when one is reached before a
    verdict the status is ``limit``. With ``short`` the search spends extra effort on a line with
    fewer moves (never a longer one than without). ``implementation`` (``"native"`` or
    ``"python"``) overrides the default. A winning line is checked before it is returned: by
    the rules engine (``verify="python"``), or with ``verify="native"`` by the game's compiled
    referee, which shares no code with the search (FreeCell; for batch runs, see
    :func:`has_referee`). A line the check does not accept raises :class:`SolutionError`."""
    if not isinstance(game, Game):
        raise TypeError(f"solve() needs a game, not {type(game).__name__}")
    front = _solver_of(game.name)
    time_limit, max_states = check_limits(time_limit, max_states)
    impl = implementation if implementation is not None else default_implementation(game.name)
    limits = Limits(time_limit, max_states, short)
    return run_checked(game, impl, verify, lambda: front.search(game, limits, impl))


def check_line(game: Game[Any], line: Sequence[Any], verify: str) -> list[Any]:
    """The moves of a winning line found by ``game``'s search, checked by the rules engine
    (``verify="python"``) or the game's compiled referee (``"native"``); a line the check does
    not accept raises :class:`SolutionError`."""
    front = _solver_of(game.name)
    if verify != "native":
        return front.replay(game, line)
    referee = getattr(front, "referee", None)  # a front's extra (see has_referee)
    if referee is None:
        raise ValueError(f"{game.name} has no compiled referee: verify with the rules engine")
    moves: list[Any] = referee(game, line)
    return moves


def run_checked(
    game: Game[Any], implementation: str, verify: str, search: Callable[[], Found]
) -> SolveResult:
    """Run ``search`` (a search of ``game``'s position by ``implementation``) and make its
    :class:`SolveResult`: timed, its winning line checked as ``verify`` says (see
    :func:`solve`; a ``verify`` that cannot be honoured is refused before the search runs)."""
    if verify not in ("python", "native"):
        raise ValueError(f"verify must be 'python' or 'native', not {verify!r}")
    if verify == "native" and not has_referee(game.name):
        raise ValueError(f"no compiled referee checks {game.name} lines here")
    start = time.perf_counter()
    found = search()
    seconds = time.perf_counter() - start
    moves: list[Any] = []
    if found.status == "solved":
        moves = check_line(game, found.line, verify)
    return SolveResult(
        status=SolveStatus(found.status),
        limit=found.limit,
        moves=moves,
        states=found.states,
        unique_states=found.unique_states,
        seconds=seconds,
        implementation=implementation,
    )
