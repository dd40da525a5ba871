"""``kosynka daily``: the deals of the day (see :mod:`kosynka.library.daily`).

    kosynka daily [--date YYYY-MM-DD] [--game G] [--draw 1|3] [--suits 1|2|4]
                  [--passes 1|2|3|unlimited] [--goal pyramid|all] [--no-wrap] [--open]
                  [--grade easy|normal|hard] [--json]

One line per deal: the date, the game and its rules, the grade, the deal number and what the
starter library knows of it. Without ``--date`` the day is this machine's local date (a
player's "today" is their own); without ``--game``, ``--grade`` or a variant flag, every
game, grade and variant. ``--json`` prints one JSON object per line.
"""

from __future__ import annotations

import argparse
import datetime
import json
from collections.abc import Callable
from typing import Any, TextIO

from kosynka.cli.common import CliError, find_game
from kosynka.errors import KosynkaError
from kosynka.games import game_specs
from kosynka.library.daily import DailyDeal, daily_deal, parse_date, variants
from kosynka.library.grading import GRADES


def _variant_flags() -> dict[str, tuple[str, str, Callable[[str], Any], tuple[Any, ...]]]:
    """The variant options of every game: option name -> (flag, game, parser, values)."""
    out: dict[str, tuple[str, str, Callable[[str], Any], tuple[Any, ...]]] = {}
    for spec in game_specs():
        kinds = variants(spec.name)
        for opt in spec.options:
            if opt.name in kinds and opt.name not in out:
                out[opt.name] = (opt.flag, spec.name, opt.parse, kinds[opt.name])
    return out


def _dest(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_")


def line(deal: DailyDeal) -> str:
    """One deal of the day as a line of text."""
    f = deal.facts
    return (
        f"{deal.date.isoformat()}  {deal.game:<8}  {deal.rules.text():<35}  {deal.grade:<6}  "
        f"deal {deal.number} ({deal.numbering})  difficulty {f.score:.1f}  "
        f"no-peek player won {f.heur_wins} of {f.heur_runs}  "
        f"winning line {len(f.solution.split())} moves"
    )


def cmd_daily(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka daily``: print the deals of the day."""
    try:
        day = parse_date(args.date) if args.date is not None else datetime.date.today()
    except KosynkaError as exc:
        raise CliError(f"--date: {exc}") from None
    if args.grade is not None and args.grade not in GRADES:
        raise CliError(f"--grade must be one of {', '.join(GRADES)}, not {args.grade!r}")
    flags = _variant_flags()
    chosen: dict[str, Any] = {}
    owners = {flag: owner for flag, owner, _, _ in flags.values() if getattr(args, _dest(flag))}
    if args.game is None and len(set(owners.values())) > 1:
        named = " and ".join(f"{f} ({o})" for f, o in owners.items())
        raise CliError(f"{named} are variants of different games: ask for one game at a time")
    for name, (flag, owner, parse, _values) in flags.items():
        given = getattr(args, _dest(flag), None)
        if given is None:
            continue
        if args.game is None:
            args.game = owner
        if isinstance(given, bool):  # a switch (--no-wrap, --open): the value it sets
            chosen[name] = given
            continue
        try:
            chosen[name] = parse(given)
        except KosynkaError as exc:
            raise CliError(f"{flag}: {exc}") from None
    games = [find_game(args.game)] if args.game is not None else game_specs()
    rows: list[DailyDeal] = []
    try:
        for spec in games:
            kinds = variants(spec.name)
            foreign = [n for n in chosen if n not in kinds]
            if foreign:
                raise CliError(f"{spec.name} has no daily variants by {flags[foreign[0]][0]}")
            sets: list[dict[str, Any]] = [{}]
            for name, values in kinds.items():
                pick = [chosen[name]] if name in chosen else list(values)
                sets = [{**s, name: v} for s in sets for v in pick]
            for variant in sets:
                for grade in [args.grade] if args.grade else GRADES:
                    rows.append(daily_deal(day, spec.name, grade, variant))
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    for deal in rows:
        print(json.dumps(deal.to_json()) if args.json else line(deal), file=out)
    return 0


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add ``daily`` to the command line."""
    p = sub.add_parser("daily", help="the deals of the day, the same for every player")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="the day (default: today, local date)")
    p.add_argument("--game", help="one game (default: every game)")
    for name, (flag, owner, _parse, values) in _variant_flags().items():
        if all(isinstance(v, bool) for v in values):  # a switch sets its other value
            p.add_argument(
                flag,
                action="store_const",
                const=not flag.startswith("--no-"),
                default=None,
                help=f"{owner}'s variant with {name} {'off' if flag.startswith('--no-') else 'on'}"
                " (default: every one)",
            )
            continue
        p.add_argument(
            flag,
            metavar="|".join("unlimited" if v is None else str(v) for v in values),
            help=f"{owner}'s variant by {name} (default: every one)",
        )
    p.add_argument("--grade", metavar="|".join(GRADES), help="one grade (default: every grade)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    return {"daily": cmd_daily}
