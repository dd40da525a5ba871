"""Pyramid's grades: how hard a winnable deal is for a person, per number of passes.

The solver says only *whether* a deal can be won (it sees the whole stock). How hard a deal is
for a person is measured by the no-peeking player (:mod:`kosynka.games.pyramid.player`), which
sees only the pyramid, the waste and the stock's top card. It plays each winnable deal ``runs``
times (seeds 0, 1, ...; the library builds with
:data:`kosynka.library.grading.DEFAULT_RUNS`, 8). Out of those games and the solver come four
figures, each 0 (easy) .. 1 (hard):

``loss``
    the share of the player's games that were lost (1 - wins / runs);
``short``
    how far from a win the player stopped, on average: 1 - pyramid cards removed / 28;
``length``
    how long its games ran: mean moves / :data:`LONG_GAME`, capped at 1;
``effort``
    the solver's work: log10(states) / log10(:data:`EFFORT_CAP`), capped at 1.

The difficulty score is their weighted sum on a 0..100 scale (:data:`WEIGHTS`), and fixed
thresholds (:data:`EASY_BELOW`, :data:`HARD_FROM`) make the grade, so that a deal's grade never
depends on which other deals are in the library. The thresholds sit at the 33rd and 67th
percentiles of the scores of the 2,050 deals the solver won among PySolFC's Pyramid deals 1-3000
(Microsoft's rules, 8 games each, the compiled solver, 4 Dec 2026; 924 were proved lost and 26
left undecided at 2,000,000 positions), so that each grade holds about a third. The player's
games split those deals sharply: it won all 8 games of 800 deals and none of 996. On the easy
third it won every game; on the normal third 35% of them; on the hard third almost none (1 game
in 5,472). The solver's effort rises with the grade too (a median of 46, 54 and 82 positions).

What the stored fields hold for Pyramid: ``heur_wins`` and ``heur_mean_moves`` as for the other
games; ``heur_mean_home`` the player's mean pyramid cards removed (0..28); ``states`` the
solver's.

>>> score = difficulty_score(GradeFigures(8, 8, 60.0, 28.0, 40))
>>> grade_of(score)
'easy'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.games.pyramid.player import play
from kosynka.library.grading import GradeFigures, grade_by, weighted_score

PYRAMID_CARDS: Final = 28
"""The most pyramid cards a game can remove."""
LONG_GAME: Final = 200.0
"""A game of this many moves counts as fully long (three passes of 24 cards and the pairs)."""
EFFORT_CAP: Final = 1_000_000
"""Solver states at which the effort figure reaches 1."""
WEIGHTS: Final = {"loss": 55.0, "short": 25.0, "length": 5.0, "effort": 15.0}
"""The weights of the four figures (they sum to 100)."""
EASY_BELOW: Final = 5.7
"""Scores below this are ``easy``."""
HARD_FROM: Final = 65.6
"""Scores from this on are ``hard``."""
STARTER_RULES: Final = (PyramidRules(),)
"""The rule sets of the starter library: Microsoft's (three passes, the pyramid cleared)."""


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score (0 easy .. 100 hardest) of a winnable deal from its figures
    (``f.mean_home`` holds the mean pyramid cards removed); see the module docstring."""
    return weighted_score(
        f, WEIGHTS, home_max=PYRAMID_CARDS, long_game=LONG_GAME, effort_cap=EFFORT_CAP
    )


def grade_of(score: float) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score."""
    return grade_by(score, EASY_BELOW, HARD_FROM)


def figures(game: Pyramid, states: int, runs: int) -> GradeFigures:
    """The player's ``runs`` games from ``game`` (seeds 0 .. runs - 1) and the solver's
    ``states``, as grading figures."""
    games = [play(game, seed) for seed in range(runs)]
    return GradeFigures(
        runs=runs,
        wins=sum(1 for g in games if g.won),
        mean_moves=sum(g.moves for g in games) / runs,
        mean_home=sum(PYRAMID_CARDS - g.pyramid_left for g in games) / runs,
        states=int(states),
    )


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's ``runs`` games from ``game`` and the
    solver's ``states``."""
    if not isinstance(game, Pyramid):
        raise TypeError(f"the Pyramid grader needs a Pyramid game, not {type(game).__name__}")
    if runs < 1:
        raise ValueError("grading needs at least one game of the player")
    f = figures(game, states, runs)
    score = difficulty_score(f)
    return f.stored(score, grade_of(score))


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record from its figures and today's thresholds."""
    score = difficulty_score(GradeFigures.of_record(rec))
    return score, grade_of(score)


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import pyramid as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
