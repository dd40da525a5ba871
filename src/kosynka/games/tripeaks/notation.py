"""TriPeaks position text, modelled on Klondike's: one line of four sections separated by ``|``::

    tripeaks wrap=on open=off | table Jd 2d 9h ... 9D QD JS ... | waste 4H | stock AC 4D ...

* the header names the game and the rules (``wrap=on|off``: King and Ace next to each other;
  ``open=on|off``: the peaks dealt face up);
* ``table`` lists the 28 places in PySolFC's order (the peaks' tops, their middle rows, the
  row of nine, the bottom row of ten): a face-down card has a lower-case suit (``5d``), a
  face-up card an upper-case one, and ``--`` marks a place whose card is gone;
* ``waste`` lists the waste bottom to top; its last card is the one played on (never empty);
* ``stock`` lists the stock top to bottom, the next card to turn first (``-`` when empty).

Line breaks count as spaces, so the text may be wrapped.

>>> from kosynka.games.tripeaks.rules import TriPeaks
>>> game = TriPeaks(1)
>>> format_text(game)[:54]
'tripeaks wrap=on open=off | table Jd 2d 9h Jc 5d 7h 7c'
>>> parse_text(format_text(game)) == game
True
"""

from __future__ import annotations

from typing import Final

from kosynka.cards import Card
from kosynka.errors import InvalidNotationError, InvalidPositionError, shown
from kosynka.games.tripeaks.deals import PLACES
from kosynka.games.tripeaks.rules import TriPeaks, TriPeaksRules

FORMATS: Final = ("text",)
_SECTIONS: Final = ("table", "waste", "stock")
_GONE_TOKEN: Final = "--"


def format_position(game: TriPeaks, fmt: str = "text") -> str:
    """Write ``game``'s position in ``fmt`` (only ``"text"``)."""
    if fmt == "text":
        return format_text(game)
    raise InvalidNotationError(f"unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")


def _card_token(card: Card, face_down: bool = False) -> str:
    """A card as the table section writes it: a lower-case suit when face down."""
    t = card.text()
    return t[:-1] + t[-1].lower() if face_down else t


def format_text(game: TriPeaks) -> str:
    """kosynka's one-line position text for ``game``."""
    table = []
    for i in range(PLACES):
        card = game.place(i)
        table.append(_GONE_TOKEN if card is None else _card_token(card, not game.is_face_up(i)))
    waste = " ".join(c.text() for c in game.waste())
    stock = " ".join(c.text() for c in game.stock()) or "-"
    return f"tripeaks {game.rules.text()} | table {' '.join(table)} | waste {waste} | stock {stock}"


def parse_on_off(text: str, what: str) -> bool:
    """Read ``on`` or ``off`` (also yes/no, true/false, 1/0); raise InvalidNotationError."""
    t = text.strip().lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise InvalidNotationError(f"{what} must be on or off, not {shown(text)}")


def _parse_header(header: str) -> TriPeaksRules:
    """The rules of the header ``tripeaks wrap=on open=off`` (missing fields at defaults)."""
    words = header.split()
    if not words or words[0].lower() != "tripeaks":
        got = words[0] if words else "nothing"
        raise InvalidPositionError(
            f"position text must start with the game name 'tripeaks', not {got!r}"
        )
    values: dict[str, bool] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq or key not in ("wrap", "open"):
            raise InvalidPositionError(f"unknown header field {w!r} (expected wrap=, open=)")
        if key in values:
            raise InvalidPositionError(f"header field {key!r} given twice")
        try:
            values[key] = parse_on_off(value, key)
        except InvalidNotationError as exc:
            raise InvalidPositionError(str(exc)) from None
    return TriPeaksRules(**values)


def _parse_card(token: str, where: str) -> Card:
    """A card token of ``where``; raise InvalidPositionError naming it."""
    try:
        return Card.parse(token)
    except InvalidNotationError:
        raise InvalidPositionError(f"unknown token {shown(token)} in {where}") from None


def parse_text(text: str) -> TriPeaks:
    """Read kosynka's TriPeaks position text; raise :class:`InvalidPositionError` naming the
    problem."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 4:
        raise InvalidPositionError(
            "position text needs 4 sections separated by '|' (header, table, waste, stock),"
            f" found {len(parts)}"
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
    toks = body["table"]
    if len(toks) != PLACES:
        raise InvalidPositionError(
            f"the table needs 28 places (a card, or '--' for a card gone), found {len(toks)}"
        )
    places: list[Card | None] = []
    face_up: list[bool] = []
    for i, tok in enumerate(toks):
        if tok == _GONE_TOKEN:
            places.append(None)
            face_up.append(True)
            continue
        places.append(_parse_card(tok, f"place {i + 1} of the table"))
        face_up.append(tok[-1] not in "cdhs")
    waste_toks = body["waste"]
    if not waste_toks or waste_toks == ["-"]:
        raise InvalidPositionError(
            "the waste is never empty: the game starts with the stock's first card on it"
        )
    waste = [_parse_card(t, "the waste") for t in waste_toks]
    stock_toks = body["stock"]
    if not stock_toks:
        raise InvalidPositionError("the stock section is blank (write '-' for an empty stock)")
    stock = [] if stock_toks == ["-"] else [_parse_card(t, "the stock") for t in stock_toks]
    for where, tokens in (("the waste", waste_toks), ("the stock", stock_toks)):
        for t in tokens:
            if t != "-" and t[-1] in "cdhs":
                raise InvalidPositionError(
                    f"{t} in {where}: write cards off the table with an upper-case suit"
                )
    return TriPeaks.from_position(places, face_up, waste, stock, rules=rules)
