"""The shuffles behind the deal numbers games share with PySolFC.

PySolFC numbers each game's deals by the seed of one shuffle: below :data:`PYSOL_LCG_BELOW` it
draws from the Microsoft linear congruential generator (so that its small numbers are the
Microsoft-compatible ones), from there on from Python's Mersenne Twister seeded with the number.
Each game starts from its own deck order and deals from the end of the shuffled list; a game's
``deals`` module says which order and how it deals. :func:`pysol_deck` is the one-deck order
PySolFC's one-deck games use.

>>> [str(c) for c in pysol_deck(1)[-3:]]
['9H', '2D', 'JD']
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

from kosynka.cards import Card, Suit

T = TypeVar("T")

PYSOL_LCG_BELOW: Final = 32000
"""Game numbers below this are shuffled by the Microsoft LCG, the others by a Mersenne Twister."""

PYSOL_SUIT_ORDER: Final = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
"""PySolFC's own suit order, in which its suit-major decks are made."""


def pysol_shuffle(deck: list[T], number: int) -> list[T]:
    """Shuffle ``deck`` in place as PySolFC shuffles game #``number`` (from the last place
    down, each swapped with one at or below it); returns ``deck``."""
    if number < PYSOL_LCG_BELOW:
        state = number
        for n in range(len(deck) - 1, 0, -1):
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            j = ((state >> 16) & 0x7FFF) % (n + 1)
            deck[n], deck[j] = deck[j], deck[n]
    else:
        rng = random.Random(number)
        for n in range(len(deck) - 1, 0, -1):
            j = int(rng.random() * (n + 1))
            deck[n], deck[j] = deck[j], deck[n]
    return deck


def pysol_deck(number: int) -> list[Card]:
    """The 52 cards of PySolFC's one-deck game #``number``, dealt from the end of the list:
    below :data:`PYSOL_LCG_BELOW` a rank-major deck (A..K, each rank in clubs, diamonds,
    hearts, spades: the Microsoft order) is shuffled, from there on a suit-major one in
    :data:`PYSOL_SUIT_ORDER`. ``number`` is not checked against any game's range."""
    if number < PYSOL_LCG_BELOW:
        deck = [Card(rank, Suit(suit)) for rank in range(1, 14) for suit in range(4)]
    else:
        deck = [Card(rank, suit) for suit in PYSOL_SUIT_ORDER for rank in range(1, 14)]
    return pysol_shuffle(deck, number)
