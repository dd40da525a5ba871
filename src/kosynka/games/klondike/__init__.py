"""Klondike ("Косынка"): the rules engine (:mod:`.rules`), why moves are refused
(:mod:`.reasons`), deal numbers (:mod:`.deals`), position formats (:mod:`.notation`) and the
no-peeking player behind hints and grades (:mod:`.player`)."""

from kosynka.games.base import register_spec
from kosynka.games.klondike.rules import (
    COLUMNS,
    DRAW,
    FOUNDATION,
    RECYCLE,
    Klondike,
    KlondikeRules,
    Move,
)
from kosynka.games.klondike.spec import KlondikeSpec

SPEC = register_spec(KlondikeSpec())

__all__ = [
    "COLUMNS",
    "DRAW",
    "FOUNDATION",
    "RECYCLE",
    "SPEC",
    "Klondike",
    "KlondikeRules",
    "KlondikeSpec",
    "Move",
]
