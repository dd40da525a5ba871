"""FreeCell ("Свободная ячейка"): rules with supermoves, Microsoft's deal numbers, kosynka's
position text and fc-solve's board format and move notation.

Importing this package registers the game (``game_class("freecell")``) and its spec
(``game_spec("freecell")``).

>>> game = FreeCell(11982)
>>> game.rules.text()
'cells=4 return=on'
"""

from kosynka.games.base import register_spec
from kosynka.games.freecell.deals import freecell_columns
from kosynka.games.freecell.notation import (
    detect_format,
    format_fcs,
    format_position,
    format_text,
    parse_fcs,
    parse_position,
    parse_standard,
    parse_text,
    standard,
)
from kosynka.games.freecell.rules import (
    CELL,
    CELL_SLOT,
    FOUNDATION,
    FreeCell,
    FreeCellRules,
    Move,
)
from kosynka.games.freecell.spec import FreeCellSpec

SPEC = register_spec(FreeCellSpec())
"""The registered :class:`FreeCellSpec`."""

__all__ = [
    "CELL",
    "CELL_SLOT",
    "FOUNDATION",
    "SPEC",
    "FreeCell",
    "FreeCellRules",
    "FreeCellSpec",
    "Move",
    "detect_format",
    "format_fcs",
    "format_position",
    "format_text",
    "freecell_columns",
    "parse_fcs",
    "parse_position",
    "parse_standard",
    "parse_text",
    "standard",
]
