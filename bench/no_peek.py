"""Following the hints from the first move: the no-peek player's win rates, as a user gets them.

Runs the installed command line, ``kosynka play GAME --deals A-B [rule flags] --json``, once per
rule set, and prints a Markdown table: deals won with the 95% Wilson interval, the hint's
median, 95th percentile and slowest time, the goal and the published figure beside it.

    python bench/no_peek.py --deals 1-200 --jobs 2
    python bench/no_peek.py --deals 1-100 --only klondike-draw-3 spider-2
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    """One rule set: its name, game and flags, the issue's goal and the best published figure."""

    name: str
    game: str
    flags: tuple[str, ...]
    goal: str
    published: str


VARIANTS = (
    Variant(
        "klondike-draw-1",
        "klondike",
        ("--draw", "1", "--numbering", "kpat"),
        ">= 65%",
        "53.5% (a rule-based player, danielrcollins1/SolitaireSolver)",
    ),
    Variant(
        "klondike-draw-3",
        "klondike",
        ("--draw", "3", "--numbering", "kpat"),
        ">= 48%",
        "47.58% of 15,024 (lonelybot, knowing the stock's order)",
    ),
    Variant(
        "klondike-draw-1-passes-1",
        "klondike",
        ("--draw", "1", "--passes", "1", "--numbering", "kpat"),
        "",
        "none published",
    ),
    Variant(
        "klondike-draw-3-passes-3",
        "klondike",
        ("--draw", "3", "--passes", "3", "--numbering", "kpat"),
        "",
        "none published",
    ),
    Variant("spider-1", "spider", ("--suits", "1"), ">= 95%", "none published"),
    Variant("spider-2", "spider", ("--suits", "2"), ">= 70%", "none published"),
    Variant(
        "spider-4",
        "spider",
        ("--suits", "4"),
        ">= 35%",
        "about 6% (best no-peek program); 48.7% an expert without undo",
    ),
)


def run(variant: Variant, deals: str, jobs: int, time_limit: float | None) -> dict[str, object]:
    """One ``kosynka play`` run: its summary line, with the wall time added."""
    exe = shutil.which("kosynka")
    command = [exe] if exe else [sys.executable, "-m", "kosynka"]
    command += ["play", variant.game, "--deals", deals, *variant.flags, "--json"]
    command += ["--jobs", str(jobs)]
    if time_limit is not None:
        command += ["--time-limit", str(time_limit)]
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    last = json.loads(done.stdout.splitlines()[-1])["summary"]
    last["wall_s"] = round(time.perf_counter() - began, 1)
    return dict(last)


def main() -> int:
    """Run the chosen rule sets and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-100", help="deal numbers (KPat's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per run")
    parser.add_argument("--time-limit", type=float, help="seconds per hint (default: the hint's)")
    parser.add_argument("--only", nargs="*", help="rule sets by name (default: all)")
    args = parser.parse_args()
    chosen = [v for v in VARIANTS if not args.only or v.name in args.only]
    print(
        "| rules | deals | won | rate (95% Wilson) | goal | published | hint median | p95 | max |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for v in chosen:
        s = run(v, args.deals, args.jobs, args.time_limit)
        low, high = s["wilson95"]  # type: ignore[misc]
        rate = float(s["rate"])  # type: ignore[arg-type]
        print(
            f"| {v.name} | {s['deals']} | {s['won']} | {100 * rate:.1f}% "
            f"({100 * low:.1f}-{100 * high:.1f}) | {v.goal} | {v.published} | "
            f"{s['hint_ms_median']} ms | {s['hint_ms_p95']} ms | {s['hint_ms_max']} ms |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
