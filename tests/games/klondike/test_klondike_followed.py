"""Klondike's hints followed at a fixed budget (:func:`kosynka.games.klondike.seen.followed`
and :func:`~kosynka.games.klondike.seen.play`, the game the library's grades measure): the same
moves as asking :func:`~kosynka.games.klondike.seen.hint` at each move, with the rule-based
player following the game (:meth:`~kosynka.games.klondike.player.Player.hint_now`) instead of
replaying it."""

from __future__ import annotations

import itertools

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike.player import Player
from kosynka.games.klondike.player import hint as rule_hint
from kosynka.games.klondike.seen import followed, hint, play
from kosynka.solver import default_implementation

NATIVE = default_implementation("klondike") == "native"


@pytest.mark.parametrize(("deal", "draw"), [(5, 3), (17, 1)])
def test_the_rule_based_player_following_a_game_hints_as_one_that_replays_it(
    deal: int, draw: int
) -> None:
    start = Klondike(deal, rules=KlondikeRules(draw=draw))
    following = Player(start.copy(stack=False), hints=True)
    history = []
    for _ in range(60):
        for seed in (0, 7):
            wanted = rule_hint(start, history, seed)
            assert following.hint_now(seed) == wanted
            assert following.hint_now(seed) == wanted  # asking leaves its memory as it was
        move = rule_hint(start, history, len(history))
        if move is None:
            break
        following.follow(move)
        history.append(move)
    assert len(history) > 20


def test_hints_followed_are_the_moves_the_hint_gives() -> None:
    game = Klondike(9, rules=KlondikeRules(draw=3))
    for text in ("s", "s", "s"):
        game.push(game.parse_move(text))  # a game with a history: the view must hold it
    before = game.key(), len(game.move_stack)
    samples, moves = (4, 12) if NATIVE else (2, 5)
    got = [str(m) for _, m in itertools.islice(followed(game, 3, max_samples=samples), moves)]
    assert (game.key(), len(game.move_stack)) == before
    probe = game.copy()
    wanted = []
    for n in range(moves):
        choice = hint(probe, seed=3 + n, time_limit=None, max_samples=samples, estimate=False)
        assert choice.move is not None
        probe.push(choice.move[0])
        wanted.append(str(choice.move[0]))
    assert got == wanted


def test_play_stops_at_its_move_limit_and_counts_what_it_made() -> None:
    game = Klondike(9, rules=KlondikeRules(draw=3))
    result = play(game, max_samples=2, max_moves=6)
    assert result.moves == 6 and not result.won
    assert result.card_moves <= 6 and 0 <= result.foundation < 52 and result.face_down > 0


@pytest.mark.skipif(not NATIVE, reason="a whole game takes minutes with the pure-Python solver")
def test_play_wins_a_deal_the_hints_win() -> None:
    result = play(Klondike(1, rules=KlondikeRules(draw=1)))
    assert result.won and result.foundation == 52 and result.face_down == 0
    assert 52 <= result.card_moves <= result.moves
