"""The compiled abstract search (the default ``native`` solver) against the exact searches.

It forgets which twin a run lies on and prunes moves that commute, so it visits other states
than the exact search; only verdicts can be compared, and every line it finds is replayed by
``solve`` before it is returned.
"""

from __future__ import annotations

import pytest

from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.solver import _klondike_py as _search_py
from kosynka.solver import solve
from kosynka.solver.klondike import NO_RETURN_STATES, position_args
from tests.games.klondike.klondike_positions import position
from tests.solver.test_klondike_native import _args, _random_positions
from tests.solver.test_klondike_oracle import decided_endgames

core = pytest.importorskip("kosynka.solver._core")
pytestmark = pytest.mark.core


def test_verdicts_agree_with_the_reference_on_played_positions() -> None:
    seen = {"solved": 0, "unsolvable": 0}
    for game in _random_positions(11, 40, 60)[::9]:
        ref = _search_py.search(game, max_states=2000)
        if ref.status == "limit":
            continue
        res = solve(game, implementation="native", max_states=2_000_000)
        assert res.status.value == ref.status, game
        seen[ref.status] += 1
    assert seen["solved"] >= 20 and seen["unsolvable"] >= 10, seen


def _deal_verdicts(flags: int) -> list[str]:
    out = []
    for draw in (1, 3):
        for ret in (True, False):
            for deal in range(1, 11):
                game = Klondike(
                    deal,
                    rules=KlondikeRules(draw=draw, foundation_return=ret),
                    numbering="kpat",
                )
                status = core.klondike_set_solve(*_args(game), 20.0, 0, flags=flags)[0]
                out.append(status)
    return out


def test_pruning_switches_do_not_change_verdicts() -> None:
    # The rules that cut the search (the redundant-card rule, the commuting-move filters and
    # their refinements, talon cards sent home at once, the limits on foundation cards coming
    # back) and the packed key must not change a single verdict.
    base = _deal_verdicts(0)
    assert "solved" in base and "unsolvable" in base
    for flags in (1, 2, 4, 8, 32, 64, 128, 239, 256):
        assert _deal_verdicts(flags) == base, flags


def test_relaxation_never_calls_a_winnable_endgame_lost() -> None:
    # The talon-free relaxation, run alone on every endgame the exhaustive search decided (all
    # draw and pass rules, return on and off): "lost" must only ever come for a lost one, and
    # it must come for some, or the check means nothing.
    seen: dict[tuple[bool, str], int] = {}
    for game, truth in decided_endgames():
        verdict = core.klondike_relaxed_verdict(*_args(game), 0)[0]
        assert verdict in ("lost", "open")
        assert not (truth and verdict == "lost"), game
        seen[truth, verdict] = seen.get((truth, verdict), 0) + 1
    assert seen.get((False, "lost"), 0) >= 3, seen


def test_relaxation_ends_a_lost_deal_early() -> None:
    # KPat deal 1619, Draw 1: lost. The relaxation proves it with about 12,000 positions where
    # the search alone makes about 330,000 states; with it the search stops after its second
    # turn. Deal 442 is lost too, but the relaxation cannot show it: a relaxed line turns every
    # card up, and the search alone decides. The search alone is solve()'s call into the core
    # (Draw 1, unlimited passes: the abstract search after a first look without return) with
    # switch 256, the relaxation off.
    lost = Klondike(1619, rules=KlondikeRules(draw=1), numbering="kpat")
    verdict, states = core.klondike_relaxed_verdict(*_args(lost), 0)
    assert verdict == "lost" and 1_000 < states < 50_000
    with_relaxation = solve(lost)
    call = (*_args(lost), -1.0, 0, False, NO_RETURN_STATES)
    assert core.klondike_set_solve(*call)[0::3] == ("unsolvable", with_relaxation.states)
    alone = core.klondike_set_solve(*call, flags=256)
    assert with_relaxation.status.value == alone[0] == "unsolvable"
    assert with_relaxation.states * 5 < alone[3]
    other = Klondike(442, rules=KlondikeRules(draw=1), numbering="kpat")
    assert core.klondike_relaxed_verdict(*_args(other), 0)[0] == "open"
    # A cap on the positions gives "limit", not a verdict.
    verdict, states = core.klondike_relaxed_verdict(*_args(lost), 100)
    assert verdict == "limit" and 100 <= states < 120


def test_deals_agree_with_the_exact_search() -> None:
    compared = 0
    for draw in (1, 3):
        for deal in range(1, 41):
            game = Klondike(deal, rules=KlondikeRules(draw=draw), numbering="kpat")
            exact = solve(game, implementation="exact", max_states=300_000)
            if exact.status.value == "limit":
                continue
            fast = solve(game, implementation="native")
            assert fast.status == exact.status, (draw, deal)
            compared += 1
    assert compared >= 60


def test_position_with_face_up_cards_out_of_sequence_falls_back() -> None:
    game = position(["9C 5H", "* KS", "-", "-", "-", "-", "-"])
    assert core.klondike_set_solve(*_args(game), 5.0, 0)[0] == "unsupported"
    res = solve(game, implementation="native", time_limit=20)
    ref = solve(game, implementation="python", time_limit=20)
    assert res.status == ref.status


def test_lines_move_runs_between_twins_and_replay() -> None:
    # The abstract search plays a card as free when its twin is free: the line it returns must
    # then move the run on it across to the twin first. Such lines must replay to a win.
    twin_moves = 0
    for deal in range(1, 40):
        game = Klondike(deal, rules=KlondikeRules(draw=1), numbering="kpat")
        res = solve(game, implementation="native")
        if not res.solved:
            continue
        replay = game.copy(stack=False)
        for move in res.moves:
            if move.card is not None and move.to < 7:
                for i in range(7):
                    up = replay.face_up(i)
                    if move.card in up and up.index(move.card) > 0:
                        under = up[up.index(move.card) - 1]
                        top = replay.face_up(move.to)[-1:]
                        if top and top[0].rank == under.rank and top[0].is_red == under.is_red:
                            twin_moves += 1
            replay.push(move)
        assert replay.is_won()
    assert twin_moves > 0


def test_talon_and_position_args_are_consistent() -> None:
    game = Klondike(5, rules=KlondikeRules(draw=3), numbering="kpat")
    cols, hidden, talon, on_waste, found, *_ = position_args(game)
    assert on_waste == 0
    assert sum(map(len, cols)) + len(talon) + sum(found) == 52
    assert hidden == [0, 1, 2, 3, 4, 5, 6]


def test_time_limit_holds_through_the_relaxations_turns() -> None:
    # KPat deal 442 (Draw 1) takes about a second: the relaxation gets several turns, the
    # longest as long as the search so far, and each stops at the limit with the search.
    import time

    game = Klondike(442, rules=KlondikeRules(draw=1), numbering="kpat")
    began = time.perf_counter()
    res = solve(game, time_limit=0.15)
    took = time.perf_counter() - began
    assert res.status.value == "limit" and res.limit == "time"
    assert took < 1.0, took  # the limit plus the call, with room for a slow machine
