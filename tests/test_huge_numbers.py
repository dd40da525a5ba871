"""Whole numbers too long to read (issue 26): every place kosynka reads a number from a person
refuses one of thousands of digits with one line naming it, never a traceback.

Python raises a bare ``ValueError`` ("Exceeds the limit (4300 digits) for integer string
conversion") when such a text meets ``int``; kosynka reads every whole number through
:func:`kosynka.numtext.parse_whole`, which refuses more than 100 digits as too long."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import kosynka.numtext
from kosynka.cli import main
from kosynka.errors import InvalidNotationError, InvalidPositionError, KosynkaError
from kosynka.games import game_spec, game_specs
from kosynka.games.freecell import FreeCell
from kosynka.games.freecell import deals as freecell_deals
from kosynka.games.freecell import notation as freecell_notation
from kosynka.games.freecell.rules import Move as FreeCellMove
from kosynka.games.klondike import Klondike
from kosynka.games.klondike import deals as klondike_deals
from kosynka.games.klondike import notation as klondike_notation
from kosynka.games.klondike.rules import Move as KlondikeMove
from kosynka.games.pyramid import Pyramid
from kosynka.games.pyramid import notation as pyramid_notation
from kosynka.games.spider import Spider
from kosynka.games.spider import notation as spider_notation
from kosynka.games.spider.rules import Move as SpiderMove
from kosynka.games.tripeaks import TriPeaks
from kosynka.games.tripeaks import notation as tripeaks_notation
from kosynka.numtext import MAX_DIGITS, json_int, parse_whole

D = "1" * 5000
"""A number of 5,000 digits: past Python's own limit of 4,300 for int-from-text."""
HEX = "f" * 5000
"""A 'v' count of 5,000 hexadecimal digits (about 6,000 decimal digits once read)."""


def _positions() -> dict[str, tuple[str, str]]:
    """Positions of each game and format, each with one number replaced by ``D``: by a name,
    the game and the text."""
    kl = klondike_notation.format_text(Klondike(1))
    fc = freecell_notation.format_text(FreeCell(1))
    sp = spider_notation.format_text(Spider(1))
    py = pyramid_notation.format_text(Pyramid(1))
    tp = tripeaks_notation.format_text(TriPeaks(1))
    doc = json.loads(klondike_notation.format_solvitaire(Klondike(1)))
    assert "passes=unlimited" in kl and " pass=1 " in kl and "draw=1" in kl
    assert "cells=4" in fc and "suits=2" in sp
    assert "passes=3" in py and "| pass 1" in py and "wrap=on" in tp and " TS " in tp
    in_stock = json.dumps(doc).replace('"stock": [', f'"stock": [{D}, ', 1)
    in_foundations = json.dumps({**doc, "foundations": [[0]]}).replace("[[0]]", f"[[-{D}]]")
    return {
        "klondike passes=": ("klondike", kl.replace("passes=unlimited", f"passes={D}")),
        "klondike pass=": ("klondike", kl.replace(" pass=1 ", f" pass={D} ")),
        "klondike draw=": ("klondike", kl.replace("draw=1", f"draw={D}")),
        "solvitaire integer": ("klondike", in_stock),
        "solvitaire negative integer": ("klondike", in_foundations),
        "freecell cells=": ("freecell", fc.replace("cells=4", f"cells={D}")),
        "spider suits=": ("spider", sp.replace("suits=2", f"suits={D}")),
        "pyramid passes=": ("pyramid", py.replace("passes=3", f"passes={D}")),
        "pyramid pass": ("pyramid", py.replace("| pass 1", f"| pass {D}")),
        "pyramid goal=": ("pyramid", py.replace("goal=pyramid", f"goal={'x' * 5000}")),
        "tripeaks wrap=": ("tripeaks", tp.replace("wrap=on", f"wrap={D}")),
        "tripeaks card": ("tripeaks", tp.replace(" TS ", f" {'T' * 5000} ")),
    }


NEEDLES = {
    "tripeaks wrap=": "(5,000 characters)",
    "tripeaks card": "(5,000 characters)",
}
"""What the refusal of a position says where it is not "too long": a word, not a number, is
quoted shortened with its length."""


POSITIONS = _positions()
GOOD = {
    "klondike": klondike_notation.format_text(Klondike(1)),
    "freecell": freecell_notation.format_text(FreeCell(1)),
    "spider": spider_notation.format_text(Spider(1)),
}


def _one_line_refusal(code: int, err: str, needle: str = "too long") -> None:
    """A refusal as the house wants it: exit 2, one short line on stderr naming the problem."""
    lines = err.splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("kosynka: error: "), err[:500]
    assert needle in lines[0] and len(lines[0]) < 300, lines[0][:500]
    assert "Traceback" not in err


# ----------------------------------------------------------------------------- the command line
CLI_CASES: list[tuple[str, list[str]]] = [
    ("deal klondike N", ["deal", "klondike", D]),
    ("deal klondike #N", ["deal", "klondike", "#" + D]),
    ("deal freecell N", ["deal", "freecell", D]),
    ("deal spider N", ["deal", "spider", D]),
    ("deal kpat N", ["deal", "klondike", D, "--numbering", "kpat"]),
    ("deal --passes", ["deal", "klondike", "1", "--passes", D]),
    ("deal --draw", ["deal", "klondike", "1", "--draw", D]),
    ("deal --cells", ["deal", "freecell", "1", "--cells", D]),
    ("deal --suits", ["deal", "spider", "1", "--suits", D]),
    ("solve --deals 1-N", ["solve", "--deals", f"1-{D}"]),
    ("solve --deals N", ["solve", "--deals", D]),
    ("solve --deals N-1", ["solve", "--deals", f"{D}-1"]),
    ("solve --deals 1,N", ["solve", "--deals", f"1,{D}"]),
    ("solve freecell --deals", ["solve", "--game", "freecell", "--deals", f"1-{D}"]),
    ("solve spider --deals", ["solve", "--game", "spider", "--deals", f"1-{D}"]),
    ("solve --passes", ["solve", "--deals", "1", "--passes", D]),
    ("solve --cells", ["solve", "--game", "freecell", "--deals", "1", "--cells", D]),
    ("solve --suits", ["solve", "--game", "spider", "--deals", "1", "--suits", D]),
    ("solve --max-states", ["solve", "--deals", "1", "--max-states", D]),
    ("solve --jobs", ["solve", "--deals", "1-2", "--jobs", D]),
]
MOVE_CASES: list[tuple[str, str, str]] = [
    ("klondike", f"7C>{D}", "destination column too long"),
    ("freecell", f"7C>{D}", "destination column too long"),
    ("freecell", f"7C>c{D}", "free cell number too long"),
    ("spider", f"{D}:9S>1", "source column too long"),
    ("spider", f"9S>{D}", "destination column too long"),
    ("spider", f"1:9S>{D}", "destination column too long"),
]


@pytest.mark.parametrize("argv", [c[1] for c in CLI_CASES], ids=[c[0] for c in CLI_CASES])
def test_cli_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(argv)
    _one_line_refusal(code, capsys.readouterr().err)


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--game", "x" * 5000, "--deals", "1"],
        ["deal", "x" * 5000, "1"],
        ["library", "pick", "--grade", "easy", "--game", "x" * 5000],
    ],
    ids=["solve", "deal", "library pick"],
)
def test_a_game_name_of_5000_letters(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown game's name is quoted shortened in its one-line refusal."""
    code = main(argv)
    _one_line_refusal(code, capsys.readouterr().err, "(5,000 characters)")


@pytest.mark.parametrize("command", ["show", "moves", "apply", "solve"])
@pytest.mark.parametrize("field", sorted(POSITIONS))
def test_cli_positions(
    field: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.txt"
    path.write_text(POSITIONS[field][1], encoding="utf-8")
    argv = [command, str(path), *(["s"] if command == "apply" else [])]
    code = main(argv)
    err = capsys.readouterr().err
    _one_line_refusal(code, err, NEEDLES.get(field, "too long"))
    assert str(path) in err


@pytest.mark.parametrize(
    ("game", "move", "needle"), MOVE_CASES, ids=[f"{g} {m[:8]}" for g, m, _ in MOVE_CASES]
)
def test_cli_moves(
    game: str, move: str, needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "position.txt"
    path.write_text(GOOD[game], encoding="utf-8")
    code = main(["apply", str(path), move])
    _one_line_refusal(code, capsys.readouterr().err, needle)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["deal", "klondike", "²"], "not a deal number"),  # isdigit() is True, int() refuses it
        (["deal", "klondike", "٣"], "not a deal number"),  # only ASCII digits are deal numbers
        (["deal", "freecell", "1", "--cells", "²"], "cells must be"),
        (["solve", "--deals", "1-2", "--jobs", "100000"], "--jobs must be at most 256"),
        (["solve", "--deals", "1", "--max-states", "0"], "--max-states must be"),
        (["solve", "--deals", "1", "--jobs", "x" * 5000], "characters)"),
    ],
)
def test_cli_other_numbers(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(argv)
    _one_line_refusal(code, capsys.readouterr().err, needle)


def test_the_real_process_prints_no_traceback(tmp_path: Path) -> None:
    """The same through the installed entry point (``python -m kosynka``), stdin included."""
    for argv, stdin in (
        (["deal", "klondike", D], None),
        (["solve", "--deals", f"1-{D}"], None),
        (["show", "-"], POSITIONS["solvitaire integer"][1]),
        (["apply", "-", f"{D}:9S>1"], GOOD["spider"]),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "kosynka", *argv],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )
        _one_line_refusal(proc.returncode, proc.stderr)


# ----------------------------------------------------------------------------- the library
LIBRARY_CASES: list[tuple[str, Callable[[], object], type[KosynkaError], str]] = [
    (
        "klondike parse_deal_number",
        lambda: klondike_deals.parse_deal_number(D),
        InvalidNotationError,
        "deal number too long: 5,000 digits (at most 20)",
    ),
    (
        "klondike parse_deal_number kpat",
        lambda: klondike_deals.parse_deal_number("#" + D, "kpat"),
        InvalidNotationError,
        "deal number too long: 5,000 digits (at most 10)",
    ),
    (
        "freecell parse_deal_number",
        lambda: freecell_deals.parse_deal_number(D),
        InvalidNotationError,
        "deal number too long",
    ),
    (
        "klondike parse_passes",
        lambda: klondike_notation.parse_passes(D),
        InvalidNotationError,
        "passes too long",
    ),
    (
        "klondike Move.parse",
        lambda: KlondikeMove.parse(f"7C>{D}"),
        InvalidNotationError,
        "destination column too long",
    ),
    (
        "freecell Move.parse",
        lambda: FreeCellMove.parse(f"7C>{D}"),
        InvalidNotationError,
        "destination column too long",
    ),
    (
        "freecell Move.parse cell",
        lambda: FreeCellMove.parse(f"7C>c{D}"),
        InvalidNotationError,
        "free cell number too long",
    ),
    (
        "spider Move.parse source",
        lambda: SpiderMove.parse(f"{D}:9S>1"),
        InvalidNotationError,
        "source column too long",
    ),
    (
        "spider Move.parse destination",
        lambda: SpiderMove.parse(f"9S>{D}"),
        InvalidNotationError,
        "destination column too long",
    ),
    (
        "freecell parse_standard v count",
        lambda: freecell_notation.parse_standard(FreeCell(1), f"12v{HEX}"),
        InvalidNotationError,
        "too long",
    ),
    *(
        (
            f"{game} read_position {name}",
            (lambda game=game, text=text: game_spec(game).read_position(text)),
            InvalidPositionError,
            NEEDLES.get(name, "too long"),
        )
        for name, (game, text) in POSITIONS.items()
    ),
    *(
        (
            f"{spec.name} {opt.flag}",
            (lambda opt=opt: opt.parse(D)),
            InvalidNotationError,
            "too long",
        )
        for spec in game_specs()
        for opt in spec.options
        if not opt.is_switch
    ),
]


@pytest.mark.parametrize(
    ("call", "kind", "needle"), [c[1:] for c in LIBRARY_CASES], ids=[c[0] for c in LIBRARY_CASES]
)
def test_library_parsers(call: Callable[[], object], kind: type[KosynkaError], needle: str) -> None:
    """Each parser raises its own ValueError subclass, naming the number as too long."""
    with pytest.raises(kind) as info:
        call()
    assert needle in str(info.value) and len(str(info.value)) < 200


def test_every_game_option_and_format_is_covered() -> None:
    """A new rule option or game appears in the cases above without edits (they are made from
    the specs); this checks that the cases do cover each one."""
    names = [c[0] for c in LIBRARY_CASES]
    for spec in game_specs():
        assert any(n.startswith(f"{spec.name} read_position") for n in names)
        for opt in spec.options:
            if not opt.is_switch:
                assert f"{spec.name} {opt.flag}" in names


# ----------------------------------------------------------------------------- the reader itself
def test_parse_whole_bounds() -> None:
    assert parse_whole("9" * MAX_DIGITS, "n") == 10**MAX_DIGITS - 1
    assert parse_whole("0" * 5000 + "7", "n") == 7  # leading zeros are not digits of the value
    assert parse_whole(" 12 ", "n") == 12
    for not_a_number in ("", "-1", "+1", "1_000", "1.0", "²", "٣", "１"):
        assert parse_whole(not_a_number, "n") is None
    with pytest.raises(InvalidNotationError, match="n too long: 101 digits"):
        parse_whole("9" * (MAX_DIGITS + 1), "n")
    with pytest.raises(InvalidPositionError):
        parse_whole(D, "n", error=InvalidPositionError)
    assert json_int("-" + "0" * 5000 + "5") == -5
    with pytest.raises(InvalidNotationError, match="too long"):
        json_int("-" + D)


def test_numbers_read_whatever_pythons_own_limit() -> None:
    """The bound holds below the least limit Python can be set to (640 digits), so a smaller
    limit set by the interpreter (PYTHONINTMAXSTRDIGITS) changes nothing."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert klondike_notation.parse_passes("9" * MAX_DIGITS) == 10**MAX_DIGITS - 1
        with pytest.raises(InvalidNotationError, match="too long"):
            klondike_notation.parse_passes("9" * 700)
    finally:
        sys.set_int_max_str_digits(old)


def test_numtext_examples() -> None:
    assert doctest.testmod(kosynka.numtext, optionflags=doctest.ELLIPSIS).failed == 0
