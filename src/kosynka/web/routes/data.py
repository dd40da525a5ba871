"""What the page needs to play a game without the server, as JSON files the browser keeps
(the service worker caches them): the words of the game's rules (``/texts/<game>.json``,
:mod:`kosynka.web.texts`) and the shipped starter library's deal numbers by rules and grade,
with what picks a deal of the day (``/deals/<game>.json``, :func:`deals_file`). Both are made
from the registry and the game's own package, once per process."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response

from kosynka.library.build import numbering_of
from kosynka.library.daily import variants
from kosynka.library.grading import GRADES, starter_rules_of
from kosynka.library.starter import starter_index
from kosynka.web.games.base import WebAdapter
from kosynka.web.schemas import deal_number_for_json
from kosynka.web.texts import texts_json

_JSON = "application/json"
_CACHE = "no-cache"
"""Asked again on every use (an unchanged file is an empty 304: kosynka.web.revalidate)."""


def gaps(numbers: Sequence[int]) -> list[int | str]:
    """Sorted deal numbers as the first one and then the gap to each next one (a tenth of the
    bytes of the numbers themselves, once compressed); as digits where a value passes what a
    browser's numbers hold exactly."""
    out: list[int | str] = []
    last = 0
    for n in numbers:
        out.append(deal_number_for_json(n - last))
        last = n
    return out


def deals_file(adapter: WebAdapter) -> dict[str, Any]:
    """The game's deal data for the page: its numberings (the default first), the numbering of
    graded deals, the starter library's rule sets (each as the API's rules and as the rules'
    text, which keys the deals of the day) with their deal numbers by grade (sorted, written
    as :func:`gaps`), and the options that tell its daily variants apart with their
    defaults."""
    spec = adapter.spec
    index = starter_index(spec.name)
    fields = adapter.rules_model.model_fields
    sets = []
    for rules in starter_rules_of(spec.name):
        text = rules.text()
        sets.append(
            {
                "rules": {f: getattr(rules, f) for f in fields},
                "text": text,
                "grades": {g: gaps(sorted(index.get((text, g), ()))) for g in GRADES},
            }
        )
    kinds = variants(spec)
    return {
        "game": spec.name,
        "numberings": list(spec.numberings),
        "graded_numbering": numbering_of(spec.name),
        "sets": sets,
        "daily": {
            "options": {k: list(v) for k, v in kinds.items()},
            "defaults": {o.name: o.default for o in spec.options if o.name in kinds},
        },
    }


@lru_cache(maxsize=16)
def _deals_json(adapter: WebAdapter) -> bytes:
    return json.dumps(deals_file(adapter), separators=(",", ":")).encode()


def make_router(adapters: Sequence[WebAdapter]) -> APIRouter:
    """The data files of every game with a web adapter."""
    by_name = {a.spec.name: a for a in adapters}
    router = APIRouter()

    def adapter(game: str) -> WebAdapter:
        found = by_name.get(game)
        if found is None:
            raise HTTPException(404, f"no game called {game[:40]!r}")
        return found

    @router.get("/texts/{game}.json", include_in_schema=False)
    def texts(game: str) -> Response:
        """The words of the game's rules (refusals, score steps)."""
        return Response(
            texts_json(adapter(game).spec.name), media_type=_JSON, headers={"Cache-Control": _CACHE}
        )

    @router.get("/deals/{game}.json", include_in_schema=False)
    def deals(game: str) -> Response:
        """The starter library's deal numbers and the daily variants."""
        return Response(
            _deals_json(adapter(game)), media_type=_JSON, headers={"Cache-Control": _CACHE}
        )

    return router
