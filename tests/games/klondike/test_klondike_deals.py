"""Deal numbers: PySolFC's layouts (checked against pysol_cards) and KPat's."""

from __future__ import annotations

import re
import unittest

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from kosynka import Klondike
from kosynka.errors import InvalidNotationError
from kosynka.games.klondike.deals import klondike_layout, parse_deal_number, random_deal_number
from tests.pysolfc_reference import as_pysolfc_deals


def pysol_reference(number: int) -> tuple[list[list[str]], list[str]]:
    """(columns bottom to top, talon in draw order) as pysol_cards prints game #number."""
    with as_pysolfc_deals():
        text = PysolGame("klondike", number, RandomBase.DEALS_PYSOLFC).calc_layout_string(
            CardRenderer(True)
        )
    lines = text.strip().splitlines()
    talon = lines[0].removeprefix("Talon:").split()
    columns = [re.sub(r"[<>]", "", line).split() for line in lines[1:]]
    return columns, talon


class TestPysolNumbering(unittest.TestCase):
    def test_matches_pysol_cards(self) -> None:
        # 32000 is the first number PySolFC deals with its Mersenne Twister.
        numbers = [1, 2, 3, 617, 11982, 31999, 32000, 32001, 100000, 123456789, 10**15 + 7]
        for n in numbers:
            columns, talon = pysol_reference(n)
            layout = klondike_layout(n, "pysol")
            assert [[str(c) for c in col] for col in layout.columns] == columns, n
            assert [str(c) for c in reversed(layout.stock)] == talon, n

    def test_face_up_rule_matches(self) -> None:
        text = PysolGame("klondike", 5, RandomBase.DEALS_PYSOLFC).calc_layout_string(
            CardRenderer(True)
        )
        for line in text.strip().splitlines()[1:]:
            toks = line.split()
            assert all(t.startswith("<") for t in toks[:-1]) and not toks[-1].startswith("<")


class TestKpatNumbering(unittest.TestCase):
    def test_deal_one_first_row(self) -> None:
        layout = klondike_layout(1, "kpat")
        assert [str(col[0]) for col in layout.columns] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C"]

    def test_every_deal_is_a_deck(self) -> None:
        for n in (1, 2, 1000, 2**31, 2**32 - 1):
            layout = klondike_layout(n, "kpat")
            cards = [c for col in layout.columns for c in col] + list(layout.stock)
            assert sorted(c.index for c in cards) == list(range(52))
            assert [len(c) for c in layout.columns] == [1, 2, 3, 4, 5, 6, 7]


class TestNumbers(unittest.TestCase):
    def test_reproducible(self) -> None:
        for numbering in ("pysol", "kpat"):
            n = random_deal_number(numbering)
            a = Klondike(n, numbering=numbering)
            b = Klondike(n, numbering=numbering)
            assert a.key() == b.key()

    def test_distinct(self) -> None:
        keys = {Klondike(n).key() for n in range(1, 200)}
        assert len(keys) == 199

    def test_bad_numbers(self) -> None:
        for bad in ("0", "-5", "abc", "1e5", "", "100000000000000000000"):
            with pytest.raises(InvalidNotationError):
                parse_deal_number(bad)
        with pytest.raises(InvalidNotationError):
            parse_deal_number("4294967296", "kpat")
        with pytest.raises(InvalidNotationError, match="numbering"):
            klondike_layout(1, "windows")
        assert parse_deal_number("#42") == 42
