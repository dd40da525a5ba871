"""TriPeaks perft: leaf counts of the move tree from a few deals, under each rule option, by the
engine's move generator, against golden counts made by an independent brute force.

The brute force below shares no code with the engine: it reads PySolFC's own deals from
tests/data/tripeaks/pysol_deals.txt, works out which card covers which from where PySolFC draws
the places (``ThreePeaks.createGame``: a card is covered by the two cards of the row below that
lie half a card to its left and right), and plays over plain lists. The literals in
:data:`GOLDEN` were printed by it (``brute_perft``) and the test holds the engine and the brute
force to them both.
"""

from __future__ import annotations

import unittest
from fractions import Fraction

from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from tests.games.tripeaks.tripeaks_board import read_golden
from tests.perft_tree import perft

GOLDEN: dict[tuple[int, bool, bool], list[int]] = {
    # (deal, wrap, open): leaf counts at depth 1, 2, ...
    (1, True, False): [3, 5, 10, 15, 30, 54, 92, 175, 356, 731, 1510, 3145],
    (32000, True, False): [2, 5, 9, 18, 46, 111, 251, 557, 1216, 2652, 5756, 12403],
    (10**19 + 7, True, False): [3, 5, 12, 28, 65, 147, 325, 692, 1441, 2989, 6234, 13044],
    (100, False, False): [3, 9, 18, 48, 113, 307, 695, 1402, 2398, 3599, 5390, 8512],
    (2, True, True): [4, 13, 32, 74, 164, 377, 856, 1955, 4278],
}

# Where PySolFC draws each place (in card widths), in its order: three tops, the middle rows
# two to a peak, the row of nine, the bottom row of ten.
_X = (
    [Fraction(3, 2) + 3 * i for i in range(3)]
    + [Fraction(1 + 3 * i + j) for i in range(3) for j in range(2)]
    + [Fraction(1, 2) + i for i in range(9)]
    + [Fraction(i) for i in range(10)]
)
_ROW = [0] * 3 + [1] * 6 + [2] * 9 + [3] * 10
_UNDER = [
    [j for j in range(28) if _ROW[j] == _ROW[i] + 1 and abs(_X[j] - _X[i]) == Fraction(1, 2)]
    for i in range(28)
]
"""For each place, the places that cover it."""
_RANKS = "A23456789TJQK"


def _layout(number: int) -> tuple[list[int], int, list[int]]:
    """PySolFC's deal ``number`` from the golden file, as ranks 0..12: the 28 places, the
    waste's card and the stock, next card first."""
    for n, _gen, places, waste, stock in read_golden():
        if n == number:
            return (
                [_RANKS.index(t[0]) for t in places],
                _RANKS.index(waste[0]),
                [_RANKS.index(t[0]) for t in stock],
            )
    raise KeyError(number)


def brute_perft(number: int, wrap: bool, open_: bool, depth: int) -> int:
    """Leaf count of the move tree of deal ``number`` to ``depth``, over plain lists."""
    table, top, stock = _layout(number)
    cards: list[int | None] = list(table)
    up = [open_ or i >= 18 for i in range(28)]

    def walk(top: int, s: int, d: int) -> int:
        if d == 0:
            return 1
        if all(c is None for c in cards):
            return 0
        total = 0
        for i in range(28):
            c = cards[i]
            if c is None or not up[i] or any(cards[j] is not None for j in _UNDER[i]):
                continue
            if (c - top) % 13 not in (1, 12) or (not wrap and abs(c - top) == 12):
                continue
            cards[i] = None
            turned = [
                k
                for k in range(28)
                if i in _UNDER[k]
                and cards[k] is not None
                and not up[k]
                and all(cards[j] is None for j in _UNDER[k])
            ]
            for k in turned:
                up[k] = True
            total += walk(c, s, d - 1)
            for k in turned:
                up[k] = False
            cards[i] = c
        if s < len(stock):
            total += walk(stock[s], s + 1, d - 1)
        return total

    return walk(top, 0, depth)


def engine_perft(number: int, wrap: bool, open_: bool, depth: int) -> int:
    """The same count by the engine's move generator."""
    game = TriPeaks(number, rules=TriPeaksRules(wrap=wrap, open=open_))
    return perft(game, depth, set())


class TestPerft(unittest.TestCase):
    def test_engine_matches_golden(self) -> None:
        assert GOLDEN
        for (number, wrap, open_), counts in GOLDEN.items():
            for depth, count in enumerate(counts, 1):
                assert engine_perft(number, wrap, open_, depth) == count, (number, depth)

    def test_brute_force_matches_golden(self) -> None:
        for (number, wrap, open_), counts in GOLDEN.items():
            depth = len(counts)
            assert brute_perft(number, wrap, open_, depth) == counts[-1], number
            assert brute_perft(number, wrap, open_, 5) == counts[4], number


if __name__ == "__main__":  # print the golden counts
    for key, depth in (
        ((1, True, False), 12),
        ((32000, True, False), 12),
        ((10**19 + 7, True, False), 12),
        ((100, False, False), 12),
        ((2, True, True), 9),
    ):
        print(f"    {key}: {[brute_perft(*key, d) for d in range(1, depth + 1)]},")
