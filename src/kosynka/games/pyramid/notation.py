"""Pyramid's position text: one line of five sections separated by ``|``::

    pyramid passes=3 goal=pyramid | table JD / 2D 9H / JC 5D 7H / ... |
    stock 4H AC 4D ... | waste - | pass 1

* the header names the game and the rules, in the order of the spec's options;
* ``table`` lists the 28 places in PySolFC's order (rows top to bottom, each left to right),
  ``--`` for a removed card; ``/`` between the rows is written and may be left out when read
  (but if given, the rows must hold 1, 2, ..., 7 places);
* ``stock`` lists the stock from its top card (the playable one) down, ``-`` when empty;
* ``waste`` lists the waste bottom to top (its last card is the playable one), ``-`` when empty;
* ``pass`` is the pass through the stock under way (1 on the first; each ``r`` adds one).

Line breaks count as spaces, so the text may be wrapped.

>>> from kosynka.games.pyramid.rules import Pyramid
>>> game = Pyramid(1)
>>> format_text(game)[:53]
'pyramid passes=3 goal=pyramid | table JD / 2D 9H / JC'
>>> parse_text(format_text(game)) == game
True
"""

from __future__ import annotations

from typing import Final

from kosynka.cards import Card
from kosynka.errors import InvalidNotationError, InvalidPositionError, shown
from kosynka.games.pyramid.rules import GOALS, ROWS, Pyramid, PyramidRules
from kosynka.numtext import parse_whole

FORMATS: Final = ("text",)
_SECTIONS: Final = ("table", "stock", "waste", "pass")
_REMOVED: Final = "--"
_EMPTY: Final = "-"


def format_position(game: Pyramid, fmt: str = "text") -> str:
    """Write ``game``'s position in ``fmt`` (only ``"text"``)."""
    if fmt == "text":
        return format_text(game)
    raise InvalidNotationError(f"unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")


def detect_format(text: str) -> str | None:
    """``"text"`` for text starting with the word ``pyramid``, else None."""
    words = text.split(None, 1)
    return "text" if words and words[0].lower() == "pyramid" else None


def format_text(game: Pyramid) -> str:
    """kosynka's one-line position text for ``game``."""
    tokens = [_REMOVED if c is None else c.text() for c in game.places()]
    rows = []
    start = 0
    for r in range(ROWS):
        rows.append(" ".join(tokens[start : start + r + 1]))
        start += r + 1
    stock = " ".join(c.text() for c in game.stock()) or _EMPTY
    waste = " ".join(c.text() for c in game.waste()) or _EMPTY
    return (
        f"pyramid {game.rules.text()} | table {' / '.join(rows)} | stock {stock}"
        f" | waste {waste} | pass {game.pass_number}"
    )


def parse_passes(text: str) -> int | None:
    """Read a pass limit: 1, 2, 3 or ``unlimited``; raise :class:`InvalidNotationError`."""
    t = text.strip().lower()
    if t in ("unlimited", "none", "inf", "-"):
        return None
    number = parse_whole(t, "passes")
    if number not in (1, 2, 3):
        raise InvalidNotationError(f"passes must be 1, 2, 3 or 'unlimited', not {shown(text)}")
    return number


MAX_WORD: Final = 20
"""A rule's word longer than this is refused as too long, without being echoed."""


def parse_goal(text: str) -> str:
    """Read the goal: ``pyramid`` (its 28 cards must go) or ``all`` (all 52 must)."""
    t = text.strip().lower()
    if t not in GOALS:
        if len(t) > MAX_WORD:
            raise InvalidNotationError(f"goal too long: {len(t)} characters (pyramid or all)")
        raise InvalidNotationError(f"goal must be pyramid or all, not {shown(text)}")
    return t


def _parse_header(header: str) -> PyramidRules:
    """The rules of a position text's header (``pyramid passes=3 goal=pyramid``)."""
    words = header.split()
    if not words or words[0].lower() != "pyramid":
        got = words[0] if words else "nothing"
        raise InvalidPositionError(
            f"position text must start with the game name 'pyramid', not {got!r}"
        )
    values: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq or key not in ("passes", "goal"):
            raise InvalidPositionError(f"unknown header field {w!r} (expected passes=, goal=)")
        if key in values:
            raise InvalidPositionError(f"header field {key!r} given twice")
        values[key] = value
    try:
        return PyramidRules(
            passes=parse_passes(values.get("passes", "3")),
            goal=parse_goal(values.get("goal", "pyramid")),
        )
    except InvalidNotationError as exc:
        raise InvalidPositionError(str(exc)) from None


def _parse_card(token: str, where: str) -> Card:
    """One card of the text; raise InvalidPositionError naming where it was."""
    try:
        return Card.parse(token)
    except InvalidNotationError:
        raise InvalidPositionError(f"unknown token {shown(token)} in {where}") from None


def _pile(tokens: list[str], where: str) -> list[Card]:
    """The cards of the stock or the waste (``-`` alone when empty)."""
    if tokens == [_EMPTY]:
        return []
    if not tokens:
        raise InvalidPositionError(f"{where} is blank (write '-' when it is empty)")
    return [_parse_card(t, where) for t in tokens]


def _table(tokens: list[str]) -> list[Card | None]:
    """The 28 places of the ``table`` section, with or without ``/`` between the rows."""
    text = " ".join(tokens)
    if "/" in text:
        rows = [r.split() for r in text.split("/")]
        lengths = [len(r) for r in rows]
        if lengths != list(range(1, ROWS + 1)):
            raise InvalidPositionError(
                f"the table's rows must hold 1, 2, ..., 7 places, found {lengths}"
            )
        tokens = [t for r in rows for t in r]
    if len(tokens) != 28:
        raise InvalidPositionError(
            f"the table needs 28 places ('--' for a removed card), found {len(tokens)}"
        )
    return [
        None if t == _REMOVED else _parse_card(t, f"place {i + 1}") for i, t in enumerate(tokens)
    ]


def parse_text(text: str) -> Pyramid:
    """Read Pyramid's position text; raise :class:`InvalidPositionError` naming the problem."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 5:
        raise InvalidPositionError(
            "position text needs 5 sections separated by '|' (header, table, stock, waste,"
            f" pass), found {len(parts)}"
        )
    rules = _parse_header(parts[0])
    body: dict[str, list[str]] = {}
    for name, part in zip(_SECTIONS, parts[1:], strict=True):
        words = part.split()
        if not words or words[0].lower() != name:
            raise InvalidPositionError(
                f"expected the section {name!r}, found {words[0] if words else 'nothing'!r}"
            )
        body[name] = words[1:]
    places = _table(body["table"])
    stock = _pile(body["stock"], "the stock")
    waste = _pile(body["waste"], "the waste")
    pass_words = body["pass"]
    number = parse_whole(pass_words[0], "pass", error=InvalidPositionError) if pass_words else None
    if len(pass_words) != 1 or number is None:
        raise InvalidPositionError(
            f"the pass section needs one whole number, found {' '.join(pass_words) or 'nothing'!r}"
        )
    return Pyramid.from_position(places, stock, waste, pass_number=number, rules=rules)
