"""TriPeaks' no-peek hint (:mod:`kosynka.games.tripeaks.seen`): the view holds no face-down
card and no stock card, two unseen cards swapped give the same hint, a hint is a legal move
with its chance, with nothing unseen it is the solver's move, and its time budget holds."""

from __future__ import annotations

import time

from kosynka.cards import Card
from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.seen import FACE_DOWN, GONE, hint, seen_of, table_of
from kosynka.solver.result import Limits
from kosynka.solver.tripeaks import search

SAMPLES = 8
STATES = 2_000


def played(number: int, moves: int, rules: TriPeaksRules | None = None) -> TriPeaks:
    """Deal ``number`` after ``moves`` plain moves (the first legal one: a card before the
    stock)."""
    game = TriPeaks(number, rules=rules)
    for _ in range(moves):
        legal = game.legal_move_list()
        if not legal:
            break
        game.push(legal[0])
    return game


def rebuilt(game: TriPeaks, hidden: list[Card]) -> TriPeaks:
    """``game``'s position with ``hidden`` dealt into its face-down places (in place order)
    and then its stock, as it stands (no history)."""
    fill = iter(hidden)
    places = [
        None if (c := game.place(i)) is None else (c if game.is_face_up(i) else next(fill))
        for i in range(28)
    ]
    return TriPeaks.from_position(
        places, [game.is_face_up(i) for i in range(28)], game.waste(), list(fill), rules=game.rules
    )


def hidden_of(game: TriPeaks) -> list[Card]:
    """The cards of ``game`` the player cannot see: the face-down ones in place order, then
    the stock."""
    down = [c for i in range(28) if (c := game.place(i)) is not None and not game.is_face_up(i)]
    return down + game.stock()


def test_the_view_holds_no_face_down_card_and_no_stock_card() -> None:
    game = played(5, 6)
    seen = seen_of(game)
    hidden = {c.index for c in hidden_of(game)}
    assert set(seen.unseen) == hidden and len(hidden) == game.hidden_count()
    assert hidden.isdisjoint(seen.places) and hidden.isdisjoint(seen.waste)
    assert seen.stock_count == game.stock_count()
    assert seen.places.count(FACE_DOWN) == game.face_down_count()
    assert seen.waste == tuple(c.index for c in game.waste())
    assert sum(1 for c in seen.places if c == GONE) == 28 - game.table_count()


def test_a_table_made_from_the_view_is_the_game_with_the_unseen_cards_filled_in() -> None:
    game = played(9, 5)
    seen = seen_of(game)
    assert table_of(seen, [c.index for c in hidden_of(game)]) == rebuilt(game, hidden_of(game))
    assert rebuilt(game, hidden_of(game)).key() == game.key()


def test_two_unseen_cards_swapped_give_the_same_hint() -> None:
    for number, moves in ((2, 0), (7, 6), (11, 12)):
        game = played(number, moves)
        hidden = hidden_of(game)
        hidden[0], hidden[-1] = hidden[-1], hidden[0]  # a face-down card and a stock card
        other = rebuilt(game, hidden)
        assert other.key() != game.key()
        assert seen_of(other) == seen_of(game)
        a = hint(game, seed=4, time_limit=None, max_samples=SAMPLES, max_states=STATES)
        b = hint(other, seed=4, time_limit=None, max_samples=SAMPLES, max_states=STATES)
        assert a == b


def test_a_hint_is_a_legal_move_with_its_chance() -> None:
    for wrap in (True, False):
        game = played(13, 4, TriPeaksRules(wrap=wrap))
        choice = hint(game, seed=1, time_limit=None, max_samples=SAMPLES, max_states=STATES)
        assert choice.move is not None and len(choice.move) == 1
        assert choice.move[0] in game.legal_move_list()
        assert choice.chance is not None and 0.0 <= choice.chance <= 1.0
        assert choice.samples >= 1 and choice.solves >= choice.samples


def test_with_nothing_unseen_the_hint_is_the_solvers_move() -> None:
    rules = TriPeaksRules(open=True)
    for number in range(1, 30):
        game = TriPeaks(number, rules=rules)
        while game.stock_count():  # turn the whole stock: then every card has been seen
            game.push(game.parse_move("s"))
        if game.outcome() is None:
            break
    assert not seen_of(game).unseen
    choice = hint(game, seed=0, max_states=STATES)
    found = search(game, Limits(None, STATES))
    assert choice.move is not None and choice.move[0] in game.legal_move_list()
    if found.status == "solved":
        assert choice.chance == 1.0 and str(choice.move[0]) == str(found.line[0])
    else:
        assert choice.chance == (0.0 if found.status == "unsolvable" else None)


def test_the_time_budget_holds() -> None:
    game = played(3, 2)
    start = time.perf_counter()
    choice = hint(game, seed=0, time_limit=0.1)
    assert time.perf_counter() - start < 1.0  # budget + two capped solves
    assert choice.move is not None


def test_hints_followed_end_the_game() -> None:
    game = TriPeaks(21)
    for _ in range(60):  # every move is irreversible: at most 28 + 23 moves
        if game.outcome() is not None:
            break
        choice = hint(game, seed=0, time_limit=None, max_samples=4, max_states=STATES // 4)
        assert choice.move is not None
        game.push(choice.move[0])
    assert game.outcome() is not None


def test_a_won_game_has_no_hint() -> None:
    game = TriPeaks(1)
    found = search(game)
    assert found.status == "solved"
    game.replay([str(m) for m in found.line])
    assert game.is_won()
    assert hint(game).move is None
