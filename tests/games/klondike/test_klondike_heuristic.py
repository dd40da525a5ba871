"""The visible-information hint heuristic and the safe-to-foundation rule."""

from __future__ import annotations

import random

from kosynka import Card, Klondike, KlondikeRules, Move
from kosynka.games.klondike.player import heuristic_hint, is_safe_home, safe_home_moves
from tests.games.klondike.klondike_positions import position

EMPTY = ["-"] * 6


def test_safe_home_needs_the_other_colour_home() -> None:
    safe = position(["* 3H", *EMPTY], foundations="2C - - 2S")
    assert is_safe_home(safe, Card.parse("3H"))
    assert safe_home_moves(safe) == []  # the heart foundation is empty: 3H cannot go yet
    unsafe = position(["* 3H", *EMPTY], foundations="AC - - 2S")
    assert not is_safe_home(unsafe, Card.parse("3H"))
    assert is_safe_home(unsafe, Card.parse("2D")) and is_safe_home(unsafe, Card.parse("AD"))


def test_prefers_the_move_that_turns_a_card() -> None:
    # 8S (on a face-down 4D) and 8C (alone in its column) both fit on 9H: only the first
    # turns a card; the second only empties a column with no King to fill it.
    game = position(["* 9H", "4d 8S", "8C", "-", "-", "-", "-"])
    assert {"8S>1", "8C>1"} <= {str(m) for m in game.legal_moves}
    hint = heuristic_hint(game)
    assert (str(hint.move), hint.kind) == ("8S>1", "heuristic")


def test_sends_aces_home_first() -> None:
    game = position(["* 9H", "4d 8S", "AD", "-", "-", "-", "-"])
    assert str(heuristic_hint(game).move) == "AD>f"


def test_draws_when_no_card_move_helps() -> None:
    game = position(["* QS", *EMPTY], stock="5H")
    hint = heuristic_hint(game)
    assert (hint.move, hint.kind) == (Move.draw(), "draw")


def test_recycles_when_the_stock_is_empty() -> None:
    game = position(["* QS", *EMPTY], waste="5H")
    hint = heuristic_hint(game)
    assert (hint.move, hint.kind) == (Move.recycle(), "recycle")


def test_stuck_only_when_nothing_can_ever_move() -> None:
    game = position(["* QS", *EMPTY])
    assert game.is_stuck()
    assert heuristic_hint(game).move is None and heuristic_hint(game).kind == "stuck"


def test_never_a_false_no_moves_in_random_play() -> None:
    rng = random.Random(4)
    checked = 0
    for deal in (3, 17, 12345):
        for draw in (1, 3):
            game = Klondike(deal, rules=KlondikeRules(draw=draw, passes=2))
            for _ in range(150):
                legal = list(game.legal_moves)
                hint = heuristic_hint(game)
                checked += 1
                if legal:
                    assert hint.move in legal, (deal, draw, str(hint.move))
                else:
                    assert hint.move is None and hint.kind == "stuck" and game.is_stuck()
                    break
                game.push(rng.choice(legal))
    assert checked > 300


def test_with_draw_3_the_waste_card_is_never_a_safe_move_home() -> None:
    """The auto option sends safe cards home; with Draw 3 a waste card taken out of the talon
    would shift the later draws, so it goes only when the player sends it. Drawing one card
    at a time it goes as a column's card does."""
    columns = ["* 2D", *EMPTY]
    for draw, home in ((1, {"2D>f", "2H>f"}), (3, {"2D>f"})):
        game = position(
            columns, waste="5S 2H", foundations="AC AD AH -", rules=KlondikeRules(draw=draw)
        )
        assert {str(m) for m in safe_home_moves(game)} == home
