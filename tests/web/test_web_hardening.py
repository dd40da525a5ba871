"""One client must not stall the server: solver work bounded, workers that end with their
master, headers and answers that match the documented schema (fair shares per address: see
test_web_fairness.py)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from kosynka.web import create_app
from tests.common import MAIN, free_port
from tests.web.web_helpers import record


def _post(base: str, path: str, body: Any) -> tuple[int, dict[str, Any], dict[str, str]]:
    req = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read()), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), dict(e.headers)


def test_integral_numbers_utf8_and_head() -> None:
    client = TestClient(create_app())
    rec = record(12345)
    rec["rules"]["passes"] = 981.0
    rec["deal"]["number"] = 12345.0
    r = client.post("/api/klondike/view", json={"record": rec})
    assert r.status_code == 200, r.text
    rec["rules"]["passes"] = 981.5
    assert client.post("/api/klondike/view", json={"record": rec}).status_code == 422
    rec["rules"]["passes"] = True
    assert client.post("/api/klondike/view", json={"record": rec}).status_code == 422
    bad = client.post(
        "/api/klondike/view",
        content=b'{"record": {"deal": {"number": 1}}, "lang": "\xff"}',
        headers={"content-type": "application/json"},
    )
    assert bad.status_code == 400 and bad.json()["error"] == "bad-body"
    assert client.head("/").status_code == 200
    assert client.head("/rules/en").status_code == 200


def test_headers_and_versioned_static_files() -> None:
    client = TestClient(create_app())
    page = client.get("/")
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["cache-control"] == "no-cache"
    versioned = [
        part.split('"')[0] for part in page.text.split('src="')[1:] if part.startswith("/static/v-")
    ]
    assert versioned, "the page's script is not under a versioned address"
    js = client.get(versioned[0])
    assert js.status_code == 200
    assert (
        "immutable" in js.headers["cache-control"]
        and "max-age=31536000" in js.headers["cache-control"]
    )
    assert js.headers["x-content-type-options"] == "nosniff"
    plain = client.get("/static/js/main.js")
    assert plain.status_code == 200 and plain.headers["cache-control"] == "no-cache"
    api = client.post("/api/klondike/view", json={"record": record(1)})
    assert api.headers["cache-control"] == "no-store"
    assert api.headers["x-content-type-options"] == "nosniff"


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(x) for x in out.stdout.split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split()[2] == "Z")


def _wait_gone(pids: list[int], seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [p for p in pids if _alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    return [p for p in pids if _alive(p)]


def test_workers_end_with_their_master() -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "kosynka.cli", "serve", "--port", str(port), "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        workers: list[int] = []
        while time.monotonic() < deadline:
            kids = [k for k in _children(proc.pid) if _alive(k)]
            workers = [w for k in kids for w in [k, *_children(k)]]
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=1)
                if len(kids) >= 2:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        assert len(workers) >= 2, workers
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert _wait_gone(workers, 15) == []
        with socket.socket() as s:  # the port is free again
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", port))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)


def test_a_killed_build_leaves_no_workers(tmp_path: Path) -> None:
    db = str(tmp_path / "lib.sqlite")
    args = [
        "library",
        "build",
        "--deals",
        "1-3000",
        "--jobs",
        "2",
        "--quiet",
        "--max-states",
        "20000",
        "--runs",
        "1",
    ]
    proc = subprocess.Popen(
        [sys.executable, "-c", MAIN, *args, "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)),
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and len(workers) < 2:
            workers = [k for k in _children(proc.pid) if _alive(k)]
            time.sleep(0.2)
        assert len(workers) >= 2, "the build's pool did not start"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert _wait_gone(workers, 15) == []
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
