"""Whole numbers written in text (deal numbers, rule values, columns in move text), read with
a bound on their length.

Python refuses to turn a text of more than 4,300 digits into an int (a ``ValueError`` whose
message is not for players), and turning a very long one into an int costs time that grows with
its square. The games' parsers (deal numbers, rule values, move text, position text) and the
command line read whole numbers through :func:`parse_whole`, which takes ASCII digits only
(``"²"`` passes ``str.isdigit`` but ``int`` refuses it; ``"٣"`` is no deal number) and refuses
a number of more than :data:`MAX_DIGITS` digits as too long; Solvitaire JSON is read with
:func:`json_int`.

>>> parse_whole("0042", "deal number")
42
>>> parse_whole("4x", "deal number") is None
True
>>> parse_whole("9" * 101, "passes")
Traceback (most recent call last):
...
kosynka.errors.InvalidNotationError: passes too long: 101 digits (at most 100)
"""

from __future__ import annotations

from typing import Final

from kosynka.errors import InvalidNotationError, KosynkaError

MAX_DIGITS: Final = 100
"""The most digits (not counting leading zeros) of any whole number kosynka reads: well above
every meaningful value (the largest deal numbers have 20 digits) and far below the 640 digits
that are the least Python's int-from-text limit can be set to."""


def parse_whole(
    text: str,
    what: str,
    *,
    max_digits: int = MAX_DIGITS,
    error: type[KosynkaError] = InvalidNotationError,
) -> int | None:
    """``text`` (surrounding blanks allowed) read as a whole number in ASCII digits, or None
    when it is not one, for the caller to say what it expected. Raise ``error`` saying that
    ``what`` is too long when it has more than ``max_digits`` digits after its leading zeros."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()):
        return None
    significant = t.lstrip("0")
    if len(significant) > max_digits:
        raise error(f"{what} too long: {len(significant):,} digits (at most {max_digits})")
    return int(significant) if significant else 0


def json_int(text: str) -> int:
    """An integer of a JSON document (``json.loads(..., parse_int=json_int)``): JSON's own
    reader meets Python's int-from-text limit and raises a bare ``ValueError`` on an integer
    of more than 4,300 digits; this raises :class:`InvalidNotationError` for one of more than
    :data:`MAX_DIGITS`."""
    negative = text.startswith("-")
    digits = text.lstrip("-").lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise InvalidNotationError(
            f"a number in the JSON is too long: {len(digits):,} digits (at most {MAX_DIGITS})"
        )
    number = int(digits) if digits else 0
    return -number if negative else number
