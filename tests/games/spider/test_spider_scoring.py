"""Spider's scoring (Microsoft's: 500 to start, -1 a move, +100 a run removed, an undo -2 in
all) against games worked out by hand, and properties over random playouts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka.games.spider import Spider, SpiderRules
from kosynka.scoring import score_game, score_line, score_record
from tests.games.spider.spider_positions import position


def last_run() -> Spider:
    """One suit, seven runs removed; in play: KS down to 5S in column 1, 2S in column 2, 4S
    and 3S in column 3, AS in column 4."""
    return position(
        ["KS QS JS TS 9S 8S 7S 6S 5S", "2S", "4S 3S", "AS", "-", "-", "-", "-", "-", "-"],
        removed="S S S S S S S",
        suits=1,
    )


def test_the_last_run_by_hand() -> None:
    moves = ["3:4S>1", "2:2S>1", "4:AS>1"]
    score = score_line(last_run(), moves)
    # 500 to start; 4S (and 3S on it) onto 5S: -1 (499); 2S onto 3S: -1 (498); AS onto 2S:
    # -1 (497), and the run of King to Ace it completes is removed: +100 (597). All eight
    # runs are removed: won.
    assert [(s.code, s.move, s.change, s.score) for s in score.steps] == [
        ("start", None, 500, 500),
        ("move", 0, -1, 499),
        ("move", 1, -1, 498),
        ("move", 2, -1, 497),
        ("run-removed", 2, 100, 597),
    ]
    assert score.won and score.total == 597
    # Time is not scored; undos are: two of them, 2 points each (597 - 4).
    assert score_line(last_run(), moves, seconds=999).total == 597
    assert score_line(last_run(), moves, undos=2).total == 593


def test_a_move_and_its_undo_cost_two_as_in_microsofts_game() -> None:
    game = last_run()
    game.push_text("3:4S>1")
    assert score_game(game).total == 499  # 500 - 1
    game.pop()
    # Microsoft: the move cost 1 and the undo costs 1 more: 498. The record no longer has the
    # move (its point comes back), so the undo costs 2.
    assert score_game(game, undos=1).total == 498
    game.push_text("3:4S>1")  # made again: a move like any other
    assert score_game(game, undos=1).total == 497


def test_undoing_a_removed_run_takes_its_100_back() -> None:
    game = last_run()
    for m in ("3:4S>1", "2:2S>1", "4:AS>1"):
        game.push_text(m)
    assert score_game(game).total == 597
    game.pop()  # the run comes back onto column 1, AS to column 4
    assert game.runs_removed() == 7
    assert score_game(game, undos=1).total == 498 - 2


def test_dealing_a_row_is_a_move() -> None:
    score = score_record("spider", 1, ["s"], rules=SpiderRules(suits=1))
    assert [(s.code, s.text, s.score) for s in score.steps] == [
        ("start", None, 500),
        ("deal", "s", 499),
    ]
    assert score.steps[1].words("ru") == "сдан ряд"


@settings(max_examples=25, deadline=None)
@given(
    deal=st.integers(1, 10**6),
    suits=st.sampled_from([1, 2, 4]),
    seed=st.integers(0, 2**32),
    length=st.integers(0, 150),
)
def test_properties_over_random_playouts(deal: int, suits: int, seed: int, length: int) -> None:
    rng = random.Random(seed)
    game = Spider(deal, rules=SpiderRules(suits=suits))
    undos = 0
    for _ in range(length):
        moves = list(game.legal_moves)
        if game.move_stack and rng.random() < 0.1:
            game.pop()
            undos += 1
        elif moves:
            game.push(rng.choice(moves))
    score = score_game(game, undos=undos)
    assert sum(s.change for s in score.steps) == score.total
    assert score.total == 500 - len(game.move_stack) - 2 * undos + 100 * game.runs_removed()
    if game.move_stack:
        last = game.pop()
        game.push(last)
        assert score_game(game, undos=undos) == score
