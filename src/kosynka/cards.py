"""Playing cards: suits, ranks and the small immutable :class:`Card` value.

Cards are written as a rank followed by a suit: ``7C``, ``TD`` (or ``10D``), ``QH``, ``AS``.
Ranks are ``A 2-9 T J Q K`` (``10`` is accepted for ``T``); suits are ``C D H S`` or the symbols
``♣ ♦ ♥ ♠``; any case is accepted when parsing.

>>> Card.parse("10♦")
Card.parse('TD')
>>> Card.parse("7c").is_red
False
>>> str(Card(12, Suit.HEARTS))
'QH'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from kosynka.errors import InvalidNotationError


class Suit(enum.IntEnum):
    """The four suits, in kosynka's fixed order (clubs, diamonds, hearts, spades)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One upper-case letter: ``C D H S``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣ ♦ ♥ ♠``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_LETTERS: Final = "A23456789TJQK"
ACE: Final = 1
KING: Final = 13

_SUIT_BY_CHAR: Final[dict[str, Suit]] = {
    **{c: Suit(i) for i, c in enumerate(SUIT_LETTERS)},
    **{c.lower(): Suit(i) for i, c in enumerate(SUIT_LETTERS)},
    **{c: Suit(i) for i, c in enumerate(SUIT_SYMBOLS)},
    # Outline symbols, as some fonts and sites print them.
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_BY_TEXT: Final[dict[str, int]] = {
    **{c: i + 1 for i, c in enumerate(RANK_LETTERS)},
    **{c.lower(): i + 1 for i, c in enumerate(RANK_LETTERS)},
    "10": 10,
    "1": 1,
}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card: ``rank`` 1 (Ace) .. 13 (King) and a :class:`Suit`.

    Cards compare and hash by value; ``index`` numbers the 52 cards 0..51 (suit-major).
    """

    rank: int
    suit: Suit
    index: int = field(init=False, repr=False, compare=False, hash=False)
    """A number 0..51 unique to this card: ``suit * 13 + rank - 1``."""

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 13):
            raise InvalidNotationError(f"rank must be 1..13, not {self.rank}")
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit(self.suit))
        object.__setattr__(self, "index", int(self.suit) * 13 + self.rank - 1)

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self.suit.is_red

    @property
    def rank_letter(self) -> str:
        """The rank as one character (``A 2-9 T J Q K``)."""
        return RANK_LETTERS[self.rank - 1]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with :attr:`index` ``index`` (0..51)."""
        if not (0 <= index < 52):
            raise InvalidNotationError(f"card index must be 0..51, not {index}")
        return ALL_CARDS[index]

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card such as ``7C``, ``td``, ``10♦``; raise :class:`InvalidNotationError`."""
        t = text.strip()
        if len(t) < 2 or t[:-1] not in _RANK_BY_TEXT or t[-1] not in _SUIT_BY_CHAR:
            raise InvalidNotationError(
                f"not a card: {text!r} (expected a rank A,2-9,T/10,J,Q,K and a suit C,D,H,S)"
            )
        return ALL_CARDS[int(_SUIT_BY_CHAR[t[-1]]) * 13 + _RANK_BY_TEXT[t[:-1]] - 1]

    def text(self, ten: str = "T") -> str:
        """The card as text, ``7C``; ``ten="10"`` writes tens as ``10D``."""
        if ten == "T":
            return _CARD_TEXTS[self.index]
        r = ten if self.rank == 10 else self.rank_letter
        return r + self.suit.letter

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card.parse({self.text()!r})"

    def name(self, lang: str = "en") -> str:
        """The card's spoken name, ``"seven of clubs"`` or ``"семёрка треф"``."""
        if lang == "ru":
            return f"{RU_RANK_NAMES[self.rank - 1]} {RU_SUIT_NAMES[self.suit]}"
        return f"{EN_RANK_NAMES[self.rank - 1]} of {EN_SUIT_NAMES[self.suit]}"


EN_RANK_NAMES: Final = (
    "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king",
)  # fmt: skip
EN_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
RU_RANK_NAMES: Final = (
    "туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка",
    "девятка", "десятка", "валет", "дама", "король",
)  # fmt: skip
RU_SUIT_NAMES: Final = ("треф", "бубен", "червей", "пик")

ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card(r, Suit(s)) for s in range(4) for r in range(1, 14))
"""All 52 cards ordered by :attr:`Card.index`."""

# Per card index (suit * 13 + rank - 1), for rules and searches that work on indices: the rank
# 1..13, the suit 0..3 (C, D, H, S) and the colour (1 for red), and the keys that say which
# card may lie on which in a column built down in alternating colours: card ``a`` may lie on
# card ``b`` exactly when ``CARD_FITS[a] == CARD_WANTS[b]``.
CARD_RANK: Final = tuple(i % 13 + 1 for i in range(52))
CARD_SUIT: Final = tuple(i // 13 for i in range(52))
CARD_RED: Final = tuple(1 if i // 13 in (1, 2) else 0 for i in range(52))
CARD_FITS: Final = tuple(CARD_RANK[i] * 2 + CARD_RED[i] for i in range(52))
CARD_WANTS: Final = tuple((CARD_RANK[i] - 1) * 2 + 1 - CARD_RED[i] for i in range(52))

_CARD_TEXTS: Final[tuple[str, ...]] = tuple(
    RANK_LETTERS[c.rank - 1] + SUIT_LETTERS[c.suit] for c in ALL_CARDS
)
"""The text of each card (``7C``), by :attr:`Card.index`: solver lines print many thousands."""
