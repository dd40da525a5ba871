"""Deal numbers to shuffled decks: every shuffle convention kosynka knows lives here.

Two numberings of Klondike deals are supported:

``pysol``
    Deal #N is the layout PySolFC shows as Klondike game #N. Numbers below 32000 use the
    Microsoft-compatible linear congruential generator on a rank-major deck; 32000 and above use
    Python's Mersenne Twister seeded with N on a suit-major deck (PySolFC's own convention).
``kpat``
    Deal #N is KDE KPat's Klondike game #N: a rank-major deck shuffled by the Microsoft FreeCell
    generator seeded with N, the tableau dealt row by row from the end of the list.

Both give a :class:`KlondikeLayout`: seven columns (bottom to top; all but the top card face
down) and the stock (its last card is drawn first).

>>> layout = klondike_layout(1, "kpat")
>>> [str(col[0]) for col in layout.columns]
['JD', '2D', '9H', 'JC', '5D', '7H', '7C']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kosynka.cards import ALL_CARDS, Card, Suit
from kosynka.errors import InvalidNotationError
from kosynka.games import numbering as numbering_
from kosynka.games import shuffles

NUMBERINGS: Final = ("pysol", "kpat")
MAX_DEAL: Final = {"pysol": 10**20 - 1, "kpat": 2**32 - 1}
"""The largest deal number of each numbering (the smallest is 1)."""


@dataclass(frozen=True, slots=True)
class KlondikeLayout:
    """A fresh Klondike deal: ``columns[i]`` bottom to top (only the top is face up) and the
    ``stock`` (its last card is the first one drawn)."""

    columns: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]


def check_deal_number(number: int, numbering: str = "pysol") -> int:
    """Return ``number`` if it is a deal number of ``numbering``, else raise
    InvalidNotationError naming the problem."""
    return numbering_.check_deal_number(number, numbering, MAX_DEAL, "klondike")


def parse_deal_number(text: str, numbering: str = "pysol") -> int:
    """Read a deal number from text (``"12345"``, ``"#12345"``) and check its range."""
    return numbering_.parse_deal_number(text, numbering, MAX_DEAL, "klondike")


def random_deal_number(numbering: str = "pysol") -> int:
    """A fresh random deal number of ``numbering`` (at most 10**12, numbers people can still
    type); the deal it names is reproducible from the number alone."""
    return numbering_.random_deal_number(numbering, MAX_DEAL, "klondike")


def _ms_rank_major_deck() -> list[Card]:
    """A deck ordered A..K, each rank in suits C, D, H, S (the Microsoft order)."""
    return [Card(rank, Suit(suit)) for rank in range(1, 14) for suit in range(4)]


def pysol_deck(number: int) -> list[Card]:
    """The deck of PySolFC game #``number``; cards are dealt from the end of the list."""
    check_deal_number(number, "pysol")
    return shuffles.pysol_deck(number)


def kpat_deck(number: int) -> list[Card]:
    """The deck of KPat game #``number`` (Microsoft FreeCell generator); dealt from the end."""
    check_deal_number(number, "kpat")
    deck = _ms_rank_major_deck()
    seed = number
    for i in range(52, 1, -1):
        seed = (seed * 214013 + 2531011) & 0xFFFFFFFF
        r = (seed >> 16) & 0x7FFF
        j = r % i
        deck[i - 1], deck[j] = deck[j], deck[i - 1]
    return deck


def _deal_pysol(deck: list[Card]) -> KlondikeLayout:
    """Deal a PySolFC Klondike layout: PySolFC fills its columns right to left."""
    cards = list(reversed(deck))  # the order cards come off the deck
    pos = 0
    cols: list[list[Card]] = [[] for _ in range(7)]
    # PySolFC deals the face-down rows first (6, 5, ..., 1 cards), then the face-up row; its
    # column p is our column 6 - p.
    for row_len in range(6, 0, -1):
        for p in range(row_len):
            cols[6 - p].append(cards[pos])
            pos += 1
    for p in range(7):
        cols[6 - p].append(cards[pos])
        pos += 1
    talon = cards[pos:]  # talon[0] is drawn first
    return KlondikeLayout(tuple(tuple(c) for c in cols), tuple(reversed(talon)))


def _deal_kpat(deck: list[Card]) -> KlondikeLayout:
    """Deal KPat's layout: row r puts one card on each of columns r+1..7, from the deck's end."""
    cards = list(deck)
    cols: list[list[Card]] = [[] for _ in range(7)]
    for row in range(7):
        for col in range(row, 7):
            cols[col].append(cards.pop())
    # The remaining 24: the list's first card is turned last, so the last is drawn first.
    return KlondikeLayout(tuple(tuple(c) for c in cols), tuple(cards))


def klondike_layout(number: int, numbering: str = "pysol") -> KlondikeLayout:
    """The Klondike layout of deal ``number`` in ``numbering`` (``"pysol"`` or ``"kpat"``)."""
    check_deal_number(number, numbering)
    if numbering == "kpat":
        return _deal_kpat(kpat_deck(number))
    return _deal_pysol(pysol_deck(number))


def layout_from_deck(deck: list[Card]) -> KlondikeLayout:
    """Deal any 52-card deck the KPat way (used for decks from other sources)."""
    if sorted(c.index for c in deck) != list(range(52)):
        raise InvalidNotationError("a deck must hold each of the 52 cards exactly once")
    return _deal_kpat(deck)


__all__ = [
    "ALL_CARDS",
    "MAX_DEAL",
    "NUMBERINGS",
    "KlondikeLayout",
    "check_deal_number",
    "klondike_layout",
    "kpat_deck",
    "parse_deal_number",
    "pysol_deck",
    "random_deal_number",
]
