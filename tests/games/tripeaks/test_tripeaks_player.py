"""The no-peeking TriPeaks player (:mod:`kosynka.games.tripeaks.player`): it reads no face-down
card and no stock order, its games are legal and repeatable, and it wins a fair share."""

from __future__ import annotations

import random

from kosynka.games.tripeaks import Move, TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.player import (
    GONE,
    P_CARD,
    P_UNCOVER,
    UNKNOWN,
    best_move,
    choose,
    play,
    score_moves,
    visible_of,
)


def hidden_shuffled(game: TriPeaks, seed: int) -> TriPeaks:
    """``game``'s position with its face-down cards and its stock dealt again at random: a
    table that looks the same to the player."""
    places = [game.place(i) for i in range(28)]
    down = [i for i in range(28) if places[i] is not None and not game.is_face_up(i)]
    hidden = [places[i] for i in down] + game.stock()
    random.Random(seed).shuffle(hidden)
    for i in down:
        places[i] = hidden.pop()
    return TriPeaks.from_position(
        places,
        [game.is_face_up(i) for i in range(28)],
        game.waste(),
        [c for c in hidden if c is not None],
        rules=game.rules,
    )


def test_the_player_sees_no_face_down_card() -> None:
    game = TriPeaks(3)
    seen = visible_of(game)
    assert seen.count(UNKNOWN) == 18 and GONE not in seen
    assert {c for c in seen if c >= 0} == {game.place(i).index for i in range(18, 28)}  # type: ignore[union-attr]


def test_the_same_view_gives_the_same_moves() -> None:
    for number in (2, 9, 17):
        game = TriPeaks(number)
        for _ in range(6):
            move = best_move(game, seed=0)
            if move is None or not move.is_card_move:
                break
            game.push(move)
        for seed in range(3):
            other = hidden_shuffled(game, seed)
            assert visible_of(other) == visible_of(game)
            assert score_moves(other) == score_moves(game)
            assert best_move(other, seed=5) == best_move(game, seed=5)


def test_a_card_is_played_before_the_stock_is_turned() -> None:
    game = TriPeaks(1)  # 3C and 5C go on the 4H
    move = choose(game, random.Random(0))
    assert move is not None and move.is_card_move and move in game.legal_move_list()
    assert [m for _, m in score_moves(game)] == [Move.parse("3C"), Move.parse("5C")]


def test_a_card_that_turns_up_a_peak_card_scores_for_it() -> None:
    # A run's score counts at least its first card and the face-down cards that card turns up.
    game = TriPeaks(1)
    for _ in range(12):
        scored = score_moves(game)
        if not scored:
            break
        for s, m in scored:
            before = game.face_down_count()
            after = game.copy(stack=False)
            after.advance(m)
            turned = before - after.face_down_count()
            assert s >= P_CARD + P_UNCOVER * turned
        game.push(max(scored, key=lambda sm: sm[0])[1])
    assert game.face_down_count() < 18


def test_games_are_legal_and_repeatable() -> None:
    for wrap in (True, False):
        rules = TriPeaksRules(wrap=wrap)
        for number in range(1, 11):
            result = play(TriPeaks(number, rules=rules), seed=1)
            assert result == play(TriPeaks(number, rules=rules), seed=1)
            game = TriPeaks(number, rules=rules)
            game.replay(list(result.line))  # every move legal
            assert result.won == game.is_won()
            assert result.table_left == game.table_count()
            assert result.stock_left == game.stock_count()
            assert result.won or game.outcome() is not None
            assert result.moves == len(result.line) <= 28 + 23


def test_the_player_wins_a_fair_share() -> None:
    wins = sum(play(TriPeaks(n), seed=0).won for n in range(1, 41))
    assert 10 <= wins <= 36  # about half of the deals (54% over deals 1-500)


def test_the_game_given_is_left_unchanged() -> None:
    game = TriPeaks(6)
    before = game.key()
    play(game, seed=2)
    assert game.key() == before and game.moves_made == 0
