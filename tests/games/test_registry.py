"""One registry of games by name, and one way for the other layers to find a game's part."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

import kosynka.games.base as base
from kosynka.errors import InvalidNotationError
from kosynka.games import (
    game_class,
    game_names,
    game_part,
    game_spec,
    game_specs,
    register_spec,
    spec_of,
)
from kosynka.games.freecell import FreeCell
from kosynka.games.klondike import Klondike, KlondikeSpec
from kosynka.games.spider import Spider


def test_every_lookup_reads_the_one_registry() -> None:
    specs = game_specs()
    # the import order
    assert [s.name for s in specs] == ["freecell", "klondike", "pyramid", "spider", "tripeaks"]
    assert game_names() == sorted(s.name for s in specs)
    for spec in specs:
        assert game_spec(spec.name) is spec
        assert game_class(spec.name) is spec.game_class
        assert spec.game_class.name == spec.name
        assert spec_of(spec.game_class()) is spec
    assert (game_class("klondike"), game_class("freecell"), game_class("spider")) == (
        Klondike,
        FreeCell,
        Spider,
    )
    # Names are read as game_spec reads them: any case, spaces around.
    assert game_class(" Spider ") is Spider


@pytest.mark.parametrize("lookup", [game_spec, game_class])
def test_an_unknown_game_is_one_clear_error(lookup: Any) -> None:
    with pytest.raises(InvalidNotationError, match=r"unknown game 'golf' \(known: freecell, "):
        lookup("golf")
    with pytest.raises(InvalidNotationError, match=r"'xxxx.*\.\.\. \(1,000 characters\)"):
        lookup("x" * 1000)


class _Golf(Klondike):
    """A stand-in for a fourth game: a game class and its spec, nothing else."""

    name: ClassVar[str] = "golf"


class _GolfSpec(KlondikeSpec):
    name: ClassVar[str] = "golf"
    titles: ClassVar[dict[str, str]] = {"en": "Golf", "ru": "Гольф"}
    game_class: ClassVar[Any] = _Golf


def test_a_new_game_is_one_registration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registering a spec is all it takes for every lookup to know the game."""
    monkeypatch.setattr(base, "_GAMES", dict(base._GAMES))
    monkeypatch.setattr(base, "_PARTS", {})
    spec = register_spec(_GolfSpec())
    assert game_spec("golf") is spec and game_class("golf") is _Golf
    assert "golf" in game_names() and game_specs()[-1] is spec
    assert register_spec(spec) is spec  # once more: the same spec, no harm
    # The layers find no part of it until it has one.
    assert game_part("kosynka.solver", "golf") is None
    assert game_part("kosynka.web.games", "golf") is None


def test_registration_refuses_a_clash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_GAMES", dict(base._GAMES))

    class Impostor(KlondikeSpec):
        """Another spec under Klondike's name."""

    with pytest.raises(ValueError, match="a game called 'klondike' is registered already"):
        register_spec(Impostor())

    class Mislabelled(_GolfSpec):
        name: ClassVar[str] = "minigolf"

    with pytest.raises(ValueError, match="names a game class called 'golf'"):
        register_spec(Mislabelled())
    assert game_names() == ["freecell", "klondike", "pyramid", "spider", "tripeaks"]


def test_game_part_finds_each_layers_module_by_name() -> None:
    import kosynka.library.graders.spider as grader
    import kosynka.solver.freecell as front
    import kosynka.web.games.klondike as adapter

    assert game_part("kosynka.solver", "freecell") is front
    assert game_part("kosynka.library.graders", "spider") is grader
    assert game_part("kosynka.web.games", "klondike") is adapter
    for name in game_names():
        for layer in ("kosynka.solver", "kosynka.library.graders", "kosynka.web.games"):
            part = game_part(layer, name)
            assert part is not None and part.__name__ == f"{layer}.{name}"


def test_game_part_is_none_where_a_game_has_none() -> None:
    # A layer with no module for the game, and modules that are no game's part.
    assert game_part("kosynka.cli", "spider") is None
    assert game_part("kosynka.solver", "verify") is None
    assert game_part("kosynka.solver", "result") is None
    assert game_part("kosynka.solver", "../klondike") is None
    assert game_part("kosynka.solver", 7) is None  # type: ignore[arg-type]


def test_game_part_raises_a_real_import_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part that exists but cannot be imported is an error, not "the game has none"."""
    layer = tmp_path / "kosynka_layer_under_test"
    layer.mkdir()
    (layer / "__init__.py").write_text("")
    (layer / "klondike.py").write_text("import kosynka_no_such_dependency\n")
    (layer / "freecell.py").write_text("PART = 'freecell'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(base, "_PARTS", {})
    try:
        with pytest.raises(ModuleNotFoundError, match="kosynka_no_such_dependency"):
            game_part("kosynka_layer_under_test", "klondike")
        found = game_part("kosynka_layer_under_test", "freecell")
        assert found is not None and found.PART == "freecell"
        assert game_part("kosynka_layer_under_test", "spider") is None
    finally:
        for key in [k for k in sys.modules if k.startswith("kosynka_layer_under_test")]:
            del sys.modules[key]
