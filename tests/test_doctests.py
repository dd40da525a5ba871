"""The examples in the docstrings of the rules library run and give what they say."""

import doctest

import pytest

import kosynka.cards
import kosynka.deals
import kosynka.games.klondike
import kosynka.notation


@pytest.mark.parametrize(
    "module", [kosynka.cards, kosynka.deals, kosynka.games.klondike, kosynka.notation]
)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0
