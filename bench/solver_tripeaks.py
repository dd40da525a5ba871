"""TriPeaks winnability: PySolFC's Tri Peaks deals through kosynka's full-information solver.

    python bench/solver_tripeaks.py --deals 1-10000 [--no-wrap] [--time-limit 10]
        [--implementation native|python]

Each deal is solved with the game's solver front (``kosynka.solver.tripeaks``; every winning
line is replayed through the rules engine before it counts), one deal after the other in this
process, by each implementation installed in turn (the compiled core, then the pure-Python
reference), or by the one asked for. Prints, per implementation, the deals won, unwinnable and
undecided, the winnable share with its 95% Wilson interval, and the median, 95th percentile and
largest time a deal took (the search alone).
"""

from __future__ import annotations

import argparse
import statistics
import time

from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.solver import tripeaks as front
from kosynka.solver.result import Limits
from kosynka.solver.stats import wilson_interval


def main() -> None:
    """Solve the deals asked for and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", default="1-1000", help="a range A-B of PySolFC deal numbers")
    ap.add_argument("--no-wrap", action="store_true", help="King and Ace not next to each other")
    ap.add_argument("--time-limit", type=float, default=10.0, help="seconds a deal may take")
    ap.add_argument(
        "--implementation",
        choices=["native", "python"],
        help="only this implementation (default: each one installed)",
    )
    args = ap.parse_args()
    lo, hi = (int(x) for x in args.deals.split("-"))
    rules = TriPeaksRules(wrap=not args.no_wrap)
    impls = [args.implementation] if args.implementation else front.available_implementations()
    for impl in impls:
        run(impl, rules, lo, hi, args.time_limit)


def run(impl: str, rules: TriPeaksRules, lo: int, hi: int, time_limit: float) -> None:
    """Solve deals ``lo``-``hi`` under ``rules`` with ``impl`` and print its figures."""
    won = lost = undecided = 0
    times: list[float] = []
    for deal in range(lo, hi + 1):
        game = TriPeaks(deal, rules=rules)
        began = time.perf_counter()
        found = front.search(game, Limits(time_limit, None), impl)
        times.append(time.perf_counter() - began)
        if found.status == "solved":
            front.replay(game, list(found.line))
            won += 1
        elif found.status == "unsolvable":
            lost += 1
        else:
            undecided += 1
    decided = won + lost
    a, b = wilson_interval(won, decided)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{impl}: TriPeaks {rules.text()}, PySolFC deals {lo}-{hi}: {won} won, {lost} unwinnable, "
        f"{undecided} undecided; winnable {100 * won / decided:.2f}% "
        f"(95% Wilson {100 * a:.2f}-{100 * b:.2f}%); time a deal: median "
        f"{1000 * statistics.median(times):.2f} ms, p95 {1000 * p95:.1f} ms, "
        f"max {1000 * times[-1]:.0f} ms"
    )


if __name__ == "__main__":
    main()
