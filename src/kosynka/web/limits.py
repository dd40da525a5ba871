"""Fair shares per client: one client (by address) cannot take a worker's time from the others.

Two token buckets per client: replay work (moves replayed without the cache's help: a record a
player keeps extending costs one move a request, a reload its whole length, a hostile stream of
new long records a lot) and solver-backed calls (hints, collect, proven-winnable new deals). A
client over its share gets 429 with ``Retry-After``; everyone else is unaffected.
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class TokenBuckets:
    """Token buckets by key: ``rate`` tokens a second up to ``burst``; the least recently seen
    keys are forgotten past ``keys`` of them (a forgotten client starts with a full bucket)."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self._items: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def _bucket(self, key: str, now: float) -> _Bucket:
        b = self._items.get(key)
        if b is None:
            b = self._items[key] = _Bucket(self.burst, now)
            while len(self._items) > self.keys:
                self._items.popitem(last=False)
        else:
            b.tokens = min(self.burst, b.tokens + (now - b.stamp) * self.rate)
            b.stamp = now
            self._items.move_to_end(key)
        return b

    def wait_time(self, key: str, need: float = 0.0) -> float:
        """0 when ``key`` has more than ``need`` tokens (it may go ahead now), otherwise the
        seconds until it will."""
        now = time.monotonic()
        with self._lock:
            b = self._bucket(key, now)
            if b.tokens > need:
                return 0.0
            return (need - b.tokens) / self.rate if self.rate > 0 else math.inf

    def charge(self, key: str, cost: float) -> None:
        """Take ``cost`` tokens from ``key``'s bucket (it may go below zero: the client then
        waits until it is paid back)."""
        now = time.monotonic()
        with self._lock:
            b = self._bucket(key, now)
            b.tokens -= cost


class TooBusy(Exception):
    """A client is over its share: answered with 429 and ``Retry-After``."""

    def __init__(self, what: str, retry_after: float) -> None:
        super().__init__(what)
        self.what = what
        self.retry_after = max(1, math.ceil(retry_after))


class ClientLimits:
    """The two shares of every client (see the module docstring)."""

    def __init__(
        self, moves_per_s: float, moves_burst: float, solver_per_s: float, solver_burst: float
    ) -> None:
        self.work = TokenBuckets(moves_per_s, moves_burst)
        self.solver = TokenBuckets(solver_per_s, solver_burst)

    def check(self, client: str, solver: bool) -> None:
        """Raise :class:`TooBusy` when ``client`` must wait before this request."""
        wait = self.work.wait_time(client)
        if wait > 0:
            raise TooBusy("too much replay work from this address", wait)
        if solver:
            wait = self.solver.wait_time(client, need=0.999)
            if wait > 0:
                raise TooBusy("too many hint, collect or new-deal requests from this address", wait)
            self.solver.charge(client, 1.0)
