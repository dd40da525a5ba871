"""The pages: the game (also at a deal's shareable address) and the rules in two languages."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from kosynka.web.games.base import WebAdapter
from kosynka.web.settings import STATIC_DIR

router = APIRouter(include_in_schema=False)

_HTML = "text/html; charset=utf-8"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


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
def page_text(name: str) -> str:
    """A page from the static directory with its static addresses versioned."""
    text = (STATIC_DIR / name).read_text(encoding="utf-8")
    return text.replace('"/static/', f'"/static/{static_version()}/')


@lru_cache(maxsize=32)
def content_policy(name: str) -> str:
    """The Content-Security-Policy of a page: everything from this server only (the game
    works offline and loads nothing from other sites); the page's own inline scripts are
    allowed by their hashes."""
    text = page_text(name)
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


def _page(name: str) -> Response:
    """A page from the static directory, revalidated on each visit."""
    headers = {
        "Cache-Control": "no-cache",
        "Content-Security-Policy": content_policy(name),
        "X-Content-Type-Options": "nosniff",
    }
    return Response(page_text(name), media_type=_HTML, headers=headers)


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


def _page_route(page: str) -> Callable[..., Response]:
    """A handler serving ``page``; path parameters named ``number`` must be digits."""

    def handler(request: Request) -> Response:
        number = request.path_params.get("number")
        if number is not None and not str(number).isdigit():
            raise HTTPException(404)
        return _page(page)

    return handler


def make_router(adapters: Sequence[WebAdapter]) -> APIRouter:
    """The pages: the Klondike game at ``/``, and each game's pages (its deal addresses
    included)."""
    out = APIRouter(include_in_schema=False)
    out.include_router(router)
    out.add_api_route("/", _page_route("index.html"), methods=["GET", "HEAD"])
    for adapter in adapters:
        for path, page in adapter.pages():
            out.add_api_route(path, _page_route(page), methods=["GET", "HEAD"])
    return out
