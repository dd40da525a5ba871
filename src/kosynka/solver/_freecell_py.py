"""The reference FreeCell search in pure Python: always importable, the twin of the C++ core.

It searches the same space in the same order as the compiled core (``native/freecell_*.cpp``):
the same moves in the same order, the same safe moves home, the same scores, the same searches
and the same schedule, so the two agree on every verdict, on the number of states and on the
line (the tests check it). ``bench/solver_freecell.md`` explains the design and argues why each
rule is sound; in short:

* A position is the eight columns, the free cells and the foundations. Its key says, for each
  card, what it lies on (another card, a column's bottom, a free cell or its foundation), so
  positions that differ only in the order of the columns or of the free cells share a key.
* The search's moves are the rules' moves (a run moves as one *supermove* when the empty cells
  and columns allow it), with only one empty column and one empty free cell as a destination,
  never a whole column into an empty one, and never a card back from its foundation that would
  go straight home again.
* After every move, the cards that are safe go home without branching (:meth:`State.safe_home`).
* The game without foundation return is searched first (its lines are lines of the real rules
  too); only when it cannot be won and the rules have return is the real game searched.
* Several searches take turns, each going on where it stopped, with growing quotas of states
  (:func:`run_phase`): depth-first searches in move priority order (:class:`DepthFirst`) and
  best-first searches with different scores (:class:`BestFirst`). The first four (two of them
  only with 3 or 4 free cells) put a card in a free cell only on the way to a digging move's
  target: they win most deals soonest but do not reach every position, so when they run dry
  they drop out; only the complete ones that follow prove a game lost. Two of those are made
  for 3 or 4 free cells and three others for fewer (:attr:`Strategy.min_cells`,
  :attr:`Strategy.max_cells`).

Moves come back as engine move codes ``card * 16 + to`` (``to`` as in
:class:`kosynka.games.freecell.Move`: a column 0..7, 8 the foundation, 9 the first empty cell).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from kosynka.cards import CARD_FITS, CARD_RANK, CARD_RED, CARD_SUIT, CARD_WANTS
from kosynka.solver.result import Found

COLUMNS: Final = 8
NONE: Final = -1
"""An empty free cell."""
BOTTOM: Final = 52
IN_CELL: Final = 53
HOME: Final = 54
"""What a card lies on in the key, besides another card (0..51)."""
TO_FOUNDATION: Final = 8
TO_CELL: Final = 9

# Kinds of search move (kind, src, dst, count).
COL_COL: Final = 0
COL_CELL: Final = 1
CELL_COL: Final = 2
COL_HOME: Final = 3
CELL_HOME: Final = 4
HOME_COL: Final = 5
DIG_HOME: Final = 6
DIG_COL: Final = 7

Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
"""A position kept by :meth:`State.snapshot`: columns, free cells, foundations."""
SearchMove = tuple[int, int, int, int]
"""A search move ``(kind, src, dst, count)``: COL_COL moves ``count`` cards from column src
onto column dst; COL_CELL column src's top card to free cell dst; CELL_COL free cell src to
column dst; COL_HOME / CELL_HOME column or cell src's card to foundation dst; HOME_COL suit src's
top card back to column dst. Two stand for several moves: DIG_HOME parks the ``count`` cards
above the next card of suit dst in column src in free cells, one by one, and sends that card
home; DIG_COL parks the ``count`` cards above a card of column src and puts that card on column
dst's top card."""

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED
_FITS: Final = CARD_FITS
_WANTS: Final = CARD_WANTS
_OTHER1: Final = (1, 0, 0, 1)
_OTHER2: Final = (2, 3, 3, 2)
_TWIN: Final = (3, 2, 1, 0)
"""The suits of the other colour, and the other suit of the same colour (C, D, H, S)."""

FEATURES: Final = 12
TUNED: Final = (48, 54, 72, 3, -14, 26, -14, 0, 0, 0, 7, -28)
PLAYER: Final = (100, 28, 60, 15, -9, 3, -7, 0, 0, 0, 0, 0)
BEST_FIRST: Final = 0
DEPTH_FIRST: Final = 1


class Strategy(NamedTuple):
    """One search of the portfolio (the core's ``Strategy``)."""

    weights: tuple[int, ...]
    """The weights of the score's figures (see :meth:`State.features`)."""
    depth_weight: int
    """How much each move made so far counts against a position."""
    kind: int
    """:data:`BEST_FIRST` or :data:`DEPTH_FIRST` (in priority order)."""
    digging: bool = True
    """Whether the digging moves are tried."""
    to_cell: bool = True
    """Whether a column's top card may go to a free cell on its own (without, the search is
    not complete: see :attr:`State.to_cell`)."""
    noise: int = 0
    """A depth-first search's move priorities get a random ``0..noise-1`` added (see
    :class:`DepthFirst`)."""
    seed: int = 0
    """The seed of that noise."""
    min_cells: int = 0
    """The search runs only when the rules have at least this many free cells ..."""
    max_cells: int = 99
    """... and at most this many."""
    node_cap: int = 0
    """A best-first search keeps at most this many positions (0: :data:`NODE_CAP`)."""


PORTFOLIO: Final[tuple[Strategy, ...]] = (
    Strategy(TUNED, 0, DEPTH_FIRST, True, False),
    Strategy(TUNED, 0, BEST_FIRST, True, False),
    Strategy(TUNED, 0, DEPTH_FIRST, True, False, 1000, 1, 3),
    Strategy(TUNED, 0, DEPTH_FIRST, True, False, 1000, 2, 3),
    Strategy(TUNED, 10, BEST_FIRST, False, min_cells=3),
    Strategy(TUNED, 10, BEST_FIRST, False, max_cells=2, node_cap=1 << 15),
    Strategy(TUNED, 50, BEST_FIRST, False, max_cells=2, node_cap=1 << 19),
    Strategy(TUNED, 0, DEPTH_FIRST, False),
    Strategy(PLAYER, 0, BEST_FIRST, False, min_cells=3),
    Strategy(PLAYER, 20, BEST_FIRST, False, max_cells=2),
)
"""The strategies that take turns (see :func:`run_phase`)."""
SHORT: Final[tuple[Strategy, ...]] = (
    Strategy(PLAYER, 20, BEST_FIRST, False),
    Strategy(TUNED, 20, BEST_FIRST),
)
"""The strategies ``short=True`` adds, for shorter lines."""
_MASK64: Final = (1 << 64) - 1
FIRST_QUOTA: Final = 1000
LAST_QUOTA: Final = 64000
"""The portfolio's quotas of states: the first round's, doubled each round up to the last."""
NODE_CAP: Final = 1 << 17
"""Positions one best-first search keeps, at most (then it drops out of the portfolio)."""
FIRST_PHASE_STATES: Final = 1 << 22
"""With foundation return, the states the game without it gets first (see :func:`solve`)."""


def _fits(card: int, target: int) -> bool:
    """True when ``card`` may lie on ``target`` in a column (one rank lower, other colour)."""
    return _FITS[card] == _WANTS[target]


def code_text(code: int) -> str:
    """kosynka move text of an engine move code (``7C>4``, ``AH>f``, ``5S>c``)."""
    card, to = code >> 4, code & 15
    name = "A23456789TJQK"[card % 13] + "CDHS"[card // 13]
    dest = "f" if to == TO_FOUNDATION else "c" if to == TO_CELL else str(to + 1)
    return f"{name}>{dest}"


class State:
    """A position as the search keeps it: columns of card indices (bottom to top), free cells
    (``NONE`` for an empty one), foundation counts and what each card lies on (the key).

    ``digging`` and ``to_cell`` choose the search's moves (see :meth:`moves`). Without
    ``to_cell`` a card reaches a free cell only on the way to a digging move's target: far
    fewer positions, but not all of them, so such a search proves no loss."""

    __slots__ = (
        "cell",
        "cols",
        "digging",
        "empty_cols",
        "found",
        "free_cells",
        "home",
        "ncells",
        "no_return",
        "parent",
        "ret",
        "to_cell",
    )

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        cells: Sequence[int],
        found: Sequence[int],
        ret: bool,
    ) -> None:
        self.cols = [list(c) for c in columns]
        self.cell = list(cells)
        self.found = list(found)
        self.ncells = len(self.cell)
        self.ret = ret
        self.no_return = False
        self.digging = True
        self.to_cell = True
        parent = bytearray([HOME] * 52)
        for col in self.cols:
            for j, c in enumerate(col):
                parent[c] = col[j - 1] if j else BOTTOM
        for c in self.cell:
            if c >= 0:
                parent[c] = IN_CELL
        self.parent = parent
        self.free_cells = self.cell.count(NONE)
        self.empty_cols = sum(1 for col in self.cols if not col)
        self.home = sum(self.found)

    def copy(self) -> State:
        """An independent copy."""
        st = State.__new__(State)
        st.cols = [list(c) for c in self.cols]
        st.cell = list(self.cell)
        st.found = list(self.found)
        st.parent = bytearray(self.parent)
        st.ncells = self.ncells
        st.ret = self.ret
        st.no_return = self.no_return
        st.digging = self.digging
        st.to_cell = self.to_cell
        st.free_cells = self.free_cells
        st.empty_cols = self.empty_cols
        st.home = self.home
        return st

    def key(self) -> bytes:
        """The position's key: what each card lies on (the same for every order of the columns
        and of the free cells)."""
        return bytes(self.parent)

    def is_won(self) -> bool:
        """True when every card is home."""
        return self.home == 52

    def returns(self) -> bool:
        """Whether foundation cards may come back in this search."""
        return self.ret and not self.no_return

    def safe_home(self, card: int) -> bool:
        """Whether ``card``, whose foundation is ready for it, may go home without any winning
        line being lost: an ace or a two; otherwise both cards of the other colour one rank
        lower are home, and with foundation return the cards of its colour two ranks lower."""
        r, s = _RANK[card], _SUIT[card]
        if r <= 2:
            return True
        f = self.found
        if f[_OTHER1[s]] < r - 1 or f[_OTHER2[s]] < r - 1:
            return False
        return not self.returns() or f[_TWIN[s]] >= r - 2

    def moves(self) -> list[SearchMove]:
        """The search's moves here, in the core's order: (1) cards home (only unsafe ones are
        left); (2) a column's run, or the part of it that fits, onto another column's top
        card; (3) the top cards of a column's run into the first empty column (every size that
        may move, smallest first, never a whole column); (4) a free cell's card onto a column's
        top card, then into the first empty column; (5) with :attr:`to_cell`, a column's top
        card to the first empty free cell; (6) with foundation return, a foundation's top card
        onto a column's top card, then into the first empty column, unless it is safe to send
        home; (7) with :attr:`digging`, DIG_HOME and DIG_COL for each card with 1 .. (empty
        free cells) cards above it: home when its foundation wants it, else onto each column's
        top card it fits on, unless it lies on a card it fits on already."""
        out: list[SearchMove] = []
        add = out.append
        cols, cell, found = self.cols, self.cell, self.found
        fc = next((k for k, c in enumerate(cell) if c == NONE), -1)
        ec = next((i for i, col in enumerate(cols) if not col), -1)
        limit = (1 + self.free_cells) << self.empty_cols
        limit_empty = (1 + self.free_cells) << (self.empty_cols - 1) if self.empty_cols else 0
        for k, c in enumerate(cell):
            if c != NONE and found[_SUIT[c]] == _RANK[c] - 1:
                add((CELL_HOME, k, _SUIT[c], 1))
        for i, col in enumerate(cols):
            if col:
                c = col[-1]
                if found[_SUIT[c]] == _RANK[c] - 1:
                    add((COL_HOME, i, _SUIT[c], 1))
        run = [0] * COLUMNS
        top_rank = [99] * COLUMNS
        top_red = [0] * COLUMNS
        for i, col in enumerate(cols):
            n0 = len(col)
            if n0:
                n = 1
                while n < n0 and _fits(col[n0 - n], col[n0 - n - 1]):
                    n += 1
                run[i] = n
                top_rank[i] = _RANK[col[-1]]
                top_red[i] = _RED[col[-1]]
        for i in range(COLUMNS):
            if not cols[i]:
                continue
            most = min(run[i], limit)
            for j in range(COLUMNS):
                if j == i or not cols[j]:
                    continue
                n = top_rank[j] - top_rank[i]
                if n < 1 or n > most:
                    continue
                if (top_red[i] ^ ((n - 1) & 1)) != top_red[j]:
                    add((COL_COL, i, j, n))
        if ec >= 0:
            for i, col in enumerate(cols):
                if col:
                    for n in range(1, min(run[i], limit_empty, len(col) - 1) + 1):
                        add((COL_COL, i, ec, n))
        for k, c in enumerate(cell):
            if c == NONE:
                continue
            for j, col in enumerate(cols):
                if col and _fits(c, col[-1]):
                    add((CELL_COL, k, j, 1))
            if ec >= 0:
                add((CELL_COL, k, ec, 1))
        if fc >= 0 and self.to_cell:
            for i, col in enumerate(cols):
                if col:
                    add((COL_CELL, i, fc, 1))
        if self.returns():
            for s in range(4):
                if not found[s]:
                    continue
                c = s * 13 + found[s] - 1
                if self.safe_home(c):
                    continue
                for j, col in enumerate(cols):
                    if col and _fits(c, col[-1]):
                        add((HOME_COL, s, j, 1))
                if ec >= 0:
                    add((HOME_COL, s, ec, 1))
        if self.free_cells and self.digging:
            for i, col in enumerate(cols):
                n0 = len(col)
                for k in range(1, min(self.free_cells, n0 - 1) + 1):
                    c = col[n0 - 1 - k]
                    if found[_SUIT[c]] == _RANK[c] - 1:
                        add((DIG_HOME, i, _SUIT[c], k))
                        continue
                    if n0 - 1 - k > 0 and _fits(c, col[n0 - 2 - k]):
                        continue
                    for j, other in enumerate(cols):
                        if j != i and other and _fits(c, other[-1]):
                            add((DIG_COL, i, j, k))
        return out

    def play(
        self,
        m: SearchMove,
        made: list[SearchMove],
        codes: list[int] | None = None,
        steps: list[SearchMove] | None = None,
    ) -> None:
        """Make a search move of any kind and the safe moves home after it: the single moves
        made are appended to ``made`` (to be undone in reverse), their codes to ``codes``, and
        the moves that are not safe moves home to ``steps``."""

        def one(x: SearchMove) -> None:
            code = self.apply(x)
            made.append(x)
            if codes is not None:
                codes.append(code)
            if steps is not None:
                steps.append(x)
            self.autoplay(made, codes, x)

        kind = m[0]
        if kind < DIG_HOME:
            one(m)
            return
        i = m[1]
        col = self.cols[i]
        c = col[-1 - m[3]]
        parent = self.parent
        while parent[c] != HOME and col[-1] != c:
            one((COL_CELL, i, self.cell.index(NONE), 1))
        if parent[c] == HOME:
            return
        if kind == DIG_HOME:
            one((COL_HOME, i, _SUIT[c], 1))
        else:
            dest = self.cols[m[2]]
            if dest and _fits(c, dest[-1]):
                one((COL_COL, i, m[2], 1))

    def apply(self, m: SearchMove) -> int:
        """Make a search move; return its engine move code (``card * 16 + to``)."""
        kind, src, dst, n = m
        cols, parent = self.cols, self.parent
        if kind == COL_COL:
            a, b = cols[src], cols[dst]
            base = a[-n]
            parent[base] = b[-1] if b else BOTTOM
            if not b:
                self.empty_cols -= 1
            b.extend(a[-n:])
            del a[-n:]
            if not a:
                self.empty_cols += 1
            return base * 16 + dst
        if kind == COL_CELL:
            a = cols[src]
            c = a.pop()
            if not a:
                self.empty_cols += 1
            self.cell[dst] = c
            self.free_cells -= 1
            parent[c] = IN_CELL
            return c * 16 + TO_CELL
        if kind == CELL_COL:
            c = self.cell[src]
            self.cell[src] = NONE
            self.free_cells += 1
            b = cols[dst]
            parent[c] = b[-1] if b else BOTTOM
            if not b:
                self.empty_cols -= 1
            b.append(c)
            return c * 16 + dst
        if kind == COL_HOME:
            a = cols[src]
            c = a.pop()
            if not a:
                self.empty_cols += 1
            self.found[dst] += 1
            self.home += 1
            parent[c] = HOME
            return c * 16 + TO_FOUNDATION
        if kind == CELL_HOME:
            c = self.cell[src]
            self.cell[src] = NONE
            self.free_cells += 1
            self.found[dst] += 1
            self.home += 1
            parent[c] = HOME
            return c * 16 + TO_FOUNDATION
        # HOME_COL
        c = src * 13 + self.found[src] - 1
        self.found[src] -= 1
        self.home -= 1
        b = cols[dst]
        parent[c] = b[-1] if b else BOTTOM
        if not b:
            self.empty_cols -= 1
        b.append(c)
        return c * 16 + dst

    def undo(self, m: SearchMove) -> None:
        """Take back a search move made by :meth:`apply`."""
        kind, src, dst, n = m
        cols, parent = self.cols, self.parent
        if kind == COL_COL:
            a, b = cols[src], cols[dst]
            base = b[-n]
            if not a:
                self.empty_cols -= 1
            parent[base] = a[-1] if a else BOTTOM
            a.extend(b[-n:])
            del b[-n:]
            if not b:
                self.empty_cols += 1
        elif kind == COL_CELL:
            c = self.cell[dst]
            self.cell[dst] = NONE
            self.free_cells += 1
            a = cols[src]
            if not a:
                self.empty_cols -= 1
            parent[c] = a[-1] if a else BOTTOM
            a.append(c)
        elif kind == CELL_COL:
            b = cols[dst]
            c = b.pop()
            if not b:
                self.empty_cols += 1
            self.cell[src] = c
            self.free_cells -= 1
            parent[c] = IN_CELL
        elif kind == COL_HOME:
            c = dst * 13 + self.found[dst] - 1
            self.found[dst] -= 1
            self.home -= 1
            a = cols[src]
            if not a:
                self.empty_cols -= 1
            parent[c] = a[-1] if a else BOTTOM
            a.append(c)
        elif kind == CELL_HOME:
            c = dst * 13 + self.found[dst] - 1
            self.found[dst] -= 1
            self.home -= 1
            self.cell[src] = c
            self.free_cells -= 1
            parent[c] = IN_CELL
        else:
            b = cols[dst]
            c = b.pop()
            if not b:
                self.empty_cols += 1
            self.found[src] += 1
            self.home += 1
            parent[c] = HOME

    def autoplay(
        self,
        made: list[SearchMove],
        codes: list[int] | None = None,
        after: SearchMove | None = None,
    ) -> None:
        """Send every safe card home, repeatedly: free cells in order, then columns left to
        right, again until none is left. The moves made are appended to ``made`` (to be undone
        in reverse) and their codes to ``codes``. ``after`` is the move just made, when the
        position before it had no safe card left: then only a move home, or the card a move
        from a column uncovered, can start anything (the full pass would find it first)."""
        found, cell, cols = self.found, self.cell, self.cols
        if after is not None and after[0] not in (COL_HOME, CELL_HOME):
            if after[0] not in (COL_COL, COL_CELL):
                return
            a = cols[after[1]]
            if not a:
                return
            c = a[-1]
            if found[_SUIT[c]] != _RANK[c] - 1 or not self.safe_home(c):
                return
        changed = True
        while changed:
            changed = False
            for k in range(self.ncells):
                c = cell[k]
                if c != NONE and found[_SUIT[c]] == _RANK[c] - 1 and self.safe_home(c):
                    m = (CELL_HOME, k, _SUIT[c], 1)
                    code = self.apply(m)
                    made.append(m)
                    if codes is not None:
                        codes.append(code)
                    changed = True
            for i in range(COLUMNS):
                a = cols[i]
                while a:
                    c = a[-1]
                    if found[_SUIT[c]] != _RANK[c] - 1 or not self.safe_home(c):
                        break
                    m = (COL_HOME, i, _SUIT[c], 1)
                    code = self.apply(m)
                    made.append(m)
                    if codes is not None:
                        codes.append(code)
                    changed = True

    def features(self) -> list[int]:
        """The figures the score weighs: 0 cards home, 1 empty free cells, 2 empty columns, 3
        their product, 4 cards lying above a lower card of their column, 5 cards in the ordered
        runs on the columns' tops, 6 cards above the next card of each foundation, 7 cards above
        a lower card of their own suit, 8 cards above the card after the next of each
        foundation, 9 cards that do not fit on the card beneath them, 10 the lowest foundation,
        11 the highest foundation less the lowest."""
        f = [0] * FEATURES
        f[0] = self.home
        f[1] = self.free_cells
        f[2] = self.empty_cols
        f[3] = self.free_cells * self.empty_cols
        found = self.found
        for col in self.cols:
            n = len(col)
            if not n:
                continue
            low = 99
            slow = [99, 99, 99, 99]
            prev = -1
            for j, c in enumerate(col):
                r, s = _RANK[c], _SUIT[c]
                if r > low:
                    f[4] += 1
                else:
                    low = r
                if r > slow[s]:
                    f[7] += 1
                else:
                    slow[s] = r
                if j and not _fits(c, prev):
                    f[9] += 1
                if found[s] == r - 1:
                    f[6] += n - 1 - j
                if found[s] == r - 2:
                    f[8] += n - 1 - j
                prev = c
            run = 1
            while run < n and _fits(col[n - run], col[n - run - 1]):
                run += 1
            f[5] += run
        f[10] = min(found)
        f[11] = max(found) - min(found)
        return f

    def score(self, weights: Sequence[int]) -> int:
        """The score of a strategy's ``weights`` (higher looks better)."""
        return sum(w * x for w, x in zip(weights, self.features(), strict=True))

    def priority(self, m: SearchMove) -> int:
        """How promising a move looks before it is made (higher first): cards home; a free
        cell's card onto a column; a run onto a card it did not lie on (more when it empties
        its column or uncovers a card its foundation wants); into an empty column; a column's
        top card to a free cell; a card back from its foundation last."""
        kind, src, dst, n = m
        cols, found = self.cols, self.found
        if kind in (COL_HOME, CELL_HOME):
            return 1000
        if kind == CELL_COL:
            return 800 if cols[dst] else 250
        if kind == COL_COL:
            a = cols[src]
            under = a[-n - 1] if len(a) > n else -1
            split = under >= 0 and _fits(a[-n], under)
            p = (200 if split else 700) if cols[dst] else (150 if split else 300)
            if under < 0:
                p += 100
            if under >= 0 and found[_SUIT[under]] == _RANK[under] - 1:
                p += 150
            return p
        if kind == COL_CELL:
            a = cols[src]
            under = a[-2] if len(a) > 1 else -1
            wanted = under >= 0 and found[_SUIT[under]] == _RANK[under] - 1
            return 100 + (150 if wanted else 0) + (50 if under < 0 else 0)
        if kind == DIG_HOME:
            return 900 - 10 * n
        if kind == DIG_COL:
            return 600 - 10 * n
        return 50

    def snapshot(self) -> Snapshot:
        """The position, to keep in a best-first node."""
        return (tuple(map(tuple, self.cols)), tuple(self.cell), tuple(self.found))

    def restore(self, snap: Snapshot) -> None:
        """Take back a position kept by :meth:`snapshot`."""
        cols, cell, found = snap
        self.cols = [list(c) for c in cols]
        self.cell = list(cell)
        self.found = list(found)
        parent = bytearray([HOME] * 52)
        for col in self.cols:
            for j, c in enumerate(col):
                parent[c] = col[j - 1] if j else BOTTOM
        for c in self.cell:
            if c >= 0:
                parent[c] = IN_CELL
        self.parent = parent
        self.free_cells = self.cell.count(NONE)
        self.empty_cols = sum(1 for col in self.cols if not col)
        self.home = sum(self.found)


# ----------------------------------------------------------------------------- the searches
SOLVED: Final = "solved"
UNSOLVABLE: Final = "unsolvable"
QUOTA: Final = "quota"
NODES: Final = "nodes"
TIME: Final = "time"


@dataclass
class Budget:
    """What the runs of one :func:`solve` may spend and have spent."""

    start: float
    time_limit: float | None = None
    max_states: int | None = None
    states: int = 0
    unique: int = 0

    def out_of_time(self) -> bool:
        """True when the time limit has passed."""
        return self.time_limit is not None and time.perf_counter() - self.start >= self.time_limit

    def left(self) -> int | None:
        """States left under ``max_states`` (None: no limit)."""
        if self.max_states is None:
            return None
        return max(0, self.max_states - self.states)


class BestFirst:
    """Best-first search with deferred evaluation from ``root`` (after its safe moves home):
    the queue holds positions with the moves they have not tried yet; a position's turn comes
    by its cost (minus its score, plus the depth weight times its depth), then by its next
    move's priority, newest first; a move is made (and its position scored and queued) only
    when its turn comes. Complete: when the queue runs dry every reachable position was tried
    (unless :attr:`State.to_cell` is false: then it stops with :data:`NODES`, no verdict).
    It stops (:data:`NODES`) rather than keep more positions than its strategy's cap
    (:data:`NODE_CAP` unless it sets one), and can go on where it stopped (:meth:`step`)."""

    def __init__(self, root: State, strategy: Strategy) -> None:
        self.st = root.copy()
        self.weights, self.depth_weight = strategy.weights, strategy.depth_weight
        self.node_cap = strategy.node_cap or NODE_CAP
        self.seen = {self.st.key()}
        self.reported = 0
        self.snaps: list[Snapshot] = []
        # Per node: where from, the move, its moves best first, their minus priorities, the
        # next one to try, its depth and its cost.
        self.froms: list[int] = []
        self.vias: list[SearchMove] = []
        self.lists: list[list[SearchMove]] = []
        self.pris: list[list[int]] = []
        self.nexts: list[int] = []
        self.depths: list[int] = []
        self.costs: list[int] = []
        self.heap: list[tuple[int, int, int]] = []
        self.seq = 0
        self.current = 0
        self.add_node(0, (0, 0, 0, 0), 0)

    def add_node(self, frm: int, via: SearchMove, depth: int) -> None:
        """Keep the current position as a new node and queue its best move."""
        st = self.st
        node = len(self.snaps)
        self.snaps.append(st.snapshot())
        gen = st.moves()
        order = sorted(((-st.priority(m), i) for i, m in enumerate(gen)), key=lambda o: o[0])
        self.lists.append([gen[i] for _, i in order])
        self.pris.append([p for p, _ in order])
        cost = (-st.score(self.weights) + self.depth_weight * depth) * 4096
        self.froms.append(frm)
        self.vias.append(via)
        self.nexts.append(0)
        self.depths.append(depth)
        self.costs.append(cost)
        if gen:
            heapq.heappush(self.heap, (cost + order[0][0], -self.seq, node))
            self.seq += 1

    def step(self, quota: int | None, budget: Budget) -> tuple[str, list[SearchMove]]:
        """Go on for at most ``quota`` more states: the outcome and, when solved, the line."""
        st, heap = self.st, self.heap
        states = 0
        next_check = 1024
        outcome = UNSOLVABLE
        won_from = -1
        won_move: SearchMove = (0, 0, 0, 0)
        tmp: list[SearchMove] = []
        while heap:
            if quota is not None and states >= quota:
                outcome = QUOTA
                break
            if states >= next_check:
                next_check = states + 1024
                if budget.out_of_time():
                    outcome = TIME
                    break
            _, _, n = heapq.heappop(heap)
            m = self.lists[n][self.nexts[n]]
            self.nexts[n] += 1
            if self.nexts[n] < len(self.lists[n]):
                heapq.heappush(heap, (self.costs[n] + self.pris[n][self.nexts[n]], -self.seq, n))
                self.seq += 1
            if self.current != n:
                st.restore(self.snaps[n])
                self.current = n
            states += 1
            tmp.clear()
            st.play(m, tmp)
            if st.is_won():
                won_from, won_move, outcome = n, m, SOLVED
                for u in reversed(tmp):
                    st.undo(u)
                break
            key = st.key()
            if key not in self.seen:
                self.seen.add(key)
                if len(self.snaps) >= self.node_cap:
                    outcome = NODES
                    break
                self.add_node(n, m, self.depths[n] + 1)
                self.current = len(self.snaps) - 1
            else:
                for u in reversed(tmp):
                    st.undo(u)
        if outcome == UNSOLVABLE and not st.to_cell:
            outcome = NODES
        budget.states += states
        budget.unique += len(self.seen) - self.reported
        self.reported = len(self.seen)
        path: list[SearchMove] = []
        if outcome == SOLVED:
            path.append(won_move)
            i = won_from
            while i != 0:
                path.append(self.vias[i])
                i = self.froms[i]
            path.reverse()
        return outcome, path


class DepthFirst:
    """Depth-first search over the same moves, tried in priority order: complete and light on
    memory, and it can go on where it stopped (:meth:`step`). Without the moves to a free cell
    on their own (:attr:`State.to_cell` false) it is not complete: running dry, it stops with
    :data:`NODES` (no verdict) instead of :data:`UNSOLVABLE`."""

    def __init__(self, root: State, noise: int = 0, seed: int = 0) -> None:
        self.st = root.copy()
        self.noise = noise
        self.rng = (seed * 0x9E3779B97F4A7C15 + 12345) & _MASK64
        self.seen = {self.st.key()}
        self.reported = 0
        self.made: list[SearchMove] = []
        # Each frame: its moves in order, the next one, len(made) on arrival, the move into it.
        self.frames_moves: list[list[SearchMove]] = []
        self.frames_next: list[int] = []
        self.frames_mark: list[int] = []
        self.frames_via: list[SearchMove] = []
        self.expand((0, 0, 0, 0))

    def jitter(self) -> int:
        """The next random addition to a move's priority (0 without noise): xorshift64, as the
        core draws it."""
        if not self.noise:
            return 0
        r = self.rng
        r ^= (r << 13) & _MASK64
        r ^= r >> 7
        r ^= (r << 17) & _MASK64
        self.rng = r
        return r % self.noise

    def expand(self, via: SearchMove) -> None:
        """Push a frame for the current position, its moves in priority order (plus noise)."""
        st = self.st
        gen = st.moves()
        keys = [-st.priority(m) - self.jitter() for m in gen]
        order = sorted(range(len(gen)), key=keys.__getitem__)
        self.frames_moves.append([gen[i] for i in order])
        self.frames_next.append(0)
        self.frames_mark.append(len(self.made))
        self.frames_via.append(via)

    def step(self, quota: int | None, budget: Budget) -> tuple[str, list[SearchMove]]:
        """Go on for at most ``quota`` more states: the outcome and, when solved, the line."""
        st, made = self.st, self.made
        states = 0
        next_check = 1024
        outcome = UNSOLVABLE
        path: list[SearchMove] = []
        while self.frames_moves:
            mark = self.frames_mark[-1]
            while len(made) > mark:
                st.undo(made.pop())
            moves, nxt = self.frames_moves[-1], self.frames_next[-1]
            if nxt == len(moves):
                self.frames_moves.pop()
                self.frames_next.pop()
                self.frames_mark.pop()
                self.frames_via.pop()
                continue
            if quota is not None and states >= quota:
                outcome = QUOTA
                break
            if states >= next_check:
                next_check = states + 1024
                if budget.out_of_time():
                    outcome = TIME
                    break
            m = moves[nxt]
            self.frames_next[-1] = nxt + 1
            states += 1
            st.play(m, made)
            if st.is_won():
                outcome = SOLVED
                path = [*self.frames_via[1:], m]
                break
            key = st.key()
            if key in self.seen:
                continue
            self.seen.add(key)
            self.expand(m)
        if outcome == UNSOLVABLE and not st.to_cell:
            outcome = NODES
        budget.states += states
        budget.unique += len(self.seen) - self.reported
        self.reported = len(self.seen)
        return outcome, path


def make_search(root: State, strategy: Strategy) -> BestFirst | DepthFirst:
    """A fresh search of ``strategy`` from ``root``."""
    start = root.copy()
    start.digging = strategy.digging
    start.to_cell = strategy.to_cell
    if strategy.kind == DEPTH_FIRST:
        return DepthFirst(start, strategy.noise, strategy.seed)
    return BestFirst(start, strategy)


def line_codes(root: State, path: Sequence[SearchMove]) -> list[int]:
    """The engine move codes of a line of search moves from ``root`` (safe moves home
    included)."""
    st = root.copy()
    made: list[SearchMove] = []
    codes: list[int] = []
    for m in path:
        st.play(m, made, codes)
    return codes


def _card_move(st: State, m: SearchMove) -> tuple[int, int]:
    """``m`` given by cards: (the card moved, the deepest of a run; what it goes onto: a card,
    BOTTOM for an empty column, IN_CELL or HOME). The same in every position with the same
    key."""
    kind, src, dst, n = m
    cols = st.cols

    def onto(j: int) -> int:
        return cols[j][-1] if cols[j] else BOTTOM

    if kind == COL_COL:
        return cols[src][-n], onto(dst)
    if kind == COL_CELL:
        return cols[src][-1], IN_CELL
    if kind == CELL_COL:
        return st.cell[src], onto(dst)
    if kind == COL_HOME:
        return cols[src][-1], HOME
    if kind == CELL_HOME:
        return st.cell[src], HOME
    return src * 13 + st.found[src] - 1, onto(dst)


def _search_move(st: State, cm: tuple[int, int]) -> SearchMove:
    """The search move of a move given by cards (see :func:`_card_move`) in ``st``."""
    card, onto = cm
    cols = st.cols

    def dest() -> int:
        if onto != BOTTOM:
            return next(j for j in range(COLUMNS) if cols[j] and cols[j][-1] == onto)
        return next(j for j in range(COLUMNS) if not cols[j])

    p = st.parent[card]
    if p == HOME:
        return (HOME_COL, card // 13, dest(), 1)
    if p == IN_CELL:
        k = st.cell.index(card)
        if onto == HOME:
            return (CELL_HOME, k, card // 13, 1)
        return (CELL_COL, k, dest(), 1)
    i = next(i for i in range(COLUMNS) if card in cols[i])
    if onto == HOME:
        return (COL_HOME, i, card // 13, 1)
    if onto == IN_CELL:
        return (COL_CELL, i, st.cell.index(NONE), 1)
    return (COL_COL, i, dest(), len(cols[i]) - cols[i].index(card))


def shortcut(root: State, path: Sequence[SearchMove]) -> list[SearchMove]:
    """Take detours out of a winning line from ``root``: the line is first written as single
    moves; then from each of its positions, the search move that reaches the latest later
    position of the line (by key) is made instead of the line's own move. Never longer."""
    single: list[SearchMove] = []
    made: list[SearchMove] = []
    st = root.copy()
    for m in path:
        st.play(m, made, None, single)
    keys: list[bytes] = []
    steps: list[tuple[int, int]] = []
    st = root.copy()
    keys.append(st.key())
    for m in single:
        steps.append(_card_move(st, m))
        st.play(m, made)
        keys.append(st.key())
    last = {k: j for j, k in enumerate(keys)}
    out: list[SearchMove] = []
    st = root.copy()
    i, n = 0, len(single)
    while i < n:
        # A move saves the line's moves it jumps over less the single moves it is made of.
        best_j, best_gain = i + 1, 0
        best = _search_move(st, steps[i])
        for m in st.moves():
            made = []
            st.play(m, made)
            j = last.get(st.key(), -1)
            for u in reversed(made):
                st.undo(u)
            cost = m[3] + 1 if m[0] >= DIG_HOME else 1
            if j >= i + 2 and j - i - cost > best_gain:
                best_j, best_gain, best = j, j - i - cost, m
        st.play(best, [])
        out.append(best)
        i = best_j
    return out


def run_alone(
    root: State, strategy: Strategy, quota: int | None, budget: Budget
) -> tuple[str, list[SearchMove]]:
    """One search of ``strategy`` from ``root``, to the end or ``quota`` states."""
    return make_search(root, strategy).step(quota, budget)


def run_phase(
    root: State, budget: Budget, portfolio: Sequence[Strategy] = PORTFOLIO
) -> tuple[str, list[SearchMove]]:
    """Decide ``root``: the portfolio's searches (:data:`PORTFOLIO` unless given) take turns,
    each going on where it stopped, with quotas of states that double each round from
    :data:`FIRST_QUOTA` up to :data:`LAST_QUOTA`. A search that would need too much memory
    drops out, and so does an incomplete one that has run dry (it proves nothing); when every
    one has, the limit is reached. Only a complete search running dry proves the game lost."""
    # Each search is made at its first turn: an easy deal is often won by the first one alone.
    searches: list[BestFirst | DepthFirst | None] = [None] * len(portfolio)
    # A search made for other numbers of free cells never runs.
    dropped = [not s.min_cells <= root.ncells <= s.max_cells for s in portfolio]
    q = FIRST_QUOTA
    while True:
        alive = False
        for k in range(len(portfolio)):
            if dropped[k]:
                continue
            room = budget.left()
            if room == 0:
                return QUOTA, []
            search = searches[k]
            if search is None:
                search = searches[k] = make_search(root, portfolio[k])
            outcome, path = search.step(q if room is None else min(q, room), budget)
            if outcome in (SOLVED, UNSOLVABLE, TIME):
                return outcome, path
            if outcome == NODES:
                searches[k] = None
                dropped[k] = True
                continue
            alive = True
        if not alive:
            return NODES, []
        q = min(q * 2, LAST_QUOTA)


def solve(
    columns: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    ret: bool,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
    portfolio: Sequence[Strategy] = PORTFOLIO,
) -> Found:
    """Decide a position (columns bottom to top as card indices, one entry per free cell of the
    rules with -1 for an empty one, foundation counts C, D, H, S) as the core's ``freecell_solve``
    does: the game without foundation return first, then (when the rules have return and it
    cannot be won, or has had :data:`FIRST_PHASE_STATES` states without a verdict, or every
    search dropped out) the real game. With ``short``, the short strategies' lines and the
    default line with detours taken out compete, and the shortest is kept. ``portfolio``: the
    searches that take turns (the core's experiment portfolio of the same strategies)."""
    budget = Budget(start=time.perf_counter(), time_limit=time_limit, max_states=max_states)
    root = State(columns, cells, found, ret)
    root.no_return = True
    head: list[int] = []
    root.autoplay([], head)
    outcome: str = SOLVED
    path: list[SearchMove] = []
    if not root.is_won():
        # With return, the first phase gets a share of the states: a game lost without return
        # whose proof is long would otherwise be searched twice over, and a limit reached there
        # (every search dropped) leaves the real game untried.
        user_max = budget.max_states
        if ret:
            cap = budget.states + FIRST_PHASE_STATES
            if user_max is None or cap < user_max:
                budget.max_states = cap
        outcome, path = run_phase(root, budget, portfolio)
        capped = budget.max_states != user_max
        budget.max_states = user_max
        if ret and (outcome in (UNSOLVABLE, NODES) or (outcome == QUOTA and capped)):
            root = State(columns, cells, found, ret)
            head = []
            root.autoplay([], head)
            outcome, path = (
                run_phase(root, budget, portfolio) if not root.is_won() else (SOLVED, [])
            )
    if outcome == SOLVED and short and path:
        # The default line, the short strategies' lines, each also with detours taken out; the
        # shortest is kept (the first of equals), so never a longer one.
        best, best_len = path, len(line_codes(root, path))

        def consider(line: list[SearchMove]) -> None:
            nonlocal best, best_len
            n = len(line_codes(root, line))
            if n < best_len:
                best, best_len = line, n

        consider(shortcut(root, path))
        for strategy in SHORT:
            extra = Budget(
                start=budget.start,
                time_limit=budget.time_limit,
                max_states=budget.states + max(4 * budget.states, 200_000),
                states=budget.states,
                unique=budget.unique,
            )
            if max_states is not None:
                extra.max_states = min(extra.max_states or 0, max_states)
            other_outcome, other = run_alone(root, strategy, extra.left(), extra)
            if other_outcome == SOLVED:
                consider(other)
                consider(shortcut(root, other))
            budget.states, budget.unique = extra.states, extra.unique
        path = best
    if outcome == SOLVED:
        return Found("solved", None, head + line_codes(root, path), budget.states, budget.unique)
    if outcome == UNSOLVABLE:
        return Found("unsolvable", None, [], budget.states, budget.unique)
    limit = "time" if outcome == TIME else "states"
    return Found("limit", limit, [], budget.states, budget.unique)
