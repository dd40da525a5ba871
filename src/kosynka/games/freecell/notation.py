"""FreeCell's position formats and fc-solve's standard move notation.

**Position text** (``"text"``), one line of four sections separated by ``|``::

    freecell cells=4 return=on | tableau JD KD 2S 4C 3S 6D 6S / ... | cells - - - - |
    foundations - - - -

* the header names the game and the rules (a missing field takes its default);
* ``tableau`` lists the eight columns bottom to top, separated by ``/`` (``-`` for an empty one);
* ``cells`` lists the free cells in order, as many as the rules have (``-`` for an empty one);
* ``foundations`` gives the top card of each foundation in suit order C, D, H, S (``-`` when
  empty).

Line breaks count as spaces; tens are written ``T`` and read as ``T`` or ``10``.

**fc-solve's board format** (``"fcs"``), read by ``fc-solve`` and most FreeCell tools::

    Foundations: H-0 C-A D-0 S-0
    Freecells: 8C - - -
    : JD KD 2S 4C 3S 6D 6S
    ...
    :

An optional ``Foundations:`` (or ``Founds:``) line gives each suit's top rank (``0`` for none),
an optional ``Freecells:`` (or ``FC:``) line the free cells (``-`` for an empty one; fc-solve's
own output leaves blank, four-character slots, which are read too), then one line per column
from the deepest card to the top card, each optionally starting with ``:``. An empty column is
a line holding just ``:``. The format carries no rules: the caller gives them.

**Standard notation** (fc-solve's ``-sn``/``-snx`` output, FreeCell Pro's solutions): two
characters per move, the source then the destination: ``1``-``8`` a column, ``a``-``d`` a free
cell, ``h`` the foundations. ``35v2`` moves two cards (a hexadecimal count); without ``v`` a move
onto a card moves the run that fits there (as fc-solve writes it) and a move into an empty column
moves one card. kosynka adds ``h<suit><column>`` (``hs3``) for a foundation's top card coming
back to a column, which standard notation has no token for.

>>> from kosynka.games.freecell.rules import FreeCell
>>> game = FreeCell(1)
>>> parse_text(format_text(game)) == game
True
>>> parse_fcs(format_fcs(game)) == game
True
>>> game.standard(game.parse_standard("5a"))
'5a'
"""

from __future__ import annotations

import re
from typing import Final

from kosynka.cards import RANK_LETTERS, Card, Suit
from kosynka.errors import IllegalMoveError, InvalidNotationError, InvalidPositionError, shown
from kosynka.games.freecell.rules import (
    CELL,
    CELL_SLOT,
    COLUMNS,
    FOUNDATION,
    FreeCell,
    FreeCellRules,
    Move,
)
from kosynka.numtext import MAX_DIGITS, parse_whole

FORMATS: Final = ("text", "fcs")
"""The position formats, the position text first."""
_SECTIONS: Final = ("tableau", "cells", "foundations")
_FCS_SUIT_ORDER: Final = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
"""The order fc-solve writes its ``Foundations:`` line in."""
_FOUND_PREFIXES: Final = ("foundations:", "founds:")
_CELL_PREFIXES: Final = ("freecells:", "fc:")
_CELL_LETTERS: Final = "abcd"


def format_position(game: FreeCell, fmt: str = "text") -> str:
    """Write ``game``'s position in ``fmt`` (``"text"`` or ``"fcs"``)."""
    if fmt == "text":
        return format_text(game)
    if fmt == "fcs":
        return format_fcs(game)
    raise InvalidNotationError(
        f"unknown format {fmt!r} for freecell (expected one of: {', '.join(FORMATS)})"
    )


def detect_format(text: str) -> str | None:
    """``"text"`` for position text (it starts with ``freecell``), ``"fcs"`` for an fc-solve
    board (its first line is a ``Foundations:``/``Freecells:`` line, a ``:`` column or a line
    of cards, and it has at most eight column lines), otherwise None. A cheap look, not a
    parse."""
    if not isinstance(text, str):
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return None
    first = lines[0]
    words = first.split()
    if words[0].lower() == "freecell":
        return "text"
    low = first.lower()
    if not low.startswith(_FOUND_PREFIXES + _CELL_PREFIXES + (":",)):
        try:
            for w in words:
                Card.parse(w)
        except InvalidNotationError:
            return None
    columns = sum(
        1 for line in lines if not line.lower().startswith(_FOUND_PREFIXES + _CELL_PREFIXES)
    )
    return "fcs" if columns <= COLUMNS else None


def parse_position(
    text: str, fmt: str | None = None, rules: FreeCellRules | None = None
) -> FreeCell:
    """Read a position in ``fmt`` (detected from the content when None). ``rules`` applies to
    fc-solve boards, which carry none (default: the standard rules); position text states its
    own."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    if fmt is None:
        fmt = detect_format(text)
        if fmt is None:
            first = text.strip().split(None, 1)[0][:40] if text.strip() else ""
            raise InvalidPositionError(
                f"not a FreeCell position (starts with {first!r}; expected position text"
                " starting with 'freecell' or an fc-solve board)"
            )
    if fmt == "text":
        return parse_text(text)
    if fmt == "fcs":
        return parse_fcs(text, rules)
    raise InvalidNotationError(
        f"unknown format {fmt!r} for freecell (expected one of: {', '.join(FORMATS)})"
    )


# ----------------------------------------------------------------------------- position text
def format_text(game: FreeCell) -> str:
    """kosynka's one-line position text for ``game``."""
    columns = [" ".join(c.text() for c in game.column(i)) or "-" for i in range(COLUMNS)]
    cells = " ".join("-" if c is None else c.text() for c in game.cells())
    found = " ".join(
        (top.text() if (top := game.foundation_top(s)) is not None else "-") for s in Suit
    )
    cells_part = f"cells {cells}" if cells else "cells"
    return (
        f"freecell {game.rules.text()} | tableau {' / '.join(columns)} | {cells_part}"
        f" | foundations {found}"
    )


def _parse_header(header: str) -> FreeCellRules:
    """The rules named in the position text's header (``freecell cells=4 return=on``)."""
    words = header.split()
    if not words or words[0].lower() != "freecell":
        got = words[0] if words else "nothing"
        raise InvalidPositionError(
            f"position text must start with the game name 'freecell', not {got!r}"
        )
    values: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        key = key.lower()
        if not eq or key not in ("cells", "return"):
            raise InvalidPositionError(f"unknown header field {w!r} (expected cells=, return=)")
        if key in values:
            raise InvalidPositionError(f"header field {key!r} given twice")
        values[key] = value
    cells_text = values.get("cells", "4")
    cells = parse_whole(cells_text, "cells", error=InvalidPositionError)
    if cells is None:
        raise InvalidPositionError(f"cells must be a whole number 0..4, not {cells_text!r}")
    try:
        return FreeCellRules(
            cells=cells, foundation_return=_parse_on_off(values.get("return", "on"))
        )
    except InvalidNotationError as exc:
        raise InvalidPositionError(str(exc)) from None


def _parse_on_off(text: str) -> bool:
    t = text.lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise InvalidPositionError(f"return must be on or off, not {shown(text)}")


def _parse_card(token: str, where: str) -> Card:
    try:
        return Card.parse(token)
    except InvalidNotationError:
        raise InvalidPositionError(f"unknown token {shown(token)} in {where}") from None


def parse_text(text: str) -> FreeCell:
    """Read kosynka's FreeCell position text; raise :class:`InvalidPositionError` naming the
    problem."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != 4:
        raise InvalidPositionError(
            "FreeCell position text needs 4 sections separated by '|' (header, tableau, cells,"
            f" foundations), found {len(parts)}"
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
            f"the tableau needs 8 columns separated by '/', found {len(col_texts)}"
        )
    columns: list[list[Card]] = []
    for i, col_text in enumerate(col_texts):
        toks = col_text.split()
        if not toks:
            raise InvalidPositionError(f"column {i + 1} is blank (write '-' for an empty column)")
        if toks == ["-"]:
            columns.append([])
        else:
            columns.append([_parse_card(t, f"column {i + 1}") for t in toks])
    cell_toks = body["cells"]
    if len(cell_toks) != rules.cells:
        more = "too many" if len(cell_toks) > rules.cells else "too few"
        raise InvalidPositionError(
            f"{more} free cells for the rules: the cells section lists {len(cell_toks)}, but"
            f" the rules have {rules.cells} (cells={rules.cells}; '-' for an empty cell)"
        )
    cells = [None if t == "-" else _parse_card(t, "the free cells") for t in cell_toks]
    found_toks = body["foundations"]
    if len(found_toks) != 4:
        raise InvalidPositionError(
            "foundations need 4 entries (top card or '-', in suit order C D H S),"
            f" found {len(found_toks)}"
        )
    counts: list[int] = []
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
    return FreeCell.from_position(columns, cells, counts, rules=rules)


# ----------------------------------------------------------------------------- fc-solve boards
def format_fcs(game: FreeCell, ten: str = "T") -> str:
    """``game``'s position as an fc-solve board: the ``Foundations:`` line, the
    ``Freecells:`` line (one slot per free cell of the rules, ``-`` for an empty one; left out
    when the rules have none) and one ``: ``-prefixed line per column (``:`` alone for an empty
    one). ``ten="10"`` writes tens as ``10``. No rules: the format has none."""
    ranks = "0" + RANK_LETTERS
    found = " ".join(f"{s.letter}-{ranks[game.foundation_count(s)]}" for s in _FCS_SUIT_ORDER)
    if ten != "T":
        found = found.replace("-T", "-" + ten)
    lines = [f"Foundations: {found}"]
    cells = game.cells()
    if cells:
        lines.append("Freecells: " + " ".join("-" if c is None else c.text(ten) for c in cells))
    for i in range(COLUMNS):
        col = game.column(i)
        lines.append((": " + " ".join(c.text(ten) for c in col)) if col else ":")
    return "\n".join(lines) + "\n"


_FOUND_TOKEN: Final = re.compile(r"^([CDHScdhs])-(0|10|[A2-9TJQKatjqk1])$")


def _parse_fcs_foundations(rest: str, line_no: int) -> list[int]:
    """The foundation counts (suit order C, D, H, S) from a ``Foundations:`` line's body."""
    counts = [0, 0, 0, 0]
    given: set[int] = set()
    for tok in rest.split():
        m = _FOUND_TOKEN.match(tok)
        if m is None:
            raise InvalidPositionError(
                f"bad foundation {tok!r} on line {line_no} (expected a suit, a dash and a rank"
                " such as H-5, C-A or S-0)"
            )
        suit = int(Suit(("CDHS").index(m.group(1).upper())))
        rank_text = m.group(2).upper()
        rank = 0 if rank_text == "0" else Card.parse(rank_text + "C").rank
        if suit in given:
            raise InvalidPositionError(
                f"foundation {Suit(suit).letter} is given twice on line {line_no}"
            )
        given.add(suit)
        counts[suit] = rank
    return counts


def _parse_fcs_cells(rest: str, line_no: int) -> list[Card | None]:
    """The free cells from a ``Freecells:`` line's body: tokens in order (``-`` for an empty
    cell) or, when the gaps are wider than one space, fc-solve's four-character slots where a
    blank slot is an empty cell."""
    body = rest.rstrip()
    tokens = [(m.group(), m.end()) for m in re.finditer(r"\S+", body)]
    fixed = not any(t == "-" for t, _ in tokens) and (
        body.startswith("  ") or re.search(r"\S\s{2,}\S", body) is not None
    )
    cells: list[Card | None] = []
    where = f"the free cells (line {line_no})"
    if not fixed:
        for tok, _ in tokens:
            cells.append(None if tok == "-" else _parse_card(tok, where))
        return cells
    for tok, end in tokens:
        slot = (end - 1) // 4
        while len(cells) < slot:
            cells.append(None)
        if len(cells) > slot:
            raise InvalidPositionError(f"two cards share a free cell slot in {where}: {rest!r}")
        cells.append(_parse_card(tok, where))
    return cells


def parse_fcs(text: str, rules: FreeCellRules | None = None) -> FreeCell:
    """Read an fc-solve board with the given ``rules`` (default: the standard rules); raise
    :class:`InvalidPositionError` naming the problem."""
    if not isinstance(text, str):
        raise InvalidPositionError("a position must be text")
    rules = rules if rules is not None else FreeCellRules()
    counts: list[int] | None = None
    cells: list[Card | None] | None = None
    columns: list[list[Card]] = []
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        low = line.lower()
        if low.startswith(_FOUND_PREFIXES):
            if counts is not None:
                raise InvalidPositionError(f"a second Foundations line (line {line_no})")
            counts = _parse_fcs_foundations(line.split(":", 1)[1], line_no)
            continue
        if low.startswith(_CELL_PREFIXES):
            if cells is not None:
                raise InvalidPositionError(f"a second Freecells line (line {line_no})")
            cells = _parse_fcs_cells(raw.split(":", 1)[1], line_no)
            continue
        if len(columns) == COLUMNS:
            raise InvalidPositionError(
                f"more than 8 columns: line {line_no} ({line[:40]!r}) is a ninth"
            )
        body = line[1:] if line.startswith(":") else line
        where = f"column {len(columns) + 1} (line {line_no})"
        columns.append([_parse_card(tok, where) for tok in body.split()])
    if len(columns) != COLUMNS:
        raise InvalidPositionError(
            f"an fc-solve board needs 8 column lines (':' alone for an empty column),"
            f" found {len(columns)}"
        )
    cells = cells or []
    held = sum(1 for c in cells if c is not None)
    if held > rules.cells or any(c is not None for c in cells[rules.cells :]):
        raise InvalidPositionError(
            f"too many free cells for the rules: the Freecells line holds {held} card(s) in"
            f" {len(cells)} slot(s), but the rules have {rules.cells} (cells={rules.cells})"
        )
    return FreeCell.from_position(
        columns, cells[: rules.cells], counts or [0, 0, 0, 0], rules=rules
    )


# ----------------------------------------------------------------------------- standard notation
_STANDARD: Final = re.compile(r"^([1-8a-dh])([1-8a-dh])(?:v([0-9a-f]+))?$")
_RETURN: Final = re.compile(r"^h([cdhs])([1-8])$")


def _cell_move(game: FreeCell, card: Card, slot: int) -> Move:
    """A move of ``card`` to free cell ``slot``: written ``c`` when that cell is the first
    empty one (the same move), else naming the cell."""
    cells = game.cells()
    first = next((k for k, c in enumerate(cells) if c is None), None)
    return Move(card, CELL if slot == first else CELL_SLOT + slot)


def parse_standard(game: FreeCell, token: str) -> Move:
    """Read one move of fc-solve's standard notation as it applies to ``game``'s position.

    ``3a`` column 3 to free cell a; ``a8`` free cell a to column 8; ``5h``/``ah`` to the
    foundation; ``12`` column to column: onto a card, the part of the source's ordered run that
    fits there (one card when none fits, for :meth:`FreeCell.explain` to refuse), into an empty
    column one card; ``35v2`` two cards (hexadecimal count); ``hs3`` (kosynka's own) the top
    spade of the foundations back to column 3. Raise :class:`InvalidNotationError` for a token
    that cannot be read or names an empty place; the move returned may still be illegal."""
    if not isinstance(token, str):
        raise InvalidNotationError(f"a move must be text, not {type(token).__name__}")
    t = token.strip().lower()
    m = _RETURN.match(t)
    if m is not None:
        suit = "cdhs".index(m.group(1))
        top = game.foundation_top(suit)
        if top is None:
            raise InvalidNotationError(
                f"{shown(token)}: the {Suit(suit).letter} foundation is empty"
            )
        return Move(top, int(m.group(2)) - 1)
    m = _STANDARD.match(t)
    if m is None:
        raise InvalidNotationError(
            f"not a standard-notation move: {shown(token)} (expected two places from 1-8, a-d, h,"
            " such as 3a, a8, 5h, 12 or 35v2)"
        )
    src, dst, count_text = m.group(1), m.group(2), m.group(3)
    if src == "h":
        raise InvalidNotationError(
            f"{shown(token)}: a move from the foundations is written h<suit><column>, such as hs3"
        )
    if count_text is not None and not (src.isdigit() and dst.isdigit()):
        raise InvalidNotationError(f"{shown(token)}: a 'v' count belongs to column-to-column moves")
    if src in _CELL_LETTERS:
        slot = _CELL_LETTERS.index(src)
        cells = game.cells()
        if slot >= len(cells):
            raise InvalidNotationError(
                f"{shown(token)}: there is no free cell {src} (the rules have {len(cells)})"
            )
        held = cells[slot]
        if held is None:
            raise InvalidNotationError(f"{shown(token)}: free cell {src} is empty")
        card = held
        column: list[Card] = []
    else:
        column = game.column(int(src) - 1)
        if not column:
            raise InvalidNotationError(f"{shown(token)}: column {src} is empty")
        card = column[-1]
    if dst == "h":
        return Move(card, FOUNDATION)
    if dst in _CELL_LETTERS:
        return _cell_move(game, card, _CELL_LETTERS.index(dst))
    to = int(dst) - 1
    if not column:
        return Move(card, to)
    if count_text is not None:
        if len(count_text.lstrip("0")) > MAX_DIGITS:
            raise InvalidNotationError(
                f"the 'v' count of a move is too long: {len(count_text.lstrip('0')):,} digits"
                f" (at most {MAX_DIGITS})"
            )
        count = int(count_text, 16)
        if not 1 <= count <= len(column):
            raise InvalidNotationError(
                f"{shown(token)}: column {src} holds {len(column)} card(s), not {count}"
            )
        return Move(column[-count], to)
    dest = game.column(to)
    if dest and to != int(src) - 1:
        target = dest[-1]
        # Walk down the source's ordered run for the card that fits on the target.
        for j in range(len(column) - 1, -1, -1):
            c = column[j]
            if c.rank + 1 == target.rank and c.is_red != target.is_red:
                return Move(c, to)
            if j == 0 or not (
                column[j - 1].rank == c.rank + 1 and column[j - 1].is_red != c.is_red
            ):
                break
    return Move(card, to)


def standard(game: FreeCell, move: Move) -> str:
    """``move`` in standard notation for ``game``'s position (it must be legal there; raise
    :class:`IllegalMoveError` otherwise). A column-to-column move of more than one card gets
    its ``v`` count; a move to ``c`` names the first empty cell."""
    reason = game.explain(move)
    if reason is not None:
        raise IllegalMoveError(move, reason)
    card = move.card
    to = move.to
    if game.foundation_count(card.suit) >= card.rank:
        return f"h{card.suit.letter.lower()}{to + 1}"
    cells = game.cells()
    if card in cells:
        src = _CELL_LETTERS[cells.index(card)]
        count = 1
    else:
        i = next(k for k in range(COLUMNS) if card in game.column(k))
        column = game.column(i)
        src = str(i + 1)
        count = len(column) - column.index(card)
    if to == FOUNDATION:
        return src + "h"
    if to == CELL:
        return src + _CELL_LETTERS[cells.index(None)]
    if to >= CELL_SLOT:
        return src + _CELL_LETTERS[to - CELL_SLOT]
    return f"{src}{to + 1}" + (f"v{count:x}" if count > 1 else "")


def parse_standard_line(game: FreeCell, text: str) -> list[Move]:
    """Replay a whole solution in standard notation from ``game``'s position (on a copy) and
    return its moves; raise :class:`IllegalMoveError` at the first illegal one."""
    g = game.copy(stack=False)
    moves: list[Move] = []
    for token in text.split():
        move = parse_standard(g, token)
        g.push(move)
        moves.append(move)
    return moves


__all__ = [
    "FORMATS",
    "detect_format",
    "format_fcs",
    "format_position",
    "format_text",
    "parse_fcs",
    "parse_position",
    "parse_standard",
    "parse_standard_line",
    "parse_text",
    "standard",
]
