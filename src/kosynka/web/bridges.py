"""Optional parts the web layer uses when they are installed: the solver and the deal library.

Both are looked up at call time, so the server works (with fallbacks) before they exist and picks
them up as soon as they do. Every line the solver returns is replayed through the rules engine
before it is used.
"""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from kosynka.errors import KosynkaError
from kosynka.games.base import Game
from kosynka.web import fair


def _module(name: str) -> ModuleType | None:
    """Import ``name``, or return None when that subsystem is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@dataclass(frozen=True, slots=True)
class SolverAnswer:
    """What the solver said about a position: ``status`` is ``solved``, ``unsolvable``,
    ``limit`` (no answer in time), ``busy`` (no solver turn in time, or the client's solver
    share spent) or ``unavailable`` (no
    solver for this game); ``moves`` is a
    winning line from the position, checked by replaying it, when solved."""

    status: str
    moves: list[Any] = field(default_factory=list)


def _verified(game: Game[Any], moves: list[Any]) -> bool:
    """True when ``moves`` played from ``game`` are all legal and win it."""
    probe = game.copy(stack=False)
    try:
        for m in moves:
            probe.push(m)
    except KosynkaError:
        return False
    return probe.is_won()


def has_solver(game_name: str) -> bool:
    """True when a solver for the game is installed."""
    mod = _module("kosynka.solver")
    fn: Any = getattr(mod, "has_solver", None) if mod is not None else None
    return bool(fn is not None and fn(game_name))


_DIRECT = threading.BoundedSemaphore(1)
"""One search at a time in this process for calls made outside of an API request."""


def warm_up() -> None:
    """Load once, before serving, what the first requests would otherwise all build at once:
    the solver's module and the starter deals' index."""
    _module("kosynka.solver")
    mod = _module("kosynka.library.starter")
    index: Any = getattr(mod, "starter_index", None) if mod is not None else None
    games = _module("kosynka.games")
    names: Any = getattr(games, "game_names", None) if games is not None else None
    if index is not None and names is not None:
        for name in names():
            try:
                index(name)
            except Exception:  # a broken starter file costs the graded deals, not the server
                continue


def solve(game: Game[Any], time_limit: float) -> SolverAnswer:
    """Ask the solver (``kosynka.solver.solve``) about ``game`` within ``time_limit`` seconds.

    Within an API request the search runs in the worker's fair solver turns, in slices while
    other clients wait (:meth:`kosynka.web.fair.Meter.search`); a request that gets no turn
    within ``time_limit`` seconds, or whose client has spent its solver share, gets ``busy``
    (and the caller its fallback). Outside of a request one search runs at a time in the
    process, on the same terms."""
    mod = _module("kosynka.solver")
    fn: Any = getattr(mod, "solve", None) if mod is not None else None
    if fn is None or not has_solver(game.name):
        return SolverAnswer("unavailable")

    def search(seconds: float) -> Any:
        return fn(game.copy(stack=False), time_limit=seconds)

    running = fair.CURRENT.get()
    try:
        if running is not None:
            res = running.meter.search(running, search, _decided, time_limit)
            if res is None:
                return SolverAnswer("busy")
        else:
            if not _DIRECT.acquire(timeout=time_limit):
                return SolverAnswer("busy")
            try:
                res = search(time_limit)
            finally:
                _DIRECT.release()
    except Exception:  # a failing optional solver must cost a hint, never the request
        return SolverAnswer("unavailable")
    status = _status(res)
    if status == "solved":
        probe = game.copy(stack=False)
        try:
            moves = [probe.parse_move(m) if isinstance(m, str) else m for m in res.moves]
        except KosynkaError:
            return SolverAnswer("limit")
        if not _verified(game, moves):
            return SolverAnswer("limit")  # a line that does not replay is no proof
        return SolverAnswer("solved", moves)
    if status == "unsolvable":
        return SolverAnswer("unsolvable")
    return SolverAnswer("limit")


BUSY_HINT_SECONDS = 0.03
"""A sampled hint's time when the server is crowded (see :func:`hint_seconds`)."""


def hint_seconds() -> float | None:
    """The time a sampled hint (a game's hint player, an anytime search) may take now: None
    (the player's own budget) unless the request runs while others wait for a turn or after a
    long wait of its own (:meth:`kosynka.web.fair._Running.crowded`), then
    :data:`BUSY_HINT_SECONDS`, so that a crowd of hints is answered a little weaker rather than
    late."""
    running = fair.CURRENT.get()
    if running is not None and running.crowded():
        return BUSY_HINT_SECONDS
    return None


def _status(res: Any) -> str:
    """A solver result's status in lower case (``solved``, ``unsolvable``, ``limit`` ...)."""
    return str(getattr(getattr(res, "status", None), "name", getattr(res, "status", ""))).lower()


def _decided(res: Any) -> bool:
    """True when a search found a line or proved there is none."""
    return _status(res) in ("solved", "unsolvable")


def library_pick(game: str, grade: str, rules: Any, exclude: set[int]) -> tuple[bool, int | None]:
    """Ask the deal library for a ``game`` deal of ``grade`` under ``rules``: (library
    present, deal number or None when it has none left)."""
    mod = _module("kosynka.library")
    fn: Any = getattr(mod, "pick", None) if mod is not None else None
    if fn is None:
        return False, None
    try:
        number = fn(game, grade, rules, exclude)
    except Exception:  # a broken library must cost the grade, never the new deal
        return True, None
    return True, number if isinstance(number, int) and number > 0 else None


def library_counts(game: str, rules: Any) -> dict[str, int]:
    """Winnable ``game`` deals of each grade in the deal library for ``rules`` ({} when the
    library is missing or broken)."""
    mod = _module("kosynka.library")
    fn: Any = getattr(mod, "counts_for", None) if mod is not None else None
    if fn is None:
        return {}
    try:
        counts: dict[str, int] = fn(game, rules)
    except Exception:  # a broken library costs the graded sources, never the page
        return {}
    return counts
