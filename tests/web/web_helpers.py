"""Helpers shared by the web tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import kosynka


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def record(
    number: int = 9, draw: int = 1, moves: list[str] | None = None, **rules: Any
) -> dict[str, Any]:
    """A Klondike game record as the browser keeps it."""
    return {
        "game": "klondike",
        "rules": {"draw": draw, "passes": None, "foundation_return": True, **rules},
        "deal": {"number": number, "numbering": "pysol", "source": "chosen"},
        "moves": moves or [],
    }


def start_server(
    workers: int = 1, extra_env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``kosynka serve`` on a free port (with ``extra_env`` settings); return the process
    and its base address."""
    port = free_port()
    env = dict(os.environ, **(extra_env or {}))
    src = str(Path(kosynka.__file__).resolve().parents[1])
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kosynka.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"kosynka serve exited: {err}")
        try:
            with urllib.request.urlopen(base + "/api/openapi.json", timeout=1) as r:
                if r.status == 200:
                    return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("kosynka serve did not start within 20 s")
