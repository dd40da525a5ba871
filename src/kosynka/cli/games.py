"""``kosynka deal | show | moves | apply``: deals and positions of any game, by name."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

from kosynka.cli.common import (
    CliError,
    add_rule_flags,
    check_flags_for,
    find_game,
    read_position,
    rules_from,
)
from kosynka.cli.score import add_play_flags, play_values, print_score, score_applied
from kosynka.errors import IllegalMoveError, KosynkaError, shown
from kosynka.games import GameSpec, game_specs
from kosynka.numtext import parse_whole


def parse_deal_number(spec: GameSpec, text: str, numbering: str | None) -> int:
    """Read a deal number (``12345`` or ``#12345``) of ``spec``'s game and check its range."""
    try:
        top = spec.max_deal(numbering)
        number = parse_whole(text.strip().lstrip("#"), "deal number", max_digits=len(str(top)))
        if number is None:
            raise CliError(f"not a deal number: {shown(text)}")
        return spec.check_deal_number(number, numbering)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka deal GAME N``: print a deal as a position."""
    spec = find_game(args.game)
    check_flags_for(spec, args)
    try:
        numbering = spec.check_numbering(args.numbering)
        fmt = args.format or spec.formats[0]
        if fmt not in spec.formats:
            raise CliError(
                f"unknown format {fmt!r} for {spec.name} (expected one of: "
                f"{', '.join(spec.formats)})"
            )
        if args.number == "random":
            number = spec.random_deal_number(numbering)
            print(f"deal {number} ({numbering} numbering)", file=sys.stderr)
        else:
            number = parse_deal_number(spec, args.number, numbering)
        game = spec.deal(number, rules_from(spec, args), numbering)
        print(spec.write_position(game, fmt), file=out)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka show POSITION``: draw the position."""
    game, spec, _ = read_position(args.position, args)
    print(spec.render(game), file=out)
    return 0


def cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka moves POSITION``: the legal moves, one per line."""
    game, _, _ = read_position(args.position, args)
    for move in game.legal_moves:
        print(move, file=out)
    return 0


def cmd_apply(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka apply POSITION MOVE...``: apply moves, print the new position in the format it
    was read in; with ``--score``, the score of the moves instead (``--steps``: with its
    account; ``--json``: both, and the position).

    A move the rules refuse stops it with exit status 1 and ``illegal move N (MOVE): CODE:
    message`` on stderr, where it is seen even when stdout goes down a pipe; stdout then gets the
    position the move was refused in (nothing with ``--score``), so ``apply ... | show -`` draws
    the table the refusal is about rather than failing to read an error message."""
    scoring = args.score is not None
    if not scoring:
        given = [f for f in ("seconds", "undos", "hints", "carry") if getattr(args, f) is not None]
        given += [f for f in ("steps", "json") if getattr(args, f)]
        if given:
            raise CliError(f"--{given[0]} goes with --score")
    else:
        play_values(args)  # bad values are refused before any move is read
    game, spec, fmt = read_position(args.position, args)
    for number, text in enumerate(args.moves, 1):
        try:
            move = game.parse_move(text)
        except KosynkaError as exc:
            raise CliError(f"bad move {shown(text)}: {exc}") from None
        try:
            game.push(move)
        except IllegalMoveError as exc:
            if not scoring:
                print(spec.write_position(game, fmt), file=out)
                out.flush()
            reason = exc.reason
            print(f"illegal move {number} ({text}): {reason.code}: {reason.en}", file=sys.stderr)
            return 1
    if scoring:
        score = score_applied(game, args)
        print_score(score, args, out, {"position": spec.write_position(game, fmt)})
        return 0
    print(spec.write_position(game, fmt), file=out)
    return 0


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add ``deal``, ``show``, ``moves`` and ``apply`` to the command line."""
    names = ", ".join(s.name for s in game_specs())
    formats = sorted({f for s in game_specs() for f in s.formats})
    numberings = sorted({n for s in game_specs() for n in s.numberings})
    p = sub.add_parser("deal", help="print deal N of a game as a position")
    p.add_argument("game", help=f"the game ({names})")
    p.add_argument("number", help="the deal number, or 'random'")
    p.add_argument(
        "--numbering",
        metavar="|".join(numberings),
        help="the deal numbering (default: the game's first: "
        + ", ".join(f"{s.name} {s.numberings[0]}" for s in game_specs())
        + ")",
    )
    p.add_argument("--format", metavar="|".join(formats), help="the position format (default text)")
    add_rule_flags(p)
    where = "a position file (any game's position text, Solvitaire JSON or fc-solve board), or -"
    for name, help_text in (
        ("show", "draw a position readably"),
        ("moves", "list the legal moves, one per line"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("position", help=where)
        add_rule_flags(p)
    p = sub.add_parser(
        "apply",
        help="apply moves and print the new position",
        description="Apply the moves and print the new position in the format it was read in. "
        "A move the rules refuse stops it: the position before that move is printed, the "
        "refusal (illegal move N (MOVE): CODE: message) goes to stderr, and the exit status is 1.",
    )
    p.add_argument("position", help=where)
    p.add_argument("moves", nargs="+", metavar="MOVE", help="moves such as s, 7C>4, AH>f")
    p.add_argument(
        "--score",
        nargs="?",
        const="",
        metavar="S",
        help="print the score of the moves instead of the position: standard (the default) "
        "or vegas (Klondike)",
    )
    add_play_flags(p)
    add_rule_flags(p)
    return {"deal": cmd_deal, "show": cmd_show, "moves": cmd_moves, "apply": cmd_apply}
