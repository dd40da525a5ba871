"""The wide searches of ``kosynka solve --min-cells`` (:data:`freecell_cells.WIDE`).

Best-first searches over every move of the rules that keep millions of positions: the core
and the pure-Python reference take the same portfolio of them and must search the same states
to the same verdict and line; a won line is checked by the rules; running dry, they prove a
loss only where the exhaustive search of ``test_freecell_oracle`` says so; and
:func:`freecell_cells.decide` runs them as a stage of its own.
"""

from __future__ import annotations

import pytest

from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.solver import SolveStatus, available_implementations
from kosynka.solver import freecell_cells as cells_mod
from kosynka.solver.freecell import position_args, search
from kosynka.solver.freecell_cells import WIDE, decide, wide
from kosynka.solver.result import Limits
from tests.solver.test_freecell_prove import few_cell_endgames

needs_core = pytest.mark.core


@needs_core
def test_core_and_twin_search_alike() -> None:
    # Few-cell endgames and a deal that takes several rounds (98 with 2 cells): the same
    # verdict, line, states and positions from the same portfolio in both implementations.
    games = [g for g, _ in few_cell_endgames()[:12]]
    games.append(FreeCell(98, rules=FreeCellRules(cells=2, foundation_return=False)))
    for game in games:
        limits = Limits(max_states=10_000)
        native = search(game, limits, "native", portfolio=WIDE)
        mine = search(game, limits, "python", portfolio=WIDE)
        assert native == mine, position_args(game)


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_verdicts_agree_with_the_exhaustive_search(implementation: str) -> None:
    # The wide searches are complete (every move of the rules): when they run dry the
    # position is lost; a won line is replayed through the rules engine inside wide().
    decided = lost = 0
    for game, truth in few_cell_endgames()[:40]:
        res = wide(game, max_states=50_000, implementation=implementation)
        if res.status is SolveStatus.LIMIT:
            continue
        decided += 1
        lost += res.status is SolveStatus.UNSOLVABLE
        assert (res.status is SolveStatus.SOLVED) is truth, position_args(game)
        if truth:
            assert res.moves
    assert decided >= 20
    assert lost >= 5  # the searches' "unsolvable" is tested, not only their wins


@needs_core
def test_wide_wins_a_one_cell_deal_past_the_portfolios_caps() -> None:
    # MS 3709 with one free cell is won (a line of about 110 moves); its best-first search
    # keeps about 1.1 million positions on the way, past the portfolio's caps for few cells.
    game = FreeCell(3709, rules=FreeCellRules(cells=1, foundation_return=False))
    res = wide(game, time_limit=120, verify="native")
    assert res.status is SolveStatus.SOLVED
    assert res.unique_states > 1 << 19
    assert 0 < len(res.moves) < 200


@needs_core
def test_decide_runs_the_wide_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    # With the wide searches as decide()'s only stage before the prover, a won deal is won
    # there, with the stage's states (MS 31551 with one free cell: about 115,000 positions).
    monkeypatch.setattr(cells_mod, "STAGES", (("wide", None),))
    game = FreeCell(31551, rules=FreeCellRules(cells=1, foundation_return=False))
    alone = wide(game, time_limit=120)
    res = decide(game, time_limit=120)
    assert res.status is SolveStatus.SOLVED
    assert res.states == alone.states


@needs_core
def test_a_short_line_is_never_longer() -> None:
    # With short, the wide searches' line is followed by the short strategies' lines and the
    # line with its detours taken out; the shortest is kept.
    game = FreeCell(31551, rules=FreeCellRules(cells=1, foundation_return=False))
    default = wide(game, time_limit=120)
    short = wide(game, time_limit=120, short=True)
    assert default.status is short.status is SolveStatus.SOLVED
    assert len(short.moves) <= len(default.moves)
    assert short.states > default.states


# Apart (decide() on two threads or more): the two searches at once, each on a thread of its
# own, the first to decide stopping the other.


@needs_core
def test_apart_the_verdicts_agree_with_the_exhaustive_search() -> None:
    decided = lost = 0
    for game, truth in few_cell_endgames()[:40]:
        res = wide(game, max_states=50_000, threads=2)
        if res.status is SolveStatus.LIMIT:
            continue
        decided += 1
        lost += res.status is SolveStatus.UNSOLVABLE
        assert (res.status is SolveStatus.SOLVED) is truth, position_args(game)
    assert decided >= 20
    assert lost >= 5


@needs_core
def test_apart_the_first_to_decide_stops_the_other() -> None:
    """MS 3999 with one free cell: depth weight 50 wins it in about 1.2 million positions,
    while depth weight 20 would search to its cap (4.2 million positions, more states than
    that). Apart, the win stops the other search well before its cap; the line is checked."""
    game = FreeCell(3999, rules=FreeCellRules(cells=1, foundation_return=False))
    res = wide(game, time_limit=120, threads=2, verify="native")
    assert res.status is SolveStatus.SOLVED and res.moves
    assert res.unique_states < WIDE[0].node_cap


@needs_core
def test_decide_on_two_threads_runs_the_wide_stage_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each search gets the stage's states apart, and half of what decide() has left."""
    seen: list[tuple[int | None, int]] = []
    real = cells_mod.wide

    def spy(game: FreeCell, **kw: object) -> object:
        seen.append((kw["max_states"], kw["threads"]))  # type: ignore[arg-type]
        return real(game, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cells_mod, "wide", spy)
    monkeypatch.setattr(cells_mod, "STAGES", (("wide", 30_000_000),))
    game = FreeCell(31551, rules=FreeCellRules(cells=1, foundation_return=False))
    res = decide(game, time_limit=120, threads=2)
    assert res.status is SolveStatus.SOLVED
    res = decide(game, time_limit=120, max_states=1_000_000, threads=2)
    assert seen == [(30_000_000, 2), (500_000, 2)]
