"""Helpers shared by the web tests."""

from __future__ import annotations

import socket
from typing import Any


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
