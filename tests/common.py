"""Helpers the tests of several folders share: cards from text, the command line run in this
process or as a program of its own, a free loopback port."""

from __future__ import annotations

import io
import socket
import subprocess
import sys

from kosynka.cards import Card
from kosynka.cli import main

MAIN = "import sys; from kosynka.cli import main; sys.exit(main(sys.argv[1:]))"
"""The command line as a ``python -c`` program: ``[sys.executable, "-c", MAIN, *argv]`` runs
``kosynka`` in a process of its own (one a test can stop, kill or time)."""


def cards(text: str) -> list[Card]:
    """Cards from space-separated card text (``"AC 10D kh"``)."""
    return [Card.parse(t) for t in text.split()]


def run(argv: list[str]) -> tuple[int, str]:
    """Run ``kosynka`` with ``argv`` in this process: its exit code and what it printed."""
    out = io.StringIO()
    return main(argv, out), out.getvalue()


def run_program(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real command line (``python -m kosynka ARGS``) in a subprocess, with ``stdin`` as
    its input: its exit code, stdout and stderr as text."""
    return subprocess.run(
        [sys.executable, "-m", "kosynka", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
