"""Klondike's grades: a game of a player who follows the hints, and the solver's work (the
method common to every game: :mod:`kosynka.library.grading`).

The player is the hint itself (:func:`kosynka.games.klondike.seen.play`): from the deal, each
move is the strong no-peek hint's, at a fixed budget of
:data:`~kosynka.games.klondike.seen.GRADE_SAMPLES` samples a hint and no time limit, so the game
is the same on every machine. It plays :data:`RUNS` game per winnable deal unless the build asks
for more (game ``r`` with seed ``r * SEED_STEP``; game 0 is the one the page's hints play, at the
grading budget). Three figures come out of its games and one out of the solver, each 0 (easy)
.. 1 (hard):

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
``hard`` from ``HARD_FROM[draw]`` on, ``normal`` between. With one game a won deal scores at
most 20 and a lost one at least 55, so:

* ``easy`` = following the hints won it, in a game of few moves on a deal the solver won with
  little search;
* ``normal`` = following the hints won it, in a longer game or on a deal that took the solver
  more search, or (Draw 3) lost it with many cards home;
* ``hard`` = following the hints lost it (Draw 3: with few cards home).

The thresholds come from the starter library's 6,000 deals graded this way (5 Dec 2026,
``bench/regrade_starter.py``): ``easy`` below 5.6 takes the won deals up to about the 56th
(Draw 1) and 68th (Draw 3) percentile of their scores, and Draw 3's ``hard`` from 81.7 the 65%
of lost deals that scored highest (fewest cards home, longest games), so that every grade of
the starter library keeps well over the 732 deals a deal of the day needs. Draw 1's ``hard``
from 55 is every lost deal.

>>> f = GradeFigures(runs=1, wins=1, mean_moves=120.0, mean_home=52.0, states=40)
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

EASY_BELOW: Final = {1: 5.6, 3: 5.6}
"""Scores below these are ``easy`` (per draw)."""
HARD_FROM: Final = {1: 55.0, 3: 81.7}
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
