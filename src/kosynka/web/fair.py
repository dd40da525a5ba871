"""Fair turns at a worker's CPU and at its solver, least recent user first.

Every API request runs in turns handed out by a :class:`FairQueue`: when requests wait, the
one whose client address has used the least lately goes next (what it used in this worker,
decaying with a 10 s time constant, plus what it has spent of its shared budget, see
:mod:`kosynka.web.limits`), so an ordinary player's move or hint goes ahead of an address that
keeps the server busy, however many requests that address sends.

* **CPU**: four turns per worker (Python work holds the GIL, so more would only share it; a
  few keep the turns busy while the event loop hands each to its thread), at most one of them
  for *heavy* work (estimated at 10 ms or more: a long record replayed, a hint's player
  replaying a long game), and heavy work holds the server's :class:`~kosynka.web.limits.
  WorkerLock` as well: one heavy request runs at a time in the whole server, at most half of
  the time (``heavy_duty``), so heavy work takes at most half a core and one worker's GIL. A
  player's move, a few milliseconds, waits behind no heavy request and runs beside at most
  one.
* **Solver**: ``solver_slots`` turns per worker (the search runs in the compiled core without
  the GIL, on threads of lowered priority). A search runs in *slices*: while others wait, the
  first slice is short (50 ms) and each next one twice as long, each a fresh search with the
  longer limit (the solver cannot be paused), until the request's own time is used up; when no
  one waits it gets all of its time at once. A request waiting longer than its own time for a
  turn gets no answer (the caller's fallback). Each slice is charged to the client's solver
  budget before it runs.

:class:`Meter` ties a request to both: it estimates the request's cost before doing anything
(:class:`CostModel`, learned from what requests of the same kind really cost), charges it to
the client's shared budget, waits for a CPU turn, runs the work on a thread, measures the
thread's CPU time and settles the charge. :class:`EarlyRefusal` turns away a client in debt
before its request's body is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import math
import os
import sys
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from kosynka.web.limits import SharedBuckets, TooBusy, WorkerLock, client_key
from kosynka.web.schemas import error_body

T = TypeVar("T")
R = TypeVar("R")

DECAY = 10.0
"""Seconds over which a client's recorded usage falls to 1/e."""
CPU_TURNS = 4
"""CPU turns per worker (the work holds the GIL, so more would only share it; a few keep the
turns busy while the event loop hands each to its thread)."""
CROWDED_WAIT = 0.1
"""Seconds of waiting for a turn past which a request counts as crowded (see
:meth:`_Running.crowded`)."""
HEAVY = 0.010
"""Estimated CPU seconds from which a request is heavy (one heavy request at a time in the
server)."""
FIRST_SLICE = 0.05
"""Seconds of the first solver slice while others wait."""
PARSE_BASE = 0.0002
"""CPU seconds charged for receiving and parsing any request (done before the handler, so not
measured with it) ..."""
PARSE_PER_BYTE = 4e-8
"""... and for each byte of its body."""


class _Waiter:
    """One request waiting for a turn."""

    __slots__ = ("done", "event", "future", "granted", "heavy", "key", "loop", "seq", "spent")

    def __init__(self, key: str, heavy: bool, seq: int, spent: float) -> None:
        self.key = key
        self.heavy = heavy
        self.seq = seq
        self.spent = spent
        self.granted = False
        self.done = False
        self.event: threading.Event | None = None
        self.future: asyncio.Future[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None


class Turn:
    """A turn at a :class:`FairQueue`; ``release`` it (with the time used) when done."""

    __slots__ = ("heavy", "held", "key", "queue")

    def __init__(self, queue: FairQueue, key: str, heavy: bool) -> None:
        self.queue = queue
        self.key = key
        self.heavy = heavy
        self.held = True

    def release(self, used: float = 0.0) -> None:
        """Give the turn back and record ``used`` seconds against the client."""
        if self.held:
            self.held = False
            self.queue._release(self, used)

    def resume(self) -> None:
        """Wait (in this thread) for the turn again after a :meth:`release`."""
        if not self.held:
            self.queue._wait_blocking(self.key, self.heavy, None, limit=False)
            self.held = True


class FairQueue:
    """Turns at a resource with ``slots`` places (at most ``heavy_slots`` of them for heavy
    work), granted to waiting clients least recent user first. A client may have at most
    ``per_key`` requests waiting at once; more are refused (``None``)."""

    def __init__(self, slots: int, heavy_slots: int | None = None, per_key: int = 8) -> None:
        self.slots = max(1, slots)
        self.heavy_slots = self.slots if heavy_slots is None else max(1, heavy_slots)
        self.per_key = per_key
        self._lock = threading.Lock()
        self._waiting: list[_Waiter] = []
        self._waiting_of: dict[str, int] = {}
        self._running = 0
        self._heavy = 0
        self._usage: dict[str, tuple[float, float]] = {}
        self._seq = itertools.count()

    # ----------------------------------------------------------------- usage
    def usage(self, key: str, now: float | None = None) -> float:
        """The client's recorded usage (seconds, decayed to now)."""
        now = time.monotonic() if now is None else now
        used, stamp = self._usage.get(key, (0.0, now))
        return used * math.exp(-(now - stamp) / DECAY)

    def _record(self, key: str, used: float, now: float) -> None:
        self._usage[key] = (self.usage(key, now) + max(used, 0.0), now)
        if len(self._usage) > 50_000:  # forget the clients whose usage has faded away
            self._usage = {k: v for k, v in self._usage.items() if self.usage(k, now) > 1e-4}

    def waiting(self) -> int:
        """Requests waiting now."""
        return len(self._waiting)

    # ----------------------------------------------------------------- granting
    def _fits(self, heavy: bool) -> bool:
        return self._running < self.slots and (not heavy or self._heavy < self.heavy_slots)

    def _take(self, heavy: bool) -> None:
        self._running += 1
        self._heavy += heavy

    def _grant(self) -> None:
        """Hand free places to the best waiting clients (the lock is held)."""
        now = time.monotonic()
        while self._waiting and self._running < self.slots:
            best: _Waiter | None = None
            best_rank = (math.inf, 0)
            for w in self._waiting:
                if self._fits(w.heavy):
                    rank = (self.usage(w.key, now) + w.spent, w.seq)
                    if rank < best_rank:
                        best, best_rank = w, rank
            if best is None:
                return
            self._waiting.remove(best)
            self._forget_waiter(best)
            if best.event is not None:
                best.event.set()
            elif best.loop is not None and best.future is not None:
                try:
                    best.loop.call_soon_threadsafe(_wake, best.future)
                except RuntimeError:  # its event loop is gone: nobody waits there any more
                    continue
            self._take(best.heavy)
            best.granted = True

    def _forget_waiter(self, w: _Waiter) -> None:
        left = self._waiting_of.get(w.key, 1) - 1
        if left:
            self._waiting_of[w.key] = left
        else:
            self._waiting_of.pop(w.key, None)

    def _release(self, turn: Turn, used: float) -> None:
        with self._lock:
            self._running -= 1
            self._heavy -= turn.heavy
            self._record(turn.key, used, time.monotonic())
            self._grant()

    def _enqueue(
        self, key: str, heavy: bool, limit: bool, spent: float = 0.0
    ) -> _Waiter | bool | None:
        """True when a place was free (taken), None when the client has too many waiting,
        else the new waiter (the lock is held)."""
        if not self._waiting and self._fits(heavy):
            self._take(heavy)
            return True
        if limit and self._waiting_of.get(key, 0) >= self.per_key:
            return None
        w = _Waiter(key, heavy, next(self._seq), spent)
        self._waiting.append(w)
        self._waiting_of[key] = self._waiting_of.get(key, 0) + 1
        self._grant()  # it may fit where those waiting do not (a light request beside a heavy)
        return True if w.granted else w

    def _withdraw(self, w: _Waiter) -> bool:
        """Take ``w`` out of the queue; True when it had been granted a place meanwhile (the
        caller then holds it)."""
        with self._lock:
            if w.granted:
                return True
            self._waiting.remove(w)
            self._forget_waiter(w)
            return False

    # ----------------------------------------------------------------- waiting
    async def turn(self, key: str, heavy: bool = False, spent: float = 0.0) -> Turn | None:
        """Wait on the event loop for a turn; None when the client already has ``per_key``
        requests waiting. ``spent`` (seconds the client has spent of its shared budget) adds
        to its usage here: clients are ranked by what they used in this worker and spent in
        all."""
        with self._lock:
            got = self._enqueue(key, heavy, True, spent)
            if got is None:
                return None
            if got is True:
                return Turn(self, key, heavy)
            assert isinstance(got, _Waiter)
            got.loop = asyncio.get_running_loop()
            got.future = got.loop.create_future()
        try:
            await got.future
        except BaseException:
            if self._withdraw(got):
                Turn(self, key, heavy).release()
            raise
        return Turn(self, key, heavy)

    def turn_blocking(self, key: str, heavy: bool, timeout: float | None) -> Turn | None:
        """Wait in this thread for a turn, at most ``timeout`` seconds; None when none came
        (or the client already has ``per_key`` requests waiting)."""
        if self._wait_blocking(key, heavy, timeout, limit=True):
            return Turn(self, key, heavy)
        return None

    def _wait_blocking(self, key: str, heavy: bool, timeout: float | None, limit: bool) -> bool:
        with self._lock:
            got = self._enqueue(key, heavy, limit)
            if got is None:
                return False
            if got is True:
                return True
            assert isinstance(got, _Waiter)
            got.event = threading.Event()
        if got.event.wait(None if timeout is None else max(timeout, 0.0)):
            return True
        return self._withdraw(got)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class CostModel:
    """What a kind of request costs, learned as it goes: a base plus a cost per move replayed
    (exponentially weighted averages; requests of under 16 moves teach the base, longer ones
    the cost per move). Starts high, so that the first requests of a kind are not let through
    cheaply."""

    def __init__(self, base: float = 0.002, per_move: float = 5e-5, weight: float = 0.2) -> None:
        self.start = (base, per_move)
        self.weight = weight
        self._costs: dict[str, tuple[float, float]] = {}

    def estimate(self, what: str, size: int) -> float:
        """Estimated CPU seconds of a ``what`` request replaying ``size`` moves."""
        base, per_move = self._costs.get(what, self.start)
        return base + per_move * size

    def learn(self, what: str, size: int, used: float) -> None:
        """Take in that a ``what`` request of ``size`` moves used ``used`` CPU seconds."""
        base, per_move = self._costs.get(what, self.start)
        if size < 16:
            base += self.weight * (max(used, 1e-5) - base)
        else:
            per = max((used - base) / size, 1e-7)
            per_move += self.weight * (per - per_move)
        self._costs[what] = (base, per_move)


@dataclass(slots=True)
class _Outcome(Generic[T]):
    value: T | None = None
    error: BaseException | None = None
    used: float = 0.0


class _Running:
    """The request a thread is working for: its client and its CPU turn (for heavy work also
    the server's heavy lock), which it gives up while it waits for the solver; ``waited`` is
    how long the request waited for them before it began (seconds)."""

    __slots__ = ("key", "locked", "meter", "paused_at", "turn", "used", "waited")

    def __init__(self, meter: Meter, key: str, turn: Turn, arrived: float | None = None) -> None:
        self.meter = meter
        self.key = key
        self.turn = turn
        self.used = 0.0
        self.locked = False
        self._lock()
        self.paused_at = time.thread_time()
        self.waited = 0.0 if arrived is None else max(0.0, time.monotonic() - arrived)

    def crowded(self) -> bool:
        """Whether others wait for this worker's CPU turns, or this request waited for its own
        longer than :data:`CROWDED_WAIT`: work with a time budget of its own (an anytime
        hint) should then take less of it."""
        return self.meter.cpu.waiting() > 0 or self.waited > CROWDED_WAIT

    def _lock(self) -> None:
        if self.turn.heavy:
            self.meter.heavy_lock.acquire()
            self.locked = True

    def _unlock(self) -> None:
        if self.locked:
            self.locked = False
            self.meter.heavy_lock.release()

    def pause(self) -> None:
        """Give up the CPU turn (recording the CPU time used so far)."""
        used = time.thread_time() - self.paused_at
        self.used += used
        self._unlock()
        self.turn.release(used)

    def resume(self) -> None:
        """Take a CPU turn again."""
        self.turn.resume()
        self._lock()
        self.paused_at = time.thread_time()

    def finish(self) -> float:
        """Give the turn back for good; the CPU seconds used in all."""
        used = time.thread_time() - self.paused_at
        self.used += used
        self._unlock()
        self.turn.release(used)
        return self.used


CURRENT: contextvars.ContextVar[_Running | None] = contextvars.ContextVar(
    "kosynka_request", default=None
)
"""The request the current thread works for (set by :meth:`Meter.run`)."""


def _lower_priority(nice: int) -> Callable[[], None]:
    """A thread initializer lowering the thread's scheduling priority by ``nice`` (Linux
    gives each thread its own nice value), so that searches yield the cores to requests."""

    def init() -> None:
        if nice > 0 and sys.platform.startswith("linux"):
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)

    return init


class Meter:
    """Runs a worker's API requests within their clients' shares and in fair turns (see the
    module docstring)."""

    def __init__(
        self,
        buckets: SharedBuckets,
        *,
        solver_slots: int = 1,
        solver_nice: int = 5,
        in_flight: int = 8,
        refusal_delay: float = 1.0,
        heavy_lock: WorkerLock | None = None,
    ) -> None:
        self.buckets = buckets
        self.heavy_lock = heavy_lock if heavy_lock is not None else WorkerLock()
        self.cpu = FairQueue(CPU_TURNS, heavy_slots=1, per_key=in_flight)
        self.solver = FairQueue(solver_slots, per_key=2)
        self.costs = CostModel()
        self.in_flight = in_flight
        self.refusal_delay = refusal_delay
        self._flying: dict[str, int] = {}
        self._work = ThreadPoolExecutor(max_workers=4096, thread_name_prefix="kosynka-work")
        self._search = ThreadPoolExecutor(
            max_workers=max(1, solver_slots),
            thread_name_prefix="kosynka-solver",
            initializer=_lower_priority(solver_nice),
        )

    async def refuse(self, what: str, wait: float) -> TooBusy:
        """A refusal, after a pause of up to ``refusal_delay`` seconds (a client that does
        not wait for its Retry-After gets few refusals a second, and each costs nothing)."""
        await asyncio.sleep(min(wait, self.refusal_delay))
        return TooBusy(what, wait)

    async def charge_parse(self, client: str, body_bytes: int) -> None:
        """Charge ``client`` for a request body that was read and refused (not JSON, or not
        valid): reading it was work too."""
        cost = PARSE_BASE + PARSE_PER_BYTE * body_bytes
        await self.buckets.settle_soon(client_key(client), work=-cost)

    async def run(
        self, client: str, what: str, size: int, body_bytes: int, work: Callable[[], T]
    ) -> T:
        """Run ``work`` (a ``what`` request replaying about ``size`` moves, with a body of
        ``body_bytes``) for ``client``: charged before, in a fair CPU turn, settled after."""
        key = client_key(client)
        parse = PARSE_BASE + PARSE_PER_BYTE * body_bytes
        estimate = self.costs.estimate(what, size) + parse
        wait, spent = await self.buckets.charge_work_soon(key, estimate)
        if wait > 0:
            raise await self.refuse("too much work from this address", wait)
        outcome: _Outcome[T] = _Outcome()
        arrived = time.monotonic()
        try:
            if self._flying.get(key, 0) >= self.in_flight:
                raise await self.refuse("too many requests at once from this address", 1.0)
            self._flying[key] = self._flying.get(key, 0) + 1
            try:
                turn = await self.cpu.turn(key, heavy=estimate >= HEAVY, spent=spent)
                if turn is None:
                    raise await self.refuse("too many requests at once from this address", 1.0)
                loop = asyncio.get_running_loop()
                outcome = await loop.run_in_executor(
                    self._work, self._in_thread, key, turn, work, arrived
                )
            finally:
                left = self._flying.get(key, 1) - 1
                if left:
                    self._flying[key] = left
                else:
                    self._flying.pop(key, None)
        finally:
            await self.buckets.settle_soon(key, work=estimate - parse - outcome.used)
        self.costs.learn(what, size, outcome.used)
        if outcome.error is not None:
            raise outcome.error
        return outcome.value  # type: ignore[return-value]

    def _in_thread(
        self, key: str, turn: Turn, work: Callable[[], T], arrived: float | None = None
    ) -> _Outcome[T]:
        """Run ``work`` holding ``turn``; its result or error and the CPU seconds it took.
        ``arrived`` is when the request came (monotonic seconds), for :meth:`_Running.crowded`."""
        running = _Running(self, key, turn, arrived)
        token = CURRENT.set(running)
        outcome: _Outcome[T] = _Outcome()
        try:
            outcome.value = work()
        except BaseException as exc:  # handed back to the event loop and raised there
            outcome.error = exc
        finally:
            CURRENT.reset(token)
            outcome.used = running.finish()
        return outcome

    def search(
        self,
        running: _Running,
        search: Callable[[float], R],
        decided: Callable[[R], bool],
        budget: float,
    ) -> R | None:
        """Run ``search(seconds)`` in fair solver turns for ``running``'s client within
        ``budget`` seconds of search, in slices while others wait (see the module
        docstring); the last result, or None when no turn came within ``budget`` seconds or
        the client's solver share is spent."""
        key = running.key
        running.pause()
        try:
            deadline = time.monotonic() + budget
            spent = last = 0.0
            result: R | None = None
            while budget - spent > 1e-3:
                turn = self.solver.turn_blocking(key, False, deadline - time.monotonic())
                if turn is None:
                    break
                used = 0.0
                try:
                    left = budget - spent
                    size = left if not self.solver.waiting() else min(left, 2 * last or FIRST_SLICE)
                    if size <= last + 1e-3:
                        break  # no longer than the slice that found nothing
                    if self.buckets.charge(key, solver=size) > 0:
                        break
                    t0 = time.monotonic()
                    try:
                        result = self._search.submit(search, size).result()
                    finally:
                        used = time.monotonic() - t0
                        self.buckets.settle(key, solver=size - used)
                finally:
                    turn.release(used)
                spent += used
                last = size
                if decided(result) or size >= left - 1e-3:
                    break
            return result
        finally:
            running.resume()


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SOLVER_PATHS = ("/hint", "/analysis", "/collect")
"""API paths whose requests may use the solver (refused early when the solver share is
spent as well)."""


class EarlyRefusal:
    """ASGI middleware: an API request from a client whose share is already spent is refused
    with 429 (after the meter's refusal delay) before its body is read, parsed or replayed, so
    that refusing costs almost nothing."""

    def __init__(self, app: ASGIApp, meter: Meter) -> None:
        self.app = app
        self.meter = meter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "") if scope["type"] == "http" else ""
        if not path.startswith("/api/") or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        key = client_key(client[0] if client else "-")
        buckets = self.meter.buckets
        what = "too much work from this address"
        wait = await buckets.wait_time_soon(key, work=True)
        if wait <= 0 and path.endswith(SOLVER_PATHS):
            what = "too much solver time from this address"
            wait = await buckets.wait_time_soon(key, work=False, solver=True)
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        refusal = await self.meter.refuse(what, wait)
        body = error_body(
            "too-many-requests", f"{refusal.what}; try again in {refusal.retry_after} s"
        )
        await send(
            {
                "type": "http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(refusal.retry_after).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
