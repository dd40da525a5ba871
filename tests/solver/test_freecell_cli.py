"""``kosynka solve --game freecell`` as a user runs it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell.notation import format_fcs, parse_standard_line


def run(argv: list[str]) -> tuple[int, str]:
    """Run ``kosynka`` with ``argv``: its exit code and what it printed."""
    out = io.StringIO()
    return main(argv, out), out.getvalue()


def test_deals_json_lines_and_summary() -> None:
    code, text = run(["solve", "--game", "freecell", "--deals", "1-4", "--json"])
    assert code == 0
    lines = [json.loads(line) for line in text.splitlines()]
    rows, summary = lines[:-1], lines[-1]["summary"]
    assert [r["deal"] for r in rows] == [1, 2, 3, 4]
    for r in rows:
        assert set(r) >= {"deal", "status", "moves", "card_moves", "stock_moves", "states", "ms"}
        assert r["status"] == "solved" and r["stock_moves"] == 0
        game = FreeCell(r["deal"])
        game.replay(r["moves"])
        assert game.is_won()
    assert summary["count"] == 4 and summary["solved"] == 4
    assert summary["median_ms"] <= summary["p90_ms"] <= summary["max_ms"]


def test_standard_notation_lines_replay() -> None:
    argv = ["solve", "--game", "freecell", "--deals", "1,10", "--cells", "3", "--json"]
    code, text = run([*argv, "--notation", "standard"])
    assert code == 0
    rows = [json.loads(line) for line in text.splitlines()[:-1]]
    plain = [json.loads(line) for line in run(argv)[1].splitlines()[:-1]]
    for row, other in zip(rows, plain, strict=True):
        game = FreeCell(row["deal"], rules=FreeCellRules(cells=3))
        moves = parse_standard_line(game, " ".join(row["moves"]))
        assert [str(m) for m in moves] == other["moves"]
        board = game.copy(stack=False)
        board.replay(moves)
        assert board.is_won()


def test_rule_flags_and_numbering() -> None:
    argv = ["solve", "--game", "freecell", "--deals", "11982", "--no-foundation-return"]
    code, text = run([*argv, "--json"])
    assert code == 0
    assert json.loads(text.splitlines()[0])["status"] == "unsolvable"
    code, text = run(["solve", "--game", "freecell", "--deals", "40000", "--numbering", "pysol"])
    assert code == 0 and "solved" in text


def test_position_file_table_and_short(tmp_path: Path) -> None:
    game = FreeCell(2, rules=FreeCellRules(cells=2))
    path = tmp_path / "deal.board"
    path.write_text(format_fcs(game), encoding="utf-8")
    code, text = run(["solve", str(path), "--cells", "2", "--short", "--notation", "standard"])
    assert code == 0
    assert "1 position(s): 1 winnable" in text
    tokens = text.split("moves: ")[1].splitlines()[0]
    board = game.copy(stack=False)
    board.replay(parse_standard_line(game, tokens))
    assert board.is_won()


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--game", "freecell", "--deals", "0-3"],
        ["solve", "--game", "freecell", "--deals", "5-3"],
        ["solve", "--game", "freecell", "--deals", "1", "--cells", "5"],
        ["solve", "--game", "freecell", "--deals", "1", "--numbering", "kpat"],
        ["solve", "--game", "klondike", "--deals", "1", "--notation", "standard"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run(argv)
    err = capsys.readouterr().err
    assert code == 2 and text == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("kosynka: error:")
