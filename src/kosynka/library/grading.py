"""Grades for people: easy, normal and hard among the winnable deals, for every game.

The solver only says *whether* a deal can be won (it sees every card). How hard a deal is for a
person is measured by the game's no-peeking player, which sees only what a person sees: it plays
each winnable deal :data:`DEFAULT_RUNS` times, breaking ties between equally good moves
differently each time (seeds 0, 1, ...). Its games and the solver's work give the four figures
of :class:`GradeFigures`; :func:`weighted_score` makes a 0..100 score of them, and fixed
thresholds turn the score into a grade, so a deal's grade never depends on which other deals
are in the library. Deals the solver proved unwinnable, and deals on which it gave up (a
limit), get no grade.

Each game's grader (``kosynka.library.graders.<game>``: its weights, scales and thresholds, and
how they were measured) has ``grade`` (the stored fields of a winnable deal), ``regrade`` (score
and grade of a stored record) and ``STARTER_RULES`` (the rule sets of its starter library);
:func:`grader_of`, :func:`regrader_of` and :func:`starter_rules_of` find them by game name.

>>> f = GradeFigures(runs=8, wins=8, mean_moves=120.0, mean_home=52.0, states=40)
>>> weights = {"loss": 55.0, "short": 25.0, "length": 10.0, "effort": 10.0}
>>> weighted_score(f, weights, home_max=52.0, long_game=600.0, effort_cap=1_000_000)
4.67
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final, Protocol, cast, runtime_checkable

from kosynka.games import game_part

GRADES: Final = ("easy", "normal", "hard")
DEFAULT_RUNS: Final = 8
"""Games the no-peeking player plays per winnable deal, unless the game's grader says
otherwise (its ``RUNS``: see :func:`runs_of`)."""


@dataclass(frozen=True, slots=True)
class GradeFigures:
    """What grading measures of a winnable deal: the player's ``runs`` games, of which ``wins``
    were won, their mean length in moves and mean cards home at the end; the solver's states."""

    runs: int
    wins: int
    mean_moves: float
    mean_home: float
    states: int

    @classmethod
    def of_record(cls, rec: dict[str, Any]) -> GradeFigures:
        """The figures a stored library record keeps (its ``heur_*`` fields and ``states``)."""
        return cls(
            runs=int(rec["heur_runs"]),
            wins=int(rec["heur_wins"]),
            mean_moves=float(rec["heur_mean_moves"]),
            mean_home=float(rec["heur_mean_home"]),
            states=int(rec["states"]),
        )

    def stored(self, score: float, grade: str) -> dict[str, Any]:
        """The grading fields a library record keeps: the player's figures (means to 3 places),
        the ``score`` made of them and the ``grade``."""
        return {
            "heur_runs": self.runs,
            "heur_wins": self.wins,
            "heur_mean_moves": round(self.mean_moves, 3),
            "heur_mean_home": round(self.mean_home, 3),
            "score": score,
            "grade": grade,
        }


def weighted_score(
    f: GradeFigures,
    weights: dict[str, float],
    *,
    home_max: float,
    long_game: float,
    effort_cap: float,
) -> float:
    """The weighted sum every game's grader makes of a deal's four figures, each 0 (easy) .. 1
    (hard): ``loss`` (1 - wins / runs), ``short`` (1 - mean_home / ``home_max``), ``length``
    (mean moves / ``long_game``) and ``effort`` (log10 states / log10 ``effort_cap``), rounded
    to 3 places. Each game chooses its weights and scales."""
    if f.runs < 1:
        raise ValueError("grading needs at least one game of the player")
    # The means as a record stores them (to 3 places), so that a stored record regrades to the
    # score it was given whatever the number of games.
    mean_home, mean_moves = round(f.mean_home, 3), round(f.mean_moves, 3)
    loss = 1.0 - f.wins / f.runs
    short = max(0.0, min(1.0, 1.0 - mean_home / home_max))
    length = max(0.0, min(1.0, mean_moves / long_game))
    effort = max(0.0, min(1.0, math.log10(max(1, f.states)) / math.log10(effort_cap)))
    score = (
        weights["loss"] * loss
        + weights["short"] * short
        + weights["length"] * length
        + weights["effort"] * effort
    )
    return round(score, 3)


def grade_by(score: float, easy_below: float, hard_from: float) -> str:
    """The grade of a difficulty score between a game's two thresholds: ``easy`` below
    ``easy_below``, ``hard`` from ``hard_from`` on, ``normal`` between.

    >>> grade_by(4.9, 5.2, 60.0), grade_by(5.2, 5.2, 60.0), grade_by(60.0, 5.2, 60.0)
    ('easy', 'normal', 'hard')
    """
    if score < easy_below:
        return "easy"
    if score < hard_from:
        return "normal"
    return "hard"


@runtime_checkable
class Grader(Protocol):
    """What every game's grader offers: the module ``kosynka.library.graders.<game>``, found by
    the game's name. Each grader declares itself one, so that mypy checks it
    (``_GRADER: Grader = <the module>`` under ``TYPE_CHECKING``), and the library refuses a
    grader that lacks a part."""

    @property
    def STARTER_RULES(self) -> tuple[Any, ...]:
        """The rule sets of the game's shipped starter library."""
        ...

    def grade(self, game: Any, states: int, runs: int, /) -> dict[str, Any]:
        """The grading fields of a winnable deal: the no-peek player's ``runs`` games from
        ``game`` and the solver's ``states``."""
        ...

    def regrade(self, rec: dict[str, Any], /) -> tuple[float, str]:
        """(score, grade) of a stored record from its figures and today's thresholds."""
        ...


def _grader_module(game: str) -> Grader | None:
    """The grader of ``game`` (``kosynka.library.graders.<game>``), or None; TypeError when
    the module lacks a part of :class:`Grader`."""
    module: ModuleType | None = game_part("kosynka.library.graders", game)
    if module is None:
        return None
    if not isinstance(module, Grader):
        raise TypeError(f"{module.__name__} is not a whole grader (see Grader)")
    return cast(Grader, module)


def grader_of(game: str) -> Callable[[Any, int, int], dict[str, Any]] | None:
    """The grading function of ``game`` (see :mod:`kosynka.library.graders`), or None when the
    library cannot grade that game's deals."""
    module = _grader_module(game)
    return None if module is None else module.grade


def regrader_of(game: str) -> Callable[[dict[str, Any]], tuple[float, str]] | None:
    """The function giving (score, grade) of a stored record of ``game``, or None."""
    module = _grader_module(game)
    return None if module is None else module.regrade


def starter_rules_of(game: str) -> tuple[Any, ...]:
    """The rule sets ``game``'s starter library covers (the grader module's
    ``STARTER_RULES``; none when the library cannot grade the game)."""
    module = _grader_module(game)
    return tuple(module.STARTER_RULES) if module is not None else ()


def runs_of(game: str, rules: Any = None) -> int:
    """The games per winnable deal ``game``'s grader plays unless told otherwise: its
    ``runs_for(rules)`` when it has one (a number per rule set; ``rules`` None for the game's
    default rules), else its ``RUNS`` (a player whose games cost seconds), else
    :data:`DEFAULT_RUNS`."""
    module = _grader_module(game)
    runs_for = getattr(module, "runs_for", None)
    if runs_for is not None:
        return int(runs_for(rules))
    return int(getattr(module, "RUNS", DEFAULT_RUNS))
