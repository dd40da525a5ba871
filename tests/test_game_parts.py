"""Each registered game's parts in the layers above the games (solver front, grader, scorings,
web adapter), found by the game's name, are whole, and each module part declares itself to
mypy as what its layer expects (so ``mypy --strict`` tells a new game what its part lacks)."""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

from kosynka.games import game_names, game_part
from kosynka.library.grading import Grader
from kosynka.scoring import Scorings
from kosynka.solver import solver_front
from kosynka.solver.result import SolverFront
from kosynka.web.games import adapter_of
from kosynka.web.games.base import WebAdapter

LAYERS: tuple[tuple[str, str, str, type], ...] = (
    ("kosynka.solver", "", "SolverFront", SolverFront),
    ("kosynka.library.graders", "", "Grader", Grader),
    ("kosynka.games", "scoring", "Scorings", Scorings),
)
"""(layer, leaf, protocol name, protocol) of each layer whose parts are modules."""


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize(("layer", "leaf", "protocol_name", "protocol"), LAYERS)
def test_a_game_s_module_parts_are_whole_and_declared(
    name: str, layer: str, leaf: str, protocol_name: str, protocol: type
) -> None:
    module: ModuleType | None = game_part(layer, name, leaf)
    if module is None:
        pytest.skip(f"{name} has no part in {layer}")
    assert isinstance(module, protocol), f"{module.__name__} lacks a part of {protocol_name}"
    source = inspect.getsource(module)
    assert f": {protocol_name} = _this" in source, (
        f"{module.__name__} does not declare itself a {protocol_name} for mypy"
    )


@pytest.mark.parametrize("name", game_names())
def test_a_game_s_web_adapter_is_one(name: str) -> None:
    adapter = adapter_of(name)
    if adapter is None:
        pytest.skip(f"{name} has no web adapter")
    assert isinstance(adapter, WebAdapter)


def test_every_game_with_a_solver_has_all_its_parts() -> None:
    for name in game_names():
        if solver_front(name) is None:
            continue
        for layer, leaf, _protocol_name, _protocol in LAYERS:
            assert game_part(layer, name, leaf) is not None, (name, layer, leaf)
        assert adapter_of(name) is not None, name
