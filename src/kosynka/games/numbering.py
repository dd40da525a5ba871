"""Deal numbers, the same for every game: check a number against its numbering, read one from
text, draw a fresh one.

A game's ``deals`` module keeps what is its own (its numberings and the largest number of each,
``MAX_DEAL``, and how a number becomes a layout) and asks these functions the rest, so that
every game refuses a bad number in the same words (``a deal number must be an integer, not
'12a'``; ``deal number 0 is out of range 1..4294967295 (kpat numbering)``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Final

from kosynka.errors import InvalidNotationError
from kosynka.numtext import parse_whole

TYPABLE: Final = 10**12
"""Fresh random deal numbers are at most this (numbers people can still type), or the
numbering's own largest number when it is smaller."""


def check_numbering(numbering: str, max_deal: Mapping[str, int], game: str) -> str:
    """``numbering`` when ``game`` has it (a key of ``max_deal``), else raise
    :class:`InvalidNotationError` naming the numberings it has."""
    if numbering not in max_deal:
        raise InvalidNotationError(
            f"unknown numbering {numbering!r} for {game} (expected one of: {', '.join(max_deal)})"
        )
    return numbering


def check_deal_number(number: int, numbering: str, max_deal: Mapping[str, int], game: str) -> int:
    """``number`` when it is a deal number of ``numbering`` (1 .. ``max_deal[numbering]``),
    else raise :class:`InvalidNotationError` naming the problem."""
    check_numbering(numbering, max_deal, game)
    if isinstance(number, bool) or not isinstance(number, int):
        raise InvalidNotationError(f"a deal number must be an integer, not {number!r}")
    top = max_deal[numbering]
    if not 1 <= number <= top:
        raise InvalidNotationError(
            f"deal number {number} is out of range 1..{top} ({numbering} numbering)"
        )
    return number


def parse_deal_number(text: str, numbering: str, max_deal: Mapping[str, int], game: str) -> int:
    """A deal number of ``numbering`` read from text (``"12345"``, ``"#12345"``); raise
    :class:`InvalidNotationError` for text that is no such number."""
    check_numbering(numbering, max_deal, game)
    top = max_deal[numbering]
    number = parse_whole(text.strip().lstrip("#"), "deal number", max_digits=len(str(top)))
    if number is None:
        raise InvalidNotationError(f"not a deal number: {text!r}")
    return check_deal_number(number, numbering, max_deal, game)


def random_deal_number(numbering: str, max_deal: Mapping[str, int], game: str) -> int:
    """A fresh random deal number of ``numbering``, at most :data:`TYPABLE`; the deal it names
    is reproducible from the number alone."""
    check_numbering(numbering, max_deal, game)
    return 1 + secrets.randbelow(min(max_deal[numbering], TYPABLE))
