"""Klondike verdicts across rule sets: more rules never lose a win, and the searches agree.

    python bench/solver_klondike_rules.py --count 3000 --jobs 2 [--seed 1] [--python 300]

Deals are PySolFC deal numbers drawn at random from 1-10^18 (``--seed``), as a player's random
deal is. Each deal is solved under each rule set of ``--rules`` (by default Draw 3 with 2, 3, 4
passes or none, Draw 1 with 2, 3 or none, each with foundation return on and off), by the
default search (the compiled abstract search when the core is installed) and by the exact
search (the compiled twin of the pure-Python reference: same states, same lines; its own
limit with ``--exact-limit``, since it is the slow, complete one). It prints,
per rule set, the verdicts of each search, and counts:

* **monotonicity**: a deal won under a rule set and called lost under one that allows every
  line it allows (the same draw with return on instead of off, or more passes, or no limit);
* **agreement**: a deal one search calls won and the other lost.

Neither count may be anything but 0. With ``--python N`` the pure-Python reference itself
also decides the first N deals of each rule set (``--python-limit`` seconds each), and its
verdicts are compared with both. ``--json FILE`` keeps every verdict.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.solver import available_implementations, solve

ALL_RULE_SETS = [
    KlondikeRules(draw=d, passes=p, foundation_return=r)
    for d in (1, 3)
    for p in (1, 2, 3, 4, None)
    for r in (True, False)
]
DEFAULT_RULES = "d1p2,d1p3,d1pu,d3p2,d3p3,d3p4,d3pu"
"""Draw 3 with 2, 3 or 4 passes and Draw 1 with 2 or 3, and what they are checked against
(more passes, no limit), each with return on and off."""
RULE_SETS = ALL_RULE_SETS


def name(rules: KlondikeRules) -> str:
    """A short name of a rule set: ``d3 p2 on``."""
    passes = "u" if rules.passes is None else str(rules.passes)
    return f"d{rules.draw} p{passes} {'on' if rules.foundation_return else 'off'}"


def pick_rules(text: str) -> list[KlondikeRules]:
    """The rule sets named in ``text`` (``d3p2,d1pu``: draw and passes; both returns each)."""
    out = []
    for word in text.split(","):
        draw, passes = int(word[1]), word[3:]
        for r in ALL_RULE_SETS:
            if r.draw == draw and (("u" if r.passes is None else str(r.passes)) == passes):
                out.append(r)
    return out


def looser(rules: KlondikeRules) -> list[KlondikeRules]:
    """The rule sets of the same draw that allow every line ``rules`` allows."""
    out = []
    for other in RULE_SETS:
        if other == rules or other.draw != rules.draw:
            continue
        more = other.passes is None or (rules.passes is not None and other.passes >= rules.passes)
        if more and (other.foundation_return or not rules.foundation_return):
            out.append(other)
    return out


def _solve_deal(job: tuple[int, str, float, int | None]) -> dict[str, object]:
    """Every rule set's verdict of one deal by one implementation, and the seconds taken."""
    deal, impl, limit, states = job
    out: dict[str, object] = {"deal": deal, "impl": impl}
    for rules in RULE_SETS:
        began = time.perf_counter()
        res = solve(
            Klondike(deal, rules=rules), implementation=impl, time_limit=limit, max_states=states
        )
        out[name(rules)] = [res.status.value, round(time.perf_counter() - began, 4)]
    return out


def load_rows(path: str | None) -> dict[str, dict[int, dict[str, object]]]:
    """The rows kept in a ``--rows`` file so far, by implementation and deal number."""
    kept: dict[str, dict[int, dict[str, object]]] = {}
    if path is None or not os.path.exists(path):
        return kept
    with open(path) as fh:
        for line in fh:
            try:
                row = json.loads(line)
            except ValueError:
                continue  # the last line of a run that was stopped while writing it
            kept.setdefault(str(row["impl"]), {})[int(row["deal"])] = row
    return kept


def run(
    deals: list[int],
    impl: str,
    limit: float,
    jobs: int,
    states: int | None = None,
    kept: dict[int, dict[str, object]] | None = None,
    rows_file: str | None = None,
) -> dict[int, dict[str, object]]:
    """Verdicts of ``impl`` for every deal, by deal number (``limit`` seconds and at most
    ``states`` states a search); deals in ``kept`` are not solved again, and each new row is
    appended to ``rows_file`` as it comes, so a stopped run goes on where it stopped."""
    rows: dict[int, dict[str, object]] = {d: kept[d] for d in deals if kept and d in kept}
    work = [(d, impl, limit, states) for d in deals if d not in rows]
    with (
        open(rows_file or os.devnull, "a") as out,
        ProcessPoolExecutor(max_workers=jobs) as pool,
    ):
        for row in pool.map(_solve_deal, work, chunksize=4):
            rows[int(row["deal"])] = row  # type: ignore[call-overload]
            out.write(json.dumps(row) + "\n")
            out.flush()
            if len(rows) % 250 == 0:
                print(f"  {impl}: {len(rows)}/{len(deals)}", file=sys.stderr)
    return rows


def verdict(row: dict[str, object], rules: KlondikeRules) -> str:
    """The verdict in a result row."""
    return str(row[name(rules)][0])  # type: ignore[index]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument(
        "--exact-limit",
        type=float,
        help="seconds a search for the exact search (default: --time-limit)",
    )
    ap.add_argument(
        "--exact-states",
        type=int,
        help="states a search for the exact search (a limit that does not depend on the load)",
    )
    ap.add_argument("--python-states", type=int, help="states a search for the Python search")
    ap.add_argument("--python", type=int, default=0, help="deals the pure-Python search decides")
    ap.add_argument("--python-limit", type=float, default=10.0)
    ap.add_argument("--json", help="write every verdict to this file")
    ap.add_argument(
        "--rows",
        help="append each deal's verdicts to this file as they come and skip the deals it "
        "already holds (a stopped run goes on where it stopped)",
    )
    ap.add_argument("--rules", default=DEFAULT_RULES, help="rule sets, e.g. d3p2,d3pu")
    ap.add_argument("--searches", default="native,exact", help="the core's searches to run")
    args = ap.parse_args()
    global RULE_SETS
    RULE_SETS = pick_rules(args.rules)

    rng = random.Random(args.seed)
    deals = [rng.randrange(1, 10**18) for _ in range(args.count)]
    impls = (
        args.searches.split(",")
        if "native" in available_implementations("klondike")
        else ["python"]
    )
    results: dict[str, dict[int, dict[str, object]]] = {}
    kept = load_rows(args.rows)
    for impl in impls:
        began = time.perf_counter()
        limit = args.exact_limit if impl == "exact" and args.exact_limit else args.time_limit
        states = args.exact_states if impl == "exact" else None
        results[impl] = run(deals, impl, limit, args.jobs, states, kept.get(impl), args.rows)
        took = time.perf_counter() - began
        print(f"{impl}: {len(deals)} deals x {len(RULE_SETS)} rule sets in {took:.0f} s")
    if args.python and "python" not in impls:
        began = time.perf_counter()
        results["python"] = run(
            deals[: args.python],
            "python",
            args.python_limit,
            args.jobs,
            args.python_states,
            kept.get("python"),
            args.rows,
        )
        took = time.perf_counter() - began
        print(f"python: {args.python} deals x {len(RULE_SETS)} rule sets in {took:.0f} s")

    exact_limit = args.exact_limit or args.time_limit
    print(
        f"\n{args.count} deals (PySolFC numbers, seed {args.seed}), verdicts per rule set "
        f"(limits: {args.time_limit:g} s a search, exact {exact_limit:g} s "
        f"and {args.exact_states or 'no limit of'} states, "
        f"python {args.python_limit:g} s and {args.python_states or 'no limit of'} states):"
    )
    print("| rules | search | won | lost | limit | median ms | p99 ms | monotonicity |")
    print("|---|---|---|---|---|---|---|---|")
    problems = 0
    for rules in RULE_SETS:
        for impl, rows in results.items():
            counts = {"solved": 0, "unsolvable": 0, "limit": 0}
            times = []
            broken = []
            for deal, row in rows.items():
                v = verdict(row, rules)
                counts[v] += 1
                times.append(float(row[name(rules)][1]) * 1000)  # type: ignore[index]
                if v == "solved":
                    broken += [
                        (deal, name(o)) for o in looser(rules) if verdict(row, o) == "unsolvable"
                    ]
            problems += len(broken)
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(
                f"| {name(rules)} | {impl} | {counts['solved']} | {counts['unsolvable']} "
                f"| {counts['limit']} | {statistics.median(times):.2f} | {p99:.0f} "
                f"| {len(broken)} |"
            )
            for deal, other in broken[:5]:
                print(f"    won under {name(rules)}, lost under {other}: deal {deal}")

    print("\nAgreement (a deal one search calls won and the other lost):")
    impl_names = list(results)
    for i, a in enumerate(impl_names):
        for b in impl_names[i + 1 :]:
            common = set(results[a]) & set(results[b])
            pairs = disagree = 0
            for rules in RULE_SETS:
                for deal in common:
                    va, vb = verdict(results[a][deal], rules), verdict(results[b][deal], rules)
                    if "limit" in (va, vb):
                        continue
                    pairs += 1
                    if va != vb:
                        disagree += 1
                        print(f"    {name(rules)} deal {deal}: {a} {va}, {b} {vb}")
            problems += disagree
            print(f"  {a} vs {b}: {pairs} decided pairs, {disagree} disagree")
    print(f"\nwrong verdicts found: {problems}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({k: list(v.values()) for k, v in results.items()}, fh)


if __name__ == "__main__":
    main()
