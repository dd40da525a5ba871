"""The command line: deal, show, moves, apply; exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kosynka.games.klondike.notation import parse_position
from tests.common import run, run_program


@pytest.fixture()
def deal_file(tmp_path: Path) -> Path:
    code, text = run(["deal", "klondike", "1", "--numbering", "kpat"])
    assert code == 0
    path = tmp_path / "deal.txt"
    path.write_text(text)
    return path


def test_deal_formats() -> None:
    code, text = run(["deal", "klondike", "1", "--numbering", "kpat", "--draw", "3"])
    assert code == 0 and text.startswith("klondike draw=3 passes=unlimited")
    code, text = run(["deal", "klondike", "1", "--format", "solvitaire"])
    assert code == 0 and len(json.loads(text)["stock"]) == 24


def test_moves_and_apply(deal_file: Path) -> None:
    code, text = run(["moves", str(deal_file)])
    assert code == 0 and text.split() == ["AH>f", "JD>3", "s"]
    code, text = run(["apply", str(deal_file), "s", "JD>3", "AH>f"])
    assert code == 0
    game = parse_position(text)
    assert game.stock_count() == 23 and game.foundation_counts() == (0, 0, 1, 0)
    assert [str(c) for c in game.face_up(2)] == ["QC", "JD"]


def test_apply_illegal(deal_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A refused move stops ``apply`` with exit 1 and the refusal on stderr; stdout gets the
    position it was refused in (after the moves before it), so a pipe into ``show`` draws it."""
    code, text = run(["apply", str(deal_file), "s", "QH>1", "AH>f"])
    assert code == 1
    assert capsys.readouterr().err.strip() == (
        "illegal move 2 (QH>1): rank: In a column a card goes only on a card exactly one rank"
        " higher."
    )
    game = parse_position(text)
    assert game.stock_count() == 23 and game.foundation_counts() == (0, 0, 0, 0)


def test_apply_illegal_in_a_pipe() -> None:
    """``apply ... | show -`` with a refused move: the refusal on stderr, the table it was
    refused on drawn, and ``apply`` exits 1 (``show`` 0)."""
    deal = run_program("deal", "klondike", "1", "--numbering", "kpat")
    applied = run_program("apply", "-", "s", "QH>1", stdin=deal.stdout)
    assert applied.returncode == 1
    assert applied.stderr.startswith("illegal move 2 (QH>1): rank: ")
    shown = run_program("show", "-", stdin=applied.stdout)
    assert shown.returncode == 0 and "stock [23]" in shown.stdout, shown.stderr
    scored = run_program("apply", "-", "s", "QH>1", "--score", stdin=deal.stdout)
    assert scored.returncode == 1 and scored.stdout == ""
    assert scored.stderr.startswith("illegal move 2 (QH>1): rank: ")


def test_show(deal_file: Path) -> None:
    code, text = run(["show", str(deal_file)])
    assert code == 0
    assert "##" in text and "JD" in text and "2D" not in text  # face-down cards stay hidden


def test_solvitaire_input_with_rule_flags(tmp_path: Path) -> None:
    _, text = run(["deal", "klondike", "7", "--format", "solvitaire"])
    path = tmp_path / "deal.json"
    path.write_text(text)
    code, out = run(["apply", str(path), "s", "--draw", "3"])
    assert code == 0
    doc = json.loads(out)
    assert len(doc["stock"]) == 21 and len(doc["waste"]) == 3


def test_stdin_pipeline() -> None:
    deal = run_program("deal", "klondike", "1", "--numbering", "kpat")
    applied = run_program("apply", "-", "s", stdin=deal.stdout)
    assert applied.returncode == 0
    shown = run_program("show", "-", stdin=applied.stdout)
    assert shown.returncode == 0 and "4H" in shown.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("deal", "klondike", "0"), "out of range"),
        (("deal", "klondike", "abc"), "not a deal number"),
        (("deal", "chess", "1"), "unknown game"),
        (("deal", "klondike", "1", "--draw", "2"), "draw must be 1 or 3"),
        (("moves", "/nonexistent/file"), "cannot read"),
        (("bogus",), "invalid choice"),
        ((), "no command"),
    ],
)
def test_bad_arguments(args: tuple[str, ...], needle: str) -> None:
    result = run_program(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.stderr


def test_bad_input(deal_file: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"tableau piles": [')
    for args, needle in (
        (("show", str(broken)), "broken JSON"),
        (("apply", str(deal_file), "7C-4"), "not a move"),
        (("apply", str(deal_file), "ZZ>4"), "not a card"),
        (("apply", str(deal_file), "7C>9"), "not a destination"),
        (("moves", "-"), "empty"),
        (("apply", str(deal_file), "s", "--passes", "zero"), "passes"),
    ):
        result = run_program(*args, stdin="")
        assert result.returncode == 2, (args, result.stderr)
        assert needle in result.stderr and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_builtin_commands_do_not_load_the_web_server_or_the_database() -> None:
    code = (
        "import sys; from kosynka.cli import main; import io; "
        "main(['deal', 'klondike', '1'], io.StringIO()); "
        "print(any(m.startswith(('fastapi', 'sqlalchemy', 'uvicorn')) for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "False"


def test_subsystem_commands_registered_on_demand() -> None:
    for args in (("solve", "--help"), ("library", "--help"), ("serve", "--help")):
        result = run_program(*args)
        assert result.returncode == 0 and "usage: kosynka " + args[0] in result.stdout
