"""Pyramid's grades: how hard a winnable deal is for a person, per rule set (passes and goal).

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
thresholds per rule set, passes and goal (:data:`EASY_BELOW`, :data:`HARD_FROM`), make the
grade, so that a deal's grade never depends on which other deals are in the library. Every rule
set the page offers has its own: they sit at the 33rd and 67th percentiles of the scores of the
deals the solver won among PySolFC's Pyramid deals of a fixed range per rule set (8 games each,
the compiled solver, 4 Dec 2026; the starter library's build, which takes its 1,000 deals a
grade from the lowest numbers of that range), so that each grade holds about a third:

==========  ========  ========  ===================  ===========  ===========  =========  ======
passes      goal      deals     winnable             easy/normal  thresholds   won games  CPU
==========  ========  ========  ===================  ===========  ===========  =========  ======
3           pyramid   1-6000    4,062 (67.70%)       1376/1373    5.7, 65.6    100/36/0%  1.8 min
2           pyramid   1-7000    4,190 (59.86%)       1383/1416    62.9, 70.1   74/0/0%    2.5 min
1           pyramid   1-40000   3,832 (9.58%)        1260/1299    68.4, 73.3   36/0/0%    7.6 min
unlimited   pyramid   1-6000    4,075 (67.92%)       1417/1305    5.7, 64.4    100/53/0%  1.6 min
3           all       1-6000    4,042 (67.37%)       1334/1369    63.1, 68.4   55/0/0%    1.9 min
2           all       1-7000    4,048 (57.83%)       1338/1360    66.0, 71.2   30/0/0%    3.6 min
1           all       1-48000   3,495 (7.28%)        1141/1204    69.5, 73.8   16/0/0%    10.7 min
unlimited   all       1-6000    4,060 (67.67%)       1337/1392    62.4, 68.0   61/0/0%    2.2 min
==========  ========  ========  ===================  ===========  ===========  =========  ======

(*easy/normal*: the winnable deals of the range in those grades, the rest hard; *won games*:
the share of the player's games won on the easy, normal and hard deals; *CPU*: the range's
build, solver and player, one process.) Microsoft's rules keep the thresholds first measured on
deals 1-3000 (2,050 winnable; 4 Dec 2026): on deals 1-6000 the percentiles are 5.7 and 65.5,
and keeping 65.6 keeps the shipped deals, and so the deals of the day, of those rules as they
were. With three passes or unlimited ones the player's games split the deals sharply (with
three, it won all 8 games of 1,617 of the 4,062 and none of 1,928): the easy third it won every
time, the normal one sometimes, the hard one almost never (the solver's median states 46, 55
and 69). With fewer passes, or all 52 cards to clear, the player seldom wins at all (with one
pass, all 8 games on 347 deals of 3,832 and none on 3,261): the easy third holds the deals it
sometimes wins, and the rest are ordered by how much of the pyramid it clears (``short``) and
the solver's work, which rises steeply with the grade (with one pass a median of 72, 11,719 and
37,720 states). One pass wins few deals, so its ranges are long (40,000 and 48,000 deals for
1,000 a grade; the 1,141 easy deals of the second are the fewest of any grade); the whole
library of the eight rule sets (126,000 deals) took 31.8 minutes of CPU.

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
PASSES: Final = (3, 2, 1, None)
"""The pass limits the page offers (None: unlimited), Microsoft's first."""
GOALS: Final = ("pyramid", "all")
"""The goals the page offers: the pyramid's 28 cards, or every card."""
EASY_BELOW: Final[dict[tuple[int | None, str], float]] = {
    (3, "pyramid"): 5.7,
    (2, "pyramid"): 62.9,
    (1, "pyramid"): 68.4,
    (None, "pyramid"): 5.7,
    (3, "all"): 63.1,
    (2, "all"): 66.0,
    (1, "all"): 69.5,
    (None, "all"): 62.4,
}
"""Scores below these are ``easy`` (by passes and goal)."""
HARD_FROM: Final[dict[tuple[int | None, str], float]] = {
    (3, "pyramid"): 65.6,
    (2, "pyramid"): 70.1,
    (1, "pyramid"): 73.3,
    (None, "pyramid"): 64.4,
    (3, "all"): 68.4,
    (2, "all"): 71.2,
    (1, "all"): 73.8,
    (None, "all"): 68.0,
}
"""Scores from these on are ``hard`` (by passes and goal)."""
STARTER_RULES: Final = tuple(PyramidRules(passes=p, goal=g) for g in GOALS for p in PASSES)
"""The rule sets of the starter library: every one the page offers (1, 2, 3 or unlimited
passes; the pyramid or all 52 cards to clear), Microsoft's first."""


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score (0 easy .. 100 hardest) of a winnable deal from its figures
    (``f.mean_home`` holds the mean pyramid cards removed); see the module docstring."""
    return weighted_score(
        f, WEIGHTS, home_max=PYRAMID_CARDS, long_game=LONG_GAME, effort_cap=EFFORT_CAP
    )


def grade_of(score: float, passes: int | None = 3, goal: str = "pyramid") -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score under the rules' ``passes``
    (None: unlimited) and ``goal``."""
    key = (passes, goal)
    if key not in EASY_BELOW:
        raise ValueError(f"no Pyramid grade thresholds for passes={passes!r} goal={goal!r}")
    return grade_by(score, EASY_BELOW[key], HARD_FROM[key])


def rules_key(rules_text: str) -> tuple[int | None, str]:
    """(passes, goal) of stored rules text (``passes=unlimited goal=all``)."""
    parts = dict(part.partition("=")[::2] for part in str(rules_text).split())
    by_text = {("unlimited" if p is None else str(p), g): (p, g) for p, g in EASY_BELOW}
    key = by_text.get((parts.get("passes", ""), parts.get("goal", "")))
    if key is None:
        raise ValueError(f"no passes and goal in Pyramid rules {rules_text!r}")
    return key


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
    return f.stored(score, grade_of(score, game.rules.passes, game.rules.goal))


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record (its figures and its ``rules`` text) from
    today's thresholds."""
    score = difficulty_score(GradeFigures.of_record(rec))
    return score, grade_of(score, *rules_key(rec["rules"]))


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import pyramid as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
