"""``kosynka solve`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.games.klondike.notation import format_position
from tests.common import run


def test_deals_json_lines_and_summary() -> None:
    code, text = run(["solve", "--deals", "1-4", "--numbering", "kpat", "--json"])
    assert code == 0
    lines = [json.loads(line) for line in text.splitlines()]
    rows, summary = lines[:-1], lines[-1]["summary"]
    assert [r["deal"] for r in rows] == [1, 2, 3, 4]
    for r in rows:
        assert set(r) >= {"deal", "status", "moves", "card_moves", "stock_moves", "states", "ms"}
        if r["status"] == "solved":
            game = Klondike(r["deal"], rules=KlondikeRules(draw=1), numbering="kpat")
            game.replay(r["moves"])
            assert game.is_won()
    assert summary["count"] == 4
    assert summary["solved"] + summary["unsolvable"] + summary["limit"] == 4
    lo, hi = summary["winnable_ci95"]
    assert 0 <= lo <= summary["winnable_share"] <= hi <= 1
    assert summary["median_ms"] <= summary["p90_ms"] <= summary["max_ms"]


def test_jobs_give_the_same_verdicts() -> None:
    argv = ["solve", "--deals", "1-5", "--numbering", "kpat", "--json"]
    one = [json.loads(x) for x in run(argv)[1].splitlines()[:-1]]
    two = [json.loads(x) for x in run([*argv, "--jobs", "2"])[1].splitlines()[:-1]]
    assert [(r["deal"], r["status"], r["moves"]) for r in one] == [
        (r["deal"], r["status"], r["moves"]) for r in two
    ]


def test_position_file_table_and_short(tmp_path: Path) -> None:
    game = Klondike(3, rules=KlondikeRules(draw=1), numbering="kpat")
    path = tmp_path / "deal.txt"
    path.write_text(format_position(game), encoding="utf-8")
    code, text = run(["solve", str(path), "--short", "--time-limit", "30"])
    assert code == 0
    assert "solved" in text and "moves: " in text and "1 position(s): 1 winnable" in text
    moves = text.split("moves: ")[1].splitlines()[0].split()
    game.replay(moves)
    assert game.is_won()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve"], "nothing to solve"),
        (["solve", "--deals", "x-3"], "bad --deals"),
        (["solve", "--deals", "9-3"], "runs backwards"),
        (["solve", "--deals", "1", "--game", "chess"], "unknown game"),
        (["solve", "--deals", "1", "--time-limit", "-1"], "--time-limit"),
        (["solve", "--deals", "1", "--jobs", "0"], "--jobs"),
        (["solve", "/no/such/file"], "cannot read"),
        (["solve", "--deals", "1", "--draw", "2"], "draw must be 1 or 3"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1


def test_malformed_position_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("klondike draw=1 | tableau AS AS", encoding="utf-8")
    code, _ = run(["solve", str(path)])
    assert code == 2
    assert "bad.txt" in capsys.readouterr().err


def test_unknown_implementation_exits_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KOSYNKA_IMPLEMENTATION", "fortran")
    code, _ = run(["solve", "--deals", "1-3", "--jobs", "2"])
    assert code == 2
    assert "KOSYNKA_IMPLEMENTATION" in capsys.readouterr().err
