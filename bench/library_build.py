"""Benchmark of the deal library: how fast deals are verified and graded, and how grades fall.

Prints, for each draw asked:

* deals verified per second per core: the solver alone (each winning line replayed through the
  rules engine, as ``solve()`` always does), one process;
* grading time: the grader's games on the winnable deals (Klondike's follow the strong hint),
  per deal, and the time to grade 10,000 deals extrapolated from it (per core and on every core
  of this machine);
* a whole build (solve + grade + store) with the local process pool, in deals per second, and the
  grade distribution with the winnable share and its 95% Wilson interval.

    python bench/library_build.py --deals 1-2000 --draw 1 --draw 3 [--jobs 2] [--max-states N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from kosynka import Klondike, KlondikeRules
from kosynka.library import BuildSpec, build, open_library, parse_deal_ranges
from kosynka.library.build import DEFAULT_MAX_STATES, default_jobs
from kosynka.library.grading import GRADES, grader_of, runs_of
from kosynka.solver import SolveStatus, default_implementation, solve
from kosynka.solver.stats import wilson_interval


def verify_rate(
    draw: int, deals: list[int], max_states: int
) -> tuple[float, dict[str, int], list[int]]:
    """Solve every deal in this process: (deals per second, verdict counts, winnable deals)."""
    rules = KlondikeRules(draw=draw)
    counts: dict[str, int] = {}
    winnable: list[int] = []
    start = time.perf_counter()
    for d in deals:
        res = solve(Klondike(d, rules=rules), max_states=max_states)
        counts[res.status.value] = counts.get(res.status.value, 0) + 1
        if res.status is SolveStatus.SOLVED:
            winnable.append(d)
    return len(deals) / (time.perf_counter() - start), counts, winnable


def grade_seconds(draw: int, winnable: list[int], runs: int) -> float:
    """Mean seconds of the grader's ``runs`` games on one winnable deal, in this process."""
    rules = KlondikeRules(draw=draw)
    grade = grader_of("klondike")
    assert grade is not None
    start = time.perf_counter()
    for d in winnable:
        grade(Klondike(d, rules=rules), 1, runs)
    return (time.perf_counter() - start) / max(1, len(winnable))


def main() -> int:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deals", default="1-1000", help="deal range (default 1-1000)")
    ap.add_argument("--draw", type=int, action="append", choices=(1, 3), help="draw (repeatable)")
    ap.add_argument("--jobs", type=int, default=default_jobs(), help="pool size for the build")
    ap.add_argument("--max-states", type=int, default=DEFAULT_MAX_STATES)
    ap.add_argument("--runs", type=int, default=runs_of("klondike"))
    ap.add_argument("--skip-build", action="store_true", help="only the per-core figures")
    args = ap.parse_args()
    deals = parse_deal_ranges(args.deals)
    draws = args.draw or [1, 3]
    print(
        f"solver {default_implementation('klondike')}, {len(deals)} deals ({args.deals}), "
        f"state limit {args.max_states:,}, {args.runs} player games per winnable deal, "
        f"{os.cpu_count()} cores"
    )
    for draw in draws:
        rate, counts, winnable = verify_rate(draw, deals, args.max_states)
        per_deal = grade_seconds(draw, winnable, args.runs)
        win_share = len(winnable) / len(deals)
        solve_s = 1 / rate
        ten_k_core = 10_000 * (solve_s + win_share * per_deal)
        print(f"\nDraw {draw}")
        print(f"  verified: {rate:,.1f} deals/s per core  {counts}")
        print(
            f"  grading: {per_deal * 1000:.0f} ms per winnable deal ({args.runs} games); "
            f"10,000 deals solved + graded: {ten_k_core / 60:.1f} min on one core, "
            f"{ten_k_core / 60 / args.jobs:.1f} min on {args.jobs}"
        )
        if args.skip_build:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            db = os.path.join(tmp, "bench.sqlite")
            spec = BuildSpec(
                "klondike", KlondikeRules(draw=draw), max_states=args.max_states, runs=args.runs
            )
            report = build(spec, deals, db=db, jobs=args.jobs, progress=False)
            with open_library(db, create=False) as lib:
                [c] = lib.counts("klondike", spec.rules_text)
            print(
                f"  build with {args.jobs} processes: {report.examined / report.seconds:.1f} "
                f"deals/s ({report.seconds:.1f} s)"
            )
            graded = sum(c.grades.values()) or 1
            shares = ", ".join(
                f"{g} {c.grades.get(g, 0)} ({100 * c.grades.get(g, 0) / graded:.0f}%)"
                for g in GRADES
            )
            lo, hi = wilson_interval(c.solved, c.solved + c.unsolvable)
            decided = c.solved + c.unsolvable
            print(f"  grades: {shares}")
            print(
                f"  winnable {c.solved}, unwinnable {c.unsolvable}, undecided {c.undecided}; "
                f"winnable share {100 * c.solved / max(1, decided):.1f}% "
                f"(95% CI {100 * lo:.1f}..{100 * hi:.1f}%) of decided"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
