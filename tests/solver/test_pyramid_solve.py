"""The Pyramid solver: every winning line replays to a win, verdicts agree with a brute force
written here (plain lists, no code shared with the search), limits are honoured, bad input is
refused, under every rule set (passes 1, 2, 3, unlimited; goal pyramid or all)."""

from __future__ import annotations

import random

import pytest

from kosynka.cards import Card
from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.games.pyramid.rules import ROW_OF, X_OF
from kosynka.solver import SolutionError, solve
from kosynka.solver import pyramid as front
from kosynka.solver.result import Limits, SolverFront

N = 28
# the places a place lies under, found from the drawing (one row down, half a card to a side)
# rather than from the rules' table, so the brute force shares nothing with the search
UNDER = [
    [q for q in range(N) if ROW_OF[q] == ROW_OF[p] + 1 and abs(X_OF[q] - X_OF[p]) == 1]
    for p in range(N)
]

RULES = [PyramidRules(passes=p, goal=g) for p in (1, 2, 3, None) for g in ("pyramid", "all")]


def brute_force(game: Pyramid) -> bool:
    """True when ``game``'s position can be won: every legal move tried from every position
    (the rules as written in :mod:`kosynka.games.pyramid.rules`, done again on plain tuples),
    the positions already lost remembered whole."""
    rank = [0 if c is None else c.rank for c in game.places()]
    present0 = tuple(c is not None for c in game.places())
    passes = game.rules.passes
    goal_all = game.rules.goal == "all"
    lost: set[tuple[tuple[bool, ...], tuple[int, ...], tuple[int, ...], int]] = set()

    def win(
        present: tuple[bool, ...], stock: tuple[int, ...], waste: tuple[int, ...], pss: int
    ) -> bool:
        # stock: ranks, top card last; waste: ranks, top card last
        if not any(present) and (not goal_all or not (stock or waste)):
            return True
        key = (present, stock, waste, pss if passes is not None else 0)
        if key in lost:
            return False
        lost.add(key)  # a position on the current line is not re-entered (a cycle wins nothing)
        free = [p for p in range(N) if present[p] and not any(present[q] for q in UNDER[p])]
        # the available cards: ("p", place) or ("s",) or ("w",), with their ranks
        avail: list[tuple[str, int, int]] = [("p", p, rank[p]) for p in free]
        if stock:
            avail.append(("s", -1, stock[-1]))
        if waste:
            avail.append(("w", -1, waste[-1]))

        def without(cards: list[tuple[str, int, int]]) -> bool:
            pres = list(present)
            st, wa = stock, waste
            for zone, p, _r in cards:
                if zone == "p":
                    pres[p] = False
                elif zone == "s":
                    st = st[:-1]
                else:
                    wa = wa[:-1]
            return win(tuple(pres), st, wa, pss)

        for i, a in enumerate(avail):
            if a[2] == 13 and without([a]):
                lost.discard(key)
                return True
            for b in avail[i + 1 :]:
                if a[2] + b[2] == 13 and without([a, b]):
                    lost.discard(key)
                    return True
        if stock and win(present, stock[:-1], (*waste, stock[-1]), pss):
            lost.discard(key)
            return True
        if (
            not stock
            and waste
            and (passes is None or pss < passes)
            and win(present, tuple(reversed(waste)), (), pss + 1)
        ):
            lost.discard(key)
            return True
        return False

    stock0 = tuple(c.rank for c in reversed(game.stock()))
    waste0 = tuple(c.rank for c in game.waste())
    return win(present0, stock0, waste0, game.pass_number)


def position(number: int, rules: PyramidRules, left: int, talon_left: int, seed: int) -> Pyramid:
    """Deal ``number``'s cards with all but ``left`` pyramid cards gone (taken in a random order
    that respects what covers what) and all but ``talon_left`` stock cards gone, the rest split
    at random between the waste and the stock, at a random pass the rules allow: a position
    play could reach (the cards gone add up to a multiple of 13; tries again until they do)."""
    rng = random.Random(seed)
    deal = Pyramid(number)
    cards = deal.places()
    while True:
        present = [True] * N
        while sum(present) > left:
            free = [p for p in range(N) if present[p] and not any(present[q] for q in UNDER[p])]
            present[rng.choice(free)] = False
        talon = deal.stock()
        keep = sorted(rng.sample(range(len(talon)), talon_left))
        kept = [talon[i] for i in keep]
        gone = [c for p, c in enumerate(cards) if not present[p] and c is not None]
        gone += [c for i, c in enumerate(talon) if i not in keep]
        if sum(c.rank for c in gone) % 13:
            continue
        turned = rng.randint(0, len(kept))
        top = 3 if rules.passes is None else rules.passes
        places: list[Card | None] = [c if present[p] else None for p, c in enumerate(cards)]
        return Pyramid.from_position(
            places,
            kept[turned:],
            kept[:turned],
            pass_number=rng.randint(1, top),
            rules=rules,
        )


def along_a_win(number: int, rules: PyramidRules, cards_left: int, seed: int) -> Pyramid | None:
    """A late position on the way to a win of deal ``number`` under ``rules`` (the first with
    at most ``cards_left`` cards in play), then, half the time, one random legal move more (which
    may lose it); None when the deal is not won within a small search."""
    rng = random.Random(seed)
    game = Pyramid(number, rules=rules)
    found = front.search(game, Limits(max_states=20_000))
    if found.status != "solved":
        return None
    for text in found.line:
        if game.pyramid_count() + game.stock_count() + len(game.waste()) <= cards_left:
            break
        game.push_text(text)
    legal = list(game.legal_moves)
    if legal and rng.random() < 0.5:
        game.push(rng.choice(legal))
    return Pyramid.from_position(
        game.places(), game.stock(), game.waste(), pass_number=game.pass_number, rules=rules
    )


def check(game: Pyramid, implementation: str = "python") -> str:
    """Search ``game`` (no limit that matters), replay a winning line to a win, and return the
    verdict."""
    found = front.search(game, Limits(max_states=10**9), implementation)
    assert found.status in ("solved", "unsolvable")
    if found.status == "solved":
        moves = front.replay(game, found.line)
        board = game.copy(stack=False)
        for m in moves:
            board.push(m)
        assert board.is_won()
        assert [str(m) for m in moves] == found.line
    else:
        assert found.line == []
    return found.status


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_late_positions_agree_with_brute_force(rules: PyramidRules) -> None:
    verdicts = set()
    for seed in range(70):
        game = position(
            1 + seed, rules, left=3 + seed % 8, talon_left=2 + (seed * 5) % 9, seed=seed
        )
        got = check(game)
        assert (got == "solved") == brute_force(game), (seed, game.places(), game.stock())
        verdicts.add(got)
    for seed in range(30):
        won = along_a_win(1 + seed, rules, cards_left=14 + seed % 6, seed=seed)
        if won is not None:
            got = check(won)
            assert (got == "solved") == brute_force(won), seed
            verdicts.add(got)
    assert verdicts == {"solved", "unsolvable"}


@pytest.mark.parametrize("rules", [PyramidRules(), PyramidRules(passes=1, goal="all")], ids=str)
def test_fuller_positions_agree_with_brute_force(rules: PyramidRules) -> None:
    verdicts = set()
    for seed in range(24):
        game = along_a_win(40 + seed, rules, cards_left=22 + seed % 5, seed=seed)
        if seed % 3 == 0:  # cards taken away at random: mostly lost
            game = position(200 + seed, rules, left=10 + seed % 4, talon_left=10, seed=seed)
        if game is not None:
            got = check(game)
            assert (got == "solved") == brute_force(game), seed
            verdicts.add(got)
    assert verdicts == {"solved", "unsolvable"}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_whole_deals_replay_to_a_win(rules: PyramidRules) -> None:
    assert check(Pyramid(3, rules=rules)) == "solved"
    if rules.passes != 1:
        assert check(Pyramid(6, rules=rules)) == "solved"


def test_more_passes_never_lose_a_won_deal() -> None:
    for n in (1, 3, 5, 7, 8, 11):
        won = [check(Pyramid(n, rules=PyramidRules(passes=p))) == "solved" for p in (1, 2, 3, None)]
        assert won == sorted(won), n  # once True, True for every larger pass limit
        all_won = check(Pyramid(n, rules=PyramidRules(goal="all"))) == "solved"
        assert not all_won or won[2], n  # clearing everything clears the pyramid


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_unwinnable_deal(rules: PyramidRules) -> None:
    # deal 12 is lost however many passes (the search proves it in under a second)
    assert check(Pyramid(12, rules=rules)) == "unsolvable"


def test_won_position_needs_no_moves() -> None:
    talon = [Card.parse(t) for t in ("KS", "8H", "5C")]
    game = Pyramid.from_position([None] * N, talon, rules=PyramidRules())
    found = front.search(game)
    assert (found.status, found.line) == ("solved", [])
    assert front.replay(game, []) == []
    # under goal=all the same cards must still go
    game = Pyramid.from_position([None] * N, talon, rules=PyramidRules(goal="all"))
    assert check(game) == "solved"


def test_the_two_tops_pair_with_each_other() -> None:
    # 8H on the waste, 5C on the stock, the pyramid's last card a King: 8H+5C must pair the tops
    places: list[Card | None] = [None] * N
    places[0] = Card.parse("KD")
    game = Pyramid.from_position(
        places,
        [Card.parse("5C")],
        [Card.parse("8H")],
        pass_number=1,
        rules=PyramidRules(passes=1, goal="all"),
    )
    found = front.search(game)
    assert found.status == "solved"
    assert sorted(found.line) == ["8H+5C", "KD"]


def test_state_limit() -> None:
    game = Pyramid(2531, rules=PyramidRules(passes=2, goal="all"))
    found = front.search(game, Limits(max_states=50))
    assert (found.status, found.limit, found.line) == ("limit", "states", [])
    assert found.states <= 50


def test_time_limit() -> None:
    game = Pyramid(2531, rules=PyramidRules(passes=2))  # lost, proved in some 404,000 states
    found = front.search(game, Limits(time_limit=0.0))
    assert (found.status, found.limit) == ("limit", "time")


def test_solve_checks_the_line() -> None:
    result = solve(Pyramid(3), time_limit=30.0)
    assert result.solved
    board = Pyramid(3)
    for m in result.moves:
        board.push(m)
    assert board.is_won()


def test_front_is_a_whole_solver_front() -> None:
    assert isinstance(front, SolverFront)
    game = Pyramid(3)
    found = front.search(game)
    moves = front.replay(game, found.line)
    assert sum(len(m.cards) for m in moves) >= 28
    assert found.states >= found.unique_states > 0


def test_replay_refuses_a_bad_line() -> None:
    game = Pyramid(3)
    line = front.search(game).line
    with pytest.raises(SolutionError, match="refused at move 1"):
        front.replay(game, ["r", *line])
    with pytest.raises(SolutionError, match="does not win: 2 pyramid cards are left"):
        pairs = [i for i, t in enumerate(line) if "+" in t]
        front.replay(game, line[: pairs[-1]])


def test_front_refuses_other_games_and_implementations() -> None:
    assert front.available_implementations()[-1] == "python"
    with pytest.raises(ValueError, match="not available"):
        front.search(Pyramid(1), Limits(), "fortran")
    with pytest.raises(TypeError):
        front.search(object(), Limits())  # type: ignore[arg-type]
