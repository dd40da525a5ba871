"""Fixtures of the web tests: a real uvicorn server on a free loopback port, Debian's chromium
through Playwright, and the recorded winning line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import open_game_page, serving

DATA = Path(__file__).parent / "data"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


ROOMY_SHARES = {
    "KOSYNKA_CLIENT_WORK": "100",
    "KOSYNKA_CLIENT_WORK_BURST": "10000",
    "KOSYNKA_CLIENT_SOLVER": "100",
    "KOSYNKA_CLIENT_SOLVER_BURST": "10000",
}
"""Client shares no test session reaches: every browser and page test comes from 127.0.0.1,
and only the fairness tests are about shares (they start servers of their own)."""


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The base address of a running ``kosynka serve`` (with :data:`ROOMY_SHARES`)."""
    with serving(extra_env=ROOMY_SHARES) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium driven by Playwright (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def winning_line() -> dict[str, Any]:
    """A recorded winning line of deal 9 (Draw 1), as stored in tests/web/data."""
    data: dict[str, Any] = json.loads((DATA / "deal9_draw1_win.json").read_text())
    return data


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """test-artifacts/ at the repository root (git-ignored): screenshots go there."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page_factory(browser: Any, server: str) -> Iterator[Any]:
    """Open game pages (see ``web_helpers.open_game_page``); their contexts close after the
    test."""
    contexts: list[Any] = []

    def open_page(path: str = "/", **kw: Any) -> Any:
        return open_game_page(browser, server, contexts, path, **kw)

    yield open_page
    for ctx in contexts:
        ctx.close()
