"""TriPeaks move text and position text: round trips, and malformed text refused with a message
naming the problem."""

from __future__ import annotations

import unittest

import pytest

from kosynka.cards import ALL_CARDS
from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.tripeaks import Move, TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.notation import format_position, format_text, parse_text


class TestMoveText(unittest.TestCase):
    def test_round_trip_every_move(self) -> None:
        for move in [Move.stock(), *(Move.play(c) for c in ALL_CARDS)]:
            assert Move.parse(str(move)) == move
            assert eval(repr(move), {"Move": Move}) == move

    def test_spellings(self) -> None:
        assert Move.parse("10c") == Move.parse("TC") == Move.play(ALL_CARDS[9])
        assert Move.parse(" S ") == Move.stock() and str(Move.stock()) == "s"
        assert str(Move.parse("7♣")) == "7C"
        assert Move.parse("7C").is_card_move and not Move.stock().is_card_move

    def test_malformed(self) -> None:
        for text, words in (
            ("", "empty move"),
            ("   ", "empty move"),
            ("x", "not a move: 'x'"),
            ("7C>w", "not a move: '7C>w'"),
            ("ZZ", "not a card"),
            ("r", "expected s to turn a stock card"),
        ):
            with pytest.raises(InvalidNotationError, match=words):
                Move.parse(text)
        with pytest.raises(InvalidNotationError, match="must be text"):
            Move.parse(7)  # type: ignore[arg-type]


class TestPositionText(unittest.TestCase):
    def test_deal_text(self) -> None:
        text = format_text(TriPeaks(1))
        assert text == (
            "tripeaks wrap=on open=off | table Jd 2d 9h Jc 5d 7h 7c 5h Kd Kc 9s 5s Ad Qc Kh 3h"
            " 2s Ks 9D QD JS AS AH 3C 4C 5C TS QH | waste 4H | stock AC 4D 7S 3S TD 4S TH 8H"
            " 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H"
        )
        assert format_position(TriPeaks(1)) == text

    def test_round_trip_after_moves(self) -> None:
        game = TriPeaks(1, rules=TriPeaksRules(wrap=False))
        game.replay(["3C", "4C", "s", "s", "s"])
        text = format_text(game)
        assert "| table Jd 2d 9h Jc 5d 7h 7c 5h Kd Kc 9s 5s Ad Qc KH" in text
        assert "-- -- 5C TS QH | waste 4H 3C 4C AC 4D 7S | stock 3S TD" in text
        assert text.startswith("tripeaks wrap=off open=off |")
        back = parse_text(text)
        assert back == game and back.key() == game.key()
        assert format_text(back) == text

    def test_empty_stock_and_wrapped_text(self) -> None:
        game = TriPeaks(2, rules=TriPeaksRules(open=True))
        for _ in range(23):
            game.push_text("s")
        text = format_text(game)
        assert text.endswith("| stock -")
        assert parse_text(text.replace(" | ", "\n|\n").replace(" ", "\n")) == game

    def test_defaults_in_header(self) -> None:
        text = format_text(TriPeaks(3)).replace("wrap=on open=off", "")
        assert parse_text(text) == TriPeaks(3)

    def test_malformed(self) -> None:
        good = format_text(TriPeaks(1))
        head, table, waste, stock = good.split(" | ")
        toks = table.split()
        cases = [
            ("nonsense", "4 sections"),
            (good.replace("tripeaks", "klondike"), "start with the game name 'tripeaks'"),
            (good.replace("wrap=on", "wrap=maybe"), "wrap must be on or off"),
            (good.replace("wrap=on", "draw=3"), "unknown header field 'draw=3'"),
            (good.replace("open=off", "wrap=off"), "given twice"),
            (f"{head} | tableau {table[6:]} | {waste} | {stock}", "expected the section 'table'"),
            (f"{head} | {table} | {stock} | {waste}", "expected the section 'waste'"),
            (f"{head} | {' '.join(toks[:-1])} | {waste} | {stock}", "needs 28 places .*found 27"),
            (good.replace("Jd", "Xd"), "unknown token 'Xd' in place 1 of the table"),
            (good.replace("waste 4H", "waste -"), "the waste is never empty"),
            (good.replace("waste 4H", "waste"), "the waste is never empty"),
            (f"{head} | {table} | {waste} | stock", "stock section is blank"),
            (good.replace("stock AC", "stock Ac"), "write cards off the table with an upper"),
            (good.replace("stock AC", "stock 4H"), "duplicate card 4H"),
            (good.replace(" AC", ""), "missing: AC"),
            (good.replace("Jd", "JD"), "place 1: JD is face up, but the card of place 4"),
            (good.replace("9D", "9d"), "place 19: 9D is face down, but nothing covers it"),
            (good.replace("Jd", "--").replace("waste 4H", "waste 4H JD"), "place 1 is empty"),
            (good.replace("open=off", "open=on"), "place 1: JD is face down, but in open rules"),
        ]
        for text, words in cases:
            with pytest.raises(InvalidPositionError, match=words):
                parse_text(text)
        with pytest.raises(InvalidPositionError, match="must be text"):
            parse_text(None)  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="unknown format"):
            format_position(TriPeaks(1), "solvitaire")
