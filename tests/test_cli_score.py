"""Scores on the command line: ``kosynka apply ... --score`` and ``kosynka score GAME N MOVE...``
(the figures worked out by hand, or the library's for whole winning lines), their JSON and
accounts, and every bad value refused with one line and exit status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.library.build import rules_of
from kosynka.library.starter import read_starter
from kosynka.scoring import score_record, scoring_module, scorings


def call(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out)
    return code, out.getvalue()


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real command line in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "kosynka", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture()
def deal1(tmp_path: Path) -> Path:
    """KPat's Klondike deal 1 (Draw 1) as position text: JD alone in column 1, AH on top of
    column 5 over four face-down cards."""
    code, text = call("deal", "klondike", "1", "--numbering", "kpat")
    assert code == 0
    path = tmp_path / "deal1.txt"
    path.write_text(text)
    return path


def test_apply_prints_the_score_worked_by_hand(deal1: Path) -> None:
    # AH home from column 5: +10, and the card under it turned up: +5 (15); JD onto QC: a
    # column to a column, and column 1 is left empty: 0; a draw: 0. 61 seconds: 6 tens of
    # seconds at -2 each: 3.
    code, text = call("apply", str(deal1), "AH>f", "JD>3", "s", "--score", "--seconds", "61")
    assert code == 0
    assert text == "score 3 (standard; not won; 3 moves; 61 s)\n"
    code, text = call("apply", str(deal1), "AH>f", "--score", "--steps")
    assert code == 0
    lines = text.splitlines()
    assert len(lines) == 3 and lines[-1] == "score 15 (standard; not won; 1 move)"
    assert lines[0].split() == [
        "1",
        "AH>f",
        "+10",
        "a",
        "card",
        "to",
        "its",
        "foundation",
        "=",
        "10",
    ]
    assert lines[1].split()[-3:] == ["up", "=", "15"]


def test_apply_json_carries_the_position_and_the_steps(deal1: Path) -> None:
    code, text = call("apply", str(deal1), "AH>f", "JD>3", "--score", "standard", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["score"] == 15 and data["scoring"] == "standard" and not data["won"]
    assert [(s["code"], s["move"], s["score"]) for s in data["steps"]] == [
        ("home", 0, 10),
        ("turned", 0, 15),
    ]
    assert data["steps"][1]["ru"] == "открыта закрытая карта"
    assert data["position"].startswith("klondike draw=1") and "foundations - - AH -" in data[
        "position"
    ].replace("  ", " ")


def test_apply_vegas_and_its_pass_limit(deal1: Path, tmp_path: Path) -> None:
    code, _ = call("apply", str(deal1), "AH>f", "--score", "vegas")
    assert code == 2  # the position says unlimited passes: no Vegas game
    code, text = call("deal", "klondike", "1", "--numbering", "kpat", "--passes", "1")
    limited = tmp_path / "limited.txt"
    limited.write_text(text)
    code, text = call("apply", str(limited), "AH>f", "--score", "vegas", "--carry", "-20")
    # -20 carried, the stake -52, AH home +5: -67 (this game -47).
    assert (code, text) == (0, "score -67 (vegas; not won; 1 move; this game -47)\n")


def test_score_a_whole_record_of_each_game() -> None:
    for game in ("klondike", "freecell", "spider"):
        deal = read_starter(game=game)[0]
        rules = rules_of(game, deal.rules_text) if game != "klondike" else deal.rules
        flags = [f"--{k}={v}" for k, v in (("draw", getattr(rules, "draw", None)),) if v]
        flags += [f"--suits={rules.suits}"] if game == "spider" else []
        moves = deal.solution.split()
        code, text = call(
            "score", game, str(deal.deal), *moves, *flags, "--seconds", "300", "--json"
        )
        assert code == 0, text
        data = json.loads(text)
        expected = score_record(game, deal.deal, moves, rules=rules, seconds=300)
        assert data["score"] == expected.total and data["won"] is True
        assert data["deal"] == deal.deal and len(data["steps"]) == len(expected.steps)


def test_score_reads_the_line_from_a_file_or_stdin(tmp_path: Path) -> None:
    deal = read_starter(game="freecell")[0]
    line = tmp_path / "line.txt"
    line.write_text("\n".join(deal.solution.split()) + "\n")
    code, from_file = call("score", "freecell", str(deal.deal), "--line", str(line))
    assert code == 0 and "won" in from_file
    done = run("score", "freecell", str(deal.deal), "--line", "-", stdin=deal.solution)
    assert done.returncode == 0 and done.stdout == from_file
    # The first moves as arguments, the rest from the file.
    first, *rest = deal.solution.split()
    line.write_text(" ".join(rest))
    assert call("score", "freecell", str(deal.deal), first, "--line", str(line)) == (0, from_file)


def test_an_illegal_move_stops_with_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = call("score", "klondike", "1", "s", "QS>1", "--numbering", "kpat")
    assert code == 1 and text == ""
    assert capsys.readouterr().err.startswith("illegal move 2 (QS>1): not-available: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "klondike", "1", "--seconds", "-5"], "--seconds must be a whole number"),
        (["score", "klondike", "1", "--seconds", "1.5"], "--seconds must be a whole number"),
        (["score", "klondike", "1", "--undos", "x"], "--undos must be a whole number"),
        (["score", "klondike", "1", "--carry", "1e3"], "--carry must be a whole number, not"),
        (["score", "klondike", "1", "--seconds", "9" * 5000], "--seconds too long"),
        (["score", "klondike", "1", "--scoring", "windows"], "unknown scoring 'windows'"),
        (["score", "spider", "1", "--scoring", "vegas"], "expected one of: standard"),
        (["score", "klondike", "1", "--carry", "5"], "not kept from game to game"),
        (["score", "klondike", "1", "--scoring", "vegas"], "Vegas scoring is played with 1"),
        (["score", "klondike", "1", "s", "QQ"], "bad move 2 (QQ): not a move"),
        (["score", "klondike", "1", "--line", "/nonexistent/x"], "cannot read /nonexistent/x"),
        (["score", "freecell", "0"], "deal number 0 is out of range"),
        (["score", "freecell", "1", "--draw", "3"], "freecell has no rule option --draw"),
        (["score", "chess", "1"], "unknown game 'chess'"),
        (["apply", "-", "s", "--seconds", "5"], "--seconds goes with --score"),
        (["apply", "-", "s", "--json"], "--json goes with --score"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = call(*args)
    assert code == 2 and out == ""
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kosynka: error: ") and message in lines[0]
    assert len(lines[0]) < 300


def test_the_real_command_line_exits_2() -> None:
    done = run("apply", "-", "s", "--score", "--undos", "-1", stdin="klondike ...")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "kosynka: error: --undos must be a whole number of at least 0, not '-1'\n"


def test_the_front_finds_each_game_scoring_by_name() -> None:
    assert scorings("Klondike") == ("standard", "vegas")
    assert scoring_module("spider").__name__ == "kosynka.games.spider.scoring"
    assert scoring_module("freecell").SCORINGS[0] == "standard"
