"""``solve()`` on Spider positions: known deals, lost and won endings, limits, the short line,
and the implementations chosen."""

from __future__ import annotations

import pytest

from kosynka.cards import Suit
from kosynka.games.spider import Spider, SpiderRules, parse_text
from kosynka.solver import SolveStatus, available_implementations, solve
from kosynka.solver import spider as front
from kosynka.solver.verify import verify_line
from tests.common import cards

IMPLS = available_implementations("spider")


def lost_position() -> Spider:
    """One suit, two runs left, no stock, every column filled, and the face-up tops (Kings,
    Jacks, 9s, 7s, 5s) fit on none of the others: no move at all, so the position is lost."""
    tops = ["KS", "KS", "JS", "JS", "9S", "9S", "7S", "7S", "5S", "5S"]
    under = [
        "AS",
        "AS",
        "2S",
        "2S",
        "3S",
        "3S",
        "4S",
        "4S",
        "6S",
        "6S",
        "8S",
        "8S",
        "TS",
        "TS",
        "QS",
        "QS",
    ]
    cols = [cards(" ".join([*under[i::10], tops[i]])) for i in range(10)]
    return Spider.from_position(
        cols, [len(c) - 1 for c in cols], [], [Suit.SPADES] * 6, rules=SpiderRules(suits=1)
    )


def won_ending() -> Spider:
    """One suit, one run left in three pieces: King to 9, 8 to 4, 3 to Ace."""
    cols = [cards("KS QS JS TS 9S"), cards("8S 7S 6S 5S 4S"), cards("3S 2S AS")] + [[]] * 7
    return Spider.from_position(cols, [0] * 10, [], [Suit.SPADES] * 7, rules=SpiderRules(suits=1))


@pytest.mark.parametrize("impl", IMPLS)
def test_one_suit_deals_are_solved_and_replayed(impl: str) -> None:
    for deal in (1, 2):
        game = Spider(deal, rules=SpiderRules(suits=1))
        before = game.key()
        res = solve(game, max_states=200_000, implementation=impl)
        assert res.status is SolveStatus.SOLVED
        assert game.key() == before  # the game given is not changed
        assert res.stock_moves == 5
        assert res.card_moves == len(res.moves) - 5
        assert verify_line(game, [str(m) for m in res.moves])
        assert res.implementation == impl


@pytest.mark.core
@pytest.mark.parametrize(("suits", "deals"), [(2, (1, 2, 3)), (4, (1, 3, 4))])
def test_two_and_four_suit_deals(suits: int, deals: tuple[int, ...]) -> None:
    for deal in deals:
        game = Spider(deal, rules=SpiderRules(suits=suits))
        res = solve(game, time_limit=60)
        assert res.solved, (suits, deal)
        board = game.copy(stack=False)
        board.replay(res.moves)
        assert board.is_won()


@pytest.mark.parametrize("impl", IMPLS)
def test_lost_and_won_endings(impl: str) -> None:
    lost = solve(lost_position(), implementation=impl)
    assert lost.status is SolveStatus.UNSOLVABLE and lost.moves == []
    won = solve(won_ending(), implementation=impl)
    assert won.solved
    assert len(won.moves) == 2


@pytest.mark.parametrize("impl", IMPLS)
def test_a_won_position_needs_no_move(impl: str) -> None:
    text = "spider suits=4 | tableau - / - / - / - / - / - / - / - / - / - | stock - | removed "
    game = parse_text(text + "C C D D H H S S")
    res = solve(game, implementation=impl)
    assert res.solved and res.moves == []


@pytest.mark.parametrize("impl", IMPLS)
def test_limits_give_limit(impl: str) -> None:
    game = Spider(3, rules=SpiderRules(suits=4))
    res = solve(game, max_states=500, implementation=impl)
    assert res.status is SolveStatus.LIMIT and res.limit == "states"
    assert res.states == 500 and res.moves == []
    res = solve(game, time_limit=1e-6, implementation=impl)
    assert res.status is SolveStatus.LIMIT and res.limit == "time"


def test_default_and_largest_state_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int | None] = []

    def fake(impl: str, args: object, time_limit: float | None, max_states: int | None) -> object:
        seen.append(max_states)
        return ("limit", "states", [], 0, 0)

    monkeypatch.setattr(front, "_search", fake)
    game = Spider(1, rules=SpiderRules(suits=1))
    solve(game)
    solve(game, max_states=10**12)
    solve(game, time_limit=5)
    assert seen == [front.DEFAULT_MAX_STATES, front.MAX_STATES, None]


@pytest.mark.parametrize("impl", IMPLS)
def test_short_is_never_longer(impl: str) -> None:
    game = Spider(4, rules=SpiderRules(suits=1))
    if impl == "python":  # two-move shortcuts are slow in Python: start late in the game
        line = solve(game, max_states=200_000).moves
        for move in line[:-30]:
            game.push(move)
        game = game.copy(stack=False)
    plain = solve(game, max_states=200_000, implementation=impl)
    short = solve(game, max_states=200_000, short=True, implementation=impl)
    assert plain.solved and short.solved
    assert len(short.moves) <= len(plain.moves)


def test_bad_calls() -> None:
    with pytest.raises(ValueError, match="not available"):
        front.search(Spider(1), implementation="quantum")
    with pytest.raises(ValueError, match="not available"):
        solve(Spider(1), implementation="quantum")
    with pytest.raises(TypeError):
        front.search("spider", implementation="python")  # type: ignore[arg-type]


def test_python_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOSYNKA_IMPLEMENTATION", "python")
    res = solve(won_ending())
    assert res.implementation == "python" and res.solved
