"""Numbers with their nouns (kosynka.plural): the forms CLDR's plural rules give, in both
languages, for the numbers whose forms differ (1, 2, 5, 11, 21, 22, 25 and the teens)."""

from __future__ import annotations

import doctest

import pytest

import kosynka.plural
from kosynka.plural import en_count, en_form, ru_count, ru_form

RU = {
    0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many",
    21: "one", 22: "few", 25: "many", 101: "one", 111: "many", 112: "many", 122: "few",
}  # fmt: skip


@pytest.mark.parametrize(("n", "form"), sorted(RU.items()))
def test_russian_forms(n: int, form: str) -> None:
    assert ru_form(n, "one", "few", "many") == form
    assert ru_count(n, "ход", "хода", "ходов") == f"{n} " + {
        "one": "ход", "few": "хода", "many": "ходов"
    }[form]  # fmt: skip


@pytest.mark.parametrize("n", [0, 1, 2, 5, 11, 21, 22, 25])
def test_english_forms(n: int) -> None:
    assert en_form(n, "move", "moves") == ("move" if n == 1 else "moves")
    assert en_count(n, "card", "cards") == f"{n} card" + ("" if n == 1 else "s")


def test_examples() -> None:
    assert doctest.testmod(kosynka.plural).failed == 0
