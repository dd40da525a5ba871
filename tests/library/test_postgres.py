"""The library on a real PostgreSQL server, as well as on SQLite: two builds into one database
at once, a build killed and resumed, ``verify``, and a server that goes away in the middle of a
build (a clear error, nothing half-written). The test command installs Debian's ``postgresql``;
each test session starts a throwaway cluster (see ``pgserver.py``). The builds are of FreeCell
deals with three cells, whose grader is quick."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from typing import Any

import psycopg

from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.library import BuildSpec, build, open_library
from kosynka.solver.verify import verify_line
from tests.common import MAIN
from tests.library.library_helpers import SMALL_STATES
from tests.library.pgserver import PgServer

SPEC = BuildSpec("freecell", FreeCellRules(cells=3), max_states=SMALL_STATES, runs=2)


def _start(url: str, deals: str, *extra: str) -> subprocess.Popen[str]:
    args = ["library", "build", "--game", "freecell", "--cells", "3", "--db", url, "--quiet"]
    args += ["--max-states", str(SMALL_STATES), "--runs", "2", "--deals", deals, *extra]
    return subprocess.Popen(
        [sys.executable, "-c", MAIN, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _stored(url: str) -> int:
    """Rows in the deals table (0 before it exists or while the server is away)."""
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    try:
        with psycopg.connect(dsn, connect_timeout=5) as conn:
            row = conn.execute("SELECT COUNT(*) FROM deals").fetchone()
            return int(row[0]) if row else 0
    except psycopg.Error:
        return 0


def _wait_stored(url: str, proc: subprocess.Popen[str], seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    while _stored(url) == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)


def _records(url: str) -> list[dict[str, Any]]:
    with open_library(url, create=False) as lib:
        return [r for r in lib.records() if r["rules"] == SPEC.rules_text]


def _check(url: str, deals: list[int]) -> list[dict[str, Any]]:
    """Every deal stored once, and every winning line replays."""
    recs = _records(url)
    counts = Counter(r["deal"] for r in recs)
    assert sorted(counts) == deals and set(counts.values()) == {1}
    for r in recs:
        assert r["verdict"] in ("solved", "unsolvable", "limit")
        if r["verdict"] == "solved":
            assert verify_line(FreeCell(r["deal"], rules=SPEC.rules), r["solution"].split())
    return recs


def test_two_builds_share_one_postgres_library(pg_server: PgServer) -> None:
    url = pg_server.new_database()
    procs = [_start(url, deals, "--jobs", "1") for deals in ("1-30", "15-45")]
    for p in procs:
        _, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    # A third build over everything finds it all stored.
    report = build(SPEC, list(range(1, 46)), db=url, jobs=1, progress=False)
    assert report.examined == 0
    _check(url, list(range(1, 46)))


def test_a_killed_build_resumes_and_verify_replays(pg_server: PgServer) -> None:
    url = pg_server.new_database()
    proc = _start(url, "1-60", "--jobs", "2", "--batch", "3")
    _wait_stored(url, proc)
    os.killpg(proc.pid, signal.SIGKILL)  # the build and its pool, no goodbye
    proc.wait(timeout=30)
    at_kill = {r["deal"]: r for r in _records(url)}
    assert 0 < len(at_kill) < 60, "the build should have been killed part way"
    report = build(SPEC, list(range(1, 61)), db=url, jobs=2, progress=False)
    assert report.already == len(at_kill) and report.stored == 60 - len(at_kill)
    after = {r["deal"]: r for r in _check(url, list(range(1, 61)))}
    assert all(after[d] == r for d, r in at_kill.items())  # what was stored stays as it was
    verify = subprocess.run(
        [sys.executable, "-c", MAIN, "library", "verify", "--db", url],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert verify.returncode == 0, verify.stderr
    solved = sum(1 for r in after.values() if r["verdict"] == "solved")
    assert f"{solved} of {solved} winning lines replay to a win" in verify.stdout


def test_the_server_going_away_mid_build() -> None:
    server = PgServer()  # its own server: this test stops it
    try:
        url = server.new_database()
        proc = _start(url, "1-200", "--jobs", "1", "--batch", "2")
        _wait_stored(url, proc)
        server.stop("immediate")
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 2, (out, err)
        lines = err.strip().splitlines()
        assert "Traceback" not in err
        assert lines[-1].startswith("kosynka: error: ") and "library" in lines[-1], err
        server.start()
        stored = _records(url)
        assert stored, "what was committed before the server went away is kept"
        numbers = sorted(r["deal"] for r in stored)
        _check(url, numbers)  # whole rows only, every line replays
        # The same command again finishes the build.
        again = _start(url, "1-60", "--jobs", "1")
        _, err = again.communicate(timeout=600)
        assert again.returncode == 0, err
        _check(url, sorted(set(numbers) | set(range(1, 61))))
    finally:
        server.close()
