"""The compiled core's type stub (``src/kosynka/solver/_core.pyi``), by which ``mypy --strict``
checks every call into the core: it must be what nanobind's stub generator makes of the core as
built, and the package must ship it with its ``py.typed`` marker."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import kosynka
import kosynka.solver

STUB = Path(__file__).parents[2] / "src" / "kosynka" / "solver" / "_core.pyi"


@pytest.mark.core
def test_the_committed_stub_is_the_generator_s_for_the_built_core(tmp_path: Path) -> None:
    pytest.importorskip("nanobind.stubgen", reason="nanobind (a test extra) is not installed")
    made = tmp_path / "_core.pyi"
    command = [sys.executable, "-m", "nanobind.stubgen", "-q", "-m", "kosynka.solver._core"]
    subprocess.run([*command, "-o", str(made)], check=True, cwd=tmp_path)
    assert made.read_text(encoding="utf-8") == STUB.read_text(encoding="utf-8"), (
        "src/kosynka/solver/_core.pyi is not the built core's stub: run "
        "python -m nanobind.stubgen -m kosynka.solver._core -o src/kosynka/solver/_core.pyi"
    )


def test_the_package_ships_the_stub_and_its_marker() -> None:
    solver_dir = Path(kosynka.solver.__file__).parent
    assert (solver_dir / "_core.pyi").read_text(encoding="utf-8") == STUB.read_text(
        encoding="utf-8"
    )
    assert (Path(kosynka.__file__).parent / "py.typed").is_file()


def core_games() -> set[str]:
    """The games whose cores the module binds: the ``GAME(<name>)`` lines of
    ``KOSYNKA_GAMES`` in ``native/module.cpp``."""
    module = (Path(__file__).parents[2] / "native" / "module.cpp").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*GAME\((\w+)\)", module, flags=re.MULTILINE))


def test_the_stub_names_every_game_s_functions_by_its_prefix() -> None:
    # One scheme for the names the core exports: <game>_... for functions and <Game>... for
    # classes (FreeCellProver, KlondikeTemplate), so a game's calls into the core read as such
    # wherever they are made.
    games = core_games()
    assert {"klondike", "freecell", "spider"} <= games
    names = [
        line.split("(")[0].split()[-1].rstrip(":")
        for line in STUB.read_text(encoding="utf-8").splitlines()
        if line.startswith(("def ", "class "))
    ]
    classes = tuple({"freecell": "FreeCell"}.get(g, g.capitalize()) for g in games)
    assert names and all(
        n.startswith(tuple(f"{g}_" for g in games)) or (n[0].isupper() and n.startswith(classes))
        for n in names
    ), names
    assert {n.split("_")[0] for n in names if "_" in n} == games
