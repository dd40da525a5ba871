"""Fair shares per client address, one budget for all of the server's workers.

Every client address has two token buckets: **work** (CPU seconds of Python work: replaying
records, building views, the hint players) and **solver** (seconds of solver search). Each
refills at a steady rate up to a burst. A request is admitted while its client's bucket is
above zero and is charged its estimated cost *before* it runs, so concurrent requests of one
client cannot all pass on the same tokens; what it really cost is settled afterwards (the
bucket may go below zero: the client then waits until it is paid back). A client in debt is
refused before its body is even read (see :class:`kosynka.web.fair.EarlyRefusal`).

The buckets live in a small table of fixed slots in a memory-mapped file that every worker of
``kosynka serve`` opens (:func:`create_table_file`, named by ``KOSYNKA_SHARES``), so two
workers do not make two budgets; without that file (a single process, the tests) the table is
anonymous memory of this process. Slots are found by a keyed hash of the address; when the
slots a key may use are all taken, the least recently seen one is reused (a forgotten client
starts again with full buckets). Every access holds a lock on the file (``flock``, released by
the kernel if a worker dies) and a lock of the process. Beside the table lies the file of the
:class:`WorkerLock` that lets one heavy request run at a time in the whole server.

A client is its address as the server sees it (:func:`client_key`): the connection's address,
or for a connection from a proxy the operator names (``kosynka serve --forwarded-allow-ips``;
none by default, so no peer, 127.0.0.1 included, picks its identity by a header) the address
the proxy forwards in ``X-Forwarded-For``; an IPv6 client is its /64 network.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import ipaddress
import math
import mmap
import os
import secrets
import shutil
import struct
import tempfile
import threading
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

SLOTS = 16384
"""Clients the table holds at once."""
PROBES = 16
"""Slots a key may use (from its hash on)."""
_MAGIC = b"kosynka1"
_HEADER = struct.Struct("<8s16sQ")  # magic, hash key, slots
_SLOT = struct.Struct("<Qddd")  # key hash (0: free), last seen, work tokens, solver tokens
SHARES_ENV = "KOSYNKA_SHARES"
"""The environment variable naming the shared table file of a server's workers."""


def table_size(slots: int = SLOTS) -> int:
    """Bytes of a table of ``slots`` slots."""
    return _HEADER.size + slots * _SLOT.size


def create_table_file(directory: str | None = None, slots: int = SLOTS) -> Path:
    """Create an empty shared table in a new private directory (in ``directory``, default the
    system's temporary directory) named after this process, with the file of the workers'
    :class:`WorkerLock` beside it, and return the table's path; the caller removes the
    directory. The directories of servers that ended without removing theirs (killed) are
    removed first."""
    _remove_stale(Path(directory or tempfile.gettempdir()))
    where = Path(tempfile.mkdtemp(prefix=f"kosynka-serve-{os.getpid()}-", dir=directory))
    path = where / "shares"
    with open(path, "wb") as f:
        f.write(_HEADER.pack(_MAGIC, secrets.token_bytes(16), slots))
        f.truncate(table_size(slots))
    lock_path(path).touch()
    return path


def _remove_stale(directory: Path) -> None:
    """Remove the table directories in ``directory`` whose server process is gone."""
    for where in directory.glob("kosynka-serve-*-*"):
        pid = where.name.split("-")[2]
        if not pid.isascii() or not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(where, ignore_errors=True)
        except OSError:
            continue  # alive, someone else's


def lock_path(table: str | os.PathLike[str]) -> Path:
    """The :class:`WorkerLock` file of the shared table at ``table``."""
    return Path(table).with_name("heavy")


class WorkerLock:
    """A lock held by one thread of one worker at a time (``flock`` on a file every worker
    opens; released by the kernel if its worker dies); without a file, a lock of this
    process. With a ``duty`` under 1 it is held at most that share of the time: after being
    held for t seconds it is not taken again for t * (1 / duty - 1) seconds (the time when it
    may be is kept in the file, for every worker)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, duty: float = 1.0) -> None:
        self._local = threading.Lock()
        self._fd = os.open(path, os.O_RDWR) if path is not None else None
        self.rest = 1.0 / duty - 1.0 if 0 < duty < 1 else 0.0
        self._not_before = 0.0
        self._since = 0.0

    def acquire(self) -> None:
        """Wait for the lock (in this thread), and for its rest after the last holder."""
        self._local.acquire()
        try:
            if self._fd is not None:
                fcntl.flock(self._fd, fcntl.LOCK_EX)
                raw = os.pread(self._fd, 8, 0)
                self._not_before = struct.unpack("<d", raw)[0] if len(raw) == 8 else 0.0
            rest = self._not_before - time.monotonic()
            if rest > 0:
                time.sleep(rest)
        except BaseException:
            self._release_locks()
            raise
        self._since = time.monotonic()

    def release(self) -> None:
        """Give the lock back."""
        now = time.monotonic()
        self._not_before = now + (now - self._since) * self.rest
        if self._fd is not None:
            os.pwrite(self._fd, struct.pack("<d", self._not_before), 0)
        self._release_locks()

    def _release_locks(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._local.release()


@lru_cache(maxsize=65536)
def client_key(host: str) -> str:
    """What a client's share is kept by: its IPv4 address, or the /64 network of an IPv6
    address (one host usually holds a whole /64, so single IPv6 addresses would be free to
    pick)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


_Result = tuple[float, float, float]
"""What an access to a client's buckets gives: seconds to wait, work and solver tokens."""


@dataclass(frozen=True, slots=True)
class Rates:
    """A bucket's refill rate (per second) and burst."""

    per_s: float
    burst: float


class SharedBuckets:
    """The work and solver buckets of every client, in a table shared by the workers."""

    def __init__(
        self,
        work: Rates,
        solver: Rates,
        path: str | os.PathLike[str] | None = None,
        slots: int = SLOTS,
    ) -> None:
        """Buckets with these rates in the table file at ``path`` (made by
        :func:`create_table_file`), or in a new table of ``slots`` slots of this process."""
        self.work = Rates(max(work.per_s, 1e-9), work.burst)
        self.solver = Rates(max(solver.per_s, 1e-9), solver.burst)
        self._lock = threading.Lock()
        self._fd: int | None = None
        if path is None:
            self._map = mmap.mmap(-1, table_size(slots))
            self._map[: _HEADER.size] = _HEADER.pack(_MAGIC, secrets.token_bytes(16), slots)
        else:
            self._fd = os.open(path, os.O_RDWR)
            size = os.fstat(self._fd).st_size
            self._map = mmap.mmap(self._fd, size)
        magic, self._secret, self._slots = _HEADER.unpack_from(self._map, 0)
        if magic != _MAGIC or table_size(self._slots) > len(self._map):
            raise ValueError(f"not a kosynka shares table: {path}")

    # ----------------------------------------------------------------- the table
    def _hash(self, key: str) -> int:
        digest = hashlib.blake2b(key.encode(), key=self._secret, digest_size=8).digest()
        return int.from_bytes(digest, "little") or 1

    def _refill(self, tokens: float, rates: Rates, elapsed: float) -> float:
        return min(rates.burst, tokens + max(elapsed, 0.0) * rates.per_s)

    def _find(self, h: int, now: float) -> tuple[int, float, float]:
        """The slot offset of the key hashed to ``h`` (taken for it if new) and its refilled
        tokens; the table's locks must be held."""
        first = h % self._slots
        reuse = -1
        oldest = math.inf
        for i in range(PROBES):
            offset = _HEADER.size + ((first + i) % self._slots) * _SLOT.size
            k, seen, work, solver = _SLOT.unpack_from(self._map, offset)
            if k == h:
                elapsed = now - seen
                return (
                    offset,
                    self._refill(work, self.work, elapsed),
                    self._refill(solver, self.solver, elapsed),
                )
            if k == 0:
                if oldest > -math.inf:
                    reuse, oldest = offset, -math.inf
            elif seen < oldest:
                reuse, oldest = offset, seen
        _SLOT.pack_into(self._map, reuse, h, now, self.work.burst, self.solver.burst)
        return reuse, self.work.burst, self.solver.burst

    def _take_locks(self, blocking: bool) -> bool:
        """Take the process's and the file's lock; False (holding neither) when ``blocking``
        is off and either is held elsewhere."""
        if not self._lock.acquire(blocking):
            return False
        if self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
            except BlockingIOError:
                self._lock.release()
                return False
            except BaseException:
                self._lock.release()
                raise
        return True

    def _drop_locks(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self._lock.release()

    def _update(
        self, h: int, work: float, solver: float, need: tuple[bool, bool], blocking: bool = True
    ) -> tuple[float, float, float] | None:
        """Add ``work`` and ``solver`` (negative: a charge) to the buckets of the key hashed to
        ``h``, but only when the buckets asked for (``need``: work, solver) are above zero;
        return the seconds to wait (0 when done) and the tokens left, or None when not
        ``blocking`` and the table is busy."""
        now = time.monotonic()
        if not self._take_locks(blocking):
            return None
        try:
            offset, w, s = self._find(h, now)
            wait = 0.0
            if need[0] and w <= 0:
                wait = max(wait, (1e-3 - w) / self.work.per_s)
            if need[1] and s <= 0:
                wait = max(wait, (1e-3 - s) / self.solver.per_s)
            if wait == 0.0:
                w = min(self.work.burst, w + work)
                s = min(self.solver.burst, s + solver)
            _SLOT.pack_into(self._map, offset, h, now, w, s)
            return wait, w, s
        finally:
            self._drop_locks()

    def _now(self, key: str, work: float, solver: float, need: tuple[bool, bool]) -> _Result:
        got = self._update(self._hash(key), work, solver, need)
        assert got is not None
        return got

    async def _soon(self, key: str, work: float, solver: float, need: tuple[bool, bool]) -> _Result:
        """:meth:`_now` for the event loop: a table another thread or worker holds is waited
        for without blocking the loop (the holder may be waiting for its GIL)."""
        h = self._hash(key)
        tries = 0
        while (got := self._update(h, work, solver, need, blocking=False)) is None:
            tries += 1
            await asyncio.sleep(0 if tries < 3 else 0.0005)
        return got

    # ----------------------------------------------------------------- the API
    def wait_time(self, key: str, work: bool = True, solver: bool = False) -> float:
        """0 when ``key``'s buckets asked for are above zero, else the seconds until they
        are."""
        return self._now(key, 0.0, 0.0, (work, solver))[0]

    async def wait_time_soon(self, key: str, work: bool = True, solver: bool = False) -> float:
        """:meth:`wait_time` from the event loop."""
        return (await self._soon(key, 0.0, 0.0, (work, solver)))[0]

    def charge(self, key: str, work: float = 0.0, solver: float = 0.0) -> float:
        """Take ``work`` and ``solver`` seconds from ``key``'s buckets if the ones charged are
        above zero (returns 0), else take nothing and return the seconds to wait."""
        return self._now(key, -work, -solver, (work > 0, solver > 0))[0]

    async def charge_work_soon(self, key: str, work: float) -> tuple[float, float]:
        """From the event loop, :meth:`charge` ``work`` seconds of work; also return the work
        seconds ``key`` has spent of its burst (more than the burst when in debt)."""
        wait, left, _ = await self._soon(key, -work, 0.0, (True, False))
        return wait, self.work.burst - left

    def settle(self, key: str, work: float = 0.0, solver: float = 0.0) -> None:
        """Give back (positive) or take (negative) seconds after the fact, whatever the
        buckets hold."""
        self._now(key, work, solver, (False, False))

    async def settle_soon(self, key: str, work: float = 0.0, solver: float = 0.0) -> None:
        """:meth:`settle` from the event loop."""
        await self._soon(key, work, solver, (False, False))

    def tokens(self, key: str) -> tuple[float, float]:
        """``key``'s work and solver tokens now (for tests and figures)."""
        _, w, s = self._now(key, 0.0, 0.0, (False, False))
        return w, s

    def close(self) -> None:
        """Unmap the table (and close its file)."""
        self._map.close()
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class TooBusy(Exception):
    """A client is over its share: answered with 429 and ``Retry-After``."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(what)
        self.what = what
        self.retry_after = max(1, math.ceil(min(retry_after, 3600.0)))
