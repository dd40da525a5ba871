"""The examples in the docstrings of the Spider package run and give what they say."""

import doctest

import pytest

import kosynka.games.spider
import kosynka.games.spider.deals
import kosynka.games.spider.notation
import kosynka.games.spider.player
import kosynka.games.spider.rules
import kosynka.games.spider.spec


@pytest.mark.parametrize(
    "module",
    [
        kosynka.games.spider,
        kosynka.games.spider.deals,
        kosynka.games.spider.notation,
        kosynka.games.spider.player,
        kosynka.games.spider.rules,
        kosynka.games.spider.spec,
    ],
)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.attempted > 0
    assert result.failed == 0
