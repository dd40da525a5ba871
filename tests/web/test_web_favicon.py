"""The site's icon costs a page load one request at most. Chromium asks for a page's icon again
whenever the page's address changes without a load, and a game page names its deal in the
address once it is dealt (``/klondike`` becomes ``/klondike/draw-1/deal/…``): the icon linked as
a file was fetched twice on every such load. The game pages carry it inside (a ``data:`` address
of ``static/favicon.svg``); the rules pages, whose address never changes, link the file, which
the service worker keeps for them."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

import pytest
from fastapi.testclient import TestClient

from kosynka.web.settings import STATIC_DIR

PAGES = ["/", "/klondike", "/freecell", "/spider/2-suits", "/klondike/draw-3/deal/10"]
DATA = "data:image/svg+xml,"


def icon_href(text: str) -> str:
    m = re.search(r'<link rel="icon" href="([^"]*)" type="image/svg\+xml">', text)
    assert m, "no icon link"
    return m.group(1)


@pytest.mark.parametrize("path", PAGES)
def test_a_game_page_carries_the_icon_inside(client: TestClient, path: str) -> None:
    text = client.get(path).text
    href = icon_href(text)
    assert href.startswith(DATA)
    svg = (STATIC_DIR / "favicon.svg").read_text(encoding="utf-8").strip()
    assert unquote(href[len(DATA) :]) == svg.replace('"', "'")
    assert "favicon.svg" not in text


def test_a_rules_page_links_the_icon_file(client: TestClient) -> None:
    href = icon_href(client.get("/rules/en").text)
    assert re.fullmatch(r"/static/v-[0-9a-f]+/favicon\.svg", href)
    assert client.get(href).status_code == 200


@pytest.mark.parametrize("path", ["/klondike", "/spider/2-suits", "/freecell"])
def test_one_page_load_asks_for_the_icon_once_at_most(
    browser: Any, server: str, contexts: list[Any], path: str
) -> None:
    """Every request of the browser counts, the service worker's too: the first visit (the
    worker installs and keeps its files), a second one (the worker in charge) and a reload."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    contexts.append(ctx)
    asked: list[str] = []
    ctx.on("request", lambda r: asked.append(r.url) if "favicon" in r.url else None)
    page = ctx.new_page()
    for visit in ("first", "second", "reload"):
        before = len(asked)
        if visit == "reload":
            page.reload()
        else:
            page.goto(server + path)
        page.wait_for_selector("body[data-ready='1']")
        # The page names its deal in the address; the worker (first visit) installs meanwhile.
        page.wait_for_function("() => /\\/deal\\/\\d+$/.test(location.pathname)")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.wait_for_timeout(1000)
        assert len(asked) - before <= 1, (visit, asked[before:])
