"""TriPeaks as the house sees it: the spec (registered by the package), the terminal drawing."""

from __future__ import annotations

import unittest

import pytest

from kosynka.errors import InvalidNotationError
from kosynka.games import game_names
from kosynka.games.tripeaks import SPEC, TriPeaks, TriPeaksRules, TriPeaksSpec
from kosynka.games.tripeaks.notation import format_text
from kosynka.games.tripeaks.spec import render


class TestSpec(unittest.TestCase):
    def test_registered_at_import(self) -> None:
        assert "tripeaks" in game_names()
        assert isinstance(SPEC, TriPeaksSpec) and SPEC.name == TriPeaks.name == "tripeaks"

    def test_rules_and_options(self) -> None:
        assert SPEC.make_rules() == TriPeaksRules()
        assert SPEC.make_rules(wrap=False) == TriPeaksRules(wrap=False, open=False)
        assert SPEC.rules_from({"open": True, "draw": 3}) == TriPeaksRules(open=True)
        with pytest.raises(InvalidNotationError, match="unknown TriPeaks rule option"):
            SPEC.make_rules(draw=3)
        with pytest.raises(InvalidNotationError, match="wrap must be true or false"):
            TriPeaksRules(wrap="yes")  # type: ignore[arg-type]
        wrap, open_ = SPEC.options
        assert (wrap.name, wrap.flag, wrap.default) == ("wrap", "--no-wrap", True)
        assert wrap.is_switch and open_.is_switch
        assert (open_.name, open_.flag, open_.default) == ("open", "--open", False)
        assert wrap.parse("off") is False and open_.parse("on") is True
        with pytest.raises(InvalidNotationError, match="wrap must be on or off"):
            wrap.parse("sometimes")

    def test_deals_and_positions(self) -> None:
        assert SPEC.max_deal() == 10**20 - 1 and SPEC.numberings == ("pysol",)
        game = SPEC.deal(5, TriPeaksRules(wrap=False))
        assert game.deal_number == 5 and not game.rules.wrap
        assert 1 <= SPEC.random_deal_number() <= SPEC.max_deal()
        with pytest.raises(InvalidNotationError):
            SPEC.deal(0)
        text = SPEC.write_position(game)
        assert text == format_text(game) and text.startswith("tripeaks ")
        assert SPEC.detect_format(text) == "text"
        assert SPEC.detect_format("klondike draw=1") is None
        assert SPEC.read_position(text) == game
        with pytest.raises(InvalidNotationError, match="unknown format"):
            SPEC.read_position(text, "solvitaire")


class TestRender(unittest.TestCase):
    def test_fresh_deal(self) -> None:
        assert render(TriPeaks(1)) == "\n".join(
            [
                "TriPeaks, King and Ace next to each other: on   table 28   face down 18",
                "",
                "         ##                ##                ##",
                "      ##    ##          ##    ##          ##    ##",
                "   ##    ##    ##    ##    ##    ##    ##    ##    ##",
                "9D    QD    JS    AS    AH    3C    4C    5C    TS    QH",
                "",
                "stock [23]   waste 4H (1)",
            ]
        )
        assert SPEC.render(TriPeaks(1)) == render(TriPeaks(1))

    def test_after_moves(self) -> None:
        game = TriPeaks(1, rules=TriPeaksRules(wrap=False, open=True))
        game.replay(["3C", "4C"])
        lines = render(game).splitlines()
        assert lines[0].startswith("TriPeaks, King and Ace next to each other: off, open")
        assert lines[3] == "      JC    5D          7H    7C          5H    KD"
        assert lines[4] == "   KC    9S    5S    AD    QC    KH    3H    2S    KS"
        assert lines[5] == "9D    QD    JS    AS    AH                5C    TS    QH"
        assert lines[-1] == "stock [23]   waste 4C (3)"
