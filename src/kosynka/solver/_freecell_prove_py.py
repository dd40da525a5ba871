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


def prove(
    columns: Sequence[Sequence[int]],
    cells: Sequence[int],
    found: Sequence[int],
    ret: bool,
    time_limit: float | None,
    max_states: int | None,
    table_bytes: int,
) -> tuple[str, str, list[int], int, int, int, float]:
    """Decide a position (columns bottom to top as card indices, one entry per free cell with -1
    for an empty one, foundation counts C, D, H, S) as the core's ``freecell_prove`` does:
    (status, limit, engine move codes, states, positions kept, 0, seconds). The limit is
    ``time``, ``states`` or ``memory`` (the positions the core's table of ``table_bytes``
    holds)."""
    start = time.perf_counter()
    root = State(columns, cells, found, ret)
    root.digging = False
    root.to_cell = True
    head: list[int] = []
    root.autoplay([], head)
    if root.is_won():
        return "solved", "", head, 0, 0, 0, 0.0
    most = max_positions(table_bytes)
    st = root.copy()
    seen: set[bytes] = {st.key()}
    made: list[SearchMove] = []
    # Each frame: its new children in order, the next one, len(made) on arrival.
    frames: list[tuple[list[SearchMove], list[int], int]] = []
    vias: list[SearchMove] = []
    states = 0
    next_check = CHECK_EVERY
    limit = ""

    def expand() -> list[SearchMove] | None:
        """Try every move of ``st`` once; the line when a child is won, else push a frame of
        the new children (unless the table is full: then ``limit`` says so)."""
        nonlocal states, next_check, limit
        gen = st.moves()
        order = sorted(gen, key=lambda m: -st.priority(m))
        mark = len(made)
        keys: list[bytes] = []
        for m in order:
            st.play(m, made)
            if st.is_won():
                return [*vias, m]
            keys.append(st.key())
            while len(made) > mark:
                st.undo(made.pop())
        states += len(order)
        kids: list[SearchMove] = []
        for m, k in zip(order, keys, strict=True):
            if len(seen) + 1 > most:  # the core's table refuses any look-up when full
                limit = "memory"
                return None
            if k not in seen:
                seen.add(k)
                kids.append(m)
        frames.append((kids, [0], mark))
        vias.append((0, 0, 0, 0))
        if states >= next_check:
            next_check = states + CHECK_EVERY
            if max_states and states >= max_states:
                limit = "states"
            if time_limit is not None and time.perf_counter() - start > time_limit:
                limit = "time"
        return None

    line = expand()
    while line is None and frames:
        kids, nxt, mark = frames[-1]
        while len(made) > mark:
            st.undo(made.pop())
        if nxt[0] == len(kids):
            frames.pop()
            vias.pop()
            continue
        if limit:
            break
        m = kids[nxt[0]]
        nxt[0] += 1
        vias[-1] = m
        st.play(m, made)
        line = expand()
    seconds = time.perf_counter() - start
    if line is not None:
        return "solved", "", head + line_codes(root, line), states, len(seen), 0, seconds
    if limit:
        return "limit", limit, [], states, len(seen), 0, seconds
    return "unsolvable", "", [], states, len(seen), 0, seconds
