"""Spider's position text: one line of four sections separated by ``|``::

    spider suits=2 | tableau 5h 9s Kh QS / ... / - | stock 7H 2S ... | removed S H

* the header names the game and the rules (``suits=1``, ``2`` or ``4``);
* ``tableau`` lists the ten columns bottom to top, separated by ``/`` (``-`` for an empty
  column); a face-down card has a lower-case suit (``5h``), a face-up card an upper-case one;
  tens are ``T`` (``10`` is read too);
* ``stock`` lists the cards still to be dealt in dealing order: the first ten are the next row,
  for columns 1..10 (``-`` when empty);
* ``removed`` lists the suit letter of each complete run taken off, in the order they went
  (``-`` when none).

Line breaks count as spaces, so the text may be wrapped.

>>> from kosynka.games.spider.rules import Spider, SpiderRules
>>> game = Spider(1, rules=SpiderRules(suits=2))
>>> parse_text(format_text(game)) == game
True
>>> format_text(game)[:40]
'spider suits=2 | tableau Js 4s Ks Qs 4s '
"""

from __future__ import annotations

from typing import Final

from kosynka.cards import Card, Suit
from kosynka.errors import InvalidNotationError, InvalidPositionError, shown
from kosynka.games.spider.rules import COLUMNS, Spider, SpiderRules
from kosynka.numtext import parse_whole

FORMATS: Final = ("text",)
_SECTIONS: Final = ("tableau", "stock", "removed")
_SUIT_BY_LETTER: Final = {s.letter: s for s in Suit} | {s.symbol: s for s in Suit}


def _card_token(card: Card, face_down: bool = False) -> str:
    """The card as a position-text token (a lower-case suit when face down)."""
    t = card.text()
    return t[:-1] + t[-1].lower() if face_down else t


def format_text(game: Spider) -> str:
    """Spider's one-line position text for ``game``."""
    columns = []
    for i in range(COLUMNS):
        hidden = game.face_down_count(i)
        toks = [_card_token(c, j < hidden) for j, c in enumerate(game.column(i))]
        columns.append(" ".join(toks) if toks else "-")
    stock = " ".join(c.text() for c in game.stock()) or "-"
    removed = " ".join(s.letter for s in game.removed()) or "-"
    return (
        f"spider {game.rules.text()} | tableau {' / '.join(columns)} | stock {stock}"
        f" | removed {removed}"
    )


def looks_like_text(text: str) -> bool:
    """True when ``text`` starts with the word ``spider`` (a cheap look, not a parse)."""
    words = text.split(None, 1)
    return bool(words) and words[0].lower() == "spider"


def _parse_header(header: str) -> SpiderRules:
    """The rules from the header ``spider suits=N``; raise InvalidPositionError."""
    words = header.split()
    if not words or words[0].lower() != "spider":
        got = words[0] if words else "nothing"
        raise InvalidPositionError(
            f"position text must start with the game name 'spider', not {got!r}"
        )
    values: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq or key.lower() != "suits":
            raise InvalidPositionError(f"unknown header field {w!r} (expected suits=1, 2 or 4)")
        if "suits" in values:
            raise InvalidPositionError("header field 'suits' given twice")
        values["suits"] = value
    if "suits" not in values:
        raise InvalidPositionError("the header must say how many suits: suits=1, 2 or 4")
    text = values["suits"]
    suits = parse_whole(text, "suits", error=InvalidPositionError)
    if suits is None:
        raise InvalidPositionError(f"suits must be 1, 2 or 4, not {shown(text)}")
    try:
        return SpiderRules(suits=suits)
    except InvalidNotationError as exc:
        raise InvalidPositionError(str(exc)) from None


def _parse_card(token: str, where: str) -> Card:
    """A card token of the position text; raise InvalidPositionError naming ``where``."""
    try:
        return Card.parse(token)
    except InvalidNotationError:
        raise InvalidPositionError(f"unknown token {shown(token)} in {where}") from None


def parse_text(text: str) -> Spider:
    """Read Spider's position text; raise :class:`InvalidPositionError` naming the problem."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 4:
        raise InvalidPositionError(
            "Spider's position text needs 4 sections separated by '|' (header, tableau, stock,"
            f" removed), found {len(parts)}"
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
    col_texts = " ".join(body["tableau"]).split("/")
    if len(col_texts) != COLUMNS:
        raise InvalidPositionError(
            f"the tableau needs 10 columns separated by '/', found {len(col_texts)}"
        )
    columns: list[list[Card]] = []
    face_down: list[int] = []
    for i, col_text in enumerate(col_texts):
        toks = col_text.split()
        where = f"column {i + 1}"
        if not toks:
            raise InvalidPositionError(f"{where} is blank (write '-' for an empty column)")
        if toks == ["-"]:
            columns.append([])
            face_down.append(0)
            continue
        cards = [_parse_card(t, where) for t in toks]
        hidden = 0
        for j, tok in enumerate(toks):
            down = tok[-1] in "cdhs"
            if down and j != hidden:
                raise InvalidPositionError(
                    f"{where}: face-down card {tok} lies above a face-up card"
                )
            hidden += down
        columns.append(cards)
        face_down.append(hidden)
    stock_toks = body["stock"]
    stock = [] if stock_toks == ["-"] else [_parse_card(t, "the stock") for t in stock_toks]
    removed: list[Suit] = []
    rem_toks = body["removed"]
    if rem_toks != ["-"]:
        for tok in rem_toks:
            suit = _SUIT_BY_LETTER.get(tok.upper())
            if suit is None:
                raise InvalidPositionError(
                    f"unknown token {tok!r} in removed (expected a suit letter C, D, H or S,"
                    " or '-')"
                )
            removed.append(suit)
    return Spider.from_position(columns, face_down, stock, removed, rules=rules)
