"""The site installs as an app and opens offline after one visit: the manifest and its icons, the
service worker the server makes from the registry (what it keeps, its version, which kept page
answers each page address offline), and in Debian's chromium: after one visit the worker
controls the page, the network goes off, and a reload of the game page and a deal's address
still open with cards on the table; Chromium's installability check finds nothing wrong."""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kosynka.games import game_specs
from kosynka.games.freecell import FreeCell
from kosynka.library.grading import GRADES
from kosynka.web.games import adapter_of
from kosynka.web.routes import offline
from kosynka.web.settings import STATIC_DIR
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.page_extras import card, play, tap_stock
from tests.web.web_helpers import moves_shown, open_game_page, wait_moves

ADAPTERS = [a for a in (adapter_of(s.name) for s in game_specs()) if a is not None]
SAMPLE = {"number": "123", "date": "2026-12-01", "grade": GRADES[-1]}


def config_of(script: str) -> dict[str, Any]:
    """What the server filled into a service worker's code."""
    m = re.search(r"^const CONFIG = (.*);$", script, re.MULTILINE)
    assert m, "no CONFIG line in the service worker"
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def png_size(body: bytes) -> tuple[int, int]:
    """A PNG's width and height (from its header)."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    width, height = struct.unpack(">II", body[16:24])
    return width, height


def shell_for(routes: list[list[Any]], path: str, lang: str = "en") -> str | None:
    """The kept page the worker answers ``path`` with offline (as sw.js's pageFor does once
    there is no copy of the address itself), or None."""
    for pattern, target in routes:
        if re.search(pattern, path):
            return target if isinstance(target, str) else str(target[lang])
    return None


@pytest.fixture(scope="module")
def worker(client: TestClient) -> dict[str, Any]:
    """The service worker as the server sends it: its code and its CONFIG."""
    r = client.get("/sw.js")
    assert r.status_code == 200
    return {"script": r.text, "config": config_of(r.text), "response": r}


# ------------------------------------------------------------------ the manifest and icons
def test_the_manifest_describes_an_installable_app(client: TestClient) -> None:
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    assert "no-cache" in r.headers["cache-control"]
    m = r.json()
    assert m["name"] == m["short_name"] == "kosynka"
    for spec in game_specs():
        if adapter_of(spec.name) is not None:
            assert spec.titles["en"] in m["description"]
    assert (m["start_url"], m["scope"], m["id"]) == ("/", "/", "/")
    assert m["display"] == "standalone" and m["lang"] == "en"
    # Colours as the page's: its theme-color, the body's background (style.css).
    page = client.get("/").text
    meta = re.search(r'<meta name="theme-color" content="(#[0-9a-f]{6})">', page)
    assert meta and m["theme_color"] == meta.group(1)
    css = (STATIC_DIR / "css" / "style.css").read_text()
    felt = re.search(r"--felt-dark:\s*(#[0-9a-f]{6})", css)
    assert felt and m["background_color"] == felt.group(1)
    assert "background: radial-gradient" in css and "var(--felt-dark);" in css
    # Icons of 192 and 512 pixels, one maskable (with no transparency to mask), all PNG.
    seen = set()
    for icon in m["icons"]:
        got = client.get(icon["src"])
        assert got.status_code == 200 and icon["type"] == got.headers["content-type"] == "image/png"
        w, h = png_size(got.content)
        assert icon["sizes"] == f"{w}x{h}" and w == h
        assert len(got.content) < 20_000
        seen.add((w, icon.get("purpose", "any")))
        if icon.get("purpose") == "maskable":
            assert got.content[25] == 2  # colour type RGB: opaque to the corners
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= seen


def test_every_game_page_names_the_manifest_and_its_icons(client: TestClient) -> None:
    for adapter in ADAPTERS:
        for entry in adapter.menu():
            text = client.get(entry.path).text
            assert '<link rel="manifest" href="/manifest.webmanifest">' in text
            assert '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' in text
            assert '<meta name="theme-color"' in text
    touch = client.get("/apple-touch-icon.png")
    assert touch.status_code == 200 and touch.headers["content-type"] == "image/png"
    assert png_size(touch.content) == (180, 180) and touch.content[25] == 2
    assert "max-age" in touch.headers["cache-control"]


# ------------------------------------------------------------------ the service worker
def test_the_worker_is_javascript_from_the_root_never_kept_long(
    client: TestClient, worker: dict[str, Any]
) -> None:
    r = worker["response"]
    assert r.headers["content-type"] == "text/javascript; charset=utf-8"
    cache = r.headers["cache-control"]
    assert "no-cache" in cache or "no-store" in cache or "max-age=0" in cache
    assert re.fullmatch(r"[0-9a-f]{16}", worker["config"]["version"])
    again = client.get("/sw.js", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert client.head("/sw.js").status_code == 200
    node = shutil.which("node")
    if node:  # the filled-in code parses as JavaScript
        checked = subprocess.run(
            [node, "--check", "--input-type=commonjs"],
            input=worker["script"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert checked.returncode == 0, checked.stderr


def test_the_worker_keeps_the_app_shell_of_every_game(
    client: TestClient, worker: dict[str, Any]
) -> None:
    kept = worker["config"]["precache"]
    assert len(kept) == len(set(kept))
    # Every static file a page loads, at the versioned addresses the pages use.
    page = client.get("/").text
    prefix = re.search(r'"(/static/v-[0-9a-f]+/)css/style\.css"', page)
    assert prefix
    for path in STATIC_DIR.rglob("*"):
        if path.is_file() and path.suffix in (".js", ".css", ".svg", ".png"):
            at = prefix.group(1) + path.relative_to(STATIC_DIR).as_posix()
            # The large icons only the browser's install reads (online) and the file of types
            # only the checker reads are not kept.
            rel = path.relative_to(STATIC_DIR).as_posix()
            unread = path.name in offline.INSTALL_ONLY or rel in offline.TYPES_ONLY
            assert (at in kept) is not unread, at
    for name in re.findall(r'"(/static/[^"]+)"', page):
        assert name in kept
    # Each game's page, its rules in both languages and its data files.
    for adapter in ADAPTERS:
        name = adapter.spec.name
        assert adapter.home_path in kept
        for lang in ("en", "ru"):
            assert adapter.rules_path(lang) in kept
        for data in (f"/texts/{name}.json", f"/deals/{name}.json"):
            assert (data in kept) == (client.get(data).status_code == 200)
    assert "/manifest.webmanifest" in kept
    # Nothing of the API; all of it there now.
    assert not [k for k in kept if k.startswith("/api/")]
    for path in kept:
        assert client.get(path).status_code == 200, path
    assert worker["config"]["fresh"] == [k for k in kept if not k.startswith("/static/")]


def test_every_page_address_finds_its_games_page_offline(
    client: TestClient, worker: dict[str, Any]
) -> None:
    routes = worker["config"]["routes"]
    kept = set(worker["config"]["precache"])

    def game_of(path: str) -> str:
        shell = shell_for(routes, path)
        assert shell in kept, path
        found = re.search(r'data-game="(\w+)"', client.get(shell).text)
        assert found, shell
        return found.group(1)

    for adapter in ADAPTERS:
        for pattern, _ in [*adapter.pages(), *adapter.daily_pages()]:
            path = re.sub(r"\{(\w+)\}", lambda m: SAMPLE[m.group(1)], pattern)
            assert client.get(path).status_code == 200, path
            assert game_of(path) == adapter.spec.name
            assert game_of(path + "/") == adapter.spec.name
        for entry in adapter.menu():
            assert game_of(entry.path) == adapter.spec.name
    home = next(a for a in ADAPTERS if a.home)
    assert game_of("/") == home.spec.name
    # The addresses people share.
    assert game_of("/klondike/draw-3/deal/123") == "klondike"
    assert game_of("/spider/2-suits/deal/5") == "spider"
    assert game_of("/daily/2026-12-01/freecell/hard") == "freecell"
    # Rules: each at its own address, and /rules by the browser's language.
    assert shell_for(routes, "/rules/klondike/ru") == "/rules/ru"
    assert shell_for(routes, "/rules", "ru") == "/rules/ru"
    assert shell_for(routes, "/rules", "en") == "/rules/en"
    assert {"/rules/en", "/rules/spider/ru"} <= kept
    # What the server would refuse is no page offline either.
    for path in ["/klondike/draw-1/deal/abc", "/klondike/draw-1/deal/-5", "/api/klondike/new"]:
        assert shell_for(routes, path) is None, path
        assert client.get(path).status_code != 200


def test_the_version_changes_with_anything_the_worker_keeps(
    client: TestClient, worker: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    app: Any = client.app
    # On a thread of its own: a browser test before this one (Playwright's sync API) may have
    # left this thread with a running event loop, where asyncio.run() refuses to start.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        made = pool.submit(asyncio.run, offline.gather(app, app.state.site)).result()
    assert made.version == worker["config"]["version"]  # the same inputs, the same version
    assert made.script() == worker["script"]

    def changed(which: str) -> offline.Offline:
        at = next(i for i, (path, _) in enumerate(made.kept) if re.search(which, path))
        kept = list(made.kept)
        kept[at] = (kept[at][0], kept[at][1] + b"\n")
        return dataclasses.replace(made, kept=tuple(kept))

    shell = shell_for([list(r) for r in made.routes], "/")
    assert shell
    versions = {made.version}
    for which in [
        r"\.css$",
        r"/main\.js$",
        r"\.png$",
        f"^{shell}$",
        "^/rules/",
        "^/texts/",
        "^/deals/",
    ]:
        other = changed(which)
        assert other.version not in versions, which
        versions.add(other.version)
        script = other.script()
        assert config_of(script)["version"] == other.version and script != made.script()
    # A file more or less counts, and so does the worker's own code.
    assert dataclasses.replace(made, kept=made.kept[:-1]).version not in versions
    code = offline._template()
    monkeypatch.setattr(offline, "_template", lambda: code + b"\n")
    assert made.version not in versions


# ------------------------------------------------------------------ in chromium
STALE_CACHES = """
if (!sessionStorage.getItem('stale')) {
  sessionStorage.setItem('stale', '1');
  caches.open('kosynka-0000000000000000');
  caches.open('another-app');
}
"""


def wait_controlled(page: Any) -> None:
    """Wait until the service worker controls the page."""
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=30000,
    )


def test_after_one_visit_the_game_opens_offline(
    browser: Any, server: str, contexts: list[Any], worker: dict[str, Any]
) -> None:
    page = open_game_page(
        browser, server, contexts, "/klondike", init_script=STALE_CACHES, console_errors=False
    )
    wait_controlled(page)
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == server + "/"
    names = page.evaluate("caches.keys()")
    version = config_of(page.evaluate("fetch('/sw.js').then((r) => r.text())"))["version"]
    assert version == worker["config"]["version"]
    # This version's cache only: the older one dropped, another site's left alone.
    assert sorted(names) == ["another-app", f"kosynka-{version}"]
    kept = page.evaluate(
        "(name) => caches.open(name).then((c) => c.keys())"
        ".then((ks) => ks.map((k) => new URL(k.url).pathname))",
        f"kosynka-{version}",
    )
    opened = set(worker["config"]["opened"])
    assert opened and all(path.startswith("/rules/") for path in opened)
    assert sorted(kept) == sorted(set(worker["config"]["precache"]) - opened)
    # A rules page is kept once it has been opened.
    answer = page.goto(server + "/rules/en")
    assert answer.status == 200
    page.wait_for_function(
        "(name) => caches.open(name).then((c) => c.match('/rules/en')).then((r) => !!r)",
        arg=f"kosynka-{version}",
    )
    page.goto(server + "/klondike")
    page.wait_for_selector("body[data-ready='1']")
    cards_before = page.locator("#board .card").count()
    assert cards_before > 0

    page.context.set_offline(True)
    assert page.evaluate("navigator.onLine") is False
    failed = page.evaluate("fetch('/api/openapi.json').then(() => 'answered', () => 'failed')")
    assert failed == "failed"  # truly offline
    # The game page, reloaded.
    answer = page.reload()
    assert answer.status == 200 and answer.from_service_worker
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#board .card").count() > 0
    # A deal's address never visited: its game's page, that deal.
    answer = page.goto(server + "/klondike/draw-3/deal/123")
    assert answer.status == 200 and answer.from_service_worker
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#board .card").count() > 0
    assert "123" in page.inner_text("#deal-link")
    assert page.js_errors == []
    # Other games' addresses and the rules open their pages.
    for path, game in [
        ("/spider/2-suits/deal/5", "spider"),
        ("/daily/2026-12-01/freecell/hard", "freecell"),
    ]:
        answer = page.goto(server + path)
        assert answer.status == 200 and answer.from_service_worker, path
        assert page.get_attribute("html", "data-game") == game
        page.wait_for_selector("#board")
    answer = page.goto(server + "/rules/en")
    assert answer.status == 200 and answer.from_service_worker
    assert "Klondike" in page.inner_text("h1")
    # A rules page never opened is not kept: the short note.
    answer = page.goto(server + "/rules/spider/ru")
    assert answer.status == 503 and "No connection" in page.inner_text("body")
    # An address no page answers: a short note, not the browser's error page.
    answer = page.goto(server + "/nowhere")
    assert answer.status == 503 and "No connection" in page.inner_text("body")
    # Nothing the API answered was kept.
    keys = page.evaluate(
        "caches.keys()"
        ".then((ns) => Promise.all(ns.map((n) => caches.open(n).then((c) => c.keys()))))"
        ".then((all) => all.flat().map((k) => k.url))"
    )
    assert keys and not [k for k in keys if "/api/" in k]


def test_chromium_finds_the_site_installable(browser: Any, server: str, tmp_path: Path) -> None:
    """Chromium's own check (in a profile of its own: an incognito context never installs)."""
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        page = ctx.new_page()
        page.goto(server + "/")
        page.wait_for_selector("body[data-ready='1']")
        wait_controlled(page)
        cdp = ctx.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == server + "/manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        ctx.close()


OFFLINE_MOVES = [
    ("/klondike/draw-1/deal/12", "stock"),
    ("/spider/1-suit/deal/5", "stock"),
    ("/freecell/deal/617", "card"),
]


@pytest.mark.parametrize(
    "path, how", OFFLINE_MOVES, ids=[p.split("/")[1] for p, _ in OFFLINE_MOVES]
)
def test_after_one_visit_moves_are_made_offline(
    browser: Any, server: str, contexts: list[Any], path: str, how: str
) -> None:
    page = open_game_page(browser, server, contexts, path, console_errors=False)
    wait_controlled(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    before = moves_shown(page)
    if how == "stock":
        tap_stock(page)
        wait_moves(page, before + 1)
    else:  # the first column's top card into a free cell
        code = FreeCell(int(path.rsplit("/", 1)[1])).column(0)[-1].text()
        assert card(page, code, "c0").count()
        play(page, f"1:{code}>c")
    assert moves_shown(page) == before + 1
    assert page.js_errors == []
