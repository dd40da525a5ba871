"""FreeCell with few free cells: the prover, and the search ``kosynka solve --min-cells`` runs.

With 2 free cells or fewer, a lost deal's search space is often far larger than the
portfolio of :func:`kosynka.solver.solve` exhausts in seconds (its complete depth-first search
shares the time with four others and keeps at most 768 MiB of positions). :func:`prove` runs
the prover (``native/freecell_prove.cpp``, or its pure-Python twin
:mod:`kosynka.solver._freecell_prove_py`): one complete depth-first search over every move of
the rules with the safe moves home, about twice as fast a position as the portfolio's and with a
table of up to :data:`TABLE_BYTES`. :func:`decide` lets the portfolio (which wins most won
positions far sooner) and the prover (which proves most lost ones far sooner) take turns, the
prover going on where it stopped, until one decides or the limits run out.

>>> from kosynka.games.freecell import FreeCell, FreeCellRules
>>> res = prove(FreeCell(1, rules=FreeCellRules(cells=1, foundation_return=False)))
>>> res.status.value
'unsolvable'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from kosynka.games.freecell import FreeCell
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import (
    _freecell_prove_py,
    check_limits,
    check_line,
    default_implementation,
    run_checked,
    solve,
)
from kosynka.solver._freecell_py import BEST_FIRST, TUNED, Strategy
from kosynka.solver.freecell import available_implementations, position_args, search
from kosynka.solver.result import Limits, SolveResult, SolveStatus

if _NATIVE is not None:
    from kosynka.solver import _core

TABLE_BYTES: Final = 4 << 30
"""The most bytes the prover's table of positions may grow to: 4 GiB, about 201 million
positions. It doubles in place as it fills, in memory reserved at the start, so a process
holds at most 4 GiB of it, within 8 GiB with the rest of the process."""

MAX_THREADS: Final = 64
"""The most threads a prover may search with (the core's limit)."""

WIDE: Final = (
    Strategy(TUNED, 20, BEST_FIRST, False, node_cap=1 << 22),
    Strategy(TUNED, 50, BEST_FIRST, False, node_cap=1 << 22),
)
"""The wide searches: two best-first searches over every move of the rules, as the
portfolio's for 0-2 free cells but keeping up to 4 million positions each (the portfolio's keep
at most half a million), taking turns as the portfolio's do. With one or two free cells a won
deal's line often lies past the portfolio's caps (MS 1896 with 1 cell: 1.9 million positions
with depth weight 20; 3999: 0.6 million with 50). Each is complete (every move of the rules):
one that runs dry proves the position lost; one at its cap drops out, proving nothing. On a
lost position whose search space is smaller than their caps both exhaust it, far slower than
the prover (MS 1706 with 1 cell: 36.6 million states and 33 s against the prover's 18 million
and 2.9 s), which is why they run after the prover has had a turn long enough for such spaces
(:data:`STAGES`)."""

STAGES: Final = (
    ("portfolio", 1_000_000),
    ("prover", 40_000_000),
    ("wide", 30_000_000),
    ("portfolio", 5_000_000),
)
"""What :func:`decide` runs before the prover gets the rest: (search, states; None: until it
ends) each, within the limits left. The portfolio wins a won position far sooner than the
prover, and the prover proves a lost one sooner (with 1 free cell over MS 1-300, the portfolio
7.2 s on the 69 won deals and 20.6 s on the 231 lost ones, the prover 36.5 s and 3 left at
20 s on the won, 4.8 s on the lost). The portfolio wins nearly every won deal within its first
million states (with 2 cells the median deal takes 1.7 ms, the 99th percentile 0.8 s), so only
the hard ones pay for the prover's first turn. That turn, 40 million states (about 9 million
positions, 6-9 s), exhausts every search space smaller than the wide searches' caps, so only
the counts it leaves pay for the :data:`WIDE` searches (at most 30 million states, 10-20 s),
which win the won deals the rest leaves (of the deals the rest leaves at 60 s, all 17 won with
1 cell and all 8 with 2). On two threads or more the two wide searches run at once, each
within the stage's states (:func:`wide`): a lost count whose space is past their caps spends
about 6 s there instead of 12 (MS 1568 with 1 cell: 11.8 s down to 6.8 s), which goes to the
prover. A portfolio stage and the wide stage start afresh; the prover goes on where it
stopped."""


def wide(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    implementation: str | None = None,
    short: bool = False,
    verify: str = "python",
    threads: int = 1,
) -> SolveResult:
    """Try to win ``game``'s position with the :data:`WIDE` searches within ``time_limit``
    seconds and ``max_states`` states (with ``short``, then a shorter line as
    :func:`kosynka.solver.solve` looks for one): ``solved`` with a line checked as by
    :func:`kosynka.solver.solve` (``verify``: the rules engine or the compiled referee),
    ``unsolvable`` when a search has run dry, else a limit (``states`` also when every search
    has reached its cap). With ``threads`` 2 or more the core's two searches run at once, each
    on a thread of its own and each within ``max_states`` (the one that decides first stops the
    other), instead of taking turns on one."""
    time_limit, max_states = check_limits(time_limit, max_states)
    _check_threads(threads)
    impl = implementation if implementation is not None else default_implementation("freecell")
    limits = Limits(time_limit, max_states, short)
    apart = threads >= 2
    return run_checked(
        game, impl, verify, lambda: search(game, limits, impl, portfolio=WIDE, apart=apart)
    )


def _check_threads(threads: object) -> None:
    """Refuse a number of threads that is not a whole number from 1 to :data:`MAX_THREADS`."""
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be a whole number from 1 to {MAX_THREADS}, not {threads!r}")


def keep_tables(keep: bool) -> None:
    """Whether the memory of a prover's table is kept, when the prover is done, for the next
    prover of this process with the same table bytes (off at the start; off also lets the kept
    memory go). A batch of counts (``kosynka solve --min-cells``) turns it on, so each page of
    its tables is touched once per process, not once per prover: touching fresh memory is slow
    on virtual machines (on the bench's, 4 GiB of it take 5-9 s, the same memory touched again
    0.4 s). Without the compiled core there is nothing to keep."""
    if _NATIVE is not None:
        _core.freecell_keep_tables(bool(keep))


def _prover(game: FreeCell, table_bytes: int, implementation: str | None, threads: int) -> _Run:
    """A prover of ``game``'s position (the core's, searching with ``threads`` threads, or the
    twin's, which searches alone whatever ``threads`` says), ready to run."""
    if not isinstance(game, FreeCell):
        raise TypeError(f"the FreeCell prover needs a FreeCell game, not {type(game).__name__}")
    _check_threads(threads)
    impl = implementation if implementation is not None else default_implementation("freecell")
    if impl not in available_implementations():
        raise ValueError(f"solver implementation {impl!r} is not available")
    args = position_args(game)
    if impl == "native":
        core = _core.FreeCellProver(*args, int(table_bytes), threads)
        return _Run(game, impl, lambda t, n: core.run(-1.0 if t is None else t, n or 0))
    ref = _freecell_prove_py.Prover(*args, int(table_bytes))
    return _Run(game, impl, ref.run)


class _Run:
    """A prover of one position and how to make its answers results."""

    def __init__(
        self,
        game: FreeCell,
        implementation: str,
        run: Callable[[float | None, int | None], _freecell_prove_py.Answer],
    ) -> None:
        self.game = game
        self.implementation = implementation
        self.step = run
        self.counts: tuple[int, int, float] = (0, 0, 0.0)  # states, positions, seconds so far

    def run(self, time_limit: float | None, max_states: int | None, verify: str) -> SolveResult:
        """Go on for at most ``time_limit`` seconds and ``max_states`` states (None: no limit):
        where it stands, with a winning line checked as by :func:`kosynka.solver.solve`. Its
        states, positions and seconds are this run's."""
        before = self.counts
        status, limit, line, states, positions, _, seconds = self.step(time_limit, max_states)
        self.counts = (int(states), int(positions), float(seconds))
        moves = []
        if status == "solved":
            moves = check_line(self.game, line, verify)
        return SolveResult(
            status=SolveStatus(status),
            limit=str(limit) if limit else None,
            moves=moves,
            states=int(states) - before[0],
            unique_states=int(positions) - before[1],
            seconds=float(seconds) - before[2],
            implementation=self.implementation,
        )


def prove(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    table_bytes: int = TABLE_BYTES,
    implementation: str | None = None,
    verify: str = "python",
    threads: int = 1,
) -> SolveResult:
    """Decide ``game``'s position with the prover alone (a complete search: ``unsolvable`` is a
    proof) within ``time_limit`` seconds, ``max_states`` states and a table of ``table_bytes``
    (a limit ``memory`` when it is full). A winning line is checked as by
    :func:`kosynka.solver.solve` (``verify``: the rules engine or the compiled referee).

    ``threads`` threads of the core search together on one table (:data:`MAX_THREADS` at
    most): the same verdict, reached sooner on a machine with as many cores; with one the
    search goes as its pure-Python twin does, state for state, and with more the order (so the
    state counts of a won position, and its line) is the threads' own."""
    time_limit, max_states = check_limits(time_limit, max_states)
    return _prover(game, table_bytes, implementation, threads).run(time_limit, max_states, verify)


def decide(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
    verify: str = "python",
    threads: int = 1,
) -> SolveResult:
    """Decide ``game``'s position as ``kosynka solve --min-cells`` does: the :data:`STAGES` in
    turn, each stopping at its own limits or the ones left, then the prover with what is left,
    until one decides. The states and seconds are all the searches' together; ``short`` asks
    the portfolio and the wide searches for a shorter line (the prover's lines are as it finds
    them); the prover searches with ``threads`` threads (see :func:`prove`), and with two or
    more the wide searches run at once (each within the stage's states and half of those
    left)."""
    time_limit, max_states = check_limits(time_limit, max_states)
    prover = _prover(game, TABLE_BYTES, None, threads)
    spent_states = spent_unique = 0
    spent_seconds = 0.0
    res: SolveResult | None = None
    for stage, stage_states in (*STAGES, ("prover", None)):
        time_left = None if time_limit is None else time_limit - spent_seconds
        states_left = None if max_states is None else max_states - spent_states
        if (time_left is not None and time_left <= 0) or (
            states_left is not None and states_left <= 0
        ):
            break
        states = _least(states_left, stage_states)
        if stage == "portfolio":
            res = solve(game, time_limit=time_left, max_states=states, short=short, verify=verify)
        elif stage == "wide":
            if threads >= 2:  # the two searches at once, each within its own states
                half = None if states_left is None else max(1, states_left // len(WIDE))
                states = _least(half, stage_states)
            res = wide(
                game,
                time_limit=time_left,
                max_states=states,
                short=short,
                verify=verify,
                threads=threads,
            )
        else:
            res = prover.run(time_left, states, verify)
        spent_states += res.states
        spent_unique += res.unique_states
        spent_seconds += res.seconds
        if res.status is not SolveStatus.LIMIT or res.limit == "memory":
            break
    assert res is not None
    return SolveResult(
        status=res.status,
        limit=res.limit,
        moves=res.moves,
        states=spent_states,
        unique_states=spent_unique,
        seconds=spent_seconds,
        implementation=res.implementation,
    )


def _least(a: int | None, b: int | None) -> int | None:
    """The smaller of two limits, None standing for no limit."""
    if a is None:
        return b
    return a if b is None else min(a, b)
