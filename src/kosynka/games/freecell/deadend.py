"""FreeCell's dead ends: positions from which no sequence of moves can ever send a card home.

Every card is face up, so nothing is hidden and a dead end is simply a lost game that the
search can show to be lost cheaply. *Progress* is the foundations holding more cards than they
hold now: a won game ends with 52 cards home, so a game from which no such position can be
reached is lost. :func:`search` looks at every position reachable without progress (cards moved
between columns and free cells, cards taken back from the foundations and sent home again) and
stops at the first move that makes progress.

Free cells and empty columns that could be emptied are not progress: a position where cards
can be moved to and fro forever, but never one more card home, is as lost as one where nothing
moves, and it is the one a player keeps shuffling in.

The search is exact: it never calls a position dead while a card can still be sent home, and
it calls it dead whenever none can, unless it runs into its bound (:data:`LIMIT` positions), in
which case it answers "not dead" and says so. What keeps it small, none of which changes an
answer:

* a next card of its suit with no more cards above it than there are empty free cells and
  columns can be dug out one card at a time and sent home: no search needed;
* the columns are compared as a set and the free cells as a set (no rule looks at their
  places);
* a card on the foundations that could never help when taken back is not taken back (see
  :func:`useless_returns`).

It looks first at the positions where a card the foundations need lies least deep, against
the moves made to get there; its bound counts every position built, one per move tried.

>>> from kosynka.games.freecell import FreeCell
>>> search(FreeCell(1)).dead
False
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from kosynka.cards import CARD_FITS, CARD_RANK, CARD_RED, CARD_SUIT, CARD_WANTS

if TYPE_CHECKING:
    from kosynka.games.freecell.rules import FreeCell

LIMIT: Final = 3_000
"""The most positions :func:`search` looks at before it answers "not dead" (bound hit)."""

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED
_FITS: Final = CARD_FITS
"""Per card: the key of the column tops it may lie on (see :data:`_WANTS`)."""
_WANTS: Final = CARD_WANTS
"""Per card on top of a column: the key of the cards that may lie on it."""

_WEIGHT = 1
"""How much a card buried one deeper counts against a position in the search order, against
one move more to reach it."""

_FITTERS: Final = tuple(
    tuple(y for y in range(52) if _FITS[y] == _WANTS[x]) if _RANK[x] > 1 else () for x in range(52)
)
"""Per card: the two cards that may lie on it in a column (none on an ace)."""

_State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""Column numbers (sorted; see :class:`_Columns`), free cells (sorted, -1 for an empty one),
foundation counts."""


@dataclass(frozen=True, slots=True)
class DeadEndSearch:
    """What :func:`search` found: ``dead`` when no card can ever be sent home again (the game
    is lost), ``bound_hit`` when it stopped at its bound (``dead`` is then False), and how many
    ``positions`` it looked at."""

    dead: bool
    bound_hit: bool
    positions: int


class _Columns:
    """The distinct columns a search meets, each given a small number once, with what the
    search asks of it: a position's columns are then a sorted tuple of eight numbers (cheap to
    hash and to compare), and a move builds only the columns it changes."""

    __slots__ = ("cards", "ids", "joins", "pops", "pushes", "start", "wants")

    def __init__(self) -> None:
        self.ids: dict[tuple[int, ...], int] = {}
        self.cards: list[tuple[int, ...]] = []
        self.wants: list[int] = []
        """The key of the cards that may lie on the top card (-1 for an empty column)."""
        self.start: list[int] = []
        """Where the ordered run at the top begins (the index of its lowest card)."""
        self.pops: list[int] = []
        """The column with its top card taken off (-1 for an empty column)."""
        self.pushes: dict[tuple[int, int], int] = {}
        self.joins: dict[tuple[int, int, int], int] = {}

    def id(self, cards: tuple[int, ...]) -> int:
        """The number of the column holding ``cards`` (bottom to top)."""
        n = self.ids.get(cards)
        if n is not None:
            return n
        n = len(self.cards)
        self.ids[cards] = n
        self.cards.append(cards)
        size = len(cards)
        self.wants.append(_WANTS[cards[-1]] if size else -1)
        j = size - 1
        while j > 0 and _FITS[cards[j]] == _WANTS[cards[j - 1]]:
            j -= 1
        self.start.append(max(j, 0))
        self.pops.append(-1)
        if size:
            self.pops[n] = self.id(cards[:-1])
        return n

    def push(self, c: int, card: int) -> int:
        """Column ``c`` with ``card`` put on it."""
        n = self.pushes.get((c, card))
        if n is None:
            n = self.pushes[c, card] = self.id((*self.cards[c], card))
        return n

    def join(self, d: int, c: int, j: int) -> int:
        """Column ``d`` with the cards of column ``c`` from index ``j`` up put on it."""
        n = self.joins.get((d, c, j))
        if n is None:
            n = self.joins[d, c, j] = self.id(self.cards[d] + self.cards[c][j:])
        return n


def _can_dig_out(cols: list[list[int]], cells: list[int], found: list[int]) -> bool:
    """True when the next card of some suit is in a free cell, or has no more cards above it
    than there are empty free cells and columns to put them in one by one (then it can be sent
    home)."""
    room = cells.count(-1) + cols.count([])
    for s in range(4):
        n = found[s]
        if n == 13:
            continue
        card = s * 13 + n
        if card in cells:
            return True
        for col in cols:
            if card in col[-1 - room :]:
                return True
    return False


def useless_returns(found: list[int]) -> set[int]:
    """The cards on the foundations whose return to a column can never help send one more
    card home: each card that could lie on one is on the foundations and useless itself, and
    the card under it on its foundation is useless too (an ace is useless: no card lies on an
    ace). As in Klondike (:func:`kosynka.games.klondike.deadend.useless_returns`), a line
    that takes such a card back does as well leaving it home: nothing is ever put on it,
    nothing under it comes back, and the foundations hold at least as many cards at every
    step."""
    home = {s * 13 + r for s in range(4) for r in range(found[s])}
    useful: set[int] = set()
    changed = True
    while changed:
        changed = False
        for x in home - useful:
            if (_RANK[x] > 1 and x - 1 in useful) or any(
                y in useful or y not in home for y in _FITTERS[x]
            ):
                useful.add(x)
                changed = True
    return home - useful


def search(game: FreeCell, limit: int = LIMIT) -> DeadEndSearch:
    """Whether ``game`` is at a dead end: no sequence of legal moves can put more cards on the
    foundations than they hold now (see the module note).

    A won game is not at a dead end. ``limit`` is the most positions looked at; when more would
    be needed the answer is "not dead" with ``bound_hit`` set."""
    goal = sum(game._found)
    if goal == 52:
        return DeadEndSearch(False, False, 0)
    if _can_dig_out(game._cols, game._cells, game._found):
        return DeadEndSearch(False, False, 1)
    back = game.rules.foundation_return
    useless = useless_returns(game._found) if back else set()
    table = _Columns()
    cards, wants, starts, pops = table.cards, table.wants, table.start, table.pops
    empty = table.id(())

    def make(cols: list[int], cells: list[int], found: list[int]) -> _State:
        """A position the search has reached, its columns and free cells sorted."""
        cols.sort()
        cells.sort()
        return tuple(cols), tuple(cells), tuple(found)

    def buried(state: _State) -> int:
        """How many more cards lie above the least buried next card of its suit than there
        are empty free cells and columns to put them in one by one: at most 0 when that card
        can be dug out and sent home at once (one in a free cell is buried under none)."""
        cols, cells, found = state
        room = cells.count(-1) + cols.count(empty)
        best = 52
        for s in range(4):
            n = found[s]
            if n == 13:
                continue
            card = s * 13 + n
            if card in cells:
                return -room
            for c in cols:
                col = cards[c]
                if card in col:
                    depth = len(col) - 1 - col.index(card)
                    if depth < best:
                        best = depth
                    break
        return best - room

    start = make([table.id(tuple(c)) for c in game._cols], list(game._cells), list(game._found))
    seen: set[_State] = {start}
    pending = [(_WEIGHT * buried(start), 0, 0, start)]
    order = 0
    built = 1
    nothing: list[int] = []
    while pending:
        if built >= limit:
            return DeadEndSearch(False, True, built)
        _, _, depth, state = heapq.heappop(pending)
        cols, cells, found = state
        home_counts = sum(found) == goal  # one more card home is progress
        if home_counts and buried(state) <= 0:
            return DeadEndSearch(False, False, built)
        # The columns each card fits on (one of each kind: two columns alike give the same
        # position), and one empty column.
        onto: dict[int, list[int]] = {}
        empty_at: list[int] = []
        empties = 0
        last = -1
        for k, c in enumerate(cols):
            if c == empty:
                empties += 1
                if not empty_at:
                    empty_at.append(k)
            elif c != last:
                w = wants[c]
                if w in onto:
                    onto[w].append(k)
                else:
                    onto[w] = [k]
            last = c
        free = cells.count(-1)
        limit_onto = (1 + free) << empties
        limit_empty = limit_onto >> 1
        made: list[_State] = []
        # Home (progress unless cards have been taken back from the foundations).
        for slot, card in enumerate(cells):
            if card >= 0 and found[_SUIT[card]] == _RANK[card] - 1:
                if home_counts:
                    return DeadEndSearch(False, False, built)
                f = list(found)
                f[_SUIT[card]] += 1
                new_cells = list(cells)
                new_cells[slot] = -1
                made.append(make(list(cols), new_cells, f))
        last = -1
        for i, c in enumerate(cols):
            if c in (last, empty):
                continue  # the same moves as the column before
            last = c
            col = cards[c]
            n = len(col)
            top = col[-1]
            if found[_SUIT[top]] == _RANK[top] - 1:
                if home_counts:
                    return DeadEndSearch(False, False, built)
                f = list(found)
                f[_SUIT[top]] += 1
                new_cols = list(cols)
                new_cols[i] = pops[c]
                made.append(make(new_cols, list(cells), f))
            # Each card of the ordered top run onto another column, as far as the room goes.
            for j in range(n - 1, starts[c] - 1, -1):
                size = n - j
                if size > limit_onto:
                    break
                targets = onto.get(_FITS[col[j]], nothing)
                if j and size <= limit_empty:
                    targets = targets + empty_at  # a whole column into an empty one: no change
                for k in targets:
                    new_cols = list(cols)
                    new_cols[i] = pops[c] if size == 1 else table.id(col[:j])
                    new_cols[k] = table.join(cols[k], c, j)
                    made.append(make(new_cols, list(cells), list(found)))
            # The top card to a free cell.
            if free:
                new_cols = list(cols)
                new_cols[i] = pops[c]
                new_cells = list(cells)
                new_cells[0] = top  # cells are sorted: an empty one comes first
                made.append(make(new_cols, new_cells, list(found)))
        # Free cells to columns.
        for slot, card in enumerate(cells):
            if card < 0 or (slot and cells[slot - 1] == card):
                continue
            for k in onto.get(_FITS[card], nothing) + empty_at:
                new_cols = list(cols)
                new_cols[k] = table.push(cols[k], card)
                new_cells = list(cells)
                new_cells[slot] = -1
                made.append(make(new_cols, new_cells, list(found)))
        # Foundation tops back to columns.
        if back:
            for s in range(4):
                n = found[s]
                if not n:
                    continue
                card = s * 13 + n - 1
                if card in useless:
                    continue  # taking it back never helps (see useless_returns)
                for k in onto.get(_FITS[card], nothing) + empty_at:
                    f = list(found)
                    f[s] -= 1
                    new_cols = list(cols)
                    new_cols[k] = table.push(cols[k], card)
                    made.append(make(new_cols, list(cells), f))
        built += len(made)
        for state in made:
            if state not in seen:
                seen.add(state)
                order += 1
                heapq.heappush(
                    pending, (_WEIGHT * buried(state) + depth + 1, order, depth + 1, state)
                )
    return DeadEndSearch(True, False, built)
