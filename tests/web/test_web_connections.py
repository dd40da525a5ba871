"""Connections a real ``kosynka serve`` (two workers) holds: requests must arrive in time, and
one address holds a bounded number of connections, while other players are served."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest

from tests.web.web_helpers import record, serving

CAP = 4
TIMEOUT = 1.5
WORKERS = 2


@pytest.fixture(scope="module")
def guarded() -> Iterator[tuple[str, int]]:
    with serving(
        workers=WORKERS,
        extra_env={
            "KOSYNKA_HEADER_TIMEOUT": str(TIMEOUT),
            "KOSYNKA_BODY_TIMEOUT": str(TIMEOUT),
            "KOSYNKA_MAX_CONNECTIONS_PER_ADDRESS": str(CAP),
        },
    ) as base:
        yield "127.0.0.1", int(base.rsplit(":", 1)[1])


def _connect(where: tuple[str, int], source: str) -> socket.socket:
    return socket.create_connection(where, timeout=5, source_address=(source, 0))


def _answer(s: socket.socket, wait: float) -> bytes:
    """What the server sends within ``wait`` seconds, up to its closing the connection."""
    s.settimeout(wait)
    got = b""
    try:
        while part := s.recv(65536):
            got += part
    except (TimeoutError, ConnectionResetError):
        pass
    return got


def _view(where: tuple[str, int], source: str, s: socket.socket | None = None) -> bytes:
    body = json.dumps({"record": record(3)}).encode()
    own = s is None
    s = s or _connect(where, source)
    try:
        s.sendall(
            b"POST /api/klondike/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
        )
        s.settimeout(10)
        got = b""
        while b"\r\n\r\n" not in got:
            got += s.recv(65536)
        head, _, rest = got.partition(b"\r\n\r\n")
        length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        while len(rest) < length:
            rest += s.recv(65536)
        return head
    finally:
        if own:
            s.close()


def test_slow_loris_connections_are_capped_and_timed_out(guarded: tuple[str, int]) -> None:
    socks = []
    try:
        for _ in range(40):  # each sends half a request line and nothing more
            s = _connect(guarded, "127.0.0.61")
            s.sendall(b"POST /api/klondike/view HTTP/1.1\r\nHo")
            socks.append(s)
        time.sleep(0.5)
        refused = held = 0
        for s in socks:
            s.settimeout(0.05)
            try:
                got = s.recv(65536)
            except TimeoutError:
                held += 1
                continue
            assert got.startswith(b"HTTP/1.1 429"), got[:100]
            assert b"too many open connections" in got
            refused += 1
        assert CAP <= held <= CAP * WORKERS, (held, refused)
        # Another address is served meanwhile.
        assert _view(guarded, "127.0.0.62").startswith(b"HTTP/1.1 200")
        time.sleep(TIMEOUT + 0.5)
        for s in socks:
            got = _answer(s, 0.5)
            assert got == b"" or got.startswith((b"HTTP/1.1 408", b"HTTP/1.1 429")), got[:100]
        # Their connections are gone: the address may connect again.
        assert _view(guarded, "127.0.0.61").startswith(b"HTTP/1.1 200")
    finally:
        for s in socks:
            s.close()


def test_a_silent_connection_and_a_slow_body_are_closed(guarded: tuple[str, int]) -> None:
    silent = _connect(guarded, "127.0.0.63")
    slow = _connect(guarded, "127.0.0.63")
    try:
        slow.sendall(
            b"POST /api/klondike/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b'Content-Length: 1000\r\n\r\n{"record": '
        )
        t0 = time.monotonic()
        assert _answer(silent, TIMEOUT + 3).startswith(b"HTTP/1.1 408")
        _answer(slow, TIMEOUT + 3)  # closed: recv returned b"" (or was reset)
        assert time.monotonic() - t0 < TIMEOUT + 2.5
    finally:
        silent.close()
        slow.close()


def test_a_kept_alive_connection_has_its_time_per_request(guarded: tuple[str, int]) -> None:
    s = _connect(guarded, "127.0.0.64")
    try:
        for _ in range(3):  # 3 requests over more than the header timeout, one connection
            assert _view(guarded, "127.0.0.64", s).startswith(b"HTTP/1.1 200")
            time.sleep(TIMEOUT * 0.7)
    finally:
        s.close()


def test_a_trusted_proxy_address_is_not_capped(guarded: tuple[str, int]) -> None:
    """127.0.0.1 is the address uvicorn takes forwarded headers from (a proxy on this machine,
    whose clients all come through it): its connections are not counted."""
    socks = [_connect(guarded, "127.0.0.1") for _ in range(CAP * WORKERS + 4)]
    try:
        time.sleep(0.3)
        for s in socks:
            s.settimeout(0.05)
            with pytest.raises(TimeoutError):
                s.recv(1)
    finally:
        for s in socks:
            s.close()
