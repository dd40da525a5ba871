"""Optional parts the web layer uses when they are installed: the solver and the deal library.

Both are looked up at call time, so the server works (with fallbacks) before they exist and picks
them up as soon as they do. Every line the solver returns is replayed through the rules engine
before it is used.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from kosynka.errors import KosynkaError
from kosynka.games.klondike import Klondike, KlondikeRules, Move


def _module(name: str) -> ModuleType | None:
    """Import ``name``, or return None when that subsystem is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@dataclass(frozen=True, slots=True)
class SolverAnswer:
    """What the solver said about a position: ``status`` is ``solved``, ``unsolvable``,
    ``limit`` (no answer in time) or ``unavailable`` (no solver installed); ``moves`` is a
    winning line from the position, checked by replaying it, when solved."""

    status: str
    moves: list[Move] = field(default_factory=list)


def _verified(game: Klondike, moves: list[Move]) -> bool:
    """True when ``moves`` played from ``game`` are all legal and win it."""
    probe = game.copy(stack=False)
    try:
        probe.replay(moves)
    except KosynkaError:
        return False
    return probe.is_won()


def solve(game: Klondike, time_limit: float) -> SolverAnswer:
    """Ask the solver (``kosynka.solver.solve``) about ``game`` within ``time_limit`` seconds."""
    mod = _module("kosynka.solver")
    fn: Any = getattr(mod, "solve", None) if mod is not None else None
    if fn is None:
        return SolverAnswer("unavailable")
    try:
        res = fn(game.copy(stack=False), time_limit=time_limit)
    except Exception:  # a failing optional solver must cost a hint, never the request
        return SolverAnswer("unavailable")
    status = str(getattr(getattr(res, "status", None), "name", getattr(res, "status", ""))).lower()
    if status in ("solved", "unsolvable"):
        if status == "solved":
            moves = [m if isinstance(m, Move) else Move.parse(str(m)) for m in res.moves]
            if not _verified(game, moves):
                return SolverAnswer("limit")  # a line that does not replay is no proof
            return SolverAnswer("solved", moves)
        return SolverAnswer("unsolvable")
    return SolverAnswer("limit")


def library_pick(grade: str, rules: KlondikeRules, exclude: set[int]) -> tuple[bool, int | None]:
    """Ask the deal library for a deal of ``grade`` under ``rules``: (library present, deal
    number or None when it has none left)."""
    mod = _module("kosynka.library")
    fn: Any = getattr(mod, "pick_deal", None) if mod is not None else None
    if fn is None:
        return False, None
    try:
        number = fn(
            grade,
            rules.draw,
            exclude,
            passes=rules.passes,
            foundation_return=rules.foundation_return,
        )
    except Exception:  # a broken library must cost the grade, never the new deal
        return True, None
    return True, number if isinstance(number, int) and number > 0 else None
