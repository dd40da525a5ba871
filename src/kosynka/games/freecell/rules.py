"""FreeCell ("Свободная ячейка"): the rules, their options and the game class.

One deck, all 52 cards face up in eight columns, up to four free cells and four foundations
built up by suit from the Ace. Columns build down in alternating colours; a free cell takes any
one card; an empty column takes any card; a foundation's top card may come back to a column
(an option). An ordered run moves as one move (a *supermove*) only when it could be done card by
card through the empty cells and columns: at most ``(1 + empty cells) * 2 ** empty columns``
cards, not counting the destination when it is an empty column itself.

The position is kept as small integers (card index ``suit * 13 + rank - 1``, see
:attr:`kosynka.cards.Card.index`) so that replaying a game and listing its legal moves is fast;
the public methods speak :class:`~kosynka.cards.Card` and :class:`Move`. The engine never moves
a card home by itself.

>>> game = FreeCell(1)
>>> [str(c) for c in game.column(0)]
['JD', 'KD', '2S', '4C', '3S', '6D', '6S']
>>> game.explain(Move.parse("AH>f")).code  # AH lies under 4D JH 8C
'run-not-ordered'
>>> game.push_text("8C>c")
Move.parse('8C>c')
>>> game.explain(Move.parse("8C>c")).code
'same-place'
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from kosynka.cards import (
    ALL_CARDS,
    CARD_FITS,
    CARD_RANK,
    CARD_RED,
    CARD_SUIT,
    CARD_WANTS,
    Card,
    Suit,
)
from kosynka.errors import InvalidNotationError, InvalidPositionError, Reason
from kosynka.games.base import (
    CheckedLine,
    Game,
    Outcome,
    PositionView,
    Refusal,
    Termination,
)
from kosynka.games.freecell import deadend
from kosynka.games.freecell import reasons as R
from kosynka.games.freecell.deals import check_deal_number, freecell_columns
from kosynka.numtext import parse_whole

COLUMNS: Final = 8
"""Columns of the tableau; ``Move.to`` 0..7 is a column."""
FOUNDATION: Final = 8
"""``Move.to`` for the moved card's foundation (written ``f``)."""
CELL: Final = 9
"""``Move.to`` for the first empty free cell (written ``c``)."""
CELL_SLOT: Final = 10
"""``Move.to`` for free cell ``k`` (0-based) is ``CELL_SLOT + k`` (written ``c1`` .. ``c4``)."""
MAX_CELLS: Final = 4
_DESTS: Final = CELL_SLOT + MAX_CELLS
"""Destinations per card in the table of every move."""

# Per card index: rank 1..13, suit 0..3, colour (1 for red).
_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED
_FITS_KEY: Final = CARD_FITS
"""Per card: the key under which :meth:`FreeCell.legal_move_list` files the columns it fits."""
_WANTS_KEY: Final = CARD_WANTS
"""Per card on top of a column: the key of the cards that may go on it."""


def _fits_on(card: int, target: int) -> bool:
    """True when ``card`` may lie on ``target`` in a column (one rank lower, other colour):
    its fit key is the key ``target`` wants (loops over runs compare the keys inline)."""
    return _FITS_KEY[card] == _WANTS_KEY[target]


@dataclass(frozen=True, slots=True)
class FreeCellRules:
    """The rule options: how many free ``cells`` (0..4) and whether a foundation's top card may
    come back to a column (``foundation_return``).

    >>> FreeCellRules().text()
    'cells=4 return=on'
    """

    cells: int = 4
    foundation_return: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.cells, bool) or not isinstance(self.cells, int):
            raise InvalidNotationError(f"cells must be a whole number 0..4, not {self.cells!r}")
        if not 0 <= self.cells <= MAX_CELLS:
            raise InvalidNotationError(f"cells must be 0..4, not {self.cells}")
        if not isinstance(self.foundation_return, bool):
            raise InvalidNotationError(
                f"foundation_return must be true or false, not {self.foundation_return!r}"
            )

    def text(self) -> str:
        """The rules as ``cells=4 return=on`` (the position text's header)."""
        return f"cells={self.cells} return={'on' if self.foundation_return else 'off'}"


@dataclass(frozen=True, slots=True)
class Move:
    """A FreeCell move: ``card`` and everything on it to ``to``: a column 0..7 (written 1..8),
    its foundation (:data:`FOUNDATION`, ``f``), the first empty free cell (:data:`CELL`, ``c``)
    or free cell ``k`` (``CELL_SLOT + k``, written ``c1`` .. ``c4``). The card named is the
    deepest card moved, so ``9H>3`` moves 9H with the run on it.

    >>> Move.parse("10h>3")
    Move.parse('TH>3')
    >>> str(Move.parse("ah > F")), str(Move.parse("5s>C")), str(Move.parse("5s>cb"))
    ('AH>f', '5S>c', '5S>c2')
    """

    card: Card
    to: int

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise InvalidNotationError(f"a move needs a card, not {self.card!r}")
        if isinstance(self.to, bool) or not isinstance(self.to, int) or not 0 <= self.to < _DESTS:
            raise InvalidNotationError(
                f"a card goes to a column 0..7, FOUNDATION, CELL or a cell slot, not {self.to!r}"
            )

    @staticmethod
    def to_column(card: Card, column: int) -> Move:
        """Move ``card`` (and the cards on it) to ``column`` 0..7."""
        return Move(card, column)

    @staticmethod
    def to_foundation(card: Card) -> Move:
        """Move ``card`` to its foundation."""
        return Move(card, FOUNDATION)

    @staticmethod
    def to_cell(card: Card, slot: int | None = None) -> Move:
        """Move ``card`` to free cell ``slot`` (0-based), or to the first empty one."""
        return Move(card, CELL if slot is None else CELL_SLOT + slot)

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``7C>4``, ``AH>f``, ``5S>c``, ``5S>c2``; raise :class:`InvalidNotationError`."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move must be text, not {type(text).__name__}")
        return _parse_move(text)

    @staticmethod
    def _parse_uncached(text: str) -> Move:
        t = "".join(text.split())
        card_text, sep, dest = t.partition(">")
        if not sep or not card_text or not dest:
            raise InvalidNotationError(
                f"not a move: {text!r} (expected CARD>DEST such as 7C>4, AH>f or 5S>c)"
            )
        card = Card.parse(card_text)
        d = dest.lower()
        if d == "f":
            return Move(card, FOUNDATION)
        if d == "c":
            return Move(card, CELL)
        column = parse_whole(d, "destination column")
        if column is not None and 1 <= column <= COLUMNS:
            return Move(card, column - 1)
        if len(d) == 2 and d[0] == "c" and d[1] in "abcd":
            return Move(card, CELL_SLOT + "abcd".index(d[1]))
        cell = parse_whole(d[1:], "free cell number") if d[0] == "c" else None
        if cell is not None and 1 <= cell <= 4:
            return Move(card, CELL_SLOT + cell - 1)
        raise InvalidNotationError(
            f"not a destination: {dest!r} in {text!r} (expected a column 1..8, f, c or c1..c4)"
        )

    @property
    def is_to_cell(self) -> bool:
        """True for a move to a free cell (the first empty one or a named one)."""
        return self.to >= CELL

    @property
    def cell_slot(self) -> int | None:
        """The free cell (0-based) a move to a named cell goes to; None for any other move."""
        return self.to - CELL_SLOT if self.to >= CELL_SLOT else None

    def text(self) -> str:
        """The move text: ``7C>4``, ``AH>f``, ``5S>c``, ``5S>c2``."""
        return _MOVE_TEXTS[self.card.index * _DESTS + self.to]

    def _format(self) -> str:
        """The move text, made up (:meth:`text` reads it from a table of every move)."""
        to = self.to
        if to == FOUNDATION:
            dest = "f"
        elif to == CELL:
            dest = "c"
        elif to >= CELL_SLOT:
            dest = f"c{to - CELL_SLOT + 1}"
        else:
            dest = str(to + 1)
        return f"{self.card}>{dest}"

    __str__ = text  # str(move) is the move text, read straight from the table

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


@functools.lru_cache(maxsize=8192)
def _parse_move(text: str) -> Move:
    """Move text to a Move, cached: games are replayed from their move text on every request."""
    return Move._parse_uncached(text)


_MOVES: Final = tuple(Move(c, to) for c in ALL_CARDS for to in range(_DESTS))
"""Every move, indexed by ``card_index * _DESTS + to``."""

_MOVE_TEXTS: Final = tuple(m._format() for m in _MOVES)
"""The text of every move, indexed as :data:`_MOVES` (solver lines print many thousands)."""

# Where a card lies, as returned by FreeCell._locate.
_IN_COLUMN, _IN_CELL, _IN_FOUNDATION = 0, 1, 2
_Where = tuple[int, int, int]
_Undo = tuple[int, int, int, int, int]
"""What :meth:`FreeCell._unapply` needs: the source's zone and place, how many cards moved,
where they went (a cell as ``CELL_SLOT + k``) and the moved card."""
_Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


class FreeCell(Game[Move]):
    """A game of FreeCell: the position, the rules and the moves made so far.

    Create one from a deal number (``FreeCell(11982)``, Microsoft's numbers by default) or from
    any position with :meth:`from_position`."""

    name: ClassVar[str] = "freecell"
    rules: FreeCellRules
    deal_number: int | None
    numbering: str

    def __init__(
        self,
        deal: int | None = None,
        *,
        rules: FreeCellRules | None = None,
        numbering: str = "ms",
    ) -> None:
        self.rules = rules if rules is not None else FreeCellRules()
        self.numbering = numbering
        number = 1 if deal is None else deal
        self.deal_number = check_deal_number(number, numbering)
        self._cols: list[list[int]] = [
            [c.index for c in col] for col in freecell_columns(number, numbering)
        ]
        self._cells: list[int] = [-1] * self.rules.cells
        self._found: list[int] = [0, 0, 0, 0]
        self._start_history()

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_position(
        cls,
        columns: Sequence[Sequence[Card]],
        cells: Sequence[Card | None] = (),
        foundations: Sequence[int] = (0, 0, 0, 0),
        *,
        rules: FreeCellRules | None = None,
    ) -> FreeCell:
        """Any position: eight ``columns`` bottom to top, the free ``cells`` in order (``None``
        for an empty one; fewer than the rules' cells are padded with empty ones) and the
        number of cards on each foundation in suit order C, D, H, S. Raises
        :class:`InvalidPositionError` when the position is malformed or impossible."""
        game = cls.__new__(cls)
        game.rules = rules if rules is not None else FreeCellRules()
        game.numbering = "ms"
        game.deal_number = None
        n_cells = game.rules.cells
        try:
            game._cols = [[c.index for c in col] for col in columns]
            slots = [-1 if c is None else c.index for c in cells]
            game._found = [int(n) for n in foundations]
        except (AttributeError, TypeError, ValueError) as exc:
            raise InvalidPositionError(f"malformed position: {exc}") from None
        if len(slots) > n_cells:
            held = sum(1 for c in slots if c >= 0)
            if any(c >= 0 for c in slots[n_cells:]):
                raise InvalidPositionError(
                    f"too many free cells for the rules: {len(slots)} given ({held} holding a"
                    f" card), but the rules have {n_cells} (cells={n_cells})"
                )
            slots = slots[:n_cells]
        game._cells = slots + [-1] * (n_cells - len(slots))
        game._start_history()
        game._validate()
        return game

    def _validate(self) -> None:
        """Check that the position has eight columns and holds each card exactly once."""
        if len(self._cols) != COLUMNS:
            raise InvalidPositionError(f"FreeCell has 8 columns, not {len(self._cols)}")
        if len(self._found) != 4:
            raise InvalidPositionError(
                f"FreeCell has 4 foundations (C, D, H, S), not {len(self._found)}"
            )
        for s, n in enumerate(self._found):
            if not 0 <= n <= 13:
                raise InvalidPositionError(
                    f"foundation {Suit(s).letter} holds {n} cards (0..13 allowed)"
                )
        seen: dict[int, str] = {}
        count = 0

        def place(card: int, where: str) -> None:
            nonlocal count
            count += 1
            if card in seen:
                raise InvalidPositionError(
                    f"duplicate card {ALL_CARDS[card]}: in {seen[card]} and in {where}"
                )
            seen[card] = where

        for s, n in enumerate(self._found):
            for r in range(n):
                place(s * 13 + r, f"foundation {Suit(s).letter}")
        for i, col in enumerate(self._cols):
            for c in col:
                place(c, f"column {i + 1}")
        for k, c in enumerate(self._cells):
            if c >= 0:
                place(c, f"free cell {k + 1}")
        if count != 52:
            missing = " ".join(str(ALL_CARDS[i]) for i in range(52) if i not in seen)
            raise InvalidPositionError(
                f"a position needs all 52 cards, found {count}; missing: {missing}"
            )

    # ----------------------------------------------------------------- reading the position
    def column(self, i: int) -> list[Card]:
        """Column ``i`` (0..7), bottom to top."""
        return [ALL_CARDS[c] for c in self._cols[i]]

    def cells(self) -> list[Card | None]:
        """The free cells in order, ``None`` for an empty one (as many as the rules have)."""
        return [None if c < 0 else ALL_CARDS[c] for c in self._cells]

    def free_cell_count(self) -> int:
        """How many free cells are empty."""
        return self._cells.count(-1)

    def empty_column_count(self) -> int:
        """How many columns are empty."""
        return self._cols.count([])

    def foundation_count(self, suit: Suit | int) -> int:
        """How many cards the foundation of ``suit`` holds (0..13)."""
        return self._found[int(suit)]

    def foundation_counts(self) -> tuple[int, int, int, int]:
        """Cards on each foundation, in suit order C, D, H, S."""
        f = self._found
        return (f[0], f[1], f[2], f[3])

    def foundation_top(self, suit: Suit | int) -> Card | None:
        """The top card of the foundation of ``suit``, or None when it is empty."""
        n = self._found[int(suit)]
        return ALL_CARDS[int(suit) * 13 + n - 1] if n else None

    def supermove_limit(self, to_empty_column: bool = False) -> int:
        """The longest ordered run that may move now onto a card (or, with
        ``to_empty_column``, into an empty column, which then does not count as room):
        ``(1 + empty cells) * 2 ** empty columns``. This is the browser's "longest group"
        counter."""
        empties = self.empty_column_count()
        if to_empty_column:
            if not empties:
                return 0
            empties -= 1
        return (1 + self._cells.count(-1)) << empties

    def view(self) -> PositionView:
        """A read-only picture of the position: the columns (nothing face down), the free
        cells (``None`` for an empty one) and the foundations (suit order C, D, H, S)."""
        return PositionView(
            columns=tuple(tuple(ALL_CARDS[c] for c in col) for col in self._cols),
            face_down=(0,) * COLUMNS,
            cells=tuple(None if c < 0 else ALL_CARDS[c] for c in self._cells),
            foundations=tuple(
                tuple(ALL_CARDS[s * 13 + r] for r in range(n)) for s, n in enumerate(self._found)
            ),
        )

    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return sum(self._found) == 52

    # ----------------------------------------------------------------- moves
    def parse_move(self, text: str) -> Move:
        """Read a move in move text (``7C>4``, ``AH>f``, ``5S>c``, ``5S>c2``)."""
        return Move.parse(text)

    def parse_standard(self, token: str) -> Move:
        """Read a move in fc-solve's standard notation (``3a``, ``a8``, ``5h``, ``ah``, ``12``,
        ``35v2``) as it applies to this position (see
        :func:`kosynka.games.freecell.notation.parse_standard`)."""
        from kosynka.games.freecell.notation import parse_standard

        return parse_standard(self, token)

    def standard(self, move: Move) -> str:
        """``move`` (legal here) in fc-solve's standard notation (see
        :func:`kosynka.games.freecell.notation.standard`)."""
        from kosynka.games.freecell.notation import standard

        return standard(self, move)

    def _locate(self, card: int, column: int | None = None) -> _Where:
        """Where ``card`` is: (zone, column or cell slot or suit, index in that pile).
        ``column`` is a column the caller expects it in, looked at first (a replay that keeps
        track of its cards skips the scan of the other columns)."""
        if column is not None:
            col = self._cols[column]
            if card in col:
                return _IN_COLUMN, column, col.index(card)
        suit = _SUIT[card]
        rank = _RANK[card]
        if rank <= self._found[suit]:
            return _IN_FOUNDATION, suit, rank - 1
        cells = self._cells
        if card in cells:  # four places at most: cheaper to rule out than eight columns
            return _IN_CELL, cells.index(card), 0
        for i, col in enumerate(self._cols):
            if card in col:
                return _IN_COLUMN, i, col.index(card)
        raise InvalidPositionError(f"{ALL_CARDS[card]} is nowhere in the position")

    def explain(self, move: Move) -> Reason | None:
        """``None`` when ``move`` is legal here, otherwise the :class:`Reason` that refuses it.

        The rules are asked in a fixed order (see :mod:`kosynka.games.freecell.reasons`): the
        source, the group, the destination, the room for a group."""
        return self._check(move)[0]

    def _checked(self, move: Move) -> tuple[Move, Reason | None, _Where]:
        """The move, why it is refused (None when legal) and the moved card's place."""
        reason, where = self._check(move)
        return move, reason, where

    def _check(self, move: Move) -> tuple[Reason | None, _Where]:
        """:meth:`explain`, with the moved card's place for :meth:`_apply` to reuse."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, got {type(move).__name__}")
        card = move.card.index
        where = self._locate(card)
        return self._explain(card, move.to, where), where

    def _explain(self, card: int, to: int, where: _Where) -> Reason | None:
        """:meth:`explain` for ``card`` (an index) found at ``where``, moved to ``to``."""
        zone, src, idx = where
        # 1. The source.
        if zone == _IN_FOUNDATION:
            if self._found[src] != _RANK[card]:
                return R.NOT_AVAILABLE
            if to == FOUNDATION:
                return R.SAME_PLACE
            if not self.rules.foundation_return:
                return R.FOUNDATION_RETURN_OFF
            if to >= CELL:
                return R.FOUNDATION_TO_CELL
        elif zone == _IN_CELL:
            if to >= CELL:
                return R.SAME_PLACE
        elif to == src:
            return R.SAME_PLACE
        # 2. The group: the card and everything on it.
        size = 1
        if zone == _IN_COLUMN:
            col = self._cols[src]
            size = len(col) - idx
            if size > 1:
                fits, wants = _FITS_KEY, _WANTS_KEY  # _fits_on, inline
                for j in range(idx, len(col) - 1):
                    if fits[col[j + 1]] != wants[col[j]]:
                        return R.RUN_NOT_ORDERED
                if to >= CELL:
                    return R.CELL_ONE_CARD
                if to == FOUNDATION:
                    return R.FOUNDATION_ONE_CARD
        # 3. The destination.
        if to >= CELL:
            cells = self._cells
            if to == CELL:
                if -1 not in cells:
                    return R.CELLS_FULL if cells else R.NO_CELLS
                return None
            slot = to - CELL_SLOT
            if slot >= len(cells):
                return R.no_such_cell(slot, len(cells))
            return None if cells[slot] < 0 else R.cell_taken(slot)
        if to == FOUNDATION:
            return None if self._found[_SUIT[card]] == _RANK[card] - 1 else R.FOUNDATION_ORDER
        dest = self._cols[to]
        if dest:
            target = dest[-1]
            if _RANK[target] != _RANK[card] + 1:
                return R.RANK
            if _RED[target] == _RED[card]:
                return R.COLOUR
        # 4. The room to move a group.
        if size > 1:
            limit = self.supermove_limit(to_empty_column=not dest)
            if size > limit:
                return R.supermove_too_long(limit)
        return None

    def generate_legal_moves(self) -> Iterator[Move]:
        """Yield the legal moves: to the foundations first, then runs and cards between columns,
        free cells to columns, column tops to the first empty free cell, and foundation tops
        back to columns. A move to a named free cell (``c2``) is legal whenever the same card's
        move to ``c`` is and that cell is empty, but is not listed: ``c`` stands for them."""
        return iter(self.legal_move_list())

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a list, in :meth:`generate_legal_moves` order."""
        out: list[Move] = []
        add = out.append
        cols = self._cols
        cells = self._cells
        found = self._found
        moves = _MOVES
        # 1. Home.
        for c in cells:
            if c >= 0 and found[_SUIT[c]] == _RANK[c] - 1:
                add(moves[c * _DESTS + FOUNDATION])
        for col in cols:
            if col:
                top = col[-1]
                if found[_SUIT[top]] == _RANK[top] - 1:
                    add(moves[top * _DESTS + FOUNDATION])
        # The columns each kind of card fits on (by rank * 2 + red), and the empty columns.
        onto: dict[int, list[int]] = {}
        empties: list[int] = []
        for k, col in enumerate(cols):
            if col:
                key = _WANTS_KEY[col[-1]]
                if key in onto:
                    onto[key].append(k)
                else:
                    onto[key] = [k]
            else:
                empties.append(k)
        free = cells.count(-1)
        limit = (1 + free) << len(empties)
        limit_empty = limit >> 1
        none: list[int] = []
        # 2. Between columns: each card of a column's ordered top run, as far as the room goes.
        for i, col in enumerate(cols):
            n = len(col)
            if not n:
                continue
            j = n - 1
            while True:
                card = col[j]
                size = n - j
                if size > limit:
                    break
                base = card * _DESTS
                for k in onto.get(_FITS_KEY[card], none):
                    if k != i:
                        add(moves[base + k])
                if size <= limit_empty:
                    for k in empties:
                        add(moves[base + k])
                if j == 0 or not _fits_on(card, col[j - 1]):
                    break
                j -= 1
        # 3. Free cells to columns.
        for c in cells:
            if c >= 0:
                base = c * _DESTS
                for k in onto.get(_FITS_KEY[c], none):
                    add(moves[base + k])
                for k in empties:
                    add(moves[base + k])
        # 4. Column tops to a free cell.
        if free:
            for col in cols:
                if col:
                    add(moves[col[-1] * _DESTS + CELL])
        # 5. Foundation tops back to columns.
        if self.rules.foundation_return:
            for s in range(4):
                n = found[s]
                if n:
                    c = s * 13 + n - 1
                    base = c * _DESTS
                    for k in onto.get(_FITS_KEY[c], none):
                        add(moves[base + k])
                    for k in empties:
                        add(moves[base + k])
        return out

    def solver_position(self) -> tuple[list[list[int]], list[int], list[int]]:
        """The position as the solvers take it, in plain lists of card indices
        (:attr:`~kosynka.cards.Card.index`) made for the caller: the columns bottom to top, one
        entry per free cell of the rules (-1 for an empty one) and the cards on each foundation
        (C, D, H, S). Cheap: a range of deals asks it of every deal."""
        return [list(col) for col in self._cols], list(self._cells), list(self._found)

    def check_codes(self, codes: Sequence[int]) -> CheckedLine[Move]:
        """:meth:`Game.check_line` for a line of the solvers' move codes: ``card * 16 + to``
        (the card's index, ``to`` as in :class:`Move`: a column 0..7, :data:`FOUNDATION` or
        :data:`CELL`). A code naming no such move is refused (no reason: it is not a move).

        Each move is checked by the rules' own check behind :meth:`explain` and made as
        :meth:`advance` makes it, without a :class:`Move` built per check or any history kept;
        the column of each card in a column is followed along the line, so the card is found
        without a scan of the other columns."""
        board = self.copy(stack=False)
        locate, explain, apply = board._locate, board._explain, board._apply
        cols = board._cols
        column_of = {c: i for i, col in enumerate(cols) for c in col}
        made: list[Move] = []
        moves = _MOVES
        for i, code in enumerate(codes):
            card, to = code >> 4, code & 15
            if not 0 <= card < 52 or to > CELL:
                return CheckedLine(made, board, Refusal(i, code, None, f"bad move code {code}"))
            move = moves[card * _DESTS + to]
            where = locate(card, column_of.get(card))
            reason = explain(card, to, where)
            if reason is not None:
                return CheckedLine(made, board, Refusal(i, move, reason, str(reason)))
            size = apply(move, where)[2]  # the cards moved
            if to < FOUNDATION:
                dest = cols[to]
                for c in dest[len(dest) - size :]:
                    column_of[c] = to
            else:
                column_of.pop(card, None)
            made.append(move)
        return CheckedLine(made, board)

    def _apply(self, move: Move, where: _Where | None = None) -> _Undo:
        """Change the position by a legal ``move`` (no checks); ``where`` is the moved card's
        place when the caller has looked it up already. Return what :meth:`_unapply` needs to
        take the move back (no snapshot: for players and searches that try many moves)."""
        card = move.card.index
        zone, src, idx = where if where is not None else self._locate(card)
        if zone == _IN_COLUMN:
            col = self._cols[src]
            run = col[idx:]
            del col[idx:]
        elif zone == _IN_CELL:
            self._cells[src] = -1
            run = [card]
        else:
            self._found[src] -= 1
            run = [card]
        to = move.to
        if to < FOUNDATION:
            self._cols[to].extend(run)
        elif to == FOUNDATION:
            self._found[_SUIT[card]] += 1
        else:
            cells = self._cells
            slot = cells.index(-1) if to == CELL else to - CELL_SLOT
            cells[slot] = card
            to = CELL_SLOT + slot
        return zone, src, len(run), to, card

    def _unapply(self, undo: _Undo) -> None:
        """Take back the move :meth:`_apply` made, from the record it returned."""
        zone, src, size, to, card = undo
        if to < FOUNDATION:
            col = self._cols[to]
            run = col[-size:]
            del col[-size:]
        elif to == FOUNDATION:
            self._found[_SUIT[card]] -= 1
            run = [card]
        else:
            self._cells[to - CELL_SLOT] = -1
            run = [card]
        if zone == _IN_COLUMN:
            self._cols[src].extend(run)
        elif zone == _IN_CELL:
            self._cells[src] = card
        else:
            self._found[src] += 1

    def _snapshot(self) -> _Snapshot:
        """The whole position as nested tuples (what :meth:`pop` restores)."""
        return (tuple(map(tuple, self._cols)), tuple(self._cells), tuple(self._found))

    def _restore(self, snap: _Snapshot) -> None:
        cols, cells, found = snap
        self._cols = [list(c) for c in cols]
        self._cells = list(cells)
        self._found = list(found)

    # ----------------------------------------------------------------- the end of the game
    def is_stuck(self) -> bool:
        """True when no move at all is legal (and the game is not won)."""
        return not self.is_won() and not self.legal_move_list()

    def is_dead_end(self) -> bool:
        """True when no sequence of legal moves can ever put more cards home than the
        foundations hold now, so the game is lost, however the cards are moved to and fro
        (see :mod:`kosynka.games.freecell.deadend`; a search too large for its bound answers
        False). A won game is not at a dead end."""
        return self._remembered_dead_end(lambda: deadend.search(self).dead)

    def outcome(self) -> Outcome | None:
        """``Outcome(WON)`` when every card is home, ``Outcome(STUCK)`` when the game is lost:
        no move is legal (:meth:`is_stuck`), or no sequence of moves can ever send one more
        card home (:meth:`is_dead_end`); otherwise ``None``. The dead-end search is bounded (a
        few milliseconds as a rule): ask this once per position shown, not in a search's inner
        loop."""
        if self.is_won():
            return Outcome(Termination.WON)
        if self.is_stuck() or self.is_dead_end():
            return Outcome(Termination.STUCK)
        return None

    # ----------------------------------------------------------------- identity
    def copy(self, *, stack: bool = True) -> FreeCell:
        """An independent copy; with ``stack=False`` its move history starts empty."""
        game = FreeCell.__new__(FreeCell)
        game.rules = self.rules
        game.numbering = self.numbering
        game.deal_number = self.deal_number
        game._cols = [list(c) for c in self._cols]
        game._cells = list(self._cells)
        game._found = list(self._found)
        self._copy_history(game, stack)
        return game

    def key(self) -> Hashable:
        """A hashable key of the position: the columns, the foundations and the cards in the
        free cells, whichever cells they are in (play goes on the same). Move history is not
        part of it."""
        return (tuple(map(tuple, self._cols)), tuple(sorted(self._cells)), tuple(self._found))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FreeCell):
            return NotImplemented
        return self.rules == other.rules and self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        deal = f" deal={self.deal_number}" if self.deal_number is not None else ""
        return f"<FreeCell{deal} {self.rules.text()} moves={self.moves_made}>"
