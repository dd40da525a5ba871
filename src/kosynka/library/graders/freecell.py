"""FreeCell's grades for people: the human-like player's games first, the solver's work second.

The solver only says *whether* a deal can be won. How hard a winnable FreeCell deal is for a
person is measured by the human-like player of :mod:`kosynka.games.freecell.player` (safe cards
home first, then the move whose position looks best with a glance one move further, never back
to a position it has had; no search). It plays each deal ``runs`` times (seeds 0, 1, ...:
ties between equally good moves are broken differently each time). Four figures come out, three
of the player's games and one of the solver:

``loss``
    the share of the player's games that were lost (1 - wins / runs);
``short``
    how far from home the player ended, on average: 1 - (mean cards home) / 52;
``length``
    how long its games ran: mean moves / :data:`LONG_GAME` (the player's own move limit),
    capped at 1 (long games mean much shuffling before the cards come out);
``effort``
    the solver's work: log10(states) / log10(:data:`EFFORT_CAP`), capped at 1.

The difficulty score is a weighted sum on a 0..100 scale, the player's figures weighing nine
tenths::

    score = 55 * loss + 25 * short + 10 * length + 10 * effort

and the grade follows from fixed thresholds (a deal's grade never depends on which other deals
are in the library): ``easy`` below :data:`EASY_BELOW`, ``hard`` from :data:`HARD_FROM` on,
``normal`` between. The thresholds sit at the 33rd and 67th percentiles of the scores of
Microsoft deals 1-3112 (all winnable; 8 games each; the starter library's build, solved by the
portfolio of 1 Dec 2026), so that each grade holds a third of them: on easy deals the player
wins 94% of its games (49.9 cards home on average), on normal ones 23% (21.7 home), on hard
ones none (4.3 home), and the solver's median effort rises from 108 to 197 to 781 states. The
effort figure counts the solver's states, which depend on its portfolio of searches: when the
portfolio changes, the 3,112 deals are solved again and the thresholds placed again the same
way (``kosynka library regrade`` then applies them to a stored library).

>>> f = figures_of(runs=8, wins=8, mean_moves=110.0, mean_home=52.0, states=60)
>>> grade_of(difficulty_score(f))
'easy'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.freecell import FreeCellRules
from kosynka.games.freecell.player import DEFAULT_MAX_MOVES
from kosynka.library.grading import GradeFigures, grade_by, weighted_score
from kosynka.solver.freecell import play_games

LONG_GAME: Final = float(DEFAULT_MAX_MOVES)
"""A game of this many moves counts as fully long (the player gives up there)."""
EFFORT_CAP: Final = 1_000_000
"""Solver states at which the effort figure reaches 1."""
WEIGHTS: Final = {"loss": 55.0, "short": 25.0, "length": 10.0, "effort": 10.0}
EASY_BELOW: Final = 35.0
"""Scores below this are ``easy``."""
HARD_FROM: Final = 81.35
"""Scores from this on are ``hard``."""
STARTER_RULES: Final = (FreeCellRules(),)
"""The rule sets of the starter library: four free cells, cards may come back (the defaults)."""


def figures_of(
    runs: int, wins: int, mean_moves: float, mean_home: float, states: int
) -> GradeFigures:
    """The grading figures as the library stores them."""
    return GradeFigures(runs, wins, mean_moves, mean_home, states)


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score of a winnable deal, 0 (trivial) .. 100 (hardest); see the module
    docstring for the formula."""
    return weighted_score(f, WEIGHTS, home_max=52.0, long_game=LONG_GAME, effort_cap=EFFORT_CAP)


def grade_of(score: float) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score."""
    return grade_by(score, EASY_BELOW, HARD_FROM)


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's ``runs`` games from ``game`` (in the
    compiled core's twin of the player when it is installed: the same games) and the solver's
    ``states``."""
    if runs < 1:
        raise ValueError("grading needs at least one game of the player")
    games = play_games(game, range(runs))  # type: ignore[arg-type]
    wins = sum(1 for g in games if g.won)
    mean_moves = sum(g.moves for g in games) / len(games)
    mean_home = sum(g.foundation for g in games) / len(games)
    figures = figures_of(runs, wins, mean_moves, mean_home, int(states))
    score = difficulty_score(figures)
    return figures.stored(score, grade_of(score))


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record from its figures and today's thresholds."""
    score = difficulty_score(GradeFigures.of_record(rec))
    return score, grade_of(score)


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import freecell as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
