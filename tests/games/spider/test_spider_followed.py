"""Spider's hints followed at a fixed budget (:func:`kosynka.games.spider.seen.followed` and
:func:`~kosynka.games.spider.seen.play`, a game the grades can measure): the same moves as
asking :func:`~kosynka.games.spider.seen.hint` at each move, with the rule-based player
following the game instead of replaying it for each hint."""

from __future__ import annotations

import itertools

import pytest

from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.seen import followed, hint, play
from kosynka.solver import default_implementation

NATIVE = default_implementation("spider") == "native"


@pytest.mark.parametrize("suits", [1, 2])
def test_hints_followed_are_the_moves_the_hint_gives(suits: int) -> None:
    game = Spider(4, rules=SpiderRules(suits=suits))
    first = hint(game, seed=0, time_limit=None, max_samples=1, estimate=False).move
    assert first is not None
    game.push(first[0])  # a game with a history: the view and the rule-based player hold it
    before = game.key(), len(game.move_stack)
    samples, moves = (4, 10) if NATIVE else (1, 2)
    got = [str(m) for _, m in itertools.islice(followed(game, 5, max_samples=samples), moves)]
    assert (game.key(), len(game.move_stack)) == before
    probe = game.copy()
    wanted = []
    for n in range(moves):
        choice = hint(probe, seed=5 + n, time_limit=None, max_samples=samples, estimate=False)
        assert choice.move is not None
        probe.push(choice.move[0])
        wanted.append(str(choice.move[0]))
    assert got == wanted


def test_play_stops_at_its_move_limit_and_counts_what_it_made() -> None:
    result = play(Spider(4, rules=SpiderRules(suits=2)), max_samples=1, max_moves=3)
    assert result.moves == 3 and not result.won
    assert result.card_moves <= 3 and result.runs_removed == 0
    assert 0 < result.face_down <= 44 and result.rows_left == 5


@pytest.mark.skipif(not NATIVE, reason="a whole game takes minutes with the pure-Python solver")
def test_play_wins_a_deal_the_hints_win() -> None:
    result = play(Spider(1, rules=SpiderRules(suits=1)), max_samples=4)
    assert result.won and result.runs_removed == 8 and result.face_down == 0
    assert result.rows_left == 0 and 0 < result.card_moves <= result.moves
