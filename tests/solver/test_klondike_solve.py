"""The solver's contract, with the implementation chosen by default (native when built)."""

from __future__ import annotations

import pytest

from kosynka.games.klondike import Klondike, KlondikeRules, Move
from kosynka.games.klondike.notation import format_position
from kosynka.solver import SolutionError, SolveStatus, solve
from kosynka.solver.verify import verify_line
from tests.common import cards
from tests.games.klondike.klondike_positions import stuck_clubs

IMPLS = [
    "python",
    *(
        ["native"]
        if "native" in __import__("kosynka.solver").solver.available_implementations("klondike")
        else []
    ),
]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("draw", [1, 3])
def test_easy_deal_is_solved_and_replayed(impl: str, draw: int) -> None:
    # KPat deal 3 (Draw 1) and deal 1 (Draw 3) are won by a short search.
    deal = 3 if draw == 1 else 1
    game = Klondike(deal, rules=KlondikeRules(draw=draw), numbering="kpat")
    before = format_position(game)
    res = solve(game, time_limit=30, implementation=impl)
    assert res.status is SolveStatus.SOLVED
    assert res.limit is None
    assert format_position(game) == before, "solve() must not change the game"
    board = game.copy(stack=False)
    board.replay(res.moves)
    assert board.is_won()
    assert res.card_moves == sum(1 for m in res.moves if m.card is not None)
    assert res.card_moves + res.stock_moves == len(res.moves)
    assert res.card_moves >= 52 - sum(game.foundation_counts())
    assert res.states >= 1 and res.unique_states >= 1
    assert res.implementation == impl


@pytest.mark.parametrize("impl", IMPLS)
def test_stuck_position_is_unsolvable(impl: str) -> None:
    res = solve(stuck_clubs(), implementation=impl)
    assert res.status is SolveStatus.UNSOLVABLE
    assert res.moves == []


@pytest.mark.parametrize("impl", IMPLS)
def test_won_position_needs_no_moves(impl: str) -> None:
    game = Klondike.from_position([[]] * 7, [0] * 7, [], [], [13, 13, 13, 13])
    res = solve(game, implementation=impl)
    assert res.status is SolveStatus.SOLVED and res.moves == []


@pytest.mark.parametrize("impl", IMPLS)
def test_state_limit_is_reported(impl: str) -> None:
    # KPat deal 2 (Draw 1) needs thousands of states.
    game = Klondike(2, rules=KlondikeRules(draw=1), numbering="kpat")
    res = solve(game, max_states=50, implementation=impl)
    assert res.status is SolveStatus.LIMIT and res.limit == "states"
    assert res.moves == []


def _spades_in_stock(order: str, rules: KlondikeRules) -> Klondike:
    """Every suit home but spades, which lie in the stock, drawn in ``order``."""
    stock = list(reversed(cards(order)))  # the stock's last card is drawn first
    return Klondike.from_position([[]] * 7, [0] * 7, stock, [], [13, 13, 13, 0], rules=rules)


# The ace comes third: with Draw 1 it goes up at once, but the two and three under it on the
# waste are only reached again after a recycle.
_ACE_THIRD = "2S 3S AS 4S 5S 6S 7S 8S 9S TS JS QS KS"


@pytest.mark.parametrize("impl", IMPLS)
def test_stock_only_position_uses_draws_and_recycle(impl: str) -> None:
    res = solve(
        _spades_in_stock(_ACE_THIRD, KlondikeRules(draw=1, foundation_return=False)),
        implementation=impl,
    )
    assert res.solved
    texts = [str(m) for m in res.moves]
    assert (
        texts.count("r") == 1 and texts.count("s") == 3 + 10 + 12
    )  # AS, rest of pass one, pass two
    assert res.card_moves == 13


@pytest.mark.parametrize("impl", IMPLS)
def test_pass_limit_and_draw_three_groups(impl: str) -> None:
    for rules, expected in (
        (KlondikeRules(draw=1, passes=1, foundation_return=False), SolveStatus.UNSOLVABLE),
        (KlondikeRules(draw=1, passes=2, foundation_return=False), SolveStatus.SOLVED),
        # Draw 3 always shows the same third card: the two never comes to the top.
        (KlondikeRules(draw=3, foundation_return=False), SolveStatus.UNSOLVABLE),
    ):
        game = _spades_in_stock(_ACE_THIRD, rules)
        assert solve(game, implementation=impl).status is expected, rules


def test_verify_refuses_a_line_that_does_not_win() -> None:
    game = Klondike(3, numbering="kpat")
    with pytest.raises(SolutionError, match="does not win"):
        verify_line(game, [Move.draw()])
    with pytest.raises(SolutionError, match="refused at move 1"):
        verify_line(game, ["KS>f"])
    # Draws are replayed a run at a time; the first draw too many is the one refused.
    with pytest.raises(SolutionError, match=r"refused at move 25 \(s\): illegal move s"):
        verify_line(game, ["s"] * 27)


def test_bad_arguments() -> None:
    game = Klondike(1)
    with pytest.raises(ValueError, match="time_limit"):
        solve(game, time_limit=0)
    with pytest.raises(ValueError, match="max_states"):
        solve(game, max_states=0)
    with pytest.raises(TypeError):
        solve("not a game")  # type: ignore[arg-type]


def test_environment_forces_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOSYNKA_IMPLEMENTATION", "python")
    res = solve(Klondike(3, numbering="kpat"))
    assert res.implementation == "python" and res.solved
    monkeypatch.setenv("KOSYNKA_IMPLEMENTATION", "fortran")
    with pytest.raises(ValueError, match="KOSYNKA_IMPLEMENTATION"):
        solve(Klondike(3, numbering="kpat"))


@pytest.mark.parametrize("impl", IMPLS)
def test_short_line_is_no_longer(impl: str) -> None:
    game = Klondike(5, rules=KlondikeRules(draw=1), numbering="kpat")
    plain = solve(game, implementation=impl)
    short = solve(game, short=True, implementation=impl, time_limit=20)
    assert plain.solved and short.solved
    assert short.card_moves <= plain.card_moves


@pytest.mark.core
def test_lines_without_cards_coming_back_come_first() -> None:
    # With foundation return on, solve() first looks briefly for a line that never brings a
    # card back (shorter lines); most easy deals have one.
    without_return = 0
    for deal in range(1, 31):
        game = Klondike(deal, rules=KlondikeRules(draw=1), numbering="kpat")
        res = solve(game)
        if not res.solved:
            continue
        board = game.copy(stack=False)
        came_back = False
        for move in res.moves:
            if move.card is not None:
                came_back |= board.foundation_counts()[int(move.card.suit)] >= move.card.rank
            board.push(move)
        without_return += not came_back
    assert without_return >= 20
    # The brief look counts against the state limit like any other search.
    tiny = solve(Klondike(6, rules=KlondikeRules(draw=1), numbering="kpat"), max_states=10)
    assert tiny.status is SolveStatus.LIMIT and tiny.limit == "states"
