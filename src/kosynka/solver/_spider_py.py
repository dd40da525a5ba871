"""The reference Spider search in pure Python: always importable, the twin of the C++ core.

It mirrors the core (``native/spider_state.cpp``, ``native/spider_search.cpp``) step for step: the
same moves in the same order, the same evaluation, the same searches with the same tie-breaks and
the same budgets. Given a state limit (and no time limit) both therefore try the same positions and
return the same verdict, the same counts and the same line, which the differential tests check. See
``bench/solver_spider.md`` for the design; in short:

* A move is a small integer: :data:`DEAL`, or ``(src << 12) | (dst << 8) | count`` (the top
  ``count`` cards of column ``src`` onto column ``dst``; a count beyond the source's movable
  group is a move of several runs through the empty columns, written out as single moves in
  the line).
* The *pruned* best-first search (:class:`BestFirst`) keeps one queue of open positions per
  number of rows dealt and serves them in turn; it tries only the moves of
  :func:`pruned_moves`. Its settings (:data:`PORTFOLIO`) are run in turn with budgets that
  double every round (:func:`search`). It never reports a position lost.
* The *exhaustive* search (:func:`exhaustive`) is a depth-first search over every legal move
  (:func:`exhaustive_moves`, sound prunes only) with a transposition set; when it runs out of
  positions, the position is lost.

Positions are told apart by the cards of each column, its face-down count and the rows dealt;
once the stock is gone the order of the columns does not matter, so the key sorts them.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final

from kosynka.cards import ALL_CARDS, CARD_RANK
from kosynka.solver.result import Found

COLS: Final = 10
ROW: Final = 10
RUNS: Final = 8
LEVELS: Final = 6
"""Queues of the best-first search: one per number of rows dealt (0..5)."""
DEAL: Final = 0xFFFF
"""The move that deals a row."""

_RANK: Final = CARD_RANK
_TEXT: Final = tuple(c.text() for c in ALL_CARDS)


def card_move(src: int, dst: int, count: int) -> int:
    """The move of the top ``count`` cards of column ``src`` onto column ``dst``."""
    return (src << 12) | (dst << 8) | count


def _on_suit(c: int, d: int) -> bool:
    """True when card ``c`` lies in suit on card ``d`` (same suit, one rank lower)."""
    return d == c + 1 and _RANK[c] != 13


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's weights (lower scores are better): face-down cards, face-up cards on a
    card they do not fit, face-up cards off suit on a card one rank higher, empty columns
    (a bonus)."""

    down: int = 4
    brk: int = 2
    fit: int = 2
    empty: int = 3


@dataclass(frozen=True, slots=True)
class Params:
    """One setting of the pruned search: its weights and whether, among open positions of
    equal score, the newest is taken first."""

    w: Weights
    newest_first: bool = True


PORTFOLIO: Final = (
    Params(Weights(3, 2, 2, 3), True),
    Params(Weights(4, 2, 2, 3), False),
    Params(Weights(4, 2, 2, 3), True),
    Params(Weights(5, 2, 2, 3), True),
)
"""The settings the pruned search runs in turn, each round with twice the budget."""
FIRST_BUDGET: Final = 50_000
"""The pruned search's states per setting in the first round."""

_Undo = tuple[int, bool, int, tuple[int, ...]]
"""(move, the source's new top turned up, bits of columns whose top turned up after runs left,
runs that left each column)."""


class State:
    """A Spider position the searches change in place (``apply`` / ``undo``)."""

    __slots__ = ("cols", "dealt", "hid", "removed", "rows", "stock")

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        hidden: Sequence[int],
        stock: Sequence[int],
        removed: Sequence[int],
    ) -> None:
        """The position from plain lists (see :func:`kosynka.solver.spider.position_args`);
        raises ValueError for a malformed one."""
        if len(columns) != COLS or len(hidden) != COLS:
            raise ValueError("a Spider position has 10 columns")
        if len(stock) % ROW or len(stock) > 5 * ROW:
            raise ValueError("the stock holds whole rows of ten, at most five")
        if len(removed) > RUNS:
            raise ValueError("at most eight runs are removed")
        for col, h in zip(columns, hidden, strict=True):
            if not 0 <= h <= len(col) or (col and h == len(col)):
                raise ValueError("bad face-down count")
        if any(not 0 <= c < 52 for col in columns for c in col) or any(
            not 0 <= c < 52 for c in stock
        ):
            raise ValueError("card index out of range")
        self.cols = [list(c) for c in columns]
        self.hid = list(hidden)
        self.stock = tuple(stock)
        self.rows = len(stock) // ROW
        self.dealt = 0
        self.removed = list(removed)

    # ----------------------------------------------------------------- reading
    def won(self) -> bool:
        """True when all eight runs are gone."""
        return len(self.removed) == RUNS

    def run(self, i: int) -> int:
        """The length of column ``i``'s movable group (0 when empty)."""
        col = self.cols[i]
        n = len(col)
        if not n:
            return 0
        j = n - 1
        low = self.hid[i]
        while j > low and _on_suit(col[j], col[j - 1]):
            j -= 1
        return n - j

    def rl(self, i: int, k: int) -> int:
        """The length of the run of one suit ending at face-up card ``k`` of column ``i``."""
        col = self.cols[i]
        j = k
        while j > self.hid[i] and _on_suit(col[j], col[j - 1]):
            j -= 1
        return k - j + 1

    def empties(self) -> int:
        """How many columns are empty."""
        return sum(1 for c in self.cols if not c)

    def evaluate(self, w: Weights) -> int:
        """The score (lower is better): ``down * face-down + brk * (out - fit) + fit * fit -
        empty * empty columns``, where a face-up card is *out* unless it lies in suit on the
        card below it (a King at the bottom is not out) and *fit* when it lies off suit on a
        card one rank higher."""
        down = out = fit = empty = 0
        for col, h in zip(self.cols, self.hid, strict=True):
            down += h
            if not col:
                empty += 1
                continue
            for k in range(h, len(col)):
                c = col[k]
                if k == 0:
                    out += _RANK[c] != 13
                elif k == h:
                    out += 1
                elif not _on_suit(c, col[k - 1]):
                    out += 1
                    fit += _RANK[col[k - 1]] == _RANK[c] + 1
        return w.down * down + w.brk * (out - fit) + w.fit * fit - w.empty * empty

    def key(self) -> Hashable:
        """The position's key: the columns (told apart while the stock lasts, in any order once
        it is gone), their face-down counts and the rows dealt."""
        cols = tuple(zip(map(tuple, self.cols), self.hid, strict=True))
        if self.dealt >= self.rows:
            return (tuple(sorted(cols)), self.dealt)
        return (cols, self.dealt)

    def exact_key(self) -> Hashable:
        """The key with the columns always told apart."""
        return (tuple(zip(map(tuple, self.cols), self.hid, strict=True)), self.dealt)

    # ----------------------------------------------------------------- moves
    def legal_moves(self) -> list[int]:
        """Every legal move in the engine's order: by source column, the top card first then
        the longer groups, destinations in column order; the deal last."""
        cols = self.cols
        top_rank = [_RANK[c[-1]] if c else 0 for c in cols]
        out: list[int] = []
        for s in range(COLS):
            col = cols[s]
            n = len(col)
            for k in range(1, self.run(s) + 1):
                want = _RANK[col[n - k]] + 1
                for d in range(COLS):
                    if d != s and (top_rank[d] == want or not cols[d]):
                        out.append(card_move(s, d, k))
        if all(cols) and self.dealt < self.rows:
            out.append(DEAL)
        return out

    def completes_run(self, m: int) -> bool:
        """Whether card move ``m`` finishes a run on its destination."""
        if m == DEAL:
            return False
        s, d, k = m >> 12, (m >> 8) & 15, m & 255
        src = self.cols[s]
        b = src[len(src) - k]
        dst = self.cols[d]
        if not dst:
            return k == 13 and k <= self.run(s)
        return _on_suit(b, dst[-1]) and self.run(d) + k >= 13 and k <= self.run(s)

    def _take_runs(self, i: int) -> int:
        """Take finished runs off the top of column ``i`` (turning up the card left on top);
        returns how many left."""
        col = self.cols[i]
        n = 0
        while (
            len(col) >= 13
            and _RANK[col[-1]] == 1
            and self.run(i) >= 13
            and len(self.removed) < RUNS
        ):
            self.removed.append(col[-1] // 13)
            del col[-13:]
            n += 1
            if col and len(col) == self.hid[i]:
                self.hid[i] -= 1
        return n

    def apply(self, m: int) -> _Undo:
        """Make move ``m`` (legal, unchecked) and return what undoing it needs."""
        cols = self.cols
        if m == DEAL:
            row = self.stock[self.dealt * ROW : (self.dealt + 1) * ROW]
            for i in range(COLS):
                cols[i].append(row[i])
            self.dealt += 1
            flipped = 0
            nrem = []
            for i in range(COLS):
                before = self.hid[i]
                nrem.append(self._take_runs(i))
                if self.hid[i] != before:
                    flipped |= 1 << i
            return (m, False, flipped, tuple(nrem))
        s, d, k = m >> 12, (m >> 8) & 15, m & 255
        src = cols[s]
        cols[d].extend(src[len(src) - k :])
        del src[len(src) - k :]
        src_flip = False
        if src and len(src) == self.hid[s]:
            self.hid[s] -= 1
            src_flip = True
        before = self.hid[d]
        n = self._take_runs(d)
        nrem = [0] * COLS
        nrem[d] = n
        return (m, src_flip, (1 << d) if self.hid[d] != before else 0, tuple(nrem))

    def _restore(self, i: int) -> None:
        """Put back on column ``i`` the last run removed."""
        suit = self.removed.pop()
        self.cols[i].extend(suit * 13 + r for r in range(12, -1, -1))

    def undo(self, u: _Undo) -> None:
        """Take back the move ``u`` records."""
        m, src_flip, flipped, nrem = u
        cols = self.cols
        if m == DEAL:
            for i in range(COLS - 1, -1, -1):
                if flipped >> i & 1:
                    self.hid[i] += 1
                for _ in range(nrem[i]):
                    self._restore(i)
            self.dealt -= 1
            for i in range(COLS):
                cols[i].pop()
            return
        s, d, k = m >> 12, (m >> 8) & 15, m & 255
        if flipped:
            self.hid[d] += 1
        for _ in range(nrem[d]):
            self._restore(d)
        if src_flip:
            self.hid[s] += 1
        dst = cols[d]
        cols[s].extend(dst[len(dst) - k :])
        del dst[len(dst) - k :]

    def move_text(self, m: int) -> str:
        """The move's text: ``s`` or ``3:9H>7`` (the card at the bottom of the group)."""
        if m == DEAL:
            return "s"
        s, d, k = m >> 12, (m >> 8) & 15, m & 255
        src = self.cols[s]
        return f"{s + 1}:{_TEXT[src[len(src) - k]]}>{d + 1}"

    def snapshot(self) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, tuple[int, ...]]:
        """The position as nested tuples (see :meth:`restore`)."""
        return (tuple(map(tuple, self.cols)), tuple(self.hid), self.dealt, tuple(self.removed))

    def restore(
        self, snap: tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, tuple[int, ...]]
    ) -> None:
        """Put back a position saved by :meth:`snapshot` (same stock)."""
        cols, hid, dealt, removed = snap
        self.cols = [list(c) for c in cols]
        self.hid = list(hid)
        self.dealt = dealt
        self.removed = list(removed)


# --------------------------------------------------------------------------- the moves searched
def enables(st: State, m: int) -> bool:
    """Whether card move ``m`` (one that turns no card up, empties no column and lands off
    suit) makes possible a move that does one of those: a group onto the card it leaves on top
    of its source (in suit, or turning a card up or emptying a column), or that card's own
    group leaving (in suit, or turning a card up or emptying the column)."""
    u = st.apply(m)
    s = m >> 12
    yes = False
    col = st.cols[s]
    n = len(col)
    if n:
        x = col[-1]
        for o in range(COLS):
            other = st.cols[o]
            if o == s or not other:
                continue
            lo = len(other) - st.run(o)
            for q in range(len(other) - 1, lo - 1, -1):
                if _RANK[other[q]] + 1 != _RANK[x]:
                    continue
                if _on_suit(other[q], x) or q == 0 or q == st.hid[o]:
                    yes = True
                break
            if yes:
                break
        if not yes:
            q = n - st.run(s)
            b = col[q]
            reveals = q == 0 or q == st.hid[s]
            for o in range(COLS):
                other = st.cols[o]
                if o == s or not other:
                    continue
                t = other[-1]
                if _RANK[t] == _RANK[b] + 1 and (_on_suit(b, t) or reveals):
                    yes = True
                    break
    st.undo(u)
    return yes


def pruned_moves(st: State) -> list[int]:
    """The moves the pruned search tries, in order: a move that finishes a run alone when there
    is one; otherwise the legal card moves but (1) into an empty column only the first one, and
    never a whole column; (2) a group that lies in suit only onto a card of its suit where it
    makes a longer run; (3) a move that turns no card up, empties no column and lands off suit
    only when :func:`enables` says so; then moves of several runs at once through the empty
    columns; the deal last. These prunes may lose wins (which is why a loss is never concluded
    from them)."""
    legal = st.legal_moves()
    for m in legal:
        if st.completes_run(m):
            return [m]
    cols = st.cols
    first_empty = next((i for i in range(COLS) if not cols[i]), -1)
    out: list[int] = []
    deal = False
    for m in legal:
        if m == DEAL:
            deal = True
            continue
        s, d, k = m >> 12, (m >> 8) & 15, m & 255
        c = cols[s]
        n = len(c)
        b = c[n - k]
        dst = cols[d]
        if not dst and (d != first_empty or k == n):
            continue
        below = n - k - 1
        in_suit_dest = bool(dst) and _on_suit(b, dst[-1])
        if below >= st.hid[s] and _on_suit(b, c[below]):
            if not in_suit_dest or st.run(d) + k <= st.run(s):
                continue
        else:
            progress = below < st.hid[s] or in_suit_dest
            if below < 0 and not dst:
                progress = False
            if not progress and not enables(st, m):
                continue
        out.append(m)
    empties = sum(1 for col in cols if not col)
    if empties:
        for s in range(COLS):
            c = cols[s]
            n = len(c)
            if not n:
                continue
            j = n - st.run(s)
            segs = 1
            while j > st.hid[s] and _RANK[c[j - 1]] == _RANK[c[j]] + 1:
                j -= 1
                j -= st.rl(s, j) - 1
                segs += 1
                whole = not (j > st.hid[s] and _RANK[c[j - 1]] == _RANK[c[j]] + 1)
                want = _RANK[c[j]] + 1
                for d in range(COLS):
                    if d == s:
                        continue
                    dst = cols[d]
                    if not dst:
                        if d != first_empty or not whole or j == 0 or segs > (1 << (empties - 1)):
                            continue
                    else:
                        if _RANK[dst[-1]] != want or segs > (1 << empties):
                            continue
                        if not whole and not _on_suit(c[j], dst[-1]):
                            continue
                    out.append(card_move(s, d, n - j))
    if deal:
        out.append(DEAL)
    return out


def exhaustive_moves(st: State) -> list[int]:
    """The exhaustive search's moves, before ordering: every legal move but, once the stock is
    gone, a group goes only into the first empty column and a whole column never into an empty
    one (the columns are then interchangeable: those moves lead to the same positions up to the
    order of the columns)."""
    moves = st.legal_moves()
    if st.dealt < st.rows or all(st.cols):
        return moves
    first_empty = next(i for i in range(COLS) if not st.cols[i])
    out = []
    for m in moves:
        d = (m >> 8) & 15
        if not st.cols[d] and (d != first_empty or (m & 255) == len(st.cols[m >> 12])):
            continue
        out.append(m)
    return out


def ordered_moves(st: State, w: Weights = Weights()) -> list[int]:
    """:func:`exhaustive_moves` best first by the score of the position each leads to (ties
    keep their order)."""
    scored = []
    for m in exhaustive_moves(st):
        u = st.apply(m)
        scored.append((st.evaluate(w), m))
        st.undo(u)
    scored.sort(key=lambda sm: sm[0])
    return [m for _, m in scored]


# --------------------------------------------------------------------------- lines
def _move_runs(st: State, x: int, y: int, t: int, free: list[int], out: list[int]) -> None:
    """Move ``t`` runs from the top of column ``x`` onto ``y`` with the empty columns ``free``
    as stopovers: half into one free column, the rest onto ``y``, then the first half onto
    ``y``; appends the single moves."""
    if t == 1:
        m = card_move(x, y, st.run(x))
        out.append(m)
        st.apply(m)
        return
    free = list(free)
    f = free.pop()
    a = t // 2
    _move_runs(st, x, f, a, free, out)
    _move_runs(st, x, y, t - a, free, out)
    _move_runs(st, f, y, a, free, out)


def single_moves(st: State, line: Sequence[int]) -> list[int]:
    """``line`` (played from ``st``, which is left as it was) with every move of several runs
    written out as single moves."""
    snap = st.snapshot()
    out: list[int] = []
    for m in line:
        if m != DEAL and (m & 255) > st.run(m >> 12):
            s, d, k = m >> 12, (m >> 8) & 15, m & 255
            c = st.cols[s]
            n = len(c)
            segs = 1 + sum(1 for j in range(n - k + 1, n) if not _on_suit(c[j], c[j - 1]))
            free = [i for i in range(COLS - 1, -1, -1) if not st.cols[i] and i != d]
            _move_runs(st, s, d, segs, free, out)
            continue
        out.append(m)
        st.apply(m)
    st.restore(snap)
    return out


def texts(st: State, line: Sequence[int]) -> list[str]:
    """The move text of ``line`` played from ``st`` (left as it was)."""
    snap = st.snapshot()
    out = []
    for m in line:
        out.append(st.move_text(m))
        st.apply(m)
    st.restore(snap)
    return out


# --------------------------------------------------------------------------- searches
class _Budget:
    """The limits of a search and the states tried so far."""

    def __init__(self, time_limit: float | None, max_states: int | None) -> None:
        self.start = time.perf_counter()
        self.time_limit = time_limit
        self.max_states = max_states or 0
        self.states = 0
        self.hit = ""

    def out(self, cap: int = 0) -> bool:
        """True when a limit is reached (``hit`` names it) or ``cap`` states (0: none) have
        been tried."""
        if self.max_states and self.states >= self.max_states:
            self.hit = "states"
            return True
        if (
            (self.states & 255) == 0
            and self.time_limit is not None
            and time.perf_counter() - self.start > self.time_limit
        ):
            self.hit = "time"
            return True
        return bool(cap) and self.states >= cap

    def spent(self) -> bool:
        """True when a limit is reached now (the time is read whatever the count)."""
        if self.max_states and self.states >= self.max_states:
            self.hit = "states"
            return True
        if self.time_limit is not None and time.perf_counter() - self.start > self.time_limit:
            self.hit = "time"
            return True
        return False


_Snapshot = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, tuple[int, ...]]


class BestFirst:
    """One pruned best-first search under ``params`` that can be paused and resumed, so that
    the portfolio's settings take turns without throwing work away. Open positions wait in one
    queue per number of rows dealt, served in turn."""

    def __init__(self, root: State, params: Params) -> None:
        st = State.__new__(State)
        st.stock, st.rows = root.stock, root.rows
        st.restore(root.snapshot())
        self.st = st
        self.params = params
        self.seen: set[Hashable] = {st.key()}
        self.nodes: list[tuple[int, int, _Snapshot]] = [(0, 0, st.snapshot())]
        self.open: list[list[tuple[int, int, int, int]]] = [[] for _ in range(LEVELS)]
        self.open_total = 0
        self.turn = 0
        self.seq = 0
        self.sign = -1 if params.newest_first else 1
        self.current = 0
        self.pending_pop = False

    def run(self, budget: _Budget, cap: int) -> tuple[int, list[int] | None]:
        """Go on until it wins (1 and the line), runs out of positions (-1), reaches a limit
        of ``budget`` (-2), or has expanded positions until ``budget.states`` reaches ``cap``
        (0: paused, checked after each position's moves)."""
        st = self.st
        nodes = self.nodes
        while True:
            if self.pending_pop:
                self._pop_next()
                self.pending_pop = False
            current = self.current
            for m in pruned_moves(st):
                u = st.apply(m)
                budget.states += 1
                if st.won():
                    line = [m]
                    node = current
                    while node != 0:
                        line.append(nodes[node][1])
                        node = nodes[node][0]
                    line.reverse()
                    return 1, line
                k = st.key()
                if k not in self.seen:
                    self.seen.add(k)
                    item = (st.evaluate(self.params.w), self.sign * self.seq, current, m)
                    heapq.heappush(self.open[st.dealt], item)
                    self.seq += 1
                    self.open_total += 1
                st.undo(u)
                if budget.out():
                    return -2, None
            if self.open_total == 0:
                return -1, None
            self.pending_pop = True
            if budget.states >= cap:
                return 0, None

    def kept(self) -> int:
        """Positions kept in the transposition set."""
        return len(self.seen)

    def _pop_next(self) -> None:
        while not self.open[self.turn]:
            self.turn = (self.turn + 1) % LEVELS
        _score, _seq, parent, move = heapq.heappop(self.open[self.turn])
        self.open_total -= 1
        self.turn = (self.turn + 1) % LEVELS
        self.st.restore(self.nodes[parent][2])
        self.st.apply(move)
        self.current = len(self.nodes)
        self.nodes.append((parent, move, self.st.snapshot()))


def exhaustive(root: State, budget: _Budget) -> tuple[int, list[int], int]:
    """The exhaustive depth-first search (sound prunes only, moves best first). Returns (1 and
    the line: won; 0: every reachable position searched, lost; -1: a limit) and the positions
    kept."""
    st = State.__new__(State)
    st.stock, st.rows = root.stock, root.rows
    st.restore(root.snapshot())
    seen = {st.key()}
    stack: list[tuple[list[int], int, _Undo | None]] = [(ordered_moves(st), 0, None)]
    while stack:
        moves, nxt, undo = stack[-1]
        if nxt == len(moves):
            stack.pop()
            if stack and undo is not None:
                st.undo(undo)
            continue
        m = moves[nxt]
        stack[-1] = (moves, nxt + 1, undo)
        u = st.apply(m)
        budget.states += 1
        if st.won():
            line = [f[2][0] for f in stack[1:] if f[2] is not None] + [m]
            return 1, line, len(seen)
        k = st.key()
        if k not in seen:
            seen.add(k)
            stack.append((ordered_moves(st), 0, u))
        else:
            st.undo(u)
        if budget.out():
            return -1, [], len(seen)
    return 0, [], len(seen)


def search(
    columns: Sequence[Sequence[int]],
    hidden: Sequence[int],
    stock: Sequence[int],
    removed: Sequence[int],
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    pruned: bool = True,
    exhaustive_search: bool = True,
    first_budget: int = 0,
) -> Found:
    """Decide the position: the portfolio of pruned best-first searches (each setting of
    :data:`PORTFOLIO` in turn, the budget doubling every round, stopping at 90% of the limits
    when the exhaustive search follows), then the exhaustive search with what is left."""
    root = State(columns, hidden, stock, removed)
    if root.won():
        return Found("solved", None, [], 0, 0)
    budget = _Budget(time_limit, max_states)
    unique = 0

    def solved(line: list[int]) -> Found:
        return Found("solved", None, texts(root, single_moves(root, line)), budget.states, unique)

    if pruned:
        now = first_budget or FIRST_BUDGET
        share = _Budget(time_limit, max_states)
        share.start = budget.start
        if exhaustive_search:
            if share.max_states:
                share.max_states = max(1, share.max_states * 9 // 10)
            if share.time_limit is not None:
                share.time_limit *= 0.9
        exhausted = False
        # Each setting's search is made at its first turn and kept: a later turn goes on
        # where the last one stopped.
        searches: list[BestFirst] = []
        stop = False
        while not stop:
            for i, p in enumerate(PORTFOLIO):
                if len(searches) <= i:
                    searches.append(BestFirst(root, p))
                verdict, line = searches[i].run(share, share.states + now)
                if verdict == 1 and line is not None:
                    budget.states = share.states
                    unique = sum(b.kept() for b in searches)
                    return solved(line)
                if verdict < 0:
                    exhausted = verdict == -1
                    stop = True
                    break
            now *= 2
        unique = sum(b.kept() for b in searches)
        del searches
        budget.states = share.states
        if not exhausted and not exhaustive_search:
            return Found("limit", share.hit or "states", [], budget.states, unique)
    if not exhaustive_search:
        return Found("limit", "states", [], budget.states, unique)
    if budget.spent():
        return Found("limit", budget.hit, [], budget.states, unique)
    verdict, line, kept = exhaustive(root, budget)
    unique += kept
    if verdict == 1:
        return solved(line)
    if verdict == 0:
        return Found("unsolvable", None, [], budget.states, unique)
    return Found("limit", budget.hit, [], budget.states, unique)


# --------------------------------------------------------------------------- shorter lines
def _parse(st: State, text: str) -> int:
    """The legal move of ``st`` written ``text``; ValueError when there is none."""
    for m in st.legal_moves():
        if st.move_text(m) == text:
            return m
    raise ValueError(f"not a legal move here: {text}")


def shorten(
    columns: Sequence[Sequence[int]],
    hidden: Sequence[int],
    stock: Sequence[int],
    removed: Sequence[int],
    line: Sequence[str],
    depth: int,
) -> list[str]:
    """A winning ``line`` (move text) with detours cut out: while some position of the line can
    reach a later one (not the next) in at most ``depth`` (1 or 2) legal moves, those moves
    replace the stretch between them, the longest stretch first from each position."""
    root = State(columns, hidden, stock, removed)
    st = State(columns, hidden, stock, removed)
    moves: list[int] = []
    for t in line:
        m = _parse(st, t)
        moves.append(m)
        st.apply(m)
    return texts(root, _shorten_moves(root, moves, depth))


def _shorten_moves(root: State, moves: list[int], depth: int) -> list[int]:
    """``moves`` (from ``root``, left as it was) with detours cut out (see :func:`shorten`)."""
    snap = root.snapshot()
    st = root
    changed = True
    while changed:
        changed = False
        st.restore(snap)
        keys = [st.exact_key()]
        for m in moves:
            st.apply(m)
            keys.append(st.exact_key())
        last = {k: i for i, k in enumerate(keys)}
        st.restore(snap)
        out: list[int] = []
        i = 0
        while i < len(moves):
            best, gain, via = i + 1, 0, [moves[i]]
            for m in st.legal_moves():
                u = st.apply(m)
                j = last.get(st.exact_key())
                if j is not None and j - i - 1 > gain:
                    best, gain, via = j, j - i - 1, [m]
                if depth >= 2 and not st.won():
                    for m2 in st.legal_moves():
                        u2 = st.apply(m2)
                        j2 = last.get(st.exact_key())
                        if j2 is not None and j2 - i - 2 > gain:
                            best, gain, via = j2, j2 - i - 2, [m, m2]
                        st.undo(u2)
                st.undo(u)
            if best > i + len(via):
                changed = True
            for m in via:
                out.append(m)
                st.apply(m)
            i = best
        moves = out
    root.restore(snap)
    return moves


# --------------------------------------------------------------------------- the stage player
# A no-peek player, the twin of the core's (native/spider_search.cpp, stage_line): its game is a
# run of stages, each ended by the first new thing it cannot know beforehand, a card turned up
# or a row dealt.
_TURNED: Final = 1
_DEALABLE: Final = 2
STAGE_WEIGHTS: Final = Weights(8, 1, 4, 12)
"""The stage player's evaluation weights, not the search's (the core's kStageWeights, where
the tuning is told)."""


@dataclass(frozen=True, slots=True)
class Lookahead:
    """How the stage player looks past a stage's end before it chooses one (the core's
    ``Lookahead``): the ``leaves`` best scored ends where a card turns up (0 or 1: no look),
    each played on to its own next stage within ``states`` positions on ``cards`` placings of
    the unseen cards, drawn from ``seed``; the end whose next stages score best on average is
    played."""

    leaves: int
    cards: int
    states: int
    seed: int


STAGE_LOOK: Final = Lookahead(8, 6, 1_000, 1)
"""The look the hint's stage player takes (the core's ``kStageLook``, where it is measured)."""

_MASK: Final = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    """SplitMix64 (the core's ``common::splitmix64``): the next number and the new state."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), x


def _placings(st: State, la: Lookahead) -> list[list[int]]:
    """``la.cards`` orders of the cards ``st`` does not show (its face-down cards and the rows
    left), shuffled from the sorted list by a seed made of ``la.seed`` and what the player sees
    (the face-down count and the rows left): any placing of those cards gives the same."""
    unseen = sorted(
        [c for i in range(COLS) for c in st.cols[i][: st.hid[i]]] + list(st.stock[st.dealt * ROW :])
    )
    x = la.seed ^ (sum(st.hid) << 8) ^ (st.rows - st.dealt)
    out = []
    for _ in range(la.cards):
        p = list(unseen)
        for k in range(len(p), 1, -1):
            r, x = _splitmix64(x)
            j = r % k
            p[k - 1], p[j] = p[j], p[k - 1]
        out.append(p)
    return out


def _look_ahead(
    root: State,
    ends: list[tuple[int, int]],
    nodes: list[tuple[int, int, _Snapshot]],
    w: Weights,
    la: Lookahead,
) -> int:
    """The turn end of ``ends`` ((score, node), ``nodes`` as :func:`_next_stage` keeps them) to
    play: of the ``la.leaves`` best scored, the one whose next stage (:func:`_stage` within
    ``la.states`` positions) scores best summed over the placings of :func:`_placings`, the same
    for every end. A next stage with no end scores as the position it starts from."""
    chosen = sorted(ends)[: la.leaves]
    placings = _placings(root, la)
    best: int | None = None
    node_at = chosen[0][1]
    for _score, node in chosen:
        cols, hid, dealt, removed = nodes[node][2]
        stock = root.stock[dealt * ROW :]
        total = 0
        for p in placings:
            it = iter(p)
            columns = [list(c) for c in cols]
            for i in range(COLS):  # the cards just turned, then the face-down ones
                for k in range(hid[i], min(root.hid[i], len(columns[i]))):
                    columns[i][k] = next(it)
            for i in range(COLS):
                for k in range(hid[i]):
                    columns[i][k] = next(it)
            nxt = State(columns, hid, [next(it) for _ in stock], removed)
            before = nxt.evaluate(w)
            end = _stage(nxt, la.states, w, [])
            total += nxt.evaluate(w) if end else before
        if best is None or total < best:
            best, node_at = total, node
    return node_at


def _next_stage(
    st: State,
    budget: int,
    w: Weights,
    all_moves: bool,
    path: list[int],
    la: Lookahead | None = None,
) -> int:
    """One stage: best first (lowest score) over the card moves from ``st`` (the pruned
    search's, or with ``all_moves`` every legal one), at most ``budget`` positions tried. A
    position where a card has turned up ends the stage there, and ``st`` is set to the best such
    one (scored as though the card turned were any other); when none is met, to the best
    position with no column empty. No run is finished where the table would then hold fewer
    cards than a row while rows are left. With ``la``, the turn end played is chosen by
    :func:`_look_ahead`. Returns ``_TURNED``, ``_DEALABLE`` or 0 (``st`` unchanged); ``path``
    receives the moves to the end."""
    down = sum(st.hid)
    root_hid = list(st.hid)
    start = st.snapshot()
    seen: set[Hashable] = {st.key()}
    nodes: list[tuple[int, int, _Snapshot]] = [(0, 0, start)]
    best_deal = st.evaluate(w) if all(st.cols) else None
    best_turn: int | None = None
    deal_node = turn_node = 0
    ends: list[tuple[int, int]] = []
    open_: list[tuple[int, int, int]] = [(st.evaluate(w), 0, 0)]
    seq = 1
    states = 0
    while open_ and states < budget:
        _score, _seq, node = heapq.heappop(open_)
        st.restore(nodes[node][2])
        for m in st.legal_moves() if all_moves else pruned_moves(st):
            if m == DEAL:
                continue
            u = st.apply(m)
            states += 1
            if st.dealt < st.rows and sum(map(len, st.cols)) < ROW:
                st.undo(u)
                continue
            k = st.key()
            if k not in seen:
                seen.add(k)
                score = st.evaluate(w)
                child = len(nodes)
                nodes.append((node, m, st.snapshot()))
                if sum(st.hid) < down:
                    # A King turned up at the bottom of its column would score as lying in
                    # order: scored as any other card, so the choice reads no card.
                    for i in range(COLS):
                        col = st.cols[i]
                        if root_hid[i] and not st.hid[i] and col and _RANK[col[0]] == 13:
                            score += w.brk
                    if la is not None:
                        ends.append((score, child))
                    if best_turn is None or score < best_turn:
                        best_turn, turn_node = score, child
                else:
                    if all(st.cols) and (best_deal is None or score < best_deal):
                        best_deal, deal_node = score, child
                    heapq.heappush(open_, (score, seq, child))
                    seq += 1
            st.undo(u)
    if la is not None and la.leaves > 1 and len(ends) > 1:
        st.restore(start)
        turn_node = _look_ahead(st, ends, nodes, w, la)
    end, at = _TURNED, turn_node
    if best_turn is None:
        if best_deal is None:
            st.restore(start)
            return 0
        end, at = _DEALABLE, deal_node
    path.clear()
    n = at
    while n != 0:
        path.append(nodes[n][1])
        n = nodes[n][0]
    path.reverse()
    st.restore(nodes[at][2])
    return end


def _fill_columns(st: State, path: list[int]) -> bool:
    """The empty columns filled so that a row can be dealt, each with the top card of the
    tallest column, one lying off suit on the card under it first; the moves appended to
    ``path``. False (``st`` unchanged) when the table holds fewer cards than a row."""
    if sum(map(len, st.cols)) < ROW:
        return False
    while not all(st.cols):
        to = next(i for i in range(COLS) if not st.cols[i])
        src = -1
        for off in (True, False):
            for i in range(COLS):
                if (
                    len(st.cols[i]) >= 2
                    and (st.run(i) == 1) == off
                    and (src < 0 or len(st.cols[i]) > len(st.cols[src]))
                ):
                    src = i
            if src >= 0:
                break
        m = card_move(src, to, 1)
        st.apply(m)
        path.append(m)
    return True


def _stage(st: State, budget: int, w: Weights, path: list[int], la: Lookahead | None = None) -> int:
    """:func:`_next_stage` over the pruned moves (looking past its ends with ``la``), then over
    every legal move when those find no end (filling the columns for a row may need a run
    broken); with rows left and still no end, the empty columns filled
    (:func:`_fill_columns`)."""
    end = _next_stage(st, budget, w, False, path, la)
    if end:
        return end
    end = _next_stage(st, budget, w, True, path)
    if end or st.dealt >= st.rows:
        return end
    path.clear()
    return _DEALABLE if _fill_columns(st, path) else 0


def _stage_moves(st: State, budget: int, w: Weights, la: Lookahead | None = None) -> list[int]:
    """The single moves of the next stage from ``st`` (left as it was; see
    :func:`stage_line`), empty when it has none."""
    snap = st.snapshot()
    path: list[int] = []
    end = _stage(st, budget, w, path, la)
    dealable = end == _DEALABLE and st.dealt < st.rows
    st.restore(snap)
    if not end or (end == _DEALABLE and not dealable):
        return []
    if dealable:
        path.append(DEAL)
    # Moves of several runs written out can pass through a position met before (the start
    # among them): the loops and then the detours are cut, the end is the same.
    return _shorten_moves(st, _without_loops(st, single_moves(st, path)), 1)


def stage_line(
    columns: Sequence[Sequence[int]],
    hidden: Sequence[int],
    stock: Sequence[int],
    removed: Sequence[int],
    stage_states: int,
    look: Lookahead | None = None,
) -> list[str]:
    """The moves (text, single moves) of the stage player's next stage: to the best position
    where a card turns up (with ``look``, chosen by its look past each, :func:`_look_ahead`),
    else to the best one a row can be dealt on and the deal; empty when it has neither. It
    reads no face-down card and no row before it is dealt."""
    root = State(columns, hidden, stock, removed)
    return texts(root, _stage_moves(root, stage_states, STAGE_WEIGHTS, look))


def _without_loops(root: State, line: list[int]) -> list[int]:
    """``line`` from ``root`` (left as it was) with every stretch that comes back to a position
    it has passed through cut out (the first such return first, again until none is left)."""
    snap = root.snapshot()
    while True:
        at: dict[Hashable, int] = {root.exact_key(): 0}
        cut: tuple[int, int] | None = None
        for k, m in enumerate(line):
            root.apply(m)
            key = root.exact_key()
            if key in at:
                cut = (at[key], k + 1)
                break
            at[key] = k + 1
        root.restore(snap)
        if cut is None:
            return line
        line = line[: cut[0]] + line[cut[1] :]


def stage_game(
    columns: Sequence[Sequence[int]],
    hidden: Sequence[int],
    stock: Sequence[int],
    removed: Sequence[int],
    stage_states: int,
    final_states: int,
    weights: Weights = STAGE_WEIGHTS,
    look: Lookahead | None = None,
) -> tuple[bool, int, int, int]:
    """The stage player's game from the position played on: stage after stage while a card lies
    face down or a row is left, then (every card seen, the stock gone) the pruned search within
    ``final_states`` positions. Each stage's moves are played up to the first that turns a card
    up or deals a row, as the hints play them; its positions are scored by ``weights``, and
    with ``look`` it looks past each stage's ends before it chooses one.
    Returns (won, moves, face-down cards left, runs removed)."""
    st = State(columns, hidden, stock, removed)
    w = weights
    moves = 0
    while not st.won() and (st.dealt < st.rows or any(st.hid)):
        # The stage's moves up to the first that shows something new (a move of several runs
        # written out can turn a card up part way): the hints plan again from there too.
        shown = False
        for m in _stage_moves(st, stage_states, w, look):
            down = sum(st.hid)
            st.apply(m)
            moves += 1
            if m == DEAL or sum(st.hid) < down:
                shown = True
                break
        if not shown:
            return False, moves, sum(st.hid), len(st.removed)
    if st.won():
        return True, moves, 0, RUNS
    cols, hid, dealt, gone = st.snapshot()
    found = search(
        cols, hid, st.stock[dealt * ROW :], gone, max_states=final_states, exhaustive_search=False
    )
    if found.status != "solved":
        return False, moves, sum(st.hid), len(st.removed)
    return True, moves + len(found.line), 0, RUNS
