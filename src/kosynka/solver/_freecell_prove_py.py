"""The FreeCell prover in pure Python: the twin of ``native/freecell_prove.cpp``.

One complete depth-first search over the moves of :class:`kosynka.solver._freecell_py.State`
with the safe moves home and without the digging shortcuts (every move of the rules, a run
moving as one supermove), made to exhaust the large search spaces of few free cells: when it
runs dry, every position reachable from the root has been tried and the position is lost. A
position's moves are tried in priority order when it is expanded, all at once: a won child ends
the search, and only the children not met before are kept, to be searched in that order. The
core does the same in the same order, so the two give the same verdict, states, positions and
line (``tests/solver/test_freecell_prove.py`` checks it); the core loads the children's table
slots together, which is what makes it fast on tables of gigabytes.

The table of the core holds 16 bytes a position, at most three quarters full, and doubles from
65,536 slots; it stops (``memory``) rather than grow past the bytes given. The twin keeps the
positions in a Python set and stops at the same number of positions.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Final

from kosynka.solver._freecell_py import SearchMove, State, line_codes

FIRST_SLOTS: Final = 1 << 16
"""Slots of the core's table before it first doubles."""
SLOT_BYTES: Final = 16
CHECK_EVERY: Final = 4096
"""States between two looks at the clock and the state limit."""


def max_positions(table_bytes: int) -> int:
    """How many positions the core's table holds at most when it may grow to ``table_bytes``:
    it doubles from :data:`FIRST_SLOTS` while smaller than that, and takes a new position while
    it stays at most three quarters full."""
    cap = FIRST_SLOTS
    while cap * SLOT_BYTES < table_bytes:
        cap *= 2
    return cap * 3 // 4


Answer = tuple[str, str, list[int], int, int, int, float]
"""(status, limit, engine move codes, states, positions kept, table bytes, seconds), as the core's
``FreeCellProver.run`` gives it (the twin's table bytes are 0)."""


class Prover:
    """The prover of one position, which can go on where it stopped (the twin of the core's
    ``FreeCellProver``): :meth:`run` searches until a verdict or the limits of that run; a time or
    state limit may be lifted by the next run, a full table stays full."""

    def __init__(
        self,
        columns: Sequence[Sequence[int]],
        cells: Sequence[int],
        found: Sequence[int],
        ret: bool,
        table_bytes: int,
    ) -> None:
        root = State(columns, cells, found, ret)
        root.digging = False
        root.to_cell = True
        self.head: list[int] = []
        root.autoplay([], self.head)
        self.root = root
        self.most = max_positions(table_bytes)
        self.st = root.copy()
        self.seen: set[bytes] = set()
        self.made: list[SearchMove] = []
        # Each frame: its new children in order, the next one, len(made) on arrival.
        self.frames: list[tuple[list[SearchMove], list[int], int]] = []
        self.vias: list[SearchMove] = []
        self.states = 0
        self.next_check = 0
        self.state_cap = 0
        self.deadline: float | None = None
        self.limit = ""
        self.started = False
        self.line: list[SearchMove] | None = None
        self.seconds = 0.0

    def run(self, time_limit: float | None, max_states: int | None) -> Answer:
        """Go on for at most ``time_limit`` more seconds and ``max_states`` more states (None:
        no limit); where it stands then, the counts over all runs so far."""
        if self.root.is_won():
            return "solved", "", list(self.head), 0, 0, 0, 0.0
        start = time.perf_counter()
        self.deadline = None if time_limit is None else start + time_limit
        self.state_cap = self.states + max_states if max_states else 0
        self.next_check = self.states + CHECK_EVERY
        if self.limit != "memory":
            self.limit = ""
        status = self.go()
        self.seconds += time.perf_counter() - start
        positions = len(self.seen)
        if status == "solved":
            assert self.line is not None
            line = self.head + line_codes(self.root, self.line)
            return "solved", "", line, self.states, positions, 0, self.seconds
        limit = self.limit if status == "limit" else ""
        return status, limit, [], self.states, positions, 0, self.seconds

    def go(self) -> str:
        """The search loop: ``solved``, ``unsolvable`` or ``limit``."""
        if self.line is not None:
            return "solved"
        if self.limit == "memory":
            return "limit"
        st, made, frames = self.st, self.made, self.frames
        if not self.started:
            self.started = True
            if len(self.seen) + 1 > self.most:
                self.limit = "memory"
                return "limit"
            self.seen.add(st.key())
            if self.expand():
                return "solved"
        while frames:
            kids, nxt, mark = frames[-1]
            while len(made) > mark:
                st.undo(made.pop())
            if nxt[0] == len(kids):
                frames.pop()
                self.vias.pop()
                continue
            if self.limit:
                return "limit"
            m = kids[nxt[0]]
            nxt[0] += 1
            self.vias[-1] = m
            st.play(m, made)
            if self.expand():
                return "solved"
        return "limit" if self.limit else "unsolvable"

    def expand(self) -> bool:
        """Try every move of the current position once; True when a child is won (``line``
        then holds the line), else push a frame of the new children (unless the table is full:
        then ``limit`` says so)."""
        st, made, seen = self.st, self.made, self.seen
        order = sorted(st.moves(), key=lambda m: -st.priority(m))
        mark = len(made)
        keys: list[bytes] = []
        for m in order:
            st.play(m, made)
            if st.is_won():
                self.line = [*self.vias, m]
                return True
            keys.append(st.key())
            while len(made) > mark:
                st.undo(made.pop())
        self.states += len(order)
        kids: list[SearchMove] = []
        for m, k in zip(order, keys, strict=True):
            if len(seen) + 1 > self.most:  # the core's table refuses any look-up when full
                self.limit = "memory"
                return False
            if k not in seen:
                seen.add(k)
                kids.append(m)
        self.frames.append((kids, [0], mark))
        self.vias.append((0, 0, 0, 0))
        if self.states >= self.next_check:
            self.next_check = self.states + CHECK_EVERY
            if self.state_cap and self.states >= self.state_cap:
                self.limit = "states"
            if self.deadline is not None and time.perf_counter() > self.deadline:
                self.limit = "time"
        return False


def prove(
    columns: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    ret: bool,
    time_limit: float | None,
    max_states: int | None,
    table_bytes: int,
) -> Answer:
    """Decide a position (columns bottom to top as card indices, one entry per free cell with -1
    for an empty one, foundation counts C, D, H, S) in one run of a :class:`Prover`, as the
    core's ``freecell_prove`` does. The limit is ``time``, ``states`` or ``memory`` (the
    positions the core's table of ``table_bytes`` holds)."""
    return Prover(columns, cells, found, ret, table_bytes).run(time_limit, max_states)
