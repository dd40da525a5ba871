"""FreeCell deal numbers: which 52 cards go into which of the eight columns.

Two numberings are known:

``ms`` (the default)
    Microsoft FreeCell's deals 1 .. 2**31 - 1, extended by FreeCell Pro to 8,589,934,591
    (2**33 - 1), the numbers every FreeCell player and solver uses. A rank-major deck (the aces
    of clubs, diamonds, hearts, spades, then the twos, ...) is dealt by Microsoft's linear
    congruential generator: for each of the 52 places in turn a random card is taken from the
    cards left, the last card left fills its hole, and the cards go round the columns left to
    right, row by row. Above 2**31 the generator's numbers are bent the way FreeCell Pro bends
    them (see :func:`ms_random`).
``pysol``
    PySolFC's FreeCell game numbers: equal to ``ms`` below 32,000; from 32,000 on (as the
    PySolFC program deals them), a suit-major deck in PySolFC's suit order (clubs, spades,
    hearts, diamonds) shuffled by Python's Mersenne Twister seeded with the number, then dealt
    round the columns from the end of the list.

>>> cols = freecell_columns(1)
>>> [str(col[0]) for col in cols]
['JD', '2D', '9H', 'JC', '5D', '7H', '7C', '5H']
>>> [len(col) for col in cols]
[7, 7, 7, 7, 6, 6, 6, 6]
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import Final

from kosynka.cards import ALL_CARDS, Card
from kosynka.errors import InvalidNotationError
from kosynka.games import numbering as numbering_
from kosynka.games.shuffles import PYSOL_LCG_BELOW, PYSOL_SUIT_ORDER, pysol_shuffle

NUMBERINGS: Final = ("ms", "pysol")
"""The deal numberings, the default first."""
MAX_DEAL: Final = {"ms": 2**33 - 1, "pysol": 10**20 - 1}
"""The largest deal number of each numbering (the smallest is 1)."""
COLUMNS: Final = 8
"""PySolFC deals this number and below with Microsoft's generator."""

Columns = tuple[tuple[Card, ...], ...]
"""Eight columns, each bottom to top."""


def check_deal_number(number: int, numbering: str = "ms") -> int:
    """Return ``number`` if it is a deal number of ``numbering``, else raise
    InvalidNotationError naming the problem."""
    return numbering_.check_deal_number(number, numbering, MAX_DEAL, "freecell")


def parse_deal_number(text: str, numbering: str = "ms") -> int:
    """Read a deal number from text (``"12345"``, ``"#12345"``) and check its range."""
    return numbering_.parse_deal_number(text, numbering, MAX_DEAL, "freecell")


def random_deal_number(numbering: str = "ms") -> int:
    """A fresh random deal number of ``numbering`` (at most 10**12, numbers people can still
    type); the deal it names is reproducible from the number alone."""
    return numbering_.random_deal_number(numbering, MAX_DEAL, "freecell")


def ms_random(seed: int) -> Iterator[int]:
    """The stream of random numbers Microsoft FreeCell (and FreeCell Pro above 2**31) draws
    for deal ``seed``.

    Below 2**31 it is the C library's ``rand()``: the state goes ``s * 214013 + 2531011`` mod
    2**32 and each number is bits 16..30 of the new state. From 2**31 to 2**32 - 1 each number
    also has bit 15 set (FreeCell Pro read the deal number as a negative seed). From 2**32 on,
    the state starts at ``seed - 2**32`` and each number is bits 16..31 of the state plus one."""
    if seed < 2**32:
        high = 0x8000 if seed >= 2**31 else 0
        state = seed
        while True:
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            yield ((state >> 16) & 0x7FFF) | high
    state = seed - 2**32
    while True:
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        yield ((state >> 16) & 0xFFFF) + 1


_RANK_MAJOR_DECK: Final = tuple(
    ALL_CARDS[suit * 13 + rank - 1] for rank in range(1, 14) for suit in range(4)
)
"""A deck ordered A..K, each rank in the suits C, D, H, S (Microsoft's order)."""


def _deal_round(cards: list[Card]) -> Columns:
    """Deal ``cards`` in order round the eight columns, left to right, row by row."""
    cols: list[list[Card]] = [[] for _ in range(COLUMNS)]
    for i, card in enumerate(cards):
        cols[i % COLUMNS].append(card)
    return tuple(tuple(col) for col in cols)


def ms_order(number: int) -> list[Card]:
    """The 52 cards of Microsoft deal ``number`` in the order they are dealt."""
    deck = list(_RANK_MAJOR_DECK)
    out: list[Card] = []
    left = len(deck)
    for r in islice(ms_random(number), left):  # the 52 numbers at once: a deal per solve
        j = r % left
        out.append(deck[j])
        left -= 1
        deck[j] = deck[left]
    return out


def pysol_order(number: int) -> list[Card]:
    """The 52 cards of PySolFC's FreeCell game ``number`` in the order they are dealt."""
    if number < PYSOL_LCG_BELOW:
        return ms_order(number)
    deck = [ALL_CARDS[suit * 13 + rank - 1] for suit in PYSOL_SUIT_ORDER for rank in range(1, 14)]
    pysol_shuffle(deck, number)
    deck.reverse()  # PySolFC deals from the end of its list
    return deck


def freecell_columns(number: int, numbering: str = "ms") -> Columns:
    """The eight columns (bottom to top) of deal ``number`` in ``numbering``."""
    check_deal_number(number, numbering)
    order = ms_order(number) if numbering == "ms" else pysol_order(number)
    return _deal_round(order)


def columns_from_order(cards: list[Card]) -> Columns:
    """Deal any 52-card order round the columns as FreeCell does (for decks from elsewhere)."""
    if sorted(c.index for c in cards) != list(range(52)):
        raise InvalidNotationError("a deck must hold each of the 52 cards exactly once")
    return _deal_round(cards)


__all__ = [
    "MAX_DEAL",
    "NUMBERINGS",
    "Columns",
    "check_deal_number",
    "columns_from_order",
    "freecell_columns",
    "ms_order",
    "ms_random",
    "parse_deal_number",
    "pysol_order",
    "random_deal_number",
]
