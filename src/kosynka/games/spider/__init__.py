"""Spider ("Паук") with one, two or four suits: the rules engine, deal numberings, position
text, the house's spec and a no-peek heuristic player.

Importing this package registers the game (``game_class("spider")``) and its spec
(``game_spec("spider")``).

>>> game = Spider(7, rules=SpiderRules(suits=1))
>>> game.rows_left(), game.runs_removed()
(5, 0)
"""

from kosynka.games.base import register_spec
from kosynka.games.spider.deals import SpiderLayout, spider_layout
from kosynka.games.spider.notation import format_text, parse_text
from kosynka.games.spider.rules import DEAL, FOUNDATION, Move, Spider, SpiderRules
from kosynka.games.spider.spec import SpiderSpec

SPEC = register_spec(SpiderSpec())
"""The registered spec of Spider."""

__all__ = [
    "DEAL",
    "FOUNDATION",
    "SPEC",
    "Move",
    "Spider",
    "SpiderLayout",
    "SpiderRules",
    "SpiderSpec",
    "format_text",
    "parse_text",
    "spider_layout",
]
