"""``kosynka score``: the score of a game record (a deal number and a line), and the flags that
``kosynka apply --score`` shares with it.

    kosynka score GAME N [MOVE...] [--line FILE|-] [rule flags] [--numbering N]
                  [--scoring S] [--seconds S] [--undos N] [--hints N] [--carry N]
                  [--steps] [--json]

It prints ``score 5691 (standard; won; 37 moves; 125 s)``; ``--steps`` first prints the
account (which move earned what, and the score after it), ``--json`` one JSON object with the
score and its steps. A move the rules refuse stops it with ``illegal move N (MOVE): CODE:
message`` on stderr and exit status 1; bad arguments exit 2 with one line, as every command's do.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from kosynka.cli.common import (
    CliError,
    add_rule_flags,
    check_flags_for,
    find_game,
    rules_from,
)
from kosynka.errors import KosynkaError, shown
from kosynka.games import Game, game_names
from kosynka.numtext import parse_whole
from kosynka.plural import en_count
from kosynka.scoring import LineError, Score, score_game, score_line

_PLAY_FLAGS = (
    ("--seconds", "S", "seconds played, for a scoring that counts time (default: untimed)"),
    ("--undos", "N", "moves taken back during the game (default 0)"),
    ("--hints", "N", "hints asked for: no points, but the game is assisted (default 0)"),
    ("--carry", "N", "a cumulative scoring's running total from the games before (Vegas)"),
)


def add_play_flags(p: argparse.ArgumentParser) -> None:
    """Add what a score depends on besides the moves, and how it is printed."""
    for flag, metavar, help_text in _PLAY_FLAGS:
        p.add_argument(flag, metavar=metavar, help=help_text)
    p.add_argument("--steps", action="store_true", help="print the account: what earned what")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _whole(text: str | None, flag: str, *, signed: bool = False) -> int | None:
    """The value of ``flag`` as a whole number (``-`` allowed when ``signed``), or None when
    the flag was not given; raise :class:`CliError` for anything else."""
    if text is None:
        return None
    body = text.strip()
    negative = signed and body.startswith("-")
    try:
        n = parse_whole(body[1:] if negative else body, flag)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    if n is None:
        kind = "a whole number" if signed else "a whole number of at least 0"
        raise CliError(f"{flag} must be {kind}, not {shown(text)}")
    return -n if negative else n


def play_values(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of a score (``seconds``, ``undos``, ``hints``, ``carry``) from the
    flags."""
    return {
        "seconds": _whole(args.seconds, "--seconds"),
        "undos": _whole(args.undos, "--undos") or 0,
        "hints": _whole(args.hints, "--hints") or 0,
        "carry": _whole(args.carry, "--carry", signed=True),
    }


def summary(score: Score) -> str:
    """The score in one line: ``score 5691 (standard; won; 37 moves; 125 s)``."""
    moves = en_count(score.moves, "move", "moves")
    parts = [score.scoring, "won" if score.won else "not won", moves]
    seconds = score.play.whole_seconds
    if seconds is not None:
        parts.append(f"{seconds} s")
    if score.play.undos:
        parts.append(f"{score.play.undos} undone")
    if score.assisted:
        parts.append("assisted")
    if score.play.carry is not None:
        parts.append(f"this game {score.game_points:+d}")
    return f"score {score.total} ({'; '.join(parts)})"


def print_score(
    score: Score, args: argparse.Namespace, out: TextIO, extra: dict[str, Any] | None = None
) -> None:
    """Print ``score`` as the flags ask: a line, the account and a line, or JSON (with
    ``extra`` fields)."""
    if args.json:
        print(json.dumps({**score.to_json(), **(extra or {})}, ensure_ascii=False), file=out)
        return
    if args.steps:
        for line in score.account():
            print(line, file=out)
    print(summary(score), file=out)


def scored(work: Callable[[], Score]) -> Score | None:
    """Run ``work`` (a scoring call): its score, or None after printing the illegal move on
    stderr (exit status 1 for the caller); bad values become :class:`CliError`."""
    try:
        return work()
    except LineError as exc:
        if exc.reason is None:
            raise CliError(f"bad {exc}") from None
        print(
            f"illegal move {exc.index + 1} ({exc.text}): {exc.reason.code}: {exc.reason.en}",
            file=sys.stderr,
        )
        return None
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def score_applied(game: Game[Any], args: argparse.Namespace) -> Score:
    """The score of the moves ``kosynka apply`` made on ``game`` (its move stack, from the
    position it read), under ``--score``'s scoring."""
    values = play_values(args)
    name = args.score or None
    try:
        return score_game(game, name, **values)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None


def _line(args: argparse.Namespace) -> list[str]:
    """The moves of the record: the arguments, then those of ``--line`` (a file, or ``-`` for
    stdin; moves separated by blanks or lines; an empty one adds none)."""
    moves = list(args.moves)
    where = args.line
    if where is None:
        return moves
    if where == "-":
        return moves + sys.stdin.read().split()
    try:
        with open(where, encoding="utf-8") as fh:
            return moves + fh.read().split()
    except OSError as exc:
        raise CliError(f"cannot read {where}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError(f"{where} is not UTF-8 text") from None


def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    """``kosynka score GAME N [MOVE...]``: the score of a game record."""
    from kosynka.cli.games import parse_deal_number

    spec = find_game(args.game)
    check_flags_for(spec, args)
    try:
        numbering = spec.check_numbering(args.numbering)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    number = parse_deal_number(spec, args.number, numbering)
    rules = rules_from(spec, args)
    moves = _line(args)
    values = play_values(args)
    try:
        start = spec.deal(number, rules, numbering)
    except KosynkaError as exc:
        raise CliError(str(exc)) from None
    score = scored(lambda: score_line(start, moves, args.scoring, **values))
    if score is None:
        return 1
    print_score(score, args, out, {"deal": number, "numbering": numbering})
    return 0


def register(sub: Any) -> dict[str, Callable[[argparse.Namespace, TextIO], int]]:
    """Add ``score`` to the command line."""
    p = sub.add_parser("score", help="the score of a game record: a deal number and its moves")
    p.add_argument("game", help=f"the game ({', '.join(game_names())})")
    p.add_argument("number", help="the deal number")
    p.add_argument("moves", nargs="*", metavar="MOVE", help="the moves made, oldest first")
    p.add_argument("--line", metavar="FILE", help="more moves from a file (or - for stdin)")
    p.add_argument("--numbering", help="the deal numbering (default: the game's first)")
    p.add_argument(
        "--scoring",
        metavar="S",
        help="the scoring: standard (every game's default) or vegas (Klondike)",
    )
    add_play_flags(p)
    add_rule_flags(p)
    return {"score": cmd_score}
