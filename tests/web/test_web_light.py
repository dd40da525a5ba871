"""The page stays light: a first visit to any game page, as Debian's chromium makes it against a
real server (the page, its files, the game's rules and data for the browser, and everything the
service worker keeps for playing offline), comes to under 250 KB sent; the server sends the
pages and the static files gzipped to a browser that takes gzip (the same bytes once unpacked,
tagged weakly, still revalidated) and never compresses the API's answers."""

from __future__ import annotations

import gzip
import json
import re
import urllib.request
from typing import Any

import pytest

LIMIT = 250_000
"""The limit on what a first visit loads, in bytes of response bodies as sent."""

PAGES = ["/", "/freecell", "/spider/2-suits"]


def fetch(url: str, headers: dict[str, str] | None = None, data: bytes | None = None) -> Any:
    """The raw answer to a request (nothing unpacked)."""
    req = urllib.request.Request(url, data=data, headers=headers or {})
    return urllib.request.urlopen(req, timeout=30)


def static_files(server: str, path: str) -> list[str]:
    """The static addresses a game page names (its style, scripts, icon)."""
    with fetch(server + path) as r:
        text = r.read().decode()
    return sorted(set(re.findall(r'"(/static/[^"]+)"', text)))


def test_pages_and_static_files_go_out_gzipped(server: str) -> None:
    for path in PAGES:
        urls = [path, *static_files(server, path)]
        for url in urls:
            with fetch(server + url) as r:
                plain = r.read()
                assert r.headers.get("Content-Encoding") is None, url
            with fetch(server + url, {"Accept-Encoding": "gzip, deflate, br"}) as r:
                packed = r.read()
                assert r.headers["Vary"] == "Accept-Encoding"
                assert int(r.headers["Content-Length"]) == len(packed)
                tag = r.headers.get("ETag")
                if len(plain) < 512:  # too small to be worth it (the icon)
                    assert r.headers.get("Content-Encoding") is None and packed == plain
                    continue
                assert r.headers["Content-Encoding"] == "gzip", url
            assert gzip.decompress(packed) == plain, url
            assert len(packed) < len(plain)
            if tag is not None:  # static files: a weak tag, matched on revalidation
                assert tag.startswith('W/"')
                with pytest.raises(urllib.error.HTTPError) as err:
                    fetch(server + url, {"Accept-Encoding": "gzip", "If-None-Match": tag})
                assert err.value.code == 304


WEIGHED = [
    "/klondike/draw-1/deal/9",
    "/freecell/deal/1",
    "/spider/2-suits/deal/1",
    "/daily/2026-12-01/klondike/draw-3/hard",
]


def sent_size(request: Any) -> int:
    """The bytes of a request's answer's body as the server sent them (chromium reports no size,
    a negative one, for an answer the service worker took from the browser's cache: nothing
    was sent)."""
    size: int = request.sizes()["responseBodySize"]
    return max(size, 0)


@pytest.mark.parametrize("path", WEIGHED)
def test_a_first_visit_is_under_250_kb_sent(browser: Any, server: str, path: str) -> None:
    """What a first visit to a game page loads in chromium from an empty cache: the page, its
    style, icon and every script (the game's rules in the browser, the calendar, sounds and
    cascade included), the game's words and deal data, and everything the service worker
    keeps for playing offline (every game's): under 250 KB of bodies as sent, and the page's
    own files well under half of their unpacked size."""
    ctx = browser.new_context()
    try:
        seen: list[Any] = []
        ctx.on("requestfinished", lambda r: seen.append(r))
        page = ctx.new_page()
        page.goto(server + path)
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.wait_for_load_state("networkidle")
        page.evaluate("() => navigator.serviceWorker.ready")
        files = [r for r in seen if "/api/" not in r.url]
        assert any(r.url.endswith("/controller.js") for r in files)
        assert any(r.url.endswith("/twin.js") for r in files)
        sent = sum(sent_size(r) for r in files)
        assert sent < LIMIT, sent
        own = [r for r in files if r.service_worker is None and r.response() is not None]
        unpacked = sum(len(r.response().body()) for r in own)
        own_sent = sum(sent_size(r) for r in own)
        assert own_sent < unpacked / 2.5, (own_sent, unpacked)
    finally:
        ctx.close()


def test_api_answers_are_never_compressed(server: str) -> None:
    body = json.dumps({"rules": {"draw": 1}, "source": "random"}).encode()
    headers = {"Accept-Encoding": "gzip", "Content-Type": "application/json"}
    with fetch(server + "/api/klondike/new", headers, body) as r:
        assert r.headers.get("Content-Encoding") is None
        assert json.loads(r.read())["view"]["legal"]
