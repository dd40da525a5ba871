"""TriPeaks' grades: how hard a winnable deal is for a person, per rule set.

The solver says only *whether* a deal can be won (it sees every face-down card and the stock's
order). How hard a deal is for a person is measured by the no-peeking player
(:mod:`kosynka.games.tripeaks.player`), which sees only the face-up cards, the waste's top and
the stock's size. It plays each winnable deal ``runs`` times (seeds 0, 1, ...; the library
builds with :data:`kosynka.library.grading.DEFAULT_RUNS`, 8). Out of those games and the solver
come four figures, each 0 (easy) .. 1 (hard):

``loss``
    the share of the player's games that were lost (1 - wins / runs);
``short``
    how far from a win the player stopped, on average: 1 - table cards played / 28;
``length``
    how long its games ran: mean moves / :data:`LONG_GAME`, capped at 1 (a game that needs
    more of the stock to clear the table is a harder one);
``effort``
    the solver's work: log10(states) / log10(:data:`EFFORT_CAP`), capped at 1.

The difficulty score is their weighted sum on a 0..100 scale (:data:`WEIGHTS`), and fixed
thresholds per ``wrap`` (:data:`EASY_BELOW`, :data:`HARD_FROM`) make the grade, so that a deal's
grade never depends on which other deals are in the library. They were measured on the winnable
deals among PySolFC's TriPeaks deals 1-400 (8 games each, the solver's states under its default
cap) and sit at the 33rd and 67th percentiles of those scores:

========  ========  ==============  ==============  ==============  ===========
``wrap``  winnable  easy            normal          hard            thresholds
========  ========  ==============  ==============  ==============  ===========
on        389       134 (34.4%)     125 (32.1%)     130 (33.4%)     20.5, 63.0
off       306       103 (33.7%)     101 (33.0%)     102 (33.3%)     51.6, 78.5
========  ========  ==============  ==============  ==============  ===========

The player's games split the deals sharply (with ``wrap`` on, 121 of the 389 are won in all 8
games and 105 in none; with it off, 51 and 165 of 306), so the score is mostly the ``loss``
figure; ``short`` orders the deals it never wins and the solver's states (median 51 with
``wrap`` on, 517 off) the rest. Without King-Ace runs the game is harder, hence thresholds of
its own: the ``wrap`` on thresholds would call 184 of the 306 ``wrap`` off deals hard.

``STARTER_RULES`` holds the default rules, ``wrap`` on (Microsoft's and PySolFC's): the shipped
library's graded deals and the deals of the day are dealt with them, and the page's other rules
(``wrap`` off, the open peaks) deal random deals. A library built for ``wrap`` off (``kosynka
library build --game tripeaks --no-wrap``) is graded by its own thresholds above. Deals without
King-Ace runs are also slower to decide with the pure-Python solver: a starter set for them
(about 4,300 deals) would take some 45 minutes on two cores, against 5 for ``wrap`` on.

What the stored fields hold for TriPeaks: ``heur_wins`` and ``heur_mean_moves`` as for the
other games; ``heur_mean_home`` the player's mean table cards played (0..28); ``states`` the
solver's.

>>> score = difficulty_score(GradeFigures(8, 8, 40.0, 28.0, 40))
>>> grade_of(score, wrap=True)
'easy'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.player import play
from kosynka.library.grading import GradeFigures, grade_by, weighted_score

TABLE_CARDS: Final = 28
"""The cards of the table: a won game plays all of them."""
LONG_GAME: Final = 51.0
"""A game of this many moves counts as fully long (the 28 table cards and all 23 stock cards)."""
EFFORT_CAP: Final = 100_000
"""Solver states at which the effort figure reaches 1."""
WEIGHTS: Final = {"loss": 60.0, "short": 20.0, "length": 10.0, "effort": 10.0}
"""The weights of the four figures (they sum to 100)."""
EASY_BELOW: Final = {True: 20.5, False: 51.6}
"""Scores below these are ``easy`` (by ``wrap``)."""
HARD_FROM: Final = {True: 63.0, False: 78.5}
"""Scores from these on are ``hard`` (by ``wrap``)."""
STARTER_RULES: Final = (TriPeaksRules(),)
"""The rule sets of the starter library: the default, ``wrap`` on."""


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score (0 easy .. 100 hardest) of a winnable deal from its figures
    (``f.mean_home`` holds the mean table cards played); see the module docstring."""
    return weighted_score(
        f, WEIGHTS, home_max=TABLE_CARDS, long_game=LONG_GAME, effort_cap=EFFORT_CAP
    )


def grade_of(score: float, wrap: bool = True) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score under the rules' ``wrap``."""
    return grade_by(score, EASY_BELOW[wrap], HARD_FROM[wrap])


def wrap_of(rules_text: str) -> bool:
    """The ``wrap`` of stored rules text (``wrap=on open=off``)."""
    for part in str(rules_text).split():
        key, _, value = part.partition("=")
        if key == "wrap" and value in ("on", "off"):
            return value == "on"
    raise ValueError(f"no wrap in TriPeaks rules {rules_text!r}")


def figures(game: TriPeaks, states: int, runs: int) -> GradeFigures:
    """The player's ``runs`` games from ``game`` (seeds 0 .. runs - 1) and the solver's
    ``states``, as grading figures."""
    games = [play(game, seed) for seed in range(runs)]
    return GradeFigures(
        runs=runs,
        wins=sum(1 for g in games if g.won),
        mean_moves=sum(g.moves for g in games) / runs,
        mean_home=sum(TABLE_CARDS - g.table_left for g in games) / runs,
        states=int(states),
    )


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's ``runs`` games from ``game`` and the
    solver's ``states``."""
    if not isinstance(game, TriPeaks):
        raise TypeError(f"the TriPeaks grader needs a TriPeaks game, not {type(game).__name__}")
    if runs < 1:
        raise ValueError("grading needs at least one game of the player")
    f = figures(game, states, runs)
    stored = f.stored(0.0, "")
    # Scored from the means as a record stores them (to 3 places), so regrade agrees exactly.
    score = difficulty_score(GradeFigures.of_record({**stored, "states": f.states}))
    return {**stored, "score": score, "grade": grade_of(score, game.rules.wrap)}


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record (its figures and its ``rules`` text) from
    today's thresholds."""
    score = difficulty_score(GradeFigures.of_record(rec))
    return score, grade_of(score, wrap_of(rec["rules"]))


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import tripeaks as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
