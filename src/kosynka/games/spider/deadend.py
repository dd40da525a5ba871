"""Spider's dead ends: positions from which no sequence of moves can ever make progress.

*Progress* is a face-down card turned up, a finished run removed, or a row dealt. A won game
ends with all eight runs removed, so a game from which no progress can be reached is lost.
:func:`search` looks at every position reachable without progress (cards and groups moved
between columns) and stops at the first move that makes progress.

A row is dealt only when no column is empty, so while the stock holds cards every position
the search looks at has an empty column, and one whose columns can all be filled (with the
stock not empty) is progress. With fewer than ten cards on the table a row can never be dealt
again: such a game goes on only by turning cards up and removing runs.

It reads only the face-up cards, which columns still hide cards and whether the stock is empty:
a face-down card never lies on top of a column and the stock's cards are not looked at before
progress, so no move the search makes depends on them: a dead end is lost whatever the hidden
cards are.

The search is exact: it never calls a position dead while progress can be reached, and it
calls it dead whenever no progress can be reached, unless it runs into its bound
(:data:`LIMIT` positions), in which case it answers "not dead" and says so. The columns are
compared as a set (no rule the search meets looks at a column's place, and a column hiding
cards is only marked as such, since its hidden cards never move).

>>> from kosynka.games.spider import Spider
>>> search(Spider(1)).dead
False
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from kosynka.cards import CARD_RANK

if TYPE_CHECKING:
    from kosynka.games.spider.rules import Spider

ROW: Final = 10
"""Cards in a dealt row: a row can be dealt only with at least this many cards on the table."""

LIMIT: Final = 4_000
"""The most positions :func:`search` looks at before it answers "not dead" (bound hit)."""

_RANK: Final = CARD_RANK
_FULL_RUN: Final = tuple(tuple(s * 13 + r for r in range(12, -1, -1)) for s in range(4))
"""Per suit, a finished run bottom to top (King first)."""

_Column = tuple[int, tuple[int, ...]]
"""A column: 1 when it hides cards (else 0), and its face-up cards bottom to top."""
_State = tuple[_Column, ...]
"""The columns, sorted."""


@dataclass(frozen=True, slots=True)
class DeadEndSearch:
    """What :func:`search` found: ``dead`` when no progress can ever be made (the game is
    lost), ``bound_hit`` when it stopped at its bound (``dead`` is then False), and how many
    ``positions`` it looked at."""

    dead: bool
    bound_hit: bool
    positions: int


class _Columns:
    """The distinct columns a search meets, each given a small number once, with what the
    search asks of it: a position is then a sorted tuple of ten numbers (cheap to hash and to
    compare), and a move builds only the two columns it changes."""

    __slots__ = ("cuts", "down", "ids", "joins", "parts", "rank", "start", "ups")

    def __init__(self) -> None:
        self.ids: dict[_Column, int] = {}
        self.down: list[int] = []
        self.ups: list[tuple[int, ...]] = []
        self.rank: list[int] = []
        """The rank of the top card (0 for an empty column)."""
        self.start: list[int] = []
        """Where the movable group at the top begins (the index of its lowest card)."""
        self.parts: list[int] = []
        """How many groups must leave for a hidden card to turn up (99: the column hides
        none)."""
        self.cuts: dict[tuple[int, int], int] = {}
        self.joins: dict[tuple[int, int, int], int] = {}

    def cut(self, c: int, j: int) -> int:
        """Column ``c`` with its cards from index ``j`` up taken off."""
        n = self.cuts.get((c, j))
        if n is None:
            n = self.cuts[c, j] = self.id(self.down[c], self.ups[c][:j])
        return n

    def join(self, d: int, c: int, j: int) -> int:
        """Column ``d`` with the cards of column ``c`` from index ``j`` up put on it."""
        n = self.joins.get((d, c, j))
        if n is None:
            n = self.joins[d, c, j] = self.id(self.down[d], self.ups[d] + self.ups[c][j:])
        return n

    def id(self, down: int, up: tuple[int, ...]) -> int:
        """The number of the column ``(down, up)``."""
        col = (down, up)
        n = self.ids.get(col)
        if n is not None:
            return n
        n = len(self.ups)
        self.ids[col] = n
        self.down.append(down)
        self.ups.append(up)
        size = len(up)
        self.rank.append(_RANK[up[-1]] if size else 0)
        j = size - 1
        while j > 0 and up[j - 1] == up[j] + 1 and _RANK[up[j]] != 13:
            j -= 1
        self.start.append(max(j, 0))
        parts = 99
        if down:
            parts = 1
            for i in range(1, size):
                if up[i - 1] != up[i] + 1 or _RANK[up[i]] == 13:
                    parts += 1
        self.parts.append(parts)
        return n


def _progress_now(game: Spider, stock: bool) -> bool:
    """True when a row can be dealt now, or some column's face-up cards are one group that
    can move off it now (turning up the card under them)."""
    cols, hidden = game._cols, game._hidden
    if stock and all(cols):
        return True
    tops = {_RANK[col[-1]] for col in cols if col}
    has_empty = not all(cols)
    for col, h in zip(cols, hidden, strict=True):
        if not h:
            continue
        j = len(col) - 1
        while j > h and col[j - 1] == col[j] + 1 and _RANK[col[j]] != 13:
            j -= 1
        if j == h and (has_empty or _RANK[col[j]] + 1 in tops):
            return True
    return False


def _linked(lower: int, upper: int) -> bool:
    """True when ``upper`` lying on ``lower`` continues a group that moves as one (the next
    lower card of the same suit)."""
    return lower == upper + 1 and _RANK[upper] != 13


def _may_progress(game: Spider, stock: bool) -> bool:
    """False only when no progress can ever be made; True when it may be.

    This is a relaxation of the game: it asks which face-up cards could ever lie on top of a
    column and which could ever move, as if every such card could be used at once (a card
    that becomes a top stays available as a target, a column that can be emptied stays
    empty). Anything a real line of play does passes these tests, so when even this game
    makes no progress, none is possible. A card ``d`` can move only once everything above it
    is a group going down in its suit, so the top card ``x`` of that stretch (as it lies now)
    must first be a top; and a card one rank higher must be a top, or a column empty (where
    that top lies is not asked: a card may land on one that lay below it, once the two have
    been parted). A card becomes a top for the first time when the card lying on it now
    moves."""
    cols, hidden = game._cols, game._hidden
    if stock and sum(len(c) for c in cols) >= ROW:
        return True  # rows may still be dealt: the relaxation does not try to rule that out
    # The face-up cards as (column, index); which are or can become tops; which can move.
    top: set[tuple[int, int]] = {(i, len(c) - 1) for i, c in enumerate(cols) if c}
    empty = not all(cols)
    moved: set[tuple[int, int]] = set()
    stretch: dict[tuple[int, int], int] = {}
    for i, col in enumerate(cols):
        j = len(col) - 1
        x = j
        while j >= hidden[i]:
            stretch[i, j] = x
            if j > hidden[i] and not _linked(col[j - 1], col[j]):
                x = j - 1
            j -= 1
    changed = True
    while changed:
        changed = False
        tops_by_rank: dict[int, list[tuple[int, int]]] = {}
        for i, j in top:
            tops_by_rank.setdefault(_RANK[cols[i][j]], []).append((i, j))
        for (i, j), x in stretch.items():
            if (i, j) in moved or (i, x) not in top:
                continue
            rank = _RANK[cols[i][j]]
            if not empty and rank + 1 not in tops_by_rank:
                continue
            if j == hidden[i]:
                if hidden[i]:
                    return True  # the card under it turns up
                empty = True
            else:
                top.add((i, j - 1))
            moved.add((i, j))
            changed = True
    # A run removed: some suit with all thirteen cards face up, each below the king either
    # able to move or lying on the next higher card of its suit already.
    for s in {c // 13 for col in cols for c in col}:
        ok = True
        for r in range(1, 13):
            card = s * 13 + r - 1
            if not any(
                cols[i][j] == card
                and ((i, j) in moved or (j > hidden[i] and cols[i][j - 1] == card + 1))
                for (i, j) in stretch
            ):
                ok = False
                break
        if ok and any(cols[i][j] == s * 13 + 12 for (i, j) in stretch):
            return True
    return False


def search(game: Spider, limit: int = LIMIT) -> DeadEndSearch:
    """Whether ``game`` is at a dead end: no sequence of legal moves can turn up a face-down
    card, remove a run or deal a row (see the module note).

    A won game is not at a dead end. ``limit`` is the most positions looked at; when more would
    be needed the answer is "not dead" with ``bound_hit`` set."""
    if game.is_won():
        return DeadEndSearch(False, False, 0)
    stock = game.stock_count() > 0
    if _progress_now(game, stock):
        return DeadEndSearch(False, False, 1)
    if not _may_progress(game, stock):
        return DeadEndSearch(True, False, 1)
    table = _Columns()
    start = tuple(
        sorted(
            table.id(1 if h else 0, tuple(col[h:]))
            for col, h in zip(game._cols, game._hidden, strict=True)
        )
    )
    ups, downs, ranks, starts, parts = table.ups, table.down, table.rank, table.start, table.parts
    empty = table.id(0, ())

    def guess(state: tuple[int, ...]) -> int:
        """How far progress looks: the fewest groups to move off a column for a card to turn
        up, or the empty columns to fill before a row can be dealt."""
        best = min(map(parts.__getitem__, state))
        return min(best, state.count(empty)) if stock else best

    seen: set[tuple[int, ...]] = {start}
    pending = [(guess(start), 0, start)]
    order = 0
    built = 1
    while pending:
        if built >= limit:
            return DeadEndSearch(False, True, built)
        state = heapq.heappop(pending)[2]
        # Where a group whose lowest card has rank r can go: one column of each kind (two
        # columns alike give the same position) whose top card has rank r + 1, and one empty
        # column.
        onto: list[list[int]] = [[] for _ in range(15)]
        empties: list[int] = []
        empty_count = 0
        last = -1
        for k, c in enumerate(state):
            if c == empty:
                empty_count += 1
                if not empties:
                    empties.append(k)
            elif c != last:
                onto[ranks[c]].append(k)
            last = c
        if empties:
            for r in range(1, 15):
                onto[r] += empties
        fills_last = stock and empty_count == 1  # filling it lets a row be dealt
        last = -1
        for i, c in enumerate(state):
            if c in (last, empty):
                continue  # the same moves as the column before
            last = c
            up = ups[c]
            n = len(up)
            down = downs[c]
            top_is_ace = ranks[c] == 1
            for j in range(n - 1, starts[c] - 1, -1):
                for k in onto[_RANK[up[j]] + 1]:
                    if k == i:
                        continue
                    d = state[k]
                    if j == 0:
                        if down:
                            return DeadEndSearch(False, False, built)  # a card turns up
                        if d == empty:
                            continue  # a whole column into an empty one: the same position
                    elif d == empty and fills_last:
                        return DeadEndSearch(False, False, built)  # no column empty: deal
                    if (
                        top_is_ace
                        and len(ups[d]) + n - j >= 13
                        and (ups[d] + up[j:])[-13:] == _FULL_RUN[up[-1] // 13]
                    ):
                        return DeadEndSearch(False, False, built)  # a run is removed
                    built += 1
                    new = list(state)
                    new[i] = table.cut(c, j)
                    new[k] = table.join(d, c, j)
                    after = tuple(sorted(new))
                    if after not in seen:
                        seen.add(after)
                        order -= 1
                        heapq.heappush(pending, (guess(after), order, after))
    return DeadEndSearch(True, False, built)
