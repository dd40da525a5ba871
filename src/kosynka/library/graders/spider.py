"""Spider's grades: how hard a winnable deal is for a person, per suit count.

The solver says only *whether* a deal can be won (it sees every card). How hard a deal is for a
person is measured, as for Klondike, by a player who sees only what a person sees. Which player
depends on the suit count (:data:`HINT_SUITS`):

* with **2 suits**, the player who takes the hint at every move
  (:func:`kosynka.games.spider.seen.play`: the page's strong no-peek hint at a fixed budget of
  :data:`~kosynka.games.spider.seen.GRADE_SAMPLES` samples a hint and no time limit, so a deal's
  game is the same on every machine): game ``r`` with seed ``r * SEED_STEP``, up to
  :data:`HINT_RUNS` (2) games a deal unless the build asks for more, stopping after the first
  game lost;
* with **1 and 4 suits**, the rule-based player (:mod:`kosynka.games.spider.player`),
  :data:`kosynka.library.grading.DEFAULT_RUNS` (8) games a deal (seeds 0, 1, ...). With one
  suit it wins about two games in three; with four the hints win almost no deal, so a grade by
  their games would have no easy deal.

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

**2 suits.** The weights are Klondike's kind (loss 55, short 30, length 5, effort 10), so

* ``easy`` = following the hints won both games (a score below 20);
* ``normal`` = it won the first game and lost the second (27.5 and more), or lost the first
  after turning up many cards or removing runs;
* ``hard`` = it lost the first game early.

On 930 of the starter library's deals the page's own hint (its full time a hint, not the
grading budget) won 72% of the easy deals, 30% of the normal and 12% of the hard ones
(``bench/no_peek.md``, "Spider 2 suits, graded by the hints"): two grading games mark a deal
likely, not sure, to be won by the hints. The thresholds come from the starter library's 3,000
two-suit deals graded this way (7 Dec 2026, 15.6 core-hours): the 2,043 deals whose first
game was lost are split at the median of their scores, 86.0.

**1 and 4 suits.** With one suit the player's wins and losses tell most; with four it almost
never wins, so there the score rests on how far it gets and on the solver's effort. The
thresholds sit at the 33rd and 67th percentiles of the scores of KPat deals 1-3600 of each suit
count (8 games each, the compiled solver, 30 Nov 2026; the starter library's build), so that
each grade holds about a third of the deals (see ``bench/solver_spider.md``, "Grades"). In that
sample the one-suit player won all its games on easy deals, 83% on normal and 39% on hard
ones, and the solver's effort rises with the grade.

The stored records keep the figures, so new thresholds apply to a library without rebuilding it
(``kosynka library regrade``). What the stored fields hold for Spider: ``heur_wins`` and
``heur_mean_moves`` as for Klondike; ``heur_mean_home`` the player's mean *progress* (0..148,
see ``short``); ``states`` the solver's.

>>> score = difficulty_score(GradeFigures(8, 8, 120.0, 148.0, 3000), suits=1)
>>> grade_of(score, suits=1)
'easy'
>>> grade_of(difficulty_score(GradeFigures(2, 2, 140.0, 148.0, 3000), suits=2), suits=2)
'easy'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.player import PlayResult, play_quickly
from kosynka.library.grading import DEFAULT_RUNS, GradeFigures, grade_by, weighted_score

PROGRESS_MAX: Final = 44 + 13 * 8
"""The most progress a game can make: 44 face-down cards turned up and 8 runs removed."""
LONG_GAME: Final = 400.0
"""A game of this many moves (dealt rows included) counts as fully long."""
EFFORT_CAP: Final = 2_000_000
"""Solver states at which the effort figure reaches 1."""

WEIGHTS: Final = {
    1: {"loss": 55.0, "short": 20.0, "length": 5.0, "effort": 20.0},
    2: {"loss": 55.0, "short": 30.0, "length": 5.0, "effort": 10.0},
    4: {"loss": 10.0, "short": 55.0, "length": 5.0, "effort": 30.0},
}
"""The weights of the four figures, per suit count (each row sums to 100)."""
EASY_BELOW: Final = {1: 14.2, 2: 20.0, 4: 78.9}
"""Scores below these are ``easy`` (per suit count)."""
HARD_FROM: Final = {1: 37.1, 2: 86.0, 4: 82.3}
"""Scores from these on are ``hard`` (per suit count)."""
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


HINT_SUITS: Final[frozenset[int]] = frozenset({2})
"""Suit counts whose grades come from the games of the player who follows the hints
(:func:`hint_figures`, :data:`HINT_RUNS` games a deal unless the build asks for more); the
others' from the rule-based player's games (:data:`~kosynka.library.grading.DEFAULT_RUNS`)."""
HINT_RUNS: Final = 2
"""Games a deal of a suit count graded by the hints, at most: they stop after the first game
lost (:func:`hint_figures`), so a deal gets a second game only when the first was won. A 2-suit
game of hints costs some 13 s."""

SEED_STEP: Final = 1_000_003
"""Game ``r`` of a deal (from 0) played by following the hints has seed ``r * SEED_STEP``, so
that the hints of two games never share a seed (as Klondike's grader does)."""


def figures(game: Spider, states: int, runs: int) -> GradeFigures:
    """The player's ``runs`` games from ``game`` (seeds 0 .. runs - 1) and the solver's
    ``states``, as grading figures."""
    return figures_of([play_quickly(game, seed) for seed in range(runs)], states)


def hint_figures(
    game: Spider, states: int, runs: int, before: GradeFigures | None = None
) -> GradeFigures:
    """Grading figures from the games of the player who follows the strong hints
    (:func:`kosynka.games.spider.seen.play`: a fixed budget of samples a hint, no time limit,
    game ``r`` with seed ``r * SEED_STEP``) instead of the rule-based player's, and the
    solver's ``states``: what a grade by the hints' games measures.

    It plays games 0, 1, ... up to ``runs`` of them and stops after the first game lost: a
    deal the hints lose once is not easy, whatever further games would give, and each game
    costs seconds. ``before`` holds the figures of the first games, played earlier (a re-grade
    that asks for more games goes on from them; none are played when one of them was lost)."""
    from kosynka.games.spider.seen import play

    first = 0 if before is None else before.runs
    games: list[PlayResult] = []
    if before is None or before.wins == before.runs:
        for r in range(first, runs):
            games.append(play(game, r * SEED_STEP))
            if not games[-1].won:
                break
    if before is None:
        return figures_of(games, states)
    if not games:
        return replace(before, states=int(states))
    more = figures_of(games, states)
    runs_in_all = before.runs + more.runs
    return GradeFigures(
        runs=runs_in_all,
        wins=before.wins + more.wins,
        mean_moves=(before.mean_moves * before.runs + more.mean_moves * more.runs) / runs_in_all,
        mean_home=(before.mean_home * before.runs + more.mean_home * more.runs) / runs_in_all,
        states=int(states),
    )


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
    for more: :data:`HINT_RUNS` for a suit count graded by the hints, else
    :data:`~kosynka.library.grading.DEFAULT_RUNS`."""
    suits = (rules if rules is not None else SpiderRules()).suits
    return HINT_RUNS if suits in HINT_SUITS else DEFAULT_RUNS


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's ``runs`` games from ``game`` (the
    player who follows the hints for the suit counts of :data:`HINT_SUITS`, else the
    rule-based player) and the solver's ``states``."""
    by_hints = isinstance(game, Spider) and game.rules.suits in HINT_SUITS
    return _fields(game, states, runs, hint_figures if by_hints else figures)


def hint_grade(
    game: Game[Any], states: int, runs: int, before: GradeFigures | None = None
) -> dict[str, Any]:
    """:func:`grade` from the games of the player who follows the hints (:func:`hint_figures`,
    going on from the figures ``before`` when given) under today's weights and thresholds:
    ``bench/regrade_starter.py --player hints`` plays it on the starter library, whose figures
    then choose the thresholds of a grade by the hints."""
    return _fields(game, states, runs, lambda g, s, r: hint_figures(g, s, r, before))


def _fields(
    game: Game[Any], states: int, runs: int, make: Callable[[Spider, int, int], GradeFigures]
) -> dict[str, Any]:
    """The stored grading fields of the figures ``make`` gives for ``game``."""
    if not isinstance(game, Spider):
        raise TypeError(f"the Spider grader needs a Spider game, not {type(game).__name__}")
    if runs < 1:
        raise ValueError("grading needs at least one game of the player")
    f = make(game, states, runs)
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
    """(score, grade) of a stored winnable record from its figures and today's thresholds."""
    suits = suits_of(rec["rules"])
    score = difficulty_score(GradeFigures.of_record(rec), suits)
    return score, grade_of(score, suits)


if TYPE_CHECKING:  # mypy checks this grader against what every grader offers
    from kosynka.library.graders import spider as _this
    from kosynka.library.grading import Grader

    _GRADER: Grader = _this
