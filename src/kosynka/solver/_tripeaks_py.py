"""The TriPeaks search in pure Python: a complete depth-first search with a transposition set.

The solver sees every card, so a position is three small numbers:

* ``mask``: the places still holding a card (bit ``p`` for place ``p``, 28 bits);
* ``k``: how many stock cards have been turned (the next to turn is ``stock[k]``);
* ``t``: the rank of the waste's top card (the cards under it never play again, and of the top
  card only its rank matters; when no table card left goes on it, the key drops it, since only
  the stock moves on such a top).

Whether a card lies face up does not matter to a player who sees everything: a card can be
played exactly when its place is in ``mask`` and none of the places covering it is (a card turns
up as the last card covering it leaves). The search also carries ``free``, the places in
``mask`` that nothing covers, updated as cards leave, so the cards playable on a rank ``t`` are
``free & ADJ[t]`` with ``ADJ[t]`` the places whose rank is next to ``t``.

Every move either empties a place or turns a stock card, so no position repeats on a line:
the transposition set holds the positions already searched and lost, and the search is
complete (``unsolvable`` means every line from the position was tried or pruned soundly).

Moves are tried table cards first, best first: a card that frees others (the face-down cards
of the peaks), then one after which another free card goes on it (the run continues); the
stock last.

The one prune is sound: a card ``x`` still on the table can only ever go on a card of a rank
next to its own that is still in play when ``x`` is free: a stock card not yet turned, the
waste's top, or a table card other than those :func:`above` it (a card that covers one of the
cards covering ``x`` leaves, and is buried, while ``x`` is still covered) and those
:func:`below` it (they leave after ``x``). Once none is left,
``x`` never leaves and the position is lost. The only card each move takes out of play is the
old top, buried under the card moved; so after a move only the table cards of a rank next to
the buried one are checked (:func:`stranded`), against the count of stock cards next to each
rank (kept as stock cards are turned) and a bitmask of each card's possible partners.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

from kosynka.cards import ALL_CARDS, CARD_RANK
from kosynka.games.tripeaks.rules import COVERED, COVERS
from kosynka.solver.result import Found

PLACES: Final = 28
COVER_MASK: Final = tuple(sum(1 << q for q in COVERS[p]) for p in range(PLACES))
"""For each place, the bitmask of the places whose cards cover it."""
STOCK: Final = -1
"""The stock move in a line of place numbers."""
_CHECK_EVERY: Final = 4096
"""States tried between two looks at the clock."""
_TEXT: Final = tuple(c.text() for c in ALL_CARDS)


class _LimitReached(Exception):
    """Raised inside the search when a limit stops it; carries which (``time``/``states``)."""


def neighbours(wrap: bool) -> tuple[tuple[int, ...], ...]:
    """For each rank 0..13 (0 unused), the ranks a card of it goes on (and that go on it):
    one above and one below, King and Ace next to each other when ``wrap``."""
    out: list[tuple[int, ...]] = [()]
    for r in range(1, 14):
        nb = [x for x in (r - 1, r + 1) if 1 <= x <= 13]
        if wrap and r in (1, 13):
            nb.append(14 - r)
        out.append(tuple(nb))
    return tuple(out)


def free_places(mask: int) -> int:
    """The places of ``mask`` that no place of ``mask`` covers."""
    free = 0
    for p in range(PLACES):
        if mask >> p & 1 and not mask & COVER_MASK[p]:
            free |= 1 << p
    return free


def above(p: int) -> int:
    """The bitmask of the places that cover a card covering place ``p`` (at any depth), but do
    not cover ``p`` itself: each of them leaves while a card covering ``p`` is still there, and
    is buried in the waste before ``p`` can be played."""
    out = 0
    todo = list(COVERS[p])
    while todo:
        q = todo.pop()
        for c in COVERS[q]:
            if not out >> c & 1:
                out |= 1 << c
                todo.append(c)
    return out


def below(p: int) -> int:
    """The bitmask of the places that place ``p``'s card covers, at any depth: none of them is
    played before ``p``'s card."""
    out = 0
    todo = list(COVERED[p])
    while todo:
        q = todo.pop()
        if not out >> q & 1:
            out |= 1 << q
            todo.extend(COVERED[q])
    return out


def search(
    places: Sequence[int],
    stock: Sequence[int],
    top: int,
    *,
    wrap: bool = True,
    time_limit: float | None = None,
    max_states: int | None = None,
) -> Found:
    """Decide a TriPeaks position: ``places`` the card index of each of the 28 places (-1 when
    gone), ``stock`` the stock's cards, the next to turn first, ``top`` the waste's top card,
    King and Ace next to each other when ``wrap``. Stops after ``time_limit`` seconds or
    ``max_states`` states tried (None: no such limit). The line is move text (``7C``, ``s``)."""
    start = time.perf_counter()
    nb = neighbours(wrap)
    prank = [CARD_RANK[c] if c >= 0 else 0 for c in places]
    srank = [CARD_RANK[c] for c in stock]
    nstock = len(stock)
    mask0 = sum(1 << p for p in range(PLACES) if places[p] >= 0)
    adj = [0] * 14
    for p in range(PLACES):
        if places[p] >= 0:
            for r in range(1, 14):
                if prank[p] in nb[r]:
                    adj[r] |= 1 << p
    nbbits = [sum(1 << x for x in nb[r]) for r in range(14)]
    # partners[p]: the places whose cards could lie on top of the waste when p's card is
    # played (a rank next to it, not p, not above the cards covering p, not under p)
    partners = [
        adj[prank[p]] & ~above(p) & ~below(p) & ~(1 << p) if places[p] >= 0 else 0
        for p in range(PLACES)
    ]
    # snb[r]: stock cards not yet turned whose rank is next to r
    snb = [sum(1 for x in srank if x in nb[r]) for r in range(14)]
    t0 = CARD_RANK[top]
    covered = [tuple(q for q in COVERED[p]) for p in range(PLACES)]
    cover_mask = COVER_MASK
    seen: set[int] = set()
    path: list[int] = []
    states = 0
    budget = max_states if max_states else 0
    next_check = _CHECK_EVERY

    def stranded(mask: int, t: int, top: int) -> bool:
        """True when burying a card of rank ``t`` under one of rank ``top`` leaves a card of
        ``mask`` (of a rank next to ``t``) with no card it could ever go on: none next to it
        in the stock, on the top, or among the table cards that may lie on top when it is
        free."""
        m = mask & adj[t]
        while m:
            b = m & -m
            m ^= b
            x = b.bit_length() - 1
            rx = prank[x]
            if not (snb[rx] or nbbits[rx] >> top & 1 or mask & partners[x]):
                return True
        return False

    def dfs(mask: int, free: int, k: int, t: int) -> bool:
        """True when the position (``mask``, ``free``, ``k``, ``t``) can be won; the winning
        moves are left in ``path``."""
        nonlocal states, next_check
        if not mask:
            return True
        # a top no table card fits is as good as any other such: only the stock moves on it
        key = mask | k << 28 | (t << 34 if mask & adj[t] else 0)
        if key in seen:
            return False
        seen.add(key)
        # the table cards that go on the top, best first
        moves: list[tuple[int, int, int]] = []
        m = free & adj[t]
        while m:
            b = m & -m
            m ^= b
            p = b.bit_length() - 1
            rest = mask ^ b
            nfree = free ^ b
            opened = 0
            for q in covered[p]:
                if rest >> q & 1 and not rest & cover_mask[q]:
                    nfree |= 1 << q
                    opened += 1
            cont = 1 if nfree & adj[prank[p]] else 0
            moves.append((opened * 2 + cont, p, nfree))
        if len(moves) > 1:
            moves.sort(reverse=True)
        for _score, p, nfree in moves:
            states += 1
            if states >= next_check:
                _check()
            r = prank[p]
            rest = mask ^ (1 << p)
            if not stranded(rest, t, r):
                path.append(p)
                if dfs(rest, nfree, k, r):
                    return True
                path.pop()
        if k < nstock:
            states += 1
            if states >= next_check:
                _check()
            s = srank[k]
            for x in nb[s]:
                snb[x] -= 1
            if not stranded(mask, t, s):
                path.append(STOCK)
                if dfs(mask, free, k + 1, s):
                    return True
                path.pop()
            for x in nb[s]:
                snb[x] += 1
        return False

    def _check() -> None:
        """Raise :class:`_LimitReached` when a limit is reached; set the next check."""
        nonlocal next_check
        if budget and states >= budget:
            raise _LimitReached("states")
        next_check = states + _CHECK_EVERY
        if budget:
            next_check = min(next_check, budget)
        if time_limit is not None and time.perf_counter() - start > time_limit:
            raise _LimitReached("time")

    if budget:
        next_check = min(next_check, budget)
    try:
        if not mask0:
            won = True
        elif any(
            mask0 >> p & 1
            and not (snb[prank[p]] or nbbits[prank[p]] >> t0 & 1 or mask0 & partners[p])
            for p in range(PLACES)
        ):
            won = False
        else:
            won = dfs(mask0, free_places(mask0), 0, t0)
    except _LimitReached as exc:
        return Found("limit", str(exc.args[0]), [], states, len(seen))
    if not won:
        return Found("unsolvable", None, [], states, len(seen))
    line = ["s" if p == STOCK else _TEXT[places[p]] for p in path]
    return Found("solved", None, line, states, len(seen))
