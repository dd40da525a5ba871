"""The Pyramid search's relaxed games (``Clearing``) on their own: they cut the positions they
are made for, never a position a win passes through, and never one the brute force of
``test_pyramid_solve`` wins; with unlimited passes they are the game itself, so there their
verdicts are the brute force's."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from kosynka.cards import CARD_RANK, Card
from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.solver import _pyramid_py as ref
from kosynka.solver import pyramid as front
from kosynka.solver.pyramid import position_args
from kosynka.solver.result import Limits
from tests.solver.test_pyramid_solve import RULES, along_a_win, brute_force, position

N = 28


@dataclass(frozen=True)
class Verdicts:
    """What the relaxed games say of a position: the pyramid can be cleared with every talon
    card at hand at any time (``cleared``); every card can go so, two talon cards leaving
    together only side by side (``cleared_all``); on the last pass with a waste, the pyramid
    can be cleared with that waste a pile taken from its top (``piled``; None otherwise)."""

    cleared: bool
    cleared_all: bool
    piled: bool | None

    def cut(self, goal_all: bool) -> bool:
        """True when the search cuts the position under a goal (all 52 cards or not)."""
        return not self.cleared or (goal_all and not self.cleared_all) or self.piled is False


def verdicts(game: Pyramid) -> Verdicts:
    """The relaxed games' verdicts on ``game``'s position, as the search asks them."""
    places, talon, waste_count, pass_number = position_args(game)
    tcount = [0] * 15
    for c in talon:
        tcount[CARD_RANK[c]] += 1
    pmask = sum(1 << p for p in range(N) if places[p] >= 0)
    free = ref.free_places(pmask)
    clearing = ref.Clearing(places, talon)
    tkey = ref.talon_key(tcount)
    piled = None
    if waste_count and pass_number == game.rules.passes:
        wmask = (1 << waste_count) - 1
        wkey = clearing.key_of(wmask)
        piled = clearing.cleared(pmask, free, tkey - wkey, wmask, wkey)
    return Verdicts(
        clearing.cleared(pmask, free, tkey),
        clearing.cleared_all(pmask, free, (1 << len(talon)) - 1, tkey),
        piled,
    )


def cards(texts: str) -> list[Card]:
    """The cards of ``texts`` (``"6C 7C"``)."""
    return [Card.parse(t) for t in texts.split()]


def pyramid(cards_at: dict[int, str]) -> list[Card | None]:
    """The 28 places with ``cards_at``'s cards (place: card text), the others gone."""
    return [Card.parse(cards_at[p]) if p in cards_at else None for p in range(N)]


# QD (place 5) and AH (place 6) are the last Queen and Ace, so they must leave together; 6H
# (place 2) lies under QD and its one Seven, 7S (place 10), covers AH: 6H can never leave,
# though each card has a partner it could meet (the matching prune lets it through).
TANGLE = {0: "KS", 1: "KH", 3: "KD", 2: "6H", 5: "QD", 6: "AH", 10: "7S"}


def test_a_pair_that_must_go_before_itself_is_cut() -> None:
    game = Pyramid.from_position(pyramid(TANGLE), [], rules=PyramidRules(passes=None))
    assert verdicts(game) == Verdicts(cleared=False, cleared_all=False, piled=None)
    assert not brute_force(game)
    for rules in RULES:
        game = Pyramid.from_position(pyramid(TANGLE), [], rules=rules)
        found = front.search(game, Limits(max_states=1000), "python")
        assert (found.status, found.states) == ("unsolvable", 0)


def test_a_talon_card_unties_it() -> None:
    # a Six and a Seven on the talon: 7S leaves with 6C, then AH+QD, then 6H+7C
    game = Pyramid.from_position(pyramid(TANGLE), cards("6C 7C"), rules=PyramidRules(passes=1))
    assert verdicts(game) == Verdicts(cleared=True, cleared_all=True, piled=None)
    assert brute_force(game)
    # in the waste the other way up, on the last pass: 7C lies on 6C, and 6C must go first
    game = Pyramid.from_position(
        pyramid(TANGLE), [], cards("6C 7C"), pass_number=1, rules=PyramidRules(passes=1)
    )
    assert verdicts(game) == Verdicts(cleared=True, cleared_all=True, piled=False)
    assert not brute_force(game)
    # the same waste with a pass left is not cut: turned over, 6C comes first
    game = Pyramid.from_position(
        pyramid(TANGLE), [], cards("6C 7C"), pass_number=1, rules=PyramidRules(passes=2)
    )
    assert verdicts(game) == Verdicts(cleared=True, cleared_all=True, piled=None)
    assert brute_force(game)


def test_two_talon_cards_meet_only_side_by_side() -> None:
    # the pyramid is cleared, and 8H and 5C, the last pair, have 6D+7C between them: all go
    places: list[Card | None] = [None] * N
    talon = cards("8H 6D 7C 5C")
    game = Pyramid.from_position(places, talon, rules=PyramidRules(passes=None, goal="all"))
    assert verdicts(game) == Verdicts(cleared=True, cleared_all=True, piled=None)
    assert brute_force(game)
    # with 6D+7C crossed with them (8H 6D 5C 7C) no two side by side ever pair off
    game = Pyramid.from_position(
        places, cards("8H 6D 5C 7C"), rules=PyramidRules(passes=None, goal="all")
    )
    assert verdicts(game) == Verdicts(cleared=True, cleared_all=False, piled=None)
    assert not brute_force(game)


def test_the_deals_they_were_made_for_are_cut_at_the_start() -> None:
    # deal 7139: QH can leave only with AD, so QD only with AH, which 7H and 7S cover, the
    # only Sevens 6H (under QD) could meet; deal 7312 and deal 4210 (goal all) too
    for number in (7139, 7312):
        assert not verdicts(Pyramid(number)).cleared
        for rules in RULES:
            found = front.search(Pyramid(number, rules=rules), Limits(max_states=10), "python")
            assert (found.status, found.states) == ("unsolvable", 0)
    got = verdicts(Pyramid(4210))
    assert got.cleared and not got.cleared_all
    found = front.search(Pyramid(4210, rules=PyramidRules(goal="all")), Limits(max_states=10))
    assert (found.status, found.states) == ("unsolvable", 0)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_no_position_of_a_win_is_cut(rules: PyramidRules) -> None:
    goal_all = rules.goal == "all"
    for number in (3, 6, 8, 11, 25):
        game = Pyramid(number, rules=rules)
        found = front.search(game, Limits(max_states=200_000), "python")
        if found.status != "solved":
            continue
        for text in found.line:
            assert not verdicts(game).cut(goal_all), (number, text)
            game.push_text(text)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_cuts_agree_with_the_brute_force(rules: PyramidRules) -> None:
    goal_all = rules.goal == "all"
    cut = 0
    for seed in range(60):
        game = position(
            300 + seed, rules, left=4 + seed % 9, talon_left=2 + (seed * 7) % 9, seed=seed
        )
        got = verdicts(game)
        won = brute_force(game)
        assert not (got.cut(goal_all) and won), (seed, game.places(), game.stock(), game.waste())
        cut += got.cut(goal_all)
        if rules.passes is None:  # the relaxed games are the game itself
            assert (got.cleared_all if goal_all else got.cleared) == won, seed
    for seed in range(20):
        game2 = along_a_win(500 + seed, rules, cards_left=12 + seed % 6, seed=seed)
        if game2 is not None:
            assert not (verdicts(game2).cut(goal_all) and brute_force(game2)), seed
    assert cut  # some positions are cut, or the test proves nothing
