"""``kosynka solve --game spider`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kosynka.games.spider import Spider, SpiderRules, format_text
from tests.common import run


def test_deals_json_lines_and_summary() -> None:
    argv = ["solve", "--game", "spider", "--suits", "1", "--deals", "1-3", "--json"]
    code, text = run([*argv, "--max-states", "300000"])
    assert code == 0
    lines = [json.loads(line) for line in text.splitlines()]
    rows, summary = lines[:-1], lines[-1]["summary"]
    assert [r["deal"] for r in rows] == [1, 2, 3]
    for r in rows:
        assert set(r) >= {"deal", "status", "moves", "card_moves", "stock_moves", "states", "ms"}
        assert r["status"] == "solved"
        assert r["stock_moves"] == 5 and r["card_moves"] == len(r["moves"]) - 5
        assert all(m == "s" or ":" in m for m in r["moves"])  # column-prefixed move text
        game = Spider(r["deal"], rules=SpiderRules(suits=1))
        game.replay(r["moves"])
        assert game.is_won()
    assert summary["count"] == 3 and summary["solved"] == 3
    assert summary["median_ms"] <= summary["p90_ms"] <= summary["max_ms"]


def test_pysol_numbering_and_table(tmp_path: Path) -> None:
    code, text = run(["solve", "--game", "spider", "--suits", "2", "--deals", "2",
                      "--numbering", "pysol"])  # fmt: skip
    assert code == 0
    assert "solved" in text and "moves: " in text and "1 position(s): 1 winnable" in text
    moves = text.split("moves: ")[1].splitlines()[0].split()
    game = Spider(2, rules=SpiderRules(suits=2), numbering="pysol")
    game.replay(moves)
    assert game.is_won()


def test_position_file(tmp_path: Path) -> None:
    game = Spider(5, rules=SpiderRules(suits=4))
    path = tmp_path / "deal.txt"
    path.write_text(format_text(game), encoding="utf-8")
    code, text = run(["solve", str(path), "--time-limit", "60", "--json"])
    assert code == 0
    row = json.loads(text.splitlines()[0])
    assert row["position"] == str(path) and row["status"] == "solved"


def test_a_state_limit_reports_limit() -> None:
    argv = ["solve", "--game", "spider", "--suits", "4", "--deals", "3", "--json"]
    code, text = run([*argv, "--max-states", "100"])
    row = json.loads(text.splitlines()[0])
    assert code == 0 and row["status"] == "limit" and row["limit"] == "states"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--suits", "3"], "suits must be 1, 2 or 4"),
        (["--deals", "x-3"], "bad --deals"),
        (["--deals", "0"], "bad --deals"),
        (["--numbering", "microsoft"], "unknown numbering"),
        (["--draw", "3"], "draw"),
        (["--max-states", "0"], "--max-states"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["solve", "--game", "spider", "--deals", "1"]
    args = base + argv if "--deals" not in argv else ["solve", "--game", "spider", *argv]
    code, _ = run(args)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1
