"""The games kosynka knows, each a package of its own, registered by name.

``game_spec("klondike")`` gives a game's :class:`~kosynka.games.base.GameSpec` (rule options,
deal numberings, formats); ``game_class("klondike")`` its game class. A new game is a new
package here, imported below so that it registers itself.
"""

from kosynka.games import freecell, klondike, spider
from kosynka.games.base import (
    Game,
    GameSpec,
    Outcome,
    PositionView,
    RuleOption,
    Termination,
    detect_position,
    game_class,
    game_names,
    game_spec,
    game_specs,
    register_game,
    register_spec,
    spec_of,
)
from kosynka.games.klondike import Klondike, KlondikeRules, Move

__all__ = [
    "Game",
    "GameSpec",
    "Klondike",
    "KlondikeRules",
    "Move",
    "Outcome",
    "PositionView",
    "RuleOption",
    "Termination",
    "detect_position",
    "freecell",
    "game_class",
    "game_names",
    "game_spec",
    "game_specs",
    "klondike",
    "register_game",
    "register_spec",
    "spec_of",
    "spider",
]
