"""Spider solver benchmark: the same KPat deals through kosynka's solver and KPat's.

    python bench/solver_spider.py run --deals 1-1000 --suits 1 2 4 --peer PATH [--time-limit 10]
    python bench/solver_spider.py summary [--out bench/out]
    python bench/solver_spider.py grades --deals 1-600 --suits 1 2 4 [--runs 8]

``run`` solves each deal with kosynka's compiled solver and then, when ``--peer`` names it,
with KPat's Spider solver (``spidersolver2``, the beam search in KDE's ``kpat/src/patsolve``),
one deal after the other in the same process tree, so both see the same machine. Deal numbers
are KPat's (kosynka's ``kpat`` numbering), so both see the same layouts. Every kosynka line is
replayed through the rules engine (``verify_line``); a deal counts as won only then.

The peer is a program built outside this repository around KPat's solver classes (KPat's code is
not part of kosynka). It reads one deal per line on stdin::

    SUITS DEAL | c,c,...;c,c,...;... | h,h,... | s,s,...

(the ten columns bottom to top as card indices ``suit * 13 + rank - 1``, suits C D H S; the
face-down counts; the stock in dealing order, its first ten cards the next row for columns
1..10) and answers with one line per deal::

    SUITS DEAL STATUS WALL_MS CPU_MS CARD_MOVES ROWS_DEALT RUNS_TAKEN_OFF

(``STATUS`` one of ``solved``, ``unsolvable``, ``unknown``, ``memory``; the times of its
``patsolve()`` call alone).

Times: ``wall`` is elapsed time, ``cpu`` the process's CPU time, both of the search call alone
(kosynka: the core's search and nothing else; KPat: ``patsolve()``). On a shared machine the
CPU times are the fairer comparison; both are printed. kosynka's search stops at
``--time-limit`` seconds of wall-clock time or ``--max-states`` states (on a loaded machine a
state limit keeps the verdicts from depending on the load; a deal is then "decided within 10 s"
when its CPU time is). The table counts as decided within 10 s only the deals decided in at
most 10,000 ms of CPU time. Moves count card moves plus dealt rows
(a row counting as one; KPat's separate moves of finished runs to the foundation are not
counted, kosynka makes them part of the move that finishes a run).

``grades`` plays each winnable deal with the no-peek player (seeds 0..runs-1) and prints the
spread of the difficulty scores and the share of each grade under today's thresholds
(``kosynka.library.graders.spider``).

``run`` takes the deals in a stratified order (every ``--stride``-th deal first, for every
suit count in turn: 1, 1+s, 1+2s, ..., then 2, 2+s, ...), so that a run stopped early has
measured an even sample of the range; it resumes where an earlier run with the same ``--out``
stopped. ``summary`` prints the tables from what the runs stored.

``--out DIR`` (default ``bench/out``) keeps every per-deal row as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kosynka.games.spider import Spider, SpiderRules
from kosynka.solver import solve
from kosynka.solver import spider as front
from kosynka.solver.stats import percentile
from kosynka.solver.verify import verify_line


def parse_range(text: str) -> list[int]:
    """``1-1000`` or ``5`` or ``1-10,20-30`` as deal numbers."""
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def deal_line(game: Spider, suits: int, deal: int) -> str:
    """The deal in the peer's input format (see the module docstring)."""
    cols, hidden, stock, _removed = front.position_args(game)
    columns = ";".join(",".join(map(str, c)) for c in cols)
    return (
        f"{suits} {deal} | {columns} | {','.join(map(str, hidden))} | {','.join(map(str, stock))}"
    )


def ours(game: Spider, time_limit: float | None, max_states: int | None) -> dict[str, Any]:
    """kosynka's compiled solver on one deal: status, times of the search call, states, moves
    (the line replayed through the rules)."""
    args = front.position_args(game)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    status, limit, line, states, _unique = front._search("native", args, time_limit, max_states)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    moves = verify_line(game, line) if status == "solved" else []
    return {
        "status": status,
        "limit": limit,
        "wall_ms": round(wall * 1000, 3),
        "cpu_ms": round(cpu * 1000, 3),
        "states": states,
        "moves": len(moves),
        "card_moves": sum(1 for m in moves if m.card is not None),
    }


class Peer:
    """The peer program, fed one deal at a time."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def solve(self, line: str) -> dict[str, Any]:
        """The peer's answer for one deal line."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        parts = self.proc.stdout.readline().split()
        status, wall, cpu, card, rows, _off = parts[2:8]
        return {
            "status": status,
            "wall_ms": float(wall),
            "cpu_ms": float(cpu),
            "moves": int(card) + int(rows) if status == "solved" else 0,
            "card_moves": int(card) if status == "solved" else 0,
        }

    def close(self) -> None:
        """End the peer."""
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Counts, decided share, time percentiles (wall and CPU) and mean moves of won deals."""
    n = len(rows)
    solved = [r for r in rows if r["status"] == "solved"]
    lost = sum(1 for r in rows if r["status"] == "unsolvable")
    out: dict[str, Any] = {
        "deals": n,
        "solved": len(solved),
        "unsolvable": lost,
        "undecided": n - len(solved) - lost,
        "decided_share": round((len(solved) + lost) / n, 4) if n else 0.0,
        "decided_10s_cpu": sum(
            1
            for r in rows
            if r["status"] in ("solved", "unsolvable") and float(r["cpu_ms"]) <= 10_000
        ),
        "mean_moves": round(sum(r["moves"] for r in solved) / len(solved), 1) if solved else 0,
    }
    for kind in ("wall_ms", "cpu_ms"):
        values = [float(r[kind]) for r in rows]
        out[kind] = {
            "median": round(percentile(values, 50), 1),
            "p90": round(percentile(values, 90), 1),
            "max": round(max(values), 1) if values else 0.0,
        }
    return out


def stratified(deals: list[int], stride: int) -> list[int]:
    """``deals`` with every ``stride``-th one first, then the next such sample, and so on."""
    return [d for k in range(stride) for d in deals[k::stride]]


def stored(out: Path, suits: int) -> list[dict[str, Any]]:
    """The rows an earlier run kept for ``suits`` suits."""
    path = out / f"solver_spider_{suits}.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def run(args: argparse.Namespace) -> int:
    """The ``run`` command: both solvers deal by deal (resuming an earlier run), then the
    tables."""
    deals = stratified(parse_range(args.deals), args.stride)
    args.out.mkdir(parents=True, exist_ok=True)
    done = {(s, r["deal"]) for s in args.suits for r in stored(args.out, s)}
    peer = Peer(args.peer) if args.peer else None
    files = {
        s: (args.out / f"solver_spider_{s}.jsonl").open("a", encoding="utf-8") for s in args.suits
    }
    try:
        for i, deal in enumerate(deals):
            for suits in args.suits:
                if (suits, deal) in done:
                    continue
                game = Spider(deal, rules=SpiderRules(suits=suits))
                row: dict[str, Any] = {"suits": suits, "deal": deal}
                row["kosynka"] = ours(game, args.time_limit, args.max_states)
                if peer is not None:
                    row["kpat"] = peer.solve(deal_line(game, suits, deal))
                files[suits].write(json.dumps(row) + "\n")
                files[suits].flush()
            if (i + 1) % 25 == 0:
                print(f"  {i + 1}/{len(deals)} deals", file=sys.stderr, flush=True)
    finally:
        for fh in files.values():
            fh.close()
        if peer is not None:
            peer.close()
    return summarize_runs(args)


def summarize_runs(args: argparse.Namespace) -> int:
    """The ``summary`` command: the tables of every suit count from the stored rows."""
    report = {}
    for suits in (1, 2, 4):
        rows = sorted(stored(args.out, suits), key=lambda r: int(r["deal"]))
        if rows:
            report[suits] = tables(suits, rows)
    print(json.dumps(report, indent=1))
    return 0


def tables(suits: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Print the comparison for one suit count and return its figures."""
    ko = summary([r["kosynka"] for r in rows])
    out: dict[str, Any] = {"kosynka": ko}
    print(f"\n## {suits} suit(s): {len(rows)} KPat deals in {rows[0]['deal']}-{rows[-1]['deal']}\n")
    print("| solver | won | lost (proved) | undecided | decided | in 10 s cpu | mean moves |"
          " median ms (cpu/wall) | p90 ms | max ms |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    lines = [("kosynka", ko)]
    both = [r for r in rows if "kpat" in r]
    note = ""
    if both and len(both) < len(rows):
        note = f"KPat ran on {len(both)} of the {len(rows)} deals; the ratios are on those."
        out["kosynka_on_kpat_deals"] = summary([r["kosynka"] for r in both])
        rows = both
        ko = out["kosynka_on_kpat_deals"]
        lines.append(("kosynka, same deals", ko))
    if both:
        kp = summary([r["kpat"] for r in rows])
        out["kpat"] = kp
        lines.append(("KPat spidersolver2", kp))
    for name, s in lines:
        c, w = s["cpu_ms"], s["wall_ms"]
        print(
            f"| {name} | {s['solved']} | {s['unsolvable']} | {s['undecided']} |"
            f" {100 * s['decided_share']:.1f}% | {100 * s['decided_10s_cpu'] / s['deals']:.1f}% |"
            f" {s['mean_moves']} |"
            f" {c['median']} / {w['median']} | {c['p90']} / {w['p90']} | {c['max']} / {w['max']} |"
        )
    if note:
        print(f"\n{note}")
    if "kpat" in out:
        kp = out["kpat"]
        ratios = {
            f"{kind}_{q}": round(kp[kind][q] / max(ko[kind][q], 1e-3), 1)
            for kind in ("cpu_ms", "wall_ms")
            for q in ("median", "p90", "max")
        }
        out["ratios"] = ratios
        missed = [
            r["deal"]
            for r in rows
            if r["kpat"]["status"] == "solved" and r["kosynka"]["status"] != "solved"
        ]
        out["kpat_won_kosynka_not"] = missed
        print(f"\nKPat time / kosynka time: {ratios}")
        print(f"deals KPat wins and kosynka does not: {missed or 'none'}")
    return out


def grades(args: argparse.Namespace) -> int:
    """The ``grades`` command: scores and grade shares of winnable deals per suit count."""
    from kosynka.library.graders import spider as grader

    args.out.mkdir(parents=True, exist_ok=True)
    for suits in args.suits:
        scores: list[float] = []
        shares = {"easy": 0, "normal": 0, "hard": 0}
        path = args.out / f"grades_spider_{suits}.jsonl"
        start = time.perf_counter()
        with path.open("w", encoding="utf-8") as fh:
            for deal in parse_range(args.deals):
                game = Spider(deal, rules=SpiderRules(suits=suits))
                res = solve(game, time_limit=args.time_limit, implementation="native")
                if not res.solved:
                    continue
                f = grader.figures(game, res.states, args.runs)
                score = grader.difficulty_score(f, suits)
                g = grader.grade_of(score, suits)
                shares[g] += 1
                scores.append(score)
                fh.write(json.dumps({"deal": deal, "states": res.states, "wins": f.wins,
                                     "mean_moves": f.mean_moves, "mean_progress": f.mean_home,
                                     "score": score, "grade": g}) + "\n")  # fmt: skip
        n = len(scores)
        qs = {q: round(percentile(scores, q), 2) for q in (10, 25, 33, 35, 50, 67, 70, 75, 90)}
        pct = {k: f"{100 * v / max(n, 1):.1f}%" for k, v in shares.items()}
        print(f"{suits} suit(s): {n} winnable deals graded in {time.perf_counter() - start:.0f} s;"
              f" score percentiles {qs}; grades {pct}")  # fmt: skip
    return 0


def main() -> int:
    """Parse the command line and run a command."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="both solvers on the same deals")
    r.add_argument("--peer", help="KPat's solver, built around spidersolver2 (see above)")
    r.add_argument("--time-limit", type=float, help="kosynka seconds per deal (wall clock)")
    r.add_argument("--max-states", type=int, help="kosynka states per deal")
    r.add_argument("--stride", type=int, default=10, help="the sampling stride of the order")
    m = sub.add_parser("summary", help="the tables from stored rows")
    m.add_argument("--out", type=Path, default=Path("bench/out"))
    g = sub.add_parser("grades", help="difficulty scores and grade shares")
    g.add_argument("--runs", type=int, default=8, help="player games per deal")
    g.add_argument("--time-limit", type=float, default=10.0, help="solver seconds per deal")
    for q in (r, g):
        q.add_argument("--deals", default="1-100", help="KPat deal numbers, e.g. 1-1000")
        q.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
        q.add_argument("--out", type=Path, default=Path("bench/out"))
    args = p.parse_args()
    if args.cmd == "summary":
        return summarize_runs(args)
    return run(args) if args.cmd == "run" else grades(args)


if __name__ == "__main__":
    sys.exit(main())
