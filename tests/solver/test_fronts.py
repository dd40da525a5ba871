"""The solver fronts talk to the games only through the games' public face, and each offers what
:func:`kosynka.solver.solve` asks of it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kosynka.solver
from kosynka.games import game_names, game_spec
from kosynka.solver import has_solver, solve, solver_front
from kosynka.solver.result import Found, Limits

SOLVER = Path(kosynka.solver.__file__).parent


def private_reads(path: Path) -> list[str]:
    """Every ``x._name`` in the module at ``path`` whose ``x`` is not ``self``, ``cls`` or a
    module the file imports (a module's own private names are its business), and every
    ``getattr``/``setattr`` naming a private attribute: ``line: text`` each."""
    tree = ast.parse(path.read_text(), str(path))
    modules = {"self", "cls"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            modules |= {a.asname or a.name for a in node.names}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = node.attr
            base = node.value
            if not name.startswith("_") or name.startswith("__"):
                continue
            if isinstance(base, ast.Name) and base.id in modules:
                continue
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and str(node.args[1].value).startswith("_")
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_sees_a_private_read(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import kosynka.solver._core as core\n"
        "def f(game, self):\n"
        "    self._ok = core._fine\n"
        "    return game._cols, getattr(game, '_found'), game.view()._x\n"
    )
    assert sorted(private_reads(sample)) == [
        "4: game._cols",
        "4: game.view()._x",
        "4: getattr(game, '_found')",
    ]


@pytest.mark.parametrize("path", sorted(SOLVER.glob("*.py")), ids=lambda p: p.name)
def test_no_solver_module_reads_a_games_private_parts(path: Path) -> None:
    assert private_reads(path) == []


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_front_with_the_solvers_calls(name: str) -> None:
    front = solver_front(name)
    assert front is not None and has_solver(name)
    for call in ("available_implementations", "search", "replay"):
        assert callable(getattr(front, call)), call
    if getattr(front, "REFEREE", False):
        assert callable(front.referee)
    # The front's own search and replay are what solve() answers with, timing aside.
    game = game_spec(name).deal(3)
    limits = Limits(max_states=200_000)
    found = front.search(game, limits, "python")
    assert isinstance(found, Found) and found.status == "solved"
    res = solve(game, max_states=200_000, implementation="python")
    assert res.moves == front.replay(game, found.line)
    assert (res.status.value, res.limit, res.states, res.unique_states) == (
        found.status,
        found.limit,
        found.states,
        found.unique_states,
    )
    assert res.seconds > 0 and res.implementation == "python"
