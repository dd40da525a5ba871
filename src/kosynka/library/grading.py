"""Grades for people: easy, normal and hard among the winnable deals.

The solver only says *whether* a deal can be won (it sees every card). How hard a Klondike deal
is for a person is measured by the no-peeking player of :mod:`kosynka.games.klondike.player`,
which sees only what a person sees. It plays each winnable deal :data:`DEFAULT_RUNS` times,
breaking ties between equally good moves differently each time (seeds 0, 1, ...). Three
figures come out of those games and one out of the solver:

``loss``
    the share of the player's games that were lost (1 - wins / runs);
``short``
    how far from home the player ended, on average: 1 - (mean cards on the foundations) / 52;
``length``
    how long its games ran: mean moves / :data:`LONG_GAME`, capped at 1 (long games mean much
    cycling through the stock and shuffling of runs);
``effort``
    the solver's work: log10(states) / log10(:data:`EFFORT_CAP`), capped at 1.

The difficulty score is a weighted sum on a 0..100 scale::

    score = 55 * loss + 25 * short + 10 * length + 10 * effort

and the grade follows from fixed thresholds per draw (a deal's grade never depends on which other
deals are in the library): ``easy`` below ``EASY_BELOW[draw]``, ``hard`` from
``HARD_FROM[draw]`` on, ``normal`` between. Deals the solver proved unwinnable, and deals on
which it gave up (a limit), get no grade.

The thresholds were set once, from deals 1-1000 of each draw (native solver, 200,000 states),
so that no grade is thin, and checked again on 30 Nov 2026 on deals 1-1500 with the faster
solver of that day (fewer states, so a lower effort figure): the shares stayed within a few
points. The player's results are nearly all-or-nothing (on Draw 1 it wins 57% of the winnable
deals in all 8 games and 37% in none), so in practice:

* Draw 1: ``easy`` = won every time with short games and little solver work (31%), ``normal``
  = won every time but longer, or won only sometimes (31%), ``hard`` = (nearly) never won (38%);
* Draw 3 (the player wins only 22% of the winnable deals): ``easy`` = won (nearly) every time
  (22%), ``normal`` = won sometimes, or lost but with many cards home (38%), ``hard`` = lost
  early, with few cards home (40%).

>>> f = GradeFigures(runs=8, wins=8, mean_moves=120.0, mean_home=52.0, states=40)
>>> grade_of(difficulty_score(f), draw=1)
'easy'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final

from kosynka.games import game_part

GRADES: Final = ("easy", "normal", "hard")
DEFAULT_RUNS: Final = 8
"""Games the no-peeking player plays per winnable deal."""
LONG_GAME: Final = 600.0
"""A game of this many moves (draws included) counts as fully long."""
EFFORT_CAP: Final = 1_000_000
"""Solver states at which the effort figure reaches 1."""
WEIGHTS: Final = {"loss": 55.0, "short": 25.0, "length": 10.0, "effort": 10.0}

EASY_BELOW: Final = {1: 5.2, 3: 30.0}
"""Scores below these are ``easy`` (per draw)."""
HARD_FROM: Final = {1: 60.0, 3: 84.0}
"""Scores from these on are ``hard`` (per draw)."""


@dataclass(frozen=True, slots=True)
class GradeFigures:
    """What grading measures of a winnable deal: the player's ``runs`` games, of which ``wins``
    were won, their mean length in moves and mean cards home at the end; the solver's states."""

    runs: int
    wins: int
    mean_moves: float
    mean_home: float
    states: int


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
    loss = 1.0 - f.wins / f.runs
    short = max(0.0, min(1.0, 1.0 - f.mean_home / home_max))
    length = max(0.0, min(1.0, f.mean_moves / long_game))
    effort = max(0.0, min(1.0, math.log10(max(1, f.states)) / math.log10(effort_cap)))
    score = (
        weights["loss"] * loss
        + weights["short"] * short
        + weights["length"] * length
        + weights["effort"] * effort
    )
    return round(score, 3)


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score of a winnable deal, 0 (trivial) .. 100 (hardest); see the module
    docstring for the formula."""
    return weighted_score(f, WEIGHTS, home_max=52.0, long_game=LONG_GAME, effort_cap=EFFORT_CAP)


def grade_of(score: float, draw: int) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score under Draw ``draw``."""
    if draw not in EASY_BELOW:
        raise ValueError(f"no grade thresholds for draw {draw}")
    if score < EASY_BELOW[draw]:
        return "easy"
    if score < HARD_FROM[draw]:
        return "normal"
    return "hard"


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (95% by default); (0, 1) when n is 0.

    >>> lo, hi = wilson_interval(80, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.711, 0.867)
    """
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must lie in 0..{n}, not {successes}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def _grader_module(game: str) -> ModuleType | None:
    """The grader module of ``game`` (``kosynka.library.graders.<game>``), or None."""
    return game_part("kosynka.library.graders", game)


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
    return tuple(getattr(module, "STARTER_RULES", ())) if module is not None else ()
