"""The judge of a Klondike table with placeholders for the cards a player has not seen
(:class:`kosynka.solver.klondike.FillingJudge`): on every filling it gives the verdict the
solver gives the table dealt with those cards, so the no-peek hint may judge its samples
without making a game of each."""

from __future__ import annotations

import itertools
import random

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike.seen import KlondikeSampler, followed, seen_of, table_of
from kosynka.solver import default_implementation
from kosynka.solver.klondike import QUICK_STATES, FillingJudge, _decide
from tests.games.klondike.klondike_positions import position

IMPLEMENTATION = default_implementation("klondike")


def _solved(game: Klondike, states: int) -> bool:
    """The solver's verdict on ``game`` as the hint asks for it."""
    return _decide(IMPLEMENTATION, game, None, states, False)[0] == "solved"


@pytest.mark.parametrize(
    ("number", "draw", "passes", "seed"),
    [(11, 3, None, 1), (12, 1, None, 2), (18, 3, 2, 3), (14, 1, 1, 4)],
)
def test_a_line_s_table_judged_on_a_filling_is_the_table_dealt_with_it(
    number: int, draw: int, passes: int | None, seed: int
) -> None:
    # Along a followed game, each candidate line's table with placeholders is judged on random
    # fillings and compared with the table dealt with the same cards and the line then played
    # (with limited passes the line may end in a draw that puts unseen cards on the waste).
    rules = KlondikeRules(draw=draw, passes=passes)
    game = Klondike(number, rules=rules, numbering="kpat")
    rng = random.Random(seed)
    verdicts = {True: 0, False: 0}
    unseen_drawn = 0  # lines ending in a draw that shows unseen cards
    states = 1_000 if IMPLEMENTATION == "native" else 300
    for after, _ in itertools.islice(followed(game, max_samples=2), 0, 40, 4):
        view = seen_of(after)
        if not view.unseen:
            break
        sampler = KlondikeSampler(view, IMPLEMENTATION)
        for line in [(), *sampler.candidates()[:4]]:
            placeholders = table_of(view, range(52, 52 + len(view.unseen)))
            for move in line:
                placeholders._apply(move)
            unseen_drawn += any(c >= 52 for c in placeholders._waste)
            judge = FillingJudge(placeholders, len(view.unseen), IMPLEMENTATION)
            for _ in range(2):
                fill = list(view.unseen)
                rng.shuffle(fill)
                dealt = table_of(view, fill)
                for move in line:
                    dealt._apply(move)
                assert judge.filled(fill).key() == dealt.key()
                verdict = judge(fill, states)
                assert verdict == _solved(dealt, states), (number, line, fill)
                verdicts[verdict] += 1
    least = 3 if IMPLEMENTATION == "native" else 1  # the Python solver's budget is smaller
    assert verdicts[True] >= least and verdicts[False] >= least, verdicts
    assert unseen_drawn > 0 or passes is None


def test_a_budget_beyond_the_first_try_takes_the_relaxation_as_the_solver_does() -> None:
    # Under Draw 3 a budget above QUICK_STATES is spent as _decide spends it (a first try,
    # the talon-free relaxation, then the rest): the judge then asks _decide itself.
    game = Klondike(21, rules=KlondikeRules(draw=3), numbering="kpat")
    view = seen_of(game)
    judge = FillingJudge(table_of(view, range(52, 52 + len(view.unseen))), 45, IMPLEMENTATION)
    fill = list(view.unseen)
    random.Random(5).shuffle(fill)
    budget = QUICK_STATES + 5_000
    assert judge(fill, budget) == _solved(table_of(view, fill), budget)


def test_face_up_cards_out_of_sequence_are_judged_by_the_exact_search() -> None:
    # The abstract search cannot hold such a table; the exact one judges it, as in _decide.
    game = position(["9C 5H", "* KS", "-", "-", "-", "-", "-"])
    card = game._cols[1][0]  # the face-down card under KS becomes the placeholder
    game._cols[1][0] = 52
    judge = FillingJudge(game, 1, IMPLEMENTATION)
    filled = judge.filled([card])
    assert filled._cols[1][0] == card and game._cols[1][0] == 52
    assert judge([card], 20_000) == _solved(filled, 20_000)


@pytest.mark.skipif(IMPLEMENTATION != "native", reason="the compiled core checks its input")
def test_a_bad_filling_is_refused_with_a_reason() -> None:
    game = Klondike(3, rules=KlondikeRules(draw=1), numbering="kpat")
    view = seen_of(game)
    table = table_of(view, range(52, 52 + len(view.unseen)))
    judge = FillingJudge(table, len(view.unseen), IMPLEMENTATION)
    with pytest.raises(ValueError, match="one card for each unseen place"):
        judge(list(view.unseen)[:-1], 1_000)
    with pytest.raises(ValueError, match="out of range"):
        judge([52, *list(view.unseen)[1:]], 1_000)
    with pytest.raises(ValueError, match="out of range"):
        FillingJudge(table, 3, IMPLEMENTATION)  # placeholders beyond the filling's places
    with pytest.raises(ValueError, match="one card for each unseen place"):
        judge.filled([1, 2])
