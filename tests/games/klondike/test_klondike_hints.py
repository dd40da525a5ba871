"""Klondike's hints (the no-peek player with the game's memory, ``hint()``): they never lead
back to a position the game has had, never move a card to and fro, end when nothing helps,
and read no face-down card."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from kosynka import Klondike, KlondikeRules, Move
from kosynka.games.klondike.player import Player, hint


def hint_player(game: Klondike) -> Player:
    """A player as the game's hint, from ``game``'s position."""
    return Player(game.copy(stack=False), 0, hints=True)


def next_hint(player: Player) -> Move | None:
    """The hint now, as :func:`hint` gives it (a fresh player starts from seed 0)."""
    player.rng = random.Random(0)
    return player.choose()


def source(game: Klondike, move: Move) -> int | str:
    """The column the card of ``move`` lies in, or ``other`` (waste, foundation)."""
    assert move.card is not None
    return next((i for i in range(7) if move.card in game.column(i)), "other")


# Deals 16 and 39 (Draw 1) are where a hint that forgets the game so far moves a card between
# two columns, a round of the stock between each move; the others are a mix of won and lost games.
@pytest.mark.parametrize(("deal", "draw"), [(16, 1), (39, 1), (153, 1), (5, 1), (39, 3), (4, 3)])
def test_following_the_hints_never_comes_back_nor_to_and_fro(deal: int, draw: int) -> None:
    player = hint_player(Klondike(deal, rules=KlondikeRules(draw=draw)))
    seen: set[Hashable] = {player.game.key()}
    last: dict[object, tuple[object, object, int]] = {}
    gains = 0
    made = 0
    while made < 2000:
        move = next_hint(player)
        if move is None:
            break
        src = source(player.game, move) if move.card is not None else None
        marks = (player.best, len(player.shown))
        player.follow(move)
        made += 1
        key = player.game.key()
        assert key not in seen, f"hint {made} ({move}) went back to a position already had"
        seen.add(key)
        if (player.best, len(player.shown)) != marks:
            gains += 1  # progress: a card turned up or home, the talon smaller, a card seen
        if move.card is not None:
            before = last.get(move.card)
            assert before is None or before != (move.to, src, gains), f"{move} went back"
            last[move.card] = (src, move.to, gains)
    assert 20 < made < 2000
    assert player.game.is_won() or next_hint(player) is None


def test_the_hint_from_the_history_is_the_one_kept_from_move_to_move() -> None:
    """The server rebuilds the player from the record at every hint; the bench keeps it."""
    start = Klondike(39, rules=KlondikeRules(draw=1))
    player = hint_player(start)
    made: list[Move] = []
    for n in range(120):
        move = next_hint(player)
        if n % 15 == 0 or move is None:
            assert hint(start, made) == move, n
        if move is None:
            break
        player.follow(move)
        made.append(move)


@pytest.mark.parametrize(("deal", "draw"), [(16, 1), (153, 1), (39, 3)])
def test_the_hints_read_no_face_down_card(deal: int, draw: int) -> None:
    """Two games that differ only in the face-down cards that stay face down all along get
    the same hint at every move."""
    start = Klondike(deal, rules=KlondikeRules(draw=draw))
    first = hint_player(start)
    made: list[Move] = []
    while len(made) < 2000 and (move := next_hint(first)) is not None:
        first.follow(move)
        made.append(move)
    keep = [first.game.face_down_count(i) for i in range(7)]
    assert sum(keep) >= 2
    other = start.copy(stack=False)
    pool = [c for col, h in zip(other._cols, keep, strict=True) for c in col[:h]]
    shuffled = list(pool)
    random.Random(deal).shuffle(shuffled)
    assert shuffled != pool
    k = 0
    for col, h in zip(other._cols, keep, strict=True):
        col[:h] = shuffled[k : k + h]
        k += h
    assert other.key() != start.key()
    second = hint_player(other)
    for n, move in enumerate(made):
        assert next_hint(second) == move, n
        second.follow(move)
    assert next_hint(second) is None
