"""The library checks every claim (issue 43): ``verify`` replays each winning line and decides
each unwinnable deal again (all, or a sample it names), ``stats`` and ``verify`` report the rows
they cannot read, and a library of several games is treated alike by every command."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.games.klondike import KlondikeRules
from kosynka.library import BuildSpec, build, open_library
from kosynka.library.verify import unreadable, why_unreadable
from tests.library.library_helpers import FREECELL_RULES, KLONDIKE_RULES, SMALL_STATES, record

QUICK = ["--jobs", "1", "--quiet"]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["library", *args])
    return code, capsys.readouterr().out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Klondike library, built for real: winnable deals, two unwinnable (29 and 31)
    and an undecided one (12)."""
    db = tmp_path_factory.mktemp("verify") / "lib.sqlite"
    spec = BuildSpec("klondike", KlondikeRules(draw=1), max_states=SMALL_STATES, runs=1)
    build(spec, [*range(1, 13), 29, 31], db=str(db), jobs=1, progress=False)
    return db


def _copy(built: Path, tmp_path: Path) -> Path:
    db = tmp_path / "lib.sqlite"
    db.write_bytes(built.read_bytes())
    return db


def _verdicts(db: Path) -> dict[str, list[int]]:
    with open_library(str(db), create=False) as lib:
        out: dict[str, list[int]] = {}
        for r in lib.records():
            out.setdefault(r["verdict"], []).append(int(r["deal"]))
        return out


def test_verify_decides_every_unwinnable_deal_again(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _copy(built, tmp_path)
    verdicts = _verdicts(db)
    assert verdicts.get("solved") and verdicts.get("unsolvable"), verdicts
    code, out = _run(capsys, "verify", "--db", str(db), *QUICK)
    unwinnable = len(verdicts["unsolvable"])
    assert code == 0, out
    assert f"{unwinnable} of {unwinnable} unwinnable deals proven unwinnable again (all" in out
    # Three winnable deals changed to "unwinnable" in the file, as an audit did.
    changed = verdicts["solved"][:3]
    with sqlite3.connect(db) as conn:
        conn.executemany(
            "UPDATE deals SET verdict = 'unsolvable', solution = NULL, grade = NULL, "
            "score = NULL WHERE deal = ?",
            [(d,) for d in changed],
        )
    code, out = _run(capsys, "verify", "--db", str(db), *QUICK)
    assert code == 1
    wrong = [line for line in out.splitlines() if "the solver wins it" in line]
    assert len(wrong) == 3 and all(line.startswith("FAILED klondike ") for line in wrong)
    assert sorted(int(line.split(" deal ")[1].split(":")[0]) for line in wrong) == changed
    total = unwinnable + 3
    assert f"{unwinnable} of {total} unwinnable deals proven unwinnable again (all of them)" in out


def test_verify_can_decide_a_sample_and_says_which(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unwinnable = len(_verdicts(built)["unsolvable"])
    code, out = _run(capsys, "verify", "--db", str(built), "--sample", "1", *QUICK)
    assert code == 0, out
    said = [line for line in out.splitlines() if "picked at random" in line]
    assert len(said) == 1 and f"a sample of the {unwinnable} picked" in said[0], out
    seed = said[0].split("--seed ")[1].split(" ")[0]
    again = [
        _run(capsys, "verify", "--db", str(built), "--sample", "1", "--seed", seed, *QUICK)
        for _ in range(2)
    ]
    assert again[0] == again[1] and said[0] in again[0][1]
    code, out = _run(capsys, "verify", "--db", str(built), "--sample", "1000", *QUICK)
    assert "(all of them)" in out  # a sample as large as the whole is the whole
    assert main(["library", "verify", "--db", str(built), "--seed", "3"]) == 2
    assert "give --sample too" in capsys.readouterr().err


def test_rows_that_cannot_be_read_are_reported(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _copy(built, tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE deals SET rules = 'draw=9 passes=x' WHERE deal = 1")
        conn.execute("UPDATE deals SET verdict = 'maybe' WHERE deal = 2")
        conn.execute("UPDATE deals SET game = 'chess' WHERE deal = 3")
    code, out = _run(capsys, "stats", "--db", str(db))
    assert code == 0
    assert f"klondike {KLONDIKE_RULES}: 11 deals" in out
    assert "3 rows in " in out and "cannot be read and are counted nowhere above" in out
    assert "klondike 'draw=9 passes=x' (" in out and "draw must be 1 or 3" in out
    assert "(maybe, 1 row): an unknown verdict" in out
    assert "chess " in out and "a game this version does not know" in out
    code, out = _run(capsys, "stats", "--db", str(db), "--all-rules")
    assert "draw=9 passes=x:" not in out and "3 rows in " in out
    code, out = _run(capsys, "verify", "--db", str(db), *QUICK)
    assert code == 1
    assert sum(line.startswith("FAILED cannot be read: ") for line in out.splitlines()) == 3


def test_what_can_be_read() -> None:
    assert why_unreadable("klondike", KLONDIKE_RULES, "solved", "easy") is None
    assert why_unreadable("klondike", KLONDIKE_RULES, "limit", None) is None
    assert "not written as this version" in str(
        why_unreadable("klondike", "passes=unlimited draw=1 return=on", "solved", None)
    )
    assert "grade 'easy' on a unsolvable" in str(
        why_unreadable("klondike", KLONDIKE_RULES, "unsolvable", "easy")
    )
    assert "grade 'superb'" in str(why_unreadable("freecell", FREECELL_RULES, "solved", "superb"))
    got = unreadable([("chess", "x", "solved", None, 2), ("chess", "x", "limit", None, 1)])
    assert [(u.game, u.verdict, u.rows) for u in got] == [
        ("chess", "limit", 1),
        ("chess", "solved", 2),
    ]


def test_a_library_of_several_games_is_treated_alike_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --game, the commands that read the whole library (stats, verify, regrade)
    cover every game and name each; those that need one game (build, pick) ask for --game;
    a rule flag that leaves a game out of the figures says so."""
    db = str(tmp_path / "mixed.sqlite")
    with open_library(db) as lib:
        lib.store([record(1, verdict="limit", solution=None, grade=None, score=None)])
        lib.store([record(1, "freecell", FREECELL_RULES, verdict="limit", grade=None, score=None)])
    code, out = _run(capsys, "stats", "--db", db)
    assert code == 0 and "freecell cells=4" in out and "klondike draw=1" in out
    code, out = _run(capsys, "stats", "--db", db, "--draw", "1")
    assert code == 0 and "klondike draw=1" in out and "freecell cells=4" not in out
    assert "freecell deals not shown: freecell has no rule option --draw" in out
    code, out = _run(capsys, "verify", "--db", db, *QUICK)
    assert code == 0 and f"{db}: freecell and klondike" in out
    code, out = _run(capsys, "verify", "--db", db, "--game", "freecell", *QUICK)
    assert code == 0 and f"{db}: freecell\n" in out
    assert _run(capsys, "regrade", "--db", db, "--game", "klondike")[0] == 0
    for args in (["pick", "--grade", "easy"], ["build", "--deals", "3"]):
        assert main(["library", *args, "--db", db]) == 2
        err = capsys.readouterr().err
        assert err.strip().endswith("holds freecell and klondike deals: give --game to choose one")
