"""A number with its noun, in English and Russian: the word's form follows the language's plural
rules (CLDR's, as the browser's ``Intl.PluralRules`` has them), so messages never say "1 cards"
or "1 карта" where "1 карту" is meant.

English has two forms (one, other); Russian three for whole numbers, picked by the last two
digits: *one* for 1, 21, 31, ... (not 11), *few* for 2-4, 22-24, ... (not 12-14), *many* for
the rest (0, 5-20, 25-30, ...). The caller gives the forms in the case its sentence needs
(accusative after "перенести", genitive after "после").

>>> en_count(1, "card", "cards"), en_count(21, "card", "cards")
('1 card', '21 cards')
>>> [ru_count(n, "карту", "карты", "карт") for n in (1, 2, 5, 11, 21, 22, 25)]
['1 карту', '2 карты', '5 карт', '11 карт', '21 карту', '22 карты', '25 карт']
"""

from __future__ import annotations


def ru_form(n: int, one: str, few: str, many: str) -> str:
    """The Russian form of a noun for the whole number ``n``: ``one`` (1, 21, 101, ...),
    ``few`` (2-4, 22-24, ...) or ``many`` (0, 5-20, 25-30, 111, ...)."""
    n = abs(n)
    last, last_two = n % 10, n % 100
    if last == 1 and last_two != 11:
        return one
    if 2 <= last <= 4 and not 12 <= last_two <= 14:
        return few
    return many


def en_form(n: int, one: str, other: str) -> str:
    """The English form of a noun for the whole number ``n``: ``one`` for 1, else ``other``."""
    return one if n == 1 else other


def ru_count(n: int, one: str, few: str, many: str) -> str:
    """``n`` followed by its noun in the Russian form it takes (see :func:`ru_form`)."""
    return f"{n} {ru_form(n, one, few, many)}"


def en_count(n: int, one: str, other: str) -> str:
    """``n`` followed by its noun in the English form it takes (see :func:`en_form`)."""
    return f"{n} {en_form(n, one, other)}"
