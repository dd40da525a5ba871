"""What every ``kosynka`` command shares: one-line errors, reading positions of any game, and
the rule flags of every game (taken from the games' specs, so a new game's options appear here
without edits)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn

from kosynka.errors import KosynkaError
from kosynka.games import Game, GameSpec, detect_position, game_spec, game_specs


class CliError(Exception):
    """Bad arguments or input: reported as one line on stderr with exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


def _dest(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_")


def add_rule_flags(p: argparse.ArgumentParser, games: list[GameSpec] | None = None) -> None:
    """Add the rule flags of ``games`` (every game when None) to ``p``; a flag two games share
    (``--no-foundation-return``) is added once. Values stay text until :func:`rules_from`
    reads them with the game's own parser."""
    seen: set[str] = set()
    for spec in games if games is not None else game_specs():
        for opt in spec.options:
            if opt.flag in seen:
                continue
            seen.add(opt.flag)
            owners = [s.name for s in game_specs() if any(o.flag == opt.flag for o in s.options)]
            help_text = f"{opt.help} [{', '.join(owners)}]"
            if opt.is_switch:
                p.add_argument(opt.flag, action="store_true", help=help_text)
            else:
                p.add_argument(opt.flag, default=None, metavar=opt.metavar, help=help_text)


def rules_from(spec: GameSpec, args: argparse.Namespace) -> Any:
    """The rules of ``spec``'s game from the flags in ``args`` (the defaults for flags not
    given); raise :class:`CliError` naming a bad value."""
    values: dict[str, Any] = {}
    for opt in spec.options:
        given = getattr(args, _dest(opt.flag), None)
        if opt.is_switch:
            if given:
                values[opt.name] = not opt.default
            continue
        if given is None:
            continue
        try:
            values[opt.name] = opt.parse(given)
        except KosynkaError as exc:
            raise CliError(f"{opt.flag}: {exc}") from None
    try:
        return spec.make_rules(**values)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def flags_given(args: argparse.Namespace) -> list[str]:
    """The rule flags given on the command line (for refusing those a game does not have)."""
    out = []
    seen = set()
    for spec in game_specs():
        for opt in spec.options:
            if opt.flag in seen:
                continue
            seen.add(opt.flag)
            value = getattr(args, _dest(opt.flag), None)
            if value not in (None, False):
                out.append(opt.flag)
    return out


def check_flags_for(spec: GameSpec, args: argparse.Namespace) -> None:
    """Refuse rule flags that ``spec``'s game does not have (``--draw`` for FreeCell)."""
    mine = {o.flag for o in spec.options}
    foreign = [f for f in flags_given(args) if f not in mine]
    if foreign:
        raise CliError(f"{spec.name} has no rule option {', '.join(foreign)}")


def find_game(name: str) -> GameSpec:
    """The game called ``name``, or :class:`CliError`."""
    try:
        return game_spec(name)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def read_text(arg: str) -> str:
    """The text of POSITION (a file, or ``-`` for stdin)."""
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
    return text


def conflicting_flags(spec: GameSpec, rules: Any, args: argparse.Namespace) -> list[str]:
    """The rule flags in ``args`` (already checked by :func:`rules_from`) that ask for other
    rules than ``rules``, written as given (``--passes 2``, ``--no-foundation-return``)."""
    out = []
    for opt in spec.options:
        given = getattr(args, _dest(opt.flag), None)
        if opt.is_switch:
            if given and getattr(rules, opt.name) != (not opt.default):
                out.append(opt.flag)
        elif given is not None and getattr(rules, opt.name) != opt.parse(given):
            out.append(f"{opt.flag} {given}")
    return out


def read_position(arg: str, args: argparse.Namespace) -> tuple[Game[Any], GameSpec, str]:
    """Read POSITION (a file or ``-``) of any game: the game, its spec and the format it was
    written in. Rule flags apply to formats that carry no rules; a position that states its
    rules is played by them, and a flag asking for other rules is refused (a flag that agrees
    with them is accepted)."""
    text = read_text(arg)
    where = "stdin" if arg == "-" else arg
    try:
        spec, fmt = detect_position(text)
        check_flags_for(spec, args)
        game = spec.read_position(text, fmt, rules_from(spec, args))
        conflicts = conflicting_flags(spec, game.rules, args)
    except KosynkaError as exc:
        raise CliError(f"{where}: {exc}") from None
    except RecursionError:
        raise CliError(f"{where}: the position is nested too deeply to read") from None
    if conflicts:
        verb = "disagrees" if len(conflicts) == 1 else "disagree"
        raise CliError(
            f"{where}: the position's own rules are {game.rules.text()}, and"
            f" {', '.join(conflicts)} {verb} with them (leave the flag out, or edit the position)"
        )
    return game, spec, fmt
