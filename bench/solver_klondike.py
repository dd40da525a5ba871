"""Klondike solver benchmark: the same deals through kosynka's solver and, when installed, KPat's.

    python bench/solver_klondike.py --deals 1-2000 --draw 1 3 --jobs 2 [--no-foundation-return]

Deal numbers are KPat's (kosynka's ``kpat`` numbering), so both solvers see the same layouts.
For each draw mode it prints one row per solver: decided share, winnable share among the decided
deals with its 95% Wilson interval, median/p90/p99/max milliseconds per deal and the mean card
moves of the lines found (kosynka only: KPat prints no lines). KPat runs headless
(``QT_QPA_PLATFORM=offscreen kpat --solve 0 --start N --end M``, its own per-deal milliseconds),
Draw 1 or 3 chosen by ``KlondikeEasy=true|false`` under ``[General Settings]`` in a private
kpatrc. KPat has no option for foundation return, so with ``--no-foundation-return`` only
kosynka runs. ``--json FILE`` keeps every per-deal row.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.solver import solve
from kosynka.solver.stats import summarize, wilson_interval

PUBLISHED = {
    (1, True): "90.45-90.48%",
    (3, True): "81.94-81.95%",
    (1, False): "90.20%",
    (3, False): "81.52%",
}
KPAT_LINE = re.compile(r"^(\d+)\s+(won|lost|unknown)\s+\((\d+)\s*ms\)")


def _ours(job: tuple[int, int, bool, float | None, bool]) -> dict[str, object]:
    deal, draw, ret, time_limit, short = job
    game = Klondike(deal, rules=KlondikeRules(draw=draw, foundation_return=ret), numbering="kpat")
    res = solve(game, time_limit=time_limit, short=short)
    return {
        "deal": deal,
        "status": res.status.value,
        "ms": res.seconds * 1000,
        "card_moves": res.card_moves,
        "states": res.states,
    }


def run_ours(
    deals: list[int], draw: int, ret: bool, jobs: int, time_limit: float | None, short: bool
) -> list[dict[str, object]]:
    """kosynka's verdicts and times, one row per deal."""
    work = [(d, draw, ret, time_limit, short) for d in deals]
    done: list[dict[str, object]] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        try:
            for row in pool.map(_ours, work, chunksize=max(1, min(20, len(work) // (8 * jobs)))):
                done.append(row)
                if len(done) % 100 == 0:
                    print(f"  kosynka draw {draw}: {len(done)}/{len(work)}", file=sys.stderr)
        except KeyboardInterrupt:
            # An interrupted long run still reports the deals it finished.
            print(f"  interrupted after {len(done)} deals", file=sys.stderr)
            pool.shutdown(wait=False, cancel_futures=True)
    return done


def _kpat_chunk(args: tuple[str, int, int, int]) -> list[dict[str, object]]:
    kpat, draw, start, end = args
    with tempfile.TemporaryDirectory() as home:
        cfg = Path(home) / ".config"
        cfg.mkdir()
        easy = "true" if draw == 1 else "false"
        (cfg / "kpatrc").write_text(f"[General Settings]\nKlondikeEasy={easy}\n")
        env = dict(os.environ, HOME=home, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(cfg))
        env["XDG_RUNTIME_DIR"] = home
        proc = subprocess.run(
            [kpat, "--solve", "0", "--start", str(start), "--end", str(end)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    rows: list[dict[str, object]] = []
    for line in (proc.stdout + proc.stderr).splitlines():
        m = KPAT_LINE.match(line.strip())
        if m:
            status = {"won": "solved", "lost": "unsolvable", "unknown": "limit"}[m.group(2)]
            rows.append(
                {
                    "deal": int(m.group(1)),
                    "status": status,
                    "ms": float(m.group(3)),
                    "card_moves": 0,
                }
            )
    return rows


def run_kpat(kpat: str, deals: list[int], draw: int, jobs: int) -> list[dict[str, object]]:
    """KPat's verdicts and times (its own per-deal milliseconds), in chunks run side by side."""
    lo, hi = min(deals), max(deals)
    size = max(1, (hi - lo + 1 + jobs - 1) // jobs)
    chunks = [(kpat, draw, s, min(hi, s + size - 1)) for s in range(lo, hi + 1, size)]
    rows: list[dict[str, object]] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for part in pool.map(_kpat_chunk, chunks):
            rows.extend(part)
    wanted = set(deals)
    return sorted((r for r in rows if r["deal"] in wanted), key=lambda r: int(r["deal"]))  # type: ignore[call-overload]


def print_table(title: str, results: dict[str, list[dict[str, object]]], published: str) -> None:
    print(f"\n{title} (published winnable share {published})")
    print(
        f"{'solver':<9} {'deals':>6} {'decided':>8} {'winnable (95% CI)':>28} {'median':>9} "
        f"{'p90':>9} {'p99':>9} {'max':>10} {'card moves':>10}"
    )
    for name, rows in results.items():
        s = summarize(rows)
        decided = int(s["solved"]) + int(s["unsolvable"])  # type: ignore[call-overload]
        lo, hi = wilson_interval(int(s["solved"]), decided)  # type: ignore[call-overload]
        win = f"{100 * float(s['winnable_share']):.2f}% ({100 * lo:.2f}-{100 * hi:.2f})"  # type: ignore[arg-type]
        cm = f"{s['mean_card_moves']}" if name != "kpat" else "-"
        print(
            f"{name:<9} {s['count']:>6} {100 * float(s['decided_share']):>7.2f}% {win:>28} "  # type: ignore[arg-type]
            f"{s['median_ms']:>7.3f}ms {s['p90_ms']:>7.1f}ms {s['p99_ms']:>7.1f}ms "
            f"{s['max_ms']:>8.1f}ms {cm:>10}"
        )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", default="1-200", help="KPat deal numbers, e.g. 1-2000")
    p.add_argument("--draw", type=int, nargs="+", choices=(1, 3), default=[1, 3])
    p.add_argument("--no-foundation-return", action="store_true")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--time-limit", type=float, default=None, help="kosynka seconds per deal")
    p.add_argument("--short", action="store_true", help="kosynka with short=True")
    p.add_argument("--no-kpat", action="store_true", help="skip KPat even when installed")
    p.add_argument("--json", type=Path, help="write every per-deal row to this file")
    args = p.parse_args()
    lo_text, _, hi_text = args.deals.partition("-")
    deals = list(range(int(lo_text), int(hi_text or lo_text) + 1))
    ret = not args.no_foundation_return
    kpat = None if args.no_kpat else (shutil.which("kpat") or shutil.which("/usr/games/kpat"))
    everything: dict[str, object] = {}
    for draw in args.draw:
        results: dict[str, list[dict[str, object]]] = {}
        t0 = time.perf_counter()
        results["kosynka"] = run_ours(deals, draw, ret, args.jobs, args.time_limit, args.short)
        wall = time.perf_counter() - t0
        if kpat and ret:
            results["kpat"] = run_kpat(kpat, deals, draw, args.jobs)
        title = f"Draw {draw}, foundation return {'on' if ret else 'off'}, deals {args.deals}"
        print_table(title, results, PUBLISHED[(draw, ret)])
        print(f"kosynka wall time {wall:.1f}s on {args.jobs} processes")
        everything[f"draw{draw}"] = results
    if args.json:
        args.json.write_text(json.dumps(everything), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
