"""Spider deal numbers to layouts: KDE KPat's numbering and PySolFC's.

Both numberings shuffle two decks (104 cards) and deal 54 of them to the ten columns (all face
down but the top card of each) and leave 50 in the stock, which is dealt out in five rows of ten.
A :class:`SpiderLayout` holds the result in kosynka's terms: the columns bottom to top and the
stock in dealing order (its first ten cards go onto columns 1..10 in the next row dealt).

``kpat``
    KPat's Spider game #N (1..2,147,483,647). KPat builds the two decks rank by rank (for each
    rank, one card of each of four suit slots: clubs, diamonds, hearts, spades with four suits;
    hearts, spades, hearts, spades with two; spades four times with one), shuffles them with the
    Microsoft FreeCell generator seeded with N, and deals from the end of the shuffled list:
    44 face-down cards round the columns from column 1 (so columns 1..4 get one more), then one
    face-up card on each column (starting where the face-down round stopped, at column 5), then
    five stock piles of ten. A dealt row comes from the next pile, its top card to column 1.
``pysol``
    PySolFC's game #N of "Spider" (4 suits), "Spider (2 Suits)" or "Spider (1 Suit)". PySolFC
    builds the decks suit by suit (clubs, spades, hearts, diamonds; its two-suit and one-suit
    games use clubs where kosynka uses spades, so its clubs are read as spades there) and
    shuffles them with a linear congruential generator for N below 32000 and Python's Mersenne
    Twister seeded with N from 32000 on; it deals from the end of the list four rows of ten and
    one card each on columns 1, 4, 7 and 10 face down, then a face-up row. Its columns 1, 4, 7
    and 10 therefore start with six cards (KPat's 1 to 4 do); kosynka keeps PySolFC's columns as
    they are, so a deal looks the same in both programs.

>>> layout = spider_layout(1, suits=4, numbering="kpat")
>>> [len(col) for col in layout.columns]
[6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
>>> " ".join(str(c) for c in layout.stock[:3])
'KC QC 7D'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from kosynka.cards import ALL_CARDS, Card, Suit
from kosynka.errors import InvalidNotationError
from kosynka.games import numbering as numbering_
from kosynka.games.shuffles import pysol_shuffle

NUMBERINGS: Final = ("kpat", "pysol")
"""The numberings, the default first."""
MAX_DEAL: Final = {"kpat": 2**31 - 1, "pysol": 10**20 - 1}
"""The largest deal number of each numbering (the smallest is 1)."""
SUIT_COUNTS: Final = (1, 2, 4)
"""PySolFC seeds below this number use its linear congruential generator."""

_S, _H, _C, _D = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS
_KPAT_SUIT_SLOTS: Final = {1: (_S, _S, _S, _S), 2: (_H, _S, _H, _S), 4: (_C, _D, _H, _S)}
"""The four suit slots KPat fills for each rank, by suit count."""
_PYSOL_SUIT_ORDER: Final = {1: (_S, _S, _S, _S), 2: (_S, _S, _H, _H), 4: (_C, _S, _H, _D)}
"""The suits PySolFC builds each deck from, in order (its clubs read as spades for 1 and 2)."""
_PYSOL_EXTRA_COLUMNS: Final = (0, 3, 6, 9)
"""The columns PySolFC gives a sixth card."""


@dataclass(frozen=True, slots=True)
class SpiderLayout:
    """A fresh Spider deal: ``columns[i]`` bottom to top (only the top card face up) and the
    ``stock`` in dealing order (the first ten cards are the next row, for columns 1..10)."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


def check_numbering(numbering: str) -> str:
    """Return ``numbering`` if it is a Spider numbering, else raise InvalidNotationError."""
    return numbering_.check_numbering(numbering, MAX_DEAL, "spider")


def check_deal_number(number: int, numbering: str = "kpat") -> int:
    """Return ``number`` if it is a deal number of ``numbering``, else raise
    InvalidNotationError naming the problem."""
    return numbering_.check_deal_number(number, numbering, MAX_DEAL, "spider")


def check_suits(suits: int) -> int:
    """Return ``suits`` if it is 1, 2 or 4, else raise InvalidNotationError."""
    if isinstance(suits, bool) or suits not in SUIT_COUNTS:
        raise InvalidNotationError(f"suits must be 1, 2 or 4, not {suits!r}")
    return suits


def random_deal_number(numbering: str = "kpat") -> int:
    """A fresh random deal number of ``numbering`` (at most 10**12, numbers people can still
    type); the deal it names is reproducible from the number alone."""
    return numbering_.random_deal_number(numbering, MAX_DEAL, "spider")


def _card(suit: Suit, rank: int) -> Card:
    """The Card of ``suit`` and ``rank``."""
    return ALL_CARDS[int(suit) * 13 + rank - 1]


# ----------------------------------------------------------------------------- KPat
T = TypeVar("T")


def kpat_shuffled(items: Sequence[T], seed: int) -> list[T]:
    """A copy of ``items`` shuffled as KPat shuffles (the Microsoft FreeCell generator seeded
    with ``seed``, swapping each place from the end with one below it)."""
    out = list(items)
    state = seed & 0xFFFFFFFF
    for n in range(len(out), 1, -1):
        state = (state * 214013 + 2531011) & 0xFFFFFFFF
        j = ((state >> 16) & 0x7FFF) % n
        out[n - 1], out[j] = out[j], out[n - 1]
    return out


def kpat_deck(number: int, suits: int) -> list[Card]:
    """KPat's shuffled 104 cards for game #``number``; the deal takes cards from the end."""
    check_deal_number(number, "kpat")
    slots = _KPAT_SUIT_SLOTS[check_suits(suits)]
    deck = [_card(s, rank) for _copy in range(2) for rank in range(1, 14) for s in slots]
    return kpat_shuffled(deck, number)


def _deal_kpat(deck: list[Card]) -> SpiderLayout:
    """Deal KPat's shuffled cards (taken from the end of the list) into a layout."""
    cards = list(deck)
    cols: list[list[Card]] = [[] for _ in range(10)]
    for i in range(54):  # 44 face down round the columns, then the face-up row goes on round
        cols[i % 10].append(cards.pop())
    # Five stock piles of ten, each filled from the end of the list; a row is dealt from the
    # top of its pile, so the last card put on a pile goes to column 1.
    stock: list[Card] = []
    for _pile in range(5):
        pile = [cards.pop() for _ in range(10)]
        stock.extend(reversed(pile))
    return SpiderLayout(tuple(tuple(c) for c in cols), tuple(stock))


# ----------------------------------------------------------------------------- PySolFC
def pysol_deck(number: int, suits: int) -> list[Card]:
    """PySolFC's shuffled 104 cards for game #``number``; the deal takes cards from the end."""
    check_deal_number(number, "pysol")
    order = _PYSOL_SUIT_ORDER[check_suits(suits)]
    deck = [_card(s, rank) for _copy in range(2) for s in order for rank in range(1, 14)]
    return pysol_shuffle(deck, number)


def _deal_pysol(deck: list[Card]) -> SpiderLayout:
    """Deal PySolFC's shuffled cards (taken from the end of the list) into a layout."""
    cards = list(deck)
    cols: list[list[Card]] = [[] for _ in range(10)]
    for _row in range(4):
        for c in range(10):
            cols[c].append(cards.pop())
    for c in _PYSOL_EXTRA_COLUMNS:
        cols[c].append(cards.pop())
    for c in range(10):
        cols[c].append(cards.pop())
    # Each later row takes the cards from the end of what is left, column 1 first.
    return SpiderLayout(tuple(tuple(c) for c in cols), tuple(reversed(cards)))


def spider_layout(number: int, suits: int = 2, numbering: str = "kpat") -> SpiderLayout:
    """The layout of Spider deal ``number`` with ``suits`` suits in ``numbering``."""
    check_deal_number(number, numbering)
    if numbering == "kpat":
        return _deal_kpat(kpat_deck(number, suits))
    return _deal_pysol(pysol_deck(number, suits))


__all__ = [
    "MAX_DEAL",
    "NUMBERINGS",
    "SUIT_COUNTS",
    "SpiderLayout",
    "check_deal_number",
    "check_numbering",
    "check_suits",
    "kpat_deck",
    "kpat_shuffled",
    "pysol_deck",
    "random_deal_number",
    "spider_layout",
]
