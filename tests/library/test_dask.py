"""The same build on a Dask distributed cluster (two workers on loopback) as in one process; a
cluster whose workers are all gone is given up on, saying so."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kosynka.cli import main
from kosynka.games import game_names
from kosynka.games.freecell import FreeCellRules
from kosynka.games.klondike import KlondikeRules
from kosynka.library import BuildSpec, LibraryError, build, open_library
from kosynka.library.grading import starter_rules_of
from tests.library.library_helpers import SMALL_STATES
from tests.library.test_build import check_records, comparable

distributed = pytest.importorskip("distributed")

GRADED = tuple(g for g in game_names() if starter_rules_of(g))
"""The registered games whose library grades deals."""


def local_cluster(workers: int) -> Any:
    """A LocalCluster of ``workers`` single-threaded workers in this process, listening on
    127.0.0.1 (a context manager)."""
    return distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    )


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster of two single-threaded workers listening on 127.0.0.1."""
    with local_cluster(2) as c:
        yield c


@pytest.mark.parametrize("game", GRADED)
def test_dask_cluster_build_equals_the_local_build(tmp_path: Path, cluster: Any, game: str) -> None:
    """Every game whose library grades deals builds the same records on the cluster as in one
    process (its last starter rule set: Klondike Draw 3, Spider 4 suits, ...)."""
    spec = BuildSpec(game, starter_rules_of(game)[-1], max_states=SMALL_STATES, runs=1)
    deals = list(range(40, 46))
    local, remote = str(tmp_path / "local.sqlite"), str(tmp_path / "dask.sqlite")
    build(spec, deals, db=local, jobs=1, progress=False)
    report = build(spec, deals, db=remote, scheduler=cluster.scheduler_address, progress=False)
    assert report.stored == len(deals)
    check_records(remote, deals, spec)
    assert comparable(remote) == comparable(local)


def test_command_line_build_on_the_cluster(
    tmp_path: Path, cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "cli.sqlite")
    args = ["library", "build", "--game", "freecell", "--deals", "1-6", "--db", db, "--runs", "2"]
    args += ["--quiet"]
    args += ["--max-states", str(SMALL_STATES), "--scheduler", cluster.scheduler_address]
    assert main(args) == 0
    assert "6 stored now" in capsys.readouterr().out
    check_records(
        db,
        list(range(1, 7)),
        BuildSpec("freecell", FreeCellRules(), max_states=SMALL_STATES, runs=2),
    )
    assert main([*args, "--jobs", "2"]) == 2
    assert "not both" in capsys.readouterr().err


def test_unreachable_scheduler_is_a_clear_error(tmp_path: Path) -> None:
    spec = BuildSpec("klondike", KlondikeRules(draw=1), max_states=SMALL_STATES, runs=1)
    with pytest.raises(LibraryError, match="cannot reach the Dask scheduler"):
        build(
            spec,
            [1],
            db=str(tmp_path / "x.sqlite"),
            scheduler="tcp://127.0.0.1:9",
            connect_timeout=2,
        )


def test_a_build_whose_workers_are_all_gone_says_so_and_gives_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cluster's only worker goes away mid-build: the build says the cluster has no
    workers, gives up after the timeout (60 s unless told), keeps what was stored and gives
    back its claims."""
    db = str(tmp_path / "gone.sqlite")
    commits: list[int] = []
    got: dict[str, Any] = {}
    with local_cluster(1) as lonely:

        def run() -> None:
            try:
                build(
                    BuildSpec("freecell", FreeCellRules(), max_states=SMALL_STATES, runs=1),
                    list(range(1, 3001)),
                    db=db,
                    scheduler=lonely.scheduler_address,
                    progress=False,
                    workerless_timeout=2,
                    on_commit=commits.append,
                )
            except LibraryError as exc:
                got["error"] = str(exc)

        builder = threading.Thread(target=run)
        builder.start()
        deadline = time.monotonic() + 120
        while not commits and builder.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert commits, "the build stored nothing"
        lonely.scale(0)
        gone = time.monotonic()
        builder.join(timeout=60)
        took = time.monotonic() - gone
    assert not builder.is_alive()
    assert "has had no workers for 2 s: giving up" in got.get("error", ""), got
    assert "run the same command again to resume" in got["error"]
    assert took < 30, took
    assert "has no workers: waiting up to 2 s for one" in capsys.readouterr().err
    with open_library(db, create=False) as lib:
        assert len(list(lib.records())) >= sum(commits) > 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM kosynka_claims").fetchone() == (0,)


def _square(x: int) -> int:
    """A task whose result stays on the worker that computed it."""
    return x * x


def test_a_result_taken_away_by_its_worker_is_waited_for_as_a_workerless_cluster() -> None:
    """A chunk's result finished on a worker that then leaves goes back to waiting to be
    examined: reading it waits as for a cluster without workers, and gives up, saying so."""
    from kosynka.library.build import _Dask

    with local_cluster(1) as lonely:
        runner = _Dask(lonely.scheduler_address, timeout=10, workerless=2)
        try:
            fut = runner.client.submit(_square, 7, pure=False)
            distributed.wait([fut], timeout=30)
            assert fut.status == "finished"
            lonely.scale(0)
            deadline = time.monotonic() + 30
            while runner.client.nthreads() and time.monotonic() < deadline:
                time.sleep(0.05)
            started = time.monotonic()
            with pytest.raises(LibraryError, match="has had no workers for 2 s: giving up"):
                runner._result(fut)
            assert time.monotonic() - started < 20
        finally:
            runner.close()
