"""The reference Klondike search in pure Python: always importable, the oracle for the C++ core.

It searches the same space, with the same pruning, as the compiled core (``native/``), so the two
must agree on every verdict. The search is a depth-first search with a transposition set over
*macro moves*:

* The stock and the waste are one sequence, the *talon*, in drawing order (waste bottom .. top,
  then the stock from the next card drawn). ``p`` cards of it are on the waste. Drawing and
  recycling never change that order, so a position of the talon is just ``p`` (and the pass
  number when passes are limited). Draws are never search nodes: one macro move plays any talon
  card that some number of draws (and at most one recycle) brings to the top of the waste.
* A column card that is safe to put up is moved to its foundation without branching: an ace or
  a two, or a card whose two cards of the other colour one rank lower are already home (and,
  when cards may come back from the foundations, the other suit of its colour two ranks lower
  too, so no card that could ever lie on it is left outside).
* Part of a column's ordered run moves only to uncover a card that goes home next; a card
  comes back from a foundation only when a card is free to lie on it. After a card is put on a
  column from the talon or a foundation, or a run leaves a column empty, moves that could as
  well have come first are not tried.
* The transposition key lists the columns in a canonical (sorted) order, so layouts that differ
  only in the order of the columns are searched once.

The line found is reported as engine moves (``s`` and ``r`` included), see :func:`search`.
"""

from __future__ import annotations

import time
from typing import Final

from kosynka.cards import ALL_CARDS, CARD_FITS, CARD_RANK, CARD_SUIT, CARD_WANTS
from kosynka.games.klondike import Klondike
from kosynka.solver.result import Found

FOUND: Final = 7
"""Destination code of a foundation."""

# Kinds of macro move.
COLUMN: Final = 0
TALON: Final = 1
RETURN: Final = 2
EMPTIED: Final = 3
"""The kind in a ``last`` move (see :meth:`State.moves`) of a run moved off a column's bottom."""

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_FITS: Final = CARD_FITS
_WANTS: Final = CARD_WANTS
_OTHER_COLOUR: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
_SAME_COLOUR_OTHER: Final = (3, 2, 1, 0)

Macro = tuple[int, int, int, int]
"""A macro move ``(kind, source, detail, dest)``: for COLUMN (column, index of the run's first
card, 0, dest); for TALON (talon index, 1 when a recycle is needed else 0, 0, dest); for RETURN
(suit, 0, 0, dest column). ``dest`` is a column 0..6 or FOUND."""

Last = tuple[int, int, int, int]
"""What the move that led to a position did, for the moves that commute with it (see
:meth:`State.moves`)."""


def _fits(card: int, target: int) -> bool:
    """True when ``card`` may lie on ``target`` in a column (one rank lower, other colour)."""
    return _FITS[card] == _WANTS[target]


class _Limit(Exception):
    """Raised inside the search when a limit is reached."""

    def __init__(self, which: str) -> None:
        super().__init__(which)
        self.which = which


class State:
    """A Klondike position in the search's form, changed in place by :meth:`apply` and
    restored by :meth:`undo`."""

    def __init__(self, game: Klondike) -> None:
        rules = game.rules
        self.draw = rules.draw
        self.passes = rules.passes
        self.ret = rules.foundation_return
        cols, hidden, talon, on_waste, found, pass_number = game.solver_position()
        self.cols: list[list[int]] = cols
        self.hidden: list[int] = hidden
        self.talon: list[int] = talon
        self.p = on_waste
        self.found: list[int] = found
        self.passno = pass_number

    # ------------------------------------------------------------------ reading
    def is_won(self) -> bool:
        """True when every card is home."""
        f = self.found
        return f[0] + f[1] + f[2] + f[3] == 52

    def trivially_won(self) -> bool:
        """True when the rest is a matter of putting cards up one by one: nothing face down,
        every column an ordered run, and the talon empty (or wholly reachable, Draw 1 with
        unlimited passes)."""
        if any(self.hidden):
            return False
        if self.talon and not (self.draw == 1 and self.passes is None):
            return False
        for col in self.cols:
            for j in range(len(col) - 1):
                if not _fits(col[j + 1], col[j]):
                    return False
        return True

    def run_base(self, i: int) -> int:
        """Index of the lowest card of column ``i``'s ordered top run (the column is not empty)."""
        col = self.cols[i]
        j = len(col) - 1
        low = self.hidden[i]
        while j > low and _fits(col[j], col[j - 1]):
            j -= 1
        return j

    def can_recycle(self) -> bool:
        """True when the rules allow one more turn of the waste."""
        return self.passes is None or self.passno < self.passes

    def reachable(self) -> list[tuple[int, int]]:
        """Talon cards that drawing can bring to the top of the waste: ``(index, recycle)``,
        those of the current pass first."""
        n = len(self.talon)
        d = self.draw
        out: list[tuple[int, int]] = []
        q = self.p
        if q > 0:
            out.append((q - 1, 0))
        while q < n:
            q = min(q + d, n)
            out.append((q - 1, 0))
        if n and self.can_recycle():
            if d == 1:
                # The current pass reaches every card from the waste top on.
                first = self.p - 1 if self.p > 0 else 0
                out.extend((j, 1) for j in range(first))
            else:
                done = {j for j, _ in out}
                q = 0
                while q < n:
                    q = min(q + d, n)
                    if q - 1 not in done:
                        out.append((q - 1, 1))
        return out

    def reach_mask(self) -> int:
        """The talon positions that drawing (and recycling) can reach from here, as bits."""
        n, d = len(self.talon), self.draw
        mask = 1 << n
        for q in range(self.p, n, d):
            mask |= 1 << q
        for q in range(0, n, d):
            mask |= 1 << q
        return mask

    def key(self, any_position: bool = False) -> tuple[object, ...]:
        """The transposition key: columns in sorted order, the foundations, the talon, its
        canonical position (left out with ``any_position``) and (when passes are limited) the
        pass number.

        Twins (same rank and colour) are not written alike: a position may be winnable only by
        way of the one with two twins exchanged (a run moved from one twin to the other
        uncovers a card that can go home), and with one key for both that move would look like
        a move back to where the search already is."""
        found = self.found
        cols = tuple(sorted((self.hidden[i], tuple(col)) for i, col in enumerate(self.cols)))
        n = len(self.talon)
        p = self.p
        if self.passes is None:
            if any_position or self.draw == 1 or p % self.draw == 0 or p == n:
                p = 0
            return (cols, tuple(found), tuple(self.talon), p)
        return (cols, tuple(found), tuple(self.talon), p, self.passno)

    def _safe(self, card: int) -> bool:
        """True when ``card`` (next on its foundation) may go up without loss."""
        r = _RANK[card]
        if r <= 2:
            return True
        f = self.found
        a, b = _OTHER_COLOUR[_SUIT[card]]
        if f[a] < r - 1 or f[b] < r - 1:
            return False
        return not self.ret or f[_SAME_COLOUR_OTHER[_SUIT[card]]] >= r - 2

    # ------------------------------------------------------------------ moves
    def moves(self, last: Last | None = None) -> list[Macro]:
        """The macro moves worth trying here, best first.

        ``last`` is ``(kind, column, card, 0)`` when the move that led here put ``card`` from
        the talon (TALON) or from a foundation (RETURN) on ``column``, or ``(EMPTIED, column,
        emptied column, first card of the run)`` when it moved a run off the bottom of a
        column: then only moves that could not have been made before it are kept (see
        :meth:`_follows`)."""
        out = self._moves()
        if last is None:
            return out
        kind, column, card, base = last
        if kind == EMPTIED:
            # A run moved off the bottom of column ``card`` to ``column``, emptying it: a move
            # that neither fills an empty column nor involves that run could have come first.
            # Of two runs that empty their columns, the one with the higher first card (as a
            # card index) goes second.
            cols = self.cols
            if cols[card]:
                return out
            return [
                m
                for m in out
                if (m[3] != FOUND and not cols[m[3]])
                or m[3] == column
                or (m[0] == COLUMN and m[1] == column)
                or (m[0] == COLUMN and m[2] == 0 and m[3] != FOUND and cols[m[1]][0] > base)
            ]
        col = self.cols[column]
        if not col or col[-1] != card:
            return out
        return [m for m in out if self._follows(m, kind, column, card)]

    def _follows(self, m: Macro, kind: int, column: int, card: int) -> bool:
        """True when ``m`` may follow putting ``card`` on ``column`` (from the talon when
        ``kind`` is TALON, else from a foundation). Any other move leaves that card unused and
        could have been made first, reaching the same position; but a run that empties its
        column may follow (after it, only moves that fill a column or use the run are tried, so
        it must not be made to come first)."""
        if m[3] == column or (m[0] == COLUMN and m[2] == 0 and m[3] != FOUND):
            return True
        if kind == TALON:
            if m[0] == RETURN:
                return True
            if m[0] == TALON:
                # With Draw 1 and unlimited passes every talon card is always within reach, so
                # talon moves commute with each other too.
                return not (self.draw == 1 and self.passes is None)
            twin = _SAME_COLOUR_OTHER[_SUIT[card]] * 13 + _RANK[card] - 1
            return m[3] == FOUND and self.cols[m[1]][m[2]] == twin
        # After a card comes back, another may have to come back before it is used (the card
        # it uncovers may need a place that is itself on a foundation).
        return m[0] == RETURN

    def _moves(self) -> list[Macro]:
        """Every macro move worth trying here, best first."""
        cols, found, hidden = self.cols, self.found, self.hidden
        out: list[Macro] = []
        # 1. Column tops to the foundations.
        for i, col in enumerate(cols):
            if col:
                c = col[-1]
                if found[_SUIT[c]] == _RANK[c] - 1:
                    out.append((COLUMN, i, len(col) - 1, FOUND))
        reach = self.reachable()
        # 2. Talon cards to the foundations.
        for j, rec in reach:
            c = self.talon[j]
            if found[_SUIT[c]] == _RANK[c] - 1:
                out.append((TALON, j, rec, FOUND))
        first_empty = next((k for k, col in enumerate(cols) if not col), -1)
        # 3. Whole runs (from columns with the most face-down cards first).
        partial: list[tuple[int, int]] = []
        order = sorted((i for i in range(7) if cols[i]), key=lambda i: -hidden[i])
        for i in order:
            col = cols[i]
            base = self.run_base(i)
            card = col[base]
            # The whole ordered top run moves when that turns a card up, empties the column,
            # or (in a position with out-of-order face-up cards) uncovers a face-up card that
            # could not move.
            if base > 0 or _RANK[card] != 13:
                if _RANK[card] == 13:
                    if first_empty >= 0:
                        out.append((COLUMN, i, base, first_empty))
                else:
                    for k in range(7):
                        if k != i and cols[k] and _fits(card, cols[k][-1]):
                            out.append((COLUMN, i, base, k))
            for j in range(base + 1, len(col)):
                partial.append((i, j))
        # 4. Talon cards to the columns (not one that may as well go home).
        for j, rec in reach:
            c = self.talon[j]
            if found[_SUIT[c]] == _RANK[c] - 1 and self._safe(c):
                continue
            if _RANK[c] == 13:
                if first_empty >= 0:
                    out.append((TALON, j, rec, first_empty))
            else:
                for k in range(7):
                    if cols[k] and _fits(c, cols[k][-1]):
                        out.append((TALON, j, rec, k))
        # 5. Part of a run, when the card it uncovers can go home at once.
        for i, j in partial:
            col = cols[i]
            under = col[j - 1]
            if found[_SUIT[under]] == _RANK[under] - 1:
                card = col[j]
                out.extend(
                    (COLUMN, i, j, k)
                    for k in range(7)
                    if k != i and cols[k] and _fits(card, cols[k][-1])
                )
        # 6. Cards back from the foundations (not one that would go straight back up). A card
        # may be brought back only to reach the one beneath it, so no more is asked.
        if self.ret:
            for s in range(4):
                r = found[s]
                if r < 2:
                    continue
                card = s * 13 + r - 1
                if self._safe(card):
                    continue  # it would go straight back up
                if r == 13:
                    if first_empty >= 0:
                        out.append((RETURN, s, 0, first_empty))
                else:
                    for k in range(7):
                        if cols[k] and _fits(card, cols[k][-1]):
                            out.append((RETURN, s, 0, k))
        return out

    # ------------------------------------------------------------------ making moves
    def apply(self, m: Macro, line: list[str] | None) -> Undo:
        """Make macro move ``m``; append its engine moves to ``line`` when given. Returns what
        :meth:`undo` needs."""
        kind, src, detail, dest = m
        if kind == COLUMN:
            col = self.cols[src]
            run = col[detail:]
            del col[detail:]
            flipped = int(bool(col) and len(col) == self.hidden[src])
            if flipped:
                self.hidden[src] -= 1
            card = run[0]
            if dest == FOUND:
                self.found[_SUIT[card]] += 1
            else:
                self.cols[dest].extend(run)
            if line is not None:
                line.append(_move_text(card, dest))
            return (kind, src, detail, dest, card, len(run), flipped, 0, 0)
        if kind == TALON:
            card = self.talon[src]
            if line is not None:
                self._stock_line(src, detail, line)
                line.append(_move_text(card, dest))
            old_p, old_pass = self.p, self.passno
            del self.talon[src]
            self.p = src
            if detail:
                self.passno += 1
            if dest == FOUND:
                self.found[_SUIT[card]] += 1
            else:
                self.cols[dest].append(card)
            return (kind, src, detail, dest, card, 1, 0, old_p, old_pass)
        card = src * 13 + self.found[src] - 1
        self.found[src] -= 1
        self.cols[dest].append(card)
        if line is not None:
            line.append(_move_text(card, dest))
        return (kind, src, detail, dest, card, 1, 0, 0, 0)

    def _stock_line(self, j: int, recycle: int, line: list[str]) -> None:
        """Append the draws (and recycle) that bring talon card ``j`` to the top of the waste."""
        n, d, q = len(self.talon), self.draw, j + 1
        p = self.p
        if recycle:
            line.extend("s" * (-(-(n - p) // d)))
            line.append("r")
            p = 0
        line.extend("s" * (-(-(q - p) // d)))

    def undo(self, u: Undo) -> None:
        """Take back the move whose :meth:`apply` returned ``u``."""
        kind, src, _detail, dest, card, length, flipped, old_p, old_pass = u
        if dest == FOUND:
            self.found[_SUIT[card]] -= 1
            moved = [card]
        else:
            d = self.cols[dest]
            moved = d[len(d) - length :]
            del d[len(d) - length :]
        if kind == COLUMN:
            if flipped:
                self.hidden[src] += 1
            self.cols[src].extend(moved)
        elif kind == TALON:
            self.talon.insert(src, card)
            self.p, self.passno = old_p, old_pass
        else:
            self.found[src] += 1

    def autoplay(self, line: list[str] | None) -> list[Undo]:
        """Put up every column top that is safe to put up (see :meth:`_safe`), repeatedly."""
        done: list[Undo] = []
        cols, found = self.cols, self.found
        progress = True
        while progress:
            progress = False
            for i in range(7):
                col = cols[i]
                if col:
                    c = col[-1]
                    if found[_SUIT[c]] == _RANK[c] - 1 and self._safe(c):
                        done.append(self.apply((COLUMN, i, len(col) - 1, FOUND), line))
                        progress = True
            if self.draw == 1 and self.passes is None:
                # Every talon card is within reach at any time: taking one out loses nothing.
                for j, rec in self.reachable():
                    c = self.talon[j]
                    if found[_SUIT[c]] == _RANK[c] - 1 and self._safe(c):
                        done.append(self.apply((TALON, j, rec, FOUND), line))
                        progress = True
                        break
        return done

    def finish(self, line: list[str] | None) -> int:
        """From a :meth:`trivially_won` position, put every card up; return the card moves."""
        count = 0
        while not self.is_won():
            m = self._next_home()
            self.apply(m, line)
            count += 1
        return count

    def _next_home(self) -> Macro:
        """A move of some card to its foundation (one exists in a trivially won position)."""
        found = self.found
        for i, col in enumerate(self.cols):
            if col and found[_SUIT[col[-1]]] == _RANK[col[-1]] - 1:
                return (COLUMN, i, len(col) - 1, FOUND)
        for j, rec in self.reachable():
            c = self.talon[j]
            if found[_SUIT[c]] == _RANK[c] - 1:
                return (TALON, j, rec, FOUND)
        raise AssertionError("finish() called on a position that is not trivially won")

    def home(self) -> int:
        """Cards on the foundations."""
        f = self.found
        return f[0] + f[1] + f[2] + f[3]


Undo = tuple[int, int, int, int, int, int, int, int, int]
"""What :meth:`State.undo` needs: kind, source, detail, dest, card, cards moved, whether a card
was turned up, and the talon position and pass number before the move."""

_LETTERS: Final = tuple(c.text() for c in ALL_CARDS)


def _move_text(card: int, dest: int) -> str:
    """Engine move text of ``card`` going to ``dest``."""
    return f"{_LETTERS[card]}>{'f' if dest == FOUND else dest + 1}"


def search(
    game: Klondike,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
) -> Found:
    """Decide ``game``'s position and, when it can be won, find a winning line of engine moves.

    With ``short``, the search goes on after the first win (within a budget of further states)
    looking for lines with fewer card moves, pruning any branch that cannot beat the best line
    found (every card not home needs at least one more move)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    st = State(game)
    root_auto = st.autoplay(None)
    del root_auto
    states = 0
    # With Draw 3 and unlimited passes, a position reached at talon position p is dominated by
    # the same position reached before at a talon position from which drawing reaches p:
    # ``covered`` keeps, per position without its talon position, every talon position so covered.
    cover = not short and st.passes is None and st.draw > 1
    seen: dict[tuple[object, ...], int] = {st.key(cover): 0}
    covered: dict[tuple[object, ...], int] = {st.key(cover): st.reach_mask()}
    path: list[Macro] = []
    best: list[Macro] | None = None
    best_cost = 1 << 30
    budget: int | None = None
    if st.is_won() or st.trivially_won():
        best = []
    else:
        # Frames: (moves, next index, undo of the move that led here, its autoplays, cost so far)
        stack_moves: list[list[Macro]] = [st.moves(None)]
        stack_next: list[int] = [0]
        stack_undo: list[tuple[Undo, list[Undo]] | None] = [None]
        stack_cost: list[int] = [0]
        try:
            while stack_moves:
                k = stack_next[-1]
                moves = stack_moves[-1]
                if k >= len(moves):
                    stack_moves.pop()
                    stack_next.pop()
                    stack_cost.pop()
                    frame = stack_undo.pop()
                    if frame is not None:
                        u, autos = frame
                        for a in reversed(autos):
                            st.undo(a)
                        st.undo(u)
                        path.pop()
                    continue
                stack_next[-1] = k + 1
                m = moves[k]
                u = st.apply(m, None)
                autos = st.autoplay(None)
                cost = stack_cost[-1] + 1 + len(autos)
                states += 1
                if max_states is not None and states >= max_states:
                    raise _Limit("states")
                if deadline is not None and states & 255 == 0 and time.perf_counter() > deadline:
                    raise _Limit("time")
                if budget is not None and states >= budget:
                    raise _Limit("budget")
                key = st.key(cover)
                old = seen.get(key)
                if cover:
                    mask = covered.get(key, 0)
                    prune = old is not None and bool(mask >> st.p & 1)
                    if not prune:
                        covered[key] = mask | st.reach_mask()
                else:
                    prune = old is not None and (best is None or not short or old <= cost)
                if not prune and best is not None and cost + 52 - st.home() >= best_cost:
                    prune = True
                if prune:
                    for a in reversed(autos):
                        st.undo(a)
                    st.undo(u)
                    continue
                seen[key] = cost
                if st.is_won() or st.trivially_won():
                    total = cost + 52 - st.home()
                    if total < best_cost:
                        best = [*path, m]
                        best_cost = total
                    for a in reversed(autos):
                        st.undo(a)
                    st.undo(u)
                    if not short:
                        break
                    if budget is None:
                        budget = states + max(50_000, 4 * states)
                    continue
                path.append(m)
                last: Last | None = None
                if m[0] != COLUMN and m[3] != FOUND:
                    last = (m[0], m[3], u[4], 0)
                elif m[0] == COLUMN and m[3] != FOUND and m[2] == 0:
                    last = (EMPTIED, m[3], m[1], u[4])
                stack_moves.append(st.moves(last))
                stack_next.append(0)
                stack_undo.append((u, autos))
                stack_cost.append(cost)
        except _Limit as exc:
            if best is None:
                return Found("limit", exc.which, [], states, len(seen))
    if best is None:
        return Found("unsolvable", None, [], states, len(seen))
    return Found("solved", None, line_of(game, best), states, len(seen))


def line_of(game: Klondike, macros: list[Macro]) -> list[str]:
    """Engine move texts of the macro line ``macros`` from ``game``'s position (safe foundation
    moves and the final putting-up of the cards included)."""
    st = State(game)
    line: list[str] = []
    st.autoplay(line)
    for m in macros:
        st.apply(m, line)
        st.autoplay(line)
    st.finish(line)
    return line
