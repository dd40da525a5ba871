"""Pyramid's move text and position text: what is read, what is written, what is refused."""

from __future__ import annotations

import unittest

import pytest

from kosynka.cards import Card
from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.pyramid import Move, Pyramid, PyramidRules
from kosynka.games.pyramid.notation import (
    detect_format,
    format_position,
    format_text,
    parse_goal,
    parse_passes,
    parse_text,
)


class TestMoveText(unittest.TestCase):
    def test_read_and_write(self) -> None:
        assert str(Move.parse("8H+5C")) == "8H+5C"
        assert Move.parse("5C+8H") == Move.parse("8H+5C")
        assert str(Move.parse(" 5c + 8h ")) == "8H+5C"
        assert str(Move.parse("10d+3s")) == "TD+3S"
        assert str(Move.parse("AH+QS")) == "QS+AH"
        assert str(Move.parse("ks")) == "KS"
        assert Move.parse("S") == Move.stock() and str(Move.stock()) == "s"
        assert Move.parse("r") == Move.redeal() and str(Move.redeal()) == "r"
        assert repr(Move.parse("5c+8h")) == "Move.parse('8H+5C')"

    def test_values(self) -> None:
        eight, five = Card.parse("8H"), Card.parse("5C")
        assert Move.pair(five, eight) == Move.pair(eight, five)
        assert Move.pair(five, eight).cards == (eight, five)
        assert Move.king(Card.parse("KD")).cards == (Card.parse("KD"),)
        assert Move.stock().is_removal is False and Move.pair(five, eight).is_removal
        # Equal ranks (never a legal pair) still get one order: the higher card index first.
        assert str(Move.parse("QC+QH")) == "QH+QC"

    def test_refused_text(self) -> None:
        cases = {
            "": "empty move",
            "   ": "empty move",
            "8H+": "not a move",
            "+5C": "not a move",
            "8H+5C+KS": "not a move",
            "8H5C": "not a card",
            "XH": "not a card",
            "8H+8H": "two different cards",
            "t": "not a card",
        }
        for text, words in cases.items():
            with pytest.raises(InvalidNotationError, match=words):
                Move.parse(text)
        with pytest.raises(InvalidNotationError, match="must be text"):
            Move.parse(5)  # type: ignore[arg-type]

    def test_refused_values(self) -> None:
        h8 = Card.parse("8H")
        with pytest.raises(InvalidNotationError, match="twice"):
            Move((h8, h8))
        with pytest.raises(InvalidNotationError, match="one card or a pair"):
            Move(())
        with pytest.raises(InvalidNotationError, match="one card or a pair"):
            Move((h8, h8, h8))
        with pytest.raises(InvalidNotationError, match="stock move"):
            Move((h8,), "s")
        with pytest.raises(InvalidNotationError, match="stock move"):
            Move((), "x")


GAME_1 = (
    "pyramid passes=3 goal=pyramid | table JD / 2D 9H / JC 5D 7H / 7C 5H KD KC /"
    " 9S 5S AD QC KH / 3H 2S KS 9D QD JS / AS AH 3C 4C 5C TS QH | stock 4H AC 4D 7S 3S TD"
    " 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H | waste - | pass 1"
)


class TestPositionText(unittest.TestCase):
    def test_write(self) -> None:
        assert format_text(Pyramid(1)) == GAME_1
        assert format_position(Pyramid(1), "text") == GAME_1
        game = Pyramid(1, rules=PyramidRules(passes=None, goal="all"))
        game.replay(["QH+AS", "s", "s"])
        text = format_text(game)
        assert text.startswith("pyramid passes=unlimited goal=all | table JD /")
        assert " / -- AH 3C 4C 5C TS -- | stock 4D 7S " in text
        assert text.endswith(" | waste 4H AC | pass 1")
        with pytest.raises(InvalidNotationError, match="unknown format"):
            format_position(game, "solvitaire")

    def test_read(self) -> None:
        assert parse_text(GAME_1) == Pyramid(1)
        # Wrapped, without the row marks, any case.
        flat = GAME_1.replace(" / ", " ").replace(" | ", "\n| ").lower()
        assert parse_text(flat.replace("pyramid passes", "PYRAMID passes")) == Pyramid(1)
        # Header fields default to the standard rules.
        bare = GAME_1.replace("passes=3 goal=pyramid", "")
        assert parse_text(bare) == Pyramid(1)

    def test_round_trip_after_moves(self) -> None:
        game = Pyramid(32000, rules=PyramidRules(passes=2))
        game.replay(["s"] * 24 + ["r", "s"])
        back = parse_text(format_text(game))
        assert back == game and back.pass_number == 2
        assert format_text(back) == format_text(game)

    def test_detect(self) -> None:
        assert detect_format(GAME_1) == "text"
        assert detect_format("  Pyramid passes=1") == "text"
        assert detect_format("klondike draw=1") is None
        assert detect_format("") is None

    def test_option_values(self) -> None:
        assert parse_passes("unlimited") is None and parse_passes(" 2 ") == 2
        for bad in ("0", "4", "x", "-1"):
            with pytest.raises(InvalidNotationError, match="passes must be"):
                parse_passes(bad)
        assert parse_goal("All") == "all"
        with pytest.raises(InvalidNotationError, match="goal must be"):
            parse_goal("table")

    def test_refused(self) -> None:
        cases = [
            (GAME_1.replace("| pass 1", ""), "5 sections"),
            (GAME_1.replace("pyramid passes", "klondike passes"), "game name 'pyramid'"),
            (GAME_1.replace("goal=pyramid", "goal=pyramid draw=1"), "unknown header field"),
            (GAME_1.replace("goal=pyramid", "goal=pyramid goal=all"), "given twice"),
            (GAME_1.replace("passes=3", "passes=5"), "passes must be"),
            (GAME_1.replace("goal=pyramid", "goal=none"), "goal must be"),
            (GAME_1.replace("| table", "| tableau"), "expected the section 'table'"),
            (GAME_1.replace("| waste -", "| waste"), "waste is blank"),
            (GAME_1.replace("JD / 2D", "JD 2D /"), "rows must hold 1, 2, ..., 7"),
            (GAME_1.replace("JD / ", ""), "rows must hold"),
            (GAME_1.replace(" / ", " ").replace("JD ", ""), "needs 28 places"),
            (GAME_1.replace("/ 2D", "/ 2X"), "unknown token '2X' in place 2"),
            (GAME_1.replace("stock 4H", "stock 4Z"), "unknown token '4Z' in the stock"),
            (GAME_1.replace("| pass 1", "| pass"), "pass section needs one whole number"),
            (GAME_1.replace("| pass 1", "| pass 1 2"), "pass section needs one whole number"),
            (GAME_1.replace("| pass 1", "| pass x"), "pass section needs one whole number"),
            (GAME_1.replace("| pass 1", "| pass 4"), "beyond the rules' limit"),
            (GAME_1.replace("stock 4H", "stock JD"), "duplicate card JD"),
            (GAME_1.replace("stock 4H ", "stock "), "pairs making 13"),
            (GAME_1.replace("| table JD", "| table --"), "pairs making 13"),
        ]
        for text, words in cases:
            with pytest.raises(InvalidPositionError, match=words):
                parse_text(text)
        with pytest.raises(InvalidPositionError, match="must be text"):
            parse_text(None)  # type: ignore[arg-type]

    def test_removed_cards(self) -> None:
        game = Pyramid(1)
        game.replay(["QH+AS", "TS+3C"])
        text = format_text(game)
        assert "/ -- AH -- 4C 5C -- -- |" in text
        assert parse_text(text) == game
