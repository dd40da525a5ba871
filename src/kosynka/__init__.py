"""kosynka: Klondike ("Косынка") solitaire as a rules library, a solver, a command line and a
browser game."""

from kosynka.cards import Card, Suit
from kosynka.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    KosynkaError,
    Reason,
)
from kosynka.games.klondike import Klondike, KlondikeRules, Move

__version__ = "0.1.0"

__all__ = [
    "Card",
    "IllegalMoveError",
    "InvalidNotationError",
    "InvalidPositionError",
    "Klondike",
    "KlondikeRules",
    "KosynkaError",
    "Move",
    "Reason",
    "Suit",
    "__version__",
]
