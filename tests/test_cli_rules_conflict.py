"""Rule flags beside a position that states its own rules (issue 26): a flag that asks for other
rules than the position's is refused with one line and exit 2, never ignored; a flag that
agrees is accepted; for formats that carry no rules the flags apply."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell.notation import format_fcs
from kosynka.games.freecell.notation import format_text as freecell_text
from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.games.klondike.notation import format_solvitaire
from kosynka.games.klondike.notation import format_text as klondike_text
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.notation import format_text as spider_text

POSITIONS = {
    "klondike": klondike_text(
        Klondike(1, rules=KlondikeRules(draw=3, passes=3, foundation_return=True))
    ),
    "klondike-off": klondike_text(Klondike(1, rules=KlondikeRules(foundation_return=False))),
    "freecell": freecell_text(FreeCell(1, rules=FreeCellRules(cells=4))),
    "freecell-off": freecell_text(FreeCell(1, rules=FreeCellRules(foundation_return=False))),
    "spider": spider_text(Spider(1, rules=SpiderRules(suits=2))),
}
"""Position texts (each states its rules); which rules is told by the cases below."""

CONFLICTS = [
    ("klondike", ["--draw", "1"], "--draw 1"),
    ("klondike", ["--passes", "2"], "--passes 2"),
    ("klondike", ["--passes", "unlimited"], "--passes unlimited"),
    ("klondike", ["--no-foundation-return"], "--no-foundation-return"),
    ("klondike", ["--draw", "1", "--passes", "2"], "--draw 1, --passes 2 disagree"),
    ("freecell", ["--cells", "2"], "--cells 2"),
    ("freecell", ["--no-foundation-return"], "--no-foundation-return"),
    ("spider", ["--suits", "4"], "--suits 4"),
    ("spider", ["--suits", "1"], "--suits 1"),
]
AGREEMENTS = [
    ("klondike", ["--draw", "3"]),
    ("klondike", ["--passes", "3"]),
    ("klondike", ["--passes", "03"]),
    ("klondike", ["--draw", "3", "--passes", "3"]),
    ("klondike-off", ["--no-foundation-return"]),
    ("klondike-off", ["--passes", "unlimited", "--draw", "1"]),
    ("freecell", ["--cells", "4"]),
    ("freecell-off", ["--no-foundation-return", "--cells", "4"]),
    ("spider", ["--suits", "2"]),
]
COMMANDS = {
    "show": [],
    "moves": [],
    "apply": ["s"],  # a legal move in Klondike and Spider; FreeCell gets its own below
    "solve": ["--max-states", "1"],
}


def _argv(command: str, path: Path, game: str, flags: list[str]) -> list[str]:
    extra = COMMANDS[command]
    if command == "apply" and game.startswith("freecell"):
        extra = ["6S>c"]
    return [command, str(path), *extra, *flags]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "position.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(
    ("game", "flags", "named"), CONFLICTS, ids=[f"{g} {' '.join(f)}" for g, f, _ in CONFLICTS]
)
def test_a_flag_against_the_positions_rules_is_refused(
    game: str,
    flags: list[str],
    named: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _write(tmp_path, POSITIONS[game])
    out = io.StringIO()
    code = main(_argv(command, path, game, flags), out)
    err = capsys.readouterr().err
    assert code == 2 and out.getvalue() == "", err
    assert len(err.splitlines()) == 1, err
    line = err.strip()
    assert line.startswith(f"kosynka: error: {path}: the position's own rules are ")
    assert named in line and "leave the flag out" in line
    header = POSITIONS[game].split("|")[0].split(None, 1)[1]
    assert header.split(" pass=")[0].strip() in line  # the rules it states, as it states them


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(
    ("game", "flags"), AGREEMENTS, ids=[f"{g} {' '.join(f)}" for g, f in AGREEMENTS]
)
def test_a_flag_that_agrees_is_accepted(
    game: str, flags: list[str], command: str, tmp_path: Path
) -> None:
    path = _write(tmp_path, POSITIONS[game])
    assert main(_argv(command, path, game, flags), io.StringIO()) == 0


def test_formats_without_rules_take_the_flags(tmp_path: Path) -> None:
    """Solvitaire JSON and fc-solve boards carry no rules: the flags are the rules."""
    json_path = tmp_path / "deal.json"
    json_path.write_text(format_solvitaire(Klondike(1)), encoding="utf-8")
    out = io.StringIO()
    assert main(["show", str(json_path), "--draw", "3", "--passes", "2"], out) == 0
    assert out.getvalue().startswith("Klondike, draw 3, 2 passes, foundation return on")
    board = tmp_path / "deal.board"
    board.write_text(format_fcs(FreeCell(1)), encoding="utf-8")
    out = io.StringIO()
    assert main(["show", str(board), "--cells", "2"], out) == 0
    assert out.getvalue().startswith("FreeCell, 2 free cells")


def test_stdin_is_named_in_the_refusal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(POSITIONS["spider"]))
    assert main(["moves", "-", "--suits", "4"], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("kosynka: error: stdin: the position's own rules are suits=2")


def test_several_positions_to_solve_are_each_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``solve A B --passes 3``: B states passes=unlimited, so the run stops before solving."""
    a = tmp_path / "a.txt"
    a.write_text(POSITIONS["klondike"], encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text(POSITIONS["klondike-off"], encoding="utf-8")
    out = io.StringIO()
    assert main(["solve", str(a), str(b), "--passes", "3"], out) == 2
    assert out.getvalue() == ""
    assert f"{b}: the position's own rules are draw=1 passes=unlimited" in capsys.readouterr().err
