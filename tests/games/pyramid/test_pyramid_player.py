"""The no-peek Pyramid player: Kings first, pairs that free the pyramid, games that end, and a
choice that never depends on the stock under its top card."""

from __future__ import annotations

import random

from kosynka.games.pyramid import Move, Pyramid, PyramidRules
from kosynka.games.pyramid.player import best_move, play, score_move


def scrambled(game: Pyramid, seed: int) -> Pyramid:
    """The same position with the stock under its top card in another order."""
    stock = game.stock()
    rest = stock[1:]
    random.Random(seed).shuffle(rest)
    return Pyramid.from_position(
        game.places(), stock[:1] + rest, game.waste(), pass_number=game.pass_number,
        rules=game.rules,
    )  # fmt: skip


def positions() -> list[Pyramid]:
    """Positions along the first pass of deals 1-100 (a stock card turned at a time)."""
    out = []
    for deal in range(1, 101):
        game = Pyramid(deal)
        for _ in range(12):
            out.append(game.copy())
            game.push(Move.stock())
    return out


def test_a_king_goes_first() -> None:
    offered = [g for g in positions() if any(len(m.cards) == 1 for m in g.legal_move_list())]
    assert offered
    for game in offered:
        move = best_move(game)
        assert move is not None and len(move.cards) == 1


def test_a_pair_that_takes_a_pyramid_card_beats_the_tops_together() -> None:
    both = []
    for game in positions():
        tops = {game.stock_top(), game.waste_top()}
        pairs = [m for m in game.legal_move_list() if len(m.cards) == 2]
        if any(set(m.cards) == tops for m in pairs) and any(set(m.cards) != tops for m in pairs):
            both.append(game)
    assert both
    for game in both:
        move = best_move(game)
        assert move is not None and any(c in game.places() for c in move.cards)
        assert score_move(game, move) > 1


def test_the_choice_never_reads_the_stock_under_its_top() -> None:
    rng = random.Random(7)
    for deal in range(1, 41):
        game = Pyramid(deal)
        for _ in range(rng.randrange(0, 30)):
            moves = game.legal_move_list()
            if not moves or game.pass_number > 1:
                break
            game.push(rng.choice(moves))
        if game.pass_number > 1 or game.stock_count() < 2:
            continue
        for seed in range(3):
            assert best_move(scrambled(game, seed), 5) == best_move(game, 5), deal


def test_games_end_and_some_are_won() -> None:
    for rules in (PyramidRules(), PyramidRules(passes=None), PyramidRules(passes=1)):
        results = [play(Pyramid(d, rules=rules), seed=0) for d in range(1, 61)]
        assert all(r.moves < 1000 for r in results)
        assert all(r.won == (r.pyramid_left == 0) for r in results)
        if rules.passes != 1:
            assert sum(r.won for r in results) >= 6, rules.text()


def test_a_seed_makes_the_same_game() -> None:
    assert play(Pyramid(9), seed=3) == play(Pyramid(9), seed=3)
    assert play(Pyramid(9)) == play(Pyramid(9), seed=0)
    start = Pyramid(9)
    play(start)
    assert start.move_stack == [] and start == Pyramid(9)
