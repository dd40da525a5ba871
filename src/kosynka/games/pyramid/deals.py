"""Deal numbers to Pyramid layouts.

One numbering, ``pysol``: deal #N is the layout PySolFC shows as its Pyramid game #N (1 ..
10^20 - 1). PySolFC shuffles its one-deck order (:func:`kosynka.games.shuffles.pysol_deck`) and
deals from the end of the list: the first 28 cards to the pyramid's places in its order (rows
top to bottom, each left to right), the other 24 stay in the talon, the next card dealt on top.
PySolFC then turns the talon's top card onto its waste at once; kosynka's default rules
(Microsoft's) leave it face up on the stock instead, so the cards come in the same order.

>>> layout = pyramid_layout(1)
>>> [str(c) for c in layout.places[:3]], str(layout.stock[0])
(['JD', '2D', '9H'], '4H')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kosynka.cards import Card
from kosynka.errors import InvalidNotationError
from kosynka.games import numbering as numbering_
from kosynka.games import shuffles

NUMBERINGS: Final = ("pysol",)
MAX_DEAL: Final = {"pysol": 10**20 - 1}
"""The largest deal number of each numbering (the smallest is 1)."""
PLACES: Final = 28
"""The pyramid's places."""


@dataclass(frozen=True, slots=True)
class PyramidLayout:
    """A fresh Pyramid deal: the card of each of the 28 ``places`` (rows top to bottom, each
    left to right) and the ``stock`` from its top card (the one face up) to its bottom."""

    places: tuple[Card, ...]
    stock: tuple[Card, ...]


def check_deal_number(number: int, numbering: str = "pysol") -> int:
    """Return ``number`` if it is a deal number of ``numbering``, else raise
    InvalidNotationError naming the problem."""
    return numbering_.check_deal_number(number, numbering, MAX_DEAL, "pyramid")


def parse_deal_number(text: str, numbering: str = "pysol") -> int:
    """Read a deal number from text (``"12345"``, ``"#12345"``) and check its range."""
    return numbering_.parse_deal_number(text, numbering, MAX_DEAL, "pyramid")


def random_deal_number(numbering: str = "pysol") -> int:
    """A fresh random deal number of ``numbering`` (at most 10**12, numbers people can still
    type); the deal it names is reproducible from the number alone."""
    return numbering_.random_deal_number(numbering, MAX_DEAL, "pyramid")


def pyramid_layout(number: int, numbering: str = "pysol") -> PyramidLayout:
    """The Pyramid layout of deal ``number`` in ``numbering``."""
    check_deal_number(number, numbering)
    dealt = shuffles.pysol_deck(number)[::-1]  # in the order the cards come off the deck
    return PyramidLayout(tuple(dealt[:PLACES]), tuple(dealt[PLACES:]))


def layout_from_deck(deck: list[Card]) -> PyramidLayout:
    """Deal any 52-card deck as PySolFC deals Pyramid (from the end of the list)."""
    if sorted(c.index for c in deck) != list(range(52)):
        raise InvalidNotationError("a deck must hold each of the 52 cards exactly once")
    dealt = deck[::-1]
    return PyramidLayout(tuple(dealt[:PLACES]), tuple(dealt[PLACES:]))
