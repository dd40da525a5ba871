"""The compiled core against the Python reference: the same search (verdict, limit, line, states
and positions kept) on random deals and mid-game positions under every rule set (wrap on and
off, open or not), the core's lines replayed through the rules.

``KOSYNKA_TRIPEAKS_SEED`` picks the random positions (1 unless set) and
``KOSYNKA_TRIPEAKS_GAMES`` how many (80 unless set): raise them to look harder."""

from __future__ import annotations

import os
import random

import pytest

from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.solver import tripeaks as front
from kosynka.solver.result import Found, Limits

core = pytest.importorskip("kosynka.solver._core")
pytestmark = pytest.mark.core

RULES = [TriPeaksRules(wrap=w, open=o) for w in (True, False) for o in (False, True)]
BUDGET = 200_000
"""States each search may try: both stop at the same state when they reach it."""


def seed() -> int:
    """The seed of the random positions (``KOSYNKA_TRIPEAKS_SEED``, 1 unless set)."""
    return int(os.environ.get("KOSYNKA_TRIPEAKS_SEED", "1"))


def games() -> int:
    """How many random positions (``KOSYNKA_TRIPEAKS_GAMES``, 80 unless set)."""
    return int(os.environ.get("KOSYNKA_TRIPEAKS_GAMES", "80"))


def random_positions(rng: random.Random, count: int) -> list[TriPeaks]:
    """Positions met while playing random legal moves (table cards preferred) from random deals
    under every rule set in turn, from the deal itself to late in the game."""
    out = []
    for g in range(count):
        game = TriPeaks(rng.randint(1, 10**6), rules=RULES[g % len(RULES)])
        for _ in range(rng.choice([0, 0, 3, 10, 20, 35])):
            legal = game.legal_move_list()
            if not legal:
                break
            cards = [m for m in legal if m.is_card_move]
            game.push(rng.choice(cards) if cards and rng.random() < 0.8 else rng.choice(legal))
        out.append(game)
    return out


def both(game: TriPeaks, limits: Limits) -> tuple[Found, Found]:
    """The core's and the reference's answers on ``game`` within ``limits``."""
    return front.search(game, limits, "native"), front.search(game, limits, "python")


def test_core_is_offered() -> None:
    assert front.available_implementations() == ["native", "python"]


def test_random_positions_agree_with_the_reference() -> None:
    rng = random.Random(seed())
    verdicts = set()
    for game in random_positions(rng, games()):
        native, python = both(game, Limits(max_states=BUDGET))
        assert native == python, game
        verdicts.add(native.status)
        if native.status == "solved":
            front.replay(game, native.line)
    assert "solved" in verdicts


@pytest.mark.parametrize("wrap", [True, False])
def test_first_deals_agree_with_the_reference(wrap: bool) -> None:
    rules = TriPeaksRules(wrap=wrap)
    statuses = []
    for number in range(1, 41):
        game = TriPeaks(number, rules=rules)
        native, python = both(game, Limits(max_states=BUDGET))
        assert native == python, number
        statuses.append(native.status)
        if native.status == "solved":
            assert len(front.replay(game, native.line)) == len(native.line)
    assert "solved" in statuses


def test_unsolvable_deal_agrees() -> None:
    # found by running both over deals without wrap: the first deal each calls unsolvable
    for number in range(1, 400):
        game = TriPeaks(number, rules=TriPeaksRules(wrap=False))
        native, python = both(game, Limits(max_states=BUDGET))
        assert native == python, number
        if native.status == "unsolvable":
            return
    pytest.fail("no unsolvable deal among the first 400 without wrap")


@pytest.mark.parametrize("budget", [1, 2, 50, 4096, 5000])
def test_state_limit_stops_both_at_the_same_state(budget: int) -> None:
    game = TriPeaks(1)  # needs some 18,000 states
    native, python = both(game, Limits(max_states=budget))
    assert native == python
    assert native.status == "limit" and native.limit == "states"
    assert native.states == budget


def test_time_limit_stops_the_core() -> None:
    found = front.search(TriPeaks(1), Limits(time_limit=0.0), "native")
    assert found.status == "limit" and found.limit == "time"


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        core.tripeaks_search([0] * 27, [], 0, True, -1.0, 0)
    with pytest.raises(ValueError):
        core.tripeaks_search([52] * 28, [], 0, True, -1.0, 0)
    with pytest.raises(ValueError):
        core.tripeaks_search([-1] * 28, [], 60, True, -1.0, 0)


def test_won_table_is_solved_at_once() -> None:
    assert core.tripeaks_search([-1] * 28, [1, 2], 0, True, -1.0, 0) == (
        "solved",
        "",
        [],
        0,
        0,
    )
