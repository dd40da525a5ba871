"""Perft for any game: the leaf count of its move tree, walked by the game's move generator."""

from __future__ import annotations

from typing import Any

from kosynka.games import Game


def perft(game: Game[Any], depth: int, seen: set[object]) -> int:
    """Leaf count of the move tree to ``depth`` (the game's ``legal_move_list``); ``seen``
    collects the distinct leaf positions."""
    if depth == 0:
        seen.add(game.key())
        return 1
    total = 0
    for move in game.legal_move_list():  # type: ignore[attr-defined]
        game.push(move)
        total += perft(game, depth - 1, seen)
        game.pop()
    return total
