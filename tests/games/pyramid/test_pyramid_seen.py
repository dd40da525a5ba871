"""Pyramid's no-peek hint (:mod:`kosynka.games.pyramid.seen`): the view holds no stock card the
player has not seen, two unseen cards swapped give the same hint, the stock is known after a
pass, a hint is a legal move with its chance, and hints followed end the game."""

from __future__ import annotations

import pytest

from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.games.pyramid.seen import PyramidSampler, hint, seen_of, table_of
from kosynka.solver import default_implementation

# Under the pure-Python solver each sample costs more: fewer and smaller searches.
NATIVE = default_implementation("pyramid") == "native"
SAMPLES = 24 if NATIVE else 6
STATES = 100_000 if NATIVE else 5_000


def played(number: int, moves: int, rules: PyramidRules | None = None) -> Pyramid:
    """Deal ``number`` after ``moves`` plain moves: the first removal when there is one, else
    the first stock move."""
    game = Pyramid(number, rules=rules)
    for _ in range(moves):
        legal = game.legal_move_list()
        if not legal:
            break
        removal = [m for m in legal if m.is_removal]
        game.push(removal[0] if removal else legal[0])
    return game


def swapped(game: Pyramid, a: int, b: int) -> Pyramid:
    """``game`` with the stock cards ``a`` and ``b`` places below its top swapped (1 is the
    card under the top), its position as it stands (no history)."""
    stock = game.stock()
    stock[a], stock[b] = stock[b], stock[a]
    return Pyramid.from_position(
        game.places(), stock, game.waste(), pass_number=game.pass_number, rules=game.rules
    )


def test_the_view_holds_no_unseen_stock_card() -> None:
    game = played(5, 8)
    seen = seen_of(game)
    stock = [c.index for c in game.stock()]
    assert game.pass_number == 1 and len(stock) > 2
    assert seen.stock[0] == stock[0]  # the top card lies face up
    assert set(seen.stock[1:]) == {None}
    assert set(seen.unseen) == set(stock[1:])
    assert seen.waste == tuple(c.index for c in game.waste())
    on_table = {c for c in seen.places if c >= 0} | set(seen.waste) | {stock[0]}
    assert seen.removed.isdisjoint(on_table) and seen.removed.isdisjoint(seen.unseen)
    assert len(seen.removed) + len(on_table) + len(seen.unseen) == 52


def test_after_a_pass_the_stock_is_known_in_its_order() -> None:
    game = Pyramid(3)
    while game.stock_count():
        game.push(game.parse_move("s"))
    game.push(game.parse_move("r"))
    seen = seen_of(game)
    assert seen.pass_number == 2 and not seen.unseen
    assert seen.stock == tuple(c.index for c in game.stock())
    assert table_of(seen, ()) == game


def test_a_table_made_from_the_view_is_the_game_with_the_unseen_cards_filled_in() -> None:
    game = played(9, 5)
    seen = seen_of(game)
    stock = [c.index for c in game.stock()]
    assert table_of(seen, stock[1:]) == game
    other = table_of(seen, list(reversed(stock[1:])))
    assert other.places() == game.places() and other.stock_top() == game.stock_top()


def test_two_unseen_cards_swapped_give_the_same_hint() -> None:
    for number, moves in ((2, 0), (7, 6), (11, 12)):
        game = played(number, moves)
        other = swapped(game, 1, game.stock_count() - 1)
        assert other.stock() != game.stock()
        assert seen_of(other) == seen_of(game)
        a = hint(game, seed=4, time_limit=None, max_samples=SAMPLES, max_states=STATES)
        b = hint(other, seed=4, time_limit=None, max_samples=SAMPLES, max_states=STATES)
        assert a == b


def test_a_hint_is_a_legal_move_with_its_chance() -> None:
    game = played(13, 4)
    choice = hint(game, seed=1, time_limit=None, max_samples=SAMPLES, max_states=STATES)
    assert choice.move is not None and len(choice.move) == 1
    assert choice.move[0] in game.legal_move_list()
    assert choice.chance is not None and 0.0 <= choice.chance <= 1.0
    assert choice.samples >= 1 and choice.solves >= choice.samples


def test_a_king_is_hinted_at_once() -> None:
    game = Pyramid(1)  # KD, KC, KH and KS are among the first cards to come free
    for _ in range(40):
        kings = [m for m in game.legal_move_list() if m.cards and len(m.cards) == 1]
        if kings:
            break
        game.push(game.legal_move_list()[0])
    assert kings, "deal 1 shows a King soon"
    sampler = PyramidSampler(seen_of(game))
    assert sampler.candidates() == kings[:1]


def test_with_nothing_unseen_the_hint_is_the_solvers_move() -> None:
    game = Pyramid(3)
    while game.stock_count():
        game.push(game.parse_move("s"))
    game.push(game.parse_move("r"))
    choice = hint(game, seed=0, max_states=STATES)
    assert choice.move is not None and choice.move[0] in game.legal_move_list()
    assert choice.chance in (0.0, 1.0, None)
    if choice.chance == 1.0:  # the solver's line: following it wins
        board = game.copy(stack=False)
        board.advance(choice.move[0])
        from kosynka.solver import solve

        assert solve(board, max_states=STATES).status in ("solved", "limit")


@pytest.mark.parametrize("passes", [1, 3])
def test_hints_followed_end_the_game(passes: int) -> None:
    game = Pyramid(21, rules=PyramidRules(passes=passes))
    seen_keys = set()
    for _ in range(400):
        if game.outcome() is not None:
            break
        key = game.key()
        assert key not in seen_keys, "a hint led back to a position the game had"
        seen_keys.add(key)
        choice = hint(game, seed=0, time_limit=None, max_samples=4, max_states=STATES // 4)
        assert choice.move is not None
        game.push(choice.move[0])
    assert game.outcome() is not None


def test_a_won_game_has_no_hint() -> None:
    game = Pyramid(3)
    assert hint(game, seed=0, time_limit=None, max_samples=2, max_states=STATES).move
    from kosynka.solver import solve

    found = solve(game, max_states=2_000_000)
    if found.status != "solved":
        pytest.skip("deal 3 is not winnable")
    game.replay(found.moves)
    assert game.is_won()
    assert hint(game).move is None
