"""``kosynka solve``: decide positions or ranges of deals from the command line.

    kosynka solve POSITION... [rule flags] [--time-limit S] [--short] [--json]
    kosynka solve --game GAME --deals 1-1000 [rule flags] [--numbering N] [--jobs N]
    kosynka solve --game freecell --deals 1-100 --notation standard   # fc-solve's notation
    kosynka solve --game freecell --deals 1-32000 --min-cells         # fewest free cells that win

With ``--json`` each position gives one JSON object per line, then a last line
``{"summary": {...}}``; otherwise a table and a summary (and a progress bar on a terminal).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import os
import sys
from array import array
from collections import Counter, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Final, TextIO, cast, overload

from kosynka.cli.common import (
    CliError,
    add_rule_flags,
    check_flags_for,
    find_game,
    read_position,
    rules_from,
)
from kosynka.cli.games import parse_deal_number
from kosynka.errors import KosynkaError, shown
from kosynka.games import DEFAULT_GAME, GameSpec, game_spec, game_specs
from kosynka.numtext import parse_whole
from kosynka.process import die_with_parent
from kosynka.solver import (
    SolveResult,
    default_implementation,
    has_referee,
    has_solver,
    solve,
    solver_front,
)
from kosynka.solver.result import STOCK_MOVE_TEXTS, HardDecider, SolveStatus
from kosynka.solver.stats import summarize

MAX_DEALS: Final = 10_000_000
"""The most deals one ``--deals`` run may name."""
MAX_JOBS: Final = 256
"""The most worker processes ``--jobs`` may ask for."""
CHUNK: Final = 32
"""The most deals a worker is given at once: the first chunks are 1, 2, 4 ... deals, so that
the first rows come at once, and later ones this many, so that handing out work costs little
beside solving it."""
IN_FLIGHT_PER_JOB: Final = 4
"""Chunks handed out and not yet printed, per worker: enough that workers keep busy while the
next row in order waits for a slow deal, few enough that memory stays flat over any range."""


def _count(flag: str, most: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number of at least 1 (and at most ``most``)."""

    def parse(text: str) -> int:
        try:
            n = parse_whole(text, flag)
        except KosynkaError as exc:
            raise CliError(str(exc)) from None
        if n is None or n < 1:
            raise CliError(f"{flag} must be a whole number of at least 1, not {shown(text)}")
        if most is not None and n > most:
            raise CliError(f"{flag} must be at most {most}, not {n}")
        return n

    return parse


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add the ``solve`` subcommand to the ``kosynka`` argument parser."""
    p = sub.add_parser(
        "solve",
        help="decide positions or deals: winnable (with a winning line) or not",
        description="Decide positions (files, or - for stdin) or a range of deals with the solver.",
    )
    p.add_argument("positions", nargs="*", metavar="POSITION", help="position files, or -")
    names = ", ".join(s.name for s in game_specs())
    p.add_argument(
        "--game", default=DEFAULT_GAME, help=f"the game of --deals ({names}; {DEFAULT_GAME})"
    )
    p.add_argument("--deals", metavar="RANGE", help="deal numbers such as 1-1000 or 1,5,9-12")
    p.add_argument("--numbering", help="the deal numbering (default: the game's own)")
    add_rule_flags(p)
    p.add_argument("--time-limit", type=float, metavar="S", help="seconds per position")
    p.add_argument(
        "--max-states", type=_count("--max-states"), metavar="N", help="search states per position"
    )
    p.add_argument("--short", action="store_true", help="spend more effort on shorter lines")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument(
        "--jobs",
        type=_count("--jobs", MAX_JOBS),
        default=1,
        metavar="N",
        help=f"worker processes for --deals (at most {MAX_JOBS})",
    )
    p.add_argument(
        "--notation",
        choices=("text", "standard"),
        default="text",
        help="moves as kosynka move text, or in fc-solve's standard notation (FreeCell)",
    )
    p.add_argument(
        "--verify",
        choices=("native", "python"),
        help="who checks each winning line: the compiled referee, apart from the search "
        "(FreeCell; the default for --deals), or the Python rules engine (the default "
        "otherwise)",
    )
    p.add_argument(
        "--min-cells",
        action="store_true",
        help="for each deal, the fewest free cells that win it (FreeCell; from --cells, 4 by "
        "default, down to the first count that loses; each count searched within --time-limit "
        "by the portfolio, the complete prover and two wide best-first searches in turns, the "
        "prover on as many threads as the machine has cores for each of the --jobs), with "
        "foundation return OFF as in Microsoft's rules unless --with-foundation-return",
    )
    p.add_argument(
        "--with-foundation-return",
        action="store_true",
        help="with --min-cells: allow cards back from the foundations",
    )
    return {"solve": cmd_solve}


def parse_deal_range(spec: GameSpec, text: str, numbering: str | None) -> list[range]:
    """Read ``1-1000``, ``7`` or ``1,5,9-12`` into the ranges of deal numbers of ``spec``'s game
    it names, in order (a range, not a list: ``1-9999999`` costs no memory); raise CliError
    when malformed or naming more than :data:`MAX_DEALS` deals."""
    out: list[range] = []
    total = 0
    for part in text.split(","):
        part = part.strip()
        lo_text, sep, hi_text = part.partition("-")
        try:
            lo = parse_deal_number(spec, lo_text, numbering)
            hi = parse_deal_number(spec, hi_text, numbering) if sep else lo
        except CliError as exc:
            raise CliError(f"bad --deals {shown(text)}: {exc}") from None
        if hi < lo:
            raise CliError(f"bad --deals {shown(text)}: range {part} runs backwards")
        total += hi - lo + 1
        if total > MAX_DEALS:
            raise CliError(f"bad --deals {shown(text)}: more than {MAX_DEALS} deals")
        out.append(range(lo, hi + 1))
    return out


def _row(
    label_key: str, label: object, res: SolveResult, game: Any = None, notation: str = "text"
) -> dict[str, object]:
    """One result line. Its moves are kosynka move text, or (``notation="standard"``, a game
    whose solver front has ``standard_line``: FreeCell) fc-solve's standard notation, each move
    written for the position it is made in;
    the counts of card and stock moves come from the move text (made once: a line of a
    FreeCell range is a hundred moves, and a range is thousands of lines)."""
    texts = list(map(str, res.moves))
    stock = sum(1 for t in texts if t in STOCK_MOVE_TEXTS)
    writer = _standard_line(game.name) if notation == "standard" and res.moves else None
    if writer is not None:
        texts = writer(game, res.moves)
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


_Task = tuple[str, str, Any, float | None, int | None, bool, str, str, int, bool]
"""What every deal of a range is solved with: the game's name, the numbering, the rules, the
time limit, the state limit, ``short``, the notation, who checks the lines, whether to
find the fewest free cells (0: no; else the threads each count's prover searches with) and
whether the rows are printed as JSON."""


class _Written(dict[str, object]):
    """A result row whose JSON line the compiled core wrote (``text``: byte for byte what
    ``json.dumps`` makes of the row with its moves). The dict holds the row's other fields,
    what the summary reads; the moves stay inside ``text``, never made into Python objects."""

    def __init__(self, text: str, fields: dict[str, object]) -> None:
        super().__init__(fields)
        self.text = text

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its text (rows come back from ``--jobs`` workers)."""
        return (_Written, (self.text, dict(self)))


def _solve_deal(task: _Task, number: int) -> dict[str, object]:
    """Solve deal ``number`` and give its result row."""
    name, numbering, rules, time_limit, max_states, short, notation, verify, fewest, _ = task
    if fewest:
        return _fewest_cells(task, number)
    game = game_spec(name).deal(number, rules, numbering)
    res = solve(game, time_limit=time_limit, max_states=max_states, short=short, verify=verify)
    return _row("deal", number, res, game, notation)


def _fewest_cells(task: _Task, number: int) -> dict[str, object]:
    """The row of deal ``number`` with the fewest free cells that win it: decided with the
    rules' cells, then one cell fewer each time until a count loses (winning with k cells wins
    with k + 1, so the count above the first that loses is the fewest), each count by
    the decider of the game's solver front (:func:`_hard_decider`; FreeCell's is
    :func:`kosynka.solver.freecell_cells.decide`, its stages in turn), else
    :func:`kosynka.solver.solve`. ``status``
    is ``solved`` when the fewest is proved (it wins, and one fewer is proved lost or it is 0),
    ``unsolvable`` when even the most cells lose, ``limit`` when a search hit its limit first
    (``min_cells`` is then the fewest known to win, or None). ``moves`` is the line with the
    fewest cells; ``tries`` lists [cells, status, states, ms] for every search made. The
    provers' table memory stays with the process from count to count (the decider's
    ``keep_tables``)."""
    name, numbering, rules, time_limit, max_states, short, notation, verify, threads, _ = task
    hard = _hard_decider(name)
    if hard is not None:
        hard.keep_tables(True)
    best: tuple[int, SolveResult, Any] | None = None
    tries: list[list[object]] = []
    status = "solved"
    states = 0
    seconds = 0.0
    for cells in range(rules.cells, -1, -1):
        game = game_spec(name).deal(number, dataclasses.replace(rules, cells=cells), numbering)
        if hard is not None:
            res = hard.decide(
                game,
                time_limit=time_limit,
                max_states=max_states,
                short=short,
                verify=verify,
                threads=threads,
            )
        else:
            res = solve(
                game, time_limit=time_limit, max_states=max_states, short=short, verify=verify
            )
        tries.append([cells, res.status.value, res.states, round(res.seconds * 1000, 3)])
        states += res.states
        seconds += res.seconds
        if res.solved:
            best = (cells, res, game)
            continue
        if res.status.value == "limit":
            status = "limit"
        elif best is None:
            status = "unsolvable"
        break
    if best is None:
        last = res.limit if status == "limit" else None
        row = _row("deal", number, SolveResult(SolveStatus(status), limit=last), None, notation)
        row["min_cells"] = None
    else:
        row = _row("deal", number, best[1], best[2], notation)
        row["status"] = status
        row["min_cells"] = best[0]
    row["states"] = states
    row["ms"] = round(seconds * 1000, 3)
    row["tries"] = tries
    return row


def _solve_chunk(task: _Task, numbers: tuple[int, ...]) -> list[dict[str, object]]:
    """Solve a few deals in a row (what a worker process is given at once with ``--jobs``):
    all at once in the game's compiled core when its solver front offers that for the task
    (dealt, searched and refereed in the core, for lines checked by the compiled referee in
    move text; with ``--json`` the rows written there too, ``solve_deal_rows``, else
    ``solve_deals``), else deal by deal."""
    name, numbering, rules, time_limit, max_states, short, notation, verify, fewest, as_json = task
    front = solver_front(name)
    if verify == "native" and notation == "text" and not fewest:
        limits = {"time_limit": time_limit, "max_states": max_states, "short": short}
        written = getattr(front, "solve_deal_rows", None) if as_json else None
        if written is not None:
            got = written(numbers, rules, numbering, **limits)
            if got is not None:
                return [_written_row(n, row) for n, row in zip(numbers, got, strict=True)]
        batch = getattr(front, "solve_deals", None)
        if batch is not None:
            results = batch(numbers, rules, numbering, **limits)
            if results is not None:
                return [_row("deal", n, res) for n, res in zip(numbers, results, strict=True)]
    return [_solve_deal(task, n) for n in numbers]


def _written_row(number: int, row: Any) -> _Written:
    """The row of deal ``number`` from a core-written row (``text`` and the summary's fields,
    as :class:`kosynka.solver.freecell.DealRow`)."""
    fields: dict[str, object] = {
        "deal": number,
        "status": row.status,
        "card_moves": row.card_moves,
        "stock_moves": 0,
        "states": row.states,
        "ms": row.ms,
    }
    if row.limit:
        fields["limit"] = row.limit
    return _Written(row.text, fields)


def _chunks(numbers: Iterator[int]) -> Iterator[tuple[int, ...]]:
    """``numbers`` cut into chunks of 1, 2, 4 ... and then :data:`CHUNK` numbers, lazily."""
    size = 1
    while chunk := tuple(itertools.islice(numbers, size)):
        yield chunk
        size = min(2 * size, CHUNK)


def _pooled(task: _Task, numbers: Iterator[int], jobs: int) -> Iterator[dict[str, object]]:
    """The rows of the deals ``numbers`` solved by ``jobs`` worker processes, in the order of
    ``numbers``, each chunk's rows as soon as it and every chunk before it are done. At most
    :data:`IN_FLIGHT_PER_JOB` chunks per worker are out at a time, so the numbers are read
    only as fast as they are solved and memory stays flat however long the range. Stopping
    early (a closed pipe, Ctrl-C) cancels the chunks not yet started; those running finish."""
    chunks = _chunks(numbers)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=die_with_parent)
    pending: deque[Future[list[dict[str, object]]]] = deque(
        pool.submit(_solve_chunk, task, chunk)
        for chunk in itertools.islice(chunks, IN_FLIGHT_PER_JOB * jobs)
    )
    finished = False
    try:
        while pending:
            rows = pending.popleft().result()
            chunk = next(chunks, None)
            if chunk is not None:
                pending.append(pool.submit(_solve_chunk, task, chunk))
            yield from rows
        finished = True
    finally:
        pool.shutdown(wait=finished, cancel_futures=True)


class _Summarised(Sequence[dict[str, object]]):
    """What :func:`summarize` reads of every result row (its status, milliseconds and card
    moves), kept in 13 bytes a row instead of the rows themselves: a range of ten million
    deals keeps about 130 MB here, where its rows with their winning lines would take tens of
    gigabytes."""

    _STATUSES: Final = ("solved", "unsolvable", "limit")
    """Every status a row may have (``SolveStatus``'s values), by the code kept for it."""

    def __init__(self) -> None:
        self._status = array("b")
        self._ms = array("d")
        self._card = array("I")

    def add(self, row: dict[str, object]) -> None:
        """Keep what the summary needs of ``row``."""
        self._status.append(self._STATUSES.index(str(row["status"])))
        self._ms.append(float(row["ms"]))  # type: ignore[arg-type]
        self._card.append(int(row["card_moves"]))  # type: ignore[call-overload]

    def __len__(self) -> int:
        return len(self._status)

    @overload
    def __getitem__(self, i: int) -> dict[str, object]: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[dict[str, object]]: ...
    def __getitem__(self, i: int | slice) -> dict[str, object] | Sequence[dict[str, object]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return {
            "status": self._STATUSES[self._status[i]],
            "ms": self._ms[i],
            "card_moves": self._card[i],
        }


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
    if args.notation == "standard" and args.deals and _standard_line(spec.name) is None:
        raise CliError(f"--notation standard is fc-solve's notation; {spec.name} has none")
    if args.with_foundation_return and not args.min_cells:
        raise CliError("--with-foundation-return goes with --min-cells")
    if args.min_cells:
        if not args.deals:
            raise CliError("--min-cells works on --deals (a position's free cells are its own)")
        if "cells" not in {o.name for o in spec.options}:
            raise CliError(f"--min-cells: {spec.name} has no free cells")
        if args.no_foundation_return and args.with_foundation_return:
            raise CliError("--no-foundation-return and --with-foundation-return disagree")
    try:
        if has_solver(spec.name):
            default_implementation(spec.name)
    except ValueError as exc:  # KOSYNKA_IMPLEMENTATION names a missing implementation
        raise CliError(str(exc)) from None


def _verify(game_name: str, asked: str | None, *, batch: bool) -> str:
    """Who checks the lines of ``game_name``: what ``--verify`` asks, else the compiled referee
    for a range of deals of a game that has one (with the core installed), else the rules
    engine. A referee asked for and missing is a one-line refusal."""
    if asked == "native" and not has_referee(game_name):
        raise CliError(f"--verify native: no compiled referee checks {game_name} lines here")
    if asked is not None:
        return asked
    return "native" if batch and has_referee(game_name) else "python"


def _standard_line(game_name: str) -> Callable[[Any, Sequence[Any]], list[str]] | None:
    """The writer of a line in fc-solve's standard notation that ``game_name``'s solver front
    offers (``standard_line``), or None when it has none."""
    writer: Callable[[Any, Sequence[Any]], list[str]] | None
    writer = getattr(solver_front(game_name), "standard_line", None)
    return writer


def _hard_decider(game_name: str) -> HardDecider | None:
    """The decider ``game_name``'s solver front offers for hard positions (its
    ``hard_decider()``), or None when it has none: ``--min-cells`` then uses the solver."""
    offer = getattr(solver_front(game_name), "hard_decider", None)
    return None if offer is None else cast(HardDecider, offer())


def _prover_threads(game_name: str, jobs: int) -> int:
    """The threads each ``--min-cells`` prover searches with beside ``jobs`` worker processes:
    the machine's cores shared among the processes (at least one each, at most what the
    game's decider can use; one without a decider)."""
    hard = _hard_decider(game_name)
    if hard is None:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(hard.MAX_THREADS, cores // max(1, jobs)))


def _results(args: argparse.Namespace) -> tuple[int, Iterator[dict[str, object]]]:
    """How many results there will be, and the results in order (made as they are read)."""
    if args.deals:
        spec = find_game(args.game)
        check_flags_for(spec, args)
        try:
            numbering = spec.check_numbering(args.numbering)
        except KosynkaError as exc:
            raise CliError(str(exc)) from None
        ranges = parse_deal_range(spec, args.deals, numbering)
        total = sum(map(len, ranges))
        rules = rules_from(spec, args)
        if args.min_cells:  # Microsoft's rules (no cards back) unless asked
            rules = dataclasses.replace(rules, foundation_return=args.with_foundation_return)
        task: _Task = (
            spec.name,
            numbering,
            rules,
            args.time_limit,
            args.max_states,
            args.short,
            args.notation,
            _verify(spec.name, args.verify, batch=True),
            _prover_threads(spec.name, args.jobs) if args.min_cells else 0,
            args.json,
        )
        numbers = itertools.chain.from_iterable(ranges)
        if args.jobs > 1 and total > 1:
            return total, _pooled(task, numbers, min(args.jobs, total))
        return total, (row for chunk in _chunks(numbers) for row in _solve_chunk(task, chunk))
    games = [(arg, read_position(arg, args)[0]) for arg in args.positions]
    for arg, game in games:
        if not has_solver(game.name):
            raise CliError(f"{arg}: kosynka has no solver for {game.name} yet")
        if args.notation == "standard" and _standard_line(game.name) is None:
            raise CliError(
                f"{arg}: --notation standard is fc-solve's notation; {game.name} has none"
            )

    checks = {arg: _verify(game.name, args.verify, batch=False) for arg, game in games}

    def each() -> Iterator[dict[str, object]]:
        for arg, game in games:
            try:
                res = solve(
                    game,
                    time_limit=args.time_limit,
                    max_states=args.max_states,
                    short=args.short,
                    verify=checks[arg],
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
    rows = _Summarised()
    fewest: Counter[str] = Counter()
    if not args.json:
        print(
            f"{'deal/position':<24} {'status':<11} {'card':>5} {'stock':>5} "
            f"{'states':>10} {'ms':>10}",
            file=out,
        )
    for row in results:
        rows.add(row)
        progress.step()
        if args.min_cells:
            k = row["min_cells"]
            fewest[
                "undecided" if row["status"] == "limit" else "none" if k is None else str(k)
            ] += 1
        if args.json:
            text = row.text if isinstance(row, _Written) else json.dumps(row)
            print(text, file=out, flush=True)
        else:
            label = str(row.get("deal", row.get("position")))
            status = str(row["status"]) + (f" ({row['limit']})" if "limit" in row else "")
            if args.min_cells:
                status += f" {'-' if row['min_cells'] is None else row['min_cells']}c"
            print(
                f"{label:<24} {status:<11} {row['card_moves']:>5} {row['stock_moves']:>5} "
                f"{row['states']:>10} {row['ms']:>10.3f}",
                file=out,
                flush=True,
            )
            if total == 1 and row["moves"]:
                print("moves: " + " ".join(str(m) for m in row["moves"]), file=out)  # type: ignore[attr-defined]
    summary = summarize(rows)
    if args.min_cells:
        order = [str(k) for k in range(5)] + ["none", "undecided"]
        summary["min_cells"] = {k: fewest[k] for k in order if k in fewest}
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
        if args.min_cells:
            order = [str(k) for k in range(5)] + ["none", "undecided"]
            counts = ", ".join(f"{k}: {fewest[k]}" for k in order if k in fewest)
            rule = (
                "with foundation return"
                if args.with_foundation_return
                else "no foundation return, as in Microsoft's rules"
            )
            print(f"fewest free cells that win ({rule}; deals): {counts}", file=out)
    return 0
