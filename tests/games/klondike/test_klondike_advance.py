"""``Klondike.advance``: a checked move that keeps no undo history (fast replay of lines)."""

from __future__ import annotations

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.errors import IllegalMoveError
from kosynka.games.klondike import Move


def test_advance_plays_like_push_and_clears_history() -> None:
    a = Klondike(5, rules=KlondikeRules(draw=3), numbering="kpat")
    b = a.copy(stack=False)
    a.push(Move.draw())
    moves = [m for m in a.legal_move_list() if m.card is not None][:1] or [Move.draw()]
    for m in [Move.draw(), *moves]:
        b.advance(m)
    a.push(moves[0])
    assert a.key() == b.key()
    assert b.move_stack == [] and not b.can_redo()
    b.push(Move.draw())
    b.advance(Move.draw())  # clears what push kept
    assert b.move_stack == []
    with pytest.raises(IndexError):
        b.pop()


def test_advance_refuses_an_illegal_move_and_changes_nothing() -> None:
    game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
    before = game.key()
    with pytest.raises(IllegalMoveError):
        game.advance(Move.parse("KS>f"))
    assert game.key() == before


@pytest.mark.parametrize("draw", [1, 3])
def test_advance_draws_is_draws_one_by_one(draw: int) -> None:
    for count in (0, 1, 2, 7, 8, 9, 30):
        one = Klondike(7, rules=KlondikeRules(draw=draw), numbering="kpat")
        many = one.copy(stack=False)
        legal = 0
        for _ in range(count):
            if one.explain(Move.draw()) is not None:
                break
            one.advance(Move.draw())
            legal += 1
        assert many.advance_draws(count) == legal, (draw, count)
        assert many.key() == one.key() and many.waste() == one.waste(), (draw, count)
    # 24 stock cards: 24 draws of one card, 8 of three; the next draw is refused.
    full = Klondike(7, rules=KlondikeRules(draw=draw), numbering="kpat")
    assert full.advance_draws(100) == (24 if draw == 1 else 8)
    assert full.explain(Move.draw()) is not None
