"""FreeCell in the registry of games: its GameSpec, the terminal picture, and the docstring
examples of the package."""

from __future__ import annotations

import unittest

import pytest

import kosynka.games.freecell as fc
from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.base import detect_position, game_class, game_spec
from kosynka.games.freecell.notation import format_fcs, format_text


class TestRegistry(unittest.TestCase):
    def test_registered_by_name(self) -> None:
        assert game_class("freecell") is fc.FreeCell
        s = game_spec("FreeCell")
        assert isinstance(s, fc.FreeCellSpec) and s is fc.SPEC
        assert s.game_class is fc.FreeCell
        assert s.titles == {"en": "FreeCell", "ru": "Свободная ячейка"}
        assert s.numberings == ("ms", "pysol") and s.default_numbering() == "ms"
        assert s.formats == ("text", "fcs")

    def test_options(self) -> None:
        cells, ret = fc.SPEC.options
        assert (cells.name, cells.flag, cells.default, cells.values) == (
            "cells", "--cells", 4, (0, 1, 2, 3, 4),
        )  # fmt: skip
        assert not cells.is_switch and cells.parse("2") == 2
        with pytest.raises(InvalidNotationError, match=r"0\.\.4"):
            cells.parse("5")
        assert (ret.name, ret.flag, ret.default) == (
            "foundation_return", "--no-foundation-return", True,
        )  # fmt: skip
        assert ret.is_switch and ret.parse("off") is False
        with pytest.raises(InvalidNotationError):
            ret.parse("maybe")

    def test_make_rules(self) -> None:
        s = fc.SPEC
        assert s.make_rules() == fc.FreeCellRules()
        assert s.make_rules(cells=2, foundation_return=False).text() == "cells=2 return=off"
        assert s.rules_from({"cells": 3, "draw": 1, "foundation_return": None}).cells == 3
        with pytest.raises(InvalidNotationError, match="draw"):
            s.make_rules(draw=3)
        with pytest.raises(InvalidNotationError, match="cells"):
            s.make_rules(cells=7)

    def test_deals(self) -> None:
        s = fc.SPEC
        game = s.deal(1)
        assert game == fc.FreeCell(1) and game.deal_number == 1 and game.numbering == "ms"
        small = s.deal(32001, s.make_rules(cells=1), "pysol")
        assert small == fc.FreeCell(32001, rules=fc.FreeCellRules(cells=1), numbering="pysol")
        assert s.max_deal() == 2**33 - 1 and s.max_deal("pysol") == 10**20 - 1
        assert 1 <= s.random_deal_number() <= s.max_deal()
        assert s.check_deal_number(2**33 - 1) == 2**33 - 1
        with pytest.raises(InvalidNotationError, match="out of range"):
            s.check_deal_number(2**33)
        with pytest.raises(InvalidNotationError, match="numbering"):
            s.deal(1, numbering="kpat")
        with pytest.raises(InvalidNotationError, match="not FreeCell rules"):
            s.deal(1, rules="cells=4")

    def test_positions(self) -> None:
        s = fc.SPEC
        game = fc.FreeCell(7)
        text = s.write_position(game)
        assert text == format_text(game) and s.detect_format(text) == "text"
        assert s.read_position(text) == game
        board = s.write_position(game, "fcs")
        assert board == format_fcs(game) and s.detect_format(board) == "fcs"
        few = s.make_rules(cells=2)
        assert s.read_position(board.replace("- - - -", "- -"), "fcs", few).rules == few
        assert detect_position(text) == (s, "text")
        assert detect_position(board) == (s, "fcs")
        with pytest.raises(InvalidNotationError, match="unknown format"):
            s.read_position(text, "solvitaire")
        with pytest.raises(InvalidPositionError):
            s.read_position("freecell cells=4 | tableau")

    def test_render(self) -> None:
        game = fc.FreeCell(1)
        game.push_text("8C>c")
        game.push_text("6S>c3")
        picture = fc.SPEC.render(game)
        lines = picture.splitlines()
        assert lines[0].startswith("FreeCell, 4 free cells, foundation return on")
        assert "deal 1 (ms)" in lines[0] and "moves 2" in lines[0]
        assert "cells [8C] [  ] [6S] [  ]" in lines[1]
        assert "longest group 3" in lines[1]
        assert lines[3].split() == [str(i) for i in range(1, 9)]
        assert lines[4].split() == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
        assert len(lines) == 4 + 7
        empty = fc.parse_text(
            "freecell cells=0 return=off | tableau - / - / - / - / - / - / - / - | cells"
            " | foundations KC KD KH KS"
        )
        assert "(the tableau is empty)" in fc.SPEC.render(empty)
        assert "cells (none)" in fc.SPEC.render(empty)
