"""FreeCell solver benchmark: kosynka's solver beside fc-solve ``-l lg`` on the same deals.

    python bench/solver_freecell.py --deals 1-32000 --parts ratios --runs 3
    python bench/solver_freecell.py --deals 1-32000 --parts speed,breakdown
    python bench/solver_freecell.py --deals 1-32000 --parts lines --fcs-lines /tmp/lg.txt
    python bench/solver_freecell.py --parts sample --sample 10000
    python bench/solver_freecell.py --deals 1-1000 --parts cells,short,replay --fcs-lines F
    python bench/solver_freecell.py --deals 1-32000 --parts twocells

Parts (see ``bench/solver_freecell.md`` for what each measures and the figures):

``speed``
    Microsoft deals LO-HI in one process each, one after the other in the same run: fc-solve's
    range solver (``freecell-solver-range-parallel-solve LO HI 1 -l lg``, Debian package
    ``freecell-solver-bin``) and ``kosynka solve --game freecell --deals LO-HI --jobs 1
    --json``. Wall and CPU time of each process; per-deal median and p99 (fc-solve's from the
    time stamps it prints per board, ours from the ``ms`` of the JSON lines, the search's own
    time); decided deals; our mean line length.
``speed2``
    Two processes a side in one run: two fc-solve range solvers at once on the two halves of
    LO-HI against ``kosynka solve --jobs 2`` on the whole range; wall times.
``ratios``
    The goal's two ratios, ``--runs`` times in a row (3 unless told), each run with both sides
    in the same minute, and their medians: one process a side (fc-solve's range solver against
    ``kosynka solve --jobs 1 --json``, lines checked by the compiled referee, and again with
    ``--verify python``), wall and CPU time; two processes a side (two fc-solve range solvers
    on the halves at once against ``--jobs 2``), wall and CPU time. Every deal must be decided.
``breakdown``
    Where our process spends its time, in this process on the same deals: dealing
    (``FreeCell(n)``), the search (the core), the replay of the line through the rules and the
    row (move text and JSON).
``lines``
    Mean solution length (moves in standard notation, a supermove counting as one) of ours and
    of fc-solve ``-l lg`` on the deals both solved. fc-solve's lines come from ``--fcs-lines``
    (``deal count moves...`` per line, from ``fc-solve -l lg -m -snx`` per deal; the
    ``--make-fcs-lines`` option writes such a file).
``replay``
    fc-solve's own ``-snx`` lines (``--fcs-lines``, a sample) replayed through our rules with
    ``parse_standard``: each must win.
``short``
    ``--short`` against the default on the deals: mean lengths, and never longer.
``sample``
    A seeded sample of ``--sample`` deals from 1-1,000,000 with 739671 and the eight impossible
    deals, through ``kosynka solve --time-limit 10``: every deal must be decided.
``cells``
    ``--cells 3`` and ``--cells 2`` on the deals, with foundation return on and off: decided,
    impossible, time.
``twocells``
    ``--cells 2 --no-foundation-return`` on the deals with ``--jobs 2`` (for 1-32,000: set beside
    the published counts, :data:`PUBLISHED_TWO_CELLS`): won, proved impossible, undecided.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell.notation import parse_standard_line
from kosynka.solver.freecell import replay, search
from kosynka.solver.stats import percentile

IMPOSSIBLE = (11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948)
"""The Microsoft deals below 1,000,000 that cannot be won (4 cells)."""
LG_MISSES = 739671
"""Solvable, yet fc-solve -l lg reports it unsolved."""
PUBLISHED_TWO_CELLS = {"solved": 25_367, "impossible": 6_600, "undecided": 33}
"""MS 1-32,000 with two free cells and no foundation return, as Freecell Solver's author
reported them in July 2010 (fc-solve.blogspot.com/2010/07; several presets, up to 8.2 million
states a deal). The FreeCell FAQ (solitairelaboratory.com/fcfaq.html) then said: at least
24,161 solvable."""
FCS_BOARD = re.compile(r"^(Reached|Unsolved) Board No\. (\d+) at ([\d.]+)")


def cpu_children() -> float:
    """User plus system CPU seconds of finished child processes so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def parse_range(text: str) -> tuple[int, int]:
    """``LO-HI`` as two numbers."""
    lo, _, hi = text.partition("-")
    return int(lo), int(hi or lo)


def run_fcsolve(lo: int, hi: int) -> dict[str, object]:
    """fc-solve's range solver over LO-HI in one process: times, per-deal times, unsolved."""
    exe = shutil.which("freecell-solver-range-parallel-solve")
    if exe is None:
        raise SystemExit("fc-solve is not installed (apt-get install freecell-solver-bin)")
    cpu0, t0 = cpu_children(), time.perf_counter()
    out = subprocess.run(
        [exe, str(lo), str(hi), "1", "-l", "lg"], capture_output=True, text=True, check=True
    ).stdout
    wall, cpu = time.perf_counter() - t0, cpu_children() - cpu0
    stamps: list[float] = []
    unsolved: list[int] = []
    start = None
    for line in out.splitlines():
        if line.startswith("Started at"):
            start = float(line.split()[-1])
        m = FCS_BOARD.match(line)
        if m:
            if m.group(1) == "Unsolved":
                unsolved.append(int(m.group(2)))
            else:
                stamps.append(float(m.group(3)))
    per_deal = [b - a for a, b in zip([start or stamps[0], *stamps[:-1]], stamps, strict=True)]
    return {
        "wall": wall,
        "cpu": cpu,
        "per_deal_ms": [1000 * x for x in per_deal],
        "unsolved": unsolved,
    }


def run_ours(deals: str, extra: list[str]) -> dict[str, object]:
    """``kosynka solve --game freecell --deals DEALS --jobs 1 --json`` in one process."""
    cmd = [sys.executable, "-m", "kosynka", "solve", "--game", "freecell", "--deals", deals]
    cmd += ["--jobs", "1", "--json", *extra]
    cpu0, t0 = cpu_children(), time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall, cpu = time.perf_counter() - t0, cpu_children() - cpu0
    rows = [json.loads(line) for line in out.splitlines()]
    return {"wall": wall, "cpu": cpu, "rows": rows[:-1], "summary": rows[-1]["summary"]}


def part_speed2(lo: int, hi: int) -> dict[str, object]:
    """Two processes a side, in one run: two fc-solve range solvers at once on the two halves
    of LO-HI (Debian's package has no threaded range solver) and ``kosynka solve --jobs 2``
    on the whole range. Wall time of each side."""
    exe = shutil.which("freecell-solver-range-parallel-solve")
    if exe is None:
        raise SystemExit("fc-solve is not installed (apt-get install freecell-solver-bin)")
    mid = (lo + hi) // 2
    t0 = time.perf_counter()
    procs = [
        subprocess.Popen([exe, str(a), str(b), "1", "-l", "lg"], stdout=subprocess.DEVNULL)
        for a, b in ((lo, mid), (mid + 1, hi))
    ]
    for proc in procs:
        proc.wait()
    fcs_wall = time.perf_counter() - t0
    cmd = [sys.executable, "-m", "kosynka", "solve", "--game", "freecell", "--deals"]
    cmd += [f"{lo}-{hi}", "--jobs", "2", "--json"]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    ours_wall = time.perf_counter() - t0
    summary = json.loads(out.splitlines()[-1])["summary"]
    print(f"\n## speed, two processes: MS {lo}-{hi}\n")
    print("| solver | wall s | decided |")
    print("|---|---|---|")
    print(f"| fc-solve -l lg, two range solvers on the halves | {fcs_wall:.2f} | - |")
    decided = summary["count"] - summary["limit"]
    print(f"| kosynka solve --jobs 2 | {ours_wall:.2f} | {decided}/{summary['count']} |")
    print(f"\nratio (kosynka / fc-solve): wall {ours_wall / fcs_wall:.2f}")
    return {"fcs_wall": fcs_wall, "ours_wall": ours_wall}


def run_pair(lo: int, hi: int) -> tuple[float, float, float, float]:
    """Two processes a side, one side after the other: two fc-solve range solvers at once on
    the halves of LO-HI, then ``kosynka solve --jobs 2 --json`` on the whole range. Wall and
    CPU seconds of fc-solve's side, then of ours (every deal must be decided)."""
    exe = shutil.which("freecell-solver-range-parallel-solve")
    if exe is None:
        raise SystemExit("fc-solve is not installed (apt-get install freecell-solver-bin)")
    mid = (lo + hi) // 2
    cpu0, t0 = cpu_children(), time.perf_counter()
    procs = [
        subprocess.Popen([exe, str(a), str(b), "1", "-l", "lg"], stdout=subprocess.DEVNULL)
        for a, b in ((lo, mid), (mid + 1, hi))
    ]
    for proc in procs:
        proc.wait()
    fcs_wall, fcs_cpu = time.perf_counter() - t0, cpu_children() - cpu0
    cmd = [sys.executable, "-m", "kosynka", "solve", "--game", "freecell", "--deals"]
    cmd += [f"{lo}-{hi}", "--jobs", "2", "--json"]
    cpu0, t0 = cpu_children(), time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    ours_wall, ours_cpu = time.perf_counter() - t0, cpu_children() - cpu0
    summary = json.loads(out.splitlines()[-1])["summary"]
    if summary["limit"]:
        raise SystemExit(f"--jobs 2 left {summary['limit']} deals undecided")
    return fcs_wall, fcs_cpu, ours_wall, ours_cpu


def part_ratios(lo: int, hi: int, runs: int) -> None:
    """The goal's ratios (ours / fc-solve, at most 0.5 wanted), ``runs`` times in a row, both
    sides of each ratio in the same minute; then the medians."""
    print(f"\n## ratios: MS {lo}-{hi}, {runs} runs in a row (ours / fc-solve -l lg)\n")
    print(
        "| run | fc-solve 1 proc wall / CPU s | ours --jobs 1 wall / CPU s | ratio wall / CPU |"
        " ours --verify python wall / CPU s | ratio wall / CPU |"
        " fc-solve 2 procs wall / CPU s | ours --jobs 2 wall / CPU s | ratio wall / CPU |"
        " our search alone s (/ fc-solve CPU) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    ratios: list[list[float]] = []
    for run in range(1, runs + 1):
        fcs = run_fcsolve(lo, hi)
        ours = run_ours(f"{lo}-{hi}", [])
        slow = run_ours(f"{lo}-{hi}", ["--verify", "python"])
        for got in (ours, slow):
            summary = got["summary"]
            assert isinstance(summary, dict)
            if summary["limit"]:
                raise SystemExit(f"{summary['limit']} deals undecided")
        f2w, f2c, o2w, o2c = run_pair(lo, hi)
        fw, fc = float(fcs["wall"]), float(fcs["cpu"])  # type: ignore[arg-type]
        ow, oc = float(ours["wall"]), float(ours["cpu"])  # type: ignore[arg-type]
        sw, sc = float(slow["wall"]), float(slow["cpu"])  # type: ignore[arg-type]
        rows = ours["rows"]
        assert isinstance(rows, list)
        search = sum(float(r["ms"]) for r in rows) / 1000
        row = [ow / fw, oc / fc, sw / fw, sc / fc, o2w / f2w, o2c / f2c, search / fc]
        ratios.append(row)
        print(
            f"| {run} | {fw:.2f} / {fc:.2f} | {ow:.2f} / {oc:.2f} | {row[0]:.2f} / {row[1]:.2f} |"
            f" {sw:.2f} / {sc:.2f} | {row[2]:.2f} / {row[3]:.2f} |"
            f" {f2w:.2f} / {f2c:.2f} | {o2w:.2f} / {o2c:.2f} | {row[4]:.2f} / {row[5]:.2f} |"
            f" {search:.2f} ({row[6]:.2f}) |",
            flush=True,
        )
    med = [statistics.median(r[k] for r in ratios) for k in range(7)]
    print(
        f"| median | | | {med[0]:.2f} / {med[1]:.2f} | | {med[2]:.2f} / {med[3]:.2f} | | |"
        f" {med[4]:.2f} / {med[5]:.2f} | ({med[6]:.2f}) |"
    )


def part_speed(lo: int, hi: int) -> dict[str, object]:
    """fc-solve and kosynka on the same deals, one process each, in one run."""
    fcs = run_fcsolve(lo, hi)
    ours = run_ours(f"{lo}-{hi}", [])
    rows = ours["rows"]
    assert isinstance(rows, list)
    ms = [float(r["ms"]) for r in rows]
    fms = fcs["per_deal_ms"]
    assert isinstance(fms, list)
    n = hi - lo + 1
    solved = [r for r in rows if r["status"] == "solved"]
    print(f"\n## speed: MS {lo}-{hi} ({n} deals), one process each\n")
    print("| solver | wall s | CPU s | median ms/deal | p99 ms/deal | decided | unsolved |")
    print("|---|---|---|---|---|---|---|")
    print(
        f"| fc-solve -l lg (range solver) | {fcs['wall']:.2f} | {fcs['cpu']:.2f} |"
        f" {percentile(fms, 50):.3f} | {percentile(fms, 99):.3f} | - |"
        f" {fcs['unsolved']} (reported unsolved) |"
    )
    unsolvable = [r["deal"] for r in rows if r["status"] == "unsolvable"]
    limits = [r["deal"] for r in rows if r["status"] == "limit"]
    print(
        f"| kosynka solve --jobs 1 | {ours['wall']:.2f} | {ours['cpu']:.2f} |"
        f" {percentile(ms, 50):.3f} | {percentile(ms, 99):.3f} |"
        f" {n - len(limits)}/{n} | {unsolvable} proved impossible |"
    )
    print(
        f"\nratios (kosynka / fc-solve): wall {ours['wall'] / fcs['wall']:.2f},"  # type: ignore[operator]
        f" CPU {ours['cpu'] / fcs['cpu']:.2f}; our search alone: {sum(ms) / 1000:.2f} s"  # type: ignore[operator]
        f" ({sum(ms) / 1000 / fcs['cpu']:.2f} of fc-solve's CPU);"  # type: ignore[operator]
        f" our mean line {sum(len(r['moves']) for r in solved) / max(1, len(solved)):.2f} moves"
    )
    return {"fcs": fcs, "ours": ours}


def part_breakdown(lo: int, hi: int) -> None:
    """Where our time goes, per deal: dealing, search, replay, row."""
    t_deal = t_search = t_replay = t_row = 0.0
    for n in range(lo, hi + 1):
        t0 = time.perf_counter()
        game = FreeCell(n)
        t1 = time.perf_counter()
        status, _limit, codes, states, _unique = search(game)
        t2 = time.perf_counter()
        moves = replay(game, codes) if status == "solved" else []
        t3 = time.perf_counter()
        json.dumps(
            {"deal": n, "status": status, "moves": [str(m) for m in moves], "states": states}
        )
        t4 = time.perf_counter()
        t_deal += t1 - t0
        t_search += t2 - t1
        t_replay += t3 - t2
        t_row += t4 - t3
    total = t_deal + t_search + t_replay + t_row
    count = hi - lo + 1
    print(f"\n## breakdown: MS {lo}-{hi}, in one process\n")
    print("| part | seconds | share | us/deal |")
    print("|---|---|---|---|")
    for name, t in (
        ("dealing (FreeCell(n))", t_deal),
        ("search (the core)", t_search),
        ("replay through the rules", t_replay),
        ("row (move text, JSON)", t_row),
    ):
        print(f"| {name} | {t:.2f} | {100 * t / total:.0f}% | {1e6 * t / count:.0f} |")


def read_fcs_lines(path: str) -> dict[int, list[str]]:
    """fc-solve's lines: ``deal count moves...`` per line (``deal unsolved`` when none)."""
    out: dict[int, list[str]] = {}
    for line in Path(path).read_text().splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[1] != "unsolved":
            out[int(parts[0])] = parts[2:]
    return out


def make_fcs_lines(lo: int, hi: int, path: str) -> None:
    """Write fc-solve -l lg -m -snx lines of MS deals LO-HI to ``path``."""
    env = dict(os.environ, FREECELL_SOLVER_QUIET="1")
    with open(path, "w") as f:
        for n in range(lo, hi + 1):
            board = subprocess.run(
                ["make-microsoft-freecell-board", "-t", str(n)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            out = subprocess.run(
                ["fc-solve", "-l", "lg", "-m", "-snx"],
                input=board,
                capture_output=True,
                text=True,
                env=env,
            ).stdout
            if "This game is solveable" in out:
                # The moves come before the verdict; the figures after it ("This scan
                # generated 88 states.") must not be read as moves.
                text = out.split("This game is solveable")[0]
                moves = [t for t in text.split() if re.fullmatch(r"[1-8a-dh]{2}(v[0-9a-f]+)?", t)]
                f.write(f"{n} {len(moves)} {' '.join(moves)}\n")
            else:
                f.write(f"{n} unsolved\n")


def part_lines(rows: list[dict[str, object]], fcs_lines: dict[int, list[str]]) -> None:
    """Mean line length, ours and fc-solve's, on the deals both solved."""
    ours = {int(r["deal"]): len(r["moves"]) for r in rows if r["status"] == "solved"}  # type: ignore[call-overload, arg-type]
    both = sorted(set(ours) & set(fcs_lines))
    if not both:
        print("\n## lines: no deals in common\n")
        return
    mine = sum(ours[d] for d in both) / len(both)
    theirs = sum(len(fcs_lines[d]) for d in both) / len(both)
    shorter = sum(1 for d in both if ours[d] < len(fcs_lines[d]))
    print(f"\n## lines: {len(both)} deals both solved\n")
    print(f"mean moves: kosynka {mine:.2f}, fc-solve -l lg {theirs:.2f}; ours shorter on {shorter}")


def part_replay(fcs_lines: dict[int, list[str]], count: int, seed: int) -> None:
    """fc-solve's -snx lines replayed through our rules."""
    rng = random.Random(seed)
    deals = sorted(rng.sample(sorted(fcs_lines), min(count, len(fcs_lines))))
    won = 0
    for d in deals:
        game = FreeCell(d, rules=FreeCellRules(cells=4, foundation_return=False))
        board = game.copy(stack=False)
        for move in parse_standard_line(game, " ".join(fcs_lines[d])):
            board.advance(move)
        won += board.is_won()
    print(f"\n## replay: {won}/{len(deals)} of fc-solve's -snx lines win under our rules\n")


def part_short(lo: int, hi: int) -> None:
    """--short against the default: mean lengths and time."""
    plain = run_ours(f"{lo}-{hi}", [])
    short = run_ours(f"{lo}-{hi}", ["--short"])
    a = {r["deal"]: len(r["moves"]) for r in plain["rows"] if r["status"] == "solved"}  # type: ignore[union-attr]
    b = {r["deal"]: len(r["moves"]) for r in short["rows"] if r["status"] == "solved"}  # type: ignore[union-attr]
    both = sorted(set(a) & set(b))
    longer = [d for d in both if b[d] > a[d]]
    ms = [float(r["ms"]) for r in short["rows"]]  # type: ignore[union-attr]
    print(f"\n## short: MS {lo}-{hi}\n")
    print(
        f"mean moves: default {sum(a[d] for d in both) / len(both):.2f},"
        f" --short {sum(b[d] for d in both) / len(both):.2f}; longer with --short: {longer};"
        f" --short median {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms,"
        f" wall {short['wall']:.1f} s"
    )


def part_sample(count: int, seed: int, time_limit: float) -> None:
    """A sample of deals from 1-1,000,000 with the special ones, at a time limit."""
    rng = random.Random(seed)
    special = {*IMPOSSIBLE, LG_MISSES}
    deals = sorted(special | set(rng.sample(range(1, 1_000_001), count - len(special))))
    res = run_ours(",".join(map(str, deals)), ["--time-limit", str(time_limit)])
    rows = res["rows"]
    assert isinstance(rows, list)
    by = {r["deal"]: r for r in rows}
    ms = [float(r["ms"]) for r in rows]
    limits = [r["deal"] for r in rows if r["status"] == "limit"]
    unsolvable = sorted(r["deal"] for r in rows if r["status"] == "unsolvable")
    print(f"\n## sample: {len(deals)} deals from 1-1,000,000 (seed {seed}), {time_limit} s limit\n")
    print(
        f"decided {len(rows) - len(limits)}/{len(rows)}; left at the limit: {limits};"
        f" proved impossible: {unsolvable}; 739671: {by[LG_MISSES]['status']};"
        f" median {percentile(ms, 50):.3f} ms, p99 {percentile(ms, 99):.1f} ms,"
        f" max {max(ms) / 1000:.2f} s; wall {res['wall']:.1f} s"
    )


def part_cells(lo: int, hi: int, time_limit: float) -> None:
    """Fewer cells, with and without foundation return."""
    print(f"\n## cells: MS {lo}-{hi}, {time_limit} s limit\n")
    print("| cells | return | decided | impossible | median ms | p99 ms | max s | wall s |")
    print("|---|---|---|---|---|---|---|---|")
    for cells in (3, 2):
        for ret in (True, False):
            extra = ["--cells", str(cells), "--time-limit", str(time_limit)]
            if not ret:
                extra.append("--no-foundation-return")
            res = run_ours(f"{lo}-{hi}", extra)
            rows = res["rows"]
            assert isinstance(rows, list)
            ms = [float(r["ms"]) for r in rows]
            lost = sum(1 for r in rows if r["status"] == "unsolvable")
            decided = sum(1 for r in rows if r["status"] != "limit")
            print(
                f"| {cells} | {'on' if ret else 'off'} | {decided}/{len(rows)} | {lost} |"
                f" {percentile(ms, 50):.2f} | {percentile(ms, 99):.1f} | {max(ms) / 1000:.2f} |"
                f" {res['wall']:.1f} |"
            )
            undecided = [r["deal"] for r in rows if r["status"] == "limit"]
            if undecided:
                way = "on" if ret else "off"
                print(f"\n  undecided with {cells} cells, return {way}: {undecided}\n")


def part_twocells(lo: int, hi: int, time_limit: float) -> None:
    """Two free cells without foundation return (as fc-solve plays) over the deals, on two
    processes, beside the published counts when the deals are 1-32,000."""
    cmd = [sys.executable, "-m", "kosynka", "solve", "--game", "freecell", "--deals"]
    cmd += [f"{lo}-{hi}", "--cells", "2", "--no-foundation-return", "--time-limit"]
    cmd += [str(time_limit), "--jobs", "2", "--json"]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - t0
    rows = [json.loads(line) for line in out.splitlines()][:-1]
    count = {k: sum(1 for r in rows if r["status"] == k) for k in ("solved", "unsolvable", "limit")}
    print(f"\n## two cells, no foundation return: MS {lo}-{hi}, {time_limit} s limit\n")
    print("| who | won | proved impossible | undecided |")
    print("|---|---|---|---|")
    print(
        f"| kosynka ({wall / 60:.1f} min, --jobs 2) | {count['solved']} | {count['unsolvable']} |"
        f" {count['limit']} |"
    )
    if (lo, hi) == (1, 32000):
        pub = PUBLISHED_TWO_CELLS
        print(
            f"| published (fc-solve, 2010) | {pub['solved']} | {pub['impossible']} |"
            f" {pub['undecided']} |"
        )
    undecided = [r["deal"] for r in rows if r["status"] == "limit"]
    print(f"\n  undecided: {undecided}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", default="1-32000", help="MS deals LO-HI")
    p.add_argument("--parts", default="speed,breakdown,lines")
    p.add_argument("--fcs-lines", help="fc-solve -l lg -snx lines (deal count moves...)")
    p.add_argument("--make-fcs-lines", help="write fc-solve's lines of --deals to this file")
    p.add_argument("--replay-count", type=int, default=1000)
    p.add_argument("--sample", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=20261130)
    p.add_argument("--time-limit", type=float, default=10.0)
    p.add_argument("--runs", type=int, default=3, help="runs in a row of --parts ratios")
    args = p.parse_args()
    lo, hi = parse_range(args.deals)
    parts = set(args.parts.split(","))
    if args.make_fcs_lines:
        make_fcs_lines(lo, hi, args.make_fcs_lines)
    fcs_lines = read_fcs_lines(args.fcs_lines) if args.fcs_lines else {}
    rows: list[dict[str, object]] = []
    if "speed" in parts:
        got = part_speed(lo, hi)
        rows = got["ours"]["rows"]  # type: ignore[index]
    if "speed2" in parts:
        part_speed2(lo, hi)
    if "ratios" in parts:
        part_ratios(lo, hi, args.runs)
    if "breakdown" in parts:
        part_breakdown(lo, hi)
    if "lines" in parts:
        if not rows:
            rows = run_ours(f"{lo}-{hi}", [])["rows"]  # type: ignore[assignment]
        part_lines(rows, fcs_lines)
    if "replay" in parts and fcs_lines:
        part_replay(fcs_lines, args.replay_count, args.seed)
    if "short" in parts:
        part_short(lo, hi)
    if "sample" in parts:
        part_sample(args.sample, args.seed, args.time_limit)
    if "cells" in parts:
        part_cells(lo, hi, args.time_limit)
    if "twocells" in parts:
        part_twocells(lo, hi, args.time_limit)


if __name__ == "__main__":
    main()
