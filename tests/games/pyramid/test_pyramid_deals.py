"""Deal numbers: PySolFC's Pyramid layouts, against goldens printed by PySolFC's own code."""

from __future__ import annotations

import unittest
from pathlib import Path

import pytest

from kosynka.cards import ALL_CARDS
from kosynka.errors import InvalidNotationError
from kosynka.games.pyramid import COVERED_BY, ROW_OF, Pyramid
from kosynka.games.pyramid.deals import (
    check_deal_number,
    layout_from_deck,
    parse_deal_number,
    pyramid_layout,
    random_deal_number,
)

GOLDENS = Path(__file__).parents[2] / "data" / "pyramid" / "pysol_deals.txt"


def read_goldens() -> list[tuple[int, str, list[str], list[str]]]:
    """(game number, PySolFC's generator, the 28 places, the stock top to bottom) per line."""
    out = []
    for line in GOLDENS.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, stock = line.split(" | stock ")
        number, generator, word, *places = head.split()
        assert word == "places"
        out.append((int(number), generator, places, stock.split()))
    return out


class TestPysolGoldens(unittest.TestCase):
    def test_goldens_cover_the_asked_numbers(self) -> None:
        numbers = {n for n, *_ in read_goldens()}
        assert {1, 2, 3, 100, 31999, 32000, 123456789, 10**19 + 7} <= numbers
        # PySolFC's switch between its generators is at 32000.
        assert {g for n, g, *_ in read_goldens() if n < 32000} == {"LCRandom31"}
        assert {g for n, g, *_ in read_goldens() if n >= 32000} == {"MTRandom"}

    def test_every_golden_matches(self) -> None:
        for number, _, places, stock in read_goldens():
            layout = pyramid_layout(number)
            assert [str(c) for c in layout.places] == places, number
            assert [str(c) for c in layout.stock] == stock, number
            game = Pyramid(number)
            assert [str(c) for c in game.places() if c is not None] == places
            assert [str(c) for c in game.stock()] == stock
            assert game.waste() == [] and game.pass_number == 1


class TestLayout(unittest.TestCase):
    def test_every_deal_is_a_deck(self) -> None:
        for n in (1, 31999, 32000, 10**20 - 1):
            layout = pyramid_layout(n)
            cards = list(layout.places) + list(layout.stock)
            assert sorted(c.index for c in cards) == list(range(52))
            assert len(layout.places) == 28 and len(layout.stock) == 24

    def test_geometry(self) -> None:
        assert ROW_OF[:4] == (0, 1, 1, 2) and ROW_OF[-1] == 6
        assert COVERED_BY[0] == (1, 2)
        assert COVERED_BY[1] == (3, 4) and COVERED_BY[2] == (4, 5)
        assert COVERED_BY[20] == (26, 27)
        assert all(COVERED_BY[p] == () for p in range(21, 28))

    def test_layout_from_deck(self) -> None:
        deck = list(ALL_CARDS)
        layout = layout_from_deck(deck)
        assert layout.places[0] == ALL_CARDS[51] and layout.stock[-1] == ALL_CARDS[0]
        with pytest.raises(InvalidNotationError):
            layout_from_deck(deck[:51])


class TestNumbers(unittest.TestCase):
    def test_range(self) -> None:
        assert check_deal_number(1) == 1
        assert check_deal_number(10**20 - 1) == 10**20 - 1
        for bad in (0, -1, 10**20):
            with pytest.raises(InvalidNotationError, match="out of range"):
                check_deal_number(bad)
        with pytest.raises(InvalidNotationError, match="integer"):
            check_deal_number(True)
        with pytest.raises(InvalidNotationError, match="numbering"):
            check_deal_number(1, "kpat")

    def test_parse(self) -> None:
        assert parse_deal_number("#123") == 123
        with pytest.raises(InvalidNotationError, match="not a deal number"):
            parse_deal_number("12a")
        with pytest.raises(InvalidNotationError, match="too long"):
            parse_deal_number("1" * 30)

    def test_random(self) -> None:
        n = random_deal_number()
        assert check_deal_number(n) == n
        with pytest.raises(InvalidNotationError):
            Pyramid(0)
