"""The ``kosynka`` command line: thin argument parsing over the library.

Exit codes: 0 success, 1 an illegal move (``apply``), 2 bad arguments or input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from kosynka import deals
from kosynka.errors import IllegalMoveError, KosynkaError
from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.notation import FORMATS, detect_format, format_position, parse_passes, parse_position


class CliError(Exception):
    """Bad arguments or input: reported as one line on stderr with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


def add_rule_flags(p: argparse.ArgumentParser, *, draw_default: int | None = None) -> None:
    p.add_argument(
        "--draw", type=int, choices=(1, 3), default=draw_default, help="cards per draw (default 1)"
    )
    p.add_argument(
        "--passes",
        default=None,
        metavar="N|unlimited",
        help="passes through the stock (default unlimited)",
    )
    p.add_argument(
        "--no-foundation-return",
        action="store_true",
        help="cards never come back from the foundations",
    )


def rules_from(args: argparse.Namespace) -> KlondikeRules:
    try:
        passes = None if args.passes is None else parse_passes(args.passes)
        return KlondikeRules(
            draw=args.draw or 1, passes=passes, foundation_return=not args.no_foundation_return
        )
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def read_position(arg: str, args: argparse.Namespace) -> tuple[Klondike, str]:
    """Read POSITION (a file or ``-``); return the game and the format it was written in."""
    if arg == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(arg, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise CliError(f"cannot read {arg}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise CliError(f"{arg} is not UTF-8 text") from None
    if not text.strip():
        raise CliError(f"{'stdin' if arg == '-' else arg} is empty: no position to read")
    try:
        return parse_position(text, rules_from(args)), detect_format(text)
    except KosynkaError as exc:
        raise CliError(f"{'stdin' if arg == '-' else arg}: {exc}") from None


def cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka deal klondike N``: print a deal as a position."""
    if args.game.lower() != "klondike":
        raise CliError(f"unknown game {args.game!r} (known: klondike)")
    try:
        if args.number == "random":
            number = deals.random_deal_number(args.numbering)
            print(f"deal {number} ({args.numbering} numbering)", file=sys.stderr)
        else:
            number = deals.parse_deal_number(args.number, args.numbering)
        game = Klondike(number, rules=rules_from(args), numbering=args.numbering)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    print(format_position(game, args.format), file=out)
    return 0


def render(game: Klondike) -> str:
    """Draw a position for a terminal: face-down cards as ``##``."""
    r = game.rules
    passes = "unlimited passes" if r.passes is None else f"{r.passes} passes"
    ret = "on" if r.foundation_return else "off"
    lines = [
        f"Klondike, draw {r.draw}, {passes}, foundation return {ret}"
        f"   pass {game.pass_number}   face down {game.face_down_count()}",
    ]
    waste = game.waste()
    shown = waste[-r.draw :] if r.draw > 1 else waste[-1:]
    waste_text = " ".join(str(c) for c in shown) if shown else "--"
    stock_text = f"[{game.stock_count():2d}]" if game.stock_count() else "[  ]"
    found = "  ".join(
        f"{(top.text() if (top := game.foundation_top(s)) else '--')}" for s in range(4)
    )
    lines.append(
        f"stock {stock_text}  waste {waste_text:<9} ({len(waste):2d})    foundations {found}"
    )
    lines.append("")
    lines.append("  ".join(f" {i + 1}  " for i in range(7)).rstrip())
    cols = [game.column(i) for i in range(7)]
    height = max((len(c) for c in cols), default=0)
    for row in range(height):
        cells = []
        for i, col in enumerate(cols):
            if row < len(col):
                cell = "##" if row < game.face_down_count(i) else col[row].text()
            else:
                cell = "  "
            cells.append(f" {cell} ")
        lines.append("  ".join(cells).rstrip())
    if height == 0:
        lines.append("(the tableau is empty)")
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka show POSITION``: draw the position."""
    game, _ = read_position(args.position, args)
    print(render(game), file=out)
    return 0


def cmd_moves(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka moves POSITION``: the legal moves, one per line."""
    game, _ = read_position(args.position, args)
    for move in game.legal_moves:
        print(move, file=out)
    return 0


def cmd_apply(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka apply POSITION MOVE...``: apply moves, print the new position."""
    game, fmt = read_position(args.position, args)
    for text in args.moves:
        try:
            move = game.parse_move(text)
        except KosynkaError as exc:
            raise CliError(f"bad move {text!r}: {exc}") from None
        try:
            game.push(move)
        except IllegalMoveError as exc:
            print(f"illegal {text}: {exc.reason.code}: {exc.reason.en}", file=out)
            return 1
    print(format_position(game, fmt), file=out)
    return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "deal": cmd_deal,
    "show": cmd_show,
    "moves": cmd_moves,
    "apply": cmd_apply,
}
_BUILTIN_COMMANDS = frozenset(_COMMANDS)


# Subsystems add their own subcommands: each of these modules, when present, has
# ``register(subparsers) -> dict[str, command function]``. They are imported only when their
# command is asked for (or for help and errors, which list every command), so that ``kosynka
# moves`` does not pay for loading the web server or the database layer.
_SUBCOMMAND_MODULES = {
    "solve": "kosynka.solver.cli",
    "serve": "kosynka.web.cli",
    "library": "kosynka.library.cli",
}


def _wanted_command(argv: Sequence[str] | None) -> str | None:
    """The subcommand named on the command line (its first word that is not an option)."""
    words = sys.argv[1:] if argv is None else list(argv)
    return next((w for w in words if not w.startswith("-")), None)


def _register_subsystems(sub: argparse._SubParsersAction[_Parser], wanted: str | None) -> None:
    if wanted in _BUILTIN_COMMANDS:
        return  # no subsystem is needed
    names = [_SUBCOMMAND_MODULES[wanted]] if wanted in _SUBCOMMAND_MODULES else []
    for name in names or _SUBCOMMAND_MODULES.values():
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue  # that subsystem is not part of this install
            raise
        _COMMANDS.update(module.register(sub))


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``kosynka`` subcommands that ``argv`` may need (all of them
    when it names none or an unknown one)."""
    parser = _Parser(prog="kosynka", description="Klondike solitaire: rules, solver and game.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    p = sub.add_parser("deal", help="print deal N as a position")
    p.add_argument("game", help="the game (klondike)")
    p.add_argument("number", help="the deal number, or 'random'")
    p.add_argument("--numbering", choices=deals.NUMBERINGS, default="pysol")
    p.add_argument("--format", choices=FORMATS, default="text")
    add_rule_flags(p)

    for name, help_text in (
        ("show", "draw a position readably"),
        ("moves", "list the legal moves, one per line"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("position", help="a position file (text or Solvitaire JSON), or - for stdin")
        add_rule_flags(p)

    p = sub.add_parser("apply", help="apply moves and print the new position")
    p.add_argument("position", help="a position file (text or Solvitaire JSON), or - for stdin")
    p.add_argument("moves", nargs="+", metavar="MOVE", help="moves such as s, r, 7C>4, AH>f")
    add_rule_flags(p)
    _register_subsystems(sub, _wanted_command(argv))
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out if out is not None else sys.stdout
    parser = build_parser(argv)
    try:
        args = parser.parse_args(argv)
        if not args.command:
            raise CliError("no command given (try: kosynka --help)")
        return _COMMANDS[args.command](args, out)
    except CliError as exc:
        print(f"kosynka: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    # Run through the package's module so that subcommand modules share its CliError class.
    from kosynka.cli import main as _main

    sys.exit(_main())
