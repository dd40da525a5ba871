"""``kosynka library ...``: build, inspect, check and pick from the deal library.

kosynka library build --game klondike --draw 1 --deals 1-100000 [--jobs N]
                      [--scheduler tcp://HOST:PORT] [--db URL] [--create-dirs]
kosynka library stats [--draw 1|3] [--all-rules] [--db URL | --starter]
kosynka library verify [--game G] [--sample N [--seed S]] [--max-states N] [--jobs N] [--db URL]
kosynka library regrade [--game G] [--db URL]
kosynka library pick --grade easy --draw 1 [--exclude 1,2,3] [--db URL]
kosynka library starter [--per-grade 1000] [--jobs N] [--out FILE] [--create-dirs]

Without ``--game``, every command works on the games whose deals the library holds (klondike
for a new or empty library): ``stats``, ``verify`` and ``regrade`` cover each game of a library
of several (``stats`` says which games its rule flags leave out), ``build`` and ``pick`` ask
for ``--game`` there. Every refusal is one line on stderr with
exit status 2, and comes before any deal is solved or anything is written: a damaged, foreign,
read-only or unreachable library, a missing directory, a bad number or flag.
"""

from __future__ import annotations

import argparse
import logging
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from kosynka.cli.common import (
    CliError,
    add_rule_flags,
    check_flags_for,
    find_game,
    flags_given,
    rules_from,
)
from kosynka.errors import KosynkaError, shown
from kosynka.games import DEFAULT_GAME, GameSpec, game_names, game_spec
from kosynka.library.build import (
    BATCH_ROWS,
    DEFAULT_MAX_STATES,
    BuildSpec,
    build,
    default_jobs,
    parse_deal_ranges,
    regrade,
    scheduler_address,
    whole_number,
)
from kosynka.library.grading import DEFAULT_RUNS, GRADES, starter_rules_of
from kosynka.library.starter import build_starter, pick, read_starter
from kosynka.library.storage import (
    MAX_STORED_DEAL,
    LibraryError,
    NoLibraryError,
    default_db_path,
    describe_db,
    open_library,
)
from kosynka.library.verify import Unreadable, rules_unreadable, unreadable, verify_library
from kosynka.numtext import parse_whole
from kosynka.solver.stats import wilson_interval

"""The game of a new or empty library when ``--game`` is not given."""
MAX_JOBS = max(32, 8 * default_jobs())
"""The most worker processes ``--jobs`` starts (8 per core, at least 32)."""
MAX_RUNS = 10_000
"""The most games of the no-peeking player per deal (``--runs``)."""
MAX_BATCH = 1_000_000
MAX_PER_GRADE = 1_000_000
MAX_DEAL_DIGITS = 20
"""The most digits of a deal number (Klondike's PySolFC numbers go up to 10^20 - 1)."""


def _count(hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from 1 to ``hi``, refused with one short line."""

    def read(text: str) -> int:
        try:
            return whole_number(text, "number", lo=1, hi=hi)
        except LibraryError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def _seconds(text: str) -> float:
    """An argparse type: a finite positive number of seconds."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {shown(text)}") from None
    if not (math.isfinite(x) and x > 0):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {shown(text)}")
    return x


def _db_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--db",
        metavar="URL",
        help="library database: a SQLite file path or any SQLAlchemy URL "
        "(default: kosynka/library.sqlite in the user's data directory)",
    )


def _create_dirs_flag(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument(
        "--create-dirs",
        action="store_true",
        help=f"make the missing directories of {what} (only the default data directory is "
        "made without it)",
    )


def _game_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--game",
        help="the game (default: the game of the library's deals; klondike for a new library)",
    )


def _game_flag_all(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", help="the game (default: every game of the library's deals)")


def register(subparsers: Any) -> dict[str, Any]:
    """Add ``kosynka library`` and its subcommands; return the command table entry."""
    lib = subparsers.add_parser("library", help="the deal library: build, stats, pick")
    sub = lib.add_subparsers(dest="library_command", parser_class=type(lib))

    p = sub.add_parser("build", help="solve, grade and store a range of deals (resumable)")
    _game_flag(p)
    p.add_argument("--deals", required=True, metavar="RANGE", help="deal numbers, e.g. 1-100000")
    p.add_argument(
        "--jobs",
        type=_count(MAX_JOBS),
        help=f"worker processes (default {default_jobs()})",
    )
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="build on this Dask cluster")
    p.add_argument(
        "--max-states",
        type=_count(MAX_STORED_DEAL),
        default=DEFAULT_MAX_STATES,
        help=f"solver state limit per deal (default {DEFAULT_MAX_STATES:,})",
    )
    p.add_argument(
        "--time-limit", type=_seconds, metavar="SECONDS", help="solver time limit per deal"
    )
    p.add_argument(
        "--runs",
        type=_count(MAX_RUNS),
        default=None,
        help=f"games of the no-peeking player per winnable deal (default {DEFAULT_RUNS}; "
        "Klondike 1, Spider 2 suits at most 2: their player follows the strong hint)",
    )
    p.add_argument(
        "--batch",
        type=_count(MAX_BATCH),
        default=BATCH_ROWS,
        help=f"deals written per transaction at most (default {BATCH_ROWS})",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_rule_flags(p)
    _db_flag(p)
    _create_dirs_flag(p, "a new library file")

    p = sub.add_parser("stats", help="deals per verdict and grade, winnable share")
    _game_flag(p)
    p.add_argument("--all-rules", action="store_true", help="every rule set in the library")
    add_rule_flags(p)
    _db_flag(p)
    p.add_argument("--starter", action="store_true", help="the starter library shipped")

    p = sub.add_parser(
        "verify",
        help="check every claim: replay each winning line, decide each unwinnable deal again",
    )
    _game_flag_all(p)
    p.add_argument(
        "--sample",
        type=_count(MAX_STORED_DEAL),
        metavar="N",
        help="decide only N of the unwinnable deals again, picked at random (default: all)",
    )
    p.add_argument(
        "--seed",
        type=_count(MAX_STORED_DEAL),
        help="the random pick of --sample (printed, so that a run can be repeated)",
    )
    p.add_argument(
        "--max-states",
        type=_count(MAX_STORED_DEAL),
        help="the solver's state limit per deal decided again (default: four times what the "
        "stored proof took, at least 200,000)",
    )
    p.add_argument(
        "--jobs", type=_count(MAX_JOBS), help=f"worker processes (default {default_jobs()})"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _db_flag(p)

    p = sub.add_parser("regrade", help="recompute grades from the stored figures")
    _game_flag_all(p)
    _db_flag(p)

    p = sub.add_parser("pick", help="a deal of a grade not played yet")
    p.add_argument(
        "--game",
        help="the game (default: the game of the --db library's deals, else klondike)",
    )
    p.add_argument("--grade", required=True, choices=GRADES)
    p.add_argument("--exclude", default="", metavar="N,N,...", help="deals already played")
    add_rule_flags(p)
    _db_flag(p)

    p = sub.add_parser("starter", help="rebuild the starter library shipped in the package")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"the game (default {DEFAULT_GAME})")
    p.add_argument(
        "--per-grade",
        type=_count(MAX_PER_GRADE),
        default=1000,
        help="deals per grade",
    )
    p.add_argument("--jobs", type=_count(MAX_JOBS), help="worker processes")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="build on this Dask cluster")
    p.add_argument(
        "--max-states",
        type=_count(MAX_STORED_DEAL),
        help="solver state limit per deal",
    )
    p.add_argument("--out", metavar="FILE", help="where to write (default: the package's file)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    _db_flag(p)
    _create_dirs_flag(p, "the work library and of --out")
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


# --------------------------------------------------------------------------- which game
def _contents(db: str | None) -> tuple[dict[str, list[str]], str]:
    """What the library ``db`` holds (rule sets by game) and where it is; nothing when there
    is no library there yet. A damaged, foreign or unreachable library is refused here."""
    try:
        with open_library(db, create=False, readonly=True) as lib:
            return lib.contents(), lib.where
    except NoLibraryError:
        return {}, describe_db(db)


def _listing(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _choose_games(
    args: argparse.Namespace, contents: Mapping[str, Sequence[str]], where: str, *, several: bool
) -> list[GameSpec]:
    """The games a command works on: ``--game`` when given; else the games of the library's
    deals that have the rule flags given (klondike for a new or empty library). More than one
    only when ``several``; otherwise a library of several games needs ``--game``."""
    if args.game is not None:
        spec = find_game(args.game)
        check_flags_for(spec, args)
        return [spec]
    given = flags_given(args)

    def fits(spec: GameSpec) -> bool:
        return set(given) <= {o.flag for o in spec.options}

    if not contents:
        spec = find_game(DEFAULT_GAME)
        if not fits(spec):
            foreign = [f for f in given if f not in {o.flag for o in spec.options}]
            raise CliError(
                f"{spec.name} has no rule option {', '.join(foreign)} "
                "(give --game for another game)"
            )
        return [spec]
    known = set(game_names())
    present = [game_spec(g) for g in contents if g in known]
    holds = _listing(list(contents))
    if not present:
        raise CliError(f"{where} holds only deals of games this version does not know ({holds})")
    fitting = [s for s in present if fits(s)]
    if not fitting:
        raise CliError(
            f"{where} holds {holds} deals, which have no rule option {', '.join(given)}; "
            "give --game to choose the game"
        )
    if len(fitting) > 1 and not several:
        raise CliError(
            f"{where} holds {_listing([s.name for s in fitting])} deals: give --game to choose one"
        )
    return fitting


def _what_is_there(contents: Mapping[str, Sequence[str]], game: str) -> str:
    """What the library holds instead of what was asked (for a "no such deals" line)."""
    if not contents:
        return "it holds no deals yet"
    if game not in contents:
        return f"it holds {_listing(list(contents))} deals"
    rules = list(contents[game])
    more = f" and {len(rules) - 3} more" if len(rules) > 3 else ""
    return f"it holds {game} {'; '.join(rules[:3])}{more} (--all-rules shows every rule set)"


# --------------------------------------------------------------------------- commands
def _cmd_build(args: argparse.Namespace, out: TextIO) -> int:
    if args.jobs is not None and args.scheduler:
        raise CliError("give --jobs or --scheduler, not both")
    if args.scheduler:
        scheduler_address(args.scheduler)
    deals = parse_deal_ranges(args.deals)
    contents, where = _contents(args.db)
    game = _choose_games(args, contents, where, several=False)[0]
    spec = BuildSpec(
        game=game.name,
        rules=rules_from(game, args),
        max_states=args.max_states,
        time_limit=args.time_limit,
        runs=args.runs,
    )
    _check_solver()

    def announce(where: str, todo: int) -> None:
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
        create_dirs=args.create_dirs,
        on_start=announce,
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
    if args.all_rules and flags_given(args):
        raise CliError(f"give --all-rules or rule flags ({', '.join(flags_given(args))}), not both")
    with open_library(args.db, create=False, readonly=True) as lib:
        where = lib.where
        contents = lib.contents()
        if not contents and args.game is None:
            print(f"no deals in {where}", file=out)
            return 0
        tally = lib.tally()
        bad = unreadable(tally)
        if args.all_rules and args.game is None:
            names = [g for g in contents if g in game_names()]
        else:
            names = [s.name for s in _choose_games(args, contents, where, several=True)]
        blocks = []
        for game in names:
            rules = None if args.all_rules else rules_from(game_spec(game), args).text()
            counts = [c for c in lib.counts(game, rules) if rules_unreadable(game, c.rules) is None]
            blocks.append((game, rules, counts))
    for game, rules, counts in blocks:
        if not counts and rules is not None:
            print(f"no {game} {rules} deals in {where}; {_what_is_there(contents, game)}", file=out)
        for c in counts:
            _print_counts(game, c, where, out)
    if args.game is None:
        _print_left_out(args, contents, names, out)
    _print_unreadable([b for b in bad if args.game is None or b.game == names[0]], where, out)
    return 0


def _print_left_out(
    args: argparse.Namespace,
    contents: Mapping[str, Sequence[str]],
    shown: Sequence[str],
    out: TextIO,
) -> None:
    """Say which games of the library the figures leave out (their rules have no option the
    rule flags name), so that no game is passed over without a word."""
    for game in contents:
        if game in shown or game not in game_names():
            continue
        foreign = [
            f for f in flags_given(args) if f not in {o.flag for o in game_spec(game).options}
        ]
        print(
            f"{game} deals not shown: {game} has no rule option {', '.join(foreign)} "
            f"(--game {game} shows them)",
            file=out,
        )


def _print_unreadable(bad: Sequence[Unreadable], where: str, out: TextIO) -> None:
    """Report the rows that cannot be read (counted nowhere in the figures)."""
    if not bad:
        return
    rows = sum(b.rows for b in bad)
    print(
        f"{rows} row{'s' if rows != 1 else ''} in {where} cannot be read and "
        f"{'are' if rows != 1 else 'is'} counted nowhere above:",
        file=out,
    )
    for b in bad[:20]:
        print(f"  {b.line()}", file=out)
    if len(bad) > 20:
        print(f"  ... and {len(bad) - 20} more kinds", file=out)


def _print_counts(game: str, c: Any, where: str, out: TextIO) -> None:
    """The figures of one rule set: deals per grade and verdict, the winnable share."""
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


def _starter_stats(args: argparse.Namespace, out: TextIO) -> int:
    game = find_game(args.game if args.game is not None else DEFAULT_GAME).name
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
    if args.seed is not None and args.sample is None:
        raise CliError("--seed picks the deals of --sample: give --sample too")
    with open_library(args.db, create=False, readonly=True) as lib:
        contents, where = lib.contents(), lib.where
    games = [find_game(args.game).name] if args.game is not None else list(contents)
    _check_solver()

    def announce(count: int) -> None:
        if count and not args.quiet:
            print(f"deciding {count} unwinnable deals again in {where}", file=sys.stderr)

    report = verify_library(
        args.db,
        games,
        sample=args.sample,
        seed=args.seed,
        max_states=args.max_states,
        jobs=args.jobs if args.jobs is not None else default_jobs(),
        progress=not args.quiet,
        on_start=announce,
    )
    problems = report.failed + report.unconfirmed
    for line in report.failed[:20]:
        print(f"FAILED {line}", file=out)
    for line in report.unconfirmed[: max(0, 20 - len(report.failed))]:
        print(f"UNCONFIRMED {line}", file=out)
    if len(problems) > 20:
        print(f"... and {len(problems) - 20} more", file=out)
    print(f"{where}: {_listing(report.games) if report.games else 'no deals'}", file=out)
    print(f"{report.lines_good} of {report.lines} winning lines replay to a win", file=out)
    if not report.unwinnable:
        print("no deal is stored as unwinnable", file=out)
    elif report.sampled:
        print(
            f"{report.confirmed} of {report.redecided} unwinnable deals proven unwinnable "
            f"again: a sample of the {report.unwinnable} picked at random (--sample "
            f"{report.redecided} --seed {report.seed} picks the same ones)",
            file=out,
        )
    else:
        print(
            f"{report.confirmed} of {report.redecided} unwinnable deals proven unwinnable "
            "again (all of them)",
            file=out,
        )
    if report.undecided:
        n = report.undecided
        print(f"{n} undecided deal{'s claim' if n != 1 else ' claims'} nothing", file=out)
    return 1 if problems else 0


def _cmd_regrade(args: argparse.Namespace, out: TextIO) -> int:
    game = find_game(args.game).name if args.game is not None else None
    changed = regrade(args.db, game)
    print(f"{changed} grades changed", file=out)
    return 0


def _exclude(text: str) -> set[int]:
    """The deal numbers of ``--exclude`` (``1,2,3``), or one short line saying what is wrong."""
    exclude: set[int] = set()
    for part in text.split(","):
        if not part.strip():
            continue
        number = parse_whole(part, "--exclude: deal number", max_digits=MAX_DEAL_DIGITS)
        if number is None:
            raise CliError(f"--exclude takes deal numbers separated by commas, not {shown(part)}")
        exclude.add(number)
    return exclude


def _cmd_pick(args: argparse.Namespace, out: TextIO) -> int:
    exclude = _exclude(args.exclude)
    contents: dict[str, list[str]] = {}
    where = describe_db(args.db)
    if args.db is not None or default_db_path().is_file():
        # The library is opened here too, so a damaged one is refused rather than passed over.
        with open_library(args.db, create=False, readonly=True) as lib:
            if args.db is not None:
                contents, where = lib.contents(), lib.where
    spec = _choose_games(args, contents, where, several=False)[0]
    rules = rules_from(spec, args)
    deal = pick(spec.name, args.grade, rules, exclude, db=args.db)
    if deal is None:
        print(f"no {args.grade} {spec.name} deal left for {rules.text()}", file=sys.stderr)
        return 1
    print(deal, file=out)
    return 0


def _cmd_starter(args: argparse.Namespace, out: TextIO) -> int:
    if args.jobs is not None and args.scheduler:
        raise CliError("give --jobs or --scheduler, not both")
    if args.scheduler:
        scheduler_address(args.scheduler)
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
        create_dirs=args.create_dirs,
    )
    for (rules, grade), n in sorted(written.items(), key=lambda kv: str(kv[0])):
        print(f"{rules} {grade}: {n} deals", file=out)
    short = [k for k, n in written.items() if n < args.per_grade]
    if short:
        raise LibraryError(f"some grades have fewer than {args.per_grade} deals: {short}")
    return 0


__all__ = ["LibraryError", "cmd_library", "register"]
