"""TriPeaks deal numbers: our layouts against golden deals printed by PySolFC's own code (see
the header of tests/data/tripeaks/pysol_deals.txt)."""

from __future__ import annotations

import unittest

import pytest

from kosynka.errors import InvalidNotationError
from kosynka.games.tripeaks import TriPeaks, TriPeaksRules, tripeaks_layout
from kosynka.games.tripeaks.deals import MAX_DEAL, check_deal_number, random_deal_number
from tests.games.tripeaks.tripeaks_board import read_golden

ASKED = {1, 2, 3, 100, 31999, 32000, 123456789, 10**19 + 7}
"""The game numbers the goldens must hold at least."""


def tokens(game: TriPeaks) -> tuple[list[str], str, list[str]]:
    """Our deal written as the golden file writes it (face-down cards with a lower-case suit)."""
    places = []
    for i in range(28):
        card = game.place(i)
        assert card is not None
        t = card.text()
        places.append(t if game.is_face_up(i) else t[:-1] + t[-1].lower())
    return places, game.waste_top().text(), [c.text() for c in game.stock()]


class TestPysol(unittest.TestCase):
    def test_matches_pysolfc(self) -> None:
        golden = read_golden()
        assert {n for n, *_ in golden} >= ASKED
        for number, generator, places, waste, stock in golden:
            assert generator == ("LCRandom31" if number < 32000 else "MTRandom")
            game = TriPeaks(number)
            assert tokens(game) == (places, waste, stock), number
            assert len(game.waste()) == 1

    def test_layout_matches_game(self) -> None:
        for number in (1, 32000, 10**20 - 1):
            layout = tripeaks_layout(number)
            game = TriPeaks(number)
            assert tuple(game.place(i) for i in range(28)) == layout.places
            assert game.waste() == [layout.waste]
            assert tuple(game.stock()) == layout.stock
            assert len({*layout.places, layout.waste, *layout.stock}) == 52

    def test_open_deals_the_same_cards_face_up(self) -> None:
        closed, opened = TriPeaks(617), TriPeaks(617, rules=TriPeaksRules(open=True))
        assert [closed.place(i) for i in range(28)] == [opened.place(i) for i in range(28)]
        assert [closed.is_face_up(i) for i in range(28)] == [i >= 18 for i in range(28)]
        assert all(opened.is_face_up(i) for i in range(28))
        assert opened.face_down_count() == 0 and closed.face_down_count() == 18


class TestRange(unittest.TestCase):
    def test_range(self) -> None:
        assert MAX_DEAL["pysol"] == 10**20 - 1
        assert check_deal_number(10**20 - 1) == 10**20 - 1
        for bad in (0, -1, 10**20):
            with pytest.raises(InvalidNotationError, match="out of range"):
                TriPeaks(bad)
        with pytest.raises(InvalidNotationError, match="integer"):
            check_deal_number("12")  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="integer"):
            check_deal_number(True)
        with pytest.raises(InvalidNotationError, match="unknown numbering"):
            TriPeaks(1, numbering="kpat")

    def test_random_deal_number(self) -> None:
        for _ in range(20):
            n = random_deal_number()
            assert 1 <= n <= MAX_DEAL["pysol"]
            assert TriPeaks(n).deal_number == n
