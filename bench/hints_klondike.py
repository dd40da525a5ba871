"""How often does following only the page's hints win a Klondike deal?

The hint engine is the no-peeking player with the game's memory
(:func:`kosynka.games.klondike.player.hint`): it sees only face-up cards, never the face-down
ones or the stock's order. This follows its hint at every move (exactly what a player pressing
"hint" every time gets) on the starter library's deals of each grade, which the
full-information solver has proven winnable, and reports the share won beside that verdict.

    python bench/hints_klondike.py                    # 1,000 deals per grade, Draw 1 and Draw 3
    python bench/hints_klondike.py --per-grade 200 --draw 1 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike.player import Player
from kosynka.library import read_starter
from kosynka.library.grading import GRADES, wilson_interval

MAX_MOVES = 2000


def follow_hints(job: tuple[int, int]) -> tuple[bool, int]:
    """Play deal ``job[0]`` under Draw ``job[1]`` by its hints alone: (won, moves made)."""
    deal, draw = job
    player = Player(Klondike(deal, rules=KlondikeRules(draw=draw)), 0)
    moves = 0
    while moves < MAX_MOVES and not player.game.is_won():
        # hint() starts a fresh player (seed 0) from the game's history each time; this is the
        # same choice without replaying the history at every move.
        player.rng = random.Random(0)
        if player.choose(make=True) is None:
            break
        moves += 1
    return player.game.is_won(), moves


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-grade", type=int, default=1000)
    ap.add_argument("--draw", type=int, nargs="+", default=[1, 3])
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    deals = read_starter()
    print("Following only the hints, on starter deals proven winnable by the solver")
    print(f"{'draw':>4} {'grade':<7} {'deals':>6} {'won':>6} {'share':>7} {'95% CI':>15} "
          f"{'player 8 runs':>13} {'s':>6}")  # fmt: skip
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for draw in args.draw:
            for grade in GRADES:
                mine = [d for d in deals if d.draw == draw and d.grade == grade][: args.per_grade]
                t0 = time.monotonic()
                results = list(pool.map(follow_hints, [(d.deal, draw) for d in mine], chunksize=8))
                won = sum(1 for w, _ in results if w)
                lo, hi = wilson_interval(won, len(results))
                runs = sum(d.heur_wins for d in mine) / max(1, sum(d.heur_runs for d in mine))
                print(
                    f"{draw:>4} {grade:<7} {len(results):>6} {won:>6} "
                    f"{100 * won / max(1, len(results)):>6.1f}% "
                    f"{100 * lo:>6.1f}-{100 * hi:>5.1f}% {100 * runs:>12.1f}% "
                    f"{time.monotonic() - t0:>6.0f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
