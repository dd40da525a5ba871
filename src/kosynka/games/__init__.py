"""The games kosynka knows, registered by name (``game_class("klondike")``)."""

from kosynka.games.base import Game, Outcome, Termination, game_class, game_names, register_game
from kosynka.games.klondike import Klondike, KlondikeRules, Move

__all__ = [
    "Game",
    "Klondike",
    "KlondikeRules",
    "Move",
    "Outcome",
    "Termination",
    "game_class",
    "game_names",
    "register_game",
]
