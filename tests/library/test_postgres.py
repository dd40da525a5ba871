"""The library on a PostgreSQL server (any SQLAlchemy URL works the same way).

Runs only when ``KOSYNKA_TEST_POSTGRES`` names an empty database the tests may fill, for
instance ``postgresql+psycopg://kosynka:kosynka@127.0.0.1/kosynka`` (with ``psycopg``
installed); CI has no PostgreSQL server, so there it is skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest
from conftest import SMALL_STATES

from kosynka import Klondike
from kosynka.library import BuildSpec, build, open_library
from kosynka.solver.verify import verify_line

URL = os.environ.get("KOSYNKA_TEST_POSTGRES", "")
pytestmark = pytest.mark.skipif(not URL, reason="KOSYNKA_TEST_POSTGRES is not set")
MAIN = "import sys; from kosynka.cli import main; sys.exit(main(sys.argv[1:]))"


def test_two_builds_share_one_postgres_library() -> None:
    spec = BuildSpec(draw=3, max_states=SMALL_STATES, runs=2)
    args = ["library", "build", "--game", "klondike", "--draw", "3", "--db", URL]
    args += ["--jobs", "1", "--max-states", str(SMALL_STATES), "--runs", "2"]
    procs = [
        subprocess.Popen([sys.executable, "-c", MAIN, *args, "--deals", deals])
        for deals in ("1-30", "15-45")
    ]
    assert all(p.wait(timeout=600) == 0 for p in procs)
    # A third build over everything finds it all stored.
    report = build(spec, list(range(1, 46)), db=URL, jobs=1, progress=False)
    assert report.examined == 0
    with open_library(URL, create=False) as lib:
        recs = [r for r in lib.records() if r["rules"] == spec.rules_text]
    counts = Counter(r["deal"] for r in recs)
    assert sorted(counts) == list(range(1, 46)) and set(counts.values()) == {1}
    for r in recs:
        if r["verdict"] == "solved":
            assert verify_line(Klondike(r["deal"], rules=spec.rules), r["solution"].split())
