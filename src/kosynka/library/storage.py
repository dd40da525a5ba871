"""Where the deal library lives: one table of deals in any database SQLAlchemy speaks.

By default the library is a SQLite file in the user's data directory
(``$XDG_DATA_HOME/kosynka/library.sqlite``, else ``~/.local/share/kosynka/library.sqlite``); a
``--db`` value may be a file path or any SQLAlchemy URL (``postgresql+psycopg://host/db`` for a
library shared by several servers).

One row per deal and rule set: the unique constraint on (game, rules, deal) makes every write
idempotent, so a resumed build and two builds writing at once never store a deal twice; rows are
written in batches, each batch one transaction, so a killed build loses at most its last batch
(which the next run does again).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

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
from sqlalchemy.engine import make_url

from kosynka.errors import KosynkaError

FORMAT_NAME: Final = "kosynka-deal-library"
SCHEMA_VERSION: Final = "1"
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


class LibraryError(KosynkaError):
    """The library database cannot be used: missing, corrupt, foreign, or unreachable."""


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
    Column("draw", Integer, nullable=False),
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


def _sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL, or None for another database or an in-memory one."""
    u = make_url(url)
    if not u.drivername.startswith("sqlite"):
        return None
    db = u.database
    if not db or db == ":memory:" or db.startswith("file:"):
        return None
    return Path(db)


def describe_db(db: str | os.PathLike[str] | None) -> str:
    """Where the library ``db`` lives, for messages (a file path, or a URL without password)."""
    return _describe(resolve_url(db))


def _describe(url: str) -> str:
    """``url`` for messages, without a password."""
    try:
        u = make_url(url)
    except sa_exc.ArgumentError:
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
    def store(self, records: Sequence[Mapping[str, Any]]) -> int:
        """Write ``records`` in one transaction; deals already stored are left as they are.
        Return how many rows were new."""
        if not records:
            return 0
        rows = [{k: r[k] for k in RECORD_FIELDS} for r in records]
        dialect = self.engine.dialect.name
        try:
            with self.engine.begin() as conn:
                if dialect in ("sqlite", "postgresql"):
                    stmt: Any
                    if dialect == "sqlite":
                        from sqlalchemy.dialects import sqlite

                        stmt = sqlite.insert(deals_table).on_conflict_do_nothing(
                            index_elements=["game", "rules", "deal"]
                        )
                    else:
                        from sqlalchemy.dialects import postgresql

                        stmt = postgresql.insert(deals_table).on_conflict_do_nothing(
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
                            conn.execute(deals_table.insert(), row)
                        added += 1
                    except sa_exc.IntegrityError:
                        pass
                return added
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


def _check_sqlite_file(path: Path, create: bool) -> None:
    """Refuse a file that is not a SQLite database before SQLAlchemy touches it."""
    if path.is_dir():
        raise LibraryError(f"{path} is a directory, not a library file")
    if not path.exists():
        if not create:
            raise LibraryError(f"no library at {path} (build one with: kosynka library build)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LibraryError(f"cannot create {path.parent}: {exc.strerror or exc}") from None
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


def _sqlite_pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
    """Per connection: wait for other writers instead of failing at once."""
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    cur.close()


def open_library(
    db: str | os.PathLike[str] | None = None, *, create: bool = True, readonly: bool = False
) -> Library:
    """Open the library at ``db`` (see :func:`resolve_url`), creating its tables in an empty
    database when ``create``. Raise :class:`LibraryError` for a database that is corrupt,
    belongs to something else, has a newer schema, or cannot be reached."""
    url = resolve_url(db)
    try:
        parsed = make_url(url)
    except sa_exc.ArgumentError:
        raise LibraryError(f"not a database URL: {url!r}") from None
    where = _describe(url)
    path = _sqlite_file(url)
    kwargs: dict[str, Any] = {}
    if path is not None:
        _check_sqlite_file(path, create and not readonly)
        if readonly:
            parsed = make_url(f"sqlite:///file:{path}?mode=ro&uri=true")
        kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_S}
    try:
        engine = create_engine(parsed, **kwargs)
    except (sa_exc.ArgumentError, sa_exc.NoSuchModuleError, ImportError) as exc:
        raise LibraryError(f"cannot use the database {where}: {_short(exc)}") from None
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    try:
        _prepare(engine, where, create and not readonly)
    except LibraryError:
        engine.dispose()
        raise
    except sa_exc.SQLAlchemyError as exc:
        engine.dispose()
        text = _short(exc)
        if "file is not a database" in text or "malformed" in text:
            raise LibraryError(
                f"{where} is not a usable SQLite database ({text}); "
                "give another --db or move the file away"
            ) from None
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


def _prepare(engine: Engine, where: str, create: bool) -> None:
    """Check that the database is a kosynka library (or empty, then create the tables)."""
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
            if info.get("format") != FORMAT_NAME:
                raise LibraryError(f"{where} is not a kosynka deal library")
            if info.get("schema") != SCHEMA_VERSION:
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
            raise LibraryError(f"{where} is an empty database, not a kosynka deal library")
        try:
            _create(engine)
            return
        except _CREATE_RACE_ERRORS:
            # Another process created the tables at the same moment: look again.
            if attempt == PREPARE_TRIES - 1:
                raise
    raise LibraryError(f"cannot prepare the library {where}")
