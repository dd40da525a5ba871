"""The page stays light (issue 29): every game page's files, as Debian's chromium loads them
from a real server, come to under 200 KB uncompressed; the server sends the pages and the
static files gzipped to a browser that takes gzip (the same bytes once unpacked, tagged
weakly, still revalidated) and never compresses the API's answers."""

from __future__ import annotations

import gzip
import json
import re
import urllib.request
from typing import Any

import pytest

LIMIT = 200_000
"""The issue's limit on what a page loads, in bytes, uncompressed."""

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


@pytest.mark.parametrize("path", WEIGHED)
def test_every_page_is_under_200_kb_and_sent_gzipped(browser: Any, server: str, path: str) -> None:
    """What a game page loads in chromium from an empty cache (the page, its style, icon and
    every script, the calendar, sounds and cascade included), the API's answers left out:
    under 200 KB unpacked, and well under half of that sent."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        seen: list[Any] = []
        page.on("requestfinished", lambda r: seen.append(r))
        page.goto(server + path)
        page.wait_for_selector("body[data-ready='1']")
        page.wait_for_load_state("networkidle")
        files = [r for r in seen if "/api/" not in r.url]
        assert any(r.url.endswith("/controller.js") for r in files)
        unpacked = sum(len(r.response().body()) for r in files)
        sent = sum(r.sizes()["responseBodySize"] for r in files)
        assert unpacked < LIMIT, unpacked
        assert sent < unpacked / 2.5, (sent, unpacked)
    finally:
        ctx.close()


def test_api_answers_are_never_compressed(server: str) -> None:
    body = json.dumps({"rules": {"draw": 1}, "source": "random"}).encode()
    headers = {"Accept-Encoding": "gzip", "Content-Type": "application/json"}
    with fetch(server + "/api/klondike/new", headers, body) as r:
        assert r.headers.get("Content-Encoding") is None
        assert json.loads(r.read())["view"]["legal"]
