"""Connections as a worker holds them: read and write timeouts, a cap on connections per address,
and room for new clients when the worker's table of connections fills.

``kosynka serve`` runs uvicorn with :class:`GuardedHttpToolsProtocol`, its httptools HTTP/1.1
protocol with these additions, all within one worker process (each of ``--workers N`` guards
its own connections, so one address holds at most N times the cap in all):

* reading: a request's headers must arrive within ``header_timeout`` seconds of its first byte
  (or of the connection, for the first request), its body within ``body_timeout`` seconds of
  its headers; otherwise the connection is closed (with a 408 when no answer has begun). An
  idle keep-alive connection is closed by uvicorn's own keep-alive timeout (5 s);
* writing: a client must take what it is sent. The kernel holds at most :data:`SEND_BUFFER`
  bytes of a connection's answers (Linux would let them grow to megabytes) and the worker
  :data:`WRITE_HIGH_WATER` more before the next answer waits; at most :data:`MAX_PIPELINED`
  requests may wait behind the one being answered. A connection whose answers stay queued
  for ``write_timeout`` seconds without the client taking them (the queue above its
  high-water mark, or a closed connection's last answer unsent), or that sends more requests
  ahead, is cut off: its unanswered requests end as ones whose client left, with nothing in
  the log;
* addresses: one client address may hold at most ``max_connections_per_address``
  connections; a connection over the cap is answered 429 and closed at once. Only the proxies
  the operator names (``kosynka serve --forwarded-allow-ips``; none by default, so 127.0.0.1
  is capped like any address) are not capped: every client of such a proxy comes through its
  address;
* the table: the worker holds at most ``max_connections`` connections (fewer when the process
  may open fewer files). Idle connections (no request yet, or kept alive between requests)
  make room for new ones: a connection that finds the table full takes the place of the one
  idle longest (only when none is idle is it answered 503 and closed), and while the table is
  more than :data:`CROWDED` full, idle connections are closed sooner the fuller it is
  (:func:`idle_limit`), the one idle longest first. A new client's connection is the newest,
  so it is the last an idle one is closed for, and its request comes within a round trip.

A slow-loris client (connections that send a request a byte at a time, or nothing), a client
that never reads, and a crowd of idle connections therefore hold a bounded number of
connections, and bounded memory, for a bounded time.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import resource
import socket
import struct
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from kosynka.web.limits import client_key
from kosynka.web.schemas import error_body
from kosynka.web.settings import Settings

SEND_BUFFER = 64 * 1024
"""Bytes of a connection's answers the kernel may hold unsent (``SO_SNDBUF``; Linux counts
twice this with its bookkeeping). A page with all it loads is under 200 KB, so a client that
reads is never held up by it."""
WRITE_HIGH_WATER = 64 * 1024
"""Bytes of answers the worker queues for a connection beyond the kernel's before the next
answer waits (the answer being written is queued whole)."""
MAX_PIPELINED = 16
"""Requests a connection may send ahead, waiting behind the one being answered (HTTP/1.1
pipelining; browsers send none)."""
CROWDED = 0.5
"""The share of the table taken past which idle connections are closed sooner."""
MIN_IDLE = 0.25
"""Seconds an idle connection may stay in a full table (a new client's request comes well
within this of its connection)."""
SWEEP_EVERY = 0.25
"""Seconds between two rounds of closing idle connections while the table is crowded."""

_OPEN: dict[str, int] = {}
"""Connections open now in this process, by client key."""


@lru_cache(maxsize=1)
def _settings() -> Settings:
    return Settings.from_env()


@lru_cache(maxsize=1)
def _max_connections() -> int:
    """``max_connections``, or fewer when the process may not open that many files."""
    most = _settings().max_connections
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(16, min(most, soft - 64))


def idle_limit(fill: float, keep_alive: float) -> float | None:
    """Seconds a connection may stay idle while ``fill`` of the table (0 to 1) is taken: no
    limit of its own up to :data:`CROWDED` (the header timeout and uvicorn's keep-alive
    timeout apply), then from ``keep_alive`` at :data:`CROWDED` down to :data:`MIN_IDLE` when
    full."""
    if fill <= CROWDED:
        return None
    return max(MIN_IDLE, keep_alive * (1.0 - fill) / (1.0 - CROWDED))


class _IdleConnections:
    """This worker's idle connections (no request yet, or kept alive between requests), the
    one idle longest first, and the rounds that close them sooner while the table is
    crowded."""

    def __init__(self) -> None:
        self.since: OrderedDict[GuardedHttpToolsProtocol, float] = OrderedDict()
        self.sweeping: asyncio.TimerHandle | None = None

    def add(self, conn: GuardedHttpToolsProtocol) -> None:
        """``conn`` is idle from now on (the newest idle one)."""
        self.since.pop(conn, None)
        self.since[conn] = conn.loop.time()
        if self.sweeping is None and _fill(conn) > CROWDED:
            self.sweeping = conn.loop.call_later(SWEEP_EVERY, self._sweep, conn)

    def discard(self, conn: GuardedHttpToolsProtocol) -> None:
        """``conn`` is no longer idle (a request has begun, or it is closed)."""
        self.since.pop(conn, None)

    def oldest(self) -> GuardedHttpToolsProtocol | None:
        """The connection idle longest, or None."""
        return next(iter(self.since), None)

    def _sweep(self, anyone: GuardedHttpToolsProtocol) -> None:
        """One round: close the connections idle longer than :func:`idle_limit` allows now
        (``anyone`` is any connection of this worker: the table, the loop and the keep-alive
        timeout it knows are the worker's); another round follows while the table stays
        crowded."""
        self.sweeping = None
        now = anyone.loop.time()
        table = _max_connections()
        closed = 0
        while True:
            # Each one closed leaves the table less full and the limit longer.
            limit = idle_limit(
                (len(anyone.connections) - closed) / table, anyone.timeout_keep_alive
            )
            if limit is None:
                return
            oldest = next(iter(self.since.items()), None)
            if oldest is None or now - oldest[1] < limit:
                break
            oldest[0].close_idle()
            closed += 1
        self.sweeping = anyone.loop.call_later(SWEEP_EVERY, self._sweep, anyone)


_IDLE = _IdleConnections()


def _fill(conn: HttpToolsProtocol) -> float:
    """The share of this worker's table of connections taken."""
    return len(conn.connections) / _max_connections()


@lru_cache(maxsize=8)
def _trusted(
    allowed: str,
) -> tuple[bool, tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]]:
    """uvicorn's ``forwarded_allow_ips`` as (everyone trusted, the trusted networks)."""
    nets = []
    for item in allowed.split(","):
        item = item.strip()
        if item == "*":
            return True, ()
        try:
            nets.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            continue  # a socket path or a name: never a TCP peer's address
    return False, tuple(nets)


def _is_proxy(host: str, config: Any) -> bool:
    """True when uvicorn takes ``host``'s forwarded headers (a trusted proxy)."""
    if not getattr(config, "proxy_headers", False):
        return False
    allowed = config.forwarded_allow_ips
    everyone, nets = _trusted(allowed if isinstance(allowed, str) else ",".join(allowed))
    if everyone:
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return any(ip in net for net in nets)


def _answer(status: bytes, message: str) -> bytes:
    """A complete HTTP/1.1 answer that closes the connection, with a JSON error body."""
    code = {b"408": "request-timeout", b"429": "too-many-connections"}.get(
        status[:3], "server-busy"
    )
    body = error_body(code, message)
    head = (
        b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n"
        b"retry-after: 1\r\nconnection: close\r\n\r\n"
    )
    return head + body


_RESET = struct.pack("ii", 1, 0)
"""``SO_LINGER`` on, for 0 seconds: closing the socket resets the connection."""


def _limit_queues(transport: asyncio.Transport) -> None:
    """Bound what ``transport`` may hold of answers its client has not taken: the kernel's
    share (:data:`SEND_BUFFER`) and the worker's (:data:`WRITE_HIGH_WATER`)."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    transport.set_write_buffer_limits(high=WRITE_HIGH_WATER)


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with read and write timeouts, connection caps and room
    made by idle connections (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._key: str | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._write_deadline: asyncio.TimerHandle | None = None
        self._in_headers = False
        self._reading = False
        """Bytes of a request have come that are not yet a whole request."""
        self._unanswered: list[Any] = []
        """This connection's requests not yet answered (uvicorn's request-response cycles:
        the one being answered, then those waiting behind it)."""
        self._too_many_ahead = False

    # ----------------------------------------------------------------- connections
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        settings = _settings()
        _limit_queues(transport)
        host = self.client[0] if self.client else None
        if host is not None and not _is_proxy(host, self.config):
            key = client_key(host)
            if _OPEN.get(key, 0) >= settings.max_connections_per_address:
                self._refuse(
                    b"429 Too Many Requests", "too many open connections from this address"
                )
                return
            _OPEN[key] = _OPEN.get(key, 0) + 1
            self._key = key
        if len(self.connections) > _max_connections():
            idle = _IDLE.oldest()
            if idle is None:
                self._refuse(b"503 Service Unavailable", "the server holds too many connections")
                return
            idle.close_idle()  # the one idle longest makes room for this one
        self._in_headers = True
        self._arm(settings.header_timeout)
        _IDLE.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._disarm_write()
        _IDLE.discard(self)
        self._client_left()
        if self._key is not None:
            left = _OPEN.get(self._key, 1) - 1
            if left:
                _OPEN[self._key] = left
            else:
                _OPEN.pop(self._key, None)
            self._key = None
        super().connection_lost(exc)

    def _client_left(self) -> None:
        """End every unanswered request as one whose client left: its answer is dropped, not
        written to a closed connection. (uvicorn marks only the request read last, so the one
        being answered behind requests sent ahead would raise "unable to perform operation on
        <TCPTransport closed=True>" into the log.)"""
        for cycle in self._unanswered:
            if not cycle.response_complete:
                cycle.disconnected = True
                cycle.message_event.set()
        self._unanswered.clear()

    def _refuse(self, status: bytes, message: str) -> None:
        self.transport.write(_answer(status, message))
        self._close()

    def _close(self) -> None:
        """Close the connection once what it was sent is taken; if that is not taken within
        ``write_timeout`` seconds, the connection is cut off."""
        self.transport.close()
        self._wait_for_reader()

    def close_idle(self) -> None:
        """Close this idle connection now to make room (cut off, should its last answer still
        be unsent)."""
        _IDLE.discard(self)
        if self.transport.get_write_buffer_size():
            self._cut_off()
        else:
            self.transport.close()

    def _cut_off(self) -> None:
        """End the connection at once, dropping what it was not yet sent (a reset, so that
        the kernel does not keep the unsent answers either); its unanswered requests end
        quietly, as ones whose client left."""
        self._disarm()
        self._disarm_write()
        _IDLE.discard(self)
        self._client_left()
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET)
        self.transport.abort()

    # ----------------------------------------------------------------- read timeouts
    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expired(self) -> None:
        """A request did not arrive in time: close its connection (with a 408 while its
        headers were still coming, as no answer can have begun)."""
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._in_headers and (self.cycle is None or self.cycle.response_complete):
            self.transport.write(_answer(b"408 Request Timeout", "the request came too slowly"))
        _IDLE.discard(self)
        self._close()

    def timeout_keep_alive_handler(self) -> None:
        super().timeout_keep_alive_handler()
        self._wait_for_reader()

    def shutdown(self) -> None:
        """The server is stopping: close when idle, as uvicorn does, but never wait longer
        than ``write_timeout`` for a client to take its answers (uvicorn waits for every
        connection to close)."""
        super().shutdown()
        if self.transport.is_closing():
            self._wait_for_reader()

    # ----------------------------------------------------------------- write timeouts
    def _wait_for_reader(self) -> None:
        """Give the client ``write_timeout`` seconds to take what is queued for it (when
        anything is and no deadline runs yet), then cut the connection off."""
        if self._write_deadline is None and self.transport.get_write_buffer_size():
            self._write_deadline = self.loop.call_later(
                _settings().write_timeout, self._write_expired
            )

    def _disarm_write(self) -> None:
        if self._write_deadline is not None:
            self._write_deadline.cancel()
            self._write_deadline = None

    def _write_expired(self) -> None:
        """The client took nothing of its answers in time: cut it off."""
        self._write_deadline = None
        self._cut_off()

    def pause_writing(self) -> None:
        """The queue of answers is over its high-water mark: the client has
        ``write_timeout`` seconds to take them down to the low-water mark."""
        super().pause_writing()
        self._wait_for_reader()

    def resume_writing(self) -> None:
        """The client took its answers down to the low-water mark: its deadline ends (a
        closed connection's leftover gets a new one)."""
        super().resume_writing()
        self._disarm_write()
        if self.transport.is_closing():
            self._wait_for_reader()

    # ----------------------------------------------------------------- parser callbacks
    def data_received(self, data: bytes) -> None:
        _IDLE.discard(self)
        self._reading = True
        if self._deadline is None:
            # Bytes between requests (even blank lines, which begin no request) count toward
            # the next request's headers, or they would keep the connection forever.
            self._in_headers = True
            self._arm(_settings().header_timeout)
        super().data_received(data)
        if self._too_many_ahead and not self.transport.is_closing():
            self._cut_off()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._reading = True
        if self._deadline is None:  # the next request on a kept-alive connection
            self._in_headers = True
            self._arm(_settings().header_timeout)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        if self.cycle is not None and (
            not self._unanswered or self._unanswered[-1] is not self.cycle
        ):
            self._unanswered.append(self.cycle)
        if len(self.pipeline) > MAX_PIPELINED:
            self._too_many_ahead = True  # cut off once the parser is done with this read
        self._in_headers = False
        self._arm(_settings().body_timeout)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._reading = False
        self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._unanswered = [c for c in self._unanswered if not c.response_complete]
        if self.transport.is_closing():
            self._wait_for_reader()
        elif not self._unanswered and not self._reading:
            _IDLE.add(self)  # kept alive, waiting for the next request
