"""Klondike ("Косынка"): the rules, their options and the game class.

The position is kept as small integers (card index ``suit * 13 + rank - 1``, see
:attr:`kosynka.cards.Card.index`) so that replaying a game and listing its legal moves is fast;
the public methods speak :class:`~kosynka.cards.Card` and :class:`Move`.

>>> game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
>>> game.face_down_count(), game.stock_count(), game.pass_number
(21, 24, 1)
>>> game.push_text("s")
Move.parse('s')
>>> game.explain(Move.parse("JD>f")).code
'foundation-order'
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from kosynka.cards import ALL_CARDS, CARD_RANK, CARD_RED, CARD_SUIT, KING, Card, Suit
from kosynka.errors import InvalidNotationError, InvalidPositionError, KosynkaError, Reason
from kosynka.games.base import (
    CheckedLine,
    Game,
    Outcome,
    PositionView,
    Termination,
    refusal,
)
from kosynka.games.klondike import deadend
from kosynka.games.klondike import reasons as R
from kosynka.games.klondike.deals import KlondikeLayout, klondike_layout
from kosynka.numtext import parse_whole

COLUMNS: Final = 7
FOUNDATION: Final = 7
"""``Move.to`` for a foundation."""
DRAW: Final = -1
"""``Move.to`` for a draw from the stock (``s``)."""
RECYCLE: Final = -2
"""``Move.to`` for turning the waste into a new stock (``r``)."""

# Per card index: rank 1..13, suit 0..3, colour (1 for red).
_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED


def _fits_on(card: int, target: int) -> bool:
    """True when ``card`` may lie on ``target`` in a column (one rank lower, other colour)."""
    return _RANK[target] == _RANK[card] + 1 and _RED[target] != _RED[card]


@dataclass(frozen=True, slots=True)
class KlondikeRules:
    """The rule options: cards per ``draw`` (1 or 3), ``passes`` through the stock (``None`` for
    unlimited) and whether a foundation's top card may come back to the tableau."""

    draw: int = 1
    passes: int | None = None
    foundation_return: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.draw, bool) or self.draw not in (1, 3):
            raise InvalidNotationError(f"draw must be 1 or 3, not {self.draw!r}")
        if self.passes is not None and (
            isinstance(self.passes, bool) or not isinstance(self.passes, int) or self.passes < 1
        ):
            raise InvalidNotationError(
                f"passes must be a whole number of at least 1 or unlimited, not {self.passes!r}"
            )
        if not isinstance(self.foundation_return, bool):
            raise InvalidNotationError(
                f"foundation_return must be true or false, not {self.foundation_return!r}"
            )

    def text(self) -> str:
        """The rules as ``draw=1 passes=unlimited return=on`` (the position text's header)."""
        passes = "unlimited" if self.passes is None else str(self.passes)
        ret = "on" if self.foundation_return else "off"
        return f"draw={self.draw} passes={passes} return={ret}"


@dataclass(frozen=True, slots=True)
class Move:
    """A Klondike move: a draw (``s``), a recycle (``r``) or a card moved with everything on top
    of it to a column (``to`` 0..6, written 1..7) or to its foundation (``to`` = 7, written
    ``f``).

    >>> Move.parse("10h>3")
    Move.parse('TH>3')
    >>> str(Move.parse("ah > F"))
    'AH>f'
    """

    card: Card | None
    to: int

    def __post_init__(self) -> None:
        if self.card is None and self.to not in (DRAW, RECYCLE):
            raise InvalidNotationError("a card move needs a card")
        if self.card is not None and not (0 <= self.to <= FOUNDATION):
            raise InvalidNotationError(f"a card goes to a column 1..7 or 'f', not {self.to!r}")

    @staticmethod
    def draw() -> Move:
        """Turn cards from the stock onto the waste."""
        return _DRAW_MOVE

    @staticmethod
    def recycle() -> Move:
        """Turn the waste over into a new stock."""
        return _RECYCLE_MOVE

    @staticmethod
    def to_foundation(card: Card) -> Move:
        """Move ``card`` to its foundation."""
        return Move(card, FOUNDATION)

    @staticmethod
    def to_column(card: Card, column: int) -> Move:
        """Move ``card`` (and the cards on it) to ``column`` 0..6."""
        return Move(card, column)

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``s``, ``r``, ``7C>4``, ``AH>f``; raise :class:`InvalidNotationError`."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move must be text, not {type(text).__name__}")
        return _parse_move(text)

    @staticmethod
    def _parse_uncached(text: str) -> Move:
        t = "".join(text.split())
        low = t.lower()
        if low == "s":
            return _DRAW_MOVE
        if low == "r":
            return _RECYCLE_MOVE
        card_text, sep, dest = t.partition(">")
        if not sep or not card_text or not dest:
            raise InvalidNotationError(
                f"not a move: {text!r} (expected s, r, or CARD>DEST such as 7C>4 or AH>f)"
            )
        card = Card.parse(card_text)
        if dest.lower() == "f":
            return Move(card, FOUNDATION)
        column = parse_whole(dest, "destination column")
        if column is not None and 1 <= column <= COLUMNS:
            return Move(card, column - 1)
        raise InvalidNotationError(
            f"not a destination: {dest!r} in {text!r} (expected a column 1..7 or f)"
        )

    @property
    def is_card_move(self) -> bool:
        """True for a move of a card (not a draw or a recycle)."""
        return self.card is not None

    def text(self) -> str:
        """The move text: ``s``, ``r``, ``7C>4``, ``AH>f``."""
        if self.card is None:
            return "s" if self.to == DRAW else "r"
        return f"{self.card}>{'f' if self.to == FOUNDATION else self.to + 1}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


@functools.lru_cache(maxsize=8192)
def _parse_move(text: str) -> Move:
    """Move text to a Move, cached: games are replayed from their move text on every request."""
    return Move._parse_uncached(text)


def _is_draw(m: Move | str) -> bool:
    """Whether ``m`` (a move or move text) is a draw from the stock."""
    if isinstance(m, str):
        return m == "s"
    return m.card is None and m.to == DRAW


_DRAW_MOVE: Final = Move(None, DRAW)
_RECYCLE_MOVE: Final = Move(None, RECYCLE)
_FOUNDATION_PILES: Final = tuple(
    tuple(tuple(ALL_CARDS[s * 13 + r] for r in range(n)) for n in range(14)) for s in range(4)
)
"""``_FOUNDATION_PILES[suit][n]``: a foundation of ``suit`` holding ``n`` cards, bottom to top."""
_MOVES: Final = tuple(Move(c, to) for c in ALL_CARDS for to in range(FOUNDATION + 1))
"""Every card move, indexed by ``card_index * 8 + to``."""

# Where a card lies, as returned by Klondike._locate.
_IN_COLUMN, _IN_WASTE, _IN_STOCK, _IN_FOUNDATION = 0, 1, 2, 3

_Snapshot = tuple[
    tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
    tuple[int, ...], int,
]  # fmt: skip


class Klondike(Game[Move]):
    """A game of Klondike: the position, the rules and the moves made so far.

    Create one from a deal number (``Klondike(12345, rules=KlondikeRules(draw=3))``), from a
    :class:`~kosynka.games.klondike.deals.KlondikeLayout`, or from any position with
    :meth:`from_position`.
    """

    name: ClassVar[str] = "klondike"
    rules: KlondikeRules
    deal_number: int | None
    numbering: str
    pass_number: int

    def __init__(
        self,
        deal: int | KlondikeLayout | None = None,
        *,
        rules: KlondikeRules | None = None,
        numbering: str = "pysol",
    ) -> None:
        self.rules = rules if rules is not None else KlondikeRules()
        layout = self._take_deal(deal, numbering, KlondikeLayout, klondike_layout)
        self._cols: list[list[int]] = [[c.index for c in col] for col in layout.columns]
        self._hidden: list[int] = [len(col) - 1 for col in self._cols]
        self._stock: list[int] = [c.index for c in layout.stock]
        self._waste: list[int] = []
        self._found: list[int] = [0, 0, 0, 0]
        self.pass_number = 1
        self._start_history()
        self._validate()

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_position(
        cls,
        columns: Sequence[Sequence[Card]],
        face_down: Sequence[int],
        stock: Sequence[Card],
        waste: Sequence[Card] = (),
        foundations: Sequence[int] = (0, 0, 0, 0),
        *,
        pass_number: int = 1,
        rules: KlondikeRules | None = None,
    ) -> Klondike:
        """Any position: ``columns`` bottom to top with ``face_down[i]`` face-down cards at the
        bottom of column i, ``stock`` (last drawn first), ``waste`` (last on top) and the number
        of cards on each foundation in suit order C, D, H, S. Raises
        :class:`InvalidPositionError` when the position is malformed or impossible."""
        game = cls.__new__(cls)
        game.rules = rules if rules is not None else KlondikeRules()
        game.numbering = "pysol"
        game.deal_number = None
        try:
            game._cols = [[c.index for c in col] for col in columns]
            game._hidden = [int(n) for n in face_down]
            game._stock = [c.index for c in stock]
            game._waste = [c.index for c in waste]
            game._found = [int(n) for n in foundations]
        except (AttributeError, TypeError, ValueError) as exc:
            raise InvalidPositionError(f"malformed position: {exc}") from None
        game.pass_number = pass_number
        game._start_history()
        game._validate()
        return game

    def _validate(self) -> None:
        """Check that the position holds each card once and is reachable in form."""
        if len(self._cols) != COLUMNS or len(self._hidden) != COLUMNS:
            raise InvalidPositionError(f"Klondike has 7 columns, not {len(self._cols)}")
        if len(self._found) != 4:
            raise InvalidPositionError("Klondike has 4 foundations (C, D, H, S)")
        for s, n in enumerate(self._found):
            if not (0 <= n <= 13):
                raise InvalidPositionError(
                    f"foundation {Suit(s).letter} holds {n} cards (0..13 allowed)"
                )
        for i, (col, hidden) in enumerate(zip(self._cols, self._hidden, strict=True)):
            if not (0 <= hidden <= len(col)):
                raise InvalidPositionError(
                    f"column {i + 1} has {hidden} face-down cards but only {len(col)} cards"
                )
            if col and hidden == len(col):
                raise InvalidPositionError(
                    f"column {i + 1}: its top card is face down (it would have been turned up)"
                )
        seen: dict[int, str] = {}

        def place(card: int, where: str) -> None:
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
        for c in self._stock:
            place(c, "the stock")
        for c in self._waste:
            place(c, "the waste")
        if len(seen) != 52:
            missing = " ".join(str(ALL_CARDS[i]) for i in range(52) if i not in seen)
            raise InvalidPositionError(f"a position needs all 52 cards; missing: {missing}")
        passes = self.rules.passes
        if not isinstance(self.pass_number, int) or self.pass_number < 1:
            raise InvalidPositionError(f"pass number must be at least 1, not {self.pass_number}")
        if passes is not None and self.pass_number > passes:
            raise InvalidPositionError(
                f"pass {self.pass_number} is beyond the rules' limit of {passes} passes"
            )

    # ----------------------------------------------------------------- reading the position
    def column(self, i: int) -> list[Card]:
        """Column ``i`` (0..6), bottom to top, face-down cards included."""
        return [ALL_CARDS[c] for c in self._cols[i]]

    def face_down_count(self, i: int | None = None) -> int:
        """Face-down cards in column ``i``, or in the whole tableau when ``i`` is None."""
        return sum(self._hidden) if i is None else self._hidden[i]

    def face_up(self, i: int) -> list[Card]:
        """The face-up cards of column ``i``, bottom to top."""
        return [ALL_CARDS[c] for c in self._cols[i][self._hidden[i] :]]

    def stock(self) -> list[Card]:
        """The stock; its last card is the next one drawn."""
        return [ALL_CARDS[c] for c in self._stock]

    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    def waste(self) -> list[Card]:
        """The waste, bottom to top (only the top card is playable)."""
        return [ALL_CARDS[c] for c in self._waste]

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

    @property
    def moves_made(self) -> int:
        """The move counter: every move pushed (draws and recycles included)."""
        return len(self.move_stack)

    def view(self) -> PositionView:
        """A read-only picture of the position: the columns, the foundations (suit order C, D,
        H, S), the stock (the next card drawn first) and the waste."""
        card = ALL_CARDS.__getitem__
        return PositionView(
            columns=tuple(tuple(map(card, col)) for col in self._cols),
            face_down=tuple(self._hidden),
            foundations=tuple(_FOUNDATION_PILES[s][n] for s, n in enumerate(self._found)),
            stock=tuple(map(card, reversed(self._stock))),
            waste=tuple(map(card, self._waste)),
        )

    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return sum(self._found) == 52

    # ----------------------------------------------------------------- moves
    def parse_move(self, text: str) -> Move:
        """Read a move in move text (``s``, ``r``, ``7C>4``, ``AH>f``)."""
        return Move.parse(text)

    def _locate(self, card: int) -> tuple[int, int, int]:
        """Where ``card`` is: (zone, column or -1, index in that pile)."""
        suit = _SUIT[card]
        if _RANK[card] <= self._found[suit]:
            return _IN_FOUNDATION, -1, _RANK[card] - 1
        waste = self._waste
        if waste and waste[-1] == card:
            return _IN_WASTE, -1, len(waste) - 1
        for i, col in enumerate(self._cols):
            if card in col:
                return _IN_COLUMN, i, col.index(card)
        if card in waste:
            return _IN_WASTE, -1, waste.index(card)
        return _IN_STOCK, -1, self._stock.index(card)

    def explain(self, move: Move) -> Reason | None:
        """``None`` when ``move`` is legal here, otherwise the :class:`Reason` that refuses it.

        The checks run in a fixed order: is the card reachable, is the group ordered, does the
        destination accept it (rank, then colour or suit, then the empty-column rule)."""
        return self._check(move)[0]

    def _checked(self, move: Move) -> tuple[Move, Reason | None, tuple[int, int, int] | None]:
        """The move, why it is refused (None when legal) and the moved card's place."""
        reason, where = self._check(move)
        return move, reason, where

    def _check(self, move: Move) -> tuple[Reason | None, tuple[int, int, int] | None]:
        """:meth:`explain`, with the moved card's place (as :meth:`_locate` gives it; None for
        a draw or a recycle) for :meth:`_apply` to reuse."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, got {type(move).__name__}")
        card_obj = move.card
        if card_obj is None:
            return self._explain_stock(move.to), None
        where = self._locate(card_obj.index)
        return self._explain_card(card_obj.index, move.to, where), where

    def _explain_card(self, card: int, to: int, where: tuple[int, int, int]) -> Reason | None:
        """:meth:`explain` for a card move: ``card`` (an index) to ``to``, the card found at
        ``where`` (as :meth:`_locate` gives it)."""
        zone, src_col, idx = where
        # 1. Is the card reachable?
        if zone == _IN_STOCK:
            return R.NOT_AVAILABLE
        if zone == _IN_COLUMN and idx < self._hidden[src_col]:
            return R.FACE_DOWN
        if zone == _IN_WASTE and idx != len(self._waste) - 1:
            return R.NOT_AVAILABLE
        if zone == _IN_FOUNDATION and self._found[_SUIT[card]] != _RANK[card]:
            return R.NOT_AVAILABLE
        if (zone == _IN_COLUMN and to == src_col) or (zone == _IN_FOUNDATION and to == FOUNDATION):
            return R.SAME_PLACE
        if to == FOUNDATION:
            # 2. One card at a time; 3. the next card of its suit.
            if zone == _IN_COLUMN and idx != len(self._cols[src_col]) - 1:
                return R.FOUNDATION_ONE_CARD
            if self._found[_SUIT[card]] != _RANK[card] - 1:
                return R.FOUNDATION_ORDER
            return None
        if zone == _IN_FOUNDATION and not self.rules.foundation_return:
            return R.FOUNDATION_RETURN_OFF
        # 2. The group moved must be an ordered run.
        if zone == _IN_COLUMN:
            col = self._cols[src_col]
            for j in range(idx, len(col) - 1):
                if not _fits_on(col[j + 1], col[j]):
                    return R.RUN_NOT_ORDERED
        # 3. Does the destination accept it?
        dest = self._cols[to]
        if not dest:
            return None if _RANK[card] == KING else R.EMPTY_NEEDS_KING
        target = dest[-1]
        if _RANK[target] != _RANK[card] + 1:
            return R.RANK
        if _RED[target] == _RED[card]:
            return R.COLOUR
        return None

    def _explain_stock(self, to: int) -> Reason | None:
        """Why a draw (``to`` = DRAW) or a recycle is refused, or None when it is legal."""
        if to == DRAW:
            if self._stock:
                return None
            return R.STOCK_EMPTY if self._waste else R.STOCK_AND_WASTE_EMPTY
        if self._stock:
            return R.STOCK_NOT_FINISHED
        if not self._waste:
            return R.NOTHING_TO_RECYCLE
        passes = self.rules.passes
        if passes is not None and self.pass_number >= passes:
            return R.PASS_LIMIT
        return None

    def generate_legal_moves(self) -> Iterator[Move]:
        """Yield the legal moves: to the foundations first, then tableau moves (from the waste,
        between columns, back from the foundations), then the stock move."""
        return iter(self.legal_move_list())

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a list, in :meth:`generate_legal_moves` order."""
        out: list[Move] = []
        add = out.append
        cols = self._cols
        hidden = self._hidden
        found = self._found
        waste_top = self._waste[-1] if self._waste else -1
        if waste_top >= 0 and found[_SUIT[waste_top]] == _RANK[waste_top] - 1:
            add(_MOVES[waste_top * 8 + FOUNDATION])
        for col in cols:
            if col:
                top = col[-1]
                if found[_SUIT[top]] == _RANK[top] - 1:
                    add(_MOVES[top * 8 + FOUNDATION])
        # The columns a card may go onto, by the card's rank and colour (rank * 2 + red): the
        # card one rank below each column's top, of the other colour; empty ones for kings.
        onto: dict[int, list[int]] = {}
        empties: list[int] = []
        for k, col in enumerate(cols):
            if col:
                top = col[-1]
                fits = (_RANK[top] - 1) * 2 + 1 - _RED[top]
                if fits in onto:
                    onto[fits].append(k)
                else:
                    onto[fits] = [k]
            else:
                empties.append(k)
        # Cards that could head a move onto a column: the waste top, every card of each
        # column's ordered top run, and (optionally) the foundation tops.
        heads: list[tuple[int, int]] = []
        if waste_top >= 0:
            heads.append((waste_top, -1))
        for i, col in enumerate(cols):
            if not col:
                continue
            j = len(col) - 1
            low = hidden[i]
            while True:
                heads.append((col[j], i))
                if j == low or not _fits_on(col[j], col[j - 1]):
                    break
                j -= 1
        if self.rules.foundation_return:
            for s in range(4):
                n = found[s]
                if n:
                    heads.append((s * 13 + n - 1, -1))
        no_columns: list[int] = []
        for card, source in heads:
            base = card * 8
            dests = (
                empties
                if _RANK[card] == KING
                else onto.get(_RANK[card] * 2 + _RED[card], no_columns)
            )
            for k in dests:
                if k != source:
                    add(_MOVES[base + k])
        if self._stock:
            add(_DRAW_MOVE)
        elif self._waste and (self.rules.passes is None or self.pass_number < self.rules.passes):
            add(_RECYCLE_MOVE)
        return out

    def _moves_onto_columns(self, card: int, source: int) -> Iterator[Move]:
        """Moves of ``card`` onto every column (other than ``source``) that accepts it."""
        base = card * 8
        if _RANK[card] == KING:
            for k, dest in enumerate(self._cols):
                if not dest and k != source:
                    yield _MOVES[base + k]
            return
        for k, dest in enumerate(self._cols):
            if dest and k != source and _fits_on(card, dest[-1]):
                yield _MOVES[base + k]

    def advance_draws(self, count: int) -> int:
        """Draw from the stock ``count`` times in a row, each draw checked as :meth:`advance`
        checks it (the stock must not be empty), with no undo history kept: a solver's lines
        are mostly draws, and this replays a run of them at once. Return how many draws were
        made; when fewer than ``count``, the next one was illegal and the position is as it
        was after the legal ones."""
        if count <= 0:
            return 0
        stock = self._stock
        draw = self.rules.draw
        legal = min(count, -(-len(stock) // draw))
        if legal:
            self._forget_history()
            taken = min(len(stock), draw * legal)
            cut = len(stock) - taken
            self._waste.extend(reversed(stock[cut:]))
            del stock[cut:]
        return legal

    def check_line(self, moves: Sequence[Move | str]) -> CheckedLine[Move]:
        """:meth:`Game.check_line`, with runs of draws checked and made together
        (:meth:`advance_draws`): a solver's lines are mostly draws. The first draw too many
        is the move refused, as when each draw is made alone."""
        board = self.copy(stack=False)
        made: list[Move] = []
        i, n = 0, len(moves)
        while i < n:
            m = moves[i]
            try:
                move = Move.parse(m) if isinstance(m, str) else m
                if _is_draw(move):
                    j = i + 1
                    while j < n and _is_draw(moves[j]):
                        j += 1
                    drawn = board.advance_draws(j - i)
                    made.extend([move] * drawn)
                    if drawn < j - i:
                        i += drawn
                        m = moves[i]
                        board.advance(move)  # refused, with the rule's reason
                    i = j
                    continue
                board.advance(move)
            except KosynkaError as exc:
                return CheckedLine(made, board, refusal(i, m, exc))
            made.append(move)
            i += 1
        return CheckedLine(made, board)

    def solver_position(
        self,
    ) -> tuple[list[list[int]], list[int], list[int], int, list[int], int]:
        """The position as the solvers take it, in plain lists of card indices
        (:attr:`~kosynka.cards.Card.index`) made for the caller: the columns bottom to top,
        each column's face-down count, the talon (the waste bottom to top, then the stock from
        the next card drawn), how many of the talon's cards are on the waste, the cards on
        each foundation (C, D, H, S) and the pass number. Cheap: a range of deals asks it of
        every deal."""
        waste = self._waste
        return (
            [list(col) for col in self._cols],
            list(self._hidden),
            waste + self._stock[::-1],
            len(waste),
            list(self._found),
            self.pass_number,
        )

    def _apply(self, move: Move, where: tuple[int, int, int] | None = None) -> None:
        """Change the position by a legal ``move`` (no checks); ``where`` is the moved card's
        place when the caller has looked it up already."""
        if move.card is None:
            if move.to == DRAW:
                stock, waste = self._stock, self._waste
                for _ in range(min(self.rules.draw, len(stock))):
                    waste.append(stock.pop())
            else:
                self._waste.reverse()
                self._stock = self._waste
                self._waste = []
                self.pass_number += 1
            return
        card = move.card.index
        zone, src, idx = where if where is not None else self._locate(card)
        if zone == _IN_COLUMN:
            col = self._cols[src]
            run = col[idx:]
            del col[idx:]
            if len(col) == self._hidden[src] and col:
                self._hidden[src] -= 1
        elif zone == _IN_WASTE:
            run = [self._waste.pop()]
        else:
            self._found[_SUIT[card]] -= 1
            run = [card]
        if move.to == FOUNDATION:
            self._found[_SUIT[card]] += 1
        else:
            self._cols[move.to].extend(run)

    def _after(self, move: Move) -> Klondike:
        """A new game, with no history, at the position after the legal ``move`` (not checked),
        sharing with this one every list the move leaves as it was: for searches that make
        many positions and never change one once made (the no-peek hint's line search). It is
        ``copy(stack=False)`` then ``_apply(move)``, without copying what stays the same."""
        game = Klondike.__new__(Klondike)
        game.rules = self.rules
        game.numbering = self.numbering
        game.deal_number = self.deal_number
        game._start_history()
        game.pass_number = self.pass_number
        cols, stock, waste, found = self._cols, self._stock, self._waste, self._found
        game._hidden = self._hidden
        card_obj = move.card
        if card_obj is None:
            game._cols, game._found = cols, found
            if move.to == DRAW:
                n = min(self.rules.draw, len(stock))
                game._stock = stock[:-n]
                game._waste = waste + stock[: -n - 1 : -1]
            else:
                game._stock = waste[::-1]
                game._waste = []
                game.pass_number += 1
            return game
        card = card_obj.index
        zone, src, idx = self._locate(card)
        new_cols = list(cols)
        game._stock, game._waste = stock, waste
        if zone == _IN_COLUMN:
            col = cols[src]
            run = col[idx:]
            new_cols[src] = left = col[:idx]
            if left and len(left) == self._hidden[src]:
                game._hidden = list(self._hidden)
                game._hidden[src] -= 1
        elif zone == _IN_WASTE:
            run = [card]
            game._waste = waste[:-1]
        else:
            run = [card]
            found = list(found)
            found[_SUIT[card]] -= 1
        if move.to == FOUNDATION:
            found = list(found) if found is self._found else found
            found[_SUIT[card]] += 1
        else:
            new_cols[move.to] = cols[move.to] + run
        game._cols, game._found = new_cols, found
        return game

    def _snapshot(self) -> _Snapshot:
        """The whole position as nested tuples (what :meth:`pop` restores)."""
        return (
            tuple(tuple(c) for c in self._cols),
            tuple(self._hidden),
            tuple(self._stock),
            tuple(self._waste),
            tuple(self._found),
            self.pass_number,
        )

    def _restore(self, snap: _Snapshot) -> None:
        cols, hidden, stock, waste, found, pass_number = snap
        self._cols = [list(c) for c in cols]
        self._hidden = list(hidden)
        self._stock = list(stock)
        self._waste = list(waste)
        self._found = list(found)
        self.pass_number = pass_number

    # ----------------------------------------------------------------- the end of the game
    def _card_moves_ignoring_waste(self) -> bool:
        """True when a card other than the waste top can move somewhere."""
        saved = self._waste
        self._waste = []
        try:
            return any(m.card is not None for m in self.generate_legal_moves())
        finally:
            self._waste = saved

    def _waste_top_can_move(self, waste_top: int) -> bool:
        """True when ``waste_top`` has a legal destination in the current tableau."""
        if self._found[_SUIT[waste_top]] == _RANK[waste_top] - 1:
            return True
        return any(True for _ in self._moves_onto_columns(waste_top, -1))

    def is_stuck(self) -> bool:
        """True only when no card can ever move again, however the stock is cycled.

        Draws and recycles alone never change the tableau, so it is enough to look at every
        card that can come to the top of the waste by drawing (the rest of this pass, and one
        whole further pass when the rules allow it)."""
        if self.is_won() or self._card_moves_ignoring_waste():
            return False
        stock = list(self._stock)
        waste = list(self._waste)
        pass_number = self.pass_number
        draw, passes = self.rules.draw, self.rules.passes
        recycles = 0
        while True:
            if waste and self._waste_top_can_move(waste[-1]):
                return False
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
            elif waste and recycles < 1 and (passes is None or pass_number < passes):
                waste.reverse()
                stock, waste = waste, []
                pass_number += 1
                recycles += 1
            else:
                return True

    def is_dead_end(self) -> bool:
        """True when no sequence of legal moves can ever turn up a face-down card or put more
        cards home than the foundations hold now, however the stock is turned: the game is
        lost whatever the face-down cards are (see :mod:`kosynka.games.klondike.deadend`; a
        search too large for its bound answers False). A won game is not at a dead end."""
        return self._remembered_dead_end(lambda: deadend.search(self).dead)

    def outcome(self) -> Outcome | None:
        """``Outcome(WON)`` when every card is home, ``Outcome(STUCK)`` when the game is lost:
        nothing can ever move again (:meth:`is_stuck`), or no sequence of moves can ever turn
        up a face-down card or send one more card home (:meth:`is_dead_end`); otherwise
        ``None``. The dead-end search is bounded (a few milliseconds as a rule): ask this once
        per position shown, not in a search's inner loop."""
        if self.is_won():
            return Outcome(Termination.WON)
        if self.is_stuck() or self.is_dead_end():
            return Outcome(Termination.STUCK)
        return None

    # ----------------------------------------------------------------- identity
    def copy(self, *, stack: bool = True) -> Klondike:
        """An independent copy; with ``stack=False`` its move history starts empty."""
        game = Klondike.__new__(Klondike)
        game.rules = self.rules
        game.numbering = self.numbering
        game.deal_number = self.deal_number
        game._cols = [list(c) for c in self._cols]
        game._hidden = list(self._hidden)
        game._stock = list(self._stock)
        game._waste = list(self._waste)
        game._found = list(self._found)
        game.pass_number = self.pass_number
        self._copy_history(game, stack)
        return game

    def key(self) -> Hashable:
        """A hashable key of the position: equal keys mean the same cards in the same places,
        the same cards face down, and the same passes left (the pass number counts only when the
        rules limit passes). Move history is not part of it."""
        pass_part = self.pass_number if self.rules.passes is not None else 0
        return (*self._snapshot()[:5], pass_part)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Klondike):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.pass_number == other.pass_number
            and self.key() == other.key()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        deal = f" deal={self.deal_number}" if self.deal_number is not None else ""
        return f"<Klondike{deal} {self.rules.text()} moves={self.moves_made}>"
