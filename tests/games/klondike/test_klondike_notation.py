"""Position text and Solvitaire JSON: round trips and clear errors for malformed input."""

from __future__ import annotations

import json
import unittest

import pytest

from kosynka import InvalidPositionError, Klondike, KlondikeRules, Move
from kosynka.games.klondike.notation import (
    format_position,
    format_solvitaire,
    format_text,
    parse_position,
    parse_solvitaire,
    parse_text,
)
from tests.games.klondike.klondike_positions import position


class TestPositionText(unittest.TestCase):
    def test_fresh_deal_round_trip(self) -> None:
        for rules in (KlondikeRules(), KlondikeRules(draw=3, passes=3, foundation_return=False)):
            game = Klondike(99, rules=rules)
            text = format_text(game)
            assert text.startswith("klondike draw=")
            back = parse_text(text)
            assert back == game and back.rules == rules

    def test_layout_of_text(self) -> None:
        text = format_text(Klondike(1, numbering="kpat"))
        assert " | tableau JD / 2d 5H / 9h Kd QC / " in text
        assert text.endswith("| waste - | foundations - - - -")

    def test_wrapped_text_reads(self) -> None:
        game = Klondike(3)
        text = format_text(game).replace(" | ", "\n| ").replace(" / ", "\n / ")
        assert parse_text(text) == game

    def test_pass_number_kept(self) -> None:
        game = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="5C",
                        rules=KlondikeRules(passes=3))  # fmt: skip
        game.push(Move.draw())
        game.push(Move.recycle())
        back = parse_text(format_text(game))
        assert back.pass_number == 2 and back == game

    def test_errors_name_the_problem(self) -> None:
        good = format_text(Klondike(5))
        cases = {
            "": "5 sections",
            good.replace("klondike", "freecell", 1): "klondike",
            good.replace("draw=1", "draw=2"): "draw must be 1 or 3",
            good.replace("passes=unlimited", "passes=0"): "passes",
            good.replace("pass=1", "pass=x"): "pass must be a whole number",
            good.replace("return=on", "colour=on"): "unknown header field",
            good.replace(" / ", " ", 1): "7 columns",
            good.replace("tableau", "table"): "tableau",
            good.replace("foundations - - - -", "foundations - - -"): "4 entries",
            good.replace("foundations - - - -", "foundations AH - - -"): "is for C",
        }
        for text, needle in cases.items():
            with pytest.raises(InvalidPositionError, match=needle):
                parse_text(text)

    def test_wrong_cards(self) -> None:
        good = format_text(Klondike(5))
        stock = good.split("| stock ")[1].split(" |")[0].split()
        dup = good.replace(stock[0], stock[1], 1)
        with pytest.raises(InvalidPositionError, match="duplicate card"):
            parse_text(dup)
        missing = good.replace(f" {stock[0]} ", " ", 1)
        with pytest.raises(InvalidPositionError, match="missing"):
            parse_text(missing)
        with pytest.raises(InvalidPositionError, match="unknown token 'ZZ'"):
            parse_text(good.replace(f" {stock[0]} ", " ZZ ", 1))

    def test_impossible_layouts(self) -> None:
        with pytest.raises(InvalidPositionError, match="face down"):
            parse_text(format_text(Klondike(5)).replace("tableau 7H", "tableau 7h"))
        base = format_text(Klondike(5))
        col2 = base.split("tableau ")[1].split(" / ")[1]  # "9h JD"
        a, b = col2.split()
        flipped = base.replace(col2, f"{b} {a}", 1)
        with pytest.raises(InvalidPositionError, match="above a face-up card"):
            parse_text(flipped)
        with pytest.raises(InvalidPositionError, match="beyond the rules' limit"):
            parse_text(base.replace("passes=unlimited", "passes=2").replace("pass=1", "pass=3"))


class TestSolvitaire(unittest.TestCase):
    def test_shape(self) -> None:
        doc = json.loads(format_solvitaire(Klondike(1, numbering="kpat")))
        assert set(doc) == {"tableau piles", "stock", "waste", "foundations"}
        assert doc["tableau piles"][1] == ["2d", "5H"]
        assert len(doc["stock"]) == 24 and doc["foundations"] == [[], [], [], []]

    def test_tens_written_as_10(self) -> None:
        text = format_solvitaire(Klondike(1, numbering="kpat"))
        assert '"10' in text and '"T' not in text

    def test_round_trip_with_foundations(self) -> None:
        game = position(["* 6C", "-", "-", "-", "-", "-", "-"], foundations="- 3D 5H -",
                        waste="AS", stock="2S")  # fmt: skip
        back = parse_solvitaire(format_solvitaire(game))
        assert back == game
        doc = json.loads(format_solvitaire(game))
        assert doc["foundations"][2] == ["AH", "2H", "3H", "4H", "5H"]

    def test_rules_from_caller(self) -> None:
        text = format_solvitaire(Klondike(8))
        rules = KlondikeRules(draw=3, passes=1)
        assert parse_position(text, rules).rules == rules

    def test_uppercase_only_deal_reads(self) -> None:
        # Solvitaire's own deal files may show every card face up: a full-information deal.
        doc = json.loads(format_solvitaire(Klondike(8)))
        doc["tableau piles"] = [[c.upper() for c in p] for p in doc["tableau piles"]]
        game = parse_solvitaire(json.dumps(doc))
        assert game.face_down_count() == 0

    def test_errors(self) -> None:
        good = json.loads(format_solvitaire(Klondike(8)))
        bad_docs = {
            "{": "broken JSON",
            "[1, 2]": "must be an object",
            json.dumps({**good, "cells": []}): "unknown key",
            json.dumps({k: v for k, v in good.items() if k != "tableau piles"}): "tableau piles",
            json.dumps({**good, "tableau piles": good["tableau piles"][:6]}): "7 piles",
            json.dumps({**good, "stock": good["stock"][1:]}): "missing",
            json.dumps({**good, "stock": [*good["stock"], "XX"]}): "unknown token",
            json.dumps({**good, "stock": "AH"}): "list of card strings",
            json.dumps({**good, "foundations": [["2H"]]}): "from the Ace up",
        }
        for text, needle in bad_docs.items():
            with pytest.raises(InvalidPositionError, match=needle):
                parse_solvitaire(text)

    def test_detect(self) -> None:
        game = Klondike(4)
        for fmt in ("text", "solvitaire"):
            assert parse_position(format_position(game, fmt)) == game
