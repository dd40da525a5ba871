"""Fixtures of the web tests: a real uvicorn server on a free loopback port, Debian's chromium
through Playwright, pages opened in it, the app behind FastAPI's TestClient, and the recorded
winning lines."""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kosynka.games.freecell import FreeCell, Move
from kosynka.web import create_app
from kosynka.web.games.freecell import ADAPTER
from kosynka.web.settings import Settings
from tests.web.klondike_web import open_page
from tests.web.web_helpers import open_game_page, serving

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

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
def spider_line() -> dict[str, Any]:
    """The recorded winning line of one-suit Spider deal 10, as stored in tests/web/data (see
    its ``about``)."""
    data: dict[str, Any] = json.loads((DATA / "spider1_deal10_win.json").read_text())
    return data


@pytest.fixture(scope="session")
def freecell_line() -> list[str]:
    """FreeCell deal 15's recorded winning line (``freecell15_auto_win.json``) with the safe moves
    the auto option makes after each move: the whole line the page plays, ending won."""
    data = json.loads((DATA / "freecell15_auto_win.json").read_text())
    game = FreeCell(15)
    out: list[str] = []
    for text in data["moves"]:
        game.push(Move.parse(text))
        out.append(text)
        while safe := ADAPTER.safe_moves(game):
            game.push(safe[0])
            out.append(str(safe[0]))
    assert game.is_won()
    return out


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


@pytest.fixture
def contexts() -> Iterator[list[Any]]:
    """Browser contexts a test opens itself (``browser.new_context()``), closed after it."""
    made: list[Any] = []
    yield made
    for ctx in made:
        ctx.close()


@pytest.fixture
def page_at(browser: Any, server: str) -> Iterator[Any]:
    """Open Klondike pages (see ``klondike_web.open_page``: a size, a locale, storage, the
    messages watched); their contexts close after the test."""
    contexts: list[Any] = []
    yield lambda *a, **k: open_page(browser, server, contexts, *a, **k)
    for ctx in contexts:
        ctx.close()


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The web app with its default settings behind FastAPI's TestClient (one per module)."""
    return TestClient(create_app(Settings()))
