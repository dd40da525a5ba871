"""Klondike's grades: the no-peeking player's games and the solver's work (the method common to
every game: :mod:`kosynka.library.grading`).

The player is :mod:`kosynka.games.klondike.player`. It plays each winnable deal
:data:`~kosynka.library.grading.DEFAULT_RUNS` times; three figures come out of those games and
one out of the solver, each 0 (easy) .. 1 (hard):

``loss``
    the share of the player's games that were lost (1 - wins / runs);
``short``
    how far from home the player ended, on average: 1 - (mean cards on the foundations) / 52;
``length``
    how long its games ran: mean moves / :data:`LONG_GAME`, capped at 1 (long games mean much
    cycling through the stock and shuffling of runs);
``effort``
    the solver's work: log10(states) / log10(:data:`EFFORT_CAP`), capped at 1.

The difficulty score is a weighted sum on a 0..100 scale (:data:`WEIGHTS`)::

    score = 55 * loss + 25 * short + 10 * length + 10 * effort

and the grade follows from fixed thresholds per draw: ``easy`` below ``EASY_BELOW[draw]``,
``hard`` from ``HARD_FROM[draw]`` on, ``normal`` between.

The thresholds come from the scores of deals 1-1000 of each draw (native solver, 200,000
states), placed so that no grade is thin; on deals 1-1500 graded on 30 Nov 2026 the grades fall
31% / 31% / 38% (Draw 1) and 22% / 38% / 40% (Draw 3). The player's results are nearly
all-or-nothing (on Draw 1 it wins 57% of the winnable deals in all 8 games and 37% in none), so
in practice:

* Draw 1: ``easy`` = won every time with short games and little solver work, ``normal`` = won
  every time but longer, or won only sometimes, ``hard`` = (nearly) never won;
* Draw 3 (the player wins only 22% of the winnable deals): ``easy`` = won (nearly) every time,
  ``normal`` = won sometimes, or lost but with many cards home, ``hard`` = lost early, with few
  cards home.

>>> f = GradeFigures(runs=8, wins=8, mean_moves=120.0, mean_home=52.0, states=40)
>>> grade_of(difficulty_score(f), draw=1)
'easy'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.klondike import KlondikeRules
from kosynka.games.klondike.seen import play
from kosynka.library.grading import GradeFigures, grade_by, weighted_score

STARTER_RULES = (KlondikeRules(draw=1), KlondikeRules(draw=3))
"""The rule sets of the shipped starter library (the default rules, Draw 1 and Draw 3)."""

RUNS: Final = 1
"""Games per winnable deal unless the build says otherwise (``--runs``): a game following the
hints costs about 1.5 s."""

SEED_STEP: Final = 1_000_003
"""Game ``r`` of a deal (from 0) plays with seed ``r * SEED_STEP``, so that the hints of two
games never share a seed; game 0 is the one the page's hints would play."""

LONG_GAME: Final = 600.0
"""A game of this many moves (draws included) counts as fully long."""
EFFORT_CAP: Final = 1_000_000
"""Solver states at which the effort figure reaches 1."""
WEIGHTS: Final = {"loss": 55.0, "short": 25.0, "length": 10.0, "effort": 10.0}

EASY_BELOW: Final = {1: 5.2, 3: 30.0}
"""Scores below these are ``easy`` (per draw)."""
HARD_FROM: Final = {1: 60.0, 3: 84.0}
"""Scores from these on are ``hard`` (per draw)."""


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score of a winnable deal, 0 (trivial) .. 100 (hardest); see the module
    docstring for the formula."""
    return weighted_score(f, WEIGHTS, home_max=52.0, long_game=LONG_GAME, effort_cap=EFFORT_CAP)


def grade_of(score: float, draw: int) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score under Draw ``draw``."""
    if draw not in EASY_BELOW:
        raise ValueError(f"no grade thresholds for draw {draw}")
    return grade_by(score, EASY_BELOW[draw], HARD_FROM[draw])


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's ``runs`` games from ``game`` and the
    solver's ``states``."""
    games = [play(game, r * SEED_STEP) for r in range(runs)]  # type: ignore[arg-type]
    wins = sum(1 for g in games if g.won)
    mean_moves = sum(g.moves for g in games) / len(games)
    mean_home = sum(g.foundation for g in games) / len(games)
    figures = GradeFigures(runs, wins, mean_moves, mean_home, int(states))
    score = difficulty_score(figures)
    return figures.stored(score, grade_of(score, int(game.rules.draw)))


def draw_of(rules_text: str) -> int:
    """The draw in stored rules text (``draw=3 passes=unlimited return=on``)."""
    for part in str(rules_text).split():
        key, _, value = part.partition("=")
        if key == "draw":
            return int(value)
    raise ValueError(f"no draw in Klondike rules {rules_text!r}")


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record (its figures and its ``rules`` text) from
    today's thresholds."""
    score = difficulty_score(GradeFigures.of_record(rec))
    return score, grade_of(score, draw_of(rec["rules"]))


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import klondike as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
