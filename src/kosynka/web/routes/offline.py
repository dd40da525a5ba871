"""The site as an app that installs and opens offline after one visit, made from the registry of
games (the site's web adapters, :class:`~kosynka.web.routes.pages.Site`):

* ``/manifest.webmanifest``: the web app manifest (name, icons, colours; :func:`manifest`);
* ``/apple-touch-icon.png``: the home-screen icon of iOS (``static/icons``);
* ``/sw.js``: the service worker (scope ``/``), its code ``templates/sw.js`` with what this
  version keeps filled in (:class:`Offline`): the static files (at their versioned addresses),
  each game's page shells, the games' data files (``/texts/<game>.json``,
  ``/deals/<game>.json``) and the manifest at install, the rules pages once opened
  (:attr:`Offline.opened`), and for every page address of every game the kept page that
  answers it offline (:func:`page_routes`).

The worker is made once per process, the first time it is asked for: every address it may keep
is asked of the app itself, in-process (:func:`gather`), and only the addresses answered with
200 are kept. Its version is a digest of the worker's code, of every kept address with the
bytes the server answers it with, and of the page routes (:attr:`Offline.version`): any change
to a static file, a rendered page or a data file makes a new version, so a new script, which
the browser installs on the next visit and which drops the caches of older versions."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from kosynka.library.grading import GRADES
from kosynka.web.games.base import LANGUAGES
from kosynka.web.routes.pages import DEAL_NUMBER_PATH, Site, static_version
from kosynka.web.settings import STATIC_DIR, TEMPLATES_DIR

Message = MutableMapping[str, Any]
ASGIApp = Callable[
    [Message, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
    Awaitable[None],
]

NAME = "kosynka"
"""The site's name, as its pages' titles end."""
THEME_COLOUR = "#0d5c36"
"""The browser's bar over the app: the pages' ``<meta name="theme-color">`` (the icon's green)."""
BACKGROUND_COLOUR = "#0a4f2d"
"""The app's splash screen: the page's background colour (``--felt-dark`` in style.css)."""
ICONS: tuple[tuple[str, int, str], ...] = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
"""The manifest's icons in ``static/icons`` (file, size, purpose); drawn from favicon.svg."""
TOUCH_ICON = STATIC_DIR / "icons" / "apple-touch-icon.png"
"""The home-screen icon iOS asks for (180 x 180, no transparency)."""

STATIC_KINDS = frozenset(
    {".js", ".mjs", ".css", ".svg", ".png", ".webp", ".ico", ".woff2", ".json", ".wasm"}
)
"""The static files a page may load (others under ``static/`` are not kept offline)."""
DATA_FILES: tuple[str, ...] = ("/texts/{game}.json", "/deals/{game}.json")
"""The data files the page plays from without the server, one of each per game."""
MANIFEST_PATH = "/manifest.webmanifest"
HOME_TEMPLATE = "index.html"
"""The page ``/`` serves (the home game's)."""
NETWORK_WAIT_MS = 4000
"""How long the worker waits for the network on a page or data file before it answers from
its cache (a connection that is up but does not carry: a phone on a weak signal)."""

PART_PATTERNS: dict[str, str] = {
    "number": DEAL_NUMBER_PATH.pattern,
    "date": "[0-9]{4}-[0-9]{2}-[0-9]{2}",
    "grade": "|".join(GRADES),
}
"""What each named part of a page address matches (others: anything up to the next ``/``)."""
PART_SAMPLES: dict[str, str] = {"number": "1", "date": "2000-01-01", "grade": GRADES[0]}
"""A value of each named part, for a page that has no address without parts."""
_PART = re.compile(r"\{(\w+)\}")
_SPECIAL = re.compile(r"[\\^$.|?*+()\[\]{}]")

Route = tuple[str, str | dict[str, str]]
"""A page address pattern (a JavaScript regular expression of the path) and the kept page that
answers it offline: an address, or one by language for a page the server picks by the
browser's language."""


def manifest(site: Site) -> dict[str, Any]:
    """The web app manifest of ``site``: the app opens the home game at ``/``, standalone."""
    titles = ", ".join(a.spec.titles["en"] for a in site.adapters)
    return {
        "id": "/",
        "name": NAME,
        "short_name": NAME,
        "description": f"Solitaire: {titles}. Easy to hard deals, deals of the day, unlimited "
        "undo and hints; plays offline.",
        "lang": "en",
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "icons": [
            {
                "src": f"/static/icons/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, purpose in ICONS
        ],
    }


def path_pattern(path: str) -> str:
    """A page route's path (``{name}`` for a part, as the page routes write it) as an anchored
    JavaScript regular expression of the addresses it serves (a trailing slash allowed: the
    server redirects those).

    >>> path_pattern("/game/deal/{number}")
    '^/game/deal/(?:0*[1-9][0-9]{0,29})/?$'
    """
    out: list[str] = []
    at = 0
    for m in _PART.finditer(path):
        out.append(_SPECIAL.sub(r"\\\g<0>", path[at : m.start()]))
        out.append(f"(?:{PART_PATTERNS.get(m.group(1), '[^/]+')})")
        at = m.end()
    out.append(_SPECIAL.sub(r"\\\g<0>", path[at:]))
    return "^" + "".join(out).rstrip("/") + "/?$"


def _sample(path: str) -> str | None:
    """``path`` with a sample value in each part, or None when a part has none."""
    if any(m.group(1) not in PART_SAMPLES for m in _PART.finditer(path)):
        return None
    return _PART.sub(lambda m: PART_SAMPLES[m.group(1)], path)


def page_routes(site: Site) -> tuple[list[str], list[Route]]:
    """The pages to keep and the routes to them: for each game and each page file its web
    adapter lists (:meth:`~kosynka.web.games.base.WebAdapter.pages`, ``daily_pages``), one
    address of that page (the game's own when it serves it; every address of one page file
    is the same page), and every address pattern of the page routed to it; ``/`` to the home
    game's page; each rules page, also at its other address, and ``/rules`` by language."""
    keep: list[str] = []
    routes: list[Route] = []
    for a in site.adapters:
        entries = [*a.pages(), *a.daily_pages()]
        for template in dict.fromkeys(t for _, t in entries):
            paths = [p for p, t in entries if t == template]
            plain = [p for p in paths if not _PART.search(p)]
            if a.home_path in plain:
                plain.insert(0, a.home_path)
            shell = next(iter(plain), None) or next((s for s in map(_sample, paths) if s), None)
            if shell is None:
                continue
            keep.append(shell)
            routes.extend((path_pattern(p), shell) for p in paths)
            if a is site.home and template == HOME_TEMPLATE:
                routes.append((path_pattern("/"), shell))
        for lang in LANGUAGES:
            if site.has_rules(a, lang):
                keep.append(a.rules_path(lang))
                routes.append((path_pattern(f"/rules/{a.spec.name}/{lang}"), a.rules_path(lang)))
    home = site.home
    if home is not None:
        by_lang = {lang: home.rules_path(lang) for lang in LANGUAGES if site.has_rules(home, lang)}
        if by_lang:
            routes.append((path_pattern("/rules"), by_lang))
    return keep, routes


TYPES_ONLY = frozenset({"js/types.js"})
"""Static files that hold only JSDoc types for the checker: no page loads them."""
INSTALL_ONLY = frozenset(name for name, size, _ in ICONS if size > 192)
"""The large icons: read by the browser when the app is installed (online), never by a page,
so not kept for offline play (they would cost a first visit a fifth of what it loads)."""


def static_addresses() -> list[str]:
    """The versioned address of every static file a page may load (see :data:`STATIC_KINDS`;
    the install-only icons left out)."""
    out = []
    for path in sorted(STATIC_DIR.rglob("*")):
        rel = path.relative_to(STATIC_DIR)
        hidden = any(part.startswith(".") for part in rel.parts)
        if path.name in INSTALL_ONLY and rel.parts[0] == "icons":
            continue
        if rel.as_posix() in TYPES_ONLY:
            continue
        if path.is_file() and path.suffix in STATIC_KINDS and not hidden:
            out.append(f"/static/{static_version()}/{rel.as_posix()}")
    return out


def candidates(site: Site) -> list[str]:
    """Every address the service worker may keep: the static files, the manifest, the page
    shells and rules pages (:func:`page_routes`) and each game's data files."""
    pages, _ = page_routes(site)
    data = [f.format(game=a.spec.name) for a in site.adapters for f in DATA_FILES]
    return [*static_addresses(), MANIFEST_PATH, *pages, *data]


@lru_cache(maxsize=1)
def _template() -> bytes:
    """The service worker's code, with ``{{config}}`` where :meth:`Offline.script` puts
    what it keeps."""
    return (TEMPLATES_DIR / "sw.js").read_bytes()


@dataclass(frozen=True)
class Offline:
    """One version of the service worker: what it keeps and where offline pages come from."""

    kept: tuple[tuple[str, bytes], ...]
    """Every address the worker keeps, with the body the server answered it with."""
    routes: tuple[Route, ...]
    """The page address patterns and the kept pages that answer them offline."""

    @property
    def version(self) -> str:
        """A digest of the worker's code, of every kept address and its body, and of the
        routes: it changes whenever anything the worker keeps does."""
        h = hashlib.sha256(_template())
        for path, body in self.kept:
            h.update(f"\0{path}\0{len(body)}\0".encode())
            h.update(body)
        h.update(json.dumps(self.routes).encode())
        return h.hexdigest()[:16]

    @property
    def opened(self) -> list[str]:
        """The kept pages the worker keeps once they are opened rather than at install: the
        rules pages (read by few, and in one language each; at install they would cost a first
        visit a sixth of what it loads, more with every game)."""
        return [path for path, _ in self.kept if path.startswith("/rules/")]

    def script(self) -> str:
        """The service worker's code (``templates/sw.js``) with this version filled in."""
        config = {
            "version": self.version,
            "precache": [path for path, _ in self.kept],
            "fresh": [path for path, _ in self.kept if not path.startswith("/static/")],
            "opened": self.opened,
            "routes": [list(route) for route in self.routes],
            "wait": NETWORK_WAIT_MS,
        }
        text = json.dumps(config, separators=(",", ":"))
        return _template().decode().replace("{{config}}", text)


async def fetch_local(app: ASGIApp, path: str) -> bytes | None:
    """The body of ``app``'s answer to ``GET path`` when it is 200, else None: asked of the app
    in-process, through its middleware (nothing goes over the network)."""
    scope: Message = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.4"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 0),
        "server": ("localhost", 80),
    }
    asked = False
    status = 0
    body = bytearray()

    async def receive() -> Message:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # the asker stays until the answer is complete
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body":
            body.extend(message.get("body", b""))

    try:
        await app(scope, receive, send)
    except Exception:  # a route that fails is one not to keep
        return None
    return bytes(body) if status == 200 else None


async def gather(app: ASGIApp, site: Site) -> Offline:
    """The service worker of ``site`` as ``app`` serves it now: each of :func:`candidates`
    asked of the app (:func:`fetch_local`), those answered with 200 kept, and the routes to
    kept pages."""
    kept = []
    for path in candidates(site):
        body = await fetch_local(app, path)
        if body is not None:
            kept.append((path, body))
    have = {path for path, _ in kept}
    _, routes = page_routes(site)
    usable = [
        (pattern, target)
        for pattern, target in routes
        if (target in have if isinstance(target, str) else set(target.values()) <= have)
    ]
    return Offline(tuple(kept), tuple(usable))


def _answer(request: Request, body: bytes, media_type: str, cache: str) -> Response:
    """``body`` with ``cache`` as its Cache-Control and an entity tag (304 when the browser
    holds it already)."""
    tag = '"' + hashlib.sha256(body).hexdigest()[:24] + '"'
    headers = {"Cache-Control": cache, "ETag": tag}
    held = [
        t.strip().removeprefix("W/") for t in request.headers.get("if-none-match", "").split(",")
    ]
    if tag in held:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


def make_router(site: Site) -> APIRouter:
    """The manifest, the touch icon and the service worker of ``site``."""
    out = APIRouter(include_in_schema=False)
    manifest_body = json.dumps(manifest(site), ensure_ascii=False, indent=1).encode()
    made: list[bytes] = []
    making = asyncio.Lock()

    def web_manifest(request: Request) -> Response:
        """The web app manifest (revalidated: it is small)."""
        return _answer(request, manifest_body, "application/manifest+json", "no-cache")

    def touch_icon() -> Response:
        """The home-screen icon iOS asks for."""
        return FileResponse(
            TOUCH_ICON, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"}
        )

    async def service_worker(request: Request) -> Response:
        """The service worker, made on the first request (never kept long by the browser's
        HTTP cache, so that a new version is seen on the next visit)."""
        async with making:
            if not made:
                made.append((await gather(request.app, site)).script().encode())
        return _answer(request, made[0], "text/javascript; charset=utf-8", "no-cache, max-age=0")

    get = ["GET", "HEAD"]
    out.add_api_route(MANIFEST_PATH, web_manifest, methods=get)
    out.add_api_route("/apple-touch-icon.png", touch_icon, methods=get)
    out.add_api_route("/sw.js", service_worker, methods=get)
    return out
