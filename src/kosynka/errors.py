"""Errors raised by kosynka. All are :class:`ValueError` subclasses.

Invalid *syntax* (a move, card or position that cannot be read) and an *illegal move* (well
formed, but the rules refuse it) are different errors; the latter carries a :class:`Reason`.
"""

from __future__ import annotations

from dataclasses import dataclass


class KosynkaError(ValueError):
    """Base class of every error kosynka raises on bad input."""


class InvalidNotationError(KosynkaError):
    """Text that cannot be read: a card, a move, a deal number or a rule value."""


class InvalidPositionError(KosynkaError):
    """A position that is malformed or impossible (wrong count, duplicate card, bad format)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move is refused: a stable ``code`` and a short message in English and Russian."""

    code: str
    en: str
    ru: str

    def message(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.ru if lang == "ru" else self.en

    def __str__(self) -> str:
        return f"{self.code}: {self.en}"


class IllegalMoveError(KosynkaError):
    """A well-formed move that the rules refuse; ``reason`` says why."""

    def __init__(self, move: object, reason: Reason) -> None:
        super().__init__(f"illegal move {move}: {reason.code}: {reason.en}")
        self.move = move
        self.reason = reason
