"""Shared setup of the deal library tests: a private data directory, small solver limits."""

from __future__ import annotations

from pathlib import Path

import pytest

SMALL_STATES = 4000
"""A solver state limit that keeps the tests quick (deals beyond it stay undecided)."""


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the user's data directory at a fresh folder so no test sees a real library."""
    data = tmp_path / "xdg-data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data
