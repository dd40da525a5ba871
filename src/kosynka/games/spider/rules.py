"""Spider ("Паук"): the rules, the move value and the game class.

Two decks (104 cards; one suit: spades only, two suits: spades and hearts, four suits: all)
lie in ten columns and a stock of five rows. Any card goes onto a card one rank higher whatever
its suit, but only a run going down in one suit moves as a group; an empty column takes any card
or movable group; a dealt row puts one card face up on every column and is refused while a column
is empty. A finished King-to-Ace run of one suit leaves the table as part of the move (or dealt
row) that finishes it, and a face-down card left on top of a column turns up in the same move.
The game is won when all eight runs are gone.

The position is kept as small integers (a card is its :attr:`~kosynka.cards.Card.index`,
``suit * 13 + rank - 1``; the two decks simply repeat the values), so replaying a game and
listing its legal moves is fast; the public methods speak :class:`~kosynka.cards.Card` and
:class:`Move`.

>>> game = Spider(1, rules=SpiderRules(suits=4))
>>> game.face_down_count(), game.stock_count()
(44, 50)
>>> game.push_text("1:7C>9")
Move.parse('1:7C>9')
>>> game.explain(Move.parse("5:9D>f")).code
'runs-only'
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from kosynka.cards import ALL_CARDS, CARD_RANK, CARD_SUIT, Card, Suit
from kosynka.errors import InvalidNotationError, InvalidPositionError, Reason
from kosynka.games.base import Game, Outcome, PositionView, Termination
from kosynka.games.spider import deadend
from kosynka.games.spider import reasons as R
from kosynka.games.spider.deals import (
    SpiderLayout,
    check_suits,
    spider_layout,
)
from kosynka.numtext import parse_whole

COLUMNS: Final = 10
FOUNDATION: Final = 10
"""``Move.to`` for the foundations (written ``f``): always refused, ``runs-only``."""
DEAL: Final = -1
"""``Move.to`` for dealing a row from the stock (``s``)."""
RUNS: Final = 8
"""Complete runs to remove for a win."""
ROW: Final = 10
"""Cards in a dealt row."""

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_FULL_RUN: Final = tuple([s * 13 + r for r in range(12, -1, -1)] for s in range(4))
"""Per suit, the cards of a complete run bottom to top (King first)."""

SUITS_IN_PLAY: Final = {1: (Suit.SPADES,), 2: (Suit.HEARTS, Suit.SPADES), 4: tuple(Suit)}
"""The suits of the two decks, by suit count."""


@dataclass(frozen=True, slots=True)
class SpiderRules:
    """The rule option: how many ``suits`` the two decks hold (1: spades only; 2: spades and
    hearts; 4: all four). Each card appears ``8 // suits`` times."""

    suits: int = 2

    def __post_init__(self) -> None:
        check_suits(self.suits)

    @property
    def suits_in_play(self) -> tuple[Suit, ...]:
        """The suits the decks hold."""
        return SUITS_IN_PLAY[self.suits]

    @property
    def copies(self) -> int:
        """How many copies of each card there are (8, 4 or 2)."""
        return 8 // self.suits

    def text(self) -> str:
        """The rules as ``suits=2`` (the position text's header)."""
        return f"suits={self.suits}"


@dataclass(frozen=True, slots=True)
class Move:
    """A Spider move: a dealt row (``s``), or a card moved with every card on top of it from
    column ``source`` (0..9, written 1..10) to column ``to`` (0..9) or, always refused, to the
    foundations (``to`` = 10, written ``f``).

    ``source`` is None for the short form ``9H>7``; the game resolves it (see
    :meth:`Spider.resolve`), and the moves it lists always name the column.

    >>> Move.parse("3:10h>7")
    Move.parse('3:TH>7')
    >>> Move.parse("9h > 7").source is None
    True
    """

    source: int | None
    card: Card | None
    to: int

    def __post_init__(self) -> None:
        if self.card is None:
            if self.to != DEAL or self.source is not None:
                raise InvalidNotationError("a move without a card must be a deal ('s')")
            return
        if not isinstance(self.card, Card):
            raise InvalidNotationError(f"a move's card must be a Card, not {self.card!r}")
        if isinstance(self.to, bool) or not isinstance(self.to, int) or not 0 <= self.to <= 10:
            raise InvalidNotationError(f"a card goes to a column 1..10 or 'f', not {self.to!r}")
        if self.source is not None and (
            isinstance(self.source, bool)
            or not isinstance(self.source, int)
            or not 0 <= self.source < COLUMNS
        ):
            raise InvalidNotationError(f"a source column must be 0..9, not {self.source!r}")

    @staticmethod
    def deal() -> Move:
        """Deal a row from the stock."""
        return _DEAL_MOVE

    @staticmethod
    def card_move(source: int | None, card: Card, to: int) -> Move:
        """Move ``card`` (and the cards on it) from column ``source`` (0..9, None for the short
        form) to column ``to`` (0..9; 10 for the foundations)."""
        if (
            source is not None
            and type(source) is int
            and type(to) is int
            and 0 <= source < COLUMNS
            and 0 <= to <= FOUNDATION
        ):
            return _MOVES[(source * 52 + card.index) * 11 + to]
        return Move(source, card, to)

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``s``, ``3:9H>7``, ``9H>7``, ``3:AH>f``; raise :class:`InvalidNotationError`."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move must be text, not {type(text).__name__}")
        return _parse_move(text)

    @staticmethod
    def _parse_uncached(text: str) -> Move:
        """Read move text (see :meth:`parse`, which caches this)."""
        t = "".join(text.split())
        if t.lower() == "s":
            return _DEAL_MOVE
        head, sep, dest = t.partition(">")
        if not sep or not head or not dest:
            raise InvalidNotationError(
                f"not a move: {text!r} (expected s, COLUMN:CARD>COLUMN such as 3:9H>7,"
                " or CARD>COLUMN such as 9H>7)"
            )
        source: int | None = None
        col_text, colon, card_text = head.rpartition(":")
        if colon:
            column = parse_whole(col_text, "source column")
            if column is None or not 1 <= column <= COLUMNS:
                raise InvalidNotationError(
                    f"not a source column: {col_text!r} in {text!r} (expected 1..10)"
                )
            source = column - 1
        card = Card.parse(card_text)
        column = parse_whole(dest, "destination column")
        if dest.lower() == "f":
            to = FOUNDATION
        elif column is not None and 1 <= column <= COLUMNS:
            to = column - 1
        else:
            raise InvalidNotationError(
                f"not a destination: {dest!r} in {text!r} (expected a column 1..10 or f)"
            )
        return Move.card_move(source, card, to)

    @property
    def is_deal(self) -> bool:
        """True for a dealt row (``s``)."""
        return self.card is None

    def text(self) -> str:
        """The move text: ``s``, ``3:9H>7``, ``9H>7`` (short form), ``3:AH>f``."""
        if self.card is None:
            return "s"
        dest = "f" if self.to == FOUNDATION else str(self.to + 1)
        if self.source is None:
            return f"{self.card}>{dest}"
        return f"{self.source + 1}:{self.card}>{dest}"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


_DEAL_MOVE: Final = Move(None, None, DEAL)
_MOVES: Final = tuple(
    Move(src, ALL_CARDS[c], to)
    for src in range(COLUMNS)
    for c in range(52)
    for to in range(FOUNDATION + 1)
)
"""Every move naming its column, indexed by ``(source * 52 + card) * 11 + to``."""


@functools.lru_cache(maxsize=8192)
def _parse_move(text: str) -> Move:
    """Move text to a Move, cached: games are replayed from their move text on every request."""
    return Move._parse_uncached(text)


def _indices(cards: Iterable[Card]) -> list[int]:
    """The card indices of ``cards``; raise TypeError for anything that is not a Card."""
    out = []
    for c in cards:
        if not isinstance(c, Card):
            raise TypeError(f"not a Card: {c!r}")
        out.append(c.index)
    return out


def _topmost(col: list[int], card: int) -> int:
    """The index of the highest copy of ``card`` in ``col``, or -1 when it holds none."""
    try:
        return len(col) - 1 - col[::-1].index(card)
    except ValueError:
        return -1


_Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int]


class Spider(Game[Move]):
    """A game of Spider: the position, the rules and the moves made so far.

    Create one from a deal number (``Spider(12345, rules=SpiderRules(suits=4))``), from a
    :class:`~kosynka.games.spider.deals.SpiderLayout`, or from any position with
    :meth:`from_position`.
    """

    name: ClassVar[str] = "spider"
    rules: SpiderRules
    deal_number: int | None
    numbering: str

    def __init__(
        self,
        deal: int | SpiderLayout | None = None,
        *,
        rules: SpiderRules | None = None,
        numbering: str = "kpat",
    ) -> None:
        """A new game from deal ``deal`` (default 1) of ``numbering``, or from a layout."""
        self.rules = rules if rules is not None else SpiderRules()
        suits = self.rules.suits
        layout = self._take_deal(
            deal, numbering, SpiderLayout, lambda n, named: spider_layout(n, suits, named)
        )
        self._set(
            [[c.index for c in col] for col in layout.columns],
            [max(len(col) - 1, 0) for col in layout.columns],
            [c.index for c in layout.stock],
            [],
        )

    def _set(
        self, cols: list[list[int]], hidden: list[int], stock: list[int], removed: list[int]
    ) -> None:
        """Take the position from integer lists, with an empty history, and validate it."""
        self._cols = cols
        self._hidden = hidden
        self._stock: tuple[int, ...] = tuple(stock)
        self._next = 0
        """How many cards of ``_stock`` have been dealt."""
        self._removed = removed
        """The suit of each run removed, in order."""
        self._start_history()
        self._validate()

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_position(
        cls,
        columns: Sequence[Sequence[Card]],
        face_down: Sequence[int],
        stock: Sequence[Card] = (),
        removed: Sequence[Suit | int] = (),
        *,
        rules: SpiderRules | None = None,
    ) -> Spider:
        """Any position: ``columns`` bottom to top with ``face_down[i]`` face-down cards at the
        bottom of column i, the ``stock`` in dealing order and the suit of each run already
        ``removed``, in order. Raises :class:`InvalidPositionError` when the position is
        malformed or impossible (see :meth:`_validate`)."""
        game = cls.__new__(cls)
        game.rules = rules if rules is not None else SpiderRules()
        game.numbering = "kpat"
        game.deal_number = None
        try:
            cols = [_indices(col) for col in columns]
            hidden = [int(n) for n in face_down]
            stock_ints = _indices(stock)
            removed_ints = [int(s) for s in removed]
        except (TypeError, ValueError) as exc:
            raise InvalidPositionError(f"malformed position: {exc}") from None
        game._set(cols, hidden, stock_ints, removed_ints)
        return game

    def _validate(self) -> None:
        """Check the position: ten columns, face-down cards under face-up ones, a face-up top
        card, a stock of whole rows (at most five), the right cards for the suit count (each
        removed run counting as its 13 cards), and no finished run left on a column."""
        cols, hidden = self._cols, self._hidden
        if len(cols) != COLUMNS or len(hidden) != COLUMNS:
            raise InvalidPositionError(f"Spider has 10 columns, not {len(cols)}")
        for i, (col, h) in enumerate(zip(cols, hidden, strict=True)):
            if not 0 <= h <= len(col):
                raise InvalidPositionError(
                    f"column {i + 1} has {h} face-down cards but only {len(col)} cards"
                )
            if col and h == len(col):
                raise InvalidPositionError(
                    f"column {i + 1}: its top card is face down (it would have been turned up)"
                )
        stock_left = len(self._stock) - self._next
        if stock_left % ROW or stock_left > 5 * ROW:
            raise InvalidPositionError(
                f"the stock holds {stock_left} cards; it must hold whole rows of ten"
                " (at most five rows, 50 cards)"
            )
        allowed = self.rules.suits_in_play
        counts = [0] * 52
        for s in self._removed:
            if not 0 <= s < 4:
                raise InvalidPositionError(f"a removed run's suit must be 0..3, not {s}")
            if s not in allowed:
                raise InvalidPositionError(
                    f"a removed run of {_suit_name(s)} cannot exist in a {self.rules.suits}-suit"
                    " game"
                )
            for c in _FULL_RUN[s]:
                counts[c] += 1
        for col in cols:
            for c in col:
                counts[c] += 1
        for c in self._stock[self._next :]:
            counts[c] += 1
        copies = self.rules.copies
        wrong: list[str] = []
        for i in range(52):
            want = copies if _SUIT[i] in allowed else 0
            if counts[i] != want:
                wrong.append(f"{ALL_CARDS[i]} {counts[i]} times (expected {want})")
        if wrong:
            raise InvalidPositionError(
                f"a {self.rules.suits}-suit Spider position holds 104 cards, each card of"
                f" {'/'.join(s.letter for s in allowed)} {copies} times (removed runs count as"
                f" their 13 cards), but it has: {'; '.join(wrong[:8])}"
                + (f"; and {len(wrong) - 8} more" if len(wrong) > 8 else "")
            )
        for i in range(COLUMNS):
            s = self._complete_run_on(i)
            if s >= 0:
                raise InvalidPositionError(
                    f"column {i + 1} ends with a complete King-to-Ace run of {_suit_name(s)}"
                    " (it would have been removed)"
                )

    # ----------------------------------------------------------------- reading the position
    def column(self, i: int) -> list[Card]:
        """Column ``i`` (0..9), bottom to top, face-down cards included."""
        return [ALL_CARDS[c] for c in self._cols[i]]

    def face_down_count(self, i: int | None = None) -> int:
        """Face-down cards in column ``i``, or in the whole tableau when ``i`` is None."""
        return sum(self._hidden) if i is None else self._hidden[i]

    def face_up(self, i: int) -> list[Card]:
        """The face-up cards of column ``i``, bottom to top."""
        return [ALL_CARDS[c] for c in self._cols[i][self._hidden[i] :]]

    def movable_run(self, i: int) -> list[Card]:
        """The cards at the top of column ``i`` that can move together (the run going down in
        one suit from the lowest of them to the top card), bottom to top; [] when empty."""
        col = self._cols[i]
        return [ALL_CARDS[c] for c in col[self._run_start(i) :]] if col else []

    def _run_start(self, i: int) -> int:
        """The index in column ``i`` of the lowest card of its movable run (0 when empty)."""
        col = self._cols[i]
        j = len(col) - 1
        low = self._hidden[i]
        while j > low:
            c = col[j]
            if col[j - 1] != c + 1 or _RANK[c] == 13:
                break
            j -= 1
        return max(j, 0)

    def stock(self) -> list[Card]:
        """The stock in dealing order: its first ten cards are the next row (columns 1..10)."""
        return [ALL_CARDS[c] for c in self._stock[self._next :]]

    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self._stock) - self._next

    def rows_left(self) -> int:
        """Rows left to deal (0..5)."""
        return (len(self._stock) - self._next) // ROW

    def removed(self) -> list[Suit]:
        """The suit of each complete run removed so far, in the order removed."""
        return [Suit(s) for s in self._removed]

    def runs_removed(self) -> int:
        """How many complete runs have been removed (0..8)."""
        return len(self._removed)

    def empty_columns(self) -> list[int]:
        """The empty columns (0..9)."""
        return [i for i, col in enumerate(self._cols) if not col]

    def view(self) -> PositionView:
        """A read-only picture of the position: the columns, the removed runs as foundations
        (each King to Ace, bottom to top, in the order removed) and the stock (dealing order)."""
        return PositionView(
            columns=tuple(tuple(ALL_CARDS[c] for c in col) for col in self._cols),
            face_down=tuple(self._hidden),
            foundations=tuple(tuple(ALL_CARDS[c] for c in _FULL_RUN[s]) for s in self._removed),
            stock=tuple(ALL_CARDS[c] for c in self._stock[self._next :]),
        )

    def solver_position(self) -> tuple[list[list[int]], list[int], list[int], list[int]]:
        """The position as the solvers take it, in plain lists made for the caller: the
        columns bottom to top (card indices, :attr:`~kosynka.cards.Card.index`; the two decks
        repeat them), each column's face-down count, the stock left in dealing order and the
        suit (0..3) of each run removed. Cheap: a range of deals asks it of every deal."""
        return (
            [list(col) for col in self._cols],
            list(self._hidden),
            list(self._stock[self._next :]),
            list(self._removed),
        )

    def is_won(self) -> bool:
        """True when all eight runs have been removed."""
        return len(self._removed) == RUNS

    # ----------------------------------------------------------------- moves
    def parse_move(self, text: str) -> Move:
        """Read a move (``s``, ``3:9H>7``, ``9H>7``, ``3:AH>f``) and name its column: the short
        form is resolved by :meth:`resolve` (raising InvalidNotationError when ambiguous)."""
        return self.resolve(Move.parse(text))

    def resolve(self, move: Move) -> Move:
        """``move`` with its source column named, for the short form ``9H>7``.

        The column is the one whose face-up copy of the card can make the move, when exactly
        one can. When none can, the move is still named when that makes no difference to the
        answer: the only face-up copy, every face-up copy refused for the same reason (the first
        column is named), or a face-down copy when no copy is face up (refused as
        ``face-down``); with no copy on the table it stays unnamed (refused as
        ``not-available``). Otherwise the text is ambiguous: InvalidNotationError asking for the
        column."""
        if move.source is not None or move.card is None:
            return move
        card = move.card.index
        to = move.to
        face_up: list[int] = []
        face_down_at = -1
        for i, col in enumerate(self._cols):
            idx = _topmost(col, card)
            if idx < 0:
                continue
            if idx >= self._hidden[i]:
                face_up.append(i)
            elif face_down_at < 0:
                face_down_at = i
        if not face_up:
            return move if face_down_at < 0 else Move.card_move(face_down_at, move.card, to)
        why = [self._explain_card(i, card, to)[0] for i in face_up]
        legal = [i for i, r in zip(face_up, why, strict=True) if r is None]
        if len(legal) == 1:
            return Move.card_move(legal[0], move.card, to)
        if not legal and len({r.code for r in why if r is not None}) == 1:
            return Move.card_move(face_up[0], move.card, to)
        shown = legal or face_up
        where = " and ".join(str(i + 1) for i in shown)
        if legal:
            problem = f"a {move.card} can make this move from columns {where}"
        else:
            problem = f"face-up copies of {move.card} lie in columns {where}"
        example = Move.card_move(shown[0], move.card, to)
        raise InvalidNotationError(
            f"{move} is ambiguous: {problem}; name the column, as in {example}"
        )

    def explain(self, move: Move) -> Reason | None:
        """``None`` when ``move`` is legal here, otherwise the :class:`Reason` that refuses it.

        The checks run in a fixed order: the source (``not-available``, ``face-down``), the
        group moved (``run-not-ordered``, ``run-not-one-suit``), the destination
        (``same-place``, ``runs-only``, ``rank``); for a deal ``stock-empty`` before
        ``deal-onto-empty-column``. A short-form move is first resolved (:meth:`resolve`)."""
        return self._check(move)[1]

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is a legal Move here (an ambiguous short form is not)."""
        if not isinstance(move, Move):
            return False
        try:
            return self.explain(move) is None
        except InvalidNotationError:
            return False

    def _explain_deal(self) -> Reason | None:
        """Why dealing a row is refused now, or None when it is legal."""
        if self._next >= len(self._stock):
            return R.STOCK_EMPTY
        for col in self._cols:
            if not col:
                return R.DEAL_ONTO_EMPTY_COLUMN
        return None

    def _explain_card(self, source: int, card: int, to: int) -> tuple[Reason | None, int]:
        """:meth:`explain` for ``card`` (an index) from column ``source`` to ``to``, with the
        index of the card in its column for :meth:`_apply` to reuse."""
        col = self._cols[source]
        idx = _topmost(col, card)
        if idx < 0:
            return R.NOT_AVAILABLE, idx
        if idx < self._hidden[source]:
            return R.FACE_DOWN, idx
        top = len(col) - 1
        if idx < top:
            one_suit = True
            for j in range(idx, top):
                a, b = col[j], col[j + 1]
                if _RANK[b] != _RANK[a] - 1:
                    return R.RUN_NOT_ORDERED, idx
                if b != a - 1:
                    one_suit = False
            if not one_suit:
                return R.RUN_NOT_ONE_SUIT, idx
        if to == source:
            return R.SAME_PLACE, idx
        if to == FOUNDATION:
            return R.RUNS_ONLY, idx
        dest = self._cols[to]
        if dest and _RANK[dest[-1]] != _RANK[card] + 1:
            return R.RANK, idx
        return None, idx

    def generate_legal_moves(self) -> Iterator[Move]:
        """Yield the legal moves: card moves by source column (each column's top card first,
        then the longer groups), destinations in column order; then the deal."""
        return iter(self.legal_move_list())

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a list, in :meth:`generate_legal_moves` order."""
        out: list[Move] = []
        add = out.append
        cols = self._cols
        hidden = self._hidden
        # Columns by the rank of their top card; a card of rank r goes onto those of rank r + 1.
        onto: list[list[int]] = [[] for _ in range(15)]
        empties: list[int] = []
        for k, col in enumerate(cols):
            if col:
                onto[_RANK[col[-1]]].append(k)
            else:
                empties.append(k)
        moves = _MOVES
        for i, col in enumerate(cols):
            if not col:
                continue
            j = len(col) - 1
            low = hidden[i]
            while True:
                card = col[j]
                base = (i * 52 + card) * 11
                r = _RANK[card]
                dests = sorted(onto[r + 1] + empties) if empties else onto[r + 1]
                for k in dests:
                    if k != i:
                        add(moves[base + k])
                if j == low or col[j - 1] != card + 1 or r == 13:
                    break
                j -= 1
        if self._next < len(self._stock) and not empties:
            add(_DEAL_MOVE)
        return out

    def _checked(self, move: Move) -> tuple[Move, Reason | None, int]:
        """The move resolved (its column named), why it is refused (None when legal) and its
        card's index in its column."""
        return self._check(move)

    def _check(self, move: Move) -> tuple[Move, Reason | None, int]:
        """The move resolved, why it is refused (None when legal) and its card's index."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, got {type(move).__name__}")
        card = move.card
        if card is None:
            return move, self._explain_deal(), -1
        if move.source is None:
            move = self.resolve(move)
            if move.source is None:
                return move, R.NOT_AVAILABLE, -1
        reason, idx = self._explain_card(move.source, card.index, move.to)
        return move, reason, idx

    def _apply(self, move: Move, idx: int) -> None:
        """Change the position by a legal, resolved ``move`` (no checks); ``idx`` is the moved
        card's index in its column."""
        cols = self._cols
        hidden = self._hidden
        if move.card is None:
            row = self._stock[self._next : self._next + ROW]
            self._next += ROW
            for k in range(COLUMNS):
                cols[k].append(row[k])
            for k in range(COLUMNS):
                self._take_runs(k)
            return
        src = move.source
        assert src is not None
        col = cols[src]
        run = col[idx:]
        del col[idx:]
        if col and len(col) == hidden[src]:
            hidden[src] -= 1
        cols[move.to].extend(run)
        self._take_runs(move.to)

    def _complete_run_on(self, k: int) -> int:
        """The suit of the complete face-up King-to-Ace run at the top of column ``k``, or -1."""
        col = self._cols[k]
        n = len(col)
        if n < 13 or _RANK[col[-1]] != 1 or n - 13 < self._hidden[k]:
            return -1
        s = _SUIT[col[-1]]
        return s if col[-13:] == _FULL_RUN[s] else -1

    def _take_runs(self, k: int) -> None:
        """Remove a finished run from the top of column ``k`` and turn up the card it leaves."""
        s = self._complete_run_on(k)
        while s >= 0:
            col = self._cols[k]
            del col[-13:]
            self._removed.append(s)
            if col and len(col) == self._hidden[k]:
                self._hidden[k] -= 1
            s = self._complete_run_on(k)

    def _snapshot(self) -> _Snapshot:
        """The position as nested tuples (what :meth:`pop` restores)."""
        return (
            tuple(tuple(c) for c in self._cols),
            tuple(self._hidden),
            self._next,
            len(self._removed),
        )

    def _restore(self, snap: _Snapshot) -> None:
        """Put back a position saved by :meth:`_snapshot` (runs removed since are dropped)."""
        cols, hidden, nxt, removed = snap
        self._cols = [list(c) for c in cols]
        self._hidden = list(hidden)
        self._next = nxt
        del self._removed[removed:]

    # ----------------------------------------------------------------- the end of the game
    def is_stuck(self) -> bool:
        """True when no move at all is legal (no card can move and no row can be dealt), so
        nothing can ever change. A game that can only shuffle cards to and fro is not stuck."""
        return not self.is_won() and not self.legal_move_list()

    def is_dead_end(self) -> bool:
        """True when no sequence of legal moves can ever turn up a face-down card, deal a row
        or remove a finished run: the game is lost whatever the face-down cards and the stock
        are (see :mod:`kosynka.games.spider.deadend`; a search too large for its bound answers
        False). A won game is not at a dead end."""
        return self._remembered_dead_end(lambda: deadend.search(self).dead)

    def outcome(self) -> Outcome | None:
        """``Outcome(WON)`` when all eight runs are removed, ``Outcome(STUCK)`` when the game is
        lost: no move is legal (:meth:`is_stuck`), or no sequence of moves can ever turn up a
        face-down card, deal a row or remove a run (:meth:`is_dead_end`); otherwise ``None``.
        The dead-end search is bounded (a few milliseconds as a rule): ask this once per
        position shown, not in a search's inner loop."""
        if self.is_won():
            return Outcome(Termination.WON)
        if self.is_stuck() or self.is_dead_end():
            return Outcome(Termination.STUCK)
        return None

    # ----------------------------------------------------------------- identity
    def copy(self, *, stack: bool = True) -> Spider:
        """An independent copy; with ``stack=False`` its move history starts empty."""
        game = Spider.__new__(Spider)
        game.rules = self.rules
        game.numbering = self.numbering
        game.deal_number = self.deal_number
        game._cols = [list(c) for c in self._cols]
        game._hidden = list(self._hidden)
        game._stock = self._stock
        game._next = self._next
        game._removed = list(self._removed)
        self._copy_history(game, stack)
        return game

    def key(self) -> Hashable:
        """A hashable key of the position: equal keys mean the same cards in the same places,
        the same cards face down and the same stock. The order in which runs were removed and
        the move history are not part of it (they change nothing in what can be played)."""
        return (
            tuple(tuple(c) for c in self._cols),
            tuple(self._hidden),
            self._stock[self._next :],
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Spider):
            return NotImplemented
        return (
            self.rules == other.rules
            and self._removed == other._removed
            and self.key() == other.key()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        deal = f" deal={self.deal_number}" if self.deal_number is not None else ""
        return f"<Spider{deal} {self.rules.text()} moves={self.moves_made}>"


def _suit_name(s: int) -> str:
    """The English name of suit ``s`` (0..3), for messages."""
    return ("clubs", "diamonds", "hearts", "spades")[s]
