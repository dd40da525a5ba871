"""The examples in the docstrings of the rules library run and give what they say."""

import doctest
import importlib
import pkgutil

import pytest

import kosynka.games


def _modules() -> list[str]:
    """Every module of the shared values and of each game's package."""
    names = ["kosynka.cards"]
    for pkg in pkgutil.iter_modules(kosynka.games.__path__):
        if pkg.ispkg:
            sub = importlib.import_module(f"kosynka.games.{pkg.name}")
            names += [f"{sub.__name__}.{m.name}" for m in pkgutil.iter_modules(sub.__path__)]
    return names


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_rules_libraries_have_examples() -> None:
    for name in ("kosynka.cards", "kosynka.games.klondike.rules", "kosynka.games.klondike.deals"):
        assert doctest.testmod(importlib.import_module(name)).attempted > 0
