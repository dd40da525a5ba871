"""Pyramid: the rules, their options and the game class.

28 cards lie face up in a pyramid of seven rows; place ``i`` of row ``r`` is covered by places
``i`` and ``i + 1`` of row ``r + 1`` (PySolFC's ``blockmap``). The other 24 cards are the stock,
its top card face up; the waste starts empty. A move removes two available cards whose ranks
add up to 13 (A = 1, J = 11, Q = 12, K = 13) or an available King alone; ``s`` turns the
stock's top card onto the waste; ``r`` turns the waste over into a new stock when the stock is
empty. Available: a pyramid card with neither card below it left, the stock's top card, the
waste's top card (those two may pair with each other).

Move text: ``8H+5C`` (a pair; either order is read, ``str`` writes the higher rank first, so a
move's text does not depend on the position), ``KS`` (a King alone), ``s``, ``r``.

The position is kept as small integers (card index ``suit * 13 + rank - 1``, see
:attr:`kosynka.cards.Card.index`); the public methods speak :class:`~kosynka.cards.Card` and
:class:`Move`.

>>> game = Pyramid(1)
>>> str(game.stock_top()), game.stock_count(), game.pass_number
('4H', 24, 1)
>>> game.explain(Move.parse("JD+2D")).code
'covered'
>>> game.push_text("s")
Move.parse('s')
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final

from kosynka.cards import ALL_CARDS, CARD_RANK, KING, Card
from kosynka.errors import InvalidNotationError, InvalidPositionError, Reason
from kosynka.games.base import Game, Outcome, Place, PositionView, Termination
from kosynka.games.pyramid import reasons as R
from kosynka.games.pyramid.deals import PLACES, PyramidLayout, pyramid_layout

ROWS: Final = 7
PASS_CHOICES: Final = (1, 2, 3, None)
"""The allowed pass limits (None: unlimited)."""
GOALS: Final = ("pyramid", "all")
"""What must go for the game to be won: the pyramid's 28 cards, or all 52."""

ROW_OF: Final = tuple(r for r in range(ROWS) for _ in range(r + 1))
"""The row (0 at the top) of each place."""
X_OF: Final = tuple((ROWS - 1 - r) + 2 * i for r in range(ROWS) for i in range(r + 1))
"""Where each place is drawn across, in half card widths, so that the pyramid is centred."""
COVERED_BY: Final = tuple(
    (p + r + 1, p + r + 2) if r < ROWS - 1 else () for p, r in enumerate(ROW_OF)
)
"""The places that cover each place (the two below it; none for the bottom row)."""

_RANK: Final = CARD_RANK
_TURN: Final = "s"
_REDEAL: Final = "r"
# Where a card lies, as _locate gives it: (zone, place or -1).
_GONE, _PLACE, _STOCK, _STOCK_TOP, _WASTE, _WASTE_TOP = range(6)


@dataclass(frozen=True, slots=True)
class PyramidRules:
    """The rule options: ``passes`` through the stock (1, 2, 3 or ``None`` for unlimited;
    Microsoft's 3 by default, so two redeals) and the ``goal``: ``"pyramid"`` (won when the
    pyramid's 28 cards are gone, Microsoft's) or ``"all"`` (every card must go, PySolFC's)."""

    passes: int | None = 3
    goal: str = "pyramid"

    def __post_init__(self) -> None:
        if isinstance(self.passes, bool) or self.passes not in PASS_CHOICES:
            raise InvalidNotationError(f"passes must be 1, 2, 3 or unlimited, not {self.passes!r}")
        if self.goal not in GOALS:
            raise InvalidNotationError(f"goal must be pyramid or all, not {self.goal!r}")

    def text(self) -> str:
        """The rules as ``passes=3 goal=pyramid`` (the position text's header)."""
        passes = "unlimited" if self.passes is None else str(self.passes)
        return f"passes={passes} goal={self.goal}"


@dataclass(frozen=True, slots=True)
class Move:
    """A Pyramid move: ``cards`` removed (a pair, the higher rank first, or a King alone), or
    ``turn`` (``"s"``: a stock card onto the waste; ``"r"``: the waste over into a new stock)
    with no cards.

    >>> Move.parse("5c + 8h")
    Move.parse('8H+5C')
    >>> str(Move.parse("ks")), str(Move.parse("S"))
    ('KS', 's')
    """

    cards: tuple[Card, ...]
    turn: str = ""

    def __post_init__(self) -> None:
        """Check the move's shape and put a pair in its written order (higher rank first)."""
        cards = self.cards
        if self.turn:
            if self.turn not in (_TURN, _REDEAL) or cards:
                raise InvalidNotationError(f"not a stock move: {self.turn!r} with {cards!r}")
            return
        if not 1 <= len(cards) <= 2 or not all(isinstance(c, Card) for c in cards):
            raise InvalidNotationError("a move removes one card or a pair of cards")
        if len(cards) == 2:
            a, b = cards
            if a == b:
                raise InvalidNotationError(f"a pair needs two different cards, not {a} twice")
            if (b.rank, b.index) > (a.rank, a.index):
                object.__setattr__(self, "cards", (b, a))

    @staticmethod
    def pair(a: Card, b: Card) -> Move:
        """Remove ``a`` and ``b`` together (in either order)."""
        return Move((a, b))

    @staticmethod
    def king(card: Card) -> Move:
        """Remove ``card`` (a King) alone."""
        return Move((card,))

    @staticmethod
    def stock() -> Move:
        """Turn the stock's top card onto the waste."""
        return _TURN_MOVE

    @staticmethod
    def redeal() -> Move:
        """Turn the waste over into a new stock."""
        return _REDEAL_MOVE

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``s``, ``r``, ``KS``, ``8H+5C``; raise :class:`InvalidNotationError`."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move must be text, not {type(text).__name__}")
        return _parse_move(text)

    @staticmethod
    def _parse_uncached(text: str) -> Move:
        """:meth:`parse`, without the cache."""
        t = "".join(text.split())
        if not t:
            raise InvalidNotationError(
                "an empty move (expected s, r, a King such as KS, or a pair such as 8H+5C)"
            )
        if t.lower() == _TURN:
            return _TURN_MOVE
        if t.lower() == _REDEAL:
            return _REDEAL_MOVE
        parts = t.split("+")
        if len(parts) > 2 or not all(parts):
            raise InvalidNotationError(
                f"not a move: {text!r} (expected s, r, a King such as KS, or a pair such as 8H+5C)"
            )
        try:
            cards = tuple(Card.parse(p) for p in parts)
        except InvalidNotationError as exc:
            raise InvalidNotationError(f"not a move: {text!r}: {exc}") from None
        if len(cards) == 2 and cards[0] == cards[1]:
            raise InvalidNotationError(f"not a move: {text!r} (a pair needs two different cards)")
        return Move(cards)

    @property
    def is_removal(self) -> bool:
        """True for a move that removes cards (not ``s`` or ``r``)."""
        return not self.turn

    def text(self) -> str:
        """The move text: ``s``, ``r``, ``KS``, ``8H+5C`` (the higher rank first)."""
        return self.turn or "+".join(c.text() for c in self.cards)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move.parse({self.text()!r})"


@functools.lru_cache(maxsize=8192)
def _parse_move(text: str) -> Move:
    """Move text to a Move, cached: games are replayed from their move text on every request."""
    return Move._parse_uncached(text)


_TURN_MOVE: Final = Move((), _TURN)
_REDEAL_MOVE: Final = Move((), _REDEAL)
_KING_MOVES: Final = {c.index: Move((c,)) for c in ALL_CARDS if c.rank == KING}

_Snapshot = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


class Pyramid(Game[Move]):
    """A game of Pyramid: the position, the rules and the moves made so far.

    Create one from a deal number (``Pyramid(12345, rules=PyramidRules(passes=None))``), from a
    :class:`~kosynka.games.pyramid.deals.PyramidLayout`, or from any position with
    :meth:`from_position`.
    """

    name: ClassVar[str] = "pyramid"
    rules: PyramidRules
    deal_number: int | None
    numbering: str
    pass_number: int
    """The pass through the stock under way (1 on the first; each ``r`` adds one)."""

    def __init__(
        self,
        deal: int | PyramidLayout | None = None,
        *,
        rules: PyramidRules | None = None,
        numbering: str = "pysol",
    ) -> None:
        self.rules = rules if rules is not None else PyramidRules()
        layout = self._take_deal(deal, numbering, PyramidLayout, pyramid_layout)
        self._places: list[int] = [c.index for c in layout.places]
        self._stock: list[int] = [c.index for c in reversed(layout.stock)]  # top last
        self._waste: list[int] = []
        self.pass_number = 1
        self._start_history()
        self._validate()

    # ----------------------------------------------------------------- construction
    @classmethod
    def from_position(
        cls,
        places: Sequence[Card | None],
        stock: Sequence[Card],
        waste: Sequence[Card] = (),
        *,
        pass_number: int = 1,
        rules: PyramidRules | None = None,
    ) -> Pyramid:
        """Any position: the card on each of the 28 ``places`` (None once removed), the
        ``stock`` from its top card down, the ``waste`` bottom to top and the pass under way.
        Raise :class:`InvalidPositionError` when it is malformed or impossible."""
        game = cls.__new__(cls)
        game.rules = rules if rules is not None else PyramidRules()
        game.numbering = "pysol"
        game.deal_number = None
        try:
            game._places = [-1 if c is None else c.index for c in places]
            game._stock = [c.index for c in reversed(stock)]
            game._waste = [c.index for c in waste]
        except (AttributeError, TypeError) as exc:
            raise InvalidPositionError(f"malformed position: {exc}") from None
        game.pass_number = pass_number
        game._start_history()
        game._validate()
        return game

    def _validate(self) -> None:
        """Check that the position holds each card at most once, in a form play can reach:
        the cards not in it (the removed ones) add up to a multiple of 13, as pairs and Kings
        do; no removed place has a card still covering it; the pass is within the rules."""
        if len(self._places) != PLACES:
            raise InvalidPositionError(f"the pyramid has 28 places, not {len(self._places)}")
        seen: dict[int, str] = {}
        where = (
            [(c, f"place {i + 1}") for i, c in enumerate(self._places) if c >= 0]
            + [(c, "the stock") for c in self._stock]
            + [(c, "the waste") for c in self._waste]
        )
        for c, name in where:
            if c in seen:
                raise InvalidPositionError(
                    f"duplicate card {ALL_CARDS[c]}: in {seen[c]} and in {name}"
                )
            seen[c] = name
        gone = [c for c in range(52) if c not in seen]
        if sum(_RANK[c] for c in gone) % 13:
            raise InvalidPositionError(
                "the cards removed cannot have left in pairs making 13 and Kings alone: "
                + " ".join(str(ALL_CARDS[c]) for c in gone)
            )
        for p, covers in enumerate(COVERED_BY):
            if self._places[p] < 0 and any(self._places[q] >= 0 for q in covers):
                raise InvalidPositionError(f"place {p + 1} is empty while a card still covers it")
        if not isinstance(self.pass_number, int) or self.pass_number < 1:
            raise InvalidPositionError(f"pass number must be at least 1, not {self.pass_number}")
        passes = self.rules.passes
        if passes is not None and self.pass_number > passes:
            raise InvalidPositionError(
                f"pass {self.pass_number} is beyond the rules' limit of {passes} passes"
            )

    # ----------------------------------------------------------------- reading the position
    def places(self) -> list[Card | None]:
        """The card on each of the 28 places (rows top to bottom, each left to right), None
        where it has been removed."""
        return [ALL_CARDS[c] if c >= 0 else None for c in self._places]

    def is_available(self, place: int) -> bool:
        """True when ``place`` (0..27) holds a card that neither card below it covers."""
        p = self._places
        return p[place] >= 0 and all(p[q] < 0 for q in COVERED_BY[place])

    def stock(self) -> list[Card]:
        """The stock from its top card (the playable one) down."""
        return [ALL_CARDS[c] for c in reversed(self._stock)]

    def stock_top(self) -> Card | None:
        """The stock's top card, or None when the stock is empty."""
        return ALL_CARDS[self._stock[-1]] if self._stock else None

    def stock_count(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    def waste(self) -> list[Card]:
        """The waste, bottom to top (only the top card is playable)."""
        return [ALL_CARDS[c] for c in self._waste]

    def waste_top(self) -> Card | None:
        """The waste's top card, or None when the waste is empty."""
        return ALL_CARDS[self._waste[-1]] if self._waste else None

    def pyramid_count(self) -> int:
        """Cards left in the pyramid."""
        return sum(1 for c in self._places if c >= 0)

    def passes_left(self) -> int | None:
        """Redeals still allowed (None when unlimited)."""
        passes = self.rules.passes
        return None if passes is None else passes - self.pass_number

    def place_records(self) -> tuple[Place, ...]:
        """The 28 places as :class:`~kosynka.games.base.Place` records: the card (None once
        removed), face up, the row (0 at the top), ``x`` in half card widths (row r place i at
        ``(6 - r) + 2 * i``, so the pyramid is centred) and the two places that cover it (none
        for the bottom row; the reader checks whether they are empty)."""
        return tuple(
            Place(ALL_CARDS[c] if c >= 0 else None, True, ROW_OF[p], X_OF[p], COVERED_BY[p])
            for p, c in enumerate(self._places)
        )

    def view(self) -> PositionView:
        """A read-only picture of the position: no columns, the 28 places, the stock (its top
        card first) and the waste (bottom to top)."""
        return PositionView(
            columns=(),
            face_down=(),
            stock=tuple(self.stock()),
            waste=tuple(self.waste()),
            places=self.place_records(),
        )

    def hidden_count(self) -> int:
        """The cards a player cannot see: the stock's, but its top card, which lies face up
        (the pyramid and the waste are all face up)."""
        return max(0, len(self._stock) - 1)

    def is_won(self) -> bool:
        """True when the pyramid is cleared (and, when the goal is ``all``, the stock and the
        waste too)."""
        if any(c >= 0 for c in self._places):
            return False
        return self.rules.goal == "pyramid" or not (self._stock or self._waste)

    # ----------------------------------------------------------------- moves
    def parse_move(self, text: str) -> Move:
        """Read a move in move text (``s``, ``r``, ``KS``, ``8H+5C``)."""
        return Move.parse(text)

    def _locate(self, card: int) -> tuple[int, int]:
        """Where ``card`` is: (zone, place or -1)."""
        stock, waste = self._stock, self._waste
        if stock and stock[-1] == card:
            return _STOCK_TOP, -1
        if waste and waste[-1] == card:
            return _WASTE_TOP, -1
        try:
            return _PLACE, self._places.index(card)
        except ValueError:
            pass
        if card in stock:
            return _STOCK, -1
        if card in waste:
            return _WASTE, -1
        return _GONE, -1

    def _card_refusal(self, where: tuple[int, int]) -> Reason | None:
        """Why a card found at ``where`` cannot be played now, or None when it can."""
        zone, place = where
        if zone == _GONE:
            return R.GONE
        if zone == _STOCK:
            return R.IN_STOCK
        if zone == _WASTE:
            return R.IN_WASTE
        if zone == _PLACE:
            by = [
                str(ALL_CARDS[self._places[q]]) for q in COVERED_BY[place] if self._places[q] >= 0
            ]
            if by:
                return R.covered(str(ALL_CARDS[self._places[place]]), by)
        return None

    def explain(self, move: Move) -> Reason | None:
        """``None`` when ``move`` is legal here, otherwise the :class:`Reason` that refuses it
        (the first of the checks in the order :mod:`~kosynka.games.pyramid.reasons` lists)."""
        return self._check(move)[0]

    def _checked(self, move: Move) -> tuple[Move, Reason | None, list[tuple[int, int]]]:
        """The move, why it is refused (None when legal) and where its cards lie."""
        reason, where = self._check(move)
        return move, reason, where

    def _check(self, move: Move) -> tuple[Reason | None, list[tuple[int, int]]]:
        """:meth:`explain`, with where the move's cards lie (for :meth:`_apply` to reuse)."""
        if not isinstance(move, Move):
            raise TypeError(f"expected a Move, got {type(move).__name__}")
        if self.is_won():
            return R.GAME_OVER, []
        if move.turn:
            return self._explain_stock(move.turn), []
        cards = [c.index for c in move.cards]
        if len(cards) == 1:
            if _RANK[cards[0]] != KING:
                return R.NOT_A_KING, []
        else:
            a, b = _RANK[cards[0]], _RANK[cards[1]]
            if a + b != 13:
                return R.rank_sum(str(move.cards[0]), str(move.cards[1]), a + b), []
        where = [self._locate(c) for c in cards]
        for w in where:
            reason = self._card_refusal(w)
            if reason is not None:
                return reason, where
        return None, where

    def _explain_stock(self, turn: str) -> Reason | None:
        """Why ``s`` or ``r`` is refused, or None when it is legal."""
        if turn == _TURN:
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

    def _available(self) -> list[int]:
        """The cards that can be played now, in a fixed order: the pyramid's places in order,
        then the stock's top card, then the waste's top card."""
        p = self._places
        out = [c for i, c in enumerate(p) if c >= 0 and all(p[q] < 0 for q in COVERED_BY[i])]
        if self._stock:
            out.append(self._stock[-1])
        if self._waste:
            out.append(self._waste[-1])
        return out

    def generate_legal_moves(self) -> Iterator[Move]:
        """Yield the legal moves, in this order: the available Kings alone, then the pairs
        (by the first card's place in :meth:`_available` order, then its partner's), then ``s``,
        then ``r``. Nothing once the game is won."""
        return iter(self.legal_move_list())

    def legal_move_list(self) -> list[Move]:
        """The legal moves as a list, in :meth:`generate_legal_moves` order."""
        if self.is_won():
            return []
        avail = self._available()
        out = [_KING_MOVES[c] for c in avail if _RANK[c] == KING]
        for i, a in enumerate(avail):
            want = 13 - _RANK[a]
            for b in avail[i + 1 :]:
                if _RANK[b] == want:
                    out.append(Move((ALL_CARDS[a], ALL_CARDS[b])))
        if self._stock:
            out.append(_TURN_MOVE)
        elif self._waste and (self.rules.passes is None or self.pass_number < self.rules.passes):
            out.append(_REDEAL_MOVE)
        return out

    def _apply(self, move: Move, where: list[tuple[int, int]] | None = None) -> None:
        """Change the position by a legal ``move`` (no checks); ``where`` is where its cards
        lie when the caller has looked them up already."""
        if move.turn == _TURN:
            self._waste.append(self._stock.pop())
            return
        if move.turn == _REDEAL:
            self._waste.reverse()
            self._stock, self._waste = self._waste, []
            self.pass_number += 1
            return
        if where is None:
            where = [self._locate(c.index) for c in move.cards]
        # Both tops may go in one move: pop each from its own pile.
        for zone, place in where:
            if zone == _PLACE:
                self._places[place] = -1
            elif zone == _STOCK_TOP:
                self._stock.pop()
            else:
                self._waste.pop()

    def _snapshot(self) -> _Snapshot:
        """The whole position as tuples (what :meth:`pop` restores)."""
        return (tuple(self._places), tuple(self._stock), tuple(self._waste), self.pass_number)

    def _restore(self, snap: _Snapshot) -> None:
        """Put back a position saved by :meth:`_snapshot`."""
        places, stock, waste, pass_number = snap
        self._places = list(places)
        self._stock = list(stock)
        self._waste = list(waste)
        self.pass_number = pass_number

    # ----------------------------------------------------------------- the end of the game
    def outcome(self) -> Outcome | None:
        """``Outcome(WON)`` when the game is won, ``Outcome(STUCK)`` when no move at all is
        legal (no pair, no King, no ``s``, no ``r``), otherwise ``None``."""
        if self.is_won():
            return Outcome(Termination.WON)
        if not self.legal_move_list():
            return Outcome(Termination.STUCK)
        return None

    # ----------------------------------------------------------------- identity
    def copy(self, *, stack: bool = True) -> Pyramid:
        """An independent copy; with ``stack=False`` its move history starts empty."""
        game = Pyramid.__new__(Pyramid)
        game.rules = self.rules
        game.numbering = self.numbering
        game.deal_number = self.deal_number
        game._places = list(self._places)
        game._stock = list(self._stock)
        game._waste = list(self._waste)
        game.pass_number = self.pass_number
        self._copy_history(game, stack)
        return game

    def key(self) -> Hashable:
        """A hashable key of the position: equal keys mean the same cards in the same places,
        stock and waste, and the same passes left (the pass number counts only when the rules
        limit passes). Move history is not part of it."""
        pass_part = self.pass_number if self.rules.passes is not None else 0
        return (*self._snapshot()[:3], pass_part)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Pyramid):
            return NotImplemented
        return (
            self.rules == other.rules
            and self.pass_number == other.pass_number
            and self.key() == other.key()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        deal = f" deal={self.deal_number}" if self.deal_number is not None else ""
        return f"<Pyramid{deal} {self.rules.text()} moves={self.moves_made}>"
