"""Building the library: every deal stored once, lines that replay, resume after a kill, two
builds on one database (sharing the work of one range), the same result from a process pool as
in one process.

The builds are of FreeCell deals, whose grader takes milliseconds a deal: Klondike's follows the
strong hint for about a second and a half a deal (its builds are tested in
``test_grading.py``)."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from kosynka.cli import main
from kosynka.games import game_spec
from kosynka.games.freecell import FreeCellRules
from kosynka.library import BuildSpec, LibraryError, build, open_library, parse_deal_ranges
from kosynka.library.build import Progress, examine_deal
from kosynka.library.grading import GRADES
from kosynka.solver.verify import verify_line
from tests.common import MAIN
from tests.library.library_helpers import SMALL_STATES

SPEC = BuildSpec("freecell", FreeCellRules(), max_states=SMALL_STATES, runs=2)


def comparable(db: str) -> list[dict[str, Any]]:
    """The stored records without what differs between runs (row id, wall time)."""
    with open_library(db, create=False) as lib:
        recs = list(lib.records())
    for r in recs:
        del r["id"], r["seconds"]
    return recs


def check_records(db: str, deals: list[int], spec: BuildSpec) -> list[dict[str, Any]]:
    """Each deal stored exactly once, with a coherent verdict; every line wins (in the game
    ``spec`` builds for)."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT deal, COUNT(*) FROM deals GROUP BY deal").fetchall()
    assert sorted(d for d, _ in rows) == deals
    assert all(n == 1 for _, n in rows)
    with open_library(db, create=False) as lib:
        recs = list(lib.records())
    for r in recs:
        assert r["game"] == spec.game and r["rules"] == spec.rules_text
        if r["verdict"] == "solved":
            line = r["solution"].split()
            verify_line(game_spec(spec.game).deal(r["deal"], rules=spec.rules), line)
            assert r["solution_moves"] == len(line)
            assert r["grade"] in GRADES and 0 <= r["score"] <= 100
            assert r["heur_runs"] == spec.runs and 0 <= r["heur_wins"] <= spec.runs
            assert 0 <= r["heur_mean_home"] <= 104 and r["heur_mean_moves"] > 0
        else:
            assert r["solution"] is None and r["grade"] is None
            assert r["verdict"] in ("unsolvable", "limit")
            if r["verdict"] == "limit":
                assert r["limit_kind"] == "states" and r["states"] >= SMALL_STATES
    return recs


def test_deal_ranges() -> None:
    assert parse_deal_ranges("1-3") == [1, 2, 3]
    assert parse_deal_ranges("7, 2-3,3") == [2, 3, 7]
    for bad in ("", "a-b", "5-1", "0-3", "1-", "1,,2"):
        with pytest.raises(LibraryError):
            parse_deal_ranges(bad)


def test_build_then_build_again_adds_nothing(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    deals = list(range(1, 9))
    report = build(SPEC, deals, db=db, jobs=1, progress=False)
    assert (report.requested, report.already, report.examined, report.stored) == (8, 0, 8, 8)
    assert sum(report.verdicts.values()) == 8
    recs = check_records(db, deals, SPEC)
    assert any(r["verdict"] == "solved" for r in recs)
    again = build(SPEC, deals, db=db, jobs=1, progress=False)
    assert (again.already, again.examined, again.stored) == (8, 0, 0)


def test_process_pool_gives_the_same_records(tmp_path: Path) -> None:
    deals = list(range(20, 28))
    one, pool = str(tmp_path / "one.sqlite"), str(tmp_path / "pool.sqlite")
    build(SPEC, deals, db=one, jobs=1, progress=False)
    report = build(SPEC, deals, db=pool, jobs=2, progress=False, chunk_size=1)
    assert report.stored == len(deals)
    assert comparable(one) == comparable(pool)


def _start_build(db: str, deals: str, home: Path, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(home))
    args = ["library", "build", "--game", "freecell", "--deals", deals, "--db", db, "--runs", "2"]
    args += ["--max-states", str(SMALL_STATES), *extra]
    return subprocess.Popen(
        [sys.executable, "-c", MAIN, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )


def _stored(db: str) -> int:
    try:
        with sqlite3.connect(db, timeout=30) as conn:
            return int(conn.execute("SELECT COUNT(*) FROM deals").fetchone()[0])
    except sqlite3.OperationalError:
        return 0  # the tables are not there yet


def test_resume_after_a_kill_mid_build(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    proc = _start_build(db, "1-60", tmp_path, "--jobs", "2", "--batch", "3")
    deadline = time.monotonic() + 240
    while _stored(db) == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # the build and its pool workers, no goodbye
    proc.wait(timeout=30)
    at_kill = comparable(db)
    assert 0 < len(at_kill) < 60, "the build should have been killed part way"
    spec = BuildSpec("freecell", FreeCellRules(), max_states=SMALL_STATES, runs=2)
    report = build(spec, list(range(1, 61)), db=db, jobs=2, progress=False)
    assert report.already == len(at_kill)
    assert report.examined == report.stored == 60 - len(at_kill)
    after = check_records(db, list(range(1, 61)), SPEC)
    kept = {r["deal"]: r for r in comparable(db)}
    assert all(kept[r["deal"]] == r for r in at_kill)  # what was stored stays as it was
    assert len(after) == 60


def test_terminate_stores_what_is_done_and_says_how_to_resume(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    proc = _start_build(db, "100-400", tmp_path, "--jobs", "1", "--batch", "3")
    deadline = time.monotonic() + 240
    while _stored(db) == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "run the same command again to resume" in err and "Traceback" not in err
    n = _stored(db)
    assert 0 < n < 301
    assert f"{n} stored now" in out


def test_two_builds_on_one_database_neither_duplicate_nor_lose(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    a = _start_build(db, "200-229", tmp_path, "--jobs", "1")
    b = _start_build(db, "215-244", tmp_path, "--jobs", "1")
    out_a, err_a = a.communicate(timeout=600)
    out_b, err_b = b.communicate(timeout=600)
    assert a.returncode == 0 and b.returncode == 0, err_a + err_b
    check_records(db, list(range(200, 245)), SPEC)

    def stored_now(out: str) -> int:
        return int(out.split(" stored now")[0].rsplit(" ", 1)[1])

    assert stored_now(out_a) + stored_now(out_b) == 45


def test_two_builds_of_one_range_share_the_work(tmp_path: Path) -> None:
    """Two builds of the same deals at once: each deal is examined by one of them only (they
    claim the deals they solve), and all are stored once (an audit saw 739 deals examined to
    store 400)."""
    db = str(tmp_path / "lib.sqlite")
    open_library(db).close()
    builds = [_start_build(db, "1-200", tmp_path, "--jobs", "1") for _ in range(2)]
    outs = [b.communicate(timeout=600) for b in builds]
    assert all(b.returncode == 0 for b in builds), [err for _, err in outs]
    check_records(db, list(range(1, 201)), SPEC)

    def figure(out: str, words: str) -> int:
        return int(out.split(f" {words}")[0].rsplit(" ", 1)[1])

    examined = [figure(out, "examined") for out, _ in outs]
    stored = [figure(out, "stored now") for out, _ in outs]
    assert sum(examined) == 200 and sum(stored) == 200, outs
    assert min(examined) > 0, outs  # both took part
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM kosynka_claims").fetchone() == (0,)


def test_claims_are_disjoint_lapse_and_die_with_their_build(tmp_path: Path) -> None:
    rules = SPEC.rules_text
    with open_library(str(tmp_path / "lib.sqlite")) as lib:
        lib.prepare_claims()
        assert lib.claim(SPEC.game, rules, [1, 2, 3], "a", 60) == [1, 2, 3]
        assert lib.claim(SPEC.game, rules, [2, 3, 4, 5], "b", 60) == [4, 5]
        assert lib.claim(SPEC.game, rules, [1, 2], "a", 60) == [1, 2]  # still a's
        lib.release_claims("a", [1])
        assert lib.claim(SPEC.game, rules, [1, 2], "b", 60) == [1]
        assert lib.claim(SPEC.game, "cells=3 return=on", [2], "b", 60) == [2]
        lib.store([dict(examine_deal(SPEC, 6))])
        assert lib.claim(SPEC.game, rules, [6, 7], "b", 60) == [7]  # 6 is stored
        lib.claim(SPEC.game, rules, [8], "c", -1)  # a claim that has lapsed already
        assert lib.claim(SPEC.game, rules, [8], "b", 60) == [8]
        assert lib.claim(SPEC.game, rules, [2, 3], "b", 60, gone=lambda o: o == "a") == [2, 3]
        lib.renew_claims("b", 60)
        lib.release_claims("b")
        assert lib.claim(SPEC.game, rules, [1, 4, 5], "d", 60) == [1, 4, 5]


def test_a_deal_stored_and_given_back_during_a_claim_is_not_claimed(tmp_path: Path) -> None:
    """Build "a" stores deal 6 and gives its claim back just after build "b" first looked for
    stored deals and before b's claims go in (the first write of b's claim, caught on its way
    to the database): b must not get deal 6 to solve again."""
    db = str(tmp_path / "lib.sqlite")
    rules = SPEC.rules_text
    record = dict(examine_deal(SPEC, 6))
    with open_library(db) as a, open_library(db) as b:
        a.prepare_claims()
        assert a.claim(SPEC.game, rules, [6], "a", 60) == [6]
        done: list[str] = []

        def meanwhile(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if not done and statement.lstrip().upper().startswith("DELETE FROM KOSYNKA_CLAIMS"):
                done.append(statement)
                a.store([record])
                a.release_claims("a", [6])

        event.listen(b.engine, "before_cursor_execute", meanwhile)
        assert b.claim(SPEC.game, rules, [6, 7], "b", 60) == [7]
        assert done, "the claim wrote nothing before its claims went in"
        event.remove(b.engine, "before_cursor_execute", meanwhile)
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT deal FROM kosynka_claims").fetchall() == [(7,)]


def test_progress_line_shows_rate_and_time_left() -> None:
    stream = io.StringIO()
    bar = Progress(10, stream)
    bar.advance(5)
    bar.finish()
    text = stream.getvalue()
    assert "5/10 deals" in text and "deals/s" in text and "left" in text


def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["library", "build", "--deals", "9-2"]) == 2
    assert "empty deal range" in capsys.readouterr().err
    assert main(["library", "build", "--deals", "1-2", "--game", "chess"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["library", "build", "--deals", "1-2", "--jobs", "0"]) == 2
    assert main(["library"]) == 2
    assert "subcommand" in capsys.readouterr().err


def test_rules_are_part_of_the_key(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    build(SPEC, [5], db=db, jobs=1, progress=False)
    three = BuildSpec("freecell", FreeCellRules(cells=3), max_states=SMALL_STATES, runs=2)
    report = build(three, [5], db=db, jobs=1, progress=False)
    assert report.stored == 1
    with open_library(db) as lib:
        assert {c.rules for c in lib.counts("freecell")} == {
            FreeCellRules().text(),
            FreeCellRules(cells=3).text(),
        }
