"""Shared setup of the deal library tests: a private data directory, small solver limits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.library.library_helpers import SMALL_STATES
from tests.library.pgserver import PgServer

__all__ = ["SMALL_STATES"]


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user's data directory at a fresh folder so no test sees a real library."""
    data = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A throwaway PostgreSQL server for this test session (worker)."""
    server = PgServer()
    try:
        yield server
    finally:
        server.close()
