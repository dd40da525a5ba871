"""Errors raised by kosynka. All are :class:`ValueError` subclasses.

Invalid *syntax* (a move, card or position that cannot be read) and an *illegal move* (well
formed, but the rules refuse it) are different errors; the latter carries a :class:`Reason`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
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


def shown(text: object, limit: int = 40) -> str:
    """``text`` quoted for a refusal: whole when it is short, else its first ``limit``
    characters and its length, so that the refusal of a huge input stays one short line.

    >>> shown("golf")
    "'golf'"
    >>> shown("x" * 1000, limit=4)
    "'xxxx'... (1,000 characters)"
    """
    if not isinstance(text, str) or len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


_SLOT = re.compile(r"\{(\w+)(?:\|([^{}]*))?\}")


def fill(template: str, lang: str, values: Mapping[str, int | str]) -> str:
    """``template`` with its slots filled from ``values``: ``{name}`` is the value (a number,
    or a text such as a card's name); ``{name|one|other}`` (English) and ``{name|one|few|many}``
    (Russian) are the number and its noun in the form the number takes (:mod:`kosynka.plural`).
    The browser fills the same templates the same way (``static/js/local/texts.js``), so a text
    with numbers or names in it is written once.

    >>> fill("only {n|card|cards} move", "en", {"n": 1})
    'only 1 card move'
    >>> fill("только {n|карту|карты|карт}", "ru", {"n": 22})
    'только 22 карты'
    """
    from kosynka.plural import en_count, ru_count

    def one(match: re.Match[str]) -> str:
        n = values[match.group(1)]
        forms = match.group(2)
        if forms is None:
            return str(n)
        if not isinstance(n, int):
            raise TypeError(f"the slot {match.group(1)!r} takes a number, not {n!r}")
        words = forms.split("|")
        if lang == "ru":
            return ru_count(n, words[0], words[1], words[2])
        return en_count(n, words[0], words[1])

    return _SLOT.sub(one, template)


@dataclass(frozen=True, slots=True)
class ReasonTemplate:
    """A refusal whose words hold numbers or names (a free cell's number, how many cards may
    move, the cards that cover a card):
    ``code`` and the templates ``en`` and ``ru`` (see :func:`fill`); :meth:`of` is the
    :class:`Reason` for given numbers."""

    code: str
    en: str
    ru: str

    def of(self, **values: int | str) -> Reason:
        """The reason with the templates filled from ``values``."""
        return Reason(self.code, fill(self.en, "en", values), fill(self.ru, "ru", values))
