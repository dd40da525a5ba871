"""Connections as a worker holds them: read timeouts and a cap on connections per address.

``kosynka serve`` runs uvicorn with :class:`GuardedHttpToolsProtocol`, its httptools HTTP/1.1
protocol with three additions, all within one worker process (each of ``--workers N`` guards
its own connections, so one address holds at most N times the cap in all):

* a request's headers must arrive within ``header_timeout`` seconds of its first byte (or of
  the connection, for the first request), its body within ``body_timeout`` seconds of its
  headers; otherwise the connection is closed (with a 408 when no answer has begun). An idle
  keep-alive connection is closed by uvicorn's own keep-alive timeout (5 s);
* one client address may hold at most ``max_connections_per_address`` connections; a
  connection over the cap is answered 429 and closed at once. Addresses that uvicorn trusts
  as proxies (``--forwarded-allow-ips``, by default this machine's loopback 127.0.0.1 and
  ::1) are not capped: every client of such a proxy comes through its address;
* the worker holds at most :data:`MAX_CONNECTIONS` connections (fewer when the process may
  open fewer files); more are answered 503 and closed.

A slow-loris client (connections that send a request a byte at a time, or nothing) therefore
holds a bounded number of connections for a bounded time.
"""

from __future__ import annotations

import asyncio
import ipaddress
import resource
from functools import lru_cache
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from kosynka.web.limits import client_key
from kosynka.web.schemas import error_body
from kosynka.web.settings import Settings

MAX_CONNECTIONS = 4096
"""The most connections one worker holds open."""

_OPEN: dict[str, int] = {}
"""Connections open now in this process, by client key."""


@lru_cache(maxsize=1)
def _settings() -> Settings:
    return Settings.from_env()


@lru_cache(maxsize=1)
def _max_connections() -> int:
    """:data:`MAX_CONNECTIONS`, or fewer when the process may not open that many files."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, soft - 64))


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


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with read timeouts and connection caps (see the module
    docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._key: str | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._in_headers = False

    # ----------------------------------------------------------------- connections
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        settings = _settings()
        if len(self.connections) > _max_connections():
            self._refuse(b"503 Service Unavailable", "the server holds too many connections")
            return
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
        self._in_headers = True
        self._arm(settings.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._key is not None:
            left = _OPEN.get(self._key, 1) - 1
            if left:
                _OPEN[self._key] = left
            else:
                _OPEN.pop(self._key, None)
            self._key = None
        super().connection_lost(exc)

    def _refuse(self, status: bytes, message: str) -> None:
        self.transport.write(_answer(status, message))
        self.transport.close()

    # ----------------------------------------------------------------- timeouts
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
        self.transport.close()

    # ----------------------------------------------------------------- parser callbacks
    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:  # the next request on a kept-alive connection
            self._in_headers = True
            self._arm(_settings().header_timeout)

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._in_headers = False
        self._arm(_settings().body_timeout)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
