"""The compiled core against the Python reference: same legal moves, same macro moves, same
search (verdict, states and line) on many positions."""

from __future__ import annotations

import random

import pytest

from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.solver import _klondike_py as _search_py
from kosynka.solver import solve
from kosynka.solver.klondike import position_args

core = pytest.importorskip("kosynka.solver._core")
pytestmark = pytest.mark.core

RULES = [
    KlondikeRules(draw=1),
    KlondikeRules(draw=3),
    KlondikeRules(draw=1, passes=2, foundation_return=False),
    KlondikeRules(draw=3, passes=3),
    KlondikeRules(draw=1, passes=1),
]


def _args(game: Klondike) -> tuple[object, ...]:
    cols, hidden, talon, on_waste, found, pass_number, draw, passes, ret = position_args(game)
    r = game.rules
    assert on_waste == len(game.waste()) and pass_number == game.pass_number
    assert (draw, passes, ret) == (r.draw, 0 if r.passes is None else r.passes, r.foundation_return)
    return (cols, hidden, talon, on_waste, found, pass_number, draw, passes, ret)


def _random_positions(seed: int, games: int, length: int) -> list[Klondike]:
    """Positions met while playing random legal moves (card moves preferred) from random deals
    under every rule set."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        rules = RULES[g % len(RULES)]
        game = Klondike(rng.randrange(1, 10**6), rules=rules, numbering="kpat")
        for _ in range(length):
            out.append(game.copy(stack=False))
            moves = list(game.legal_moves)
            if not moves:
                break
            cards = [m for m in moves if m.card is not None]
            pick = rng.choice(cards) if cards and rng.random() < 0.7 else rng.choice(moves)
            game.push(pick)
    return out


def test_legal_moves_match_the_engine() -> None:
    positions = _random_positions(1, 60, 80)
    assert len(positions) > 2000
    for game in positions:
        expected = sorted(str(m) for m in game.legal_moves)
        assert sorted(core.klondike_legal_moves(*_args(game))) == expected, game


def test_macro_moves_match_the_reference() -> None:
    for game in _random_positions(2, 40, 60):
        ref = _search_py.State(game)
        assert [tuple(m) for m in core.klondike_macro_moves(*_args(game))] == ref._moves(), game


@pytest.mark.parametrize("seed", [3, 4])
def test_searches_agree(seed: int) -> None:
    rng = random.Random(seed)
    positions = _random_positions(seed, 25, 40)
    rng.shuffle(positions)
    verdicts: set[str] = set()
    for game in positions[:40]:
        a = solve(game, implementation="python", max_states=3000)
        b = solve(game, implementation="exact", max_states=3000)
        assert (a.status, a.limit, a.states, a.unique_states) == (
            b.status,
            b.limit,
            b.states,
            b.unique_states,
        ), game
        assert [str(m) for m in a.moves] == [str(m) for m in b.moves]
        verdicts.add(a.status.value)
    assert {"solved", "unsolvable"} <= verdicts


def test_near_end_positions_agree() -> None:
    for deal, draw in ((3, 1), (1, 3), (7, 1)):
        game = Klondike(deal, rules=KlondikeRules(draw=draw), numbering="kpat")
        line = solve(game, implementation="native").moves
        for cut in range(len(line) - 40, len(line), 7):
            pos = game.copy(stack=False)
            pos.replay(line[:cut])
            a = solve(pos, implementation="python")
            b = solve(pos, implementation="exact")
            assert a.solved and b.solved
            assert a.states == b.states and a.moves == b.moves


def test_relaxed_proof_agrees_with_the_plain_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Force the relaxed (Draw 1, unlimited passes) proof on every Draw 3 or pass-limited
    # position: its verdicts must be those of the plain search under the real rules.
    import kosynka.solver.klondike as solver

    monkeypatch.setattr(solver, "QUICK_STATES", 1)
    seen: set[str] = set()
    for game in _random_positions(5, 15, 20)[::4]:
        if game.rules.draw == 1 and game.rules.passes is None:
            continue
        plain = _search_py.search(game, max_states=3000)
        if plain.status == "limit":
            continue
        res = solve(game, implementation="native", max_states=200_000)
        assert res.status.value == plain.status, game
        seen.add(plain.status)
    assert seen == {"solved", "unsolvable"}
