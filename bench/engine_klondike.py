"""Benchmark the Klondike rules engine.

1. Replay a 300-move game from its deal (move text parsed, every move checked) and list the
   legal moves: what the web service does on every request. Goal: under 5 ms.
2. Random playouts: moves per second (push with checking, legal move generation included).

Run: python bench/engine_klondike.py [--games 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kosynka import Klondike, KlondikeRules, Move


def record_game(deal: int, rules: KlondikeRules, length: int, rng: random.Random) -> list[str]:
    """A legal game of ``length`` moves from ``deal`` (random moves, card moves preferred)."""
    game = Klondike(deal, rules=rules)
    moves: list[str] = []
    while len(moves) < length:
        legal = list(game.legal_moves)
        if not legal:
            break
        card_moves = [m for m in legal if m.card is not None]
        pick = rng.choice(card_moves) if card_moves and rng.random() < 0.5 else rng.choice(legal)
        game.push(pick)
        moves.append(str(pick))
    return moves


def bench_replay(n_games: int, rng: random.Random) -> None:
    for draw in (1, 3):
        rules = KlondikeRules(draw=draw)
        games = []
        deal = 1
        while len(games) < n_games:
            moves = record_game(deal, rules, 300, rng)
            if len(moves) == 300:
                games.append((deal, moves))
            deal += 1
        times = []
        for deal, moves in games:
            t0 = time.perf_counter()
            game = Klondike(deal, rules=rules)
            game.replay(Move.parse(m) for m in moves)
            legal = list(game.legal_moves)
            times.append(time.perf_counter() - t0)
            assert game.moves_made == 300 and legal is not None
        times.sort()
        ms = [t * 1000 for t in times]
        print(
            f"replay 300 moves + legal moves, draw {draw}: {len(ms)} games, "
            f"median {statistics.median(ms):.2f} ms, p90 {ms[int(0.9 * len(ms))]:.2f} ms, "
            f"max {ms[-1]:.2f} ms (goal < 5 ms)"
        )


def bench_playouts(seconds: float, rng: random.Random) -> None:
    for draw in (1, 3):
        rules = KlondikeRules(draw=draw)
        moves = 0
        games = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            game = Klondike(rng.randrange(1, 10**9), rules=rules)
            for _ in range(400):
                legal = list(game.legal_moves)
                if not legal:
                    break
                game.push(rng.choice(legal))
                moves += 1
            games += 1
        elapsed = time.perf_counter() - t0
        print(
            f"random playouts, draw {draw}: {moves / elapsed:,.0f} moves/s "
            f"({games} games, {moves} moves in {elapsed:.1f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    rng = random.Random(2026)
    bench_replay(args.games, rng)
    bench_playouts(args.seconds, rng)


if __name__ == "__main__":
    main()
