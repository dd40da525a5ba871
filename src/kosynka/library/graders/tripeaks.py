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
thresholds per rule set, ``wrap`` and ``open`` (:data:`EASY_BELOW`, :data:`HARD_FROM`), make the
grade, so that a deal's grade never depends on which other deals are in the library. Every rule
set the page offers has its own: they sit at the 33rd and 67th percentiles of the scores of the
deals the solver won among PySolFC's TriPeaks deals 1-5000 under those rules (8 games each,
the compiled solver, 4 Dec 2026; the starter library's build, which takes its 1,000 deals a
grade from the lowest numbers of that range):

========  ========  ========  ============  ============  ============  ===========  ==========
``wrap``  ``open``  winnable  easy          normal        hard          thresholds   won games
========  ========  ========  ============  ============  ============  ===========  ==========
on        off       4,860     1,603 (33%)   1,653 (34%)   1,604 (33%)   16.1, 63.8   100/58/2%
off       off       3,738     1,234 (33%)   1,275 (34%)   1,229 (33%)   56.3, 78.6   75/6/0%
on        on        4,860     1,616 (33%)   1,646 (34%)   1,598 (33%)   28.1, 67.4   96/43/1%
off       on        3,738     1,234 (33%)   1,264 (34%)   1,240 (33%)   63.0, 78.6   63/4/0%
========  ========  ========  ============  ============  ============  ===========  ==========

(*won games*: the share of the player's games won on the easy, normal and hard deals.) The
player's games split the deals sharply (with ``wrap`` on and the peaks face down, 1,635 of the
4,860 are won in all 8 games and 1,363 in none; with ``wrap`` off, 505 and 2,100 of 3,738), so
the score is mostly the ``loss`` figure; ``short`` orders the deals it never wins and the
solver's states the rest (their median rises with the grade: 47, 50 and 1,428 with ``wrap`` on;
50, 229 and 40,297 off). Without King-Ace runs the game is harder, hence thresholds of its own.
The open peaks change no verdict (the solver sees every card either way), only the player's
games, and they do not make them easier for it: it wins fewer games with the peaks open (all 8
on 1,205 deals against 1,635 with ``wrap`` on), probably because it weighs a run first by the
face-down cards it turns up and there are none; so the open rule sets' thresholds are higher.
The four rule sets' library (20,000 deals) took 10.3 minutes of CPU (the compiled solver and
the Python player, one process).

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
EASY_BELOW: Final[dict[tuple[bool, bool], float]] = {
    (True, False): 16.1,
    (False, False): 56.3,
    (True, True): 28.1,
    (False, True): 63.0,
}
"""Scores below these are ``easy`` (by ``wrap`` and ``open``)."""
HARD_FROM: Final[dict[tuple[bool, bool], float]] = {
    (True, False): 63.8,
    (False, False): 78.6,
    (True, True): 67.4,
    (False, True): 78.6,
}
"""Scores from these on are ``hard`` (by ``wrap`` and ``open``)."""
STARTER_RULES: Final = tuple(
    TriPeaksRules(wrap=w, open=o) for o in (False, True) for w in (True, False)
)
"""The rule sets of the starter library: every one the page offers (King-Ace on and off, the
peaks face down and face up), the default first."""


def difficulty_score(f: GradeFigures) -> float:
    """The difficulty score (0 easy .. 100 hardest) of a winnable deal from its figures
    (``f.mean_home`` holds the mean table cards played); see the module docstring."""
    return weighted_score(
        f, WEIGHTS, home_max=TABLE_CARDS, long_game=LONG_GAME, effort_cap=EFFORT_CAP
    )


def grade_of(score: float, wrap: bool = True, open: bool = False) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score under the rules' ``wrap`` and
    ``open``."""
    key = (bool(wrap), bool(open))
    return grade_by(score, EASY_BELOW[key], HARD_FROM[key])


def _switch_of(rules_text: str, name: str) -> bool:
    """The on/off option ``name`` of stored rules text (``wrap=on open=off``)."""
    for part in str(rules_text).split():
        key, _, value = part.partition("=")
        if key == name and value in ("on", "off"):
            return value == "on"
    raise ValueError(f"no {name} in TriPeaks rules {rules_text!r}")


def wrap_of(rules_text: str) -> bool:
    """The ``wrap`` of stored rules text (``wrap=on open=off``)."""
    return _switch_of(rules_text, "wrap")


def open_of(rules_text: str) -> bool:
    """The ``open`` of stored rules text (``wrap=on open=off``)."""
    return _switch_of(rules_text, "open")


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
    return {**stored, "score": score, "grade": grade_of(score, game.rules.wrap, game.rules.open)}


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record (its figures and its ``rules`` text) from
    today's thresholds."""
    score = difficulty_score(GradeFigures.of_record(rec))
    text = rec["rules"]
    return score, grade_of(score, wrap_of(text), open_of(text))


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import tripeaks as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
