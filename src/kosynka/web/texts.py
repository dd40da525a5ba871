"""The words a game's rules say, for the rules in the browser: written once in the game's Python
package and handed to the page as JSON at serve time (``/texts/<game>.json``), never kept twice.

* ``reasons``: every refusal of the game's ``reasons`` module by its name there
  (``FACE_DOWN``), with its code and its words in English and Russian; a refusal whose words
  hold numbers (a :class:`~kosynka.errors.ReasonTemplate`) gives its templates, which the page
  fills as :func:`kosynka.errors.fill` does.
* ``scoring``: the words of each step of the game's scoring account, by the step's code (the
  scoring module's ``WORDS``).
* ``words``: the word lists the game's refusals are filled from, where its ``reasons`` module
  fills slots with words rather than numbers (each upper-case tuple of strings there but
  ``CODES``, by its name: the ranks' names in each language and case).

>>> from kosynka.games import game_names
>>> all(game_texts(name)["reasons"] for name in game_names())
True
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from kosynka.errors import Reason, ReasonTemplate
from kosynka.games.base import game_part, game_spec


def game_texts(name: str) -> dict[str, Any]:
    """The words of the game called ``name``'s rules and scorings, as the page reads them."""
    spec = game_spec(name)
    reasons: dict[str, dict[str, str]] = {}
    words: dict[str, list[str]] = {}
    module = game_part("kosynka.games", spec.name, "reasons")
    for key, value in sorted(vars(module).items() if module else ()):
        if not key.isupper():
            continue
        if isinstance(value, Reason | ReasonTemplate):
            reasons[key] = {"code": value.code, "en": value.en, "ru": value.ru}
        elif (
            key != "CODES"
            and isinstance(value, tuple)
            and value
            and all(isinstance(w, str) for w in value)
        ):
            words[key] = list(value)
    scoring = game_part("kosynka.games", spec.name, "scoring")
    steps = getattr(scoring, "WORDS", {}) if scoring else {}
    return {
        "game": spec.name,
        "reasons": reasons,
        "scoring": {code: list(pair) for code, pair in steps.items()},
        "words": words,
    }


@lru_cache(maxsize=16)
def texts_json(name: str) -> bytes:
    """:func:`game_texts` as UTF-8 JSON (made once per process)."""
    return json.dumps(game_texts(name), ensure_ascii=False, sort_keys=True).encode()


def texts_digest(names: tuple[str, ...]) -> str:
    """A short digest of every named game's texts (part of the offline cache's version)."""
    h = hashlib.sha256()
    for name in names:
        h.update(texts_json(name))
    return h.hexdigest()[:12]
