"""``kosynka library ...``: build, inspect, check and pick from the deal library.

kosynka library build --game klondike --draw 1 --deals 1-100000 [--jobs N]
                      [--scheduler tcp://HOST:PORT] [--db URL]
kosynka library stats [--draw 1|3] [--db URL | --starter]
kosynka library verify [--db URL]
kosynka library pick --grade easy --draw 1 [--exclude 1,2,3] [--db URL]
kosynka library starter [--per-grade 1000] [--jobs N] [--out FILE]
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any, TextIO

from kosynka.cli.common import CliError, add_rule_flags, check_flags_for, find_game, rules_from
from kosynka.errors import KosynkaError
from kosynka.games import game_spec
from kosynka.library.build import (
    BATCH_ROWS,
    DEFAULT_MAX_STATES,
    BuildSpec,
    build,
    default_jobs,
    numbering_of,
    parse_deal_ranges,
    regrade,
    rules_of,
)
from kosynka.library.grading import DEFAULT_RUNS, GRADES, starter_rules_of, wilson_interval
from kosynka.library.starter import build_starter, pick, read_starter
from kosynka.library.storage import LibraryError, open_library


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _positive_float(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not x > 0:
        raise argparse.ArgumentTypeError(f"must be positive, not {text}")
    return x


def _db_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--db",
        metavar="URL",
        help="library database: a SQLite file path or any SQLAlchemy URL "
        "(default: kosynka/library.sqlite in the user's data directory)",
    )


def register(subparsers: Any) -> dict[str, Any]:
    """Add ``kosynka library`` and its subcommands; return the command table entry."""
    lib = subparsers.add_parser("library", help="the deal library: build, stats, pick")
    sub = lib.add_subparsers(dest="library_command", parser_class=type(lib))

    p = sub.add_parser("build", help="solve, grade and store a range of deals (resumable)")
    p.add_argument("--game", default="klondike", help="the game (klondike)")
    p.add_argument("--deals", required=True, metavar="RANGE", help="deal numbers, e.g. 1-100000")
    p.add_argument(
        "--jobs", type=_positive_int, help=f"worker processes (default {default_jobs()})"
    )
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="build on this Dask cluster")
    p.add_argument(
        "--max-states",
        type=_positive_int,
        default=DEFAULT_MAX_STATES,
        help=f"solver state limit per deal (default {DEFAULT_MAX_STATES:,})",
    )
    p.add_argument(
        "--time-limit", type=_positive_float, metavar="SECONDS", help="solver time limit per deal"
    )
    p.add_argument(
        "--runs",
        type=_positive_int,
        default=DEFAULT_RUNS,
        help=f"games of the no-peeking player per winnable deal (default {DEFAULT_RUNS})",
    )
    p.add_argument(
        "--batch",
        type=_positive_int,
        default=BATCH_ROWS,
        help=f"deals written per transaction at most (default {BATCH_ROWS})",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rule_flags(p)
    _db_flag(p)

    p = sub.add_parser("stats", help="deals per verdict and grade, winnable share")
    p.add_argument("--game", default="klondike", help="the game (klondike)")
    p.add_argument("--all-rules", action="store_true", help="every rule set in the library")
    add_rule_flags(p)
    _db_flag(p)
    p.add_argument("--starter", action="store_true", help="the starter library shipped")

    p = sub.add_parser("verify", help="replay every stored winning line through the rules")
    _db_flag(p)

    p = sub.add_parser("regrade", help="recompute grades from the stored figures")
    _db_flag(p)

    p = sub.add_parser("pick", help="a deal of a grade not played yet")
    p.add_argument("--game", default="klondike", help="the game (default klondike)")
    p.add_argument("--grade", required=True, choices=GRADES)
    p.add_argument("--exclude", default="", metavar="N,N,...", help="deals already played")
    add_rule_flags(p)
    _db_flag(p)

    p = sub.add_parser("starter", help="rebuild the starter library shipped in the package")
    p.add_argument("--game", default="klondike", help="the game (default klondike)")
    p.add_argument("--per-grade", type=_positive_int, default=1000, help="deals per grade")
    p.add_argument("--jobs", type=_positive_int, help="worker processes")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="build on this Dask cluster")
    p.add_argument("--max-states", type=_positive_int, help="solver state limit per deal")
    p.add_argument("--out", metavar="FILE", help="where to write (default: the package's file)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _db_flag(p)
    return {"library": cmd_library}


def cmd_library(args: argparse.Namespace, out: TextIO) -> int:
    """Dispatch ``kosynka library SUBCOMMAND``; library errors become one-line CLI errors."""
    # A database driver's own complaints while a lost connection is closed would only repeat
    # the one-line error below.
    logging.getLogger("psycopg").setLevel(logging.CRITICAL)
    commands = {
        "build": _cmd_build,
        "stats": _cmd_stats,
        "verify": _cmd_verify,
        "regrade": _cmd_regrade,
        "pick": _cmd_pick,
        "starter": _cmd_starter,
    }
    name = getattr(args, "library_command", None)
    if name not in commands:
        raise CliError(f"library needs a subcommand: {', '.join(commands)}")
    try:
        return commands[name](args, out)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def _cmd_build(args: argparse.Namespace, out: TextIO) -> int:
    find_game(args.game)
    if args.jobs is not None and args.scheduler:
        raise CliError("give --jobs or --scheduler, not both")
    rules = rules_from(find_game(args.game), args)
    deals = parse_deal_ranges(args.deals)
    spec = BuildSpec(
        game=args.game.lower(),
        rules=rules,
        max_states=args.max_states,
        time_limit=args.time_limit,
        runs=args.runs,
    )
    _check_solver()
    with open_library(args.db) as lib:  # a bad database is refused before any work
        where = lib.where
    print(
        f"building {spec.game} {spec.rules_text}: {len(deals)} deals into {where}",
        file=sys.stderr,
    )
    report = build(
        spec,
        deals,
        db=args.db,
        jobs=args.jobs,
        scheduler=args.scheduler,
        progress=not args.quiet,
        batch_rows=args.batch,
    )
    v = report.verdicts
    grades = ", ".join(f"{g} {report.grades.get(g, 0)}" for g in GRADES)
    rate = report.examined / report.seconds if report.seconds > 0 else 0.0
    print(
        f"{report.requested} deals asked: {report.already} were stored already, "
        f"{report.examined} examined ({rate:.1f} deals/s), {report.stored} stored now, "
        f"{report.by_others} left to another build",
        file=out,
    )
    if report.examined:
        print(
            f"verdicts: winnable {v.get('solved', 0)} ({grades}), "
            f"unwinnable {v.get('unsolvable', 0)}, undecided {v.get('limit', 0)}",
            file=out,
        )
    if report.interrupted:
        print(
            "interrupted: what was done is stored; run the same command again to resume",
            file=sys.stderr,
        )
        return 130
    return 0


def _check_solver() -> None:
    """Fail early, with one line, when the solver is missing."""
    try:
        import kosynka.solver  # noqa: F401
    except ImportError as exc:
        raise CliError(f"the solver is not available: {exc}") from None


def _cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    if args.starter:
        return _starter_stats(args, out)
    game = args.game.lower()
    rules: str | None = None
    if not args.all_rules:
        rules = rules_from(find_game(game), args).text()
    with open_library(args.db, create=False, readonly=True) as lib:
        counts = lib.counts(game, rules)
        where = lib.where
    if not counts:
        what = f"{game} {rules}" if rules else game
        print(f"no {what} deals in {where}", file=out)
        return 0
    for c in counts:
        print(f"{game} {c.rules}: {c.total} deals in {where}", file=out)
        graded = sum(c.grades.values())
        for g in GRADES:
            n = c.grades.get(g, 0)
            share = f"{100 * n / graded:5.1f}%" if graded else "    -"
            print(f"  {g:<10} {n:>8}  {share} of the winnable", file=out)
        print(f"  {'winnable':<10} {c.solved:>8}", file=out)
        print(f"  {'unwinnable':<10} {c.unsolvable:>8}", file=out)
        print(f"  {'undecided':<10} {c.undecided:>8}  (the solver reached its limit)", file=out)
        decided = c.solved + c.unsolvable
        if decided:
            lo, hi = wilson_interval(c.solved, decided)
            print(
                f"  winnable share {100 * c.solved / decided:.2f}% "
                f"(95% Wilson interval {100 * lo:.2f}%..{100 * hi:.2f}%) "
                f"of the {decided} decided deals",
                file=out,
            )
            if c.undecided:
                low = c.solved / c.total
                high = (c.solved + c.undecided) / c.total
                print(
                    f"  counting the undecided either way: {100 * low:.2f}%..{100 * high:.2f}%",
                    file=out,
                )
    return 0


def _starter_stats(args: argparse.Namespace, out: TextIO) -> int:
    game = find_game(args.game).name
    deals = read_starter(game=game)
    if not deals:
        print(f"this install has no {game} starter library", file=out)
        return 0
    for rules in starter_rules_of(game):
        mine = [d for d in deals if d.rules_text == rules.text()]
        print(f"starter library, {game} {rules.text()}: {len(mine)} winnable deals", file=out)
        for g in GRADES:
            of_grade = [d for d in mine if d.grade == g]
            if not of_grade:
                print(f"  {g:<8} {0:>6}", file=out)
                continue
            wins = sum(d.heur_wins for d in of_grade) / sum(d.heur_runs for d in of_grade)
            print(
                f"  {g:<8} {len(of_grade):>6}  deals {of_grade[0].deal}..{of_grade[-1].deal}"
                f"  player wins {100 * wins:.0f}%",
                file=out,
            )
    return 0


def _cmd_verify(args: argparse.Namespace, out: TextIO) -> int:
    from kosynka.solver.verify import SolutionError, verify_line

    checked = 0
    bad: list[str] = []
    with open_library(args.db, create=False, readonly=True) as lib:
        for rec in lib.records(verdict="solved"):
            checked += 1
            try:
                spec = game_spec(rec["game"])
                rules = rules_of(spec.name, rec["rules"])
                line = (rec["solution"] or "").split()
                verify_line(spec.deal(int(rec["deal"]), rules, numbering_of(spec.name)), line)
            except (SolutionError, KosynkaError) as exc:
                bad.append(f"{rec['rules']} deal {rec['deal']}: {exc}")
    for b in bad[:20]:
        print(f"FAILED {b}", file=out)
    print(f"{checked - len(bad)} of {checked} winning lines replay to a win", file=out)
    return 1 if bad else 0


def _cmd_regrade(args: argparse.Namespace, out: TextIO) -> int:
    changed = regrade(args.db)
    print(f"{changed} grades changed", file=out)
    return 0


def _cmd_pick(args: argparse.Namespace, out: TextIO) -> int:
    spec = find_game(args.game)
    check_flags_for(spec, args)
    rules = rules_from(spec, args)
    exclude: set[int] = set()
    for part in args.exclude.split(","):
        part = part.strip()
        if part:
            if not part.isdigit():
                raise CliError(f"--exclude takes deal numbers separated by commas, not {part!r}")
            exclude.add(int(part))
    deal = pick(spec.name, args.grade, rules, exclude, db=args.db)
    if deal is None:
        print(f"no {args.grade} deal left for {rules.text()}", file=sys.stderr)
        return 1
    print(deal, file=out)
    return 0


def _cmd_starter(args: argparse.Namespace, out: TextIO) -> int:
    _check_solver()
    game = find_game(args.game).name
    if not starter_rules_of(game):
        raise CliError(f"the deal library cannot grade {game} deals yet")
    written = build_starter(
        game=game,
        per_grade=args.per_grade,
        db=args.db,
        jobs=args.jobs,
        scheduler=args.scheduler,
        out=args.out,
        max_states=args.max_states,
        progress=not args.quiet,
    )
    for (rules, grade), n in sorted(written.items(), key=lambda kv: str(kv[0])):
        label = f"draw {rules}" if game == "klondike" else str(rules)
        print(f"{label} {grade}: {n} deals", file=out)
    short = [k for k, n in written.items() if n < args.per_grade]
    if short:
        raise LibraryError(f"some grades have fewer than {args.per_grade} deals: {short}")
    return 0


__all__ = ["LibraryError", "cmd_library", "register"]
