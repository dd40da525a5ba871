"""Pyramid winnability: PySolFC's Pyramid deals through kosynka's full-information solver.

    python bench/solver_pyramid.py --deals 1-10000 [--passes 3] [--goal pyramid]
        [--implementation native] [--time-limit 60]

Each deal is solved with the game's solver front (``kosynka.solver.pyramid``; every winning
line is replayed through the rules engine before it counts), one deal after the other in this
process. Prints the deals won, unwinnable and undecided, the winnable share with its 95% Wilson
interval, and the median, 95th percentile and largest time a deal took (the search alone), with
the deal that took it: on the clock on the wall and in this process's CPU time (the two part
when other work shares the cores).
"""

from __future__ import annotations

import argparse
import statistics
import time

from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.solver import pyramid as front
from kosynka.solver.result import Limits
from kosynka.solver.stats import wilson_interval


def main() -> None:
    """Solve the deals asked for and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="a range A-B of PySolFC deal numbers")
    ap.add_argument(
        "--passes", default="3", choices=["1", "2", "3", "unlimited"], help="passes allowed"
    )
    ap.add_argument("--goal", default="pyramid", choices=["pyramid", "all"], help="what must go")
    ap.add_argument(
        "--implementation",
        default=front.available_implementations()[0],
        choices=front.available_implementations(),
        help="the solver's implementation (the compiled core when installed)",
    )
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds a deal may take")
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.deals.split("-"))
    passes = None if args.passes == "unlimited" else int(args.passes)
    rules = PyramidRules(passes=passes, goal=args.goal)
    won = lost = undecided = 0
    times: list[tuple[float, int]] = []  # (seconds on the wall, deal)
    cpu: list[tuple[float, int]] = []  # (CPU seconds, deal)
    for deal in range(lo, hi + 1):
        game = Pyramid(deal, rules=rules)
        began, began_cpu = time.perf_counter(), time.process_time()
        found = front.search(game, Limits(args.time_limit, None), args.implementation)
        times.append((time.perf_counter() - began, deal))
        cpu.append((time.process_time() - began_cpu, deal))
        if found.status == "solved":
            front.replay(game, list(found.line))
            won += 1
        elif found.status == "unsolvable":
            lost += 1
        else:
            undecided += 1
    decided = won + lost
    a, b = wilson_interval(won, decided)
    print(
        f"Pyramid {rules.text()} ({args.implementation}), PySolFC deals {lo}-{hi}: {won} won, "
        f"{lost} unwinnable, {undecided} undecided; winnable {100 * won / decided:.2f}% "
        f"(95% Wilson {100 * a:.2f}-{100 * b:.2f}%); time a deal: "
        f"{spread(times)} on the wall, {spread(cpu)} of CPU"
    )


def spread(times: list[tuple[float, int]]) -> str:
    """The median, 95th percentile and largest of ``times`` ((seconds, deal) pairs), with the
    slowest deal."""
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))][0]
    slowest, deal = times[-1]
    median = statistics.median(t for t, _ in times)
    return (
        f"median {1000 * median:.2f} ms, p95 {1000 * p95:.1f} ms, "
        f"max {1000 * slowest:.0f} ms (deal {deal})"
    )


if __name__ == "__main__":
    main()
