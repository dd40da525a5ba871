"""The compiled core's twin of the no-peek Spider player (``_core.spider_play``) against the
Python player (:func:`kosynka.games.spider.player.play`): the same moves, move for move, from
deals and from positions part-way through games (empty columns, runs removed, rows dealt), for
many seeds. ``KOSYNKA_PLAYER_SEED`` and ``KOSYNKA_PLAYER_GAMES`` raise the seed and the number
of games."""

from __future__ import annotations

import os
import random

import pytest

from kosynka.games.spider import Move, Spider, SpiderRules
from kosynka.games.spider.player import PlayResult, play, play_quickly
from kosynka.solver import available_implementations
from tests.games.spider.spider_positions import trapped_position

pytestmark = pytest.mark.skipif(
    "native" not in available_implementations("spider"), reason="the compiled core is not built"
)

SEED = int(os.environ.get("KOSYNKA_PLAYER_SEED", "1"))
GAMES = int(os.environ.get("KOSYNKA_PLAYER_GAMES", "36"))


def code(move: Move) -> int:
    """The core's number for a move: -1 a row dealt, else (source * 52 + card) * 11 + to."""
    if move.card is None:
        return -1
    assert move.source is not None
    return (move.source * 52 + move.card.index) * 11 + move.to


def core_game(game: Spider, seed: int) -> tuple[PlayResult, list[int]]:
    """The core's game from ``game``'s position: its result and its moves."""
    from kosynka.solver import _core

    won, moves, card_moves, runs, down, rows, line = _core.spider_play(
        *game.solver_position(), seed, 1500, True
    )
    return PlayResult(won, moves, card_moves, runs, down, rows), line


def part_way(rng: random.Random) -> Spider:
    """A KPat deal of 1, 2 or 4 suits after some random legal moves (rows dealt among them)."""
    game = Spider(rng.randrange(1, 10**6), rules=SpiderRules(suits=rng.choice((1, 2, 4))))
    for _ in range(rng.randrange(0, 120)):
        moves = game.legal_move_list()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def test_the_core_makes_the_python_player_s_moves() -> None:
    rng = random.Random(SEED)
    for n in range(GAMES):
        game = part_way(rng)
        seed = rng.choice((0, 1, 7, rng.getrandbits(40)))
        line: list[Move] = []
        result = play(game, seed, line=line)
        theirs, their_line = core_game(game, seed)
        where = f"game {n} of seed {SEED}: {game.deal_number} after {len(game.move_stack)} moves"
        assert their_line == [code(m) for m in line], where
        assert theirs == result, where


def test_the_core_leaves_a_run_unfinished_when_no_row_could_be_dealt_after() -> None:
    game = trapped_position()
    line: list[Move] = []
    result = play(game, 0, line=line)
    theirs, their_line = core_game(game, 0)
    assert their_line == [code(m) for m in line]
    assert theirs == result
    assert result.won and their_line[0] != code(Move.parse("2:AS>1"))


def test_play_quickly_is_play() -> None:
    for suits in (1, 2, 4):
        game = Spider(3, rules=SpiderRules(suits=suits))
        assert play_quickly(game, 5) == play(game, 5)


def test_the_core_refuses_a_position_it_cannot_hold() -> None:
    from kosynka.solver import _core

    cols, hidden, stock, removed = Spider(1).solver_position()
    with pytest.raises(ValueError, match="card index"):
        _core.spider_play([[60], *cols[1:]], hidden, stock, removed, 0)
    with pytest.raises(ValueError, match="whole rows"):
        _core.spider_play(cols, hidden, stock[:-1], removed, 0)
    with pytest.raises(ValueError, match="ten columns"):
        _core.spider_play(cols[:9], hidden, stock, removed, 0)
