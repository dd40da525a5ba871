"""Re-grade the deals of a game's shipped starter library with the game's grader as it is now,
keeping the deals and the solver's figures (Klondike's starter library is graded this way by
the player that follows the hint).

Playing the grader's games is the costly part (about 1.5 s a Klondike game), so it runs on
``--jobs`` processes and writes one JSON line per deal to ``--figures``; a run stopped at any
moment goes on where it stopped when started again. The deals are played in a shuffled order
(seed 0), so the figures of a part of a run are a fair sample of the whole, from which the
thresholds can be chosen before the run ends. ``--write`` then writes the starter file (the
package's own unless ``--out``) with every deal and its grade from the figures under the
grader's thresholds of today, and prints how the grades fall.

``--rules TEXT`` plays only the deals of one rule set (as the starter file writes it, say
``suits=2``); ``--write`` then keeps the stored figures of the others. ``--summary`` prints what
the figures played so far say: their grades under today's thresholds, the player's wins by the
grade stored now, and how far its lost games got.

``--add-deals RANGE`` (with ``--rules``) grows a rule set: after the starter deals, it solves
the deals of RANGE that the starter library lacks, as a library build does, and grades those
the solver wins; ``--write`` then writes them too. A grade with fewer than 732 deals needs
this for a deal of the day that never comes back within 366 days; ``--cap N`` (with
``--write``) then keeps each grade's N lowest-numbered deals, so that the deal lists a first
visit loads stay small. ``--keep GRADES`` (say
``easy``) keeps only the added deals of those grades: they are graded first and only those are
solved, so a rule set whose easy deals are rare grows by easy deals alone.

    python bench/regrade_starter.py --game klondike --figures /tmp/kl.jsonl [--jobs 2]
    python bench/regrade_starter.py --game klondike --figures /tmp/kl.jsonl --write [--out F]
    python bench/regrade_starter.py --game spider --rules suits=2 --figures /tmp/sp2.jsonl
    python bench/regrade_starter.py --game spider --rules suits=2 --figures /tmp/sp2.jsonl \
        --add-deals 3687-5000
    python bench/regrade_starter.py --game spider --figures /tmp/sp2.jsonl --summary
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from kosynka.games import game_spec
from kosynka.library.build import DEFAULT_MAX_STATES, numbering_of, parse_deal_ranges, rules_of
from kosynka.library.grading import GRADES, grader_of, regrader_of, runs_of
from kosynka.library.starter import STARTER_FIELDS, read_starter, starter_path, write_rows
from kosynka.solver.stats import wilson_interval

Item = tuple[str, str, int, int | None, int, tuple[str, ...]]
"""One deal to play: game, rules text, deal, solver states (None: a deal added to the starter
library, to be solved first), runs, and the grades an added deal is kept in."""


def figures_of(item: Item) -> dict[str, Any]:
    """The grader's fields of one deal (see :data:`Item`), with the seconds its games took. A
    deal added to the starter library is graded first (its solver figures unknown yet: a
    stand-in of one position, which ``--write`` replaces) and, when its grade is one it is kept
    in, solved as a library build solves it; its row keeps what the starter file keeps of it
    (``states``, ``solver``, ``solution``), or only a ``verdict`` when it is not kept or the
    solver does not win it."""
    game_name, rules_text, deal, states, runs, keep = item
    spec = game_spec(game_name)
    game = spec.deal(deal, rules_of(game_name, rules_text), numbering_of(game_name))
    began = time.perf_counter()
    grader = grader_of(game_name)
    assert grader is not None
    fields = grader(game, 1 if states is None else states, runs)
    added: dict[str, Any] = {}

    def verdict(text: str) -> dict[str, Any]:
        seconds = round(time.perf_counter() - began, 3)
        return {"rules": rules_text, "deal": deal, "verdict": text, "seconds": seconds}

    if states is None:
        if fields["grade"] not in keep:
            return verdict(f"not kept: {fields['grade']}")
        from kosynka.solver import SolveStatus, solve

        res = solve(game, max_states=DEFAULT_MAX_STATES)
        if res.status is not SolveStatus.SOLVED:
            return verdict(res.status.value)
        solution = " ".join(str(m) for m in res.moves)
        added = {"states": int(res.states), "solver": res.implementation, "solution": solution}
    seconds = round(time.perf_counter() - began, 3)
    return {"rules": rules_text, "deal": deal, **fields, **added, "seconds": seconds}


HEUR_FIELDS = ("heur_runs", "heur_wins", "heur_mean_moves", "heur_mean_home")
"""The player's figures a row of figures holds, as a starter record stores them."""


def graded(rec: dict[str, Any], fig: dict[str, Any], regrade: Callable[..., Any]) -> dict[str, Any]:
    """``rec`` (rules, deal, states and what else it keeps) with the player's figures of ``fig``
    and the score and grade they give under today's thresholds."""
    out = {**rec, **{k: fig[k] for k in HEUR_FIELDS}}
    out["score"], out["grade"] = regrade(out)
    return out


def read_figures(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """The figures written so far, by (rules text, deal)."""
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[(row["rules"], row["deal"])] = row
    return done


def play_all(
    game: str,
    figures: Path,
    jobs: int,
    runs: int,
    rules: str | None,
    add: list[int] | None = None,
    keep: tuple[str, ...] = GRADES,
) -> None:
    """Play the grader's games on every starter deal (of the rule set ``rules``, when given)
    not yet in ``figures``, then on the deals ``add`` that the starter library lacks (of the
    rule set ``rules``), solving those of the grades ``keep``."""
    deals = [d for d in read_starter(game=game) if rules is None or d.rules_text == rules]
    if not deals:
        sys.exit(f"no {game} starter deal has the rules {rules!r}")
    if add and rules is None:
        sys.exit("--add-deals needs --rules: the rule set the deals are added to")
    done = read_figures(figures)
    order: list[Item] = [(game, d.rules_text, d.deal, d.states, runs, keep) for d in deals]
    random.Random(0).shuffle(order)
    shipped = {d.deal for d in deals}
    order += [(game, str(rules), n, None, runs, keep) for n in add or [] if n not in shipped]
    todo = [t for t in order if (t[1], t[2]) not in done]
    print(f"{len(done)} deals done, {len(todo)} to play on {jobs} processes", flush=True)
    began = time.perf_counter()
    with (
        ProcessPoolExecutor(jobs) as pool,
        figures.open("a", encoding="utf-8") as out,
    ):
        for n, row in enumerate(pool.map(figures_of, todo, chunksize=4), 1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            if n % 100 == 0:
                rate = n / (time.perf_counter() - began)
                print(f"{n} played, {rate:.2f} deals/s", flush=True)


def write(game: str, figures: Path, out: Path, rules: str | None, cap: int | None = None) -> None:
    """Write the starter file ``out`` from the starter deals and their figures (with ``rules``,
    those of the other rule sets from the starter file as it is), each grade of ``rules`` (all
    rule sets without it) cut to its ``cap`` lowest-numbered deals when given; print the
    grades."""
    regrade = regrader_of(game)
    assert regrade is not None
    done = read_figures(figures)
    rows: list[dict[str, Any]] = []
    missing = 0
    starter = read_starter(game=game)
    for d in starter:
        fig = done.get((d.rules_text, d.deal))
        if fig is None and rules is not None and d.rules_text != rules:
            fig = {k: getattr(d, k) for k in HEUR_FIELDS}  # a rule set not played again
        if fig is None:
            missing += 1
            continue
        rec = {
            "rules": d.rules_text,
            "deal": d.deal,
            "states": d.states,
            "solver": d.solver,
            "solution": d.solution,
        }
        rows.append({k: v for k, v in graded(rec, fig, regrade).items() if k in STARTER_FIELDS})
    shipped = {(d.rules_text, d.deal) for d in starter}
    for (rules_text, deal), fig in sorted(done.items()):
        if (rules_text, deal) in shipped or "verdict" in fig:
            continue  # a starter deal (above), or an added deal the solver did not win
        if rules is not None and rules_text != rules:
            continue
        rec = {k: fig[k] for k in ("rules", "deal", "states", "solver", "solution")}
        rows.append({k: v for k, v in graded(rec, fig, regrade).items() if k in STARTER_FIELDS})
    if missing:
        sys.exit(f"{missing} starter deals have no figures yet: play them first")
    if cap is not None:
        rows = capped(rows, cap, rules)
    write_rows(rows, out)
    print_grades(game, rows)
    seconds = [float(f["seconds"]) for f in done.values() if "seconds" in f]
    mean = sum(seconds) / len(seconds)
    print(f"grading: {sum(seconds) / 3600:.2f} core-hours, {mean:.2f} s a deal")


def capped(rows: list[dict[str, Any]], cap: int, rules: str | None) -> list[dict[str, Any]]:
    """``rows`` with each grade of the rule set ``rules`` (of every rule set when None) cut to
    its ``cap`` lowest-numbered deals, in their order."""
    kept: set[tuple[str, int]] = set()
    groups: dict[tuple[str, str], list[int]] = {}
    for r in rows:
        groups.setdefault((str(r["rules"]), str(r["grade"])), []).append(int(r["deal"]))
    for (rules_text, _grade), deals in groups.items():
        chosen = deals if rules is not None and rules_text != rules else sorted(deals)[:cap]
        kept.update((rules_text, d) for d in chosen)
    return [r for r in rows if (str(r["rules"]), int(r["deal"])) in kept]


def print_grades(game: str, rows: list[dict[str, Any]]) -> None:
    """Print how ``rows`` (starter records with their grades) fall into the grades, per rule
    set, with the player's wins in each grade."""
    for rules in sorted({str(r["rules"]) for r in rows}):
        of_rules = [r for r in rows if r["rules"] == rules]
        counts = Counter(str(r["grade"]) for r in of_rules)
        print(f"{game} {rules}: {len(of_rules)} deals")
        for grade in GRADES:
            sel = [r for r in of_rules if r["grade"] == grade]
            runs = sum(int(r["heur_runs"]) for r in sel)
            wins = sum(int(r["heur_wins"]) for r in sel)
            lo, hi = wilson_interval(wins, runs) if runs else (0.0, 0.0)
            print(
                f"  {grade:<7} {counts[grade]:>5}  player wins {wins}/{runs}"
                f" ({100 * wins / max(1, runs):.1f}%, Wilson {100 * lo:.1f}-{100 * hi:.1f}%)"
            )


def summary(game: str, figures: Path) -> None:
    """Print what the figures played so far say (a run need not have ended): the grades they
    give under the grader's thresholds of today, how the player did on the deals of each grade
    the starter file stores now, and how far its lost games got."""
    regrade = regrader_of(game)
    assert regrade is not None
    done = read_figures(figures)
    stored = {(d.rules_text, d.deal): d for d in read_starter(game=game)}
    rows: list[dict[str, Any]] = []
    for (rules, deal), fig in done.items():
        if "verdict" in fig:
            continue  # an added deal the solver did not win
        d = stored.get((rules, deal))
        states = d.states if d is not None else int(fig["states"])
        rec = {"rules": rules, "deal": deal, "states": states, "stored": d.grade if d else "added"}
        rows.append(graded(rec, fig, regrade))
    print(f"{len(rows)} deals played; under today's thresholds:")
    print_grades(game, rows)
    print("by the grade stored now (deals added to the library left out):")
    print_grades(game, [{**r, "grade": r["stored"]} for r in rows if r["stored"] != "added"])
    lost = [r for r in rows if int(r["heur_wins"]) == 0]
    for what, key in (("mean home (progress)", "heur_mean_home"), ("score", "score")):
        print(f"deals whose games were all lost, {what}, percentiles: {percentiles(lost, key)}")


def percentiles(rows: list[dict[str, Any]], key: str) -> str:
    """The 10th, 25th, 50th, 75th and 90th percentiles of field ``key`` of ``rows`` (nearest
    rank below), as text; "none" when there are no rows."""
    values = sorted(float(r[key]) for r in rows)
    if not values:
        return "none"
    return ", ".join(
        f"{p}%: {values[p * (len(values) - 1) // 100]:g}" for p in (10, 25, 50, 75, 90)
    )


def main() -> int:
    """Parse the arguments; play or write."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--game", default="klondike")
    ap.add_argument("--figures", type=Path, required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--runs", type=int, default=None)
    ap.add_argument("--rules", default=None, help="only the deals of this rule set")
    ap.add_argument(
        "--add-deals",
        default=None,
        metavar="RANGE",
        help="also solve and grade these deals of --rules, which the starter library lacks",
    )
    ap.add_argument(
        "--keep",
        default=",".join(GRADES),
        help="the grades an added deal is kept in (comma-separated; the others are not solved)",
    )
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--summary", action="store_true", help="what the figures so far say")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument(
        "--cap",
        type=int,
        default=None,
        help="with --write: each grade keeps its CAP lowest-numbered deals",
    )
    args = ap.parse_args()
    if args.summary:
        summary(args.game, args.figures)
    elif args.write:
        out = args.out or starter_path(args.game)
        assert out is not None, "no starter file to write over: give --out"
        write(args.game, args.figures, out, args.rules, args.cap)
    else:
        rules = rules_of(args.game, args.rules) if args.rules is not None else None
        runs = args.runs or runs_of(args.game, rules)
        add = parse_deal_ranges(args.add_deals) if args.add_deals else None
        keep = tuple(g for g in args.keep.split(",") if g)
        if any(g not in GRADES for g in keep):
            sys.exit(f"--keep takes grades among {', '.join(GRADES)}, not {args.keep!r}")
        play_all(args.game, args.figures, args.jobs, runs, args.rules, add, keep)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
