"""The examples in the docstrings of every module of the package run and give what they say
(one doctest run over ``src/kosynka``)."""

import doctest
import importlib
import pkgutil

import pytest

import kosynka


def _modules() -> list[str]:
    """Every module of the package but the entry points (``__main__``) and the compiled core."""
    return [
        m.name
        for m in pkgutil.walk_packages(kosynka.__path__, "kosynka.")
        if not m.name.endswith(("__main__", "._core"))
    ]


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_module_is_looked_at() -> None:
    names = _modules()
    assert len(names) > 60 and "kosynka.numtext" in names and "kosynka.solver.klondike" in names


HAVE_EXAMPLES = [
    "kosynka.cards",
    "kosynka.numtext",
    "kosynka.plural",
    "kosynka.games.klondike.rules",
    "kosynka.games.klondike.deals",
    "kosynka.games.spider",
    "kosynka.games.spider.deals",
    "kosynka.games.spider.notation",
    "kosynka.games.spider.player",
    "kosynka.games.spider.rules",
    "kosynka.games.spider.spec",
    "kosynka.solver",
    "kosynka.solver.stats",
    "kosynka.solver.freecell",
    "kosynka.library.graders.freecell",
]
"""Modules whose docstrings must show examples (the rules libraries and the solver's face)."""


@pytest.mark.parametrize("name", HAVE_EXAMPLES)
def test_the_libraries_have_examples(name: str) -> None:
    assert (
        doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).attempted > 0
    )
