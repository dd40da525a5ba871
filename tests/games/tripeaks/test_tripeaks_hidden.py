"""What a TriPeaks player cannot see (``Game.hidden_count``): the face-down cards of the peaks
and the stock's cards; the waste and the face-up cards are seen."""

from __future__ import annotations

from kosynka.games.tripeaks import TriPeaks, TriPeaksRules


def test_a_fresh_deal_hides_the_peaks_and_the_stock() -> None:
    game = TriPeaks(1)
    assert game.face_down_count() == 18 and game.stock_count() == 23
    assert game.hidden_count() == 18 + 23


def test_open_rules_hide_only_the_stock() -> None:
    game = TriPeaks(1, rules=TriPeaksRules(open=True))
    assert game.hidden_count() == game.stock_count() == 23


def test_the_count_follows_play() -> None:
    game = TriPeaks(4)
    for _ in range(40):
        assert game.hidden_count() == game.face_down_count() + game.stock_count()
        legal = game.legal_move_list()
        if not legal:
            break
        game.push(legal[0])  # cards first: the stock move comes last
    assert game.hidden_count() < 18 + 23
