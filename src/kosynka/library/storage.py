"""Where the deal library lives: one table of deals in any database SQLAlchemy speaks.

By default the library is a SQLite file in the user's data directory
(``$XDG_DATA_HOME/kosynka/library.sqlite``, else ``~/.local/share/kosynka/library.sqlite``); a
``--db`` value may be a file path or any SQLAlchemy URL (``postgresql+psycopg://host/db`` for a
library shared by several servers).

One row per deal and rule set: the unique constraint on (game, rules, deal) makes every write
idempotent, so a resumed build and two builds writing at once never store a deal twice; rows are
written in batches, each batch one transaction, so a killed build loses at most its last batch
(which the next run does again). Beside the deals, a table of claims (:data:`claims_table`)
holds the deals builds are solving now, so that builds writing at once share the work.

Opening a SQLite library reads it through once (``PRAGMA quick_check``) and refuses a damaged
file; a new file is made only in a directory that exists (or when asked to make it, and always
for the default library's directory). :meth:`Library.check_writable` is how the commands that
write find out, before any work, that they could not.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote, urlsplit

from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    func,
    inspect,
    select,
)
from sqlalchemy import exc as sa_exc
from sqlalchemy import text as sql_text
from sqlalchemy.engine import URL, make_url

from kosynka.errors import KosynkaError

FORMAT_NAME: Final = "kosynka-deal-library"
SCHEMA_VERSION: Final = "2"
"""The library's schema. Schema 1 had a ``draw`` column (Klondike's draw, 0 for the other
games) beside the rules; schema 2 keeps every game's rules only as their text. A schema-1
library is read as it is and upgraded when opened for writing (:func:`_upgrade`)."""
UPGRADABLE: Final = ("1",)
"""Older schemas this version reads, and upgrades when it may write."""
MAX_STORED_DEAL: Final = 2**63 - 1
"""Deal numbers are stored as 64-bit integers."""
_SQLITE_MAGIC: Final = b"SQLite format 3\x00"
BUSY_TIMEOUT_S: Final = 120.0
"""How long a SQLite writer waits for another writer's lock before giving up."""
PREPARE_TRIES: Final = 30
"""How often opening a library looks again while another process is creating it (every
PREPARE_WAIT_S seconds)."""
PREPARE_WAIT_S: Final = 0.1
"""Seconds between those looks."""
CONNECT_TIMEOUT_S: Final = 10
"""How long opening a PostgreSQL library waits for the server (unless the URL says)."""
WRITE_CHECK_GAME: Final = "kosynka-write-check"
"""The game name of the row :meth:`Library.check_writable` writes and takes back."""


class LibraryError(KosynkaError):
    """The library database cannot be used: missing, corrupt, foreign, or unreachable."""


class NoLibraryError(LibraryError):
    """There is no library at that place yet: no file, an empty database, or one whose
    creation was cut short (a build may create it there)."""


metadata = MetaData()

meta_table = Table(
    "kosynka_meta",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("value", String(200), nullable=False),
)

deals_table = Table(
    "deals",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(32), nullable=False),
    Column("rules", String(64), nullable=False),
    Column("deal", BigInteger, nullable=False),
    Column("verdict", String(12), nullable=False),
    Column("limit_kind", String(8)),
    Column("solver", String(16), nullable=False),
    Column("states", BigInteger, nullable=False),
    Column("unique_states", BigInteger, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("solution", Text),
    Column("solution_moves", Integer),
    Column("solution_card_moves", Integer),
    Column("heur_runs", Integer, nullable=False),
    Column("heur_wins", Integer, nullable=False),
    Column("heur_mean_moves", Float, nullable=False),
    Column("heur_mean_home", Float, nullable=False),
    Column("score", Float),
    Column("grade", String(8)),
    UniqueConstraint("game", "rules", "deal", name="uq_deals_game_rules_deal"),
    Index("ix_deals_grade", "game", "rules", "grade"),
)

claims_table = Table(
    "kosynka_claims",
    metadata,
    Column("game", String(32), nullable=False),
    Column("rules", String(64), nullable=False),
    Column("deal", BigInteger, nullable=False),
    Column("owner", String(64), nullable=False),
    Column("until", Float, nullable=False),
    UniqueConstraint("game", "rules", "deal", name="uq_claims_game_rules_deal"),
    Index("ix_claims_owner", "owner"),
)
"""Deals a build is solving now (see :meth:`Library.claim`): one row per deal, with the build
that claimed it and the time (seconds since the epoch) its claim lapses unless renewed."""

RECORD_FIELDS: Final = tuple(c.name for c in deals_table.columns if c.name != "id")
"""The fields of a deal record, in table order."""


def default_db_path() -> Path:
    """The default library file: ``kosynka/library.sqlite`` in the user's data directory."""
    base = os.environ.get("XDG_DATA_HOME", "").strip()
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "kosynka" / "library.sqlite"


def resolve_url(db: str | os.PathLike[str] | None) -> str:
    """The SQLAlchemy URL for ``db``: None gives the default file, a path gives a SQLite
    file, anything with ``://`` is taken as a URL."""
    if db is None:
        return f"sqlite:///{default_db_path()}"
    text = os.fspath(db)
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def _parse_url(url: str) -> URL:
    """``url`` parsed, or :class:`LibraryError` saying it is not a database URL."""
    try:
        return make_url(url)
    except (sa_exc.ArgumentError, ValueError) as exc:  # ValueError: a port that is no number
        raise LibraryError(f"not a database URL: {url!r} ({_short(exc)})") from None


def _sqlite_target(url: str) -> tuple[str, Path | None]:
    """What a URL names: ``("file", path)`` for a SQLite file (a path or a ``file:`` URI),
    ``("memory", None)`` for an in-memory SQLite database, ``("server", None)`` otherwise."""
    u = _parse_url(url)
    if not u.drivername.startswith("sqlite"):
        return "server", None
    db = u.database or ""
    if str(u.query.get("uri", "")).lower() in ("true", "1") and db.startswith("file:"):
        path = urlsplit(db).path
        if u.query.get("mode") == "memory" or path in ("", ":memory:"):
            return "memory", None
        return "file", Path(path)
    if not db or db == ":memory:":
        return "memory", None
    return "file", Path(db)


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL, or None for another database or an in-memory one."""
    return _sqlite_target(url)[1]


def in_memory(db: str | os.PathLike[str] | None) -> bool:
    """Whether ``db`` is an in-memory SQLite database (gone when it is closed)."""
    return _sqlite_target(resolve_url(db))[0] == "memory"


def describe_db(db: str | os.PathLike[str] | None) -> str:
    """Where the library ``db`` lives, for messages (a file path, or a URL without password)."""
    return _describe(resolve_url(db))


def _describe(url: str) -> str:
    """``url`` for messages, without a password."""
    try:
        u = make_url(url)
    except (sa_exc.ArgumentError, ValueError):
        return url
    if u.drivername.startswith("sqlite") and u.database:
        return u.database
    return u.render_as_string(hide_password=True)


@dataclass(frozen=True, slots=True)
class GradeCount:
    """How many deals of one rule set have each verdict and grade."""

    rules: str
    total: int
    solved: int
    unsolvable: int
    undecided: int
    grades: Mapping[str, int]


class Library:
    """An open deal library. Create with :func:`open_library`."""

    def __init__(self, engine: Engine, where: str) -> None:
        self.engine = engine
        self.where = where

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- writing
    def _insert_new(self, conn: Any, table: Table, rows: list[dict[str, Any]]) -> int:
        """Insert those of ``rows`` whose (game, rules, deal) ``table`` does not hold yet, in
        the transaction of ``conn``; return how many were new."""
        dialect = self.engine.dialect.name
        if dialect in ("sqlite", "postgresql"):
            stmt: Any
            if dialect == "sqlite":
                from sqlalchemy.dialects import sqlite

                stmt = sqlite.insert(table).on_conflict_do_nothing(
                    index_elements=["game", "rules", "deal"]
                )
            else:
                from sqlalchemy.dialects import postgresql

                stmt = postgresql.insert(table).on_conflict_do_nothing(
                    index_elements=["game", "rules", "deal"]
                )
            # Rows skipped by ON CONFLICT DO NOTHING are not counted in rowcount.
            added = conn.execute(stmt, rows).rowcount
            if added is not None and added >= 0:
                return int(added)
            return len(rows)  # pragma: no cover - a driver without rowcount
        added = 0
        for row in rows:
            try:
                with conn.begin_nested():
                    conn.execute(table.insert(), row)
                added += 1
            except sa_exc.IntegrityError:
                pass
        return added

    def store(self, records: Sequence[Mapping[str, Any]]) -> int:
        """Write ``records`` in one transaction; deals already stored are left as they are.
        Return how many rows were new."""
        if not records:
            return 0
        rows = [{k: r[k] for k in RECORD_FIELDS} for r in records]
        try:
            with self.engine.begin() as conn:
                return self._insert_new(conn, deals_table, rows)
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None

    # ----------------------------------------------------------------- claims
    def prepare_claims(self) -> None:
        """Make the claims table in a library made before it existed (another build making it
        at the same moment is fine)."""
        try:
            with contextlib.suppress(*_CREATE_RACE_ERRORS), self.engine.begin() as conn:
                claims_table.create(conn, checkfirst=True)
            if claims_table.name not in set(inspect(self.engine).get_table_names()):
                raise LibraryError(f"cannot make the claims table of the library {self.where}")
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None

    def claim(
        self,
        game: str,
        rules: str,
        deals: Sequence[int],
        owner: str,
        lease: float,
        gone: Callable[[str], bool] | None = None,
    ) -> list[int]:
        """Claim ``deals`` of ``game`` under ``rules`` for the build ``owner`` for ``lease``
        seconds, in one transaction: the deals it may solve now, those neither stored nor
        claimed by another build whose claim still holds. A lapsed claim (of a build that was
        killed) is taken over, and so is every claim of an owner ``gone`` says has ended (a
        build of this machine whose process is no more). Two builds claiming at once get
        disjoint deals: the unique constraint on (game, rules, deal) decides. The stored deals
        are looked at again after the claims go in, so a deal another build stored and gave
        back meanwhile is never solved twice."""
        if not deals:
            return []
        c, d = claims_table, deals_table
        now = time.time()
        mine = (c.c.game == game) & (c.c.rules == rules) & c.c.deal.in_(list(deals))
        try:
            with self.engine.begin() as conn:
                stored = set(
                    conn.execute(
                        select(d.c.deal).where(
                            d.c.game == game, d.c.rules == rules, d.c.deal.in_(list(deals))
                        )
                    ).scalars()
                )
                conn.execute(c.delete().where(mine & (c.c.until < now)))
                if gone is not None:
                    others = conn.execute(
                        select(c.c.owner).where(mine & (c.c.owner != owner)).distinct()
                    ).scalars()
                    for ended in [o for o in others if gone(str(o))]:
                        conn.execute(c.delete().where(c.c.owner == ended))
                free = [x for x in deals if x not in stored]
                if free:
                    rows = [
                        {"game": game, "rules": rules, "deal": x, "owner": owner,
                         "until": now + lease}
                        for x in free
                    ]  # fmt: skip
                    self._insert_new(conn, claims_table, rows)
                got = set(
                    conn.execute(select(c.c.deal).where(mine & (c.c.owner == owner))).scalars()
                )
                # Looked at again now that the claims are in: a build that stored one of these
                # deals and gave its claim back after the first look (store, then release)
                # had stored it before this build's claim could go in, so it shows here.
                stored |= set(
                    conn.execute(
                        select(d.c.deal).where(
                            d.c.game == game, d.c.rules == rules, d.c.deal.in_(sorted(got))
                        )
                    ).scalars()
                )
                if got & stored:
                    conn.execute(
                        c.delete().where(
                            mine & (c.c.owner == owner) & c.c.deal.in_(sorted(got & stored))
                        )
                    )
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None
        return [x for x in deals if x in got and x not in stored]

    def renew_claims(self, owner: str, lease: float) -> None:
        """Extend every claim of ``owner`` to ``lease`` seconds from now."""
        c = claims_table
        try:
            with self.engine.begin() as conn:
                conn.execute(c.update().where(c.c.owner == owner).values(until=time.time() + lease))
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None

    def release_claims(self, owner: str, deals: Sequence[int] | None = None) -> None:
        """Drop the claims of ``owner`` (on ``deals`` only, when given)."""
        c = claims_table
        where = c.c.owner == owner
        if deals is not None:
            if not deals:
                return
            where = where & c.c.deal.in_(list(deals))
        try:
            with self.engine.begin() as conn:
                conn.execute(c.delete().where(where))
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None

    def check_writable(self) -> None:
        """Refuse, before any work, a library this process cannot write (a read-only file or
        server, a user without the rights): write a row into the deals table, change it and
        take it all back in one transaction. Raise :class:`LibraryError`."""
        t = deals_table
        probe: dict[str, Any] = {k: None for k in RECORD_FIELDS}
        probe.update(
            game=WRITE_CHECK_GAME,
            rules=f"pid={os.getpid()} thread={threading.get_ident()}",
            deal=0,
            verdict="limit",
            solver="-",
            states=0,
            unique_states=0,
            seconds=0.0,
            heur_runs=0,
            heur_wins=0,
            heur_mean_moves=0.0,
            heur_mean_home=0.0,
        )
        mine = (t.c.game == probe["game"]) & (t.c.rules == probe["rules"])
        try:
            with self.engine.connect() as conn:
                trans = conn.begin()
                try:
                    conn.execute(t.insert(), probe)
                    conn.execute(t.update().where(mine).values(grade=None, score=None))
                    conn.execute(t.delete().where(mine))
                finally:
                    trans.rollback()
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None

    def set_grades(self, updates: Iterable[tuple[int, float | None, str | None]]) -> int:
        """Set (score, grade) of deals given by row id; return how many rows changed."""
        n = 0
        t = deals_table
        try:
            with self.engine.begin() as conn:
                for row_id, score, grade in updates:
                    conn.execute(
                        t.update().where(t.c.id == row_id).values(score=score, grade=grade)
                    )
                    n += 1
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot write to the library {self.where}: {_short(exc)}") from None
        return n

    # ----------------------------------------------------------------- reading
    def stored_deals(self, game: str, rules: str, lo: int, hi: int) -> set[int]:
        """Numbers of the deals from ``lo`` to ``hi`` (inclusive) already stored."""
        t = deals_table
        q = select(t.c.deal).where(
            t.c.game == game, t.c.rules == rules, t.c.deal >= lo, t.c.deal <= hi
        )
        try:
            with self.engine.connect() as conn:
                return {int(d) for d in conn.execute(q).scalars()}
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot read the library {self.where}: {_short(exc)}") from None

    def records(
        self,
        game: str | None = None,
        rules: str | None = None,
        *,
        lo: int | None = None,
        hi: int | None = None,
        verdict: str | None = None,
    ) -> Iterator[dict[str, Any]]:
        """Stored deal records (dicts keyed by column name, ``id`` included), by deal number."""
        t = deals_table
        q = select(t)
        if game is not None:
            q = q.where(t.c.game == game)
        if rules is not None:
            q = q.where(t.c.rules == rules)
        if lo is not None:
            q = q.where(t.c.deal >= lo)
        if hi is not None:
            q = q.where(t.c.deal <= hi)
        if verdict is not None:
            q = q.where(t.c.verdict == verdict)
        q = q.order_by(t.c.game, t.c.rules, t.c.deal)
        try:
            with self.engine.connect() as conn:
                for row in conn.execute(q):
                    yield dict(row._mapping)
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot read the library {self.where}: {_short(exc)}") from None

    def contents(self) -> dict[str, list[str]]:
        """What the library holds: the rule sets stored (as text), by game, both sorted."""
        t = deals_table
        q = select(t.c.game, t.c.rules).distinct().order_by(t.c.game, t.c.rules)
        out: dict[str, list[str]] = {}
        try:
            with self.engine.connect() as conn:
                for game, rules in conn.execute(q):
                    out.setdefault(str(game), []).append(str(rules))
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot read the library {self.where}: {_short(exc)}") from None
        return out

    def deals_of_grade(self, game: str, rules: str, grade: str) -> list[int]:
        """Numbers of the stored winnable deals of ``grade``."""
        t = deals_table
        q = select(t.c.deal).where(
            t.c.game == game, t.c.rules == rules, t.c.grade == grade, t.c.verdict == "solved"
        )
        try:
            with self.engine.connect() as conn:
                return [int(d) for d in conn.execute(q).scalars()]
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot read the library {self.where}: {_short(exc)}") from None

    def tally(self) -> list[tuple[str, str, str, str | None, int]]:
        """Every row counted as stored, readable or not: (game, rules, verdict, grade, rows)
        for each combination there is."""
        t = deals_table
        q = select(t.c.game, t.c.rules, t.c.verdict, t.c.grade, func.count()).group_by(
            t.c.game, t.c.rules, t.c.verdict, t.c.grade
        )
        try:
            with self.engine.connect() as conn:
                return [
                    (str(g), str(r), str(v), None if grade is None else str(grade), int(n))
                    for g, r, v, grade, n in conn.execute(q)
                ]
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot read the library {self.where}: {_short(exc)}") from None

    def counts(self, game: str | None = None, rules: str | None = None) -> list[GradeCount]:
        """Counts of verdicts and grades per rule set (of ``game``, optionally one ``rules``)."""
        t = deals_table
        q = select(t.c.game, t.c.rules, t.c.verdict, t.c.grade, func.count()).group_by(
            t.c.game, t.c.rules, t.c.verdict, t.c.grade
        )
        if game is not None:
            q = q.where(t.c.game == game)
        if rules is not None:
            q = q.where(t.c.rules == rules)
        acc: dict[tuple[str, str], dict[str, Any]] = {}
        try:
            with self.engine.connect() as conn:
                for g, r, verdict, grade, n in conn.execute(q):
                    a = acc.setdefault(
                        (g, r), {"solved": 0, "unsolvable": 0, "limit": 0, "grades": {}}
                    )
                    a[verdict] = a.get(verdict, 0) + int(n)
                    if verdict == "solved" and grade:
                        a["grades"][grade] = a["grades"].get(grade, 0) + int(n)
        except sa_exc.SQLAlchemyError as exc:
            raise LibraryError(f"cannot read the library {self.where}: {_short(exc)}") from None
        out = []
        for (g, r), a in sorted(acc.items()):
            total = a["solved"] + a["unsolvable"] + a["limit"]
            label = r if game is not None else f"{g} {r}"
            out.append(
                GradeCount(label, total, a["solved"], a["unsolvable"], a["limit"], a["grades"])
            )
        return out


def _short(exc: BaseException) -> str:
    """The first line of a database error, without SQLAlchemy's background links."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _check_sqlite_file(path: Path, create: bool, create_dirs: bool) -> None:
    """Refuse a file that is not a SQLite database before SQLAlchemy touches it, and a new
    file whose directory is missing (unless ``create_dirs``, or it is the default library's
    directory, which is made when missing)."""
    if path.is_dir():
        raise LibraryError(f"{path} is a directory, not a library file")
    if not path.exists():
        if not create:
            raise NoLibraryError(f"no library at {path} (build one with: kosynka library build)")
        parent = path.parent
        if parent.is_dir():
            return
        if parent.exists():
            raise LibraryError(f"{parent} is not a directory: no library file can be made in it")
        if not (create_dirs or _is_default_dir(parent)):
            raise LibraryError(
                f"no directory {parent} for the library {path.name} "
                "(make it first, or give --create-dirs)"
            )
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LibraryError(f"cannot create {parent}: {exc.strerror or exc}") from None
        return
    try:
        with path.open("rb") as fh:
            head = fh.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise LibraryError(f"cannot read {path}: {exc.strerror or exc}") from None
    if head and head != _SQLITE_MAGIC:
        raise LibraryError(
            f"{path} is not a SQLite database (corrupt, or another kind of file); "
            "give another --db or move the file away"
        )


def _is_default_dir(directory: Path) -> bool:
    """Whether ``directory`` is the one the default library lives in (made when missing)."""
    return os.path.abspath(directory) == os.path.abspath(default_db_path().parent)


_CHECKED: dict[str, tuple[int, ...]] = {}
"""Files that passed the integrity check in this process, with their stamp (see
:func:`_stamp`) at the time: a file not changed since is not read through again."""
_CHECKED_LOCK = threading.Lock()
_CHECKED_MAX: Final = 64
SETTLED_S: Final = 2.0
"""A check is remembered only for a file last changed at least this long before it began:
a change within the clock's granularity of the check would leave the stamp as it was."""


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What changes when the file (or its write-ahead log) changes: device, inode, size and
    modification time (in nanoseconds) of both; None when the file is not there."""
    out: list[int] = []
    for p in (path, path.with_name(path.name + "-wal")):
        try:
            st = p.stat()
        except OSError:
            if p is path:
                return None
            continue
        out += [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]
    return tuple(out)


_DAMAGE_WORDS: Final = ("malformed", "not a database", "corrupt")
"""What SQLite's errors say when the file itself is damaged."""


def _check_integrity(engine: Engine, path: Path, where: str) -> None:
    """Refuse a damaged SQLite library with one line: ``PRAGMA quick_check`` (every page of
    every table and index is read and its structure checked; about a quarter of a second for
    150 MB), once per process for a file that has not changed since."""
    stamp = _stamp(path)
    if stamp is None or stamp[2] == 0:
        return  # a new or empty file: nothing to check
    key = os.path.abspath(path)
    with _CHECKED_LOCK:
        if _CHECKED.get(key) == stamp:
            return
    began_ns = time.time_ns()
    try:
        with engine.connect() as conn:
            rows = [str(r) for r in conn.exec_driver_sql("PRAGMA quick_check").scalars()]
    except sa_exc.DBAPIError as exc:
        text = _short(exc)
        if any(w in text for w in _DAMAGE_WORDS):
            raise LibraryError(_damaged(where, text)) from None
        raise LibraryError(f"cannot open the library {where}: {text}") from None
    if rows != ["ok"]:
        found = [ln.strip() for r in rows for ln in r.splitlines()]
        found = [ln for ln in found if ln and not ln.startswith("***")] or ["not ok"]
        more = f" and {len(found) - 1} more" if len(found) > 1 else ""
        raise LibraryError(_damaged(where, f"quick_check: {found[0]}{more}"))
    last_change_ns = max(stamp[3::4])
    if began_ns - last_change_ns < SETTLED_S * 1e9:
        return  # changed just now: check it again next time
    with _CHECKED_LOCK:
        if len(_CHECKED) >= _CHECKED_MAX:
            _CHECKED.pop(next(iter(_CHECKED)))
        _CHECKED[key] = stamp


def _damaged(where: str, detail: str) -> str:
    """The one-line refusal of a damaged SQLite library."""
    return (
        f"{where} is a damaged SQLite database ({detail}); nothing was written to it: "
        "restore it from a copy, or give another --db"
    )


def _sqlite_pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
    """Per connection: wait for other writers instead of failing at once."""
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    cur.close()


def _libpq(url: URL) -> bool:
    """Whether ``url`` is a PostgreSQL URL whose driver speaks libpq (``connect_timeout``)."""
    return url.get_backend_name() == "postgresql" and url.get_driver_name() in (
        "psycopg",
        "psycopg2",
    )


def open_library(
    db: str | os.PathLike[str] | None = None,
    *,
    create: bool = True,
    readonly: bool = False,
    create_dirs: bool = False,
) -> Library:
    """Open the library at ``db`` (see :func:`resolve_url`), creating its tables in an empty
    database when ``create``. A new SQLite file's missing directory is made only when
    ``create_dirs`` (or for the default library's own directory). Raise
    :class:`LibraryError` for a database that is damaged (SQLite's ``quick_check``), belongs
    to something else, has a newer schema, or cannot be reached; :class:`NoLibraryError`
    when there is no library there and ``create`` is off."""
    url = resolve_url(db)
    parsed = _parse_url(url)
    where = _describe(url)
    path = _sqlite_file(url)
    kwargs: dict[str, Any] = {}
    if path is not None:
        _check_sqlite_file(path, create and not readonly, create_dirs)
        if readonly:
            parsed = make_url(f"sqlite:///file:{quote(str(path))}?mode=ro&uri=true")
        kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_S}
    elif _libpq(parsed) and "connect_timeout" not in parsed.query:
        kwargs["connect_args"] = {"connect_timeout": CONNECT_TIMEOUT_S}
    try:
        engine = create_engine(parsed, **kwargs)
    except (sa_exc.ArgumentError, sa_exc.NoSuchModuleError, ImportError) as exc:
        raise LibraryError(f"cannot use the database {where}: {_short(exc)}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    try:
        if path is not None:
            _check_integrity(engine, path, where)
        _prepare(engine, where, create and not readonly, upgrade=not readonly)
    except LibraryError:
        engine.dispose()
        raise
    except sa_exc.SQLAlchemyError as exc:
        engine.dispose()
        text = _short(exc)
        if any(w in text for w in _DAMAGE_WORDS):
            raise LibraryError(_damaged(where, text)) from None
        raise LibraryError(f"cannot open the library {where}: {text}") from None
    return Library(engine, where)


_CREATE_RACE_ERRORS = (sa_exc.OperationalError, sa_exc.IntegrityError, sa_exc.ProgrammingError)
"""What creating the tables raises when another process creates them at the same moment."""


def _meta_info(engine: Engine) -> dict[str, str]:
    """The rows of the format table (key -> value) that say what the database is."""
    with engine.connect() as conn:
        return {k: v for k, v in conn.execute(select(meta_table.c.key, meta_table.c.value))}


def _create(engine: Engine) -> None:
    """Create the library's tables (those missing) and the rows that say what the database is."""
    with engine.begin() as conn:
        metadata.create_all(conn)
        conn.execute(
            meta_table.insert(),
            [
                {"key": "format", "value": FORMAT_NAME},
                {"key": "schema", "value": SCHEMA_VERSION},
            ],
        )


def _upgrade(engine: Engine, where: str) -> None:
    """Bring a schema-1 library to schema 2: drop the ``draw`` column and say so, in one
    transaction. Another process upgrading it at the same moment is no error: the caller reads
    the schema again."""
    try:
        with engine.begin() as conn:
            conn.execute(sql_text("ALTER TABLE deals DROP COLUMN draw"))
            conn.execute(
                meta_table.update().where(meta_table.c.key == "schema").values(value=SCHEMA_VERSION)
            )
    except sa_exc.OperationalError as exc:
        if "no such column" in str(exc) or "does not exist" in str(exc):
            return  # upgraded by another process
        raise LibraryError(f"cannot upgrade the library {where}: {_short(exc)}") from None
    except sa_exc.ProgrammingError as exc:  # PostgreSQL: the column is already gone
        if "does not exist" in str(exc):
            return
        raise LibraryError(f"cannot upgrade the library {where}: {_short(exc)}") from None


def _prepare(engine: Engine, where: str, create: bool, *, upgrade: bool = False) -> None:
    """Check that the database is a kosynka library (or empty, then create the tables); an
    older schema this version reads is upgraded when ``upgrade`` (the caller may write)."""
    for attempt in range(PREPARE_TRIES):
        tables = set(inspect(engine).get_table_names())
        if meta_table.name in tables:
            info = _meta_info(engine)
            if not info and attempt < PREPARE_TRIES - 1:
                # SQLite commits the new tables before the rows that say what they are: another
                # process is creating this library right now. Look again in a moment.
                time.sleep(PREPARE_WAIT_S)
                continue
            if not info and create and tables <= set(metadata.tables):
                # Still only our own tables and no rows saying what they are: a creation
                # that was cut short (a killed build). Finish it, unless another process is
                # finishing it at the same moment; then read what that one wrote.
                with contextlib.suppress(*_CREATE_RACE_ERRORS):
                    _create(engine)
                info = _meta_info(engine)
            if not info and tables <= set(metadata.tables):
                raise NoLibraryError(
                    f"{where} is not a kosynka deal library yet "
                    "(its creation was cut short; a build finishes it)"
                )
            if info.get("format") != FORMAT_NAME:
                raise LibraryError(f"{where} is not a kosynka deal library")
            if info.get("schema") in UPGRADABLE and upgrade:
                _upgrade(engine, where)
                info = _meta_info(engine)
            if info.get("schema") != SCHEMA_VERSION and info.get("schema") not in UPGRADABLE:
                raise LibraryError(
                    f"{where} is a kosynka deal library of schema {info.get('schema')!r}; "
                    f"this version reads schema {SCHEMA_VERSION!r}"
                )
            if deals_table.name not in set(inspect(engine).get_table_names()):
                if attempt < PREPARE_TRIES - 1:
                    # SQLite commits each new table on its own, so another process creating
                    # this library may have made the format table and its rows but not yet
                    # the deals table. Look again in a moment; a library that stays like this
                    # is damaged.
                    time.sleep(PREPARE_WAIT_S)
                    continue
                raise LibraryError(f"{where} is a damaged kosynka deal library (no deals table)")
            return
        if tables:
            shown = ", ".join(sorted(tables)[:5])
            raise LibraryError(
                f"{where} holds another application's database (tables: {shown}), "
                "not a kosynka deal library; give another --db"
            )
        if not create:
            raise NoLibraryError(f"{where} is an empty database, not a kosynka deal library")
        try:
            _create(engine)
            return
        except _CREATE_RACE_ERRORS:
            # Another process created the tables at the same moment: look again.
            if attempt == PREPARE_TRIES - 1:
                raise
    raise LibraryError(f"cannot prepare the library {where}")
