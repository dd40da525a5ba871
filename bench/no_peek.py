"""Following the hints from the first move: the no-peek player's win rates, as a user gets them.

Runs the installed command line, ``kosynka play GAME --deals A-B [rule flags] --json``, once per
rule set, and prints a Markdown table: deals won with the 95% Wilson interval, the hint's
median, 95th percentile and slowest time, the goal and the published figure beside it.

With ``--lonelybot PATH`` (lonelybot's ``lonecli``, built as ``bench/no_peek.md`` says), Klondike
Draw 3 is played on the same deals by lonelybot's own no-peek player too (``lonecli hop``: 3,000
samples a move, the stock's order known, its face-down cards hidden), each KPat deal given to it
as the exact order of its cards; a second row has its wins, and a line after the table counts
the deals won by both, by one of the two and by neither.

    python bench/no_peek.py --deals 1-200 --jobs 2
    python bench/no_peek.py --deals 1-100 --only klondike-draw-3 spider-2
    python bench/no_peek.py --deals 1-400 --jobs 2 --only klondike-draw-3 --lonelybot /tmp/lonecli
    python bench/no_peek.py --deals 1-2000 --jobs 2 --only klondike-draw-3 --record /tmp/runs/d3

With ``--record DIR`` every deal's game is kept in DIR as it ends, so that a run of thousands of
deals, stopped part way, goes on where it stopped when run again with the same DIR.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from kosynka import Klondike, KlondikeRules
from kosynka.library import parse_deal_ranges
from kosynka.solver.stats import wilson_interval


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


def _command(variant: Variant, deals: str, jobs: int, time_limit: float | None) -> list[str]:
    """The ``kosynka play`` command line of ``variant`` on ``deals``."""
    exe = shutil.which("kosynka")
    command = [exe] if exe else [sys.executable, "-m", "kosynka"]
    command += ["play", variant.game, "--deals", deals, *variant.flags, "--json"]
    command += ["--jobs", str(jobs)]
    if time_limit is not None:
        command += ["--time-limit", str(time_limit)]
    return command


def run(variant: Variant, deals: str, jobs: int, time_limit: float | None) -> dict[str, object]:
    """One ``kosynka play`` run: its summary line, with the wall time and the deals won
    (``won_deals``) added."""
    began = time.perf_counter()
    done = subprocess.run(
        _command(variant, deals, jobs, time_limit), capture_output=True, text=True, check=True
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    last = lines[-1]["summary"]
    last["wall_s"] = round(time.perf_counter() - began, 1)
    last["won_deals"] = {int(r["deal"]) for r in lines[:-1] if r["won"]}
    return dict(last)


def _read_rows(path: Path) -> list[dict[str, object]]:
    """The whole JSON lines of ``path`` (none when it does not exist). A last line cut short by
    a run stopped in the middle of writing it is dropped from the file."""
    if not path.exists():
        return []
    text = path.read_text()
    rows: list[dict[str, object]] = []
    kept = 0
    for line in text.splitlines(keepends=True):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            break
        kept += len(line)
    if kept < len(text):
        path.write_text(text[:kept])
    return rows


def _ranges(numbers: list[int]) -> str:
    """``numbers`` (sorted) as the shortest list of ranges ``kosynka play`` reads."""
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ",".join(parts)


def recorded_run(
    variant: Variant, deals: str, jobs: int, time_limit: float | None, record: Path
) -> dict[str, object]:
    """:func:`run` kept in the folder ``record``, so that a run stopped part way goes on where
    it stopped: each deal's line is added to ``VARIANT.jsonl`` as ``kosynka play`` prints it,
    deals found there are not played again, and each run that ends adds its summary to
    ``VARIANT.summaries.jsonl``. The hint's median and p95 are then the highest of those runs'
    (the hints' own times are not kept), the slowest the slowest of every deal's line."""
    name = variant.name if time_limit is None else f"{variant.name}-t{time_limit:g}"
    rows_path = record / f"{name}.jsonl"
    sums_path = record / f"{name}.summaries.jsonl"
    record.mkdir(parents=True, exist_ok=True)
    numbers = parse_deal_ranges(deals)
    have = {int(cast("int", r["deal"])) for r in _read_rows(rows_path)}
    missing = [n for n in numbers if n not in have]
    if missing:
        command = _command(variant, _ranges(missing), jobs, time_limit)
        with (
            rows_path.open("a") as rows,
            subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as proc,
        ):
            assert proc.stdout is not None
            for line in proc.stdout:
                if line.startswith('{"summary"'):
                    with sums_path.open("a") as sums:
                        sums.write(json.dumps(json.loads(line)["summary"]) + "\n")
                else:
                    rows.write(line)
                    rows.flush()
        if proc.returncode:
            raise SystemExit(f"kosynka play stopped with status {proc.returncode}")
    wanted = set(numbers)
    rows_by_deal = {int(cast("int", r["deal"])): r for r in _read_rows(rows_path)}
    chosen = [rows_by_deal[n] for n in numbers if n in rows_by_deal]
    won = {int(cast("int", r["deal"])) for r in chosen if r["won"]}
    low, high = wilson_interval(len(won), len(chosen))
    sums = [s for s in _read_rows(sums_path) if s]
    return {
        "deals": len(chosen),
        "won": len(won),
        "rate": round(len(won) / len(chosen), 4) if chosen else 0.0,
        "wilson95": [round(low, 4), round(high, 4)],
        "hint_ms_median": max((cast("float", s["hint_ms_median"]) for s in sums), default=0.0),
        "hint_ms_p95": max((cast("float", s["hint_ms_p95"]) for s in sums), default=0.0),
        "hint_ms_max": max((cast("float", r["hint_ms_max"]) for r in chosen), default=0.0),
        "won_deals": won & wanted,
    }


# lonelybot's cards: value rank * 4 + suit, ranks from the ace (0), suits hearts, diamonds,
# clubs, spades; ours: suit * 13 + rank, suits clubs, diamonds, hearts, spades.
LONELYBOT_SUIT = (2, 1, 0, 3)


def lonelybot_seed(deal: int) -> int:
    """KPat Klondike deal ``deal`` as lonelybot's exact seed: the number of the order of its
    52 cards (lonelybot's ``encode_shuffle``), the seven columns first (column i, from 0: its
    cards bottom to top at places i(i+1)/2 ...), then the stock in drawing order."""
    game = Klondike(deal, rules=KlondikeRules(draw=3), numbering="kpat")
    cards: list[int] = []
    for column in game._cols:
        cards += column
    cards += game._stock[::-1]  # our stock's next card is its last
    order = [(c % 13) * 4 + LONELYBOT_SUIT[c // 13] for c in cards]
    number = 0
    for value in range(51, 0, -1):
        at = order.index(value, 0, value + 1)
        number = number * (value + 1) + at
        order[at], order[value] = order[value], order[at]
    return number


def lonelybot_game(lonecli: str, deal: int) -> tuple[bool, float]:
    """lonelybot's no-peek player on one deal: (won, seconds)."""
    began = time.perf_counter()
    done = subprocess.run(
        [lonecli, "hop", "exact", str(lonelybot_seed(deal))],
        capture_output=True,
        text=True,
        check=True,
    )
    ending = done.stdout.strip().rsplit("\n", 1)[-1]
    if ending not in ("Solved", "Lost"):
        raise SystemExit(f"lonecli hop ended deal {deal} with {ending!r}")
    return ending == "Solved", time.perf_counter() - began


def mcnemar_p(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided test of two players on the same deals: the chance, were they
    equally strong, of a split of the deals won by one of them as uneven as ``only_a`` against
    ``only_b`` or more.

    >>> round(mcnemar_p(36, 49), 3)
    0.193
    """
    n = only_a + only_b
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2**n
    return min(1.0, 2 * tail)


def lonelybot_row(lonecli: str, deals: str, jobs: int, ours: set[int], record: Path | None) -> None:
    """Play ``deals`` with lonelybot's player on ``jobs`` threads; print its row and the
    deals won by both, one or neither. With ``record``, each deal's game is added to
    ``lonelybot.jsonl`` there as it ends, and the deals found there are not played again
    (lonelybot's player gives the same game every time: its seed is the deal's)."""
    numbers = parse_deal_ranges(deals)
    path = record / "lonelybot.jsonl" if record is not None else None
    games: dict[int, tuple[bool, float]] = {}
    if path is not None:
        for r in _read_rows(path):
            games[int(cast("int", r["deal"]))] = (
                bool(r["won"]),
                float(cast("float", r["seconds"])),
            )
    missing = [n for n in numbers if n not in games]
    with ThreadPoolExecutor(jobs) as pool:
        futures = {pool.submit(lonelybot_game, lonecli, d): d for d in missing}
        for future in as_completed(futures):
            deal = futures[future]
            games[deal] = future.result()
            if path is not None:
                with path.open("a") as out:
                    won, seconds = games[deal]
                    row = {"deal": deal, "won": won, "seconds": round(seconds, 2)}
                    out.write(json.dumps(row) + "\n")
    won = {d for d in numbers if games[d][0]}
    low, high = wilson_interval(len(won), len(numbers))
    median = statistics.median(games[d][1] for d in numbers)
    print(
        f"| lonelybot hop, Draw 3 | {len(numbers)} | {len(won)} | "
        f"{100 * len(won) / len(numbers):.1f}% ({100 * low:.1f}-{100 * high:.1f}) | | "
        f"3,000 samples a move | {median:.2f} s a game | | |"
    )
    print(
        f"\nSame deals: both won {len(won & ours)}, only kosynka {len(ours - won)}, "
        f"only lonelybot {len(won - ours)}, neither {len(numbers) - len(won | ours)} "
        f"(McNemar's exact test: p = {mcnemar_p(len(ours - won), len(won - ours)):.2f})."
    )


def main() -> int:
    """Run the chosen rule sets and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-100", help="deal numbers (KPat's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per run")
    parser.add_argument("--time-limit", type=float, help="seconds per hint (default: the hint's)")
    parser.add_argument("--only", nargs="*", help="rule sets by name (default: all)")
    parser.add_argument("--lonelybot", help="lonelybot's lonecli: play Draw 3 with it too")
    parser.add_argument(
        "--record",
        type=Path,
        help="a folder keeping every deal's game as it ends; a run stopped part way, run "
        "again with the same folder, plays only the deals not yet there (one folder per build "
        "of the player)",
    )
    args = parser.parse_args()
    chosen = [v for v in VARIANTS if not args.only or v.name in args.only]
    print(
        "| rules | deals | won | rate (95% Wilson) | goal | published | hint median | p95 | max |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for v in chosen:
        if args.record is not None:
            s = recorded_run(v, args.deals, args.jobs, args.time_limit, args.record)
        else:
            s = run(v, args.deals, args.jobs, args.time_limit)
        low, high = cast("list[float]", s["wilson95"])
        rate = float(s["rate"])  # type: ignore[arg-type]
        print(
            f"| {v.name} | {s['deals']} | {s['won']} | {100 * rate:.1f}% "
            f"({100 * low:.1f}-{100 * high:.1f}) | {v.goal} | {v.published} | "
            f"{s['hint_ms_median']} ms | {s['hint_ms_p95']} ms | {s['hint_ms_max']} ms |",
            flush=True,
        )
        if args.lonelybot and v.name == "klondike-draw-3":
            won_deals = cast("set[int]", s["won_deals"])
            lonelybot_row(args.lonelybot, args.deals, args.jobs, won_deals, args.record)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
