"""Spider as the house sees it: the registry, the spec's options, numberings, formats and
the terminal drawing."""

from __future__ import annotations

import unittest

import pytest

from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.base import detect_position, game_class, game_spec, spec_of
from kosynka.games.spider import SPEC, Move, Spider, SpiderRules, SpiderSpec, format_text
from tests.games.spider.spider_positions import position

RUN_H = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


class TestRegistry(unittest.TestCase):
    def test_found_by_name(self) -> None:
        assert isinstance(SPEC, SpiderSpec)
        assert game_spec("spider") is SPEC and game_spec(" Spider ") is SPEC
        assert game_class("spider") is Spider and Spider.name == "spider"
        assert spec_of(Spider(1)) is SPEC
        assert SPEC.game_class is Spider

    def test_titles(self) -> None:
        assert SPEC.titles == {"en": "Spider", "ru": "Паук"}


class TestOptions(unittest.TestCase):
    def test_suits_option(self) -> None:
        (opt,) = SPEC.options
        assert (opt.name, opt.flag, opt.values, opt.default) == ("suits", "--suits", (1, 2, 4), 2)
        assert not opt.is_switch
        assert opt.parse("4") == 4 and opt.parse(" 1 ") == 1
        for bad in ("3", "four", ""):
            with pytest.raises(InvalidNotationError, match="suits"):
                opt.parse(bad)

    def test_make_rules(self) -> None:
        assert SPEC.make_rules() == SpiderRules(suits=2)
        assert SPEC.make_rules(suits=4).text() == "suits=4"
        assert SPEC.make_rules(suits="1") == SpiderRules(suits=1)
        assert SPEC.rules_from({"suits": None, "draw": 3}) == SpiderRules(suits=2)
        with pytest.raises(InvalidNotationError, match="draw"):
            SPEC.make_rules(draw=3)
        with pytest.raises(InvalidNotationError, match="suits"):
            SPEC.make_rules(suits=3)


class TestDeals(unittest.TestCase):
    def test_numberings(self) -> None:
        assert SPEC.numberings == ("kpat", "pysol")
        assert SPEC.default_numbering() == "kpat"
        assert SPEC.max_deal() == 2**31 - 1 and SPEC.max_deal("pysol") == 10**20 - 1
        with pytest.raises(InvalidNotationError, match="numbering"):
            SPEC.check_numbering("microsoft")

    def test_deal(self) -> None:
        rules = SpiderRules(suits=4)
        g = SPEC.deal(5, rules, "pysol")
        assert g == Spider(5, rules=rules, numbering="pysol") and g.numbering == "pysol"
        assert SPEC.deal(5).rules == SpiderRules(suits=2) and SPEC.deal(5).numbering == "kpat"
        for bad in (0, 2**31):
            with pytest.raises(InvalidNotationError, match="out of range"):
                SPEC.deal(bad)
        for numbering in SPEC.numberings:
            assert 1 <= SPEC.random_deal_number(numbering) <= SPEC.max_deal(numbering)


class TestFormats(unittest.TestCase):
    def test_text_round_trip(self) -> None:
        g = Spider(8, rules=SpiderRules(suits=1))
        text = SPEC.write_position(g)
        assert SPEC.formats == ("text",)
        assert SPEC.detect_format(text) == "text"
        assert SPEC.read_position(text) == g and SPEC.read_position(text, "text") == g
        assert detect_position(text) == (SPEC, "text")

    def test_other_text(self) -> None:
        assert SPEC.detect_format("klondike draw=1 | tableau ...") is None
        assert SPEC.detect_format("") is None
        with pytest.raises(InvalidPositionError, match="not a Spider position"):
            SPEC.read_position("klondike draw=1")
        with pytest.raises(InvalidNotationError, match="format"):
            SPEC.read_position(format_text(Spider(1)), "solvitaire")
        with pytest.raises(InvalidNotationError, match="format"):
            SPEC.write_position(Spider(1), "json")


class TestRender(unittest.TestCase):
    def test_fresh_deal(self) -> None:
        g = Spider(1, rules=SpiderRules(suits=4))
        lines = SPEC.render(g).splitlines()
        assert lines[0].startswith("Spider, 4 suits") and "face down 44" in lines[0]
        assert "5 rows left" in lines[1] and "removed 0 of 8" in lines[1]
        assert lines[3].split() == [str(i) for i in range(1, 11)]
        assert lines[4].split() == ["##"] * 10
        assert lines[8].split() == ["##"] * 4 + [str(g.column(i)[-1]) for i in range(4, 10)]
        assert lines[9].split() == [str(g.column(i)[-1]) for i in range(4)]
        assert len(lines) == 10

    def test_after_a_run_is_removed(self) -> None:
        g = position(["* 5c " + RUN_H, "7D AH"] + ["-"] * 8, suits=4)
        g.push(Move.parse("2:AH>1"))
        text = SPEC.render(g)
        assert "removed 1 of 8: H" in text and "0 rows left" in text

    def test_one_suit_and_empty_tableau(self) -> None:
        g = position(["-"] * 10, suits=1, removed="S S S S S S S S")
        text = SPEC.render(g)
        assert text.startswith("Spider, 1 suit ") and "(the tableau is empty)" in text
        assert g.is_won()
