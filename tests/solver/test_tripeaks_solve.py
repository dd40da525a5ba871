"""The TriPeaks solver: every winning line replays to a win, verdicts agree with a brute force
written here (plain lists, no code shared with the search), limits are honoured."""

from __future__ import annotations

import random

import pytest

from kosynka.games.tripeaks import ROWS, XS, TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.notation import format_text, parse_text
from kosynka.solver import SolutionError
from kosynka.solver import tripeaks as front
from kosynka.solver.result import Limits, SolverFront

N = 28
# the places a place lies under, found from the drawing (one row down, half a card to a side)
# rather than from the rules' table, so the brute force shares nothing with the search
UNDER = [
    [q for q in range(N) if ROWS[q] == ROWS[p] + 1 and abs(XS[q] - XS[p]) == 1] for p in range(N)
]


def brute_force(game: TriPeaks) -> bool:
    """True when ``game``'s position can be won: every move tried from every position, the
    positions already lost remembered by their table, stock left and waste top's rank."""
    table = [game.place(i) for i in range(N)]
    present = [c is not None for c in table]
    ranks = [0 if c is None else c.rank for c in table]
    stock = [c.rank for c in game.stock()]
    wrap = game.rules.wrap
    lost: set[tuple[tuple[bool, ...], int, int]] = set()

    def fits(a: int, b: int) -> bool:
        return abs(a - b) == 1 or (wrap and abs(a - b) == 12)

    def win(k: int, top: int) -> bool:
        if not any(present):
            return True
        key = (tuple(present), k, top)
        if key in lost:
            return False
        for p in range(N):
            if present[p] and not any(present[q] for q in UNDER[p]) and fits(ranks[p], top):
                present[p] = False
                ok = win(k, ranks[p])
                present[p] = True
                if ok:
                    return True
        if k < len(stock) and win(k + 1, stock[k]):
            return True
        lost.add(key)
        return False

    return win(0, game.waste_top().rank)


def position(number: int, rules: TriPeaksRules, left: int, turned: int, seed: int) -> TriPeaks:
    """Deal ``number``'s cards with all but ``left`` table cards gone (taken in a random order
    that respects what covers what) and ``turned`` stock cards on the waste, written as position
    text and read back under ``rules``."""
    rng = random.Random(seed)
    game = TriPeaks(number)
    cards = [game.place(i) for i in range(N)]
    present = [True] * N
    gone = []
    while sum(present) > left:
        free = [p for p in range(N) if present[p] and not any(present[q] for q in UNDER[p])]
        p = rng.choice(free)
        present[p] = False
        gone.append(str(cards[p]))
    toks = []
    for p in range(N):
        if not present[p]:
            toks.append("--")
            continue
        t = str(cards[p])
        up = rules.open or not any(present[q] for q in UNDER[p])
        toks.append(t if up else t[:-1] + t[-1].lower())
    stock = [str(c) for c in game.stock()]
    waste = [str(game.waste_top()), *stock[:turned], *gone]
    rng.shuffle(waste)  # which card ends on top is part of the test
    rest = " ".join(stock[turned:]) or "-"
    text = (
        f"tripeaks {rules.text()} | table {' '.join(toks)} | waste {' '.join(waste)} | stock {rest}"
    )
    return parse_text(text)


def played(number: int, rules: TriPeaksRules, moves: int, seed: int) -> TriPeaks:
    """Deal ``number`` under ``rules`` after up to ``moves`` random legal moves (table cards
    more often than the stock), read back from its position text."""
    rng = random.Random(seed)
    game = TriPeaks(number, rules=rules)
    for _ in range(moves):
        legal = list(game.legal_moves)
        if not legal:
            break
        cards = [m for m in legal if m.is_card_move]
        game.push(rng.choice(cards) if cards and rng.random() < 0.8 else rng.choice(legal))
    return parse_text(format_text(game))


def check(game: TriPeaks) -> str:
    """Search ``game`` (no limit), replay a winning line to a win, and return the verdict."""
    found = front.search(game, Limits(max_states=10**9))
    assert found.status in ("solved", "unsolvable")
    if found.status == "solved":
        moves = front.replay(game, found.line)
        board = game.copy(stack=False)
        for m in moves:
            board.push(m)
        assert board.is_won()
    else:
        assert found.line == []
    return found.status


RULES = [
    TriPeaksRules(),
    TriPeaksRules(wrap=False),
    TriPeaksRules(open=True),
    TriPeaksRules(wrap=False, open=True),
]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_few_cards_left_agrees_with_brute_force(rules: TriPeaksRules) -> None:
    verdicts = set()
    for seed in range(60):
        game = position(1 + seed, rules, left=4 + seed % 9, turned=(seed * 7) % 24, seed=seed)
        got = check(game)
        assert (got == "solved") == brute_force(game), format_text(game)
        verdicts.add(got)
    assert verdicts == {"solved", "unsolvable"}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.text())
def test_far_into_random_games_agrees_with_brute_force(rules: TriPeaksRules) -> None:
    verdicts = set()
    for seed in range(40):
        game = played(100 + seed, rules, moves=22 + seed % 10, seed=seed)
        got = check(game)
        assert (got == "solved") == brute_force(game), format_text(game)
        verdicts.add(got)
    assert verdicts == {"solved", "unsolvable"}


@pytest.mark.parametrize("number", [1, 2, 3, 63, 100])
def test_whole_deals_replay_to_a_win(number: int) -> None:
    assert check(TriPeaks(number)) == "solved"


@pytest.mark.parametrize("number", [13, 175])
def test_unwinnable_deal_is_lost_by_brute_force_too(number: int) -> None:
    game = TriPeaks(number, rules=TriPeaksRules(wrap=False))
    assert check(game) == "unsolvable"
    assert not brute_force(game)


@pytest.mark.parametrize("number", [2, 3, 5])
def test_whole_deals_without_wrap_replay_to_a_win(number: int) -> None:
    assert check(TriPeaks(number, rules=TriPeaksRules(wrap=False))) == "solved"


def test_won_position_needs_no_moves() -> None:
    game = position(5, TriPeaksRules(), left=0, turned=3, seed=1)
    found = front.search(game)
    assert (found.status, found.line) == ("solved", [])
    assert front.replay(game, []) == []


def test_state_limit() -> None:
    game = TriPeaks(867)
    found = front.search(game, Limits(max_states=50))
    assert (found.status, found.limit, found.line) == ("limit", "states", [])
    assert found.states <= 50


def test_time_limit() -> None:
    game = TriPeaks(867)
    found = front.search(game, Limits(time_limit=0.01))
    assert (found.status, found.limit) == ("limit", "time")


def test_front_is_a_whole_solver_front() -> None:
    assert isinstance(front, SolverFront)
    game = TriPeaks(1)
    found = front.search(game)
    moves = front.replay(game, found.line)
    assert sum(1 for m in moves if m.is_card_move) == 28
    assert [str(m) for m in moves] == found.line
    assert found.states >= found.unique_states > 0


def test_replay_refuses_a_bad_line() -> None:
    game = TriPeaks(1)
    line = front.search(game).line
    with pytest.raises(SolutionError, match="refused at move 1"):
        front.replay(game, ["9D", *line])
    with pytest.raises(SolutionError, match="does not win"):
        front.replay(game, line[:-1])


def test_front_refuses_other_games_and_implementations() -> None:
    assert "python" in front.available_implementations()
    with pytest.raises(ValueError, match="not available"):
        front.search(TriPeaks(1), Limits(), "fortran")
    with pytest.raises(TypeError):
        front.search(object(), Limits())  # type: ignore[arg-type]
