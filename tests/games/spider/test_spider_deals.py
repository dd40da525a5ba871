"""Spider deal numbers: KPat's and PySolFC's layouts against golden deals printed by the real
programs' own code (see the headers of tests/data/spider/*.txt)."""

from __future__ import annotations

import unittest
from pathlib import Path

import pytest

from kosynka.cards import Card
from kosynka.errors import InvalidNotationError
from kosynka.games.spider import Spider, SpiderRules, spider_layout
from kosynka.games.spider.deals import (
    MAX_DEAL,
    kpat_deck,
    kpat_shuffled,
    pysol_deck,
    random_deal_number,
)

DATA = Path(__file__).parent.parent.parent / "data" / "spider"
PYSOL_GAMES = {"269": 1, "270": 2, "11": 4}
"""PySolFC's game ids: Spider (1 Suit), Spider (2 Suits), Spider."""


def read_golden(name: str) -> list[tuple[str, int, list[list[str]], list[str]]]:
    """(game, deal number, columns bottom to top, stock in dealing order) per golden deal."""
    lines = [ln for ln in (DATA / name).read_text().splitlines() if ln and not ln.startswith("#")]
    out = []
    for head, tableau, rows in zip(lines[::3], lines[1::3], lines[2::3], strict=True):
        game, number = head.split()[:2]
        assert tableau.startswith("  tableau ") and rows.startswith("  rows ")
        columns = [c.split() for c in tableau.removeprefix("  tableau ").split("/")]
        stock = rows.removeprefix("  rows ").replace("|", " ").split()
        out.append((game, int(number), columns, stock))
    return out


def tokens(number: int, suits: int, numbering: str) -> tuple[list[list[str]], list[str]]:
    """Our layout written like the golden files (face-down cards with a lower-case suit)."""
    layout = spider_layout(number, suits, numbering)
    columns = [
        [c.text() if j == len(col) - 1 else c.text()[:-1] + c.text()[-1].lower()
         for j, c in enumerate(col)]
        for col in layout.columns
    ]  # fmt: skip
    return columns, [c.text() for c in layout.stock]


class TestKpat(unittest.TestCase):
    def test_matches_kpat(self) -> None:
        golden = read_golden("kpat_deals.txt")
        assert len(golden) == 30
        assert {int(g) for g, *_ in golden} == {1, 2, 4}
        assert max(n for _, n, *_ in golden) == MAX_DEAL["kpat"] == 2_147_483_647
        for suits, number, columns, stock in golden:
            assert tokens(number, int(suits), "kpat") == (columns, stock), (suits, number)

    def test_kpat_shuffle_is_kpats_generator(self) -> None:
        # KPat's own unit test of its shuffle (autotests/shuffle_test.cpp): one deck ordered
        # rank by rank in suits C, D, H, S, seed 1, comes out starting 6H 2H 9C 6S TC 8C.
        deck = [f"{r}{s}" for r in "A23456789TJQK" for s in "CDHS"]
        assert kpat_shuffled(deck, 1)[:6] == ["6H", "2H", "9C", "6S", "TC", "8C"]
        assert sorted(c.index for c in kpat_deck(1, 4)) == sorted(list(range(52)) * 2)


class TestPysol(unittest.TestCase):
    def test_matches_pysolfc(self) -> None:
        golden = read_golden("pysol_deals.txt")
        assert len(golden) == 36
        for game, number, columns, stock in golden:
            suits = PYSOL_GAMES[game]
            if suits < 4:  # PySolFC's one- and two-suit games use clubs where we use spades
                columns = [[t.replace("C", "S").replace("c", "s") for t in c] for c in columns]
                stock = [t.replace("C", "S") for t in stock]
            assert tokens(number, suits, "pysol") == (columns, stock), (game, number)

    def test_generator_switch_at_32000(self) -> None:
        # PySolFC uses its LCG below 32000 and the Mersenne Twister from 32000 on.
        numbers = {n for _, n, *_ in read_golden("pysol_deals.txt")}
        assert {31999, 32000} <= numbers
        assert len(pysol_deck(32000, 4)) == 104

    def test_six_card_columns(self) -> None:
        layout = spider_layout(5, 4, "pysol")
        assert [len(c) for c in layout.columns] == [6, 5, 5, 6, 5, 5, 6, 5, 5, 6]


class TestNumbers(unittest.TestCase):
    def test_reproducible(self) -> None:
        for numbering in ("kpat", "pysol"):
            n = random_deal_number(numbering)
            a = Spider(n, rules=SpiderRules(suits=4), numbering=numbering)
            b = Spider(n, rules=SpiderRules(suits=4), numbering=numbering)
            assert a == b and a.deal_number == n and a.numbering == numbering

    def test_distinct(self) -> None:
        keys = {Spider(n, rules=SpiderRules(suits=2)).key() for n in range(1, 100)}
        assert len(keys) == 99

    def test_suit_counts_share_the_shuffle(self) -> None:
        # KPat keeps its numbering across suit counts: the same places hold the same ranks.
        one, four = spider_layout(77, 1, "kpat"), spider_layout(77, 4, "kpat")
        assert [c.rank for c in one.stock] == [c.rank for c in four.stock]

    def test_bad_numbers(self) -> None:
        for numbering in ("kpat", "pysol"):
            for bad in (0, -5, MAX_DEAL[numbering] + 1):
                with pytest.raises(InvalidNotationError, match="out of range"):
                    spider_layout(bad, 2, numbering)
        with pytest.raises(InvalidNotationError, match="integer"):
            Spider("12")  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="numbering"):
            spider_layout(1, 2, "windows")
        with pytest.raises(InvalidNotationError, match="suits"):
            spider_layout(1, 3, "kpat")

    def test_layout_game(self) -> None:
        layout = spider_layout(3, 4, "pysol")
        g = Spider(layout, rules=SpiderRules(suits=4))
        assert g.deal_number is None and g.column(0) == list(layout.columns[0])
        assert g.stock()[:1] == [Card.parse(layout.stock[0].text())]
