"""Pyramid: the rules engine (:mod:`.rules`), why moves are refused (:mod:`.reasons`), deal
numbers (:mod:`.deals`) and the position text (:mod:`.notation`).

:data:`SPEC` is the game's :class:`~kosynka.games.base.GameSpec`; it is not registered on
import. The house registers it (``register_spec(pyramid.SPEC)``) once it is ready to offer a
game made of places rather than columns.
"""

from kosynka.games.pyramid.rules import (
    COVERED_BY,
    ROW_OF,
    X_OF,
    Move,
    Pyramid,
    PyramidRules,
)
from kosynka.games.pyramid.spec import PyramidSpec

SPEC = PyramidSpec()

__all__ = [
    "COVERED_BY",
    "ROW_OF",
    "SPEC",
    "X_OF",
    "Move",
    "Pyramid",
    "PyramidRules",
    "PyramidSpec",
]
