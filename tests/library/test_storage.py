"""Library storage: bad database files give one clear line; writes are idempotent."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kosynka.cli import main
from kosynka.library.storage import (
    FORMAT_NAME,
    LibraryError,
    default_db_path,
    open_library,
    resolve_url,
)
from tests.common import MAIN
from tests.library.library_helpers import record


def _record(deal: int, verdict: str = "solved", **extra: Any) -> dict[str, Any]:
    """A stored record with ``verdict`` (a one-move line and a grade only when solved)."""
    solved = verdict == "solved"
    return record(
        deal,
        verdict=verdict,
        solver="python",
        states=10,
        unique_states=9,
        solution="s" if solved else None,
        solution_moves=1,
        grade="easy" if solved else None,
        **extra,
    )


"""The ``kosynka`` command as a subprocess (what the console script runs)."""


def _cli(*args: str, env_home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``kosynka library ARGS`` in a fresh process with its own data directory."""
    env = dict(os.environ, XDG_DATA_HOME=str(env_home))
    return subprocess.run(
        [sys.executable, "-c", MAIN, "library", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """Run ``kosynka library ARGS`` in this process: (exit status, stderr)."""
    code = main(["library", *args])
    return code, capsys.readouterr().err


def test_default_file_is_in_the_user_data_directory(private_data_dir: Path) -> None:
    assert default_db_path() == private_data_dir / "kosynka" / "library.sqlite"
    assert resolve_url(None) == f"sqlite:///{private_data_dir / 'kosynka' / 'library.sqlite'}"
    assert resolve_url("postgresql://u:p@h/db") == "postgresql://u:p@h/db"
    with open_library() as lib:
        assert lib.counts() == []
    assert default_db_path().is_file()


def test_store_is_idempotent(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    with open_library(db) as lib:
        assert lib.store([_record(1), _record(2, "unsolvable")]) == 2
        assert lib.store([_record(2, "unsolvable"), _record(3, "limit")]) == 1
        assert lib.stored_deals("klondike", "draw=1 passes=unlimited return=on", 1, 10) == {1, 2, 3}
        [c] = lib.counts("klondike")
        assert (c.total, c.solved, c.unsolvable, c.undecided) == (3, 1, 1, 1)
        assert c.grades == {"easy": 1}
        assert lib.deals_of_grade("klondike", "draw=1 passes=unlimited return=on", "easy") == [1]


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all\n" * 40, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["text", "damaged-sqlite"],
)
def test_corrupt_file_is_refused_with_one_line(
    tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(content)
    with pytest.raises(LibraryError, match=r"not a|not a usable|cannot open"):
        open_library(str(bad))
    for args in (("stats",), ("build", "--deals", "1-2"), ("pick", "--grade", "easy")):
        code, err = _main(capsys, *args, "--db", str(bad))
        assert code == 2
        assert len(err.strip().splitlines()) == 1 and str(bad) in err
    assert bad.read_bytes() == content  # nothing written over it


def test_corrupt_file_from_the_command_line_has_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"\x00garbage" * 500)
    proc = _cli("stats", "--db", str(bad), env_home=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("kosynka: error: ") and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_foreign_database_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "photos.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
    with pytest.raises(LibraryError, match=r"another application.s database.*albums"):
        open_library(str(other))
    code, err = _main(capsys, "build", "--deals", "1-3", "--db", str(other))
    assert code == 2 and "not a kosynka deal library" in err
    with sqlite3.connect(other) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert tables == {"albums"}


def test_other_schema_versions_and_formats_are_refused(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite"
    open_library(str(db)).close()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE kosynka_meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(LibraryError, match="schema '99'"):
        open_library(str(db))
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE kosynka_meta SET value = 'x' WHERE key = 'format'")
    with pytest.raises(LibraryError, match="not a kosynka deal library"):
        open_library(str(db))
    assert FORMAT_NAME != "x"


def test_missing_library_and_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(LibraryError, match="no library at"):
        open_library(str(tmp_path / "none.sqlite"), create=False)
    with pytest.raises(LibraryError, match="is a directory"):
        open_library(str(tmp_path))
    with pytest.raises(LibraryError, match=r"cannot use the database|not a database URL"):
        open_library("nosuchdialect://host/db")
    code, err = _main(capsys, "stats")
    assert code == 2 and "no library at" in err


def _open_while_another_finishes(path: Path, finish: Callable[[], None]) -> None:
    """Open the library at ``path`` while ``finish``, half a second later in another thread,
    completes its creation: the open must wait for it and find an empty library."""
    later = threading.Timer(0.5, finish)
    later.start()
    try:
        with open_library(str(path)) as lib:
            assert lib.counts("klondike") == []
    finally:
        later.join()


def test_opening_waits_for_a_library_another_process_is_creating(tmp_path: Path) -> None:
    # SQLite commits a new library's tables before the rows that say what they are; a second
    # build opening the file in between must wait for them, not call the file foreign.
    from sqlalchemy import create_engine, text

    from kosynka.library.storage import SCHEMA_VERSION, metadata

    path = tmp_path / "lib.sqlite"
    engine = create_engine(f"sqlite:///{path}")
    metadata.create_all(engine)

    def finish_creating() -> None:
        with engine.begin() as conn:
            conn.execute(
                text("INSERT INTO kosynka_meta (key, value) VALUES ('format', :f), ('schema', :s)"),
                {"f": FORMAT_NAME, "s": SCHEMA_VERSION},
            )

    try:
        _open_while_another_finishes(path, finish_creating)
    finally:
        engine.dispose()


def test_opening_waits_for_the_deals_table_then_calls_a_library_without_it_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each new table is committed on its own: a build opening the file may find the format
    # table and its rows before the creator has made the deals table. It waits for it; when it
    # never comes, the file is a damaged library (one clear error, nothing written).
    from kosynka.library import storage

    path = tmp_path / "lib.sqlite"
    open_library(str(path)).close()
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE deals RENAME TO deals_later")

    def finish_creating() -> None:
        with sqlite3.connect(path) as conn:
            conn.execute("ALTER TABLE deals_later RENAME TO deals")

    _open_while_another_finishes(path, finish_creating)
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE deals")
    monkeypatch.setattr(storage, "PREPARE_TRIES", 3)
    with pytest.raises(LibraryError, match=r"damaged kosynka deal library \(no deals table\)"):
        open_library(str(path))
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "deals" not in tables and "kosynka_meta" in tables


def test_a_library_whose_creation_was_cut_short_is_finished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A build killed while creating the library leaves its tables without the rows that say
    # what the file is. Once no other process finishes them, opening finishes the job instead
    # of refusing the file; a read-only open still refuses it.
    from sqlalchemy import create_engine

    from kosynka.library import storage
    from kosynka.library.storage import metadata

    monkeypatch.setattr(storage, "PREPARE_TRIES", 3)
    path = tmp_path / "lib.sqlite"
    engine = create_engine(f"sqlite:///{path}")
    metadata.create_all(engine)
    engine.dispose()
    with pytest.raises(LibraryError, match="not a kosynka deal library"):
        open_library(str(path), readonly=True)
    with open_library(str(path)) as lib:
        assert lib.store([_record(5)]) == 1
    with open_library(str(path), readonly=True) as lib:
        assert lib.stored_deals("klondike", "draw=1 passes=unlimited return=on", 1, 9) == {5}


def _schema_1_library(url: str) -> None:
    """A library as schema 1 made it: the deals table with Klondike's ``draw`` column, one
    deal stored."""
    from sqlalchemy import Column, Integer, MetaData, create_engine

    from kosynka.library.storage import claims_table, deals_table, meta_table

    engine = create_engine(url)
    md = MetaData()
    old = deals_table.to_metadata(md)
    old.append_column(Column("draw", Integer, nullable=False))
    meta = meta_table.to_metadata(md)
    claims_table.to_metadata(md)
    md.create_all(engine)
    with engine.begin() as conn:
        rows = [{"key": "format", "value": FORMAT_NAME}, {"key": "schema", "value": "1"}]
        conn.execute(meta.insert(), rows)
        conn.execute(old.insert(), [dict(_record(1), draw=1)])
    engine.dispose()


def _schema_of(url: str) -> tuple[str, set[str]]:
    """A library's schema version and the columns of its deals table."""
    from sqlalchemy import create_engine, inspect, text

    engine = create_engine(url)
    with engine.connect() as conn:
        schema = conn.execute(text("SELECT value FROM kosynka_meta WHERE key = 'schema'"))
        version = str(schema.scalar_one())
    columns = {c["name"] for c in inspect(engine).get_columns("deals")}
    engine.dispose()
    return version, columns


def _check_the_upgrade(url: str) -> None:
    """A schema-1 library is read as it is, and upgraded when opened for writing."""
    _schema_1_library(url)
    with open_library(url, create=False, readonly=True) as lib:
        assert [r["deal"] for r in lib.records()] == [1]
    version, columns = _schema_of(url)
    assert version == "1" and "draw" in columns  # reading changes nothing
    with open_library(url, create=False) as lib:
        assert lib.store([_record(2)]) == 1
        assert sorted(r["deal"] for r in lib.records()) == [1, 2]
    version, columns = _schema_of(url)
    assert version == "2" and "draw" not in columns
    with open_library(url, create=False) as lib:  # upgraded once, opened again
        assert sorted(r["deal"] for r in lib.records()) == [1, 2]


def test_a_schema_1_library_is_read_and_upgraded(tmp_path: Path) -> None:
    _check_the_upgrade(f"sqlite:///{tmp_path / 'old.sqlite'}")


def test_a_schema_1_postgres_library_is_read_and_upgraded(pg_server: Any) -> None:
    _check_the_upgrade(pg_server.new_database())
