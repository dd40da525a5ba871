"""kosynka: Klondike ("Косынка"), FreeCell and Spider solitaire as a rules library (one package
per game under :mod:`kosynka.games`), solvers, a deal library, a command line and a browser game.

Klondike's names are at the top level (``from kosynka import Klondike, KlondikeRules, Move``);
the other games' are in their packages (``kosynka.games.freecell``, ``kosynka.games.spider``),
and :func:`kosynka.games.base.game_class` finds any game by name."""

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
