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
``suits=2``); ``--write`` then keeps the stored figures of the others. ``--player hints`` plays
the grader's ``hint_grade`` instead of its ``grade``, for a game whose grades are still the
rule-based player's (Spider): the games of the player who follows the hints, from whose figures
the thresholds of a grade by the hints are chosen. ``--summary`` prints what the figures
played so far say: their grades under today's thresholds, the player's wins by the grade
stored now, and how far its lost games got.

The grader of a game graded by the hints may play a deal's next game only when every game so
far was won (Spider's stops after the first game lost): ``--player hints --runs N`` plays those
next games too, on deals whose figures hold fewer games, all won, and ``--write`` refuses while
any such deal is left.

``--add-deals RANGE`` (with ``--rules``) grows a rule set: after the starter deals, it solves
the deals of RANGE that the starter library lacks, as a library build does, and grades those
the solver wins; ``--write`` then writes them too. Spider's 2-suit grade by the hints needs
this: its *easy* deals (both games won) are about a fifth of the deals, and a deal of the day
that never comes back within 366 days needs 732 of a grade.

    python bench/regrade_starter.py --game klondike --figures /tmp/kl.jsonl [--jobs 2]
    python bench/regrade_starter.py --game klondike --figures /tmp/kl.jsonl --write [--out F]
    python bench/regrade_starter.py --game spider --rules suits=2 --player hints --runs 2 \
        --figures /tmp/sp2.jsonl
    python bench/regrade_starter.py --game spider --rules suits=2 --player hints --runs 2 \
        --figures /tmp/sp2.jsonl --add-deals 3008-3300
    python bench/regrade_starter.py --game spider --figures /tmp/sp2.jsonl --summary
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, cast

from kosynka.games import game_spec
from kosynka.library.build import DEFAULT_MAX_STATES, numbering_of, parse_deal_ranges, rules_of
from kosynka.library.grading import GRADES, GradeFigures, grader_of, regrader_of, runs_of
from kosynka.library.starter import STARTER_FIELDS, read_starter, starter_path, write_rows
from kosynka.solver.stats import wilson_interval

Item = tuple[str, str, int, int | None, int, str, dict[str, Any] | None]
"""One deal to play: game, rules text, deal, solver states (None: a deal added to the starter
library, to be solved first), runs, player, and the figures of its games played before (None:
none)."""


def figures_of(item: Item) -> dict[str, Any]:
    """The grader's fields of one deal (see :data:`Item`), with the seconds its games took
    (those played before included). With figures of games played before, the hints' grader
    goes on from them. A deal added to the starter library is solved first, as a library build
    solves it, and its row keeps what the starter file keeps of it (``states``, ``solver``,
    ``solution``), or only its ``verdict`` when the solver does not win it."""
    game_name, rules_text, deal, states, runs, player, before = item
    spec = game_spec(game_name)
    game = spec.deal(deal, rules_of(game_name, rules_text), numbering_of(game_name))
    began = time.perf_counter()
    added: dict[str, Any] = {}
    if states is None:
        from kosynka.solver import SolveStatus, solve

        res = solve(game, max_states=DEFAULT_MAX_STATES)
        if res.status is not SolveStatus.SOLVED:
            seconds = round(time.perf_counter() - began, 3)
            return {
                "rules": rules_text,
                "deal": deal,
                "verdict": res.status.value,
                "seconds": seconds,
            }
        states = int(res.states)
        solution = " ".join(str(m) for m in res.moves)
        added = {"states": states, "solver": res.implementation, "solution": solution}
    if player == "grader":
        grader = grader_of(game_name)
        assert grader is not None
        fields = grader(game, states, runs)
    else:
        known = None if before is None else GradeFigures.of_record({**before, "states": states})
        fields = hint_grader_of(game_name)(game, states, runs, before=known)
    seconds = round(time.perf_counter() - began, 3)
    if before is not None:
        seconds = round(seconds + float(before.get("seconds", 0.0)), 3)
        added = {k: before[k] for k in ("states", "solver", "solution") if k in before}
    return {"rules": rules_text, "deal": deal, **fields, **added, "seconds": seconds}


HEUR_FIELDS = ("heur_runs", "heur_wins", "heur_mean_moves", "heur_mean_home")
"""The player's figures a row of figures holds, as a starter record stores them."""


def graded(rec: dict[str, Any], fig: dict[str, Any], regrade: Callable[..., Any]) -> dict[str, Any]:
    """``rec`` (rules, deal, states and what else it keeps) with the player's figures of ``fig``
    and the score and grade they give under today's thresholds."""
    out = {**rec, **{k: fig[k] for k in HEUR_FIELDS}}
    out["score"], out["grade"] = regrade(out)
    return out


def unfinished(row: dict[str, Any], runs: int) -> bool:
    """Whether the hints' grader would play more games of the deal of figures ``row`` than it
    has: every game so far won and fewer than ``runs`` of them (it stops after a game lost)."""
    return int(row["heur_wins"]) == int(row["heur_runs"]) < runs


def read_figures(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """The figures written so far, by (rules text, deal)."""
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                done[(row["rules"], row["deal"])] = row
    return done


def hint_grader_of(game: str) -> Callable[..., dict[str, Any]]:
    """The ``hint_grade`` of ``game``'s grader (its grade from the games of the player who
    follows the hints, which can go on from games played before); exits with a message when
    it has none."""
    module = importlib.import_module(f"kosynka.library.graders.{game}")
    grader = getattr(module, "hint_grade", None)
    if grader is None:
        sys.exit(f"{game}'s grader has no hint_grade: its grade() already plays the hints")
    return cast(Callable[..., dict[str, Any]], grader)


def play_all(
    game: str,
    figures: Path,
    jobs: int,
    runs: int,
    rules: str | None,
    player: str,
    add: list[int] | None = None,
) -> None:
    """Play the grader's games on every starter deal (of the rule set ``rules``, when given)
    not yet in ``figures``, then on the deals ``add`` that the starter library lacks (of the
    rule set ``rules``), solving them first."""
    deals = [d for d in read_starter(game=game) if rules is None or d.rules_text == rules]
    if not deals:
        sys.exit(f"no {game} starter deal has the rules {rules!r}")
    if add and rules is None:
        sys.exit("--add-deals needs --rules: the rule set the deals are added to")
    if player != "grader":
        hint_grader_of(game)  # (a message now, not from every process)
    done = read_figures(figures)
    order: list[Item] = [(game, d.rules_text, d.deal, d.states, runs, player, None) for d in deals]
    random.Random(0).shuffle(order)
    shipped = {d.deal for d in deals}
    order += [
        (game, str(rules), n, None, runs, player, None) for n in add or [] if n not in shipped
    ]
    todo: list[Item] = []
    for t in order:
        row = done.get((t[1], t[2]))
        if row is None:
            todo.append(t)
        elif player == "hints" and "verdict" not in row and unfinished(row, runs):
            states = t[3] if t[3] is not None else int(row["states"])
            todo.append((*t[:3], states, *t[4:6], row))  # its games so far all won: the next
    more = sum(1 for t in todo if t[6] is not None)
    print(
        f"{len(done)} deals done, {len(todo)} to play ({more} of them going on from games "
        f"played before) on {jobs} processes",
        flush=True,
    )
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


def write(game: str, figures: Path, out: Path, rules: str | None) -> None:
    """Write the starter file ``out`` from the starter deals and their figures (with ``rules``,
    those of the other rule sets from the starter file as it is); print the grades."""
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
    short = [r for r in rows if unfinished(r, runs_of(game, rules_of(game, str(r["rules"]))))]
    if short:
        sys.exit(
            f"{len(short)} starter deals won every game so far in fewer games than the grader"
            " plays: play their next games first"
        )
    write_rows(rows, out)
    print_grades(game, rows)
    seconds = [float(f["seconds"]) for f in done.values() if "seconds" in f]
    mean = sum(seconds) / len(seconds)
    print(f"grading: {sum(seconds) / 3600:.2f} core-hours, {mean:.2f} s a deal")


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
    ap.add_argument("--player", choices=("grader", "hints"), default="grader")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--summary", action="store_true", help="what the figures so far say")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.summary:
        summary(args.game, args.figures)
    elif args.write:
        out = args.out or starter_path(args.game)
        assert out is not None, "no starter file to write over: give --out"
        write(args.game, args.figures, out, args.rules)
    else:
        rules = rules_of(args.game, args.rules) if args.rules is not None else None
        runs = args.runs or runs_of(args.game, rules)
        add = parse_deal_ranges(args.add_deals) if args.add_deals else None
        play_all(args.game, args.figures, args.jobs, runs, args.rules, args.player, add)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
