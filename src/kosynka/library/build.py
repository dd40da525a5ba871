"""Building the library: solve every deal of a range, grade the winnable ones, store them.

The work on one deal (:func:`examine_deal`) is a pure function of the rules, the deal number and
the limits, so it gives the same record wherever it runs: in this process (``jobs=1``), in a
local process pool (the default, one worker per core) or on a Dask distributed cluster
(``scheduler="tcp://HOST:PORT"``). Only the solver's wall time differs between runs.

Resuming is built in: deals already stored for these rules are skipped and results are committed
in batches. Builds writing the same library at once share the work: before a build solves a
chunk of deals it claims them in the library (:meth:`~kosynka.library.storage.Library.claim`),
and a deal claimed by another build, or stored by one, is left to it; claims are given back as
the deals are stored or the build stops, and lapse after :data:`CLAIM_LEASE` seconds when a
build is killed (a running build renews its own). The unique constraint still makes a deal that
two builds happen to solve land once. A build on a Dask cluster whose workers are all gone
gives up after :data:`WORKERLESS_TIMEOUT` seconds, saying so.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import re
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Final, TextIO
from urllib.parse import urlsplit

from kosynka.errors import KosynkaError, shown
from kosynka.games import game_spec, game_specs
from kosynka.library.grading import grader_of, regrader_of, runs_of
from kosynka.library.storage import (
    MAX_STORED_DEAL,
    Library,
    LibraryError,
    in_memory,
    open_library,
)
from kosynka.numtext import parse_whole
from kosynka.process import die_with_parent

DEFAULT_MAX_STATES: Final = 50_000_000
"""The solver's state limit per deal unless told otherwise (deals beyond it stay undecided)."""
BATCH_ROWS: Final = 200
"""Deals written per transaction at most."""
BATCH_SECONDS: Final = 3.0
"""Buffered results are written at least this often."""
REFRESH_SECONDS: Final = 10.0
"""How often the build looks again at which deals other builds have stored."""
CLAIM_LEASE: Final = 300.0
"""Seconds a build's claim on the deals it is solving holds unless renewed: how long the
deals of a build that was killed (not stopped: a stopped build gives its claims back) wait
before another build takes them."""
CLAIM_RENEW: Final = 60.0
"""How often a running build renews its claims."""
WORKERLESS_TIMEOUT: Final = 60.0
"""Seconds a build on a Dask cluster waits while the cluster has no worker at all (all of
them gone) before it gives up, saying so; what was done is stored."""
MAX_DEALS_PER_BUILD: Final = 10_000_000
"""The most deals one build command takes (a longer range is split into several builds)."""
SCHEDULER_SCHEMES: Final = ("tcp", "tls", "ws", "wss", "ucx", "inproc")
"""The Dask address schemes ``--scheduler`` takes (``HOST:PORT`` alone means ``tcp://``)."""


def numbering_of(game: str) -> str:
    """The deal numbering the library stores ``game``'s deals in: the game's default one."""
    return game_spec(game).default_numbering()


def rules_of(game: str, text: str) -> Any:
    """``game``'s rules from their stored text (``draw=1 passes=unlimited return=on``), read by
    the game's own position-text header reader."""
    spec = game_spec(game)
    values: dict[str, Any] = {}
    by_key = {o.name: o for o in spec.options}
    aliases = {"return": "foundation_return"}
    for part in text.split():
        key, _, value = part.partition("=")
        name = aliases.get(key, key)
        if name not in by_key:
            raise LibraryError(f"unknown {game} rule {key!r} in stored rules {text!r}")
        opt = by_key[name]
        try:
            values[name] = (
                value in ("on", "true", "1", "yes") if opt.is_switch else opt.parse(value)
            )
        except KosynkaError as exc:
            raise LibraryError(f"bad stored rules {text!r}: {exc}") from None
    return spec.make_rules(**values)


@dataclass(frozen=True, slots=True)
class BuildSpec:
    """What to build: the game (by name) and its rules (the game's defaults when None), the
    solver's limits and the player's games per deal. Picklable, so it travels to pool and
    cluster workers."""

    game: str
    rules: Any = None
    max_states: int | None = DEFAULT_MAX_STATES
    time_limit: float | None = None
    runs: int | None = None
    """Games of the player per winnable deal; None: the game's grader's number
    (:func:`kosynka.library.grading.runs_of`)."""

    def __post_init__(self) -> None:
        try:
            spec = game_spec(self.game)
        except KosynkaError:
            known = ", ".join(s.name for s in game_specs())
            raise LibraryError(f"unknown game {self.game!r} (known: {known})") from None
        if grader_of(spec.name) is None:
            raise LibraryError(f"the deal library cannot grade {spec.name} deals yet")
        if self.runs is None:
            object.__setattr__(self, "runs", runs_of(spec.name, self.rules))
        if self.runs is None or self.runs < 1:
            raise LibraryError(f"the player needs at least one game per deal, not {self.runs}")
        if self.max_states is not None and self.max_states < 1:
            raise LibraryError(f"the state limit must be at least 1, not {self.max_states}")
        if self.time_limit is not None and not self.time_limit > 0:
            raise LibraryError(f"the time limit must be positive, not {self.time_limit}")
        if self.rules is None:
            try:
                object.__setattr__(self, "rules", spec.make_rules())
            except KosynkaError as exc:
                raise LibraryError(str(exc)) from None

    @property
    def rules_text(self) -> str:
        """The rules as stored: ``draw=1 passes=unlimited return=on``."""
        return str(self.rules.text())


def examine_deal(spec: BuildSpec, deal: int) -> dict[str, Any]:
    """Solve deal ``deal`` (in the library's numbering of the game) under ``spec`` and, when it
    is winnable, grade it: the record to store (see
    :data:`kosynka.library.storage.RECORD_FIELDS`)."""
    from kosynka.solver import SolveStatus, solve

    game = game_spec(spec.game).deal(deal, spec.rules, numbering_of(spec.game))
    res = solve(game, time_limit=spec.time_limit, max_states=spec.max_states)
    record: dict[str, Any] = {
        "game": spec.game,
        "rules": spec.rules_text,
        "deal": deal,
        "verdict": res.status.value,
        "limit_kind": res.limit if res.status is SolveStatus.LIMIT else None,
        "solver": res.implementation,
        "states": int(res.states),
        "unique_states": int(res.unique_states),
        "seconds": round(float(res.seconds), 6),
        "solution": None,
        "solution_moves": None,
        "solution_card_moves": None,
        "heur_runs": 0,
        "heur_wins": 0,
        "heur_mean_moves": 0.0,
        "heur_mean_home": 0.0,
        "score": None,
        "grade": None,
    }
    if res.status is not SolveStatus.SOLVED:
        return record
    record["solution"] = " ".join(str(m) for m in res.moves)
    record["solution_moves"] = len(res.moves)
    record["solution_card_moves"] = res.card_moves
    grader = grader_of(spec.game)
    assert grader is not None
    assert spec.runs is not None  # set by __post_init__
    record.update(grader(game, int(res.states), spec.runs))
    return record


def examine_chunk(spec: BuildSpec, deals: Sequence[int]) -> list[dict[str, Any]]:
    """:func:`examine_deal` over several deals (one task for a worker)."""
    return [examine_deal(spec, d) for d in deals]


# --------------------------------------------------------------------------- numbers
_DIGITS = re.compile(r"[0-9]+")


def whole_number(text: str, what: str, *, lo: int = 0, hi: int | None = None) -> int:
    """Read ``text`` as a whole number between ``lo`` and ``hi`` (ASCII digits, read by
    :func:`kosynka.numtext.parse_whole`, so a number of any length is refused with one short
    line); raise :class:`LibraryError` naming ``what``."""
    n = parse_whole(text, what, error=LibraryError)
    if n is None:
        raise LibraryError(f"{what} must be a whole number, not {shown(text)}")
    if n < lo or (hi is not None and n > hi):
        span = f"between {lo:,} and {hi:,}" if hi is not None else f"at least {lo:,}"
        digits = len(str(n))
        got = f"{n:,}" if digits <= 20 else f"a number of {digits} digits"
        raise LibraryError(f"{what} must be {span}, not {got}")
    return n


# --------------------------------------------------------------------------- deal ranges
def parse_deal_ranges(text: str) -> list[int]:
    """Read ``1-100000``, ``5``, or a comma-separated list of both into sorted unique deal
    numbers; raise :class:`LibraryError` naming the bad part."""
    numbers: set[int] = set()
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or not all(parts):
        raise LibraryError(f"no deal range in {shown(text)} (expected e.g. 1-100000)")
    for part in parts:
        lo_text, sep, hi_text = part.partition("-")
        if not _DIGITS.fullmatch(lo_text.strip()) or (
            sep and not _DIGITS.fullmatch(hi_text.strip())
        ):
            raise LibraryError(
                f"not a deal range: {shown(part)} (expected N or FIRST-LAST, e.g. 1-100000)"
            )
        try:
            lo = whole_number(lo_text, "a deal number", lo=1, hi=MAX_STORED_DEAL)
            hi = whole_number(hi_text, "a deal number", lo=1, hi=MAX_STORED_DEAL) if sep else lo
        except LibraryError:
            raise LibraryError(
                f"deal numbers must lie in 1..{MAX_STORED_DEAL}: {shown(part)}"
            ) from None
        if hi < lo:
            raise LibraryError(
                f"empty deal range {shown(part)}: the last deal comes before the first"
            )
        if len(numbers) + (hi - lo) >= MAX_DEALS_PER_BUILD:
            raise LibraryError(
                f"at most {MAX_DEALS_PER_BUILD:,} deals per build; split the range into several"
            )
        numbers.update(range(lo, hi + 1))
    return sorted(numbers)


# --------------------------------------------------------------------------- progress
class Progress:
    """A progress line on a stream (stderr): deals done, deals per second, time left.

    On a terminal it redraws one line; otherwise it prints a line every 10 seconds."""

    def __init__(self, total: int, stream: TextIO | None = None, *, enabled: bool = True) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and total > 0
        self.done = 0
        self.start = time.monotonic()
        self._last = 0.0
        try:
            self._tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self._tty = False

    def advance(self, n: int) -> None:
        """Count ``n`` more deals done and redraw when due."""
        self.done += n
        now = time.monotonic()
        if self.enabled and now - self._last >= (0.2 if self._tty else 10.0):
            self._last = now
            self._draw(final=False)

    def line(self) -> str:
        """The progress text."""
        elapsed = max(1e-9, time.monotonic() - self.start)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        width = 24
        filled = int(width * self.done / self.total) if self.total else width
        bar = "#" * filled + "-" * (width - filled)
        return (
            f"[{bar}] {self.done}/{self.total} deals  {rate:.1f} deals/s  "
            f"left {_clock(left)}  elapsed {_clock(elapsed)}"
        )

    def _draw(self, *, final: bool) -> None:
        text = self.line()
        if self._tty:
            end = "\n" if final else ""
            self.stream.write(f"\r{text}\033[K{end}")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """Draw the last state of the bar."""
        if self.enabled:
            self._draw(final=True)


def _clock(seconds: float) -> str:
    """``1:02:03`` for a number of seconds (``--:--`` when unknown)."""
    if seconds != seconds or seconds == float("inf"):
        return "--:--"
    s = int(seconds + 0.5)
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}"


# --------------------------------------------------------------------------- runners
ChunkResult = list[dict[str, Any]]


class _Runner:
    """Runs chunks of deals somewhere and yields their results as they finish."""

    workers: int = 1
    stop: threading.Event | None = None
    """Set when the build is asked to stop: a runner that waits for results looks at it."""

    def run(
        self, spec: BuildSpec, chunks: Iterator[list[int]], in_flight: int
    ) -> Iterator[ChunkResult]:
        """Examine every chunk of ``chunks`` (taken lazily), keeping at most ``in_flight``
        chunks under way; yield each chunk's records as soon as it is done."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers."""


class _InProcess(_Runner):
    """Everything in this process, one deal after another (``jobs=1``)."""

    def run(
        self, spec: BuildSpec, chunks: Iterator[list[int]], in_flight: int
    ) -> Iterator[ChunkResult]:
        for chunk in chunks:
            yield examine_chunk(spec, chunk)


class _Pool(_Runner):
    """A local process pool of ``jobs`` workers."""

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self.pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals)
        self.finished = False

    def run(
        self, spec: BuildSpec, chunks: Iterator[list[int]], in_flight: int
    ) -> Iterator[ChunkResult]:
        pending: set[Future[ChunkResult]] = set()
        exhausted = False
        while True:
            while not exhausted and len(pending) < in_flight:
                chunk = next(chunks, None)
                if chunk is None:
                    exhausted = True
                    break
                pending.add(self.pool.submit(examine_chunk, spec, chunk))
            if not pending:
                self.finished = True
                return
            done, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            if not done:
                if self.stop is not None and self.stop.is_set():
                    return
                continue
            for fut in done:
                try:
                    result = fut.result()
                except BrokenProcessPool:
                    raise LibraryError(
                        "a worker process died (out of memory, or killed); "
                        "run the same command again to resume"
                    ) from None
                yield result

    def close(self) -> None:
        if not self.finished:
            # Interrupted or failed: stop the workers now rather than after their deals.
            processes = getattr(self.pool, "_processes", None) or {}
            for proc in list(processes.values()):
                proc.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)


def _worker_signals() -> None:
    """In a pool worker: Ctrl-C is the parent's business, SIGTERM simply ends the worker, and
    the worker ends with the build that started it (even when that one is killed)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent()


def scheduler_address(text: str) -> tuple[str, str | None, int | None]:
    """Read a ``--scheduler`` value: (address for Dask, host, port); host and port are None
    for schemes without them (``inproc://``). Raise :class:`LibraryError` for anything else
    than ``[SCHEME://]HOST:PORT``."""
    bad = LibraryError(f"--scheduler takes tcp://HOST:PORT, not {shown(text)}")
    address = text.strip()
    if "://" not in address:
        address = f"tcp://{address}"
    scheme = address.partition("://")[0].lower()
    if scheme not in SCHEDULER_SCHEMES:
        raise bad
    if scheme == "inproc":
        return address, None, None
    try:
        parts = urlsplit(address)
        host, port = parts.hostname, parts.port
    except ValueError:
        raise bad from None
    if not host or port is None or port < 1 or parts.path not in ("", "/") or parts.query:
        raise bad
    return address, host, port


def probe_scheduler(text: str, timeout: float) -> str:
    """Check, before any work, that the Dask scheduler ``text`` can be used: a good address,
    Dask distributed installed, and something listening there (told at once, not after
    Dask's own timeout). Return the address for Dask; raise :class:`LibraryError`."""
    address, host, port = scheduler_address(text)
    if importlib.util.find_spec("distributed") is None:
        raise LibraryError("--scheduler needs Dask distributed: pip install 'kosynka[cluster]'")
    if host is not None and port is not None:
        try:
            socket.create_connection((host, port), timeout=timeout).close()
        except OSError as exc:
            raise LibraryError(
                f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}"
            ) from None
    return address


class _Dask(_Runner):
    """The workers of a Dask distributed cluster."""

    def __init__(
        self, address: str, timeout: float, workerless: float = WORKERLESS_TIMEOUT
    ) -> None:
        address = scheduler_address(address)[0]
        self.address = address
        self.workerless = workerless
        try:
            self.dask: Any = importlib.import_module("distributed")
        except ImportError:
            raise LibraryError(
                "--scheduler needs Dask distributed: pip install 'kosynka[cluster]'"
            ) from None
        try:
            self.client: Any = self.dask.Client(address, timeout=f"{timeout}s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise LibraryError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.workers = max(1, sum(self.client.nthreads().values()))

    def run(
        self, spec: BuildSpec, chunks: Iterator[list[int]], in_flight: int
    ) -> Iterator[ChunkResult]:
        pending: set[Any] = set()
        for chunk in chunks:
            pending.add(self.client.submit(examine_chunk, spec, chunk, pure=False))
            if len(pending) >= in_flight:
                break
        alone_since: float | None = None
        while pending:
            try:
                done, pending = self.dask.wait(pending, timeout=1.0, return_when="FIRST_COMPLETED")
            except TimeoutError:
                done = set()
            if not done:
                if self.stop is not None and self.stop.is_set():
                    return
                alone_since = self._no_workers(alone_since)
                continue
            alone_since = None
            for fut in done:
                result = self._result(fut)
                if result is None:  # stopped
                    return
                fut.release()
                nxt = next(chunks, None)
                if nxt is not None:
                    pending.add(self.client.submit(examine_chunk, spec, nxt, pure=False))
                yield result

    def _result(self, fut: Any) -> ChunkResult | None:
        """The result of a finished chunk (None if the build is stopped meanwhile). A worker
        that leaves may take the result with it, and the chunk then waits to be examined
        again: while it waits, the cluster's workers are watched as in :meth:`run`."""
        alone_since: float | None = None
        while True:
            try:
                result: ChunkResult = fut.result(timeout=1.0)
                return result
            except TimeoutError:
                if self.stop is not None and self.stop.is_set():
                    return None
                alone_since = self._no_workers(alone_since)
            except Exception as exc:
                raise LibraryError(f"a Dask worker failed: {type(exc).__name__}: {exc}") from None

    def _no_workers(self, since: float | None) -> float | None:
        """While results are awaited: None when the cluster has workers; else since when it
        has had none (said on stderr when first seen), and give up once that is
        ``workerless`` seconds ago."""
        try:
            workers = self.client.nthreads()
        except (OSError, TimeoutError) as exc:
            raise LibraryError(f"lost the Dask scheduler at {self.address}: {exc}") from None
        if workers:
            return None
        now = time.monotonic()
        if since is None:
            print(
                f"the Dask cluster at {self.address} has no workers: waiting up to "
                f"{self.workerless:.0f} s for one",
                file=sys.stderr,
                flush=True,
            )
            return now
        if now - since >= self.workerless:
            raise LibraryError(
                f"the Dask cluster at {self.address} has had no workers for "
                f"{self.workerless:.0f} s: giving up (what was done is stored; run the same "
                "command again to resume)"
            )
        return since

    def close(self) -> None:
        self.client.close()


# --------------------------------------------------------------------------- the build
@dataclass
class BuildReport:
    """What a build did: deals asked for, found already stored, examined and stored by this
    run, and left to another build writing at the same time; verdicts of the deals stored."""

    requested: int = 0
    already: int = 0
    examined: int = 0
    stored: int = 0
    by_others: int = 0
    seconds: float = 0.0
    verdicts: dict[str, int] = field(default_factory=dict)
    grades: dict[str, int] = field(default_factory=dict)
    interrupted: bool = False


def default_jobs() -> int:
    """Worker processes by default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def build(
    spec: BuildSpec,
    deals: Sequence[int],
    *,
    db: str | None = None,
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: bool = True,
    stream: TextIO | None = None,
    chunk_size: int | None = None,
    on_commit: Callable[[int], None] | None = None,
    connect_timeout: float = 20.0,
    batch_rows: int = BATCH_ROWS,
    create_dirs: bool = False,
    on_start: Callable[[str, int], None] | None = None,
    workerless_timeout: float = WORKERLESS_TIMEOUT,
) -> BuildReport:
    """Examine and store every deal of ``deals`` not yet in the library ``db``.

    ``jobs`` worker processes (default: one per core; 1 means in this process), or the Dask
    cluster at ``scheduler`` (reached within ``connect_timeout`` seconds). Results are
    written ``batch_rows`` deals (or 3 seconds) at a time; ``on_commit`` is told the number of
    rows each batch added. A new library file's missing directory is made only when
    ``create_dirs`` (or for the default library's directory).

    Everything that can be refused is refused before any deal is solved, with one
    :class:`LibraryError`: deal numbers the game does not have, an in-memory database, a
    library that is damaged, foreign or cannot be written, a scheduler that cannot be
    reached. Then ``on_start`` is told where the library is and how many deals are to do.
    On a cluster whose workers are all gone, the build gives up after ``workerless_timeout``
    seconds with a :class:`LibraryError` saying so."""
    if batch_rows < 1:
        raise LibraryError(f"a batch needs at least one deal, not {batch_rows}")
    if jobs is not None and jobs < 1:
        raise LibraryError(f"--jobs must be at least 1, not {jobs}")
    started = time.monotonic()
    report = BuildReport(requested=len(deals))
    if not deals:
        return report
    lo, hi = min(deals), max(deals)
    numbering = numbering_of(spec.game)
    top = min(game_spec(spec.game).max_deal(numbering), MAX_STORED_DEAL)
    if lo < 1 or hi > top:
        raise LibraryError(
            f"the library keeps {spec.game} deals 1..{top} ({numbering} numbering): "
            f"there is no deal {lo if lo < 1 else hi}"
        )
    if in_memory(db):
        raise LibraryError(
            "an in-memory database keeps nothing after the build: give a file or a server URL"
        )
    if scheduler:
        probe_scheduler(scheduler, connect_timeout)
    lib = open_library(db, create_dirs=create_dirs)
    try:
        lib.check_writable()
        lib.prepare_claims()
        stored = lib.stored_deals(spec.game, spec.rules_text, lo, hi)
        todo = [d for d in deals if d not in stored]
        report.already = len(deals) - len(todo)
        if not todo:
            if on_start is not None:
                on_start(lib.where, 0)
            report.seconds = time.monotonic() - started
            return report
        runner: _Runner
        if scheduler:
            runner = _Dask(scheduler, connect_timeout, workerless_timeout)
        else:
            n = jobs if jobs is not None else default_jobs()
            n = min(n, len(todo))
            runner = _InProcess() if n == 1 else _Pool(n)
        try:
            if on_start is not None:
                on_start(lib.where, len(todo))
            _run(
                lib, spec, todo, runner, report, progress, stream, chunk_size, on_commit, batch_rows
            )
        finally:
            runner.close()
    finally:
        lib.close()
    report.seconds = time.monotonic() - started
    return report


def _run(
    lib: Library,
    spec: BuildSpec,
    todo: list[int],
    runner: _Runner,
    report: BuildReport,
    show_progress: bool,
    stream: TextIO | None,
    chunk_size: int | None,
    on_commit: Callable[[int], None] | None,
    batch_rows: int,
) -> None:
    """The build loop: feed chunks to ``runner``, write results in batches."""
    workers = runner.workers
    if chunk_size:
        size = chunk_size
    elif isinstance(runner, _InProcess):
        size = 1
    else:
        size = max(1, min(8 if isinstance(runner, _Pool) else 32, len(todo) // (workers * 16)))
    lo, hi = todo[0], todo[-1]
    known: set[int] = set()
    bar = Progress(len(todo), stream, enabled=show_progress)
    buffer: list[dict[str, Any]] = []
    last_flush = time.monotonic()
    last_refresh = last_flush
    owner = f"{_HOST}:{os.getpid()}:{os.urandom(4).hex()}"
    # The deals another build had claimed (or had just stored) when their turn came: looked
    # at again once the rest is under way.
    left: list[int] = []

    def claimed(deals: list[int]) -> list[int]:
        """Those of ``deals`` this build may solve (claimed for it now); those another build
        has stored are counted as its."""
        part = [d for d in deals if d not in known]
        if len(part) < len(deals):
            report.by_others += len(deals) - len(part)
            bar.advance(len(deals) - len(part))
        mine = (
            lib.claim(spec.game, spec.rules_text, part, owner, CLAIM_LEASE, _ended_here)
            if part
            else []
        )
        taken = set(mine)
        left.extend(d for d in part if d not in taken)
        return mine

    def chunks() -> Iterator[list[int]]:
        for i in range(0, len(todo), size):
            if part := claimed(todo[i : i + size]):
                yield part
        # The deals another build had claimed: those it gave back (stopped) or let lapse
        # (killed) and did not store are this build's now; the rest stay left to it.
        again, left[:] = list(left), []
        known.update(lib.stored_deals(spec.game, spec.rules_text, lo, hi))
        for i in range(0, len(again), size):
            if part := claimed(again[i : i + size]):
                yield part
        report.by_others += len(left)
        bar.advance(len(left))

    def flush() -> None:
        nonlocal last_flush, last_refresh
        if buffer:
            added = lib.store(buffer)
            lib.release_claims(owner, [int(r["deal"]) for r in buffer])
            report.stored += added
            for r in buffer:
                report.verdicts[r["verdict"]] = report.verdicts.get(r["verdict"], 0) + 1
                if r["grade"]:
                    report.grades[r["grade"]] = report.grades.get(r["grade"], 0) + 1
            buffer.clear()
            if on_commit is not None:
                on_commit(added)
        now = time.monotonic()
        last_flush = now
        if now - last_refresh >= REFRESH_SECONDS:
            last_refresh = now
            known.update(lib.stored_deals(spec.game, spec.rules_text, lo, hi))

    stop = threading.Event()
    runner.stop = stop
    previous = _stop_on_signals(stop)
    ended = threading.Event()
    renewer = threading.Thread(
        target=_renew_claims, args=(lib, owner, ended), name="claims", daemon=True
    )
    renewer.start()
    try:
        for result in runner.run(spec, chunks(), in_flight=workers * 3):
            buffer.extend(result)
            report.examined += len(result)
            bar.advance(len(result))
            if len(buffer) >= batch_rows or time.monotonic() - last_flush >= BATCH_SECONDS:
                flush()
            if stop.is_set():
                break
    except KeyboardInterrupt:  # a second Ctrl-C or SIGTERM: stop at once
        stop.set()
    finally:
        report.interrupted = stop.is_set()
        _restore_signals(previous)
        try:
            flush()
        finally:
            ended.set()
            renewer.join()
            # What this build claimed and did not store is another build's to take.
            with contextlib.suppress(LibraryError):
                lib.release_claims(owner)
            bar.finish()


_HOST: Final = socket.gethostname()[:40]
"""This machine, as the claims of its builds name it (``HOST:PID:RANDOM``)."""


def _ended_here(owner: str) -> bool:
    """True when the build ``owner`` ran on this machine and its process is gone (killed):
    its claims need not wait out their lease."""
    host, _, rest = owner.rpartition(":")[0].rpartition(":")
    if host != _HOST or not rest.isdigit():
        return False
    try:
        os.kill(int(rest), 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, another user's
    return False


def _renew_claims(lib: Library, owner: str, ended: threading.Event) -> None:
    """Until ``ended``, renew the claims of the build ``owner`` every :data:`CLAIM_RENEW`
    seconds (a deal may take longer to solve than a claim's lease)."""
    while not ended.wait(CLAIM_RENEW):
        with contextlib.suppress(LibraryError):
            lib.renew_claims(owner, CLAIM_LEASE)


_Handler = Callable[[int, FrameType | None], Any] | int | None


def _stop_on_signals(stop: threading.Event) -> list[tuple[int, _Handler]]:
    """While building, SIGTERM and Ctrl-C ask the build to stop: the deal under way finishes,
    what is done is written, and the build ends (interrupted). The signal only sets ``stop``, so
    it never lands inside a database write; a second signal stops at once."""

    def handler(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous: list[tuple[int, _Handler]] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            previous.append((sig, signal.signal(sig, handler)))
        except ValueError:  # not the main thread
            break
    return previous


def _restore_signals(previous: list[tuple[int, _Handler]]) -> None:
    for sig, handler in previous:
        with contextlib.suppress(ValueError, TypeError):
            signal.signal(sig, handler)


def iter_ranges(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted deal numbers as (first, last) runs, for messages."""
    out: list[tuple[int, int]] = []
    for n in sorted(numbers):
        if out and n == out[-1][1] + 1:
            out[-1] = (out[-1][0], n)
        else:
            out.append((n, n))
    return out


def grade_record(rec: dict[str, Any]) -> tuple[float | None, str | None]:
    """(score, grade) of a stored record from its grading figures and today's thresholds;
    (None, None) for a deal that is not proven winnable."""
    if rec["verdict"] != "solved" or not rec["heur_runs"]:
        return None, None
    regrader = regrader_of(str(rec["game"]))
    if regrader is None:
        return rec.get("score"), rec.get("grade")
    return regrader(rec)


def regrade(db: str | None = None, game: str | None = None) -> int:
    """Recompute every stored grade (of ``game``'s deals; every game's when None) from the
    stored figures (after the thresholds or weights changed; nothing is solved or played
    again). Return how many grades changed (scores that changed within their grade are stored
    too, not counted)."""
    changed = 0
    with open_library(db, create=False) as lib:
        lib.check_writable()
        updates = []
        for rec in lib.records(game=game, verdict="solved"):
            score, grade = grade_record(rec)
            if score != rec["score"] or grade != rec["grade"]:
                updates.append((int(rec["id"]), score, grade))
                changed += grade != rec["grade"]
        lib.set_grades(updates)
    return changed
