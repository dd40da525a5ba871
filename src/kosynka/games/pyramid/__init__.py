"""Pyramid: the rules engine (:mod:`.rules`), why moves are refused (:mod:`.reasons`), deal
numbers (:mod:`.deals`) and the position text (:mod:`.notation`).

:data:`SPEC` is the game's :class:`~kosynka.games.base.GameSpec`, registered on import.
"""

from kosynka.games.base import register_spec
from kosynka.games.pyramid.rules import (
    COVERED_BY,
    ROW_OF,
    X_OF,
    Move,
    Pyramid,
    PyramidRules,
)
from kosynka.games.pyramid.spec import PyramidSpec

SPEC = register_spec(PyramidSpec())

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
