"""What the library commands refuse, each with one line on stderr and exit status 2, before any
deal is solved and without writing anything: a damaged SQLite file, a library that cannot be
written, a --game or rule flag at odds with what the library holds, a missing directory, bad
ranges, URLs, schedulers and numbers of any length (issue 26)."""

from __future__ import annotations

import importlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from kosynka.cli import main
from kosynka.games.klondike import KlondikeRules
from kosynka.library import LibraryError, open_library, pick
from kosynka.library.starter import starter_index
from kosynka.library.storage import default_db_path
from tests.common import MAIN
from tests.library.library_helpers import FREECELL_RULES, KLONDIKE_RULES, SMALL_STATES, record
from tests.library.pgserver import PgServer

build_module = importlib.import_module("kosynka.library.build")
"""The module (``kosynka.library.build`` as an attribute is the function of that name)."""
BIG = "7" * 5000
"""More digits than Python reads into an int by default (4,300)."""
QUICK = ["--max-states", str(SMALL_STATES), "--runs", "1", "--jobs", "1", "--quiet"]
"""Build options that keep a real build short."""


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``kosynka library ARGS`` in this process: (exit status, stdout, stderr)."""
    code = main(["library", *args])
    got = capsys.readouterr()
    return code, got.out, got.err


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``kosynka library ARGS``; check it is refused with one line; return that line."""
    code, out, err = _run(capsys, *args)
    lines = err.splitlines()
    assert code == 2, (args[:6], out, err)
    assert len(lines) == 1 and lines[0].startswith("kosynka: error: "), err
    assert out == ""
    return lines[0]


@pytest.fixture
def no_solving(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Fail the test if a deal is examined in this process; the deals that were, if any."""
    examined: list[int] = []

    def examine(spec: Any, deal: int) -> dict[str, Any]:
        examined.append(deal)
        raise AssertionError(f"deal {deal} was examined")

    monkeypatch.setattr(build_module, "examine_deal", examine)
    return examined


def _library(path: Path, records: list[dict[str, Any]] | None = None) -> Path:
    """A library file at ``path`` holding ``records`` (300 made-up Klondike deals by default,
    about 20 pages of 4 KB)."""
    with open_library(str(path)) as lib:
        lib.store(records if records is not None else [record(d) for d in range(1, 301)])
    return path


def _damage(path: Path, page: int, seed: int = 26) -> None:
    """Write random bytes over page ``page`` (counted from 1) of the SQLite file ``path``."""
    with sqlite3.connect(path) as conn:
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    conn.close()
    with path.open("r+b") as fh:
        fh.seek((page - 1) * size)
        fh.write(random.Random(seed).randbytes(size))


def _integrity(path: Path) -> str:
    """What SQLite's full ``integrity_check`` says of ``path`` (``ok`` or the first problem)."""
    try:
        with sqlite3.connect(path) as conn:
            result = str(conn.execute("PRAGMA integrity_check").fetchone()[0])
        conn.close()
        return result
    except sqlite3.DatabaseError as exc:
        return str(exc)


# --------------------------------------------------------------------------- 1. damaged files
def test_a_damaged_library_is_refused_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    path = _library(tmp_path / "lib.sqlite")
    _damage(path, 3)
    assert _integrity(path) != "ok"
    before = path.read_bytes()
    db = ["--db", str(path)]
    for args in (
        ["stats"],
        ["stats", "--all-rules"],
        ["verify"],
        ["regrade"],
        ["build", "--deals", "301-310", *QUICK],
        ["pick", "--grade", "easy"],
    ):
        line = _refused(capsys, *args, *db)
        assert f"{path} is a damaged SQLite database" in line and "quick_check" in line
    assert path.read_bytes() == before  # nothing was written to it
    assert no_solving == []


def test_damage_on_any_page_is_found(tmp_path: Path) -> None:
    good = _library(tmp_path / "good.sqlite")
    pages = good.stat().st_size // 4096
    assert pages >= 10
    for page in range(2, pages + 1):  # page 1 holds the header, refused before SQLite opens it
        bad = tmp_path / f"bad{page}.sqlite"
        shutil.copy(good, bad)
        _damage(bad, page, seed=page)
        with pytest.raises(LibraryError, match="damaged SQLite database"):
            open_library(str(bad), create=False, readonly=True)


def test_damage_right_after_a_check_is_still_found(tmp_path: Path) -> None:
    # The check is remembered only for a file left alone for a while, so damage done within
    # the clock's granularity of a passed check is not mistaken for the checked file.
    path = _library(tmp_path / "lib.sqlite")
    open_library(str(path), create=False).close()
    _damage(path, 4)
    with pytest.raises(LibraryError, match="damaged SQLite database"):
        open_library(str(path), create=False)


def test_a_damaged_default_library_is_refused_but_the_game_keeps_its_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = default_db_path()
    path.parent.mkdir(parents=True)
    _library(path)
    _damage(path, 3)
    for args in (["stats"], ["verify"], ["pick", "--grade", "easy"]):
        assert "damaged SQLite database" in _refused(capsys, *args)
    # The game's "new deal" passes over a broken personal library and draws from the starter.
    easy = set(starter_index("klondike")[(KLONDIKE_RULES, "easy")])
    assert pick("klondike", "easy", KlondikeRules(draw=1)) in easy


# --------------------------------------------------------------------------- 2. read-only
@pytest.fixture
def make_read_only() -> Iterator[Callable[[Path], None]]:
    """Make a file read-only for this process: mode 0444, or for root (whom modes do not
    stop) the immutable attribute; skip when neither can be had."""
    locked: list[Path] = []

    def lock(path: Path) -> None:
        if os.geteuid() != 0:
            path.chmod(0o444)
            return
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip("root cannot make a file read-only here (chattr +i failed)")
        locked.append(path)

    yield lock
    for path in locked:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True, check=False)


def test_a_read_only_library_file_is_refused_before_any_deal_is_solved(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_solving: list[int],
    make_read_only: Callable[[Path], None],
) -> None:
    path = _library(tmp_path / "lib.sqlite")
    make_read_only(path)
    before = path.read_bytes()
    for args in (["build", "--deals", "301-400", *QUICK], ["regrade"]):
        line = _refused(capsys, *args, "--db", str(path))
        assert f"cannot write to the library {path}" in line and "readonly" in line
    assert no_solving == []
    code, out, _ = _run(capsys, "stats", "--db", str(path))  # reading it still works
    assert code == 0 and "300 deals" in out
    assert path.read_bytes() == before


def test_a_library_opened_read_only_by_its_url_is_refused_for_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    path = _library(tmp_path / "lib.sqlite")
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    for args in (["build", "--deals", "301-400", *QUICK], ["regrade"]):
        assert "attempt to write a readonly database" in _refused(capsys, *args, "--db", url)
    assert no_solving == []
    code, out, _ = _run(capsys, "stats", "--db", url)
    assert code == 0 and "300 deals" in out


def _admin(server: PgServer, sql: str) -> None:
    with psycopg.connect(
        f"host=127.0.0.1 port={server.port} user=kosynka dbname=postgres", autocommit=True
    ) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


def test_a_postgres_library_that_cannot_be_written_is_refused_before_any_solving(
    pg_server: PgServer, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    url = pg_server.new_database()
    name = url.rsplit("/", 1)[1]
    with open_library(url) as lib:
        lib.store([record(d) for d in range(1, 21)])
    reader = f"reader_{uuid.uuid4().hex[:8]}"
    _admin(pg_server, f"CREATE ROLE {reader} LOGIN")
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {reader}")  # type: ignore[arg-type]
    # A user who may only read; then the whole database read-only.
    for db, says in (
        (url.replace("kosynka@", f"{reader}@"), "permission denied for table deals"),
        (url, "read-only transaction"),
    ):
        if db == url:
            _admin(pg_server, f"ALTER DATABASE {name} SET default_transaction_read_only = on")
        for args in (["build", "--deals", "21-40", *QUICK], ["regrade"]):
            line = _refused(capsys, *args, "--db", db)
            assert "cannot write to the library" in line and says in line
        code, out, _ = _run(capsys, "stats", "--db", db)
        assert code == 0 and "20 deals" in out
    assert no_solving == []
    _admin(pg_server, f"ALTER DATABASE {name} SET default_transaction_read_only = off")
    with open_library(url, create=False) as lib:
        assert len(list(lib.records())) == 20


# --------------------------------------------------------------------------- 3. the game
def test_stats_takes_the_game_from_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fc = str(
        _library(tmp_path / "fc.sqlite", [record(d, "freecell", FREECELL_RULES) for d in (1, 2, 3)])
    )
    for args in (["--all-rules"], [], ["--game", "freecell"], ["--cells", "4"]):
        code, out, _ = _run(capsys, "stats", "--db", fc, *args)
        assert code == 0 and f"freecell {FREECELL_RULES}: 3 deals in {fc}" in out, args
        assert "klondike" not in out
    code, out, _ = _run(capsys, "stats", "--db", fc, "--cells", "3")
    assert code == 0
    assert out.strip() == (
        f"no freecell cells=3 return=on deals in {fc}; it holds freecell {FREECELL_RULES} "
        "(--all-rules shows every rule set)"
    )
    code, out, _ = _run(capsys, "stats", "--db", fc, "--game", "klondike")
    assert code == 0 and out.strip() == (
        f"no klondike {KLONDIKE_RULES} deals in {fc}; it holds freecell deals"
    )
    line = _refused(capsys, "stats", "--db", fc, "--draw", "3")
    assert "holds freecell deals, which have no rule option --draw; give --game" in line
    assert "not both" in _refused(capsys, "stats", "--db", fc, "--all-rules", "--cells", "3")


def test_build_and_pick_take_the_game_from_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _library(tmp_path / "fc.sqlite", [record(d, "freecell", FREECELL_RULES) for d in (1, 2)])
    fc = str(path)
    code, out, err = _run(capsys, "build", "--deals", "3-4", "--db", fc, *QUICK)
    assert code == 0, err
    assert f"building freecell {FREECELL_RULES}: 2 deals into {fc}" in err
    with open_library(fc, create=False) as lib:
        assert lib.contents() == {"freecell": [FREECELL_RULES]}
        assert sorted(r["deal"] for r in lib.records()) == [1, 2, 3, 4]
        easy = set(lib.deals_of_grade("freecell", FREECELL_RULES, "easy"))
    easy |= set(starter_index("freecell").get((FREECELL_RULES, "easy"), ()))
    code, out, _ = _run(capsys, "pick", "--grade", "easy", "--db", fc)
    assert code == 0 and int(out) in easy
    every = ",".join(map(str, sorted(easy)))
    code, out, err = _run(capsys, "pick", "--grade", "easy", "--db", fc, "--exclude", every)
    assert code == 1 and err.strip() == f"no easy freecell deal left for {FREECELL_RULES}"
    assert "freecell has no rule option --draw" in _refused(
        capsys, "build", "--deals", "5", "--db", fc, "--game", "freecell", "--draw", "3"
    )


def test_a_library_of_several_games_needs_game_where_one_is_meant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    recs = [record(1), record(2), record(1, "freecell", FREECELL_RULES)]
    mixed = str(_library(tmp_path / "mixed.sqlite", recs))
    code, out, _ = _run(capsys, "stats", "--db", mixed)
    assert code == 0
    assert f"freecell {FREECELL_RULES}: 1 deals" in out and f"klondike {KLONDIKE_RULES}: 2" in out
    code, out, _ = _run(capsys, "stats", "--db", mixed, "--draw", "1")
    assert code == 0 and "klondike" in out and f"freecell {FREECELL_RULES}" not in out
    assert "freecell deals not shown: freecell has no rule option --draw" in out
    for args in (["pick", "--grade", "easy"], ["build", "--deals", "3", *QUICK]):
        line = _refused(capsys, *args, "--db", mixed)
        assert line.endswith("holds freecell and klondike deals: give --game to choose one")
    assert no_solving == []


def test_a_new_library_is_klondike_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    db = str(tmp_path / "new.sqlite")
    line = _refused(capsys, "build", "--deals", "1", "--db", db, "--cells", "3")
    assert line.endswith("klondike has no rule option --cells (give --game for another game)")
    assert not Path(db).exists() and no_solving == []
    open_library(db).close()  # an empty library
    code, out, _ = _run(capsys, "stats", "--db", db)
    assert code == 0 and out.strip() == f"no deals in {db}"
    code, out, _ = _run(capsys, "stats", "--db", db, "--game", "spider")
    assert code == 0 and out.strip().endswith("deals in " + db + "; it holds no deals yet")


# --------------------------------------------------------------------------- 4. directories
def test_a_missing_directory_is_refused_unless_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "no" / "such"
    calls: list[int] = []
    real = build_module.examine_deal

    def examine(spec: Any, deal: int) -> dict[str, Any]:
        calls.append(deal)
        return real(spec, deal)

    monkeypatch.setattr(build_module, "examine_deal", examine)
    for db in (f"sqlite:///{missing}/x.db", str(missing / "x.db")):
        line = _refused(capsys, "build", "--deals", "1", "--db", db, *QUICK)
        assert line.endswith(f"no directory {missing} for the library x.db "
                             "(make it first, or give --create-dirs)")  # fmt: skip
        assert "no library at" in _refused(capsys, "stats", "--db", db)
    starter = ["starter", "--per-grade", "1", "--jobs", "1", "--quiet"]
    line = _refused(capsys, *starter, "--db", str(missing / "work.db"))
    assert f"no directory {missing}" in line
    line = _refused(capsys, *starter, "--db", str(tmp_path / "w.db"), "--out", f"{missing}/s.gz")
    assert f"no directory {missing} for the starter file s.gz" in line
    assert not (tmp_path / "no").exists() and calls == []
    with pytest.raises(LibraryError, match="no directory"):
        open_library(str(missing / "api.db"))
    code, _, err = _run(capsys, "build", "--deals", "1", "--db", str(missing / "x.db"),
                        "--create-dirs", *QUICK)  # fmt: skip
    assert code == 0, err
    assert (missing / "x.db").is_file() and calls == [1]
    # The default library's own directory is made when missing.
    assert not default_db_path().parent.exists()
    open_library().close()
    assert default_db_path().is_file()


# --------------------------------------------------------------------------- 5. one line
BUILD_REFUSALS = [
    ["--deals", "9-2"],
    ["--deals", "0-3"],
    ["--deals", "a"],
    ["--deals", "1-"],
    ["--deals", "1,,2"],
    ["--deals", ""],
    ["--deals", "\u0663"],  # an Arabic-Indic digit three
    ["--deals", "1_000"],
    ["--deals", "1", "--db", "nosuchdialect://host/db"],
    ["--deals", "1", "--db", "postgresql+psycopg://kosynka@127.0.0.1:notaport/x"],
    ["--deals", "1", "--db", "postgresql+psycopg://kosynka@127.0.0.1:1/unreachable"],
    ["--deals", "1", "--db", "://"],
    ["--deals", "1", "--db", "sqlite://"],
    ["--deals", "1", "--db", "sqlite:///:memory:"],
    ["--deals", "1", "--scheduler", "bogus"],
    ["--deals", "1", "--scheduler", "tcp://127.0.0.1:notaport"],
    ["--deals", "1", "--scheduler", "gopher://127.0.0.1:8786"],
    ["--deals", "1", "--scheduler", "tcp://127.0.0.1:1"],
    ["--deals", "1", "--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"],
    ["--deals", "1", "--game", "freecell", "--draw", "3"],
    ["--deals", "1", "--game", "spider", "--no-foundation-return"],
    ["--deals", "1", "--game", "klondike", "--cells", "3"],
    ["--deals", "1", "--suits", "2"],
    ["--deals", "1", "--game", "chess"],
    ["--deals", "1", "--draw", "2"],
    ["--deals", "1", "--passes", "0"],
    ["--deals", "8589934592", "--game", "freecell"],
    ["--deals", "2147483648", "--game", "spider"],
    ["--deals", "1", "--time-limit", "inf"],
    ["--deals", "1", "--time-limit", "nan"],
    ["--deals", "1", "--time-limit", "-1"],
    ["--deals", "1", "--jobs", "0"],
    ["--deals", "1", "--jobs", "99999"],
    ["--deals", "1", "--runs", "0"],
    ["--deals", "1", "--batch", "x"],
    ["--deals", "1", "--max-states", "1.5"],
]


@pytest.mark.parametrize("args", BUILD_REFUSALS, ids=lambda a: " ".join(a)[:40])
def test_every_build_refusal_is_one_line(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    db = [] if "--db" in args else ["--db", str(tmp_path / "lib.sqlite")]
    _refused(capsys, "build", *args, *db, "--quiet")
    assert list(tmp_path.iterdir()) == []  # no library file, no directory
    assert no_solving == []


STARTER_REFUSALS = [
    ["--scheduler", "bogus"],
    ["--scheduler", "tcp://127.0.0.1:1"],
    ["--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"],
    ["--db", "sqlite://"],
    ["--out", "."],  # a directory
    ["--game", "chess"],
    ["--per-grade", "0"],
]


@pytest.mark.parametrize("args", STARTER_REFUSALS, ids=lambda a: " ".join(a)[:40])
def test_every_starter_refusal_is_one_line_and_makes_no_file(
    args: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_solving: list[int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    db = [] if "--db" in args else ["--db", str(tmp_path / "work.sqlite")]
    out = [] if "--out" in args else ["--out", str(tmp_path / "starter.csv.gz")]
    _refused(capsys, "starter", *args, *db, *out, "--quiet")
    assert list(tmp_path.iterdir()) == [] and no_solving == []


# --------------------------------------------------------------------------- 6. long numbers
LONG_NUMBERS = [
    ["pick", "--grade", "easy", "--exclude", BIG],
    ["pick", "--grade", "easy", "--exclude", f"1,{BIG},3"],
    ["pick", "--grade", "easy", "--draw", BIG],
    ["pick", "--grade", "easy", "--game", "freecell", "--cells", BIG],
    ["build", "--deals", BIG],
    ["build", "--deals", f"1-{BIG}"],
    ["build", "--deals", "1", "--jobs", BIG],
    ["build", "--deals", "1", "--max-states", BIG],
    ["build", "--deals", "1", "--runs", BIG],
    ["build", "--deals", "1", "--batch", BIG],
    ["build", "--deals", "1", "--time-limit", BIG],
    ["build", "--deals", "1", "--passes", BIG],
    ["stats", "--passes", BIG],
    ["stats", "--game", "spider", "--suits", BIG],
    ["starter", "--per-grade", BIG],
    ["starter", "--jobs", BIG],
    ["starter", "--max-states", BIG],
]


@pytest.mark.parametrize("args", LONG_NUMBERS, ids=lambda a: " ".join(a)[:30])
def test_numbers_of_any_length_are_refused_with_one_short_line(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], no_solving: list[int]
) -> None:
    line = _refused(capsys, *args, "--db", str(tmp_path / "lib.sqlite"))
    assert len(line) < 200, line
    assert no_solving == [] and list(tmp_path.iterdir()) == []


def test_pick_exclude_of_5000_digits_from_the_command_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", MAIN, "library", "pick", "--grade", "easy", "--exclude", BIG],
        capture_output=True,
        text=True,
        env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)),
        timeout=120,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("kosynka: error: --exclude")
