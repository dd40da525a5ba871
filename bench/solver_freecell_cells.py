"""FreeCell's fewest free cells: the whole table of MS 1-32,000, beside the published one.

    python bench/solver_freecell_cells.py run --deals 1-32000 --chunk 2000 --jobs 2
    python bench/solver_freecell_cells.py report
    python bench/solver_freecell_cells.py hard --deals 982,3129 --cells 2
    python bench/solver_freecell_cells.py hard --deals 18032,8983 --cells 1 --threads 2 \
        --table-gib 16 --time-limit 600

``run``
    ``kosynka solve --game freecell --deals LO-HI --min-cells --jobs N --time-limit S --json``
    (no foundation return, as in Microsoft's rules) over the deals in chunks, one process a
    chunk, each chunk's rows in ``OUT/LO-HI.jsonl`` with its wall and CPU time in
    ``OUT/LO-HI.time.json``. A chunk whose files are there is skipped, so a stopped run goes on
    where it stopped (the chunk it was in starts again). ``--redo`` runs again, one process
    for them all, the deals of the finished chunks that are still undecided, into
    ``OUT/redo-N.jsonl``: their rows replace the earlier ones in the report.
``report``
    The table from the rows in ``OUT``: deals by the fewest cells that win them beside
    T. Pringle's published counts (:data:`PUBLISHED`), the undecided deals, the wall and CPU
    time of the chunks, and the costliest deals (time, states, each count's verdict).
``hard``
    The prover alone (``kosynka.solver.freecell_cells.prove``, on ``--threads`` threads) on
    each deal with ``--cells``, each in a process of its own, its table growing to at most
    ``--table-gib`` GiB (``freecell_cells.TABLE_BYTES`` by default, as in ``--min-cells``;
    more to learn how large a space is beyond the 8 GiB budget): the verdict, seconds,
    states, positions kept and the process's peak memory.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

PUBLISHED = {"0": 69, "1": 6220, "2": 19092, "3": 6420, "4": 198, "none": 1}
"""The fewest free cells that win each of MS 1-32,000 without foundation return (T. Pringle,
2016): 0 to 4, and one deal (11982) that 4 cells do not win (it would need 5)."""

OUT = Path(__file__).parent / "out" / "cells"


def cpu_children() -> float:
    """CPU seconds of the finished child processes so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def kosynka(deals: str, jobs: int, time_limit: float, out: Path) -> dict[str, float]:
    """Run the min-cells table of ``deals`` into ``out`` (JSON lines); its wall and CPU time."""
    command = [
        sys.executable,
        "-m",
        "kosynka",
        "solve",
        "--game",
        "freecell",
        "--deals",
        deals,
        "--min-cells",
        "--jobs",
        str(jobs),
        "--time-limit",
        str(time_limit),
        "--json",
    ]
    part = out.with_suffix(".part")
    cpu0, t0 = cpu_children(), time.perf_counter()
    with part.open("w") as f:
        subprocess.run(command, stdout=f, check=True)
    wall, cpu = time.perf_counter() - t0, cpu_children() - cpu0
    part.rename(out)
    return {"wall": wall, "cpu": cpu}


def rows_of(path: Path) -> list[dict[str, object]]:
    """The deal rows of a JSON-lines file (the summary line left out)."""
    rows = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if "deal" in row:
            rows.append(row)
    return rows


def chunk_files(out: Path) -> list[Path]:
    """The finished chunks' row files, in deal order."""
    files = [p for p in out.glob("*-*.jsonl") if not p.name.startswith("redo")]
    return sorted(files, key=lambda p: int(p.name.split("-")[0]))


def all_rows(out: Path) -> dict[int, dict[str, object]]:
    """Every deal's row: the chunks', then the redo runs' in order (a later row replaces)."""
    rows: dict[int, dict[str, object]] = {}
    redo = sorted(out.glob("redo-*.jsonl"), key=lambda p: int(p.stem.split("-")[1]))
    for path in [*chunk_files(out), *redo]:
        for row in rows_of(path):
            rows[int(str(row["deal"]))] = row
    return rows


def cmd_run(args: argparse.Namespace) -> None:
    """The ``run`` command."""
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.redo:
        left = [d for d, r in sorted(all_rows(out).items()) if r["status"] == "limit"]
        if not left:
            print("nothing left undecided")
            return
        n = len(list(out.glob("redo-*.jsonl"))) + 1
        target = out / f"redo-{n}.jsonl"
        times = kosynka(",".join(map(str, left)), args.jobs, args.time_limit, target)
        target.with_suffix(".time.json").write_text(json.dumps({**times, "deals": left}))
        print(f"redo {n}: {len(left)} deals, {times['wall']:.0f} s wall", flush=True)
        return
    lo, hi = (int(x) for x in args.deals.split("-"))
    for start in range(lo, hi + 1, args.chunk):
        end = min(hi, start + args.chunk - 1)
        target = out / f"{start}-{end}.jsonl"
        if target.exists():
            continue
        times = kosynka(f"{start}-{end}", args.jobs, args.time_limit, target)
        (out / f"{start}-{end}.time.json").write_text(json.dumps(times))
        print(f"{start}-{end}: {times['wall']:.0f} s wall, {times['cpu']:.0f} s CPU", flush=True)


def cmd_report(args: argparse.Namespace) -> None:
    """The ``report`` command."""
    out = Path(args.out)
    rows = all_rows(out)
    counts: dict[str, int] = {}
    for row in rows.values():
        k = row["min_cells"]
        key = "undecided" if row["status"] == "limit" else "none" if k is None else str(k)
        counts[key] = counts.get(key, 0) + 1
    print(f"deals: {len(rows)}")
    print("| fewest cells | kosynka | published (Pringle) |")
    print("|---|---|---|")
    for key in [*PUBLISHED, "undecided"]:
        print(f"| {key} | {counts.get(key, 0):,} | {PUBLISHED.get(key, 0):,} |")
    left = sorted(d for d, r in rows.items() if r["status"] == "limit")
    print(f"undecided: {left}")
    wall = cpu = 0.0
    for path in out.glob("*.time.json"):
        t = json.loads(path.read_text())
        wall += t["wall"]
        cpu += t["cpu"]
    search = sum(float(str(r["ms"])) for r in rows.values()) / 1000
    print(
        f"time: {wall:.0f} s wall ({wall / 60:.1f} min; chunks and redo runs), the searches "
        f"{search:.0f} s in all (the rows' ms), the command's own CPU {cpu:.0f} s"
    )
    per_count: dict[str, list[float]] = {}
    for r in rows.values():
        for t in r["tries"]:  # type: ignore[attr-defined]
            key = f"{t[0]} cells {t[1]}"
            per_count.setdefault(key, []).append(float(t[3]) / 1000)
    print("| count and verdict | searches | seconds | median ms | max s |")
    print("|---|---|---|---|---|")
    for key in sorted(per_count):
        v = sorted(per_count[key])
        print(f"| {key} | {len(v):,} | {sum(v):.0f} | {1000 * v[len(v) // 2]:.1f} | {v[-1]:.1f} |")
    costly = sorted(rows.values(), key=lambda r: -float(str(r["ms"])))[: args.top]
    print("| deal | fewest | s | states | counts (cells verdict s) |")
    print("|---|---|---|---|---|")
    for r in costly:
        tries = ", ".join(f"{t[0]} {t[1]} {float(t[3]) / 1000:.1f}" for t in r["tries"])  # type: ignore[attr-defined]
        k = "undecided" if r["status"] == "limit" else r["min_cells"]
        print(
            f"| {r['deal']} | {k} | {float(str(r['ms'])) / 1000:.1f} | {r['states']:,} | {tries} |"
        )


PROBE = """
import json, resource, sys
from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.solver.freecell_cells import TABLE_BYTES, prove
deal, cells, limit, threads, gib = map(float, sys.argv[1:6])
deal, cells, threads = int(deal), int(cells), int(threads)
game = FreeCell(deal, rules=FreeCellRules(cells=cells, foundation_return=False))
res = prove(game, time_limit=limit, threads=threads, table_bytes=int(gib * 2**30) or TABLE_BYTES)
print(json.dumps({"deal": deal, "cells": cells, "status": res.status.value, "limit": res.limit,
    "s": round(res.seconds, 2), "states": res.states, "positions": res.unique_states,
    "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}))
"""


def cmd_hard(args: argparse.Namespace) -> None:
    """The ``hard`` command."""
    print("| deal | cells | verdict | s | states | positions | peak MiB |")
    print("|---|---|---|---|---|---|---|")
    for deal in args.deals.split(","):
        command = [sys.executable, "-c", PROBE, deal, str(args.cells), str(args.time_limit)]
        command += [str(args.threads), str(args.table_gib or 0)]
        r = json.loads(subprocess.run(command, capture_output=True, check=True, text=True).stdout)
        verdict = r["status"] + (f" ({r['limit']})" if r["limit"] else "")
        print(
            f"| {r['deal']} | {r['cells']} | {verdict} | {r['s']} | {r['states']:,} | "
            f"{r['positions']:,} | {r['peak_mib']:,} |",
            flush=True,
        )


def main() -> None:
    """Parse the command line and run the command."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="the table, chunk by chunk")
    run.add_argument("--deals", default="1-32000")
    run.add_argument("--chunk", type=int, default=2000)
    run.add_argument("--redo", action="store_true", help="run the undecided deals again")
    report = sub.add_parser("report", help="the table's figures")
    report.add_argument("--top", type=int, default=20)
    hard = sub.add_parser("hard", help="the prover alone on a few deals")
    hard.add_argument("--deals", required=True, help="deal numbers, comma separated")
    hard.add_argument("--cells", type=int, default=2)
    hard.add_argument("--threads", type=int, default=1, help="the prover's threads")
    hard.add_argument(
        "--table-gib",
        type=float,
        help="the most GiB the prover's table may grow to (by default TABLE_BYTES, as in "
        "--min-cells)",
    )
    for q in (run, hard):
        q.add_argument("--time-limit", type=float, default=60.0)
    run.add_argument("--jobs", type=int, default=2)
    for q in (run, report):
        q.add_argument("--out", default=str(OUT))
    args = p.parse_args()
    {"run": cmd_run, "report": cmd_report, "hard": cmd_hard}[args.command](args)


if __name__ == "__main__":
    main()
