"""The starter library shipped inside the package, and picking a deal of a grade.

Each game's starter library (``kosynka/library/data/starter-<game>.csv.gz``) holds graded
winnable deals for each of the game's starter rule sets (its grader's ``STARTER_RULES``: Klondike
Draw 1 and Draw 3, Spider 1, 2 and 4 suits, ...), with each deal's winning line, so a fresh
install has easy, normal and hard deals at once. Every game's file has one schema: a
gzip-compressed CSV with one row per deal, the rules written as the rules' text (see
:data:`STARTER_FIELDS`). A library that would weigh more than :data:`PART_BYTES` is written one
file a rule set, the first under that name and the others beside it as its parts
(``starter-spider.2.csv.gz``, ``starter-spider.3.csv.gz``; :func:`part_paths`).

Rebuild one with one command (it builds into a work library, then writes the file)::

    kosynka library starter --game klondike --per-grade 1000

:func:`pick` is what a game's "new deal" asks: a deal of a grade that this browser has not
played, from the user's own library (when one was built) and the starter library.
"""

from __future__ import annotations

import contextlib
import csv
import gzip
import io
import os
import random
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, TextIO

from kosynka.games import game_spec
from kosynka.library.build import BuildSpec, build, probe_scheduler, rules_of
from kosynka.library.grading import GRADES, starter_rules_of
from kosynka.library.storage import (
    Library,
    LibraryError,
    default_db_path,
    in_memory,
    open_library,
)

STARTER_FIELDS: Final = (
    "rules",
    "deal",
    "grade",
    "score",
    "heur_runs",
    "heur_wins",
    "heur_mean_moves",
    "heur_mean_home",
    "states",
    "solver",
    "solution",
)
"""The columns of every game's starter file: the rules as their text
(``draw=1 passes=unlimited return=on``, ``suits=2``), then the deal and what the library keeps
of it."""
PART_BYTES: Final = 1_500_000
"""The most a starter file is written as one file: a library that would weigh more is written
one file a rule set (:func:`write_rows`), so that no file of the repository grows large."""
SCHEDULER_TIMEOUT_S: Final = 20.0
"""How long a rebuild waits for its Dask scheduler to answer."""


@dataclass(frozen=True, slots=True)
class StarterDeal:
    """One deal of a game's starter library."""

    game: str
    rules_text: str
    """The rules as stored (``draw=1 passes=unlimited return=on``, ``cells=4 return=on``)."""
    deal: int
    grade: str
    score: float
    heur_runs: int
    heur_wins: int
    heur_mean_moves: float
    heur_mean_home: float
    states: int
    solver: str
    solution: str

    @property
    def rules(self) -> Any:
        """The rules the deal was graded under."""
        return rules_of(self.game, self.rules_text)


def _resource(game: str) -> str:
    """The file name of ``game``'s starter library among the package's data."""
    return f"starter-{game}.csv.gz"


def starter_path(game: str) -> Path | None:
    """The shipped starter file of ``game``, or None when this install has none."""
    ref = resources.files("kosynka.library").joinpath("data").joinpath(_resource(game))
    path = Path(str(ref))
    return path if path.is_file() else None


def part_paths(path: str | os.PathLike[str]) -> list[Path]:
    """The files of the starter library at ``path``: ``path`` itself, then the parts it was
    written in when it weighed more than :data:`PART_BYTES` (``starter-spider.2.csv.gz``,
    ``starter-spider.3.csv.gz``, ... beside ``starter-spider.csv.gz``), those that exist."""
    first = Path(path)
    paths = [first]
    while (nxt := _part_path(first, len(paths) + 1)).is_file():
        paths.append(nxt)
    return paths


def _part_path(first: Path, k: int) -> Path:
    """The name of part ``k`` (2, 3, ...) of the starter library whose first file is
    ``first``."""
    name, ext = first.name, ""
    for suffix in (".csv.gz", ".gz"):
        if name.endswith(suffix):
            name, ext = name[: -len(suffix)], suffix
            break
    return first.with_name(f"{name}.{k}{ext}")


def read_starter(path: str | os.PathLike[str] | None = None, *, game: str) -> list[StarterDeal]:
    """Every deal of the starter library at ``path`` (default: ``game``'s shipped one; an empty
    list when there is none), its parts included (:func:`part_paths`). Raise
    :class:`LibraryError` for a damaged file."""
    first = Path(path) if path is not None else starter_path(game)
    if first is None:
        return []
    deals: list[StarterDeal] = []
    for p in part_paths(first):
        try:
            with gzip.open(p, "rt", encoding="utf-8", newline="") as fh:
                deals.extend(_parse_rows(fh, str(p), game))
        except (OSError, EOFError, UnicodeDecodeError, csv.Error) as exc:
            raise LibraryError(f"the starter library {p} cannot be read: {exc}") from None
    return deals


def _parse_rows(fh: TextIO, where: str, game: str) -> Iterator[StarterDeal]:
    """The rows of a starter file being read (``where`` names it in errors), checked."""
    reader = csv.DictReader(fh)
    if tuple(reader.fieldnames or ()) != STARTER_FIELDS:
        raise LibraryError(f"{where} is not a kosynka starter library (unexpected columns)")
    known = {r.text() for r in starter_rules_of(game)}
    for n, row in enumerate(reader, start=2):
        try:
            deal = StarterDeal(
                game=game,
                rules_text=row["rules"],
                deal=int(row["deal"]),
                grade=row["grade"],
                score=float(row["score"]),
                heur_runs=int(row["heur_runs"]),
                heur_wins=int(row["heur_wins"]),
                heur_mean_moves=float(row["heur_mean_moves"]),
                heur_mean_home=float(row["heur_mean_home"]),
                states=int(row["states"]),
                solver=row["solver"],
                solution=row["solution"],
            )
        except (TypeError, ValueError) as exc:
            raise LibraryError(f"{where}, line {n}: {exc}") from None
        if deal.rules_text not in known or deal.grade not in GRADES:
            raise LibraryError(f"{where}, line {n}: bad rules or grade")
        yield deal


@lru_cache(maxsize=8)
def _index(game: str) -> dict[tuple[str, str], tuple[int, ...]]:
    """:func:`starter_index`, cached."""
    index: dict[tuple[str, str], list[int]] = {}
    for d in read_starter(game=game):
        index.setdefault((d.rules_text, d.grade), []).append(d.deal)
    return {k: tuple(v) for k, v in index.items()}


def starter_index(game: str) -> dict[tuple[str, str], tuple[int, ...]]:
    """``game``'s starter deal numbers by (rules text, grade), read once."""
    return _index(game)


def _candidates(game: str, grade: str, rules: Any, db: str | None) -> set[int]:
    """The winnable deals of ``grade`` under ``rules``: the starter library's (for its rules)
    and the library ``db``'s (default: the user's library, when it exists)."""
    if grade not in GRADES:
        raise LibraryError(f"unknown grade {grade!r} (expected one of: {', '.join(GRADES)})")
    text = rules.text()
    candidates: set[int] = set(starter_index(game).get((text, grade), ()))
    lib: Library | None = None
    if db is not None:
        lib = open_library(db, create=False, readonly=True)
    elif default_db_path().is_file():
        try:
            lib = open_library(None, create=False, readonly=True)
        except LibraryError:
            lib = None  # a broken personal library must not stop the game: use the starter
    if lib is not None:
        try:
            candidates.update(lib.deals_of_grade(game, text, grade))
        except LibraryError:
            if db is not None:
                raise
        finally:
            lib.close()
    return candidates


def counts_for(game: str, rules: Any, db: str | None = None) -> dict[str, int]:
    """How many winnable deals of each grade ``game`` has for ``rules`` (0 for a grade the
    library has none of: a page then shows that source as unavailable)."""
    return {g: len(_candidates(game, g, rules, db)) for g in GRADES}


def pick(
    game: str,
    grade: str,
    rules: Any,
    exclude: Collection[int] = (),
    *,
    db: str | None = None,
    rng: random.Random | None = None,
) -> int | None:
    """A winnable ``game`` deal of ``grade`` (``easy``, ``normal``, ``hard``) under ``rules``
    that is not in ``exclude`` (the deals this browser has played), or None when every such
    deal has been played. Deals come from the library ``db`` (default: the user's library, when
    it exists) and the shipped starter library (numbered as the library numbers them:
    :func:`kosynka.library.build.numbering_of`)."""
    left = _candidates(game, grade, rules, db).difference(exclude)
    if not left:
        return None
    return (rng or random).choice(sorted(left))


# --------------------------------------------------------------------------- rebuilding
def build_starter(
    *,
    game: str,
    per_grade: int = 1000,
    db: str | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    out: str | os.PathLike[str] | None = None,
    block: int = 2000,
    max_states: int | None = None,
    progress: bool = True,
    stream: TextIO | None = None,
    create_dirs: bool = False,
) -> dict[tuple[str, str], int]:
    """Build (or resume) a work library until each grade of each of ``game``'s starter rule
    sets (its grader's ``STARTER_RULES``) has ``per_grade`` winnable deals, then write the starter
    file ``out`` (default: the package's own data file) with the lowest-numbered ``per_grade``
    deals of each grade. Return how many deals of each (rules, grade) the file holds.

    A missing directory of the work library or of ``out`` is made only when ``create_dirs``
    (the default work library's directory is made when missing); both are checked before
    any deal is solved."""
    if per_grade < 1:
        raise LibraryError(f"--per-grade must be at least 1, not {per_grade}")
    game_spec(game)  # an unknown game is refused before any work
    work_db = db if db is not None else str(default_db_path().with_name("starter-work.sqlite"))
    target = Path(out) if out is not None else _package_starter_target(game)
    _check_target(target, create_dirs)
    if in_memory(work_db):
        raise LibraryError("an in-memory work library keeps nothing: give a file or a server URL")
    if scheduler:
        probe_scheduler(scheduler, SCHEDULER_TIMEOUT_S)
    with open_library(work_db, create_dirs=create_dirs) as lib:
        lib.check_writable()
    for rules in starter_rules_of(game):
        spec_kwargs: dict[str, Any] = {"game": game, "rules": rules}
        if max_states is not None:
            spec_kwargs["max_states"] = max_states
        spec = BuildSpec(**spec_kwargs)
        first = 1
        while True:
            have = _grade_counts(work_db, spec)
            if all(have.get(g, 0) >= per_grade for g in GRADES):
                break
            if first > 10_000_000:
                raise LibraryError("could not fill every grade from the first 10,000,000 deals")
            build(
                spec,
                range(first, first + block),
                db=work_db,
                create_dirs=create_dirs,
                jobs=jobs,
                scheduler=scheduler,
                progress=progress,
                stream=stream,
            )
            first += block
    return write_starter(work_db, target, per_grade, game=game, create_dirs=create_dirs)


def _gzip_rows(rows: list[dict[str, Any]]) -> bytes:
    """``rows`` as a starter file's bytes: a header and one CSV line each, gzip-compressed
    with no time stamp."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=STARTER_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0) as gz:
        gz.write(buf.getvalue().encode("utf-8"))
    return out.getvalue()


def _write_at_once(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a file beside it, so that a reader sees the old file
    or the new one, never part of one."""
    tmp = path.with_suffix(".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise LibraryError(f"cannot write the starter file {path}: {exc.strerror or exc}") from None


def _check_target(target: Path, create_dirs: bool) -> None:
    """Refuse a starter file ``target`` that could not be written: a directory, or in a
    missing directory (unless ``create_dirs``)."""
    if target.is_dir():
        raise LibraryError(f"{target} is a directory, not a starter file")
    parent = target.parent
    if not parent.is_dir():
        if parent.exists():
            raise LibraryError(f"{parent} is not a directory: the starter file cannot go there")
        if not create_dirs:
            raise LibraryError(
                f"no directory {parent} for the starter file {target.name} "
                "(make it first, or give --create-dirs)"
            )


def _package_starter_target(game: str) -> Path:
    """Where the package keeps ``game``'s starter file."""
    ref = resources.files("kosynka.library").joinpath("data")
    return Path(str(ref)) / _resource(game)


def _grade_counts(db: str, spec: BuildSpec) -> dict[str, int]:
    """How many deals of each grade the work library ``db`` has for ``spec``'s rules."""
    with open_library(db) as lib:
        counts = lib.counts(spec.game, spec.rules_text)
    return dict(counts[0].grades) if counts else {}


def write_starter(
    db: str | None,
    target: str | os.PathLike[str],
    per_grade: int,
    *,
    game: str,
    create_dirs: bool = False,
) -> dict[tuple[str, str], int]:
    """Write ``game``'s starter file ``target`` from library ``db``: for each starter rule set
    and grade, the ``per_grade`` lowest-numbered winnable deals. Return the counts written, by
    (the rules' text, grade). A missing directory of ``target`` is made only
    when ``create_dirs``."""
    _check_target(Path(target), create_dirs)
    rows: list[dict[str, Any]] = []
    written: dict[tuple[str, str], int] = {}
    fields = STARTER_FIELDS
    with open_library(db, create=False) as lib:
        for rules in starter_rules_of(game):
            label = rules.text()
            taken: dict[str, int] = {}
            for rec in lib.records(game, rules.text(), verdict="solved"):
                g = rec["grade"]
                if g not in GRADES or taken.get(g, 0) >= per_grade:
                    continue
                taken[g] = taken.get(g, 0) + 1
                rows.append({k: rec[k] for k in fields})
            for g in GRADES:
                written[(label, g)] = taken.get(g, 0)
    write_rows(rows, target)
    return written


def write_rows(rows: list[dict[str, Any]], target: str | os.PathLike[str]) -> None:
    """Write a starter library ``target`` of ``rows`` (each with the :data:`STARTER_FIELDS`),
    sorted by rules and deal, as gzip files with no time stamp, each replaced at once: one file,
    or, when that would weigh more than :data:`PART_BYTES`, one a rule set (``target`` and its
    parts, :func:`part_paths`). Parts of an earlier write that are no longer needed are
    removed."""
    rows = sorted(rows, key=lambda r: (str(r[STARTER_FIELDS[0]]), int(r["deal"])))
    parts = [_gzip_rows(rows)]
    if len(parts[0]) > PART_BYTES:
        by_rules: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            by_rules.setdefault(str(r[STARTER_FIELDS[0]]), []).append(r)
        parts = [_gzip_rows(group) for group in by_rules.values()]
    first = Path(target)
    stale = part_paths(first)[len(parts) :]
    for k, data in enumerate(parts, start=1):
        _write_at_once(first if k == 1 else _part_path(first, k), data)
    for path in stale:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    _index.cache_clear()
