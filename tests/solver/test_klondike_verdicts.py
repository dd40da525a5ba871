"""Klondike verdicts under every rule set the page and the command line offer (Draw 1 or 3,
a pass limit of 1-4 or none, foundation return on or off), for every implementation.

A "solved" verdict comes with a line that is replayed through the rules engine, so it cannot
be wrong; an "unsolvable" one can only be checked against other searches. Here:

* the deals and the layout that plausible but unsound prunings call lost are won;
* more rules never lose a win: on random deals and random positions met in play, a position
  that is won with foundation return off, or with fewer passes, is won with it on, or with
  more passes (the looser rules allow every line the stricter ones allow);
* every "unsolvable" on small endgames is what an exhaustive search with no pruning at all
  finds (``klondike_endgames.exhaustive``).
"""

from __future__ import annotations

import random

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike.notation import format_text, parse_text
from kosynka.solver import SolveStatus, available_implementations, solve
from tests.solver.klondike_endgames import RULE_SETS, exhaustive, natural_endgame

NATIVE = "native" in available_implementations("klondike")
IMPLEMENTATIONS = [*available_implementations("klondike"), *(["exact"] if NATIVE else [])]

# Deals (PySolFC numbers) that are won though an unsound pruning calls them lost, with their
# pass limit (Draw 3, foundation return on). The first five catch the abstract search if a card
# that may go home at once makes its twin wait, the last four the exact search and the Python
# reference if an emptied column between two talon cards is left out.
WON_DEALS = [
    (329871450512256615, 2),
    (313140350241699608, 2),
    (253967068079212905, 3),
    (765411849421530370, 3),
    (790221888557985165, 3),
    (69697470939975864, 3),
    (117362766853021675, 3),
    (129070297758678072, 2),
    (249225792862338861, 2),
]

WON_LAYOUT = (
    "klondike draw=3 passes=3 return=on pass=1 | tableau AD / Jh 2D / Kh Qh AH / 7s Th Kc 5C"
    " / 5s 3d 4h Js 2C / 8h Ts As 4d Ac 4S / Kd 4c Qs Qc 9c 2s 3S | stock 5H 6D 9D 3C 2H 9S KS"
    " 6C TC JD 7H TD 6H QD 6S JC 3H 9H 7C 5D 7D 8S 8D 8C | waste - | foundations - - - -"
)


def _implementation_or_skip(implementation: str) -> None:
    if implementation == "exact" and not NATIVE:
        pytest.skip("the compiled core is not installed")


# The pure-Python search takes about 40 s on 765411849421530370 (250,000 states): it is left to
# the compiled twin of the reference, which searches the same states.
SLOW_IN_PYTHON = {765411849421530370}


@pytest.mark.parametrize(
    ("deal", "passes", "implementation"),
    [
        (deal, passes, impl)
        for deal, passes in WON_DEALS
        for impl in ("native", "exact", "python")
        if not (impl == "python" and deal in SLOW_IN_PYTHON)
    ],
)
def test_deals_once_called_lost_are_won(deal: int, passes: int, implementation: str) -> None:
    if implementation not in IMPLEMENTATIONS:
        pytest.skip("the compiled core is not installed")
    game = Klondike(deal, rules=KlondikeRules(draw=3, passes=passes, foundation_return=True))
    result = solve(game, implementation=implementation, time_limit=120)
    assert result.status is SolveStatus.SOLVED, (deal, implementation, result.status)


@pytest.mark.parametrize("implementation", ["native", "exact", "python"])
@pytest.mark.parametrize("ret", ["on", "off"])
def test_the_layout_once_called_lost_is_won(ret: str, implementation: str) -> None:
    if implementation not in IMPLEMENTATIONS:
        pytest.skip("the compiled core is not installed")
    game = parse_text(WON_LAYOUT.replace("return=on", f"return={ret}"))
    result = solve(game, implementation=implementation, time_limit=120)
    assert result.status is SolveStatus.SOLVED, (ret, implementation, result.status)


def _looser(rules: KlondikeRules) -> list[KlondikeRules]:
    """The rule sets of the same draw that allow every line ``rules`` allows."""
    out = []
    for other in RULE_SETS:
        if other == rules or other.draw != rules.draw:
            continue
        more_passes = other.passes is None or (
            rules.passes is not None and other.passes >= rules.passes
        )
        if more_passes and (other.foundation_return or not rules.foundation_return):
            out.append(other)
    return out


def _under(game: Klondike, rules: KlondikeRules) -> Klondike:
    """``game``'s position under ``rules``, at the same pass (or the last one the limit
    allows)."""
    moved = game.copy(stack=False)
    moved.rules = rules
    if rules.passes is not None:
        moved.pass_number = min(game.pass_number, rules.passes)
    return moved


def _played(rng: random.Random, deal: int, moves: int) -> Klondike:
    """Deal ``deal`` (Draw 1, no pass limit) after up to ``moves`` random legal moves that
    are not draws or recycles, with the draws needed in between."""
    game = Klondike(deal, rules=KlondikeRules(draw=1, passes=None))
    for _ in range(moves):
        legal = [m for m in game.legal_move_list() if m.card is not None]
        if not legal:
            legal = game.legal_move_list()
            if not legal:
                break
        game.advance(rng.choice(legal))
    return game


def _check_monotone(games: list[Klondike], implementation: str, time_limit: float) -> int:
    """Solve each position under every rule set; fail when a looser rule set loses a win.
    Returns the number of pairs checked."""
    pairs = 0
    for game in games:
        verdict = {}
        for rules in RULE_SETS:
            res = solve(_under(game, rules), implementation=implementation, time_limit=time_limit)
            verdict[rules] = res.status
        for rules, status in verdict.items():
            if status is not SolveStatus.SOLVED:
                continue
            for other in _looser(rules):
                if rules.passes is not None and game.pass_number > rules.passes:
                    continue
                pairs += 1
                assert verdict[other] is not SolveStatus.UNSOLVABLE, (
                    f"won under {rules} but called lost under {other}: {format_text(game)}"
                )
    return pairs


def test_more_rules_never_lose_a_win_on_random_deals() -> None:
    rng = random.Random(20261201)
    games = [Klondike(rng.randrange(1, 10**18)) for _ in range(8)]
    games += [_played(rng, rng.randrange(1, 10**18), rng.randint(5, 40)) for _ in range(8)]
    assert _check_monotone(games, "native" if NATIVE else "python", time_limit=20) >= 200


def test_more_rules_never_lose_a_win_in_the_reference() -> None:
    # Positions as play leaves them with 18-24 cards off the foundations, which the
    # pure-Python search mostly decides in well under a second.
    rng = random.Random(7)
    games = [natural_endgame(rng, RULE_SETS[0], rng.randint(18, 24)) for _ in range(16)]
    assert _check_monotone(games, "python", time_limit=5) >= 40


@pytest.mark.parametrize("implementation", IMPLEMENTATIONS)
def test_every_unsolvable_endgame_is_lost_in_the_exhaustive_search(implementation: str) -> None:
    rng = random.Random(1201)
    checked = 0
    for k in range(1200):
        game = natural_endgame(rng, RULE_SETS[k % len(RULE_SETS)], rng.randint(8, 15))
        result = solve(game, implementation=implementation, time_limit=30)
        if result.status is not SolveStatus.UNSOLVABLE:
            continue
        truth = exhaustive(game)
        if truth is None:
            continue
        checked += 1
        assert truth is False, f"{implementation} calls a won endgame lost: {format_text(game)}"
    assert checked >= 50, checked
