"""``kosynka hint`` and ``kosynka play``: the no-peek hint after moves from a position, and deals
played by following the hints, as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from kosynka import Klondike, KlondikeRules
from tests.common import run, run_program


def deal_file(tmp_path: Path, *args: str) -> Path:
    code, text = run(["deal", *args])
    assert code == 0
    path = tmp_path / "deal.txt"
    path.write_text(text)
    return path


def test_hint_after_moves_is_the_players_and_knows_the_history(tmp_path: Path) -> None:
    path = deal_file(tmp_path, "klondike", "7", "--numbering", "kpat", "--draw", "3")
    code, text = run(["hint", str(path), "s", "--json", "--seed", "3", "--time-limit", "5"])
    assert code == 0
    body = json.loads(text)
    assert set(body) == {"move": None, "chance": None}.keys()
    game = Klondike(7, rules=KlondikeRules(draw=3), numbering="kpat")
    game.push(game.parse_move("s"))
    assert body["move"] in {str(m) for m in game.legal_moves}
    assert body["chance"] is None or 0.0 <= body["chance"] <= 1.0
    # The words name the move and its chance.
    code, text = run(["hint", str(path), "s", "--seed", "3"])
    assert code == 0 and text.split()[0] in {str(m) for m in game.legal_moves}


def test_hint_reads_stdin_and_refuses_bad_moves_by_rule(tmp_path: Path) -> None:
    path = deal_file(tmp_path, "klondike", "7", "--numbering", "kpat")
    done = run_program("hint", "-", "--json", stdin=path.read_text())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["move"] is not None
    done = run_program("hint", str(path), "KS>f")
    assert done.returncode == 2
    assert "move 1 (KS>f) is refused" in done.stderr and "Traceback" not in done.stderr
    done = run_program("hint", str(path), "--time-limit", "0")
    assert done.returncode == 2 and "--time-limit" in done.stderr


def test_hint_of_a_won_game_has_no_move(tmp_path: Path) -> None:
    from kosynka.solver import solve

    game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
    line = [str(m) for m in solve(game).moves]
    path = deal_file(tmp_path, "klondike", "1", "--numbering", "kpat", "--draw", "1")
    code, text = run(["hint", str(path), *line, "--json"])
    assert code == 0 and json.loads(text) == {"move": None, "chance": None}


def test_play_follows_the_hints_deal_by_deal(tmp_path: Path) -> None:
    flags = ["--numbering", "kpat", "--draw", "1", "--time-limit", "0.03", "--json"]
    code, text = run(["play", "klondike", "--deals", "3-4", *flags])
    assert code == 0
    *rows, last = [json.loads(line) for line in text.splitlines()]
    assert [r["deal"] for r in rows] == [3, 4]
    for row in rows:
        assert set(row) == {"deal", "won", "moves", "line", "hint_ms_mean", "hint_ms_max"}
        assert row["moves"] == len(row["line"]) and row["hint_ms_max"] >= row["hint_ms_mean"]
        # The line replays, and a won line wins.
        game = Klondike(row["deal"], rules=KlondikeRules(draw=1), numbering="kpat")
        for move in row["line"]:
            game.push(game.parse_move(move))
        assert game.is_won() == row["won"]
    summary = last["summary"]
    assert summary["deals"] == 2 and summary["won"] == sum(r["won"] for r in rows)
    assert 0.0 <= summary["wilson95"][0] <= summary["rate"] <= summary["wilson95"][1] <= 1.0


def test_play_refuses_what_it_cannot_play() -> None:
    done = run_program("play", "nosuchgame", "--deals", "1-2")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    done = run_program("play", "klondike", "--deals", "5-x")
    assert done.returncode == 2 and "Traceback" not in done.stderr
