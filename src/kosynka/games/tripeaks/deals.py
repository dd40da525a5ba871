"""TriPeaks deal numbers: PySolFC's game numbers (its "Three Peaks", also called Tri Peaks).

``pysol``
    Deal #N is the layout PySolFC shows as Three Peaks game #N (``pysollib/games/threepeaks.py``,
    ``ThreePeaks.startGame``): the one-deck shuffle of :func:`kosynka.games.shuffles.pysol_deck`,
    dealt from the end of the list one card to each of the 28 places in PySolFC's order (the
    18 of the peaks face down, then the 10 of the bottom row face up), then one card onto the
    waste; the other 23 stay in the stock, the next one to turn being the next card of the
    list.

>>> layout = tripeaks_layout(1)
>>> [str(c) for c in layout.places[:3]], str(layout.waste), str(layout.stock[0])
(['JD', '2D', '9H'], '4H', 'AC')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from kosynka.cards import Card
from kosynka.games import numbering as numbering_
from kosynka.games import shuffles

NUMBERINGS: Final = ("pysol",)
MAX_DEAL: Final = {"pysol": 10**20 - 1}
"""The largest deal number of each numbering (the smallest is 1)."""
PLACES: Final = 28
"""Cards on the table at the start: 3 + 6 + 9 face down over 10 face up."""
FACE_DOWN_PLACES: Final = 18
"""The places dealt face down: the first 18 of PySolFC's order."""


@dataclass(frozen=True, slots=True)
class TriPeaksLayout:
    """A fresh TriPeaks deal: the card of each of the 28 ``places`` in PySolFC's order (the
    first 18 face down), the ``waste``'s one card and the ``stock``, the next card to turn
    first."""

    places: tuple[Card, ...]
    waste: Card
    stock: tuple[Card, ...]


def check_deal_number(number: int, numbering: str = "pysol") -> int:
    """Return ``number`` if it is a deal number of ``numbering``, else raise
    InvalidNotationError naming the problem."""
    return numbering_.check_deal_number(number, numbering, MAX_DEAL, "tripeaks")


def random_deal_number(numbering: str = "pysol") -> int:
    """A fresh random deal number of ``numbering`` (at most 10**12, numbers people can still
    type); the deal it names is reproducible from the number alone."""
    return numbering_.random_deal_number(numbering, MAX_DEAL, "tripeaks")


def tripeaks_layout(number: int, numbering: str = "pysol") -> TriPeaksLayout:
    """The TriPeaks layout of deal ``number`` in ``numbering``."""
    check_deal_number(number, numbering)
    dealt = shuffles.pysol_deck(number)[::-1]  # the order cards come off the deck
    return TriPeaksLayout(tuple(dealt[:PLACES]), dealt[PLACES], tuple(dealt[PLACES + 1 :]))
