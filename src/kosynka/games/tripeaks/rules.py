"""TriPeaks ("Три вершины"): the rules, their options and the game class.

The table is 28 places in PySolFC's order (``pysollib/games/threepeaks.py``): the three peaks'
tops (places 0..2), their middle rows (3..8, two to a peak), the row of nine (9..17) and the
bottom row of ten (18..27). A card lies on the two places below it half a card to each side
(:data:`COVERS`): place ``i`` of the first 18 is covered by places ``i + STEP[i]`` and the one
after it, as PySolFC's ``ThreePeaks_RowStack.STEP`` says. The 18 cards of the peaks are dealt
face down and turn up, as part of the move that frees them, when both cards covering them are
gone; the bottom row is dealt face up.

A move plays an uncovered face-up card of the table onto the waste when its rank is one above
or one below the waste's top card (King and Ace are next to each other unless the rules say
otherwise), or turns the stock's next card onto the waste (``s``); the stock is not dealt
again. The game is won when the 28 cards of the table are gone; nothing moves after that.

The position is kept as small integers (card index ``suit * 13 + rank - 1``, see
:attr:`kosynka.cards.Card.index`; ``-1`` for a place whose card is gone); the public methods
speak :class:`~kosynka.cards.Card` and :class:`Move`.

>>> game = TriPeaks(1)
>>> str(game.waste_top()), game.stock_count(), game.face_down_count()
('4H', 23, 18)
>>> [str(m) for m in game.legal_moves]
['3C', '5C', 's']
>>> game.explain(Move.parse("9D")).en
'A 9 does not go on a 4: a card goes on the waste only one rank above or below its top card.'
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from kosynka.cards import ALL_CARDS, CARD_RANK, Card
from kosynka.errors import InvalidNotationError, InvalidPositionError, Reason
from kosynka.games.base import Game, Outcome, Place, PositionView, Termination
from kosynka.games.tripeaks import reasons as R
from kosynka.games.tripeaks.deals import (
    FACE_DOWN_PLACES,
    PLACES,
    TriPeaksLayout,
    tripeaks_layout,
)

STEP: Final = (3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9)
"""PySolFC's ``ThreePeaks_RowStack.STEP``: place ``i`` (< 18) is covered by places
``i + STEP[i]`` and ``i + STEP[i] + 1``."""
COVERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    (i + STEP[i], i + STEP[i] + 1) if i < FACE_DOWN_PLACES else () for i in range(PLACES)
)
"""For each place, the places whose cards cover it (none for the bottom row)."""
COVERED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(p for p in range(PLACES) if i in COVERS[p]) for i in range(PLACES)
)
"""For each place, the places its card covers (one or two above it, none for the tops)."""
ROWS: Final = (0,) * 3 + (1,) * 6 + (2,) * 9 + (3,) * 10
"""The row of each place, from the top (0: the peaks' tops, 3: the bottom row of ten)."""
XS: Final = (3, 9, 15, 2, 4, 8, 10, 14, 16, *range(1, 18, 2), *range(0, 19, 2))
"""Where each place is drawn across, in half card widths from the table's left edge, as PySolFC
lays them out (its ``ThreePeaks.createGame``)."""

_RANK: Final = CARD_RANK
_GONE: Final = -1


@dataclass(frozen=True, slots=True)
class TriPeaksRules:
    """The rule options: whether King and Ace are next to each other (``wrap``, Microsoft's
    rule and PySolFC's, on by default) and whether the peaks are dealt face up (``open``,
    PySolFC's Three Peaks (Open); off by default)."""

    wrap: bool = True
    open: bool = False

    def __post_init__(self) -> None:
        for name in ("wrap", "open"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise InvalidNotationError(f"{name} must be true or false, not {value!r}")

    def text(self) -> str:
        """The rules as ``wrap=on open=off`` (the position text's header)."""
        return f"wrap={'on' if self.wrap else 'off'} open={'on' if self.open else 'off'}"

    def next_to(self, rank: int, other: int) -> bool:
        """True when a card of ``rank`` may go on a card of rank ``other`` (1..13)."""
        d = abs(rank - other)
        return d == 1 or (d == 12 and self.wrap)


@dataclass(frozen=True, slots=True)
class Move:
    """A TriPeaks move: a card of the table played onto the waste (``card``, written as the
    card: ``7C``) or the stock's next card turned onto the waste (``card`` None, written
    ``s``).

    >>> Move.parse("10h")
    Move.parse('TH')
    >>> str(Move.parse(" S "))
    's'
    """

    card: Card | None

    @staticmethod
    def stock() -> Move:
        """Turn the stock's next card onto the waste."""
        return _STOCK_MOVE

    @staticmethod
    def play(card: Card) -> Move:
        """Play ``card`` from the table onto the waste."""
        return _MOVES[card.index]

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``s`` or a card (``7C``, ``10h``); raise :class:`InvalidNotationError` naming
        the problem."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move must be text, not {type(text).__name__}")
        return _parse_move(text)

    @property
    def is_card_move(self) -> bool:
        """True for a card played from the table (not the stock move)."""
        return self.card is not None

    def text(self) -> str:
        """The move text: ``s`` or the card (``7C``)."""
        return "s" if self.card is None else self.card.text()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


@functools.lru_cache(maxsize=1024)
def _parse_move(text: str) -> Move:
    """Move text to a Move, cached: games are replayed from their move text."""
    t = "".join(text.split())
    if not t:
        raise InvalidNotationError("an empty move (expected s, or a card of the table such as 7C)")
    if t.lower() == "s":
        return _STOCK_MOVE
    try:
        card = Card.parse(t)
    except InvalidNotationError as exc:
        raise InvalidNotationError(
            f"not a move: {text!r} (expected s to turn a stock card, or a card of the table"
            f" such as 7C; {exc})"
        ) from None
    return _MOVES[card.index]


_STOCK_MOVE: Final = Move(None)
_MOVES: Final = tuple(Move(c) for c in ALL_CARDS)
"""Every card move, indexed by the card's index."""

_Snapshot = tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...], tuple[int, ...]]


class TriPeaks(Game[Move]):
    """A game of TriPeaks: the position, the rules and the moves made so far.

    Create one from a deal number (``TriPeaks(12345, rules=TriPeaksRules(wrap=False))``), from
    a :class:`~kosynka.games.tripeaks.deals.TriPeaksLayout`, or from any position with
    :meth:`from_position`.
    """

    name: ClassVar[str] = "tripeaks"
    rules: TriPeaksRules
    deal_number: int | None
    numbering: str

    def __init__(
        self,
        deal: int | TriPeaksLayout | None = None,
        *,
        rules: TriPeaksRules | None = None,
        numbering: str = "pysol",
    ) -> None:
        self.rules = rules if rules is not None else TriPeaksRules()
        layout = self._take_deal(deal, numbering, TriPeaksLayout, tripeaks_layout)
        self._cards: list[int] = [c.index for c in layout.places]
        self._up: list[bool] = [self.rules.open or i >= FACE_DOWN_PLACES for i in range(PLACES)]
        self._waste: list[int] = [layout.waste.index]
        self._stock: list[int] = [c.index for c in reversed(layout.stock)]
        self._start_history()
        self._validate()

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_position(
        cls,
        places: Sequence[Card | None],
        face_up: Sequence[bool],
        waste: Sequence[Card],
        stock: Sequence[Card],
        *,
        rules: TriPeaksRules | None = None,
    ) -> TriPeaks:
        """Any position: the card of each of the 28 ``places`` in PySolFC's order (None when
        it is gone) and whether it lies face up (``face_up``; read only for the cards still
        there), the ``waste`` bottom to top (never empty: the game starts with a card on it)
        and the ``stock``, the next card to turn first. Raise :class:`InvalidPositionError`
        when the position is malformed or impossible."""
        game = cls.__new__(cls)
        game.rules = rules if rules is not None else TriPeaksRules()
        game.numbering = "pysol"
        game.deal_number = None
        try:
            game._cards = [_GONE if c is None else c.index for c in places]
            game._up = [bool(u) or c is None for c, u in zip(places, face_up, strict=True)]
            game._waste = [c.index for c in waste]
            game._stock = [c.index for c in reversed(stock)]
        except (AttributeError, TypeError, ValueError) as exc:
            raise InvalidPositionError(f"malformed position: {exc}") from None
        game._start_history()
        game._validate()
        return game

    def _validate(self) -> None:
        """Check that the position holds each card once and could arise in play: a card gone
        only once the cards covering it are gone, face up exactly when nothing covers it
        (every card face up in open rules), a card on the waste."""
        cards, up = self._cards, self._up
        if len(cards) != PLACES or len(up) != PLACES:
            raise InvalidPositionError(f"TriPeaks has 28 places, not {len(cards)}")
        if not self._waste:
            raise InvalidPositionError(
                "the waste is never empty: the game starts with the stock's first card on it"
            )
        seen: dict[int, str] = {}

        def place(card: int, where: str) -> None:
            if card in seen:
                raise InvalidPositionError(
                    f"duplicate card {ALL_CARDS[card]}: in {seen[card]} and in {where}"
                )
            seen[card] = where

        for i, c in enumerate(cards):
            if c != _GONE:
                place(c, f"place {i + 1}")
        for c in self._waste:
            place(c, "the waste")
        for c in self._stock:
            place(c, "the stock")
        if len(seen) != 52:
            missing = " ".join(str(ALL_CARDS[i]) for i in range(52) if i not in seen)
            raise InvalidPositionError(f"a position needs all 52 cards; missing: {missing}")
        for i, c in enumerate(cards):
            on_it = [q for q in COVERS[i] if cards[q] != _GONE]
            if c == _GONE:
                if on_it:
                    raise InvalidPositionError(
                        f"place {i + 1} is empty, but the card of place {on_it[0] + 1} still"
                        " covers it (a card leaves only once nothing covers it)"
                    )
                continue
            if self.rules.open:
                if not up[i]:
                    raise InvalidPositionError(
                        f"place {i + 1}: {ALL_CARDS[c]} is face down, but in open rules every"
                        " card lies face up"
                    )
            elif up[i] and on_it:
                raise InvalidPositionError(
                    f"place {i + 1}: {ALL_CARDS[c]} is face up, but the card of place"
                    f" {on_it[0] + 1} still covers it"
                )
            elif not up[i] and not on_it:
                raise InvalidPositionError(
                    f"place {i + 1}: {ALL_CARDS[c]} is face down, but nothing covers it (it"
                    " would have been turned up)"
                )

    # ----------------------------------------------------------------- reading the position
    def place(self, i: int) -> Card | None:
        """The card of place ``i`` (0..27, PySolFC's order), or None when it is gone."""
        c = self._cards[i]
        return None if c == _GONE else ALL_CARDS[c]

    def is_face_up(self, i: int) -> bool:
        """True when the card of place ``i`` lies face up (a gone card counts as face up)."""
        return self._up[i]

    def is_free(self, i: int) -> bool:
        """True when place ``i`` holds a card that nothing covers."""
        cards = self._cards
        return cards[i] != _GONE and all(cards[q] == _GONE for q in COVERS[i])

    def table_count(self) -> int:
        """Cards left on the table (0..28)."""
        return sum(1 for c in self._cards if c != _GONE)

    def face_down_count(self) -> int:
        """Face-down cards on the table."""
        return sum(1 for c, u in zip(self._cards, self._up, strict=True) if c != _GONE and not u)

    def stock(self) -> list[Card]:
        """The stock, the next card to turn first."""
        return [ALL_CARDS[c] for c in reversed(self._stock)]

    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    def waste(self) -> list[Card]:
        """The waste, bottom to top (the next card played goes on its top card)."""
        return [ALL_CARDS[c] for c in self._waste]

    def waste_top(self) -> Card:
        """The waste's top card."""
        return ALL_CARDS[self._waste[-1]]

    def view(self) -> PositionView:
        """A read-only picture of the position: no columns; the 28 places in PySolFC's order
        (:class:`~kosynka.games.base.Place`: the card or None, face up or not, its row and
        across position, the places that cover it), the stock (the next card first) and the
        waste (bottom to top)."""
        places = tuple(
            Place(
                None if c == _GONE else ALL_CARDS[c],
                self._up[i],
                ROWS[i],
                XS[i],
                COVERS[i],
            )
            for i, c in enumerate(self._cards)
        )
        return PositionView(
            columns=(),
            face_down=(),
            stock=tuple(self.stock()),
            waste=tuple(self.waste()),
            places=places,
        )

    def is_won(self) -> bool:
        """True when the 28 cards of the table are gone."""
        return all(c == _GONE for c in self._cards)

    # ----------------------------------------------------------------- moves
    def parse_move(self, text: str) -> Move:
        """Read a move in move text (``s``, ``7C``)."""
        return Move.parse(text)

    def explain(self, move: Move) -> Reason | None:
        """``None`` when ``move`` is legal here, otherwise the :class:`Reason` that refuses it.

        The checks run in a fixed order (see :mod:`kosynka.games.tripeaks.reasons`): is the
        game over, is the stock empty; is the card on the table, face up, uncovered; is it next
        to the waste's top card."""
        return self._check(move)[0]

    def _checked(self, move: Move) -> tuple[Move, Reason | None, int]:
        """The move, why it is refused (None when legal) and the played card's place."""
        reason, where = self._check(move)
        return move, reason, where

    def _check(self, move: Move) -> tuple[Reason | None, int]:
        """:meth:`explain`, with the played card's place (-1 for the stock move) for
        :meth:`_apply` to reuse."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, got {type(move).__name__}")
        if self.is_won():
            return R.GAME_OVER, -1
        if move.card is None:
            return (None if self._stock else R.STOCK_EMPTY), -1
        card = move.card.index
        cards = self._cards
        try:
            p = cards.index(card)
        except ValueError:
            return (R.ON_WASTE if card in self._waste else R.IN_STOCK), -1
        if not self._up[p]:
            return R.FACE_DOWN, p
        on_it = [cards[q] for q in COVERS[p] if cards[q] != _GONE]
        if on_it:
            return R.covered(_RANK[card], [_RANK[c] for c in on_it]), p
        rank, top = _RANK[card], _RANK[self._waste[-1]]
        if self.rules.next_to(rank, top):
            return None, p
        if abs(rank - top) == 12:
            return R.WRAP_OFF, p
        return R.not_next(rank, top), p

    def generate_legal_moves(self) -> Iterator[Move]:
        """Yield the legal moves: the cards of the table that may go on the waste, in the order
        of their places (PySolFC's: the peaks' tops first, the bottom row last), then the stock
        move while the stock holds cards. None once the game is won."""
        return iter(self.legal_move_list())

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a list, in :meth:`generate_legal_moves` order."""
        cards, up = self._cards, self._up
        if all(c == _GONE for c in cards):
            return []
        top = _RANK[self._waste[-1]]
        next_to = self.rules.next_to
        out = [
            _MOVES[c]
            for p, c in enumerate(cards)
            if c != _GONE
            and up[p]
            and all(cards[q] == _GONE for q in COVERS[p])
            and next_to(_RANK[c], top)
        ]
        if self._stock:
            out.append(_STOCK_MOVE)
        return out

    def _apply(self, move: Move, where: int | None = None) -> None:
        """Change the position by a legal ``move`` (no checks): the card leaves its place for
        the waste and every card it was the last to cover turns face up; or the stock's next
        card goes onto the waste. ``where`` is the card's place when known already."""
        if move.card is None:
            self._waste.append(self._stock.pop())
            return
        cards, up = self._cards, self._up
        p = where if where is not None and where >= 0 else cards.index(move.card.index)
        self._waste.append(cards[p])
        cards[p] = _GONE
        for q in COVERED[p]:
            if cards[q] != _GONE and not up[q] and all(cards[r] == _GONE for r in COVERS[q]):
                up[q] = True

    def _snapshot(self) -> _Snapshot:
        """The whole position as tuples (what :meth:`pop` restores)."""
        return (tuple(self._cards), tuple(self._up), tuple(self._stock), tuple(self._waste))

    def _restore(self, snap: _Snapshot) -> None:
        """Put back a position saved by :meth:`_snapshot`."""
        cards, up, stock, waste = snap
        self._cards = list(cards)
        self._up = list(up)
        self._stock = list(stock)
        self._waste = list(waste)

    # ----------------------------------------------------------------- the end of the game
    def outcome(self) -> Outcome | None:
        """``Outcome(WON)`` when the table is cleared, ``Outcome(STUCK)`` when no move is legal
        (the stock is empty and no card of the table goes on the waste), otherwise ``None``."""
        if self.is_won():
            return Outcome(Termination.WON)
        if not self.legal_move_list():
            return Outcome(Termination.STUCK)
        return None

    # ----------------------------------------------------------------- identity
    def copy(self, *, stack: bool = True) -> TriPeaks:
        """An independent copy; with ``stack=False`` its move history starts empty."""
        game = TriPeaks.__new__(TriPeaks)
        game.rules = self.rules
        game.numbering = self.numbering
        game.deal_number = self.deal_number
        game._cards = list(self._cards)
        game._up = list(self._up)
        game._stock = list(self._stock)
        game._waste = list(self._waste)
        self._copy_history(game, stack)
        return game

    def key(self) -> Hashable:
        """A hashable key of the position: equal keys mean the same cards on the same places,
        the same of them face up, the same stock and the same card on top of the waste (the
        cards under it never play again). Move history is not part of it."""
        return (tuple(self._cards), tuple(self._up), tuple(self._stock), self._waste[-1])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TriPeaks):
            return NotImplemented
        return self.rules == other.rules and self._snapshot() == other._snapshot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        deal = f" deal={self.deal_number}" if self.deal_number is not None else ""
        return f"<TriPeaks{deal} {self.rules.text()} moves={self.moves_made}>"
