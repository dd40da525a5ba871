"""How fast each game's dead-end detector answers on positions met in play, and what it says.

For every game and variant of the starter libraries (Klondike Draw 1 and Draw 3, FreeCell,
Spider with 1, 2 and 4 suits), the first ``--per-grade`` deals of each grade are played by the
game's no-peek player (Klondike: ``Player.choose``; FreeCell: the line of ``play``; Spider:
``Player.choose`` and ``follow``), and the detector (``kosynka.games.<game>.deadend.search``,
what ``outcome()`` asks) is asked after every move. When the player stops short of a dead end
(it has no hint left), ``--wander`` random legal moves follow (seeded by the deal): the cards a
person moves to and fro at the end of a lost game. A game stops at its first dead end, as the
page does.

Printed per game and variant: positions asked, the detector's time (CPU time of the call, and
elapsed time; on a shared machine the CPU time is the fairer figure), median, p99 and max, the
share of positions answered "dead" and "bound hit" (the search stopped at its bound and said
"not dead"), the largest search (positions built), the games played and how many of them
ended at a dead end (for the "all" row of a game: every question of every variant, and the
games that ended at a dead end while the player still chose the moves).

    python bench/dead_ends.py                            # 30 deals per grade, every variant
    python bench/dead_ends.py --per-grade 100 --games spider --jobs 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kosynka.games.freecell import FreeCell
from kosynka.games.freecell import deadend as freecell_deadend
from kosynka.games.freecell.player import play as freecell_play
from kosynka.games.klondike import Klondike
from kosynka.games.klondike import deadend as klondike_deadend
from kosynka.games.klondike.player import Player as KlondikePlayer
from kosynka.games.spider import deadend as spider_deadend
from kosynka.games.spider.player import Player as SpiderPlayer
from kosynka.library import read_starter
from kosynka.library.grading import GRADES

MAX_MOVES = 1500
"""Moves a game may run before the bench stops it."""

Row = tuple[float, float, bool, bool, int, bool]
"""One question: CPU seconds, elapsed seconds, dead, bound hit, positions built, asked after
the player stopped (while wandering)."""


def _player_moves(game: Any, seed: int) -> Callable[[], Any]:
    """A function giving the no-peek player's next move in ``game`` and making it (None when
    the player stops)."""
    if isinstance(game, Klondike):
        kp = KlondikePlayer(game, seed)
        return lambda: kp.choose(make=True)
    if isinstance(game, FreeCell):
        line = iter(freecell_play(game, seed).line)

        def next_freecell() -> Any:
            move = next(line, None)
            if move is not None:
                game.push(move)
            return move

        return next_freecell
    sp = SpiderPlayer(game, seed)

    def next_spider() -> Any:
        move = sp.choose()
        if move is not None:
            sp.follow(move)
        return move

    return next_spider


def _search(game: Any) -> Any:
    """The game's detector."""
    if isinstance(game, Klondike):
        return klondike_deadend.search(game)
    if isinstance(game, FreeCell):
        return freecell_deadend.search(game)
    return spider_deadend.search(game)


def play_deal(job: tuple[str, str, int, int]) -> list[Row]:
    """Play one deal (game name, rules text, deal number, wander moves) and time the detector
    after every move."""
    name, rules_text, number, wander = job
    from kosynka.games import game_spec
    from kosynka.library.build import rules_of

    game = game_spec(name).deal(number, rules_of(name, rules_text))
    step = _player_moves(game, 0)
    rng = random.Random(number)
    rows: list[Row] = []
    wandering = False
    moves = 0
    while moves < MAX_MOVES:
        cpu, wall = time.thread_time(), time.perf_counter()
        found = _search(game)
        wall = time.perf_counter() - wall
        cpu = time.thread_time() - cpu
        rows.append((cpu, wall, found.dead, found.bound_hit, found.positions, wandering))
        if found.dead or game.is_won():
            break
        move = None if wandering else step()
        if move is None:
            wandering = True
            if wander <= 0:
                break
            wander -= 1
            legal = list(game.legal_moves)
            if not legal:
                break
            game.push(rng.choice(legal))
        moves += 1
    return rows


def _ms(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (seconds) in milliseconds."""
    if q >= 1.0:
        return 1000 * max(values)
    return 1000 * sorted(values)[min(len(values) - 1, int(q * len(values)))]


def _line(
    what: str, rules_text: str, rows: list[Row], games: list[list[Row]], wandering: bool
) -> str:
    """One row of the table."""
    cpu = [r[0] for r in rows]
    wall = [r[1] for r in rows]
    n = len(rows)
    ended = sum(1 for rs in games if rs[-1][2] and rs[-1][5] == wandering)
    return (
        f"{what:<17} {rules_text:<34} {n:>7}"
        f" {1000 * statistics.median(cpu):>8.3f} {_ms(cpu, 0.99):>7.2f} {_ms(cpu, 1.0):>7.1f}"
        f" {1000 * statistics.median(wall):>8.3f} {_ms(wall, 0.99):>7.2f} {_ms(wall, 1.0):>7.1f}"
        f" {100 * sum(r[2] for r in rows) / n:>5.2f}% {100 * sum(r[3] for r in rows) / n:>5.2f}%"
        f" {max(r[4] for r in rows):>8} {len(games):>6} {ended:>5}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-grade", type=int, default=30)
    ap.add_argument("--games", nargs="+", default=["klondike", "freecell", "spider"])
    ap.add_argument("--wander", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    print(
        f"Dead-end detector on positions met in play ({args.per_grade} starter deals per grade,"
        f" the no-peek player, then up to {args.wander} random moves)"
    )
    print(
        f"{'game':<17} {'rules':<34} {'asked':>7} {'cpu med':>8} {'p99':>7} {'max':>7}"
        f" {'wall med':>8} {'p99':>7} {'max':>7} {'dead':>6} {'bound':>6} {'largest':>8}"
        f" {'games':>6} {'lost':>5}"
    )
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.games:
            every: list[list[Row]] = []
            deals = read_starter(game=name)
            variants = sorted({d.rules_text for d in deals})
            for rules_text in variants:
                jobs = [
                    (name, rules_text, d.deal, args.wander)
                    for grade in GRADES
                    for d in [d for d in deals if d.rules_text == rules_text and d.grade == grade][
                        : args.per_grade
                    ]
                ]
                games = list(pool.map(play_deal, jobs, chunksize=2))
                every += games
                for wandering in (False, True):
                    rows = [r for rs in games for r in rs if r[5] == wandering]
                    if rows:
                        label = "  wander" if wandering else "  player"
                        print(_line(name + label, rules_text, rows, games, wandering), flush=True)
            rows = [r for rs in every for r in rs]
            if rows:
                print(_line(name + "  all", "every variant, player and wander", rows, every, False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
