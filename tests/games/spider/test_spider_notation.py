"""Spider's position text: writing, reading, and the problems it refuses."""

from __future__ import annotations

import unittest

import pytest

from kosynka.errors import InvalidPositionError
from kosynka.games.spider import Move, Spider, SpiderRules, format_text, parse_text
from tests.games.spider.spider_positions import position

RUN_H = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH"


class TestWrite(unittest.TestCase):
    def test_fresh_deal(self) -> None:
        g = Spider(1, rules=SpiderRules(suits=2))
        text = format_text(g)
        header, tableau, stock, removed = (p.strip() for p in text.split("|"))
        assert header == "spider suits=2"
        columns = tableau.removeprefix("tableau ").split(" / ")
        assert len(columns) == 10
        for col in columns:
            toks = col.split()
            assert all(t[-1] in "sh" for t in toks[:-1]) and toks[-1][-1] in "SH"
        assert len(stock.split()) == 51 and stock.startswith("stock ")
        assert stock.split()[1:11] == [str(c) for c in g.stock()[:10]]
        assert removed == "removed -"

    def test_empty_column_stock_and_removed(self) -> None:
        g = position(["* 5c " + RUN_H[:-3], "7D AH"] + ["-"] * 8)
        g.push(Move.parse("2:AH>1"))
        text = format_text(g)
        assert text.endswith("| stock - | removed H")
        assert " / 7D / - / -" in text
        assert parse_text(text) == g

    def test_tens_are_t_and_read_as_10(self) -> None:
        g = position(["* 10C", "9H", "10D"] + ["-"] * 7)
        text = format_text(g)
        assert "TC / 9H / TD / -" in text and "10" not in text
        assert parse_text(text.replace("TD", "10D")) == g


class TestRead(unittest.TestCase):
    def test_round_trips_and_line_breaks(self) -> None:
        for suits in (1, 2, 4):
            g = Spider(42, rules=SpiderRules(suits=suits), numbering="pysol")
            text = format_text(g)
            assert parse_text(text) == g
            assert parse_text(text.replace(" / ", "\n/\n")) == g
            assert parse_text(text.replace("spider", "SPIDER", 1)) == g

    def test_removed_letters_and_symbols(self) -> None:
        g = position(["* 9H"] + ["-"] * 9, removed="S S")
        assert [s.letter for s in g.removed()] == ["S", "S"]
        text = format_text(g).replace("removed S S", "removed ♠ s")
        assert parse_text(text) == g


class TestRefused(unittest.TestCase):
    def setUp(self) -> None:
        self.good = format_text(Spider(3, rules=SpiderRules(suits=4)))

    def refused(self, text: str, match: str) -> None:
        with pytest.raises(InvalidPositionError, match=match):
            parse_text(text)

    def test_header(self) -> None:
        self.refused(self.good.replace("spider", "klondike", 1), "game name 'spider'")
        self.refused(self.good.replace("suits=4", "suits=3"), "suits must be 1, 2 or 4")
        self.refused(self.good.replace("suits=4", "suits=four"), "suits must be")
        self.refused(self.good.replace("suits=4", ""), "how many suits")
        self.refused(self.good.replace("suits=4", "suits=4 draw=1"), "unknown header field")
        self.refused(self.good.replace("suits=4", "suits=4 suits=4"), "twice")

    def test_sections(self) -> None:
        self.refused(self.good.rsplit("|", 1)[0], "4 sections")
        self.refused(self.good.replace("| stock", "| talon"), "section 'stock'")
        self.refused(self.good.replace("tableau", "columns"), "section 'tableau'")
        self.refused(self.good.replace(" / ", " ", 1), "10 columns")
        blank = format_text(position(["* 9H"] + ["-"] * 9))
        self.refused(blank.replace("/ - /", "/  /", 1), "blank")
        self.refused(self.good.replace("| removed -", "| removed X"), "suit letter")
        self.refused(self.good.replace("tableau ", "tableau ZZ ", 1), "unknown token 'ZZ'")

    def test_face_down_above_face_up(self) -> None:
        g = position(["* 9H"] + ["-"] * 9)
        bad = format_text(g).replace(" 9H /", " 9H 8s /")
        self.refused(bad, "face-down card 8s lies above a face-up card")

    def test_top_card_face_down(self) -> None:
        g = position(["* 9H"] + ["-"] * 9)
        self.refused(format_text(g).replace(" 9H /", " 9h /"), "top card is face down")

    def test_stock_rows(self) -> None:
        g = Spider(3, rules=SpiderRules(suits=4))
        toks = format_text(g).split("| stock ")[1].split(" | ")[0].split()
        self.refused(format_text(g).replace(" ".join(toks), " ".join(toks[:-1])), "whole rows")

    def test_card_counts(self) -> None:
        g = Spider(3, rules=SpiderRules(suits=4))
        text = format_text(g)
        # One card too many (a third copy) and one missing.
        first = str(g.column(4)[-1])
        other = str(g.column(5)[-1])
        self.refused(text.replace(f" {other} /", f" {first} /", 1), "3 times")
        # A suit the rules do not hold.
        g1 = Spider(3, rules=SpiderRules(suits=1))
        self.refused(format_text(g1).replace(" KS", " KH", 1), r"KH 1 times \(expected 0\)")
        self.refused(format_text(g1).replace("suits=1", "suits=2"), r"(2-suit|expected 4)")

    def test_removed_run_of_a_suit_not_in_play(self) -> None:
        g = position(["* 9S"] + ["-"] * 9, suits=1, removed="S")
        self.refused(format_text(g).replace("removed S", "removed H"), "removed run of hearts")

    def test_complete_run_at_the_open_end(self) -> None:
        with pytest.raises(InvalidPositionError, match="complete King-to-Ace run of hearts"):
            position(["* 5C " + RUN_H] + ["-"] * 9)
        # The same cards with the king face down are a legal position, as is a run under
        # another card.
        position(["* kh " + RUN_H[3:]] + ["-"] * 9)
        position(["* 5C " + RUN_H + " 9S"] + ["-"] * 9)

    def test_from_position_refusals(self) -> None:
        g = Spider(3, rules=SpiderRules(suits=4))
        columns = [g.column(i) for i in range(10)]
        hidden = [g.face_down_count(i) for i in range(10)]
        with pytest.raises(InvalidPositionError, match="10 columns"):
            Spider.from_position(columns[:9], hidden[:9], g.stock(), rules=g.rules)
        with pytest.raises(InvalidPositionError, match=r"suit must be 0\.\.3"):
            Spider.from_position(columns, hidden, g.stock(), [7], rules=g.rules)
        with pytest.raises(InvalidPositionError, match="face-down cards but only"):
            Spider.from_position(columns, [*hidden[:9], 9], g.stock(), rules=g.rules)
        with pytest.raises(InvalidPositionError, match="malformed"):
            Spider.from_position(columns, hidden, ["AS"], rules=g.rules)  # type: ignore[list-item]
        assert Spider.from_position(columns, hidden, g.stock(), rules=g.rules) == g
