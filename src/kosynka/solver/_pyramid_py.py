"""The Pyramid search in pure Python: a complete depth-first search with a transposition table.

The solver sees every card. The stock and the waste together are one row of cards, the *talon*:
the waste bottom to top, then the stock from its top card down. Turning a card (``s``) moves the
boundary between the two one card on; turning the waste over (``r``) puts every card back into
the stock in the same order (the waste's bottom card becomes the stock's top). So the talon's
order never changes, cards only leave it, and a position is a few small numbers:

* ``pmask``: the pyramid places still holding a card (bit ``p`` for place ``p``, 28 bits);
* ``tmask``: the talon cards still in play (bit ``i`` for the talon's card ``i``, 24 bits at
  most);
* ``b``: the boundary: talon cards below ``b`` are the waste, the others the stock. It is kept
  canonical, one past the waste's top card (0 when the waste is empty), so that a position has
  one key whatever was removed from where;
* ``pss``: the pass under way (1 on the first).

A pyramid card is available when its place is in ``pmask`` and neither place covering it is;
the search carries ``free``, those places, updated as cards leave. The stock's top card is the
lowest talon card at or above ``b``, the waste's top the highest below it.

**The transposition table.** The key is ``pmask``, ``tmask`` and ``b``; with a pass limit the
table keeps, for each key, the lowest pass it was entered at, and a position met again at that
pass or a later one is cut. That is sound because a position with fewer passes used *dominates*
the same cards with more used: every line from the later one is legal from the earlier (``r`` is
legal at a lower pass whenever it is at a higher). With unlimited passes the pass is no part of
the position at all, so the key alone is kept; a pass that removes nothing comes back to its own
start, a key already seen, so the search ends.

**Completeness.** The search stops early only on a win or a limit, so every position entered is
either searched to its end or cut by the table. Suppose a winnable start were reported lost.
Measure a position's distance to a win by the shortest win made of the moves the search tries
(one exists from every winnable position, by the proofs of the forced moves and of the prunes
below). Among the winnable positions entered and reported lost, take ``X`` nearest a win; the
first move of its shortest win leads to ``Y``, nearer. Had ``Y`` been entered, it was reported
lost (a win ends the search), against the choice of ``X``. So ``Y`` was cut for a key entered
at the same or an earlier pass, a position ``Z`` that dominates ``Y`` and is thus winnable and
no farther from a win; ``Z`` was reported lost (already, or later as an ancestor of ``X`` on
the search's path, since the search ended without a win), against the choice of ``X`` again.
So ``unsolvable`` is a proof.

**The forced move.** An available King is removed at once, without trying anything else. Proof
that this loses no win: let ``W`` be a winning line from the position and ``W'`` the line with
the King's removal first and, after it, ``W`` with the King's own move left out, and with the
``s`` that would turn the King and the ``r`` that would turn over a waste holding only the King
left out too. Position by position, ``W'`` has the same cards as ``W`` less the King, at a pass
no later: a pyramid King only ever covers cards, so without it every card ``W`` plays is
available as well; a King on the talon only ever hides the card under it (the next stock card,
or the waste card below), so without it every card ``W`` plays is on top as well; ``s`` on a
non-King card and ``r`` with other cards on the waste are legal as in ``W`` (the stock is empty
exactly when ``W``'s is, or was only the King). The goal is met when ``W`` meets it.

**The forced pair.** The same holds for a pair ``x``, ``y`` both available, where ``x`` must
go (a pyramid card; any card when the goal is ``all``) and ``y`` is the one card left in play
that ``x`` could ever leave with (see the prune below for which those are): every win removes
``x`` and can do so only with ``y``, so the line ``W'`` that removes them first and then plays
``W`` without that move (and without the ``s`` turning either of them, and the ``r`` turning
over a waste holding only them) wins too, by the argument above with two cards in place of the
King. Such a pair is then the only move tried.

**The matching prune** is sound: every card that leaves with a partner leaves with its own, of the
rank making 13 with its own, so the cards that must go (the pyramid's; the talon's too when
the goal is ``all``) need a *matching*: each paired with a distinct card still in play it could
ever leave with. For a pyramid card ``x`` those are the talon's cards of the other rank and the
pyramid's, but for those covering ``x`` at any depth (gone before ``x`` is available) and those
``x`` covers at any depth (available only after ``x`` is gone); a talon card could meet any
card of the other rank (taken as possible, which only weakens the prune). The prune asks, for
each rank ``r`` and its partner rank, that every set ``S`` of the pyramid's cards of rank ``r``
can reach as many cards as it holds (Hall's condition for a matching covering them), and when
the goal is ``all`` that the cards of rank ``r`` in play are no more than those of its partner
rank (a talon card can reach every one). Checked for both ranks of a pair, that is exactly the
existence of a matching covering every card that must go (by the Mendelsohn-Dulmage theorem,
a matching covering the cards of one rank and one covering the other's make one covering
both). A position without one is lost. Only a removal takes cards out of play, so after one
only the ranks of the cards removed are checked (at the start, every rank).

**The relaxed games** (:class:`Clearing`) cut what the matching prune lets through: games in
which the talon's cards are easier to reach than in the rules, so that every win is a win of
the relaxed game too, and a position whose relaxed game is lost is lost. In the first every
talon card in play is at hand at any time and only the pyramid must be cleared. Each move of a
win is one of its moves or can be left out: a pair of the pyramid's cards or an available King
the same; a pyramid card with the stock's or the waste's top becomes the pyramid card with a
card at hand; a move of talon cards alone, ``s`` and ``r`` are left out (they only take away
or move cards the relaxed game keeps at hand, and more cards at hand take no move away). Its
verdict depends only on the pyramid's cards in play and the talon's count of each rank. When
the goal is ``all`` the second asks for every card to go, two talon cards free to leave
together only when no card in play lies between them in the talon (the stock's top and the
waste's top always lie so), a talon King at any time; a win's moves map to it the same way,
pairs of talon cards included. On the last pass the waste can only be dug from its top: no
card goes back to the stock and the cards turned go on top of it, so a card of the waste as it
is now reaches the top only once every card above it has gone. The third, asked at every
position of the last pass with a waste, is the first with that waste a pile taken from its top
(its top free to leave with an available pyramid card or a card at hand, a King alone) and the
stock's cards at hand at any time; a win's moves map to it as before, a waste top turned in
this pass being a card at hand. Each relaxed game is searched to its end (an available King
goes at once, by the proof above) and its verdicts are kept for the whole search; a position
with a pile is first asked without it, one under the second game first under the first (each
game is a relaxation of the one asked after it). With unlimited passes the first is the game
itself when the goal is the pyramid and the second when it is ``all`` (any talon card, and any
two side by side, can be brought to the tops; pairing two talon cards never helps clear the
pyramid).

The first is asked after each removal (the second instead when the goal is ``all``) and at the
start, after the matching prune (whose cuts it would make too, more slowly). It proves lost
before a move is tried some deals the matching prune lets through. In PySolFC's deal 7139 no
Ace and no Seven is on the talon. QH can leave only with AD (it covers AH and AS, AC covers
it), so QD, which could leave with AH or AD, must leave with AH; 6H lies under QD, so it can
leave only after AH, and both Sevens it could meet (7H, 7S) cover AH: 6H can never leave.

Moves are tried best first: pairs of two pyramid cards, then a pyramid card with a talon card,
then the two talon tops, each by how many pyramid cards it uncovers; then ``s``, then ``r``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Final

from kosynka.cards import ALL_CARDS, CARD_RANK
from kosynka.games.pyramid.rules import COVERED_BY
from kosynka.solver.result import Found

PLACES: Final = 28
KING: Final = 13
COVER_MASK: Final = tuple(sum(1 << q for q in COVERED_BY[p]) for p in range(PLACES))
"""For each place, the bitmask of the two places whose cards cover it (none: bottom row)."""
UNCOVERS: Final = tuple(
    tuple(q for q in range(PLACES) if p in COVERED_BY[q]) for p in range(PLACES)
)
"""For each place, the places its card covers (the one or two in the row above)."""
_CHECK_EVERY: Final = 4096
"""States tried between two looks at the clock."""
_TEXT: Final = tuple(c.text() for c in ALL_CARDS)
_DEPTH: Final = 6000
"""The recursion the search may need: a line holds at most 52 removals, 24 turns a pass and,
with unlimited passes, one pass more than it has removals (a pass removing nothing is cut)."""


class _LimitReached(Exception):
    """Raised inside the search when a limit stops it; carries which (``time``/``states``)."""


def below(p: int) -> int:
    """The bitmask of the places whose cards cover place ``p``'s, at any depth (all of them go
    before ``p``'s card is available)."""
    out = 0
    todo = list(COVERED_BY[p])
    while todo:
        q = todo.pop()
        if not out >> q & 1:
            out |= 1 << q
            todo.extend(COVERED_BY[q])
    return out


def above(p: int) -> int:
    """The bitmask of the places place ``p``'s card covers, at any depth (none of them is
    available before ``p``'s card is gone)."""
    out = 0
    todo = list(UNCOVERS[p])
    while todo:
        q = todo.pop()
        if not out >> q & 1:
            out |= 1 << q
            todo.extend(UNCOVERS[q])
    return out


def free_places(pmask: int) -> int:
    """The places of ``pmask`` that no place of ``pmask`` covers."""
    return sum(1 << p for p in range(PLACES) if pmask >> p & 1 and not pmask & COVER_MASK[p])


BELOW: Final = tuple(below(p) for p in range(PLACES))
ABOVE: Final = tuple(above(p) for p in range(PLACES))


def tables(places: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """The search's tables for the pyramid ``places`` (card indices, -1 when gone): each
    place's rank (0 when gone); ``rank_places[r]``, the places holding a card of rank ``r``;
    ``partners[p]``, the places whose cards could ever leave with ``p``'s (of the rank making
    13, neither covering ``p`` nor covered by it at any depth)."""
    prank = [CARD_RANK[c] if c >= 0 else 0 for c in places]
    rank_places = [0] * 15
    for p in range(PLACES):
        if places[p] >= 0:
            rank_places[prank[p]] |= 1 << p
    partners = [
        rank_places[13 - prank[p]] & ~BELOW[p] & ~ABOVE[p] if places[p] >= 0 else 0
        for p in range(PLACES)
    ]
    return prank, rank_places, partners


def talon_key(tcount: Sequence[int]) -> int:
    """The talon's count of each rank (``tcount[r]``, at most 4) as :func:`cleared` reads it:
    that of rank ``r`` in bits ``3 (r - 1)`` on, Kings left out."""
    return sum(tcount[r] << 3 * (r - 1) for r in range(1, KING))


def opened(pmask: int, free: int, p: int) -> int:
    """``free`` after place ``p``'s card leaves ``pmask`` (``pmask`` already without it):
    without ``p``, and with the places it covered that nothing covers now."""
    free &= ~(1 << p)
    for q in UNCOVERS[p]:
        if pmask >> q & 1 and not pmask & COVER_MASK[q]:
            free |= 1 << q
    return free


class Clearing:
    """The relaxed games (the module's proof): could the pyramid's cards, or every card, all go
    were the talon's cards easier to reach than the rules let them be? The verdicts are kept,
    for the pyramid ``places`` and the ``talon`` of one search."""

    def __init__(self, places: Sequence[int], talon: Sequence[int]) -> None:
        self.prank, self.rank_places, _ = tables(places)
        self.trank = [CARD_RANK[c] for c in talon]
        self.rank_talon = [0] * 15
        for i, r in enumerate(self.trank):
            self.rank_talon[r] |= 1 << i
        self.seen: dict[int, bool] = {}
        self.seen_all: dict[int, bool] = {}

    def key_of(self, wmask: int) -> int:
        """The talon's cards of ``wmask`` (talon indices) counted as :func:`talon_key` counts
        them."""
        out = 0
        while wmask:
            bit = wmask & -wmask
            wmask ^= bit
            r = self.trank[bit.bit_length() - 1]
            if r != KING:
                out += 1 << 3 * (r - 1)
        return out

    def cleared(self, pmask: int, free: int, tkey: int, wmask: int = 0, wkey: int = 0) -> bool:
        """True when the pyramid's cards ``pmask`` (``free`` available) could all go were the
        talon's cards counted in ``tkey`` (:func:`talon_key`) at hand at any time and those of
        ``wmask`` (talon indices, counted in ``wkey``) a pile taken from its top, the highest
        index first. Such a pile is first looked at as cards at hand at any time too."""
        if not pmask:
            return True
        key = pmask | tkey << 28 | wmask << 64
        got = self.seen.get(key)
        if got is not None:
            return got
        won = False
        if not wmask or self.cleared(pmask, free, tkey + wkey):
            won = self.search(pmask, free, tkey, wmask, wkey)
        self.seen[key] = won
        return won

    def search(self, pmask: int, free: int, tkey: int, wmask: int, wkey: int) -> bool:
        """:meth:`cleared`'s moves from its position: an available King alone (the pyramid's
        first, at once), else each pair of the pyramid, a pyramid card with a talon card at
        hand or the pile's top, and the pile's top with a talon card at hand."""
        prank, rank_places = self.prank, self.rank_places
        w = wmask.bit_length() - 1
        wr = self.trank[w] if w >= 0 else 0
        wbit = 1 << w if w >= 0 else 0
        wone = 1 << 3 * (wr - 1) if 0 < wr < KING else 0
        kings = free & rank_places[KING]
        if kings:
            bit = kings & -kings
            rest = pmask & ~bit
            p = bit.bit_length() - 1
            return self.cleared(rest, opened(rest, free, p), tkey, wmask, wkey)
        if wr == KING:
            return self.cleared(pmask, free, tkey, wmask & ~wbit, wkey)
        f = free
        while f:
            bit = f & -f
            f ^= bit
            p = bit.bit_length() - 1
            want = 13 - prank[p]
            m = free & rank_places[want] & ~((bit << 1) - 1)
            while m:
                qb = m & -m
                m ^= qb
                rest = pmask & ~bit & ~qb
                nfree = opened(rest, opened(rest, free, p), qb.bit_length() - 1)
                if self.cleared(rest, nfree, tkey, wmask, wkey):
                    return True
            rest = pmask & ~bit
            one = 1 << 3 * (want - 1)
            if tkey // one & 7 and self.cleared(
                rest, opened(rest, free, p), tkey - one, wmask, wkey
            ):
                return True
            if wr == want and self.cleared(
                rest, opened(rest, free, p), tkey, wmask & ~wbit, wkey - wone
            ):
                return True
        one = 1 << 3 * (12 - wr)
        return bool(
            wbit
            and tkey // one & 7
            and self.cleared(pmask, free, tkey - one, wmask & ~wbit, wkey - wone)
        )

    def cleared_all(self, pmask: int, free: int, tmask: int, tkey: int) -> bool:
        """True when every card could go, the pyramid's ``pmask`` (``free`` available) and the
        talon's ``tmask`` (talon indices, counted in ``tkey``), were every talon card at hand
        at any time, two of them free to leave together only when no card in play lies between
        them in the talon (the module's proof). The pyramid is first looked at alone
        (:meth:`cleared`)."""
        if not pmask and not tmask:
            return True
        key = pmask | tmask << 28
        got = self.seen_all.get(key)
        if got is not None:
            return got
        won = self.cleared(pmask, free, tkey) and self.search_all(pmask, free, tmask, tkey)
        self.seen_all[key] = won
        return won

    def search_all(self, pmask: int, free: int, tmask: int, tkey: int) -> bool:
        """:meth:`cleared_all`'s moves from its position: an available King alone (the
        pyramid's first, then the talon's, at once), else each pair of the pyramid, a pyramid
        card with each talon card of its partner rank, and a talon card with the next in
        play."""
        prank, rank_places, rank_talon, trank = (
            self.prank,
            self.rank_places,
            self.rank_talon,
            self.trank,
        )
        kings = free & rank_places[KING]
        if kings:
            bit = kings & -kings
            rest = pmask & ~bit
            p = bit.bit_length() - 1
            return self.cleared_all(rest, opened(rest, free, p), tmask, tkey)
        kings = tmask & rank_talon[KING]
        if kings:
            return self.cleared_all(pmask, free, tmask & ~(kings & -kings), tkey)
        f = free
        while f:
            bit = f & -f
            f ^= bit
            p = bit.bit_length() - 1
            want = 13 - prank[p]
            m = free & rank_places[want] & ~((bit << 1) - 1)
            while m:
                qb = m & -m
                m ^= qb
                rest = pmask & ~bit & ~qb
                nfree = opened(rest, opened(rest, free, p), qb.bit_length() - 1)
                if self.cleared_all(rest, nfree, tmask, tkey):
                    return True
            rest = pmask & ~bit
            nfree = opened(rest, free, p)
            one = 1 << 3 * (want - 1)
            m = tmask & rank_talon[want]
            while m:
                tb = m & -m
                m ^= tb
                if self.cleared_all(rest, nfree, tmask & ~tb, tkey - one):
                    return True
        m = tmask
        while m:
            tb = m & -m
            m ^= tb
            nb = m & -m
            r = trank[tb.bit_length() - 1]
            if (
                nb
                and r + trank[nb.bit_length() - 1] == 13
                and self.cleared_all(
                    pmask, free, tmask & ~tb & ~nb, tkey - (1 << 3 * (r - 1)) - (1 << 3 * (12 - r))
                )
            ):
                return True
        return False


def pair_text(a: int, b: int) -> str:
    """The move text of removing cards ``a`` and ``b`` (the higher rank first, as the rules
    write it; two ranks making 13 are never equal)."""
    if CARD_RANK[a] < CARD_RANK[b]:
        a, b = b, a
    return f"{_TEXT[a]}+{_TEXT[b]}"


def search(
    places: Sequence[int],
    talon: Sequence[int],
    waste_count: int,
    pass_number: int = 1,
    *,
    passes: int | None = 3,
    goal_all: bool = False,
    time_limit: float | None = None,
    max_states: int | None = None,
) -> Found:
    """Decide a Pyramid position: ``places`` the card index on each of the 28 places (-1 when
    gone), ``talon`` the waste bottom to top then the stock top card first, of which the first
    ``waste_count`` are the waste, ``pass_number`` the pass under way, ``passes`` the rules'
    limit (None: unlimited) and ``goal_all`` True when every card must go (else the pyramid's).
    Stops after ``time_limit`` seconds or ``max_states`` states tried (None: no such limit).
    The line is move text (``8H+5C``, ``KS``, ``s``, ``r``)."""
    start = time.perf_counter()
    ntalon = len(talon)
    prank, rank_places, partners = tables(places)
    trank = [CARD_RANK[c] for c in talon]
    pmask0 = sum(1 << p for p in range(PLACES) if places[p] >= 0)
    tmask0 = (1 << ntalon) - 1
    # tcount[r]: talon cards of rank r still in play
    tcount = [0] * 15
    for r in trank:
        tcount[r] += 1
    # rank_talon[r]: the talon's cards of rank r (bits of tmask)
    rank_talon = [0] * 15
    for i, r in enumerate(trank):
        rank_talon[r] |= 1 << i
    seen: dict[int, int] = {}
    path: list[str] = []
    states = 0
    budget = max_states if max_states else 0
    next_check = min(_CHECK_EVERY, budget) if budget else _CHECK_EVERY

    def stranded(pmask: int, tmask: int, ranks: tuple[int, ...]) -> bool:
        """True when the cards of one of ``ranks`` that must go cannot all find a partner: each
        leaves with its own card of the rank making 13 (see the module's proof)."""
        for r in ranks:
            if r == KING:
                continue
            want = 13 - r
            t = tcount[want]
            a = pmask & rank_places[r]
            if (
                goal_all
                and tmask & rank_talon[r]
                and a.bit_count() + tcount[r] > (pmask & rank_places[want]).bit_count() + t
            ):
                return True
            if a.bit_count() <= t:
                continue
            place = []
            while a:
                bit = a & -a
                a ^= bit
                place.append(bit.bit_length() - 1)
            # Hall's condition: every set of these cards has as many partners as cards
            for sub in range(1, 1 << len(place)):
                size = sub.bit_count()
                if size <= t:
                    continue
                reach = 0
                for j, p in enumerate(place):
                    if sub >> j & 1:
                        reach |= partners[p]
                if (pmask & reach).bit_count() + t < size:
                    return True
        return False

    clearing = Clearing(places, talon)

    def check() -> None:
        """Raise :class:`_LimitReached` when a limit is reached; set the next check."""
        nonlocal next_check
        if budget and states >= budget:
            raise _LimitReached("states")
        next_check = states + _CHECK_EVERY
        if budget:
            next_check = min(next_check, budget)
        if time_limit is not None and time.perf_counter() - start > time_limit:
            raise _LimitReached("time")

    def forced_pair(
        pmask: int, free: int, tmask: int, st: int, wt: int
    ) -> tuple[int, int, int, int] | None:
        """The first forced pair (as a move of ``dfs``'s list), or None: an available card that
        must go whose rank's partner has one card left in play it could ever leave with, and
        that card available too. Tried in order: the pyramid's free places, then (goal
        ``all``) the stock's top, then the waste's."""
        f = free
        while f:
            bit = f & -f
            f ^= bit
            p = bit.bit_length() - 1
            near = pmask & partners[p]
            far = tmask & rank_talon[13 - prank[p]]
            if near.bit_count() + far.bit_count() == 1:
                if near & free:
                    q = near.bit_length() - 1
                    return (0, min(p, q), max(p, q), -1)
                i = far.bit_length() - 1
                if far and i in (st, wt):
                    return (0, p, -1, i)
        if goal_all:
            for x in (st, wt):
                if x < 0:
                    continue
                want = 13 - trank[x]
                near = pmask & rank_places[want]
                far = tmask & rank_talon[want]
                if near.bit_count() + far.bit_count() == 1:
                    if near & free:
                        return (0, near.bit_length() - 1, -1, x)
                    i = far.bit_length() - 1
                    if far and i in (st, wt):
                        return (0, -1, -1, -2)
        return None

    def dfs(pmask: int, free: int, tmask: int, b: int, pss: int) -> bool:
        """True when the position can be won; the winning moves are left in ``path``."""
        nonlocal states
        if not pmask and (not goal_all or not tmask):
            return True
        key = pmask | tmask << 28 | b << 52
        # with unlimited passes every position is entered at "pass 0": the pass is no part of it
        at = pss if passes is not None else 0
        got = seen.get(key)
        if got is not None and got <= at:
            return False
        seen[key] = at
        if b and pss == passes:
            # the last pass: the waste is a pile taken from its top (see the module's proof)
            wmask = tmask & ((1 << b) - 1)
            wkey = clearing.key_of(wmask)
            if not clearing.cleared(pmask, free, talon_key(tcount) - wkey, wmask, wkey):
                return False
        up = tmask >> b
        st = b + (up & -up).bit_length() - 1 if up else -1
        wt = (tmask & ((1 << b) - 1)).bit_length() - 1
        # an available King goes at once (see the module's proof)
        kings = free & rank_places[KING]
        if kings or (st >= 0 and trank[st] == KING) or (wt >= 0 and trank[wt] == KING):
            states += 1
            if states >= next_check:
                check()
            if kings:
                p = (kings & -kings).bit_length() - 1
                rest = pmask & ~(1 << p)
                path.append(_TEXT[places[p]])
                if dfs(rest, opened(rest, free, p), tmask, b, pss):
                    return True
            else:
                i = st if st >= 0 and trank[st] == KING else wt
                rest_t = tmask & ~(1 << i)
                nb = b if i == st else (tmask & ((1 << i) - 1)).bit_length()
                tcount[KING] -= 1
                path.append(_TEXT[talon[i]])
                won = dfs(pmask, free, rest_t, nb, pss)
                tcount[KING] += 1
                if won:
                    return True
            path.pop()
            return False
        # the pairs: (score, pyramid place or -1, second place or -1, the talon card removed:
        # its index, -1 for none, -2 for both tops); a forced pair alone (see the module's proof)
        forced = forced_pair(pmask, free, tmask, st, wt)
        moves: list[tuple[int, int, int, int]] = [] if forced is None else [forced]
        f = free if forced is None else 0
        while f:
            bit = f & -f
            f ^= bit
            p = bit.bit_length() - 1
            want = 13 - prank[p]
            m = free & rank_places[want] & ~((bit << 1) - 1)
            while m:
                qb = m & -m
                m ^= qb
                q = qb.bit_length() - 1
                rest = pmask & ~bit & ~qb
                nfree = opened(rest, opened(rest, free, p), q)
                moves.append((200 + (nfree & ~free).bit_count(), p, q, -1))
            for i in (st, wt):
                if i >= 0 and trank[i] == want:
                    rest = pmask & ~bit
                    moves.append((100 + (opened(rest, free, p) & ~free).bit_count(), p, -1, i))
        if forced is None and st >= 0 and wt >= 0 and trank[st] + trank[wt] == 13:
            moves.append((0, -1, -1, -2))
        moves.sort(reverse=True)
        for _score, p, q, i in moves:
            states += 1
            if states >= next_check:
                check()
            nmask, nfree, ntmask, nb = pmask, free, tmask, b
            texts: list[int] = []
            gone_ranks: list[int] = []
            for x in (p, q):
                if x >= 0:
                    nmask &= ~(1 << x)
                    texts.append(places[x])
                    gone_ranks.append(prank[x])
            for x in (p, q):
                if x >= 0:
                    nfree = opened(nmask, nfree, x)
            talon_gone = (st, wt) if i == -2 else (i,) if i >= 0 else ()
            for t in talon_gone:
                ntmask &= ~(1 << t)
                texts.append(talon[t])
                gone_ranks.append(trank[t])
                tcount[trank[t]] -= 1
            if wt in talon_gone:
                nb = (ntmask & ((1 << wt) - 1)).bit_length()
            won = False
            if not stranded(nmask, ntmask, tuple(gone_ranks)) and (
                clearing.cleared_all(nmask, nfree, ntmask, talon_key(tcount))
                if goal_all
                else clearing.cleared(nmask, nfree, talon_key(tcount))
            ):
                path.append(pair_text(texts[0], texts[1]))
                won = dfs(nmask, nfree, ntmask, nb, pss)
                if not won:
                    path.pop()
            for t in talon_gone:
                tcount[trank[t]] += 1
            if won:
                return True
        if forced is not None:
            return False
        if st >= 0:
            states += 1
            if states >= next_check:
                check()
            path.append("s")
            if dfs(pmask, free, tmask, st + 1, pss):
                return True
            path.pop()
        elif wt >= 0 and (passes is None or pss < passes):
            states += 1
            if states >= next_check:
                check()
            path.append("r")
            if dfs(pmask, free, tmask, 0, pss + 1):
                return True
            path.pop()
        return False

    old_depth = sys.getrecursionlimit()
    try:
        if old_depth < _DEPTH:
            sys.setrecursionlimit(_DEPTH)
        b0 = (tmask0 & ((1 << waste_count) - 1)).bit_length()
        free0 = free_places(pmask0)
        if stranded(pmask0, tmask0, tuple(range(1, 13))) or not (
            clearing.cleared_all(pmask0, free0, tmask0, talon_key(tcount))
            if goal_all
            else clearing.cleared(pmask0, free0, talon_key(tcount))
        ):
            won = not pmask0 and (not goal_all or not tmask0)
        else:
            won = dfs(pmask0, free0, tmask0, b0, pass_number)
    except _LimitReached as exc:
        return Found("limit", str(exc.args[0]), [], states, len(seen))
    finally:
        sys.setrecursionlimit(old_depth)
    if not won:
        return Found("unsolvable", None, [], states, len(seen))
    return Found("solved", None, list(path), states, len(seen))
