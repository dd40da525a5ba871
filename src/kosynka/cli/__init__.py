"""The ``kosynka`` command line: thin argument parsing over the library, one module per command
group (:mod:`.games` deal/show/moves/apply, :mod:`.score`, :mod:`.daily`, :mod:`.solve`,
:mod:`.play` hint/play, :mod:`.library`, :mod:`.serve`).

Exit codes: 0 success, 1 an illegal move (``apply``, ``score``), 2 bad arguments or input.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from kosynka.cli.common import CliError, Parser

__all__ = ["CliError", "build_parser", "main"]

# Each command group is a module with ``register(subparsers) -> dict[str, command function]``.
# Groups are imported only when their command is asked for (or for help and errors, which list
# every command), so that ``kosynka moves`` does not pay for the web server or the database.
_GROUPS = {
    "deal": "kosynka.cli.games",
    "show": "kosynka.cli.games",
    "moves": "kosynka.cli.games",
    "apply": "kosynka.cli.games",
    "score": "kosynka.cli.score",
    "daily": "kosynka.cli.daily",
    "solve": "kosynka.cli.solve",
    "hint": "kosynka.cli.play",
    "play": "kosynka.cli.play",
    "serve": "kosynka.cli.serve",
    "library": "kosynka.cli.library",
}


def _wanted_command(argv: Sequence[str] | None) -> str | None:
    """The subcommand named on the command line (its first word that is not an option)."""
    words = sys.argv[1:] if argv is None else list(argv)
    return next((w for w in words if not w.startswith("-")), None)


def build_parser(
    argv: Sequence[str] | None = None,
) -> tuple[argparse.ArgumentParser, dict[str, Callable[[argparse.Namespace, TextIO], int]]]:
    """The argument parser of the ``kosynka`` subcommands that ``argv`` may need (all of them
    when it names none or an unknown one), and the command functions by name."""
    parser = Parser(
        prog="kosynka",
        description="Solitaire (Klondike, FreeCell, Spider): rules, solver, deal library, game.",
    )
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    wanted = _wanted_command(argv)
    modules = [_GROUPS[wanted]] if wanted in _GROUPS else list(dict.fromkeys(_GROUPS.values()))
    commands: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {}
    for name in modules:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is not None and not exc.name.startswith("kosynka"):
                continue  # that group needs a package this install does not have
            raise
        commands.update(module.register(sub))
    return parser, commands


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out if out is not None else sys.stdout
    try:
        parser, commands = build_parser(argv)
        args = parser.parse_args(argv)
        if not args.command:
            raise CliError("no command given (try: kosynka --help)")
        return commands[args.command](args, out)
    except CliError as exc:
        print(f"kosynka: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
