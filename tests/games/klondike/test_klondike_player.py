"""The no-peeking player: uses only what a player sees, plays sensibly, is reproducible."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike import Klondike as KlondikeClass
from kosynka.games.klondike.player import P_EXPOSE, P_SAFE_HOME, best_move, play, rank_move
from tests.games.klondike.klondike_positions import position


def _reshuffle_hidden(game: KlondikeClass, rng: random.Random) -> KlondikeClass:
    """The same visible position with the face-down cards and the stock dealt differently."""
    g = game.copy(stack=False)
    hidden_cards = [c for col, h in zip(g._cols, g._hidden, strict=True) for c in col[:h]]
    pool = hidden_cards + list(g._stock)
    rng.shuffle(pool)
    k = 0
    for col, h in zip(g._cols, g._hidden, strict=True):
        col[:h] = pool[k : k + h]
        k += h
    g._stock = pool[k:]
    return g


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, 10**6),
    draw=st.sampled_from([1, 3]),
    steps=st.integers(0, 60),
    seed=st.integers(0, 50),
)
def test_the_choice_depends_only_on_visible_cards(
    deal: int, draw: int, steps: int, seed: int
) -> None:
    game = Klondike(deal, rules=KlondikeRules(draw=draw))
    rng = random.Random(deal)
    for _ in range(steps):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.push(rng.choice(moves))
    other = _reshuffle_hidden(game, random.Random(seed))
    assert other.key() != game.key() or game.face_down_count() + game.stock_count() <= 1
    assert best_move(game, seed) == best_move(other, seed)
    assert [rank_move(game, m) for m in game.legal_moves] == [
        rank_move(other, m) for m in other.legal_moves
    ]


def test_wins_a_position_with_every_card_face_up() -> None:
    game = position(
        ["KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS", "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S AH",
         "KD QC JD TC 9D 8C 7D 6C 5D 4C 3D 2C AC", "KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D AD",
         "-", "-", "-"]
    )  # fmt: skip
    result = play(game, seed=3)
    assert result.won
    assert result.foundation == 52 and result.face_down == 0
    assert result.card_moves == result.moves == 52


def test_safe_moves_home_come_first_then_turning_cards_up() -> None:
    game = position(["AH", "5c 9S", "TH", "* 2C", "-", "-", "-"])
    move = best_move(game)
    assert move is not None and str(move) == "AH>f"
    assert rank_move(game, move) == P_SAFE_HOME
    game.push(move)
    move = best_move(game)
    assert move is not None and str(move) == "9S>3"
    assert rank_move(game, move) >= P_EXPOSE


def test_no_legal_move_gives_none_and_a_lost_game() -> None:
    game = position(["* 2H", "3c 2D", "4H", "4D", "6H", "6D", "8H"])
    assert not list(game.legal_moves)
    assert best_move(game) is None
    result = play(game)
    assert not result.won and result.moves == 0


def test_play_is_reproducible_and_leaves_the_game_alone() -> None:
    game = Klondike(77, rules=KlondikeRules(draw=1))
    before = game.key()
    a = play(game, seed=5)
    b = play(game, seed=5)
    assert a == b
    assert game.key() == before and game.moves_made == 0
    assert 0 <= a.foundation <= 52 and a.moves >= a.card_moves > 0


def test_seeds_vary_the_games() -> None:
    results = {
        play(Klondike(d, rules=KlondikeRules(draw=1)), seed=s) for d in (3, 8) for s in range(6)
    }
    assert len(results) > 2


def test_the_player_wins_some_and_loses_some_draw_one_deals() -> None:
    results = [play(Klondike(d, rules=KlondikeRules(draw=1)), seed=0) for d in range(1, 25)]
    wins = sum(r.won for r in results)
    assert 6 <= wins <= 22
    assert all(r.foundation == 52 and r.face_down == 0 for r in results if r.won)
    assert all(r.foundation < 52 for r in results if not r.won)
