"""Spider's grades: how hard a winnable deal is for a person, per suit count.

The solver says only *whether* a deal can be won (it sees every card). How hard a deal is for a
person is measured, as for Klondike, by a player who sees only what a person sees: with every
suit count (:data:`STAGE_SUITS`) the *stage player* (:func:`kosynka.solver.spider.stage_game`),
whose moves the page's hint makes (:mod:`kosynka.games.spider.seen`). It plans to the next card
it cannot know, looking one stage past it, and it is deterministic, so a deal's games are the
same on every machine. A deal gets one game at each of :data:`STAGE_BUDGETS` positions a stage
without the look, and the hint's own game (its budget and look,
:data:`~kosynka.solver.spider.STAGE_LOOK`), which counts as :data:`HINT_GAMES` games: more than
the four others together, so that whether following the hints wins a deal decides on which side
of the middle its score lies, and the others how far from it. (Before 7 Dec one suit was graded
by the rule-based player, :mod:`kosynka.games.spider.player`, 8 games a deal, with weights and
thresholds of its own.)

Out of those games and the solver come four figures, each 0 (easy) .. 1 (hard):

``loss``
    the share of the player's games that were lost (1 - wins / runs);
``short``
    how far from a win the player stopped, on average: 1 - progress / 148, where a game's
    *progress* counts the face-down cards it turned up (44 at most) and 13 for each run it
    removed (8 at most);
``length``
    how long its games ran: mean moves (dealt rows included) / :data:`LONG_GAME`, capped at 1;
``effort``
    the solver's work (the second signal): log10(states) / log10(:data:`EFFORT_CAP`), capped at
    1. The compiled search's portfolio stops at its first win, so a deal whose first settings
    win quickly gets a small figure.

The difficulty score is a weighted sum on a 0..100 scale, the weights per suit count
(:data:`WEIGHTS`), and the grade follows from fixed thresholds per suit count
(:data:`EASY_BELOW`, :data:`HARD_FROM`; a deal's grade never depends on which other deals are in
the library): ``easy`` below the first, ``hard`` from the second on, ``normal`` between. Deals
the solver proved lost, or gave up on, get no grade.

The score is the loss alone (weight 100) over the nine games counted (the hint's five times),
so

* ``easy`` = the hint's game won, and at least one other with two suits, at least two with one
  (every one with four): following the hints wins the deal;
* ``normal`` = the rest;
* ``hard`` = the hint's game lost, and every other with one and two suits (with four, at least
  two others): following the hints does not win it.

The thresholds put about as many deals the hints win as deals they lose into ``normal``. Of
the 732 normal deals of each suit count when every game counted once, the hint's game won 523
with two suits (277 of them the only game won) and 277 with four (it lost 153 that all four
others won); under these thresholds 277 of 486 and 277 of 534 of them stay normal. Following
the hints wins 402 of the 732 normal two-suit deals of the starter library graded so
(7 Dec). With one suit all five games won 2,368 of the 3,000 starter deals of 7 Dec; of the
rest the hint's game won 282 (137 of them the only game won) and lost 350 (204 lost by every
game): easy takes the 112 the hint's game and two or three others won, hard the 204, and
normal keeps 170 the hints win and 146 they lose. Following the hints wins 392 of the 732
normal one-suit deals of the starter library graded so, filled from KPat deals 1-14000.

(``bench/no_peek.md``, "The starter library's grades against the hints", has how often
following the hints wins the deals of each grade.)

The figures keep the games' lengths and progress, so other weights apply to a library without
playing again (``kosynka library regrade``).

What the stored fields hold for Spider: ``heur_wins`` and ``heur_mean_moves`` as for Klondike;
``heur_mean_home`` the player's mean *progress* (0..148, see ``short``); ``states`` the solver's.

>>> score = difficulty_score(GradeFigures(9, 7, 120.0, 148.0, 3000), suits=1)
>>> grade_of(score, suits=1)
'easy'
>>> grade_of(difficulty_score(GradeFigures(9, 6, 140.0, 148.0, 3000), suits=2), suits=2)
'easy'
>>> grade_of(difficulty_score(GradeFigures(9, 3, 90.0, 70.0, 3000), suits=4), suits=4)
'normal'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.player import PlayResult, play_quickly
from kosynka.games.spider.seen import STAGE_FINAL_STATES, STAGE_STATES
from kosynka.library.grading import DEFAULT_RUNS, GradeFigures, grade_by, weighted_score

PROGRESS_MAX: Final = 44 + 13 * 8
"""The most progress a game can make: 44 face-down cards turned up and 8 runs removed."""
LONG_GAME: Final = 400.0
"""A game of this many moves (dealt rows included) counts as fully long."""
EFFORT_CAP: Final = 2_000_000
"""Solver states at which the effort figure reaches 1."""

_LOSS_ONLY: Final = {"loss": 100.0, "short": 0.0, "length": 0.0, "effort": 0.0}
WEIGHTS: Final = {1: _LOSS_ONLY, 2: _LOSS_ONLY, 4: _LOSS_ONLY}
"""The weights of the four figures, per suit count (each row sums to 100)."""
EASY_BELOW: Final = {1: 30.0, 2: 40.0, 4: 5.0}
"""Scores below these are ``easy`` (per suit count): the hint's game won and at least two others
with 1 suit (a loss of at most 2 of the 9 games counted), at least one with 2 suits (at most
3), every one with 4."""
HARD_FROM: Final = {1: 95.0, 2: 95.0, 4: 75.0}
"""Scores from these on are ``hard`` (per suit count): every game lost with 1 and 2 suits, with
4 suits the hint's game and at least two others (a loss of at least 7 of the 9 games
counted)."""
STARTER_RULES: Final = (SpiderRules(suits=1), SpiderRules(suits=2), SpiderRules(suits=4))
"""The rule sets of the starter library: one, two and four suits."""


def progress_of(face_down: int, runs_removed: int) -> int:
    """A finished game's progress: face-down cards turned up (of 44) and 13 per run removed."""
    return max(0, 44 - face_down) + 13 * runs_removed


def difficulty_score(f: GradeFigures, suits: int) -> float:
    """The difficulty score (0 easy .. 100 hardest) of a winnable deal with ``suits`` suits from
    its figures (``f.mean_home`` holds the mean progress); see the module docstring."""
    if suits not in WEIGHTS:
        raise ValueError(f"no Spider grade weights for {suits} suits")
    return weighted_score(
        f, WEIGHTS[suits], home_max=PROGRESS_MAX, long_game=LONG_GAME, effort_cap=EFFORT_CAP
    )


def grade_of(score: float, suits: int) -> str:
    """``easy``, ``normal`` or ``hard`` for a difficulty score of a ``suits``-suit deal."""
    if suits not in EASY_BELOW:
        raise ValueError(f"no Spider grade thresholds for {suits} suits")
    return grade_by(score, EASY_BELOW[suits], HARD_FROM[suits])


STAGE_SUITS: Final[frozenset[int]] = frozenset({1, 2, 4})
"""Suit counts graded by the stage player's games (:func:`stage_figures`), one a budget of
:data:`STAGE_BUDGETS` and the hint's own: every one (a suit count outside it would be graded by
the rule-based player's :data:`~kosynka.library.grading.DEFAULT_RUNS` games)."""

STAGE_BUDGETS: Final = (1_000, STAGE_STATES, 10_000, 30_000)
"""Positions a stage in the stage player's games of a deal without its look, one game each (the
hint's budget, :data:`~kosynka.games.spider.seen.STAGE_STATES`, and three more); the hint's own
game, with the look, is a fifth. Over KPat deals 1-300 the four win 163 / 172 / 173 / 173
two-suit deals and 32 / 36 / 43 / 45 four-suit ones, and mostly the same deals: all four won
147 and 17, none 110 and 240. The look wins more but not always the same deals (2 suits,
deals 1-600: 94 won only with it, 58 only without), so the hint's game is played too: an easy
deal is one it wins."""

HINT_GAMES: Final = len(STAGE_BUDGETS) + 1
"""How many games the hint's own game counts as in a deal's figures: one more than the others
together, so that a deal the hints win scores below the middle and one they lose above it."""

STAGE_GAMES: Final = len(STAGE_BUDGETS) + HINT_GAMES
"""The games a deal's figures count: one a budget of :data:`STAGE_BUDGETS`, and the hint's
:data:`HINT_GAMES` times."""


def figures(game: Spider, states: int, runs: int) -> GradeFigures:
    """The player's ``runs`` games from ``game`` (seeds 0 .. runs - 1) and the solver's
    ``states``, as grading figures."""
    return figures_of([play_quickly(game, seed) for seed in range(runs)], states)


def stage_figures(game: Spider, states: int, runs: int) -> GradeFigures:
    """The stage player's games from ``game``, one at each of :data:`STAGE_BUDGETS` positions a
    stage and the hint's own (its budget, with its look), counted :data:`HINT_GAMES` times, and
    the solver's ``states``, as grading figures. ``runs`` asks for no more: the player is
    deterministic, so a budget's second game would be its first again."""
    from kosynka.solver import default_implementation
    from kosynka.solver.spider import STAGE_LOOK, stage_game

    implementation = default_implementation("spider")
    games = []
    plays = [(budget, None) for budget in STAGE_BUDGETS] + [(STAGE_STATES, STAGE_LOOK)]
    for budget, look in plays:
        g = stage_game(game, budget, STAGE_FINAL_STATES, implementation, look=look)
        # (the figures use no rows left)
        games.append(PlayResult(g.won, g.moves, g.moves, g.runs_removed, g.face_down, 0))
    games += games[-1:] * (HINT_GAMES - 1)
    return figures_of(games, states)


def figures_of(games: list[PlayResult], states: int) -> GradeFigures:
    """The grading figures of a deal's ``games`` (at least one) and the solver's ``states``."""
    runs = len(games)
    return GradeFigures(
        runs=runs,
        wins=sum(1 for g in games if g.won),
        mean_moves=sum(g.moves for g in games) / runs,
        mean_home=sum(progress_of(g.face_down, g.runs_removed) for g in games) / runs,
        states=int(states),
    )


def runs_for(rules: SpiderRules | None) -> int:
    """The games a deal under ``rules`` (None: the default rules) gets unless the build asks
    for more: :data:`STAGE_GAMES` (one a budget of :data:`STAGE_BUDGETS` and the hint's own,
    counted :data:`HINT_GAMES` times) for a suit count graded by the stage player, else
    :data:`~kosynka.library.grading.DEFAULT_RUNS`."""
    suits = (rules if rules is not None else SpiderRules()).suits
    return STAGE_GAMES if suits in STAGE_SUITS else DEFAULT_RUNS


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's games from ``game`` (the stage
    player's, one a budget and the hint's, for the suit counts of :data:`STAGE_SUITS`; else the
    rule-based
    player's ``runs`` games) and the solver's ``states``."""
    if not isinstance(game, Spider):
        raise TypeError(f"the Spider grader needs a Spider game, not {type(game).__name__}")
    if runs < 1:
        raise ValueError("grading needs at least one game of the player")
    staged = game.rules.suits in STAGE_SUITS
    f = (stage_figures if staged else figures)(game, states, runs)
    suits = game.rules.suits
    score = difficulty_score(f, suits)
    return f.stored(score, grade_of(score, suits))


def suits_of(rules_text: str) -> int:
    """The suit count in stored rules text (``suits=2``)."""
    for part in str(rules_text).split():
        key, _, value = part.partition("=")
        if key == "suits":
            return int(value)
    raise ValueError(f"no suit count in Spider rules {rules_text!r}")


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record from its figures and today's thresholds. A
    record of a suit count of :data:`STAGE_SUITS` whose figures count other than
    :data:`STAGE_GAMES` games was graded by an earlier grader that counted each game once: its
    figures do not say which game was the hint's, so it keeps its stored score and grade until
    it is graded again."""
    suits = suits_of(rec["rules"])
    if suits in STAGE_SUITS and int(rec["heur_runs"]) != STAGE_GAMES:
        return float(rec["score"]), str(rec["grade"])
    score = difficulty_score(GradeFigures.of_record(rec), suits)
    return score, grade_of(score, suits)


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import spider as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
