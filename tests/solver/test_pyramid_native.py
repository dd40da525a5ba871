"""The compiled core against the Python reference: the same search (verdict, limit, line, states
and positions kept) on random deals and mid-game positions under every rule set, both lines
replayed through the rules.

``KOSYNKA_PYRAMID_SEED`` picks the random positions (1 unless set) and ``KOSYNKA_PYRAMID_GAMES``
how many (60 unless set): raise them to look harder."""

from __future__ import annotations

import os
import random

import pytest

from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.solver import _pyramid_py
from kosynka.solver import pyramid as front
from kosynka.solver.pyramid import position_args
from kosynka.solver.result import Found, Limits

core = pytest.importorskip("kosynka.solver._core")
pytestmark = pytest.mark.core

RULES = [PyramidRules(passes=p, goal=g) for p in (1, 2, 3, None) for g in ("pyramid", "all")]
TWO_PASSES = PyramidRules(passes=2)
"""Deal 2531 is lost under it, and proving it takes some 404,000 states."""
BUDGET = 30_000
"""States each search may try: both stop at the same state when they reach it."""


def seed() -> int:
    """The seed of the random positions (``KOSYNKA_PYRAMID_SEED``, 1 unless set)."""
    return int(os.environ.get("KOSYNKA_PYRAMID_SEED", "1"))


def games() -> int:
    """How many random positions (``KOSYNKA_PYRAMID_GAMES``, 60 unless set)."""
    return int(os.environ.get("KOSYNKA_PYRAMID_GAMES", "60"))


def random_positions(rng: random.Random, count: int) -> list[Pyramid]:
    """Positions met while playing random legal moves (removals preferred) from random deals
    under random rule sets, from the deal itself to late in the game."""
    out = []
    for g in range(count):
        game = Pyramid(rng.randint(1, 10**6), rules=RULES[g % len(RULES)])
        for _ in range(rng.choice([0, 0, 5, 20, 40, 80])):
            legal = game.legal_move_list()
            if not legal:
                break
            removals = [m for m in legal if m.is_removal]
            game.push(
                rng.choice(removals) if removals and rng.random() < 0.7 else rng.choice(legal)
            )
        out.append(game)
    return out


def both(game: Pyramid, limits: Limits) -> tuple[Found, Found]:
    """The core's and the reference's answers on ``game`` within ``limits``."""
    return front.search(game, limits, "native"), front.search(game, limits, "python")


def test_the_core_runs_the_reference_search() -> None:
    rng = random.Random(seed())
    verdicts = set()
    for game in random_positions(rng, games()):
        native, python = both(game, Limits(max_states=BUDGET))
        assert native == python, (game.rules, position_args(game))
        verdicts.add(native.status)
        if native.status == "solved":
            moves = front.replay(game, native.line)
            assert [str(m) for m in moves] == native.line
    assert {"solved", "unsolvable"} <= verdicts


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_whole_deals_agree_under_every_rule_set(rules: PyramidRules) -> None:
    rng = random.Random(seed() * 1000 + RULES.index(rules))
    for number in [rng.randint(1, 10**6) for _ in range(6)] + [3, 12, 31, 2531, 7139]:
        game = Pyramid(number, rules=rules)
        native, python = both(game, Limits(max_states=BUDGET))
        assert native == python, number
        if native.status == "solved":
            front.replay(game, native.line)


def test_hard_deal_decided_by_the_core_alone() -> None:
    # deal 2531 is lost with two passes: proving it takes the core some 404,000 states
    found = front.search(Pyramid(2531, rules=TWO_PASSES), Limits(), "native")
    assert (found.status, found.line) == ("unsolvable", [])
    assert found.unique_states > 50_000


def test_the_core_honours_its_limits() -> None:
    found = front.search(Pyramid(2531, rules=TWO_PASSES), Limits(max_states=1000), "native")
    assert (found.status, found.limit, found.states) == ("limit", "states", 1000)
    found = front.search(Pyramid(2531, rules=TWO_PASSES), Limits(time_limit=0.0), "native")
    assert (found.status, found.limit) == ("limit", "time")


def test_the_core_refuses_malformed_positions() -> None:
    places, talon, waste_count, pass_number = position_args(Pyramid(1))
    args = (pass_number, 3, False, -1.0, 1000)
    with pytest.raises(ValueError):
        core.pyramid_solve(places[:27], talon, waste_count, *args)
    with pytest.raises(ValueError):
        core.pyramid_solve(places, [*talon, 0], waste_count, *args)
    with pytest.raises(ValueError):
        core.pyramid_solve(places, talon, 25, *args)
    with pytest.raises(ValueError):
        core.pyramid_solve([52, *places[1:]], talon, waste_count, *args)
    with pytest.raises(ValueError, match="twice"):
        core.pyramid_solve(places, [*talon[:-1], places[0]], waste_count, *args)


def test_reference_stops_where_the_core_does() -> None:
    places, talon, waste_count, pass_number = position_args(Pyramid(2531, rules=TWO_PASSES))
    ref = _pyramid_py.search(places, talon, waste_count, pass_number, passes=2, max_states=777)
    assert (ref.status, ref.limit, ref.states) == ("limit", "states", 777)
    native = Found.from_core(
        core.pyramid_solve(places, talon, waste_count, pass_number, 2, False, -1.0, 777)
    )
    assert native == ref
