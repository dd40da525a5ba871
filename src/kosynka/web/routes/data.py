"""What the page needs to play a game without the server, as JSON files the browser keeps
(the service worker caches them): the words of the game's rules (``/texts/<game>.json``,
:mod:`kosynka.web.texts`) and the shipped starter library's deal numbers by rules and grade,
with what picks a deal of the day (``/deals/<game>.json``, :func:`deals_file`). Both are made
from the registry and the game's own package, once per process."""

from __future__ import annotations

import base64
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


def packed_deals(graded: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """A rule set's deals, each a (number, grade) pair, as the deals file carries them: the
    lowest number (``first``), which numbers from it on are deals (``bits``: a bit per number,
    the lowest bit of each byte first) and the deals' grades in the order of their numbers
    (``grades``: five a byte, each 0 easy, 1 normal or 2 hard times a power of 3, the first
    deal's the lowest), the bytes in base64. About a bit a number and 1.6 a deal: once
    compressed, a third to a half fewer bytes than the gaps between the numbers of each grade
    as lists (the five games' files of 4 Dec 2026, with 20 rule sets in all: 20.6 KB against
    34.1 KB), which keeps a first visit, every game's file included, under 250 KB sent.

    >>> packed_deals([(3, "easy"), (4, "hard"), (10, "normal")])
    {'first': 3, 'bits': 'gw==', 'grades': 'Dw=='}
    """
    ordered = sorted(graded)
    if not ordered:
        return {"first": 0, "bits": "", "grades": ""}
    first = ordered[0][0]
    bits = bytearray((ordered[-1][0] - first) // 8 + 1)
    for number, _ in ordered:
        bits[(number - first) // 8] |= 1 << ((number - first) % 8)
    codes = [GRADES.index(grade) for _, grade in ordered]
    grades = bytes(
        sum(code * 3**k for k, code in enumerate(codes[at : at + 5]))
        for at in range(0, len(codes), 5)
    )
    return {
        "first": deal_number_for_json(first),
        "bits": base64.b64encode(bytes(bits)).decode(),
        "grades": base64.b64encode(grades).decode(),
    }


def deals_file(adapter: WebAdapter) -> dict[str, Any]:
    """The game's deal data for the page: its numberings (the default first), the numbering of
    graded deals, the starter library's rule sets (each as the API's rules and as the rules'
    text, which keys the deals of the day) with their deals and grades (:func:`packed_deals`),
    and the options that tell its daily variants apart with their defaults."""
    spec = adapter.spec
    index = starter_index(spec.name)
    fields = adapter.rules_model.model_fields
    sets = []
    for rules in starter_rules_of(spec.name):
        text = rules.text()
        graded = [(n, g) for g in GRADES for n in index.get((text, g), ())]
        sets.append(
            {"rules": {f: getattr(rules, f) for f in fields}, "text": text, **packed_deals(graded)}
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
