"""Shared by the web benchmarks: a free loopback port and a ``kosynka serve`` that answers."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def installed_command(given: str | None = None) -> str:
    """The ``kosynka`` command of an installed package: ``given``, or the one beside this
    Python, or the one on PATH (never the source tree: figures are measured as users run it)."""
    if given:
        return given
    beside = Path(sys.executable).parent / "kosynka"
    if beside.exists():
        return str(beside)
    found = shutil.which("kosynka")
    if found is None:
        raise SystemExit("no installed kosynka command: pip install . first, or pass --kosynka")
    return found


def describe_install(command: str) -> str:
    """Where the command's package lives and which solver implementations it has."""
    python = Path(command).parent / "python"
    probe = (
        "import kosynka, kosynka.solver as s; "
        "print(kosynka.__file__.rsplit('/kosynka/', 1)[0], ','.join(s.available_implementations()))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, env=env)
    return out.stdout.strip() or out.stderr.strip()


def start_server(
    port: int, workers: int | None = 1, command: str | None = None, log: IO[bytes] | None = None
) -> subprocess.Popen[bytes]:
    """Start the installed ``kosynka serve`` (``workers`` processes; None: its default) and
    wait until it answers; what it logs goes to ``log`` (by default nowhere)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    cmd = [installed_command(command), "serve", "--port", str(port)]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    proc = subprocess.Popen(
        cmd, env=env, stdout=subprocess.DEVNULL, stderr=log if log else subprocess.DEVNULL
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/openapi.json", timeout=1):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")
