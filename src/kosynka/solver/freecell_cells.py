"""FreeCell with few free cells: the prover, and the search ``kosynka solve --min-cells`` runs.

With 2 free cells or fewer, a lost deal's search space is often far larger than the
portfolio of :func:`kosynka.solver.solve` exhausts in seconds (its complete depth-first search
shares the time with four others and keeps at most 768 MiB of positions). :func:`prove` runs
the prover (``native/freecell_prove.cpp``, or its pure-Python twin
:mod:`kosynka.solver._freecell_prove_py`): one complete depth-first search over every move of
the rules with the safe moves home, about twice as fast a position as the portfolio's and with a
table of up to :data:`TABLE_BYTES`. :func:`decide` gives the portfolio a share of the time first
(it wins most won positions far sooner) and the prover the rest.

>>> from kosynka.games.freecell import FreeCell, FreeCellRules
>>> res = prove(FreeCell(1, rules=FreeCellRules(cells=1, foundation_return=False)))
>>> res.status.value
'unsolvable'
"""

from __future__ import annotations

import time
from typing import Final, TypeVar

from kosynka.games.freecell import FreeCell
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _freecell_prove_py, check_limits, default_implementation, solve
from kosynka.solver.freecell import available_implementations, position_args, referee, replay
from kosynka.solver.result import SolveResult, SolveStatus

if _NATIVE is not None:
    from kosynka.solver import _core

_N = TypeVar("_N", int, float)

TABLE_BYTES: Final = 4 << 30
"""The most bytes the prover's table of positions may grow to: 4 GiB, about 201 million
positions. It doubles as it fills, so a process holds at most 6 GiB of it (the old table and
the new one at the moment it doubles), within 8 GiB with the rest of the process."""

STAGES: Final = (("portfolio", None, 5.0),)
"""What :func:`decide` runs before the prover gets the rest: (search, states, seconds) each,
within the limits left. The portfolio wins a won position far sooner than the prover (with 2
free cells over MS 1-100: 17.6 s against 155 s in all); the prover proves a lost one sooner (deal
1: 0.12 s against 2.0 s); 5 s of the portfolio decide all but a few dozen deals of MS 1-32,000
with 2 cells."""


def prove(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    table_bytes: int = TABLE_BYTES,
    implementation: str | None = None,
    verify: str = "python",
) -> SolveResult:
    """Decide ``game``'s position with the prover alone (a complete search: ``unsolvable`` is a
    proof) within ``time_limit`` seconds, ``max_states`` states and a table of ``table_bytes``
    (a limit ``memory`` when it is full). A winning line is checked as by
    :func:`kosynka.solver.solve` (``verify``: the rules engine or the compiled referee)."""
    if not isinstance(game, FreeCell):
        raise TypeError(f"the FreeCell prover needs a FreeCell game, not {type(game).__name__}")
    time_limit, max_states = check_limits(time_limit, max_states)
    impl = implementation if implementation is not None else default_implementation("freecell")
    args = position_args(game)
    start = time.perf_counter()
    if impl not in available_implementations():
        raise ValueError(f"solver implementation {impl!r} is not available")
    if impl == "native":
        answer = _core.freecell_prove(
            *args,
            -1.0 if time_limit is None else float(time_limit),
            0 if max_states is None else int(max_states),
            int(table_bytes),
        )
    else:
        answer = _freecell_prove_py.prove(*args, time_limit, max_states, int(table_bytes))
    seconds = time.perf_counter() - start
    status, limit, line, states, positions = answer[:5]
    moves = []
    if status == "solved":
        moves = (referee if verify == "native" else replay)(game, line)
    return SolveResult(
        status=SolveStatus(status),
        limit=str(limit) if limit else None,
        moves=moves,
        states=int(states),
        unique_states=int(positions),
        seconds=seconds,
        implementation=impl,
    )


def decide(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
    verify: str = "python",
) -> SolveResult:
    """Decide ``game``'s position as ``kosynka solve --min-cells`` does: the :data:`STAGES` in
    turn, each stopping at its own limits or the ones left, then the prover with what is left,
    until one decides. The states and seconds are all the searches' together; ``short`` asks
    the portfolio for a shorter line (the prover's lines are as it finds them)."""
    time_limit, max_states = check_limits(time_limit, max_states)
    spent_states = spent_unique = 0
    spent_seconds = 0.0
    res: SolveResult | None = None
    for search, stage_states, stage_seconds in (*STAGES, ("prover", None, None)):
        time_left = None if time_limit is None else time_limit - spent_seconds
        states_left = None if max_states is None else max_states - spent_states
        if (time_left is not None and time_left <= 0) or (
            states_left is not None and states_left <= 0
        ):
            break
        seconds = _least(time_left, stage_seconds)
        states = _least(states_left, stage_states)
        if search == "portfolio":
            res = solve(game, time_limit=seconds, max_states=states, short=short, verify=verify)
        else:
            res = prove(game, time_limit=seconds, max_states=states, verify=verify)
        spent_states += res.states
        spent_unique += res.unique_states
        spent_seconds += res.seconds
        if res.status is not SolveStatus.LIMIT:
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


def _least(a: _N | None, b: _N | None) -> _N | None:
    """The smaller of two limits, None standing for no limit."""
    if a is None:
        return b
    return a if b is None else min(a, b)
