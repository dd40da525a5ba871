"""Position formats: kosynka's position text and Solvitaire's JSON deal format.

kosynka's position text is one line of five sections separated by ``|``::

    klondike draw=1 passes=unlimited return=on pass=1 | tableau JD / 5d 2D / ... / - |
    stock 4H AC ... | waste - | foundations - - - -

* the header names the game, the rules and the pass number;
* ``tableau`` lists the seven columns bottom to top, separated by ``/`` (``-`` for an empty
  column); a face-down card has a lower-case suit (``5d``), a face-up card an upper-case one;
* ``stock`` lists the stock from the bottom; its last card is the next one drawn;
* ``waste`` lists the waste bottom to top; its last card is the playable one;
* ``foundations`` gives the top card of each foundation in suit order C, D, H, S (``-`` when
  empty).

Line breaks count as spaces, so the text may be wrapped. Solvitaire's JSON format
(``"tableau piles"``, ``"stock"``, ``"waste"``, ``"foundations"``) carries no rules and no pass
number: rules come from the caller and the pass number is 1.

>>> from kosynka.games.klondike import Klondike
>>> game = Klondike(1, numbering="kpat")
>>> parse_position(format_position(game)) == game
True
"""

from __future__ import annotations

import json
from typing import Any, Final

from kosynka.cards import ALL_CARDS, RANK_LETTERS, Card, Suit
from kosynka.errors import InvalidNotationError, InvalidPositionError, shown
from kosynka.games.klondike.rules import Klondike, KlondikeRules
from kosynka.numtext import json_int, parse_whole

FORMATS: Final = ("text", "solvitaire")
_SECTIONS: Final = ("tableau", "stock", "waste", "foundations")


def format_position(game: Klondike, fmt: str = "text") -> str:
    """Write ``game``'s position in ``fmt`` (``"text"`` or ``"solvitaire"``)."""
    if fmt == "text":
        return format_text(game)
    if fmt == "solvitaire":
        return format_solvitaire(game)
    raise InvalidNotationError(f"unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")


def detect_format(text: str) -> str:
    """``"solvitaire"`` for JSON (text starting with ``{``), otherwise ``"text"``."""
    return "solvitaire" if text.lstrip().startswith("{") else "text"


def parse_position(text: str, rules: KlondikeRules | None = None) -> Klondike:
    """Read a position in either format (told apart by content).

    ``rules`` applies to Solvitaire JSON, which has none of its own (default: the standard
    rules); position text states its own rules."""
    if detect_format(text) == "solvitaire":
        return parse_solvitaire(text, rules)
    return parse_text(text)


# ----------------------------------------------------------------------------- position text
def _card_token(card: Card, face_down: bool = False) -> str:
    t = card.text()
    return t[:-1] + t[-1].lower() if face_down else t


def format_text(game: Klondike) -> str:
    """kosynka's one-line position text for ``game``."""
    columns = []
    for i in range(7):
        cards = game.column(i)
        hidden = game.face_down_count(i)
        toks = [_card_token(c, j < hidden) for j, c in enumerate(cards)]
        columns.append(" ".join(toks) if toks else "-")
    stock = " ".join(c.text() for c in game.stock()) or "-"
    waste = " ".join(c.text() for c in game.waste()) or "-"
    found = " ".join(
        (top.text() if (top := game.foundation_top(s)) is not None else "-") for s in Suit
    )
    return (
        f"klondike {game.rules.text()} pass={game.pass_number}"
        f" | tableau {' / '.join(columns)} | stock {stock} | waste {waste} | foundations {found}"
    )


def _parse_header(header: str) -> tuple[KlondikeRules, int]:
    words = header.split()
    if not words or words[0].lower() != "klondike":
        got = words[0] if words else "nothing"
        raise InvalidPositionError(
            f"position text must start with the game name 'klondike', not {got!r}"
        )
    values: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq or key not in ("draw", "passes", "return", "pass"):
            raise InvalidPositionError(
                f"unknown header field {w!r} (expected draw=, passes=, return=, pass=)"
            )
        if key in values:
            raise InvalidPositionError(f"header field {key!r} given twice")
        values[key] = value
    try:
        rules = KlondikeRules(
            draw=_parse_int(values.get("draw", "1"), "draw"),
            passes=parse_passes(values.get("passes", "unlimited")),
            foundation_return=_parse_on_off(values.get("return", "on")),
        )
    except InvalidNotationError as exc:
        raise InvalidPositionError(str(exc)) from None
    return rules, _parse_int(values.get("pass", "1"), "pass")


def _parse_int(text: str, what: str) -> int:
    """A whole number of the header (``draw=``, ``pass=``); raise InvalidPositionError."""
    number = parse_whole(text, what, error=InvalidPositionError)
    if number is None:
        raise InvalidPositionError(f"{what} must be a whole number, not {shown(text)}")
    return number


def _parse_on_off(text: str) -> bool:
    t = text.lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise InvalidPositionError(f"return must be on or off, not {shown(text)}")


def parse_passes(text: str) -> int | None:
    """Read a pass limit: a whole number of at least 1, or ``unlimited``."""
    t = text.strip().lower()
    if t in ("unlimited", "none", "inf", "-"):
        return None
    number = parse_whole(t, "passes")
    if number is None or number < 1:
        raise InvalidNotationError(
            f"passes must be a whole number of at least 1 or 'unlimited', not {shown(text)}"
        )
    return number


def _parse_card(token: str, where: str) -> Card:
    try:
        return Card.parse(token)
    except InvalidNotationError:
        raise InvalidPositionError(f"unknown token {shown(token)} in {where}") from None


def _cards(tokens: list[str], where: str) -> list[Card]:
    if tokens == ["-"]:
        return []
    return [_parse_card(t, where) for t in tokens]


def parse_text(text: str) -> Klondike:
    """Read kosynka's position text; raise :class:`InvalidPositionError` naming the problem."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 5:
        raise InvalidPositionError(
            f"position text needs 5 sections separated by '|' (header, tableau, stock, waste,"
            f" foundations), found {len(parts)}"
        )
    rules, pass_number = _parse_header(parts[0])
    body: dict[str, list[str]] = {}
    for name, part in zip(_SECTIONS, parts[1:], strict=True):
        words = part.split()
        if not words or words[0].lower() != name:
            raise InvalidPositionError(
                f"expected the section {name!r}, found {words[0] if words else 'nothing'!r}"
            )
        body[name] = words[1:]
    col_texts = " ".join(body["tableau"]).split("/")
    if len(col_texts) != 7:
        raise InvalidPositionError(
            f"the tableau needs 7 columns separated by '/', found {len(col_texts)}"
        )
    columns: list[list[Card]] = []
    face_down: list[int] = []
    for i, col_text in enumerate(col_texts):
        toks = col_text.split()
        if not toks:
            raise InvalidPositionError(f"column {i + 1} is blank (write '-' for an empty column)")
        where = f"column {i + 1}"
        cards = _cards(toks, where)
        hidden = 0
        if cards:
            for j, tok in enumerate(toks):
                down = tok[-1] in "cdhs"
                if down and j != hidden:
                    raise InvalidPositionError(
                        f"{where}: face-down card {tok} lies above a face-up card"
                    )
                hidden += down
        columns.append(cards)
        face_down.append(hidden)
    stock = _cards(body["stock"], "the stock")
    waste = _cards(body["waste"], "the waste")
    found_toks = body["foundations"]
    if len(found_toks) != 4:
        raise InvalidPositionError(
            f"foundations need 4 entries (top card or '-', in suit order C D H S),"
            f" found {len(found_toks)}"
        )
    counts = []
    for s, tok in zip(Suit, found_toks, strict=True):
        if tok == "-":
            counts.append(0)
            continue
        card = _parse_card(tok, "the foundations")
        if card.suit != s:
            raise InvalidPositionError(
                f"foundation {len(counts) + 1} is for {s.letter}, but holds {card}"
            )
        counts.append(card.rank)
    return Klondike.from_position(
        columns, face_down, stock, waste, counts, pass_number=pass_number, rules=rules
    )


# ----------------------------------------------------------------------------- Solvitaire JSON
def _solvitaire_card(card: Card, face_down: bool = False) -> str:
    rank = "10" if card.rank == 10 else RANK_LETTERS[card.rank - 1]
    suit = card.suit.letter
    return rank + (suit.lower() if face_down else suit)


def format_solvitaire(game: Klondike) -> str:
    """``game``'s position as Solvitaire JSON (no rules and no pass number: that format has
    neither)."""
    piles = []
    for i in range(7):
        hidden = game.face_down_count(i)
        piles.append([_solvitaire_card(c, j < hidden) for j, c in enumerate(game.column(i))])
    doc = {
        "tableau piles": piles,
        "stock": [_solvitaire_card(c) for c in game.stock()],
        "waste": [_solvitaire_card(c) for c in game.waste()],
        "foundations": [
            [_solvitaire_card(ALL_CARDS[s * 13 + r]) for r in range(game.foundation_count(s))]
            for s in range(4)
        ],
    }
    return json.dumps(doc)


def _json_cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidPositionError(f"{where} must be a list of card strings")
    return value


def parse_solvitaire(text: str, rules: KlondikeRules | None = None) -> Klondike:
    """Read Solvitaire's JSON deal format with the given ``rules``."""
    try:
        doc = json.loads(text, parse_int=json_int)
    except InvalidNotationError as exc:  # an integer too long to read
        raise InvalidPositionError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise InvalidPositionError(
            f"broken JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise InvalidPositionError(
            "JSON nested too deeply: a Solvitaire deal is an object of card lists"
        ) from None
    if not isinstance(doc, dict):
        raise InvalidPositionError("Solvitaire JSON must be an object")
    unknown = sorted(set(doc) - {"tableau piles", "stock", "waste", "foundations"})
    if unknown:
        raise InvalidPositionError(f"unknown key(s) in Solvitaire JSON for Klondike: {unknown}")
    if "tableau piles" not in doc:
        raise InvalidPositionError('Solvitaire JSON needs "tableau piles"')
    piles = doc["tableau piles"]
    if not isinstance(piles, list) or len(piles) != 7:
        n = len(piles) if isinstance(piles, list) else "no"
        raise InvalidPositionError(f'"tableau piles" must list 7 piles, found {n}')
    columns: list[list[Card]] = []
    face_down: list[int] = []
    for i, pile in enumerate(piles):
        where = f"tableau pile {i + 1}"
        toks = _json_cards(pile, where)
        hidden = 0
        cards = []
        for j, tok in enumerate(toks):
            cards.append(_parse_card(tok, where))
            if tok.strip()[-1:] in ("c", "d", "h", "s"):
                if j != hidden:
                    raise InvalidPositionError(
                        f"{where}: face-down card {tok} lies above a face-up card"
                    )
                hidden += 1
        columns.append(cards)
        face_down.append(hidden)
    stock = [_parse_card(t, "the stock") for t in _json_cards(doc.get("stock", []), '"stock"')]
    waste = [_parse_card(t, "the waste") for t in _json_cards(doc.get("waste", []), '"waste"')]
    counts = [0, 0, 0, 0]
    found = doc.get("foundations", [])
    if not isinstance(found, list):
        raise InvalidPositionError('"foundations" must be a list of lists of cards')
    for k, pile in enumerate(found):
        cards = [_parse_card(t, "the foundations") for t in _json_cards(pile, f"foundation {k}")]
        if not cards:
            continue
        suit = cards[0].suit
        if [(c.rank, c.suit) for c in cards] != [(r + 1, suit) for r in range(len(cards))]:
            raise InvalidPositionError(
                f"foundation {k + 1} must run in one suit from the Ace up, found"
                f" {' '.join(str(c) for c in cards)}"
            )
        if counts[suit]:
            raise InvalidPositionError(f"two foundations hold suit {suit.letter}")
        counts[suit] = len(cards)
    return Klondike.from_position(
        columns, face_down, stock, waste, counts, rules=rules or KlondikeRules()
    )
