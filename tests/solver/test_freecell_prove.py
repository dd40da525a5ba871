"""The FreeCell prover (``native/freecell_prove.cpp`` and its twin ``_freecell_prove_py``).

Its verdicts are held to the exhaustive search over the rules engine of
``test_freecell_oracle`` (every legal move, no pruning, no safe moves) on endgames with 0, 1 and
2 free cells, foundation return on and off, won and lost; the core and the twin are held to each
other (verdict, states, positions, line, the memory limit); and on deals it agrees with the
portfolio of :func:`kosynka.solver.solve`. Its moves are the portfolio's complete searches'
moves (``State.moves`` with every move of the rules), which ``test_freecell_native`` holds to the
Python reference and the reference to the engine's legal moves.
"""

from __future__ import annotations

import functools
import random

import pytest

from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.solver import NATIVE, SolveStatus, available_implementations, solve
from kosynka.solver import _freecell_prove_py as twin
from kosynka.solver.freecell import position_args
from kosynka.solver.freecell_cells import MAX_THREADS, decide, prove, wide
from tests.solver.test_freecell_oracle import lost_endgames, oracle, random_endgame

needs_core = pytest.mark.core  # skipped without the core, and in the pure-Python run


@functools.cache
def few_cell_endgames() -> list[tuple[FreeCell, bool]]:
    """Random endgames with 0, 1 or 2 free cells, foundation return on and off, with the
    oracle's verdict (those it decides within its cap), and the stored lost ones with 2."""
    rng = random.Random(20261202)
    out = []
    for i in range(150):
        rules = FreeCellRules(cells=i % 3, foundation_return=(i // 3) % 2 == 0)
        game = random_endgame(rng, rules, rng.randint(18, 26))
        truth = oracle(game)
        if truth is not None:
            out.append((game, truth))
    out += [(g, False) for g in lost_endgames() if g.rules.cells == 2]
    return out


def test_the_endgames_cover_every_case() -> None:
    cases: dict[tuple[int, bool, bool], int] = {}
    for game, truth in few_cell_endgames():
        key = (game.rules.cells, game.rules.foundation_return, truth)
        cases[key] = cases.get(key, 0) + 1
    for cells in (0, 1, 2):
        for ret in (True, False):
            assert cases.get((cells, ret, False), 0) >= 3, (cells, ret)
        assert sum(cases.get((cells, r, True), 0) for r in (True, False)) >= 3, cells


def _check_verdicts(implementation: str, threads: int = 1) -> None:
    """The prover's verdict on every endgame is the oracle's; a won line wins."""
    for game, truth in few_cell_endgames():
        res = prove(game, implementation=implementation, time_limit=60, threads=threads)
        assert res.status is (SolveStatus.SOLVED if truth else SolveStatus.UNSOLVABLE), (
            implementation,
            threads,
            truth,
            game.rules,
        )
        if truth:
            board = game.copy(stack=False)
            board.replay(res.moves)
            assert board.is_won()


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_verdicts_match_exhaustive_search(implementation: str) -> None:
    _check_verdicts(implementation)


def _core_and_twin(game: FreeCell, table_bytes: int) -> tuple[tuple[object, ...], ...]:
    """The core's and the twin's answers on ``game`` without their times and table sizes."""
    assert NATIVE is not None
    args = position_args(game)
    core = NATIVE.FreeCellProver(*args, table_bytes).run(-1.0, 0)
    ref = twin.prove(*args, None, None, table_bytes)
    return core[:5], ref[:5]


@needs_core
def test_core_and_twin_search_alike() -> None:
    games = [g for g, _ in few_cell_endgames()[::3]]
    games += [FreeCell(n, rules=FreeCellRules(cells=1, foundation_return=False)) for n in (1, 2)]
    for game in games:
        core, ref = _core_and_twin(game, 1 << 30)
        assert core == ref


@needs_core
def test_core_and_twin_stop_alike_when_the_table_is_full() -> None:
    game = FreeCell(1, rules=FreeCellRules(cells=2, foundation_return=False))
    core, ref = _core_and_twin(game, 1 << 20)  # 65,536 slots: 49,152 positions
    assert core == ref
    assert core[:2] == ("limit", "memory") and core[4] == twin.max_positions(1 << 20) == 49_152


@needs_core
def test_core_and_twin_go_on_where_they_stopped() -> None:
    """Runs of 30,000 states at a time reach the verdict, the states and the positions of one
    run, in the core and in the twin alike."""
    assert NATIVE is not None
    game = FreeCell(5, rules=FreeCellRules(cells=1, foundation_return=False))
    args = position_args(game)
    whole = NATIVE.FreeCellProver(*args, 1 << 30).run(-1.0, 0)
    core = NATIVE.FreeCellProver(*args, 1 << 30)
    ref = twin.Prover(*args, 1 << 30)
    runs = 0
    while True:
        a, b = core.run(-1.0, 30_000), ref.run(None, 30_000)
        assert a[:5] == b[:5]
        runs += 1
        if a[0] != "limit":
            break
        assert a[1] == "states"
    assert runs > 3 and a[:5] == whole[:5]


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_limits_stop_without_a_verdict(implementation: str) -> None:
    game = FreeCell(1, rules=FreeCellRules(cells=2, foundation_return=False))
    res = prove(game, implementation=implementation, max_states=5_000)
    assert (res.status, res.limit) == (SolveStatus.LIMIT, "states")
    assert 5_000 <= res.states < 5_000 + 4096 + 320
    res = prove(game, implementation=implementation, table_bytes=1 << 20)
    assert (res.status, res.limit) == (SolveStatus.LIMIT, "memory")


@needs_core
def test_the_prover_agrees_with_the_portfolio_on_deals() -> None:
    for cells in (0, 1):
        for n in range(1, 41):
            game = FreeCell(n, rules=FreeCellRules(cells=cells, foundation_return=False))
            ours = prove(game, time_limit=60)
            theirs = solve(game, time_limit=60)
            assert ours.status is theirs.status is not SolveStatus.LIMIT, (n, cells)


@needs_core
def test_decide_hands_a_hard_loss_to_the_prover(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 351 with 2 free cells is lost. With the portfolio's stage cut to 1,000 states it
    stops, and decide() proves the loss with the prover: its states are both searches'."""
    from kosynka.solver import freecell_cells

    monkeypatch.setattr(freecell_cells, "STAGES", (("portfolio", 1_000),))
    game = FreeCell(351, rules=FreeCellRules(cells=2, foundation_return=False))
    portfolio = solve(game, max_states=1_000)
    assert portfolio.status is SolveStatus.LIMIT
    alone = prove(game)
    assert alone.status is SolveStatus.UNSOLVABLE
    res = decide(game, time_limit=60)
    assert res.status is SolveStatus.UNSOLVABLE
    assert res.states == portfolio.states + alone.states


# The prover on several threads: one table, the positions handed from thread to thread, the
# order left to the threads. A lost position's whole space is searched whatever the order, so
# its states and positions are those of one thread; a won one's line is checked by the rules.


@needs_core
@pytest.mark.parametrize("threads", [2, 3])
def test_threads_reach_the_exhaustive_search_s_verdicts(threads: int) -> None:
    _check_verdicts("native", threads)


@needs_core
def test_threads_search_a_lost_space_whole() -> None:
    """With 1 free cell: every lost deal of 1-60 has the states and positions of one thread
    (among them MS 27 and 56's neighbours, spaces of 10^5 to 10^6 positions, so that the
    table doubles while the threads search); every won one is won with a line the rules
    accept (prove() replays it)."""
    lost = 0
    for n in range(1, 61):
        game = FreeCell(n, rules=FreeCellRules(cells=1, foundation_return=False))
        one = prove(game, time_limit=60)
        two = prove(game, time_limit=60, threads=2)
        assert one.status is two.status is not SolveStatus.LIMIT, n
        if one.status is SolveStatus.UNSOLVABLE:
            lost += 1
            assert (two.states, two.unique_states) == (one.states, one.unique_states), n
    assert lost >= 30


@needs_core
def test_threads_go_on_where_they_stopped() -> None:
    """Runs of 20,000 states at a time on two threads reach the verdict of one run, with the
    same states and positions for a lost position."""
    assert NATIVE is not None
    game = FreeCell(27, rules=FreeCellRules(cells=1, foundation_return=False))
    args = position_args(game)
    whole = NATIVE.FreeCellProver(*args, 1 << 30).run(-1.0, 0)
    assert whole[0] == "unsolvable" and whole[4] > 200_000
    prover = NATIVE.FreeCellProver(*args, 1 << 30, 2)
    runs = 0
    while True:
        got = prover.run(-1.0, 20_000)
        runs += 1
        if got[0] != "limit":
            break
        assert got[1] == "states"
    assert runs > 10 and got[:2] == whole[:2] and got[3:5] == whole[3:5]


@needs_core
def test_threads_stop_at_a_full_table_and_at_the_time_limit() -> None:
    game = FreeCell(1, rules=FreeCellRules(cells=2, foundation_return=False))
    res = prove(game, table_bytes=1 << 20, threads=2)
    assert (res.status, res.limit) == (SolveStatus.LIMIT, "memory")
    assert res.unique_states <= twin.max_positions(1 << 20)
    # Lost, with 60.7 million positions: however the threads share the work, no win ends it.
    big = FreeCell(16330, rules=FreeCellRules(cells=1, foundation_return=False))
    res = prove(big, time_limit=0.5, threads=2)
    assert (res.status, res.limit) == (SolveStatus.LIMIT, "time")
    assert res.seconds < 1.5


@needs_core
def test_the_thread_limit_is_the_core_s() -> None:
    """MAX_THREADS is the core's own limit: the core makes a prover of that many threads and
    refuses one more."""
    assert NATIVE is not None
    args = position_args(FreeCell(1, rules=FreeCellRules(cells=1, foundation_return=False)))
    NATIVE.FreeCellProver(*args, 1 << 20, MAX_THREADS)
    with pytest.raises(ValueError, match=f"1 to {MAX_THREADS} threads"):
        NATIVE.FreeCellProver(*args, 1 << 20, MAX_THREADS + 1)


@pytest.mark.parametrize("threads", [0, -1, 65, True, 1.5])
def test_a_wrong_number_of_threads_is_refused(threads: object) -> None:
    game = FreeCell(1, rules=FreeCellRules(cells=1, foundation_return=False))
    with pytest.raises(ValueError, match="threads"):
        prove(game, threads=threads)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="threads"):
        wide(game, threads=threads)  # type: ignore[arg-type]


# The table doubles in place, and with keep_tables() its memory passes from prover to prover.
# A key lost on the way, or one left over from the prover before, would count a position as
# met that was not, so the states and positions of a lost space are the check.


@needs_core
def test_kept_tables_search_like_fresh_ones() -> None:
    """MS 90 with 1 free cell (950,833 positions: its table doubles from 2^20 slots, walked by
    two threads) and MS 27 (234,772) are lost. Searched in turn with the table memory kept,
    the bigger space first so that the smaller one's table lies in memory the bigger one
    filled, each has the states and positions of a search in fresh memory, on one thread and
    on two."""
    from kosynka.solver.freecell_cells import keep_tables

    rules = FreeCellRules(cells=1, foundation_return=False)
    games = {n: FreeCell(n, rules=rules) for n in (90, 27)}
    keep_tables(False)
    fresh = {n: prove(g) for n, g in games.items()}
    assert fresh[90].unique_states > 900_000 and fresh[27].unique_states > 200_000
    try:
        keep_tables(True)
        for n, threads in ((90, 1), (27, 1), (90, 2), (27, 2), (90, 2), (90, 1)):
            got = prove(games[n], threads=threads)
            assert got.status is SolveStatus.UNSOLVABLE, (n, threads)
            assert (got.states, got.unique_states) == (fresh[n].states, fresh[n].unique_states)
    finally:
        keep_tables(False)
