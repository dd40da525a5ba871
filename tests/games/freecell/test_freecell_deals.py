"""FreeCell deal numbers: Microsoft/FreeCell Pro (``ms``) and PySolFC (``pysol``), checked
against pysol_cards and, when fc-solve's tools are installed, against its board generators."""

from __future__ import annotations

import shutil
import subprocess
import unittest

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from kosynka.errors import InvalidNotationError
from kosynka.games.freecell import FreeCell
from kosynka.games.freecell.deals import (
    MAX_DEAL,
    check_deal_number,
    freecell_columns,
    ms_order,
    parse_deal_number,
    random_deal_number,
)
from kosynka.games.freecell.notation import parse_fcs
from tests.pysolfc_reference import as_pysolfc_deals

NUMBERS = [
    1, 2, 3, 164, 617, 11982, 31999, 32000, 32001, 32002, 100_000, 1_234_567,
    2**31 - 1, 2**31, 2**31 + 1, 3_000_000_000, 2**32 - 1, 2**32, 2**32 + 1,
    6_000_000_000, 2**33 - 1,
]  # fmt: skip
"""Deal numbers either side of every border: PySolFC's 32,000 and FreeCell Pro's 2**31, 2**32
and 2**33 - 1."""


def pysol_reference(number: int, which: int) -> list[list[str]]:
    """The columns (bottom to top) as pysol_cards deals FreeCell game ``number``."""
    with as_pysolfc_deals():
        text = PysolGame("freecell", number, which).calc_layout_string(CardRenderer(True))
    return [line.split() for line in text.strip().splitlines()]


def texts(columns: tuple[tuple[object, ...], ...]) -> list[list[str]]:
    return [[str(c) for c in col] for col in columns]


class TestAgainstPysolCards(unittest.TestCase):
    def test_ms_numbers(self) -> None:
        for n in NUMBERS:
            assert texts(freecell_columns(n, "ms")) == pysol_reference(n, RandomBase.DEALS_MS), n

    def test_pysol_numbers(self) -> None:
        for n in [*NUMBERS, 10**12 + 7, 10**20 - 1]:
            ref = pysol_reference(n, RandomBase.DEALS_PYSOLFC)
            assert texts(freecell_columns(n, "pysol")) == ref, n

    def test_pysol_equals_ms_below_32000_only(self) -> None:
        for n in (1, 5000, 31999):
            assert freecell_columns(n, "pysol") == freecell_columns(n, "ms")
        for n in (32000, 32001, 100_000):
            assert freecell_columns(n, "pysol") != freecell_columns(n, "ms")


class TestKnownDeals(unittest.TestCase):
    def test_deal_one(self) -> None:
        cols = freecell_columns(1)
        assert [str(col[0]) for col in cols] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
        assert " ".join(map(str, cols[0])) == "JD KD 2S 4C 3S 6D 6S"
        assert " ".join(map(str, cols[7])) == "5H 3H 3C 7S 7D TC"

    def test_every_deal_is_a_deck(self) -> None:
        for n in NUMBERS:
            for numbering in ("ms", "pysol"):
                cols = freecell_columns(n, numbering)
                assert [len(c) for c in cols] == [7, 7, 7, 7, 6, 6, 6, 6]
                assert sorted(c.index for col in cols for c in col) == list(range(52))
        assert len(ms_order(11982)) == 52

    def test_distinct_and_reproducible(self) -> None:
        assert len({freecell_columns(n) for n in range(1, 300)}) == 299
        n = random_deal_number()
        assert FreeCell(n).key() == FreeCell(n).key()
        assert 1 <= random_deal_number("pysol") <= MAX_DEAL["pysol"]


class TestNumbers(unittest.TestCase):
    def test_ranges(self) -> None:
        assert MAX_DEAL["ms"] == 8_589_934_591
        assert check_deal_number(8_589_934_591) == 8_589_934_591
        for bad in (0, -1, 2**33):
            with pytest.raises(InvalidNotationError, match="out of range"):
                FreeCell(bad)
        with pytest.raises(InvalidNotationError, match="integer"):
            check_deal_number("5")  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="numbering"):
            freecell_columns(1, "windows")
        assert FreeCell(2**33 - 1, numbering="ms").deal_number == 2**33 - 1
        assert FreeCell(10**19, numbering="pysol").deal_number == 10**19

    def test_parse(self) -> None:
        assert parse_deal_number("#11982") == 11982
        assert parse_deal_number(" 617 ") == 617
        for bad in ("", "abc", "1e5", "-3", "0", "8589934592"):
            with pytest.raises(InvalidNotationError):
                parse_deal_number(bad)
        assert parse_deal_number("8589934592", "pysol") == 8589934592


# ----------------------------------------------------------------------------- fc-solve's tools
def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.skipif(
    shutil.which("make-microsoft-freecell-board") is None,
    reason="make-microsoft-freecell-board is missing (apt-get install freecell-solver-bin)",
)
def test_make_microsoft_freecell_board() -> None:
    """fc-solve's own Microsoft deal generator gives the same boards (it reads numbers up to
    2**32 - 1 like FreeCell Pro's negative deals; it wraps above)."""
    for n in [1, 2, 617, 11982, 31999, 32001, 1_000_000, 2**31 - 1, 2**31, 3_000_000_000]:
        out = _run(["make-microsoft-freecell-board", "-t", str(n)])
        assert out.returncode == 0, out.stderr
        board = parse_fcs(out.stdout)
        assert board == FreeCell(n), n
