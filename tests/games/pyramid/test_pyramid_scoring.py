"""Pyramid's scoring (ours, see the module): 10 a pyramid card, 5 a card of the stock or the
waste, 250 for the pyramid cleared, 50 a new pass, never below 0."""

from __future__ import annotations

from kosynka.games.pyramid import Move, Pyramid
from kosynka.games.pyramid import scoring as S
from kosynka.scoring import Play


def won_line(deal: int) -> list[Move]:
    """The moves of a game of the no-peek player that wins ``deal`` (deal 2 is one)."""
    import random

    from kosynka.games.pyramid.player import choose

    game = Pyramid(deal)
    rng = random.Random(0)
    line = []
    while not game.is_won():
        move = choose(game, rng)
        assert move is not None, "the player should win this deal"
        game.push(move)
        line.append(move)
    return line


def test_a_won_game_s_score_adds_up() -> None:
    deal = next(d for d in range(1, 50) if _player_wins(d))
    line = won_line(deal)
    game = Pyramid(deal)
    expected = 0
    for move in line:
        before = game.pyramid_count()
        game.push(move)
        taken = before - game.pyramid_count()
        if move.turn == "r":
            expected = max(0, expected + S.NEW_PASS)
        expected += S.PYRAMID_CARD * taken + S.OTHER_CARD * (len(move.cards) - taken)
    expected += S.CLEARED
    score = S.score(Pyramid(deal), line, "standard", Play())
    assert score.total == expected > 28 * S.PYRAMID_CARD
    assert score.steps[-1].code == "cleared"


def _player_wins(deal: int) -> bool:
    from kosynka.games.pyramid.player import play

    return play(Pyramid(deal)).won


def test_a_new_pass_never_takes_the_score_below_zero() -> None:
    score = S.score(Pyramid(1), ["s"] * 24 + ["r"], "standard", Play())
    assert score.total == 0
    assert [s.code for s in score.steps] == ["new-pass"]
    earned = S.score(Pyramid(1), ["QH+AS", "TS+3C", *["s"] * 24, "r"], "standard", Play())
    assert earned.total == 0  # 40 earned, the pass costs up to 50
    more = S.score(Pyramid(1), ["QH+AS", "TS+3C"], "standard", Play())
    assert more.total == 40


def test_a_card_of_the_stock_earns_less_than_one_of_the_pyramid() -> None:
    game = Pyramid(1)
    for n in range(24):
        top = game.stock_top()
        waste = game.waste_top()
        if top is not None and waste is not None and top.rank + waste.rank == 13:
            line = ["s"] * n + [str(Move.pair(top, waste))]
            score = S.score(Pyramid(1), line, "standard", Play())
            assert score.total == 2 * S.OTHER_CARD
            return
        game.push(Move.stock())
    raise AssertionError("deal 1's stock has no two cards in a row that make 13")


def test_every_step_has_its_words_in_both_languages() -> None:
    for en, ru in S.WORDS.values():
        assert en and ru and en != ru
    S.check_rules("standard", Pyramid(1).rules)
    assert S.SCORINGS == ("standard",) and not S.CUMULATIVE
