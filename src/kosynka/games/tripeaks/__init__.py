"""TriPeaks ("Три вершины"): the rules engine (:mod:`.rules`), why moves are refused
(:mod:`.reasons`), deal numbers (:mod:`.deals`), the position text (:mod:`.notation`) and the
game as the house sees it (:mod:`.spec`).

:data:`SPEC` is the game's :class:`~kosynka.games.base.GameSpec`, registered on import.
"""

from kosynka.games.base import register_spec
from kosynka.games.tripeaks.deals import TriPeaksLayout, tripeaks_layout
from kosynka.games.tripeaks.rules import COVERS, ROWS, XS, Move, TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.spec import TriPeaksSpec

SPEC = register_spec(TriPeaksSpec())

__all__ = [
    "COVERS",
    "ROWS",
    "SPEC",
    "XS",
    "Move",
    "TriPeaks",
    "TriPeaksLayout",
    "TriPeaksRules",
    "TriPeaksSpec",
    "tripeaks_layout",
]
