"""The pages: each game (also at a deal's shareable address) and the rules of each game in two
languages. Every game page is the one shell (``index.html``) filled in with its game's name,
title and description; the shell's script then loads the shared table and the game's module."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from kosynka.web.games.base import WebAdapter
from kosynka.web.settings import STATIC_DIR, TEMPLATES_DIR

router = APIRouter(include_in_schema=False)

_HTML = "text/html; charset=utf-8"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)

PAGE_TEXTS: dict[str, tuple[str, str]] = {
    "klondike": (
        "Klondike",
        "Klondike solitaire (Kosynka): Draw 1 and Draw 3, easy to hard deals, unlimited undo, "
        "hints.",
    ),
    "freecell": (
        "FreeCell",
        "FreeCell solitaire with Microsoft deal numbers: supermoves, easy to hard deals, "
        "unlimited undo, hints.",
    ),
    "spider": (
        "Spider",
        "Spider solitaire with one, two or four suits: easy to hard deals, unlimited undo, hints.",
    ),
}
"""Each game page's title and description (the page itself switches to Russian when asked)."""

RULES_GAMES = ("klondike", "freecell", "spider")
"""The games with rules pages (``/rules/<game>/<lang>``; Klondike's also at ``/rules/<lang>``)."""


@lru_cache(maxsize=1)
def static_version() -> str:
    """A digest of every static file: the versioned static address (``/static/v-<digest>/``)
    changes whenever any file does, so browsers may keep those files for a year."""
    h = hashlib.sha256()
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(STATIC_DIR)).encode())
            h.update(path.read_bytes())
    return "v-" + h.hexdigest()[:12]


@lru_cache(maxsize=32)
def page_text(name: str, game: str | None = None) -> str:
    """A page from the templates directory with its static addresses versioned; a game page
    has its ``{{game}}``, ``{{title}}`` and ``{{description}}`` filled in."""
    text = (TEMPLATES_DIR / name).read_text(encoding="utf-8")
    if game is not None:
        title, description = PAGE_TEXTS.get(game, (game.title(), ""))
        text = (
            text.replace("{{game}}", game)
            .replace("{{title}}", title)
            .replace("{{description}}", description)
        )
    return text.replace('"/static/', f'"/static/{static_version()}/')


@lru_cache(maxsize=32)
def content_policy(name: str, game: str | None = None) -> str:
    """The Content-Security-Policy of a page: everything from this server only (the page
    loads nothing from other sites); the page's own inline scripts are allowed by their
    hashes."""
    text = page_text(name, game)
    scripts = " ".join(
        ["'self'"]
        + [
            "'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
            for m in _INLINE_SCRIPT.findall(text)
        ]
    )
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'"
    )


def _page(name: str, game: str | None = None) -> Response:
    """A page from the templates directory (a game's page when ``game`` is given), revalidated
    on each visit."""
    headers = {
        "Cache-Control": "no-cache",
        "Content-Security-Policy": content_policy(name, game),
        "X-Content-Type-Options": "nosniff",
    }
    return Response(page_text(name, game), media_type=_HTML, headers=headers)


def prefers_russian(accept_language: str) -> bool:
    """True when Russian ranks above English in an Accept-Language header."""
    best_ru = best_en = -1.0
    for part in accept_language.split(","):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang == "ru":
            best_ru = max(best_ru, q)
        elif lang == "en":
            best_en = max(best_en, q)
    return best_ru > best_en


@router.api_route("/rules", methods=["GET", "HEAD"])
def rules(request: Request) -> Response:
    """The rules in the language the browser prefers."""
    lang = "ru" if prefers_russian(request.headers.get("accept-language", "")) else "en"
    return RedirectResponse(f"/rules/{lang}", status_code=307)


@router.api_route("/rules/{lang}", methods=["GET", "HEAD"])
def rules_in(lang: str) -> Response:
    """The rules of Klondike in Russian (``ru``) or English (``en``)."""
    if lang not in ("ru", "en"):
        raise HTTPException(404)
    return _page(f"rules-{lang}.html")


@router.api_route("/rules/{game}/{lang}", methods=["GET", "HEAD"])
def game_rules_in(game: str, lang: str) -> Response:
    """The rules of ``game`` in Russian (``ru``) or English (``en``)."""
    if game not in RULES_GAMES or lang not in ("ru", "en"):
        raise HTTPException(404)
    return _page(f"rules-{lang}.html" if game == "klondike" else f"rules-{game}-{lang}.html")


DEAL_NUMBER_PATH = re.compile(r"0*[1-9][0-9]{0,29}")
"""A deal number in a page address: ASCII digits only (``str.isdigit`` would take ``٣`` or
``³``), as the page's own script reads it (leading zeros dropped, at most 30 digits left)."""


def _page_route(page: str, game: str | None = None) -> Callable[..., Response]:
    """A handler serving ``page`` (as ``game``'s page when given); path parameters named
    ``number`` must be deal numbers (:data:`DEAL_NUMBER_PATH`)."""

    def handler(request: Request) -> Response:
        number = request.path_params.get("number")
        if number is not None and not DEAL_NUMBER_PATH.fullmatch(str(number)):
            raise HTTPException(404)
        return _page(page, game)

    return handler


def make_router(adapters: Sequence[WebAdapter]) -> APIRouter:
    """The pages: the Klondike game at ``/``, and each game's pages (its deal addresses
    included)."""
    out = APIRouter(include_in_schema=False)
    out.include_router(router)
    out.add_api_route("/", _page_route("index.html", "klondike"), methods=["GET", "HEAD"])
    for adapter in adapters:
        for path, page in adapter.pages():
            out.add_api_route(path, _page_route(page, adapter.spec.name), methods=["GET", "HEAD"])
    return out
