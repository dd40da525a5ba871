"""The same build on a Dask distributed cluster (two workers on loopback) as in one process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kosynka.cli import main
from kosynka.library import BuildSpec, LibraryError, build
from tests.library.library_helpers import SMALL_STATES
from tests.library.test_build import check_records, comparable

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A LocalCluster of two single-threaded workers listening on 127.0.0.1."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as c:
        yield c


def test_dask_cluster_build_equals_the_local_build(tmp_path: Path, cluster: Any) -> None:
    spec = BuildSpec(draw=3, max_states=SMALL_STATES, runs=2)
    deals = list(range(40, 50))
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
    args = ["library", "build", "--deals", "1-6", "--db", db, "--runs", "2", "--quiet"]
    args += ["--max-states", str(SMALL_STATES), "--scheduler", cluster.scheduler_address]
    assert main(args) == 0
    assert "6 stored now" in capsys.readouterr().out
    check_records(db, list(range(1, 7)), BuildSpec(draw=1, max_states=SMALL_STATES, runs=2))
    assert main([*args, "--jobs", "2"]) == 2
    assert "not both" in capsys.readouterr().err


def test_unreachable_scheduler_is_a_clear_error(tmp_path: Path) -> None:
    spec = BuildSpec(draw=1, max_states=SMALL_STATES, runs=1)
    with pytest.raises(LibraryError, match="cannot reach the Dask scheduler"):
        build(
            spec,
            [1],
            db=str(tmp_path / "x.sqlite"),
            scheduler="tcp://127.0.0.1:9",
            connect_timeout=2,
        )
