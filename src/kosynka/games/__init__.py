"""The games kosynka knows, each a package of its own, registered by name.

``game_spec("klondike")`` gives a game's :class:`~kosynka.games.base.GameSpec` (rule options,
deal numberings, formats); ``game_class("klondike")`` its game class; ``game_part(layer,
"klondike")`` its part in another layer (its solver front, grader or web adapter), found by
name. A new game is a new package here whose ``__init__`` registers its spec
(:func:`~kosynka.games.base.register_spec`), and one name in the import below, the order
in which games are registered (and asked whose format a position is written in).
"""

from typing import Final

from kosynka.games import freecell, klondike, pyramid, spider, tripeaks
from kosynka.games.base import (
    Game,
    GameSpec,
    Outcome,
    Place,
    PositionView,
    RuleOption,
    Termination,
    detect_position,
    game_class,
    game_names,
    game_part,
    game_spec,
    game_specs,
    register_spec,
    spec_of,
)
from kosynka.games.klondike import Klondike, KlondikeRules, Move

DEFAULT_GAME: Final = "klondike"
"""The game a command means when none is named (``kosynka solve --deals``, ``kosynka
library``): Klondike, "Kosynka", whose name the project bears."""

__all__ = [
    "DEFAULT_GAME",
    "Game",
    "GameSpec",
    "Klondike",
    "KlondikeRules",
    "Move",
    "Outcome",
    "Place",
    "PositionView",
    "RuleOption",
    "Termination",
    "detect_position",
    "freecell",
    "game_class",
    "game_names",
    "game_part",
    "game_spec",
    "game_specs",
    "klondike",
    "pyramid",
    "register_spec",
    "spec_of",
    "spider",
    "tripeaks",
]
