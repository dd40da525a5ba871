"""``kosynka hint`` and ``kosynka play``: the no-peek hint player from the command line.

    kosynka hint POSITION [MOVE...] [rule flags] [--seed S] [--time-limit S] [--json]
    kosynka play GAME --deals A-B [rule flags] [--numbering N] [--seed S] [--jobs N] [--json]

``hint`` plays the moves from POSITION and prints the hint there, knowing only what a player
would have seen on the way (each game's ``kosynka.games.<name>.seen``). ``play`` plays each
deal by following the hints from its first move and prints one line per deal, in order.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final, TextIO

from kosynka.cli.common import (
    CliError,
    add_rule_flags,
    check_flags_for,
    find_game,
    read_position,
    rules_from,
)
from kosynka.cli.solve import MAX_JOBS, _count, parse_deal_range
from kosynka.errors import IllegalMoveError, KosynkaError, shown
from kosynka.games import game_specs
from kosynka.hindsight import Followed, chance_percent, follow_hints, hint_player
from kosynka.numtext import parse_whole
from kosynka.solver.stats import wilson_interval

MAX_PLAY_DEALS: Final = 1_000_000
"""The most deals one ``play --deals`` run may name."""


def _seed(text: str) -> int:
    """An argparse type for ``--seed``: a whole number of at least 0."""
    try:
        n = parse_whole(text, "--seed")
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    if n is None or n < 0:
        raise CliError(f"--seed must be a whole number of at least 0, not {shown(text)}")
    return n


def _seconds(text: str) -> float:
    """An argparse type for ``--time-limit``: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise CliError(f"--time-limit must be a number of seconds, not {shown(text)}") from None
    if not 0 < value < 3600:
        raise CliError(f"--time-limit must be more than 0 and less than 3600 s, not {text}")
    return value


def cmd_hint(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka hint POSITION [MOVE...]``: the hint in the position the moves reach."""
    game, spec, _fmt = read_position(args.position, args)
    player = hint_player(spec.name)
    if player is None:
        raise CliError(f"kosynka has no hint player for {spec.name} yet")
    for number, text in enumerate(args.moves, 1):
        try:
            game.push(game.parse_move(text))
        except IllegalMoveError as exc:
            raise CliError(f"move {number} ({text}) is refused: {exc.reason.en}") from None
        except KosynkaError as exc:
            raise CliError(f"bad move {shown(text)}: {exc}") from None
    if args.time_limit is None:
        choice = player.hint(game, seed=args.seed)
    else:
        choice = player.hint(game, seed=args.seed, time_limit=args.time_limit)
    move = None if choice.move is None else str(choice.move[0])
    chance = None if choice.chance is None else round(choice.chance, 3)
    if args.json:
        print(json.dumps({"move": move, "chance": chance}), file=out)
    elif move is None:
        print("no hint: " + ("the game is won" if game.is_won() else "no move helps"), file=out)
    elif chance is None:
        print(move, file=out)
    else:
        print(f"{move}  (about {chance_percent(chance)}% to win from here)", file=out)
    return 0


_Job = tuple[str, Any, str, int, int, float | None]
"""One deal of ``play``: game, rules, numbering, deal number, seed, time limit."""


def _play_one(job: _Job) -> tuple[int, Followed]:
    """Follow the hints on one deal (in a worker process or in this one)."""
    name, rules, numbering, number, seed, time_limit = job
    spec = find_game(name)
    game = spec.deal(number, rules, numbering)
    return number, follow_hints(game, seed=seed, time_limit=time_limit)


def _row(number: int, done: Followed) -> dict[str, Any]:
    """The JSON object of one deal played."""
    ms = [1000 * t for t in done.hint_seconds] or [0.0]
    return {
        "deal": number,
        "won": done.won,
        "moves": len(done.line),
        "line": list(done.line),
        "hint_ms_mean": round(statistics.fmean(ms), 1),
        "hint_ms_max": round(max(ms), 1),
    }


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka play GAME --deals A-B``: follow the hints on each deal, one line per deal in
    order, then a summary line (with ``--json``, ``{"summary": {...}}``)."""
    spec = find_game(args.game)
    if hint_player(spec.name) is None:
        raise CliError(f"kosynka has no hint player for {spec.name} yet")
    check_flags_for(spec, args)
    try:
        numbering = spec.check_numbering(args.numbering)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    ranges = parse_deal_range(spec, args.deals, numbering)
    total = sum(map(len, ranges))
    if total > MAX_PLAY_DEALS:
        raise CliError(f"--deals names {total} deals; at most {MAX_PLAY_DEALS} at once")
    rules = rules_from(spec, args)
    jobs: Iterator[_Job] = (
        (spec.name, rules, numbering, n, args.seed, args.time_limit) for r in ranges for n in r
    )
    won = played = 0
    times: list[float] = []
    results: Iterator[tuple[int, Followed]]
    pool: ProcessPoolExecutor | None = None
    if args.jobs > 1:
        pool = ProcessPoolExecutor(args.jobs)
        results = pool.map(_play_one, jobs, chunksize=1)
    else:
        results = map(_play_one, jobs)
    try:
        for number, done in results:
            played += 1
            won += done.won
            times.extend(done.hint_seconds)
            row = _row(number, done)
            if args.json:
                print(json.dumps(row), file=out)
            else:
                verdict = "won " if done.won else "lost"
                print(
                    f"{number}\t{verdict}\t{row['moves']} moves\t"
                    f"hint {row['hint_ms_mean']} ms mean, {row['hint_ms_max']} ms max",
                    file=out,
                )
            out.flush()
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    low, high = wilson_interval(won, played)
    ms = sorted(1000 * t for t in times) or [0.0]
    summary = {
        "game": spec.name,
        "rules": rules.text(),
        "deals": played,
        "won": won,
        "rate": round(won / played, 4) if played else 0.0,
        "wilson95": [round(low, 4), round(high, 4)],
        "hint_ms_median": round(statistics.median(ms), 1),
        "hint_ms_p95": round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1),
        "hint_ms_max": round(ms[-1], 1),
    }
    if args.json:
        print(json.dumps({"summary": summary}), file=out)
    else:
        print(
            f"won {won} of {played} ({100 * summary['rate']:.1f}%, 95% Wilson "
            f"{100 * low:.1f}-{100 * high:.1f}%); hint median {summary['hint_ms_median']} ms, "
            f"p95 {summary['hint_ms_p95']} ms, max {summary['hint_ms_max']} ms",
            file=out,
        )
    return 0


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add ``hint`` and ``play`` to the command line."""
    names = ", ".join(s.name for s in game_specs())
    p = sub.add_parser(
        "hint",
        help="the no-peek hint after some moves from a position",
        description="Play the moves from POSITION and print the hint there, with its chance to "
        "win (from samples of the cards the player has not seen). The hint knows only what a "
        "player would have seen on the way.",
    )
    p.add_argument("position", help="a position file (any format `apply` reads), or -")
    p.add_argument("moves", nargs="*", metavar="MOVE", help="moves made from the position")
    add_rule_flags(p)
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="the samples' seed")
    p.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds for the hint")
    p.add_argument("--json", action="store_true", help='{"move": ..., "chance": ...}')
    p = sub.add_parser(
        "play",
        help="play deals by following the hints",
        description="Play each deal by making the hint's move from its first move until it is "
        "won or no hint is left: one line per deal in order, then a summary with the win rate "
        "and its 95% Wilson interval.",
    )
    p.add_argument("game", help=f"the game ({names})")
    p.add_argument("--deals", required=True, metavar="RANGE", help="deal numbers, e.g. 1-100")
    p.add_argument("--numbering", help="the deal numbering (default: the game's own)")
    add_rule_flags(p)
    p.add_argument("--seed", type=_seed, default=0, metavar="S", help="the samples' seed")
    p.add_argument("--time-limit", type=_seconds, metavar="S", help="seconds per hint")
    p.add_argument(
        "--jobs",
        type=_count("--jobs", MAX_JOBS),
        default=1,
        metavar="N",
        help=f"worker processes (at most {MAX_JOBS})",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per deal")
    return {"hint": cmd_hint, "play": cmd_play}
