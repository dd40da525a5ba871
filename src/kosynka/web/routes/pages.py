"""The pages: each game (also at a deal's shareable address) and the rules of each game in two
languages, all made from the games the registry holds (:class:`Site`). Every game page is the
one shell (``index.html``) filled in with its game's name, title, description, the games menu
and a JSON block of what the page's scripts need before they load (how to ask for the first
position, every game's stored options, the game's and the menu's words); the shell's script
then loads the shared table and the game's module (``static/js/games/<name>.js``)."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from kosynka.errors import KosynkaError
from kosynka.library.daily import parse_date
from kosynka.library.grading import GRADES
from kosynka.web.games.base import LANGUAGES, WebAdapter
from kosynka.web.settings import STATIC_DIR, TEMPLATES_DIR

_HTML = "text/html; charset=utf-8"
_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_PLACE = re.compile(r"\{\{(\w+)\}\}")


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


@lru_cache(maxsize=1)
def favicon_url() -> str:
    """The site's icon (``static/favicon.svg``) as a ``data:`` address, for the game pages.
    Chromium asks for a page's icon again whenever the page's address changes without a load,
    and a game page names its deal in the address (``history.replaceState``) once it is dealt:
    an icon that comes inside the page is never asked for at all."""
    svg = (STATIC_DIR / "favicon.svg").read_text(encoding="utf-8").strip()
    return "data:image/svg+xml," + quote(svg.replace('"', "'"), safe="=:/'")


def content_policy(text: str) -> str:
    """The Content-Security-Policy of a page: everything from this server only (the page
    loads nothing from other sites); the page's own inline scripts are allowed by their
    hashes (a JSON block, ``<script type="application/json">``, is data, not a script)."""
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


def json_block(data: Any) -> str:
    """``data`` as JSON that may stand inside a ``<script type="application/json">`` element
    (no ``<``, ``>`` or ``&`` that could end it early)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class Site:
    """The games the pages offer (their web adapters, in menu order) and the pages made from
    them: the game pages, the rules pages and what the not-found page links to."""

    def __init__(self, adapters: Sequence[WebAdapter]) -> None:
        self.adapters = sorted(adapters, key=lambda a: (a.menu_order, a.spec.name))
        self.home: WebAdapter | None = next(
            (a for a in self.adapters if a.home), self.adapters[0] if self.adapters else None
        )
        self._pages: dict[tuple[str, str], tuple[str, str]] = {}

    def adapter(self, name: str) -> WebAdapter | None:
        """The adapter of the game called ``name``, or None."""
        return next((a for a in self.adapters if a.spec.name == name), None)

    def has_rules(self, adapter: WebAdapter, lang: str) -> bool:
        """True when ``adapter``'s game has a rules page in ``lang``."""
        return lang in LANGUAGES and (TEMPLATES_DIR / adapter.rules_template(lang)).is_file()

    def _made(
        self, template: str, game: WebAdapter, values: Callable[[], dict[str, str]]
    ) -> tuple[str, str]:
        """``template`` filled in for ``game`` (each ``{{name}}`` from ``values()``), its static
        addresses versioned, and its Content-Security-Policy; made once."""
        key = (template, game.spec.name)
        made = self._pages.get(key)
        if made is None:
            text = (TEMPLATES_DIR / template).read_text(encoding="utf-8")
            filled = values()
            text = _PLACE.sub(lambda m: filled.get(m.group(1), m.group(0)), text)
            text = text.replace('"/static/', f'"/static/{static_version()}/')
            made = self._pages[key] = (text, content_policy(text))
        return made

    def game_page(self, game: WebAdapter, template: str = "index.html") -> tuple[str, str]:
        """``game``'s page (the shell filled in for it) and its Content-Security-Policy."""
        return self._made(
            template,
            game,
            lambda: {
                "game": game.spec.name,
                "title": html.escape(game.spec.titles["en"]),
                "description": html.escape(game.description),
                "parts": " ".join(game.page_parts),
                "menu": self.menu_html(),
                "data": json_block(self.page_data(game)),
                "favicon": favicon_url(),
            },
        )

    def rules_page(self, game: WebAdapter, lang: str) -> tuple[str, str]:
        """``game``'s rules page in ``lang`` and its Content-Security-Policy."""
        return self._made(
            game.rules_template(lang), game, lambda: {"others": self.rules_nav(game, lang)}
        )

    def menu_html(self) -> str:
        """The games menu's links (in English; the page puts them in the player's language)."""
        return "\n".join(
            f'      <a href="{html.escape(e.path)}" data-variant="{html.escape(e.variant)}"'
            f' data-i18n="menu:{html.escape(e.variant)}">{html.escape(e.labels["en"])}</a>'
            for a in self.adapters
            for e in a.menu()
        )

    def page_data(self, game: WebAdapter) -> dict[str, Any]:
        """What ``game``'s page reads before its modules load (the JSON block of the shell):
        every game's stored options (``options``) and the words that come from the registry
        (``strings``: the game's title and page title, the menu's entries)."""
        strings: dict[str, dict[str, str]] = {}
        for lang in LANGUAGES:
            words = {"title": game.spec.titles[lang], "pageTitle": game.page_titles[lang]}
            for a in self.adapters:
                for e in a.menu():
                    words[f"menu:{e.variant}"] = e.labels[lang]
            strings[lang] = words
        return {
            "options": {o.key: o.as_json() for a in self.adapters for o in a.page_options},
            "strings": strings,
        }

    def rules_nav(self, game: WebAdapter, lang: str) -> str:
        """The rules page's links to the other games' rules (``game``'s own name in bold)."""
        return "".join(
            f"<b>{html.escape(a.spec.titles[lang])}</b>"
            if a is game
            else f'<a href="{html.escape(a.rules_path(lang))}">'
            f"{html.escape(a.spec.titles[lang])}</a>"
            for a in self.adapters
            if self.has_rules(a, lang)
        )

    @staticmethod
    def response(page: tuple[str, str]) -> Response:
        """A page made by :meth:`game_page` or :meth:`rules_page`, revalidated on each visit."""
        text, policy = page
        headers = {
            "Cache-Control": "no-cache",
            "Content-Security-Policy": policy,
            "X-Content-Type-Options": "nosniff",
        }
        return Response(text, media_type=_HTML, headers=headers)


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


DEAL_NUMBER_PATH = re.compile(r"0*[1-9][0-9]{0,29}")
"""A deal number in a page address: ASCII digits only (``str.isdigit`` would take ``٣`` or
``³``), as the page's own script reads it (leading zeros dropped, at most 30 digits left)."""


def _page_route(site: Site, page: str, game: WebAdapter) -> Callable[..., Response]:
    """A handler serving ``page`` as ``game``'s page; path parameters named ``number`` must be
    deal numbers (:data:`DEAL_NUMBER_PATH`) of the game's page numbering (at most its
    ``max_deal``), ``date`` a date (``YYYY-MM-DD``, years 0001 to 9999) and ``grade`` a grade.
    Any other address is answered with the not-found page, in the player's language."""
    top = game.spec.max_deal(game.page_numbering)

    def handler(request: Request) -> Response:
        params = request.path_params
        number = params.get("number")
        if number is not None and (
            not DEAL_NUMBER_PATH.fullmatch(str(number)) or int(str(number)) > top
        ):
            raise HTTPException(404)
        if "grade" in params and params["grade"] not in GRADES:
            raise HTTPException(404)
        if "date" in params:
            try:
                parse_date(str(params["date"]))
            except KosynkaError:
                raise HTTPException(404) from None
        return site.response(site.game_page(game, page))

    return handler


def make_router(site: Site) -> APIRouter:
    """The pages of ``site``: the home game at ``/``, each game's pages (its deal addresses
    included), and the rules: ``/rules`` (in the browser's language), ``/rules/<lang>`` (the
    home game's) and ``/rules/<game>/<lang>``."""
    out = APIRouter(include_in_schema=False)

    def rules(request: Request) -> Response:
        """The home game's rules in the language the browser prefers."""
        lang = "ru" if prefers_russian(request.headers.get("accept-language", "")) else "en"
        return RedirectResponse(f"/rules/{lang}", status_code=307)

    def rules_of(game: WebAdapter | None, lang: str) -> Response:
        """``game``'s rules page in ``lang``, or 404."""
        if game is None or not site.has_rules(game, lang):
            raise HTTPException(404)
        return site.response(site.rules_page(game, lang))

    def rules_in(lang: str) -> Response:
        """The home game's rules in Russian (``ru``) or English (``en``)."""
        return rules_of(site.home, lang)

    def game_rules_in(game: str, lang: str) -> Response:
        """The rules of ``game`` in Russian (``ru``) or English (``en``)."""
        return rules_of(site.adapter(game), lang)

    get = ["GET", "HEAD"]
    out.add_api_route("/rules", rules, methods=get)
    out.add_api_route("/rules/{lang}", rules_in, methods=get)
    out.add_api_route("/rules/{game}/{lang}", game_rules_in, methods=get)
    if site.home is not None:
        out.add_api_route("/", _page_route(site, "index.html", site.home), methods=get)
    for adapter in site.adapters:
        for path, page in [*adapter.pages(), *adapter.daily_pages()]:
            out.add_api_route(path, _page_route(site, page, adapter), methods=get)
    return out
