"""The grade thresholds of a game's rule sets, measured on a built library: for each rule set,
the scores of the winnable deals in a range of deal numbers, their 33rd and 67th percentiles
(the thresholds that put a third of the deals in each grade), how the deals fall with them, how
often the no-peek player won in each grade and the solver's median states. The graders'
docstrings hold the tables this prints (``kosynka.library.graders.<game>``).

Build the library first (one rule set at a time, any number of processes), e.g.::

    kosynka library build --game tripeaks --no-wrap --deals 1-5000 --db work.sqlite
    python bench/grade_thresholds.py --db work.sqlite --game tripeaks --deals 1-5000

A rule set whose deals were built on another range is given with ``--range RULES=RANGE``
(``--range 'passes=1 goal=pyramid=1-40000'``: the last ``=`` parts the rules from the range).
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from typing import Any

from kosynka.library import open_library, parse_deal_ranges
from kosynka.library.grading import GRADES, grade_by


def percentile(sorted_scores: Sequence[float], q: float) -> float:
    """The ``q`` percentile (0..100) of sorted scores, interpolated linearly between ranks."""
    if not sorted_scores:
        raise ValueError("no scores")
    at = (len(sorted_scores) - 1) * q / 100
    low = int(at)
    high = min(low + 1, len(sorted_scores) - 1)
    return sorted_scores[low] + (sorted_scores[high] - sorted_scores[low]) * (at - low)


def measure(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The thresholds (to one decimal) and the figures of one rule set's winnable records."""
    scores = sorted(float(r["score"]) for r in records)
    easy_below = round(percentile(scores, 33), 1)
    hard_from = round(percentile(scores, 67), 1)
    by_grade: dict[str, list[dict[str, Any]]] = {g: [] for g in GRADES}
    for r in records:
        by_grade[grade_by(float(r["score"]), easy_below, hard_from)].append(r)
    return {
        "winnable": len(records),
        "thresholds": (easy_below, hard_from),
        "counts": {g: len(v) for g, v in by_grade.items()},
        "player_wins": {
            g: sum(r["heur_wins"] for r in v) / max(1, sum(r["heur_runs"] for r in v))
            for g, v in by_grade.items()
        },
        "all_won": sum(1 for r in records if r["heur_wins"] == r["heur_runs"]),
        "none_won": sum(1 for r in records if r["heur_wins"] == 0),
        "median_states": {
            g: statistics.median(r["states"] for r in v) if v else 0 for g, v in by_grade.items()
        },
    }


def main() -> int:
    """Print the thresholds and the table of every rule set of ``--game`` in ``--db``."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", required=True, help="the built library")
    ap.add_argument("--game", required=True)
    ap.add_argument("--deals", default=None, help="the range of every rule set (default: all)")
    ap.add_argument("--range", action="append", default=[], help="RULES=RANGE for one rule set")
    args = ap.parse_args()
    ranges: dict[str, set[int]] = {}
    for item in args.range:
        rules, _, deals = item.rpartition("=")
        ranges[rules] = set(parse_deal_ranges(deals))
    every = set(parse_deal_ranges(args.deals)) if args.deals else None
    with open_library(args.db, create=False) as lib:
        texts = sorted({c.rules for c in lib.counts(args.game)})
        print(
            "| rules | deals | won | winnable | easy | normal | hard | thresholds | "
            "player wins (easy/normal/hard) | all 8 won / none | median states |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for text in texts:
            wanted = ranges.get(text, every)
            recs = [
                r for r in lib.records(args.game, text) if wanted is None or r["deal"] in wanted
            ]
            won = [r for r in recs if r["verdict"] == "solved"]
            if not won:
                continue
            m = measure(won)
            c, w, s = m["counts"], m["player_wins"], m["median_states"]
            n = m["winnable"]
            span = f"{min(r['deal'] for r in recs)}-{max(r['deal'] for r in recs)}"
            print(
                f"| {text} | {span} ({len(recs)}) | {n} | {100 * n / len(recs):.2f}% | "
                + " | ".join(f"{c[g]} ({100 * c[g] / n:.1f}%)" for g in GRADES)
                + f" | {m['thresholds'][0]}, {m['thresholds'][1]} | "
                + "/".join(f"{100 * w[g]:.0f}%" for g in GRADES)
                + f" | {m['all_won']} / {m['none_won']} | "
                + "/".join(f"{s[g]:g}" for g in GRADES)
                + " |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
