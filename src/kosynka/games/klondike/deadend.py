"""Klondike's dead ends: positions from which no sequence of moves can ever make progress.

*Progress* is a card turned up in the tableau, or the foundations holding more cards than they
hold now. A won game ends with 52 cards home, so a game from which no progress can be reached
is lost. :func:`search` looks at every position reachable without progress (cards moved
between columns, waste cards put into the tableau, cards taken back from the foundations and
sent home again, the stock turned as often as the rules allow) and stops at the first move
that makes progress.

It reads only what decides the game's future whatever the face-down cards are: the face-up
cards, which columns still hide cards, the foundations, and the stock and the waste in the
order the engine holds them. The stock's order is part of the position as much as the rules
are: no card of it can be moved before it has been turned face up, and turning the stock
reveals nothing of the tableau. A face-down card never lies on top of a column, so no move
without progress depends on what it is: a dead end is lost whatever the hidden cards are.

The search is exact: it never calls a position dead while progress can be reached, and it
calls it dead whenever no progress can be reached, unless it runs into its bound
(:data:`LIMIT` positions), in which case it answers "not dead" and says so. What keeps it
small, none of which changes an answer:

* the columns are compared as a set (no rule looks at a column's place; a column hiding cards
  is only marked as such, since its hidden cards never move);
* drawing and turning the waste over never change the tableau, and tableau moves never change
  the stock, so draws are made only to reach a waste card that is then played: from each
  position the search plays every waste card the rest of this pass brings to the top, and
  (when the rules allow another pass) every one the next pass brings;
* with unlimited passes, positions of the stock that a new pass can reach are one position
  (each reaches the others), and with Draw 1 only which cards the stock and the waste hold
  counts (any of them can be brought to the top at any time); with a pass limit, a position
  reached with fewer passes used covers the same position reached later;
* a card on the foundations that could never help when taken back is not taken back (see
  :func:`useless_returns`).

It goes breadth first, so progress close at hand is found first; its bound counts every
position built, one per move tried.

>>> from kosynka.games.klondike import Klondike
>>> search(Klondike(1)).dead
False
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from kosynka.cards import CARD_FITS, CARD_RANK, CARD_RED, CARD_SUIT, CARD_WANTS

if TYPE_CHECKING:
    from kosynka.games.klondike.rules import Klondike

LIMIT: Final = 4_000
"""The most positions :func:`search` looks at before it answers "not dead" (bound hit)."""

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED
_FITS: Final = CARD_FITS
"""Per card: the key of the column tops it may lie on (see :data:`_WANTS`)."""
_WANTS: Final = CARD_WANTS
"""Per card on top of a column: the key of the cards that may lie on it."""
_KING: Final = 13
_FITTERS: Final = tuple(
    tuple(y for y in range(52) if _FITS[y] == _WANTS[x]) if _RANK[x] > 1 else () for x in range(52)
)
"""Per card: the two cards that may lie on it in a column (none on an ace)."""

_Column = tuple[int, tuple[int, ...]]
"""A column: 1 when it hides cards (else 0), and its face-up cards bottom to top."""
_State = tuple[tuple[_Column, ...], tuple[int, ...], tuple[int, ...], int, int]
"""Columns (sorted), foundation counts, the talon (waste bottom to top, then the stock in the
order it is drawn), how many talon cards are on the waste, the pass number."""


@dataclass(frozen=True, slots=True)
class DeadEndSearch:
    """What :func:`search` found: ``dead`` when no progress can ever be made (the game is
    lost), ``bound_hit`` when it stopped at its bound (``dead`` is then False), and how many
    ``positions`` it looked at."""

    dead: bool
    bound_hit: bool
    positions: int


def _start(game: Klondike) -> _State:
    """The search's picture of ``game``'s position."""
    cols = tuple(
        sorted(
            (1 if h else 0, tuple(col[h:])) for col, h in zip(game._cols, game._hidden, strict=True)
        )
    )
    talon = (*game._waste, *reversed(game._stock))
    return cols, tuple(game._found), talon, len(game._waste), game.pass_number


def useless_returns(found: list[int], face_down: set[int]) -> set[int]:
    """The cards on the foundations whose return to the tableau can never help make progress:
    no card that could lie on one can ever get there (each is face down, or on the
    foundations and useless itself), and the card under it on its foundation is useless too
    (returning that one is why this one would have to come back first). An ace is useless (no
    card lies on an ace).

    Taking such a card back is never needed: in a line that does, leave it home and drop its
    later moves; no other move needs it off the foundation or on a column (nothing is ever put
    on it, nothing under it comes back), a column it covered is only freer, and the
    foundations hold at least as many cards at every step, so progress comes as soon. The set
    is the largest with that property (the cards left over when the useful ones, those some
    card could lie on or whose lower card is useful, have been found)."""
    home = {s * 13 + r for s in range(4) for r in range(found[s])}
    useful: set[int] = set()
    changed = True
    while changed:
        changed = False
        for x in home - useful:
            if _RANK[x] > 1 and x - 1 in useful:
                useful.add(x)
                changed = True
                continue
            for y in _FITTERS[x]:
                if (y in home and y in useful) or (y not in home and y not in face_down):
                    useful.add(x)
                    changed = True
                    break
    return home - useful


def search(game: Klondike, limit: int = LIMIT) -> DeadEndSearch:
    """Whether ``game`` is at a dead end: no sequence of legal moves can turn up a face-down
    card or put more cards on the foundations than they hold now (see the module note).

    A won game is not at a dead end. ``limit`` is the most positions looked at; when more would
    be needed the answer is "not dead" with ``bound_hit`` set."""
    if sum(game._found) == 52:
        return DeadEndSearch(False, False, 0)
    rules = game.rules
    draw = rules.draw
    passes = rules.passes
    back = rules.foundation_return
    goal = sum(game._found)
    face_down = {c for col, h in zip(game._cols, game._hidden, strict=True) for c in col[:h]}
    useless = useless_returns(game._found, face_down) if back else set()
    unlimited = passes is None
    any_order = unlimited and draw == 1
    """Every talon card can be brought to the top at any time: only the set of them counts."""

    def key(state: _State) -> Hashable:
        """Positions that reach each other share a key: the stock's position is kept only
        where a new pass cannot bring it back (see the module note)."""
        cols, found, talon, p, _ = state
        if unlimited and (any_order or p % draw == 0 or p == len(talon)):
            p = 0
        return cols, found, talon, p

    def make(
        cols: list[_Column], found: list[int], talon: tuple[int, ...], p: int, pass_no: int
    ) -> _State:
        """A position the search has reached, its columns sorted."""
        return tuple(sorted(cols)), tuple(found), talon, p, pass_no

    cols0, found0, talon0, p0, pass0 = _start(game)
    if any_order:
        talon0, p0 = tuple(sorted(talon0)), 0
    if unlimited:
        pass0 = 0  # the pass number changes nothing
    start = (cols0, found0, talon0, p0, pass0)
    seen: dict[Hashable, int] = {key(start): pass0}
    pending = deque([start])
    built = 1
    nothing: list[int] = []
    while pending:
        if built >= limit:
            return DeadEndSearch(False, True, built)
        cols, found, talon, p, pass_no = pending.popleft()
        home_counts = sum(found) == goal  # one more card home is progress
        onto: dict[int, list[int]] = {}
        empties: list[int] = []
        for k, (_, up) in enumerate(cols):
            if up:
                onto.setdefault(_WANTS[up[-1]], []).append(k)
            else:
                empties.append(k)
        made: list[_State] = []

        # Cards of the tableau: the top one home, every card of the ordered top run onto
        # another column.
        for i, (down, up) in enumerate(cols):
            n = len(up)
            if not n:
                continue
            top = up[-1]
            s = _SUIT[top]
            if found[s] == _RANK[top] - 1:
                if home_counts or (down and n == 1):
                    return DeadEndSearch(False, False, built)
                f = list(found)
                f[s] += 1
                new_cols = list(cols)
                new_cols[i] = (down, up[:-1])
                made.append(make(new_cols, f, talon, p, pass_no))
            j = n - 1
            while True:
                card = up[j]
                for k in empties if _RANK[card] == _KING else onto.get(_FITS[card], nothing):
                    if k == i:
                        continue
                    if j == 0:
                        if down:
                            return DeadEndSearch(False, False, built)  # a card turns up
                        if not cols[k][1]:
                            continue  # a whole column into an empty one: the same position
                    new_cols = list(cols)
                    new_cols[i] = (down, up[:j])
                    new_cols[k] = (cols[k][0], cols[k][1] + up[j:])
                    made.append(make(new_cols, list(found), talon, p, pass_no))
                if j == 0 or _FITS[up[j]] != _WANTS[up[j - 1]]:
                    break
                j -= 1
        # Foundation tops back to the tableau.
        if back:
            for s in range(4):
                n = found[s]
                if not n:
                    continue
                card = s * 13 + n - 1
                if card in useless:
                    continue  # taking it back never helps (see useless_returns)
                for k in empties if _RANK[card] == _KING else onto.get(_FITS[card], nothing):
                    f = list(found)
                    f[s] -= 1
                    new_cols = list(cols)
                    new_cols[k] = (cols[k][0], cols[k][1] + (card,))
                    made.append(make(new_cols, f, talon, p, pass_no))
        # Waste cards: every one that drawing brings to the top, in this pass or the next.
        size = len(talon)
        if size:
            tops: dict[int, int] = {}
            if any_order:
                tops = dict.fromkeys(range(1, size + 1), 0)
            else:
                q = p
                while True:
                    if q:
                        tops[q] = pass_no
                    if q >= size:
                        break
                    q = min(q + draw, size)
                if passes is None or pass_no < passes:
                    later = pass_no if passes is None else pass_no + 1
                    q = 0
                    while q < size:
                        q = min(q + draw, size)
                        tops.setdefault(q, later)
            for q, when in tops.items():
                card = talon[q - 1]
                rest = talon[: q - 1] + talon[q:]
                after = 0 if any_order else q - 1
                s = _SUIT[card]
                if found[s] == _RANK[card] - 1:
                    if home_counts:
                        return DeadEndSearch(False, False, built)
                    f = list(found)
                    f[s] += 1
                    made.append(make(list(cols), f, rest, after, when))
                for k in empties if _RANK[card] == _KING else onto.get(_FITS[card], nothing):
                    new_cols = list(cols)
                    new_cols[k] = (cols[k][0], cols[k][1] + (card,))
                    made.append(make(new_cols, list(found), rest, after, when))
        built += len(made)
        for state in made:
            state_key = key(state)
            was = seen.get(state_key)
            if was is None or state[4] < was:
                seen[state_key] = state[4]
                pending.append(state)
    return DeadEndSearch(True, False, built)
