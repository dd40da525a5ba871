"""Connections a real ``kosynka serve`` (two workers) holds: requests must arrive in time, and
one address holds a bounded number of connections (127.0.0.1 too, unless it is a proxy the
operator names), while other players are served."""

from __future__ import annotations

import json
import os
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from kosynka.web.connections import MAX_PIPELINED, MIN_IDLE, SEND_BUFFER, idle_limit
from tests.common import free_port
from tests.web.conftest import ROOMY_SHARES
from tests.web.web_helpers import record, serving, start_server, stop_server

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


def _held(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the server holds open (no answer, no close, within 0.3 s)."""
    time.sleep(0.3)
    held = 0
    for s in socks:
        s.settimeout(0.05)
        try:
            s.recv(1)  # an answer (429) or the close: not held
        except TimeoutError:
            held += 1
        except OSError:
            pass  # reset: not held
    return held


def test_127_0_0_1_is_capped_like_any_address(guarded: tuple[str, int]) -> None:
    """No proxy is named, so 127.0.0.1 (a local process, or a proxy passing connections on)
    gets no exemption from the cap."""
    socks = [_connect(guarded, "127.0.0.1") for _ in range(CAP * WORKERS + 4)]
    try:
        assert _held(socks) <= CAP * WORKERS
    finally:
        for s in socks:
            s.close()


def test_a_named_proxy_is_not_capped() -> None:
    """A proxy named with ``--forwarded-allow-ips`` brings every client of its own through
    its address: its connections are not counted (and another address still is)."""
    with serving(
        workers=1,
        extra_env={"KOSYNKA_MAX_CONNECTIONS_PER_ADDRESS": str(CAP)},
        args=["--forwarded-allow-ips", "127.0.0.1,10.0.0.0/8"],
    ) as base:
        where = ("127.0.0.1", int(base.rsplit(":", 1)[1]))
        proxy = [_connect(where, "127.0.0.1") for _ in range(CAP + 4)]
        other = [_connect(where, "127.0.0.65") for _ in range(CAP + 4)]
        try:
            assert _held(proxy) == CAP + 4
            assert _held(other) == CAP
        finally:
            for s in proxy + other:
                s.close()


@pytest.mark.parametrize(
    ("args", "env", "needle"),
    [
        (["--forwarded-allow-ips", "10.0.0.1/8"], "", "has host bits set"),
        (["--forwarded-allow-ips", "proxy.example"], "", "not an IP address or network"),
        (["--forwarded-allow-ips", "127.0.0.1,٣"], "", "not an IP address or network"),
        ([], "127.0.0.1, nginx", "FORWARDED_ALLOW_IPS: not an IP address or network"),
    ],
)
def test_a_bad_proxy_list_is_one_line(args: list[str], env: str, needle: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "kosynka", "serve", "--port", str(free_port()), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, FORWARDED_ALLOW_IPS=env),
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], run.stderr


# ----------------------------------------------------------------------------- never reading
WRITE_TIMEOUT = 1.5


def _server_side(port: int, client: socket.socket) -> tuple[str, int] | None:
    """The state (``/proc/net/tcp``'s hex code, ``01`` established) and the bytes queued
    unsent or unacknowledged of the server's end of ``client``'s connection to ``port``, or
    None once it has none."""
    host, cport = client.getsockname()
    local = f"{''.join(f'{int(b):02X}' for b in reversed(host.split('.')))}:{cport:04X}"
    with open("/proc/net/tcp", encoding="ascii") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            if fields[1].endswith(f":{port:04X}") and fields[2] == local:
                return fields[3], int(fields[4].split(":")[0], 16)
    return None


def _never_reading(port: int, source: str, request: bytes, count: int) -> socket.socket:
    """A client that sends ``count`` requests at once and reads nothing (a receive buffer of
    1 KB: its window closes at once)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.sendall(request * count)
    return s


def _gone(port: int, s: socket.socket, within: float) -> float | None:
    """Seconds until the server no longer holds ``s``'s connection open (its end closed or
    gone), or None when it still does after ``within`` seconds."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < within:
        end = _server_side(port, s)
        if end is None or end[0] != "01":
            return time.monotonic() - t0
        time.sleep(0.05)
    return None


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads Linux's /proc/net/tcp")
def test_a_client_that_never_reads_is_cut_off_without_a_traceback() -> None:
    """Answers a client never takes: the kernel and the worker queue a bounded amount, the
    client is cut off ``write_timeout`` after its queue filled, a client that sends more than
    :data:`MAX_PIPELINED` requests ahead at once; clients that leave while their requests are
    being answered leave nothing in the log; another player is served all along."""
    proc, base = start_server(
        workers=1, extra_env={**ROOMY_SHARES, "KOSYNKA_WRITE_TIMEOUT": str(WRITE_TIMEOUT)}
    )
    port = int(base.rsplit(":", 1)[1])
    page = b"GET /static/js/i18n.js HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n"
    body = json.dumps({"record": record(3, moves=(["s"] * 24 + ["r"]) * 40)}).encode()
    view = (
        b"POST /api/klondike/view HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )
    socks: list[socket.socket] = []
    try:
        # Answers of 22 KB each, more than the kernel and the worker may queue in all.
        filled = _never_reading(port, "127.0.4.1", page, MAX_PIPELINED)
        socks.append(filled)
        time.sleep(0.5)
        end = _server_side(port, filled)
        assert end is not None and end[0] == "01" and 0 < end[1] <= 2 * SEND_BUFFER + 4096, end
        took = _gone(port, filled, WRITE_TIMEOUT + 3)
        assert took is not None and took > WRITE_TIMEOUT - 0.7, took

        ahead = _never_reading(port, "127.0.4.2", view, MAX_PIPELINED + 30)
        socks.append(ahead)
        took = _gone(port, ahead, 2.0)
        assert took is not None, "a client with 46 requests ahead is still held"

        # Clients that leave (a reset) while their requests are answered, one every 0.1 s.
        leaving = [
            _never_reading(port, f"127.0.4.{10 + i}", view, MAX_PIPELINED - 4) for i in range(12)
        ]
        socks += leaving
        for s in leaving:
            time.sleep(0.1)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
        assert _view(("127.0.0.1", port), "127.0.4.99").startswith(b"HTTP/1.1 200")
        time.sleep(1.0)
    finally:
        for s in socks:
            s.close()
        stop_server(proc)
    log = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    assert "Traceback" not in log and "Exception in ASGI" not in log, log[-3000:]


# ----------------------------------------------------------------------------- a full table
TABLE = 64


class _IdleCrowd:
    """Idle connections (connected, sending nothing) from ``addresses`` loopback addresses,
    ``per_address`` each, put back at once whenever the server closes one."""

    def __init__(self, port: int, addresses: int, per_address: int) -> None:
        self.port = port
        self.sources = [f"127.0.5.{1 + a}" for a in range(addresses) for _ in range(per_address)]
        self.socks: list[socket.socket | None] = [None] * len(self.sources)
        self.closed = 0

    def _connect(self, i: int) -> None:
        s = socket.socket()
        s.setblocking(False)
        s.bind((self.sources[i], 0))
        s.connect_ex(("127.0.0.1", self.port))
        self.socks[i] = s

    def keep(self, seconds: float) -> None:
        """Open every connection, then for ``seconds`` put back each one the server closes."""
        for i in range(len(self.socks)):
            self._connect(i)
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            time.sleep(0.02)
            for i, s in enumerate(self.socks):
                assert s is not None
                try:
                    if s.recv(1024, socket.MSG_DONTWAIT) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    continue  # still open
                except OSError:
                    pass
                s.close()
                self.closed += 1
                self._connect(i)

    def close(self) -> None:
        for s in self.socks:
            if s is not None:
                s.close()


def test_idle_connections_make_room_for_a_new_client() -> None:
    """A crowd of idle connections that fills the worker's table, each put back as soon as it
    is closed: a new client with a request is served every time (the idle connection idle
    longest makes room for it), and idle connections are closed sooner while the table is
    crowded."""
    with serving(
        workers=1,
        extra_env={
            **ROOMY_SHARES,
            "KOSYNKA_MAX_CONNECTIONS": str(TABLE),
            "KOSYNKA_MAX_CONNECTIONS_PER_ADDRESS": str(CAP),
        },
    ) as base:
        port = int(base.rsplit(":", 1)[1])
        crowd = _IdleCrowd(port, addresses=20, per_address=CAP)  # 80 idle for 64 places
        served: list[bytes] = []
        ms: list[float] = []

        def new_clients() -> None:
            for i in range(20):
                time.sleep(0.15)
                t0 = time.monotonic()
                served.append(_view(("127.0.0.1", port), f"127.0.6.{1 + i}")[:12])
                ms.append((time.monotonic() - t0) * 1000)

        clients = threading.Thread(target=new_clients)
        try:
            clients.start()
            crowd.keep(5.0)
        finally:
            clients.join(timeout=30)
            crowd.close()
        assert served == [b"HTTP/1.1 200"] * 20, served
        assert crowd.closed >= 20, crowd.closed  # idle ones closed to make room, and sooner
        assert max(ms) < 1000, ms


def test_idle_connections_are_closed_sooner_the_fuller_the_table() -> None:
    assert idle_limit(0.5, 5.0) is None  # up to half full: the usual timeouts
    assert idle_limit(0.75, 5.0) == pytest.approx(2.5)
    assert idle_limit(0.9, 5.0) == pytest.approx(1.0)
    assert idle_limit(1.0, 5.0) == MIN_IDLE
    with serving(
        workers=1, extra_env={**ROOMY_SHARES, "KOSYNKA_MAX_CONNECTIONS": str(TABLE)}
    ) as base:
        where = ("127.0.0.1", int(base.rsplit(":", 1)[1]))
        few = [_connect(where, f"127.0.7.{1 + i // 10}") for i in range(TABLE // 4)]
        try:
            time.sleep(2.0)  # a quarter full: nothing closed within the header timeout
            assert _held(few) == len(few)
            many = [_connect(where, f"127.0.8.{1 + i // 10}") for i in range(TABLE * 3 // 4)]
            try:
                # Now full (16 + 48 of 64): idle connections go after MIN_IDLE, and as they
                # go the limit grows again (nearly 5 s at half full).
                time.sleep(1.0)
                left = _held(few + many)
                assert TABLE // 2 - 4 <= left < TABLE, left
            finally:
                for s in many:
                    s.close()
        finally:
            for s in few:
                s.close()
