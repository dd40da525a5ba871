"""``kosynka solve``: decide positions or ranges of deals from the command line.

    kosynka solve POSITION... [rule flags] [--time-limit S] [--short] [--json]
    kosynka solve --game GAME --deals 1-1000 [rule flags] [--numbering N] [--jobs N]
    kosynka solve --game freecell --deals 1-100 --notation standard   # fc-solve's notation

With ``--json`` each position gives one JSON object per line, then a last line
``{"summary": {...}}``; otherwise a table and a summary (and a progress bar on a terminal).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from kosynka.cli.common import (
    CliError,
    add_rule_flags,
    check_flags_for,
    find_game,
    read_position,
    rules_from,
)
from kosynka.cli.games import parse_deal_number
from kosynka.errors import KosynkaError
from kosynka.games import GameSpec, game_spec, game_specs
from kosynka.process import die_with_parent
from kosynka.solver import SolveResult, default_implementation, has_solver, solve
from kosynka.solver.result import STOCK_MOVE_TEXTS
from kosynka.solver.stats import summarize

MAX_DEALS = 10_000_000
"""The most deals one ``--deals`` run may name."""


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add the ``solve`` subcommand to the ``kosynka`` argument parser."""
    p = sub.add_parser(
        "solve",
        help="decide positions or deals: winnable (with a winning line) or not",
        description="Decide positions (files, or - for stdin) or a range of deals with the solver.",
    )
    p.add_argument("positions", nargs="*", metavar="POSITION", help="position files, or -")
    names = ", ".join(s.name for s in game_specs())
    p.add_argument("--game", default="klondike", help=f"the game of --deals ({names})")
    p.add_argument("--deals", metavar="RANGE", help="deal numbers such as 1-1000 or 1,5,9-12")
    p.add_argument("--numbering", help="the deal numbering (default: the game's own)")
    add_rule_flags(p)
    p.add_argument("--time-limit", type=float, metavar="S", help="seconds per position")
    p.add_argument("--max-states", type=int, metavar="N", help="search states per position")
    p.add_argument("--short", action="store_true", help="spend more effort on shorter lines")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes for --deals")
    p.add_argument(
        "--notation",
        choices=("text", "standard"),
        default="text",
        help="moves as kosynka move text, or in fc-solve's standard notation (FreeCell)",
    )
    return {"solve": cmd_solve}


def parse_deal_range(spec: GameSpec, text: str, numbering: str | None) -> list[int]:
    """Read ``1-1000``, ``7`` or ``1,5,9-12`` into deal numbers of ``spec``'s game; raise
    CliError when malformed."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        lo_text, sep, hi_text = part.partition("-")
        try:
            lo = parse_deal_number(spec, lo_text, numbering)
            hi = parse_deal_number(spec, hi_text, numbering) if sep else lo
        except CliError as exc:
            raise CliError(f"bad --deals {text!r}: {exc}") from None
        if hi < lo:
            raise CliError(f"bad --deals {text!r}: range {part} runs backwards")
        if len(out) + hi - lo + 1 > MAX_DEALS:
            raise CliError(f"bad --deals {text!r}: more than {MAX_DEALS} deals")
        out.extend(range(lo, hi + 1))
    return out


def _row(
    label_key: str, label: object, res: SolveResult, game: Any = None, notation: str = "text"
) -> dict[str, object]:
    """One result line. Its moves are kosynka move text, or (``notation="standard"``,
    FreeCell) fc-solve's standard notation, each move written for the position it is made in;
    the counts of card and stock moves come from the move text (made once: a line of a
    FreeCell range is a hundred moves, and a range is thousands of lines)."""
    texts = list(map(str, res.moves))
    stock = sum(1 for t in texts if t in STOCK_MOVE_TEXTS)
    if notation == "standard" and res.moves:
        from kosynka.solver.freecell import standard_line

        texts = standard_line(game, res.moves)
    row: dict[str, object] = {
        label_key: label,
        "status": res.status.value,
        "moves": texts,
        "card_moves": len(res.moves) - stock,
        "stock_moves": stock,
        "states": res.states,
        "ms": round(res.seconds * 1000, 3),
    }
    if res.limit:
        row["limit"] = res.limit
    return row


def _solve_deal(
    job: tuple[str, int, str, Any, float | None, int | None, bool, str],
) -> dict[str, object]:
    """Solve one deal (runs in a worker process with ``--jobs``)."""
    name, number, numbering, rules, time_limit, max_states, short, notation = job
    game = game_spec(name).deal(number, rules, numbering)
    res = solve(game, time_limit=time_limit, max_states=max_states, short=short)
    return _row("deal", number, res, game, notation)


class _Progress:
    """A one-line progress bar on stderr, drawn only on a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.on = total >= 10 and sys.stderr.isatty()

    def step(self) -> None:
        self.done += 1
        if self.on and (self.done == self.total or self.done % max(1, self.total // 200) == 0):
            width = 30
            filled = width * self.done // self.total
            bar = "#" * filled + "." * (width - filled)
            print(f"\r[{bar}] {self.done}/{self.total}", end="", file=sys.stderr, flush=True)
            if self.done == self.total:
                print(file=sys.stderr)


def _check_args(args: argparse.Namespace) -> None:
    spec = find_game(args.game)
    if args.deals and not has_solver(spec.name):
        raise CliError(f"kosynka has no solver for {spec.name} yet")
    if args.positions and args.deals:
        raise CliError("give positions or --deals, not both")
    if not args.positions and not args.deals:
        raise CliError("nothing to solve: give POSITION files or --deals RANGE")
    if args.time_limit is not None and not args.time_limit > 0:
        raise CliError(f"--time-limit must be a positive number of seconds, not {args.time_limit}")
    if args.max_states is not None and args.max_states < 1:
        raise CliError(f"--max-states must be at least 1, not {args.max_states}")
    if args.jobs < 1:
        raise CliError(f"--jobs must be at least 1, not {args.jobs}")
    if args.notation == "standard" and args.deals and spec.name != "freecell":
        raise CliError("--notation standard is fc-solve's notation, for FreeCell only")
    try:
        default_implementation(spec.name if has_solver(spec.name) else "klondike")
    except ValueError as exc:  # KOSYNKA_IMPLEMENTATION names a missing implementation
        raise CliError(str(exc)) from None


def _results(args: argparse.Namespace) -> tuple[int, Iterator[dict[str, object]]]:
    """How many results there will be, and the results in order."""
    if args.deals:
        spec = find_game(args.game)
        check_flags_for(spec, args)
        try:
            numbering = spec.check_numbering(args.numbering)
        except KosynkaError as exc:
            raise CliError(str(exc)) from None
        numbers = parse_deal_range(spec, args.deals, numbering)
        rules = rules_from(spec, args)
        jobs = [
            (
                spec.name,
                n,
                numbering,
                rules,
                args.time_limit,
                args.max_states,
                args.short,
                args.notation,
            )
            for n in numbers
        ]
        if args.jobs > 1 and len(jobs) > 1:

            def pooled() -> Iterator[dict[str, object]]:
                with ProcessPoolExecutor(
                    max_workers=args.jobs, initializer=die_with_parent
                ) as pool:
                    chunk = max(1, min(50, len(jobs) // (args.jobs * 8)))
                    yield from pool.map(_solve_deal, jobs, chunksize=chunk)

            return len(jobs), pooled()
        return len(jobs), (_solve_deal(j) for j in jobs)
    games = [(arg, read_position(arg, args)[0]) for arg in args.positions]
    for arg, game in games:
        if not has_solver(game.name):
            raise CliError(f"{arg}: kosynka has no solver for {game.name} yet")
        if args.notation == "standard" and game.name != "freecell":
            raise CliError(f"{arg}: --notation standard is fc-solve's notation, for FreeCell only")

    def each() -> Iterator[dict[str, object]]:
        for arg, game in games:
            try:
                res = solve(
                    game, time_limit=args.time_limit, max_states=args.max_states, short=args.short
                )
            except ValueError as exc:
                raise CliError(f"{arg}: {exc}") from None
            yield _row("position", arg, res, game, args.notation)

    return len(games), each()


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``kosynka solve``."""
    _check_args(args)
    total, results = _results(args)
    progress = _Progress(total)
    rows: list[dict[str, object]] = []
    if not args.json:
        print(
            f"{'deal/position':<24} {'status':<11} {'card':>5} {'stock':>5} "
            f"{'states':>10} {'ms':>10}",
            file=out,
        )
    for row in results:
        rows.append(row)
        progress.step()
        if args.json:
            print(json.dumps(row), file=out, flush=True)
        else:
            label = str(row.get("deal", row.get("position")))
            status = str(row["status"]) + (f" ({row['limit']})" if "limit" in row else "")
            print(
                f"{label:<24} {status:<11} {row['card_moves']:>5} {row['stock_moves']:>5} "
                f"{row['states']:>10} {row['ms']:>10.3f}",
                file=out,
                flush=True,
            )
            if total == 1 and row["moves"]:
                print("moves: " + " ".join(str(m) for m in row["moves"]), file=out)  # type: ignore[attr-defined]
    summary = summarize(rows)
    if args.json:
        print(json.dumps({"summary": summary}), file=out)
    else:
        ci = summary["winnable_ci95"]
        assert isinstance(ci, list)
        lo, hi = float(ci[0]), float(ci[1])
        share = summary["winnable_share"]
        assert isinstance(share, float)
        print(
            f"\n{summary['count']} position(s): {summary['solved']} winnable, "
            f"{summary['unsolvable']} not winnable, {summary['limit']} undecided; "
            f"winnable {100 * share:.2f}% "
            f"(95% CI {100 * lo:.2f}-{100 * hi:.2f}%); ms median {summary['median_ms']} "
            f"p90 {summary['p90_ms']} p99 {summary['p99_ms']} max {summary['max_ms']}",
            file=out,
        )
    return 0
