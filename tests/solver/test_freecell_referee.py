"""The compiled FreeCell referee (``native/freecell_referee.cpp``) against the Python rules.

The referee checks the search's lines in batch runs, so it must say of every move exactly what
the rules engine says: on random positions from random play under every rule option (0-4 free
cells, foundation return on and off), every move code (each card to each column, its
foundation and a free cell) is legal for one exactly when it is legal for the other, a legal
move leaves the same position in both, and the illegal moves met cover every reason the
engine has for a move written so. fc-solve's stored ``-snx`` lines replay in the referee as in
the rules engine, and the solver's lines are accepted, cut lines and lines with a move
changed refused at the same move as the engine refuses them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kosynka.cards import ALL_CARDS
from kosynka.cli import main
from kosynka.games.freecell import CELL, FOUNDATION, FreeCell, FreeCellRules, Move
from kosynka.games.freecell import reasons as R
from kosynka.games.freecell.deals import freecell_columns
from kosynka.solver import NATIVE, solve
from kosynka.solver import freecell as front
from kosynka.solver.freecell import position_args, replay, search, solve_deals
from kosynka.solver.result import Limits, SolutionError

pytestmark = pytest.mark.core

SOLUTIONS = Path(__file__).parents[1] / "data" / "freecell" / "fcsolve_solutions.txt"
DESTINATIONS = (*range(8), FOUNDATION, CELL)
RULES = [FreeCellRules(cells=c, foundation_return=r) for c in range(5) for r in (True, False)]


def code_of(move: Move) -> int:
    """The engine move code of ``move`` (``card * 16 + to``; a named free cell is ``c``)."""
    to = CELL if move.to >= CELL else move.to
    return move.card.index * 16 + to


def referee(game: FreeCell, codes: list[int]) -> tuple[int, str, bool, tuple[object, ...]]:
    """The referee's answer on ``codes`` from ``game``: moves made, the refusal, won, and the
    position it ends in (columns, cells, foundations)."""
    made, why, won, cols, cells, found = NATIVE.freecell_referee(*position_args(game), codes)
    position = (tuple(map(tuple, cols)), tuple(cells), tuple(found))
    return int(made), str(why), bool(won), position


def position_of(game: FreeCell) -> tuple[object, ...]:
    """``game``'s position as the referee reports one."""
    cols, cells, found, _ = position_args(game)
    return (tuple(map(tuple, cols)), tuple(cells), tuple(found))


def random_positions(count: int, seed: int) -> list[FreeCell]:
    """Positions met in random play (moves home and between columns more often than moves to
    free cells) under every rule option, each at a random depth."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rules = RULES[i % len(RULES)]
        game = FreeCell(rng.randrange(1, 2**31), rules=rules)
        for _ in range(rng.randrange(0, 120)):
            moves = game.legal_move_list()
            if not moves:  # jammed: back up a few moves and play on
                for _ in range(min(len(game.move_stack), rng.randrange(1, 12))):
                    game.pop()
                continue
            home = [m for m in moves if m.to == FOUNDATION]
            tableau = [m for m in moves if m.to < FOUNDATION]
            if home and rng.random() < 0.5:
                game.push(rng.choice(home))
            elif tableau and rng.random() < 0.85:  # free cells filled at random soon jam
                game.push(rng.choice(tableau))
            else:
                game.push(rng.choice(moves))
        out.append(game)
    return out


def test_every_move_code_is_judged_as_the_rules_judge_it() -> None:
    reasons_met: set[str] = set()
    legal_met = 0
    for game in random_positions(220, seed=7):
        start = position_of(game)
        for card in range(52):
            for to in DESTINATIONS:
                move = Move(ALL_CARDS[card], to)
                reason = game.explain(move)
                made, why, won, after = referee(game, [card * 16 + to])
                assert (made == 1) == (reason is None), (game.text(), str(move), reason, why)
                if reason is None:
                    legal_met += 1
                    expected = game.copy()
                    expected.push(move)
                    assert after == position_of(expected), (game.text(), str(move))
                    assert won == expected.is_won()
                else:
                    reasons_met.add(reason.code)
                    assert why and after == start
    assert legal_met > 1000
    # Every reason a move to a column, a foundation or "a free cell" can be refused for.
    expected = {
        R.NOT_AVAILABLE.code,
        R.SAME_PLACE.code,
        R.FOUNDATION_RETURN_OFF.code,
        R.FOUNDATION_TO_CELL.code,
        R.RUN_NOT_ORDERED.code,
        R.CELL_ONE_CARD.code,
        R.FOUNDATION_ONE_CARD.code,
        R.CELLS_FULL.code,
        R.NO_CELLS.code,
        R.FOUNDATION_ORDER.code,
        R.RANK.code,
        R.COLOUR.code,
        R.supermove_too_long(1).code,
    }
    assert expected <= reasons_met, expected - reasons_met


def test_whole_lines_agree_with_the_rules_engine() -> None:
    """Random legal lines are made whole; each is then cut at a random move changed to an
    illegal one, and the referee stops where the engine refuses."""
    rng = random.Random(11)
    for game in random_positions(60, seed=3):
        line: list[Move] = []
        probe = game.copy(stack=False)
        for _ in range(rng.randrange(1, 80)):
            moves = probe.legal_move_list()
            if not moves:
                break
            m = rng.choice(moves)
            line.append(m)
            probe.push(m)
        codes = [code_of(m) for m in line]
        made, why, won, after = referee(game, codes)
        assert made == len(codes) and why == "" and after == position_of(probe)
        assert won == probe.is_won()
        if not codes:
            continue
        k = rng.randrange(len(codes))
        before = game.copy(stack=False)
        for m in line[:k]:
            before.push(m)
        bad = [
            card * 16 + to
            for card in range(52)
            for to in DESTINATIONS
            if before.explain(Move(ALL_CARDS[card], to)) is not None
        ]
        codes[k] = rng.choice(bad)
        made, why, _, after = referee(game, codes)
        assert made == k and why, (made, k)
        assert after == position_of(before)


def test_the_solvers_lines_win_in_the_referee_and_a_cut_line_does_not() -> None:
    for deal, rules in [(1, RULES[8]), (617, RULES[9]), (1941, RULES[8]), (5, RULES[6])]:
        game = FreeCell(deal, rules=rules)
        status, _, line, _, _ = search(game, Limits(time_limit=30))
        assert status == "solved"
        made, why, won, _ = referee(game, line)
        assert (made, why, won) == (len(line), "", True)
        made, why, won, _ = referee(game, line[:-1])
        assert made == len(line) - 1 and not won


def test_fc_solve_lines_replay_in_the_referee() -> None:
    rows = 0
    for text in SOLUTIONS.read_text().splitlines():
        if not text.strip() or text.startswith("#"):
            continue
        deal, cells, *tokens = text.split()
        game = FreeCell(int(deal), rules=FreeCellRules(cells=int(cells)))
        board = game.copy(stack=False)
        codes = []
        for token in tokens:
            move = board.parse_standard(token)
            codes.append(code_of(move))
            board.push(move)
        made, why, won, after = referee(game, codes)
        assert (made, why, won) == (len(codes), "", True), deal
        assert after == position_of(board)
        rows += 1
    assert rows >= 8


@pytest.mark.parametrize(
    ("columns", "cells", "found", "message"),
    [
        ([[0]] * 7, [], [0, 0, 0, 0], "eight columns"),
        ([[]] * 8, [-1] * 5, [0, 0, 0, 0], "at most four"),
        ([[]] * 8, [], [13, 13, 13], "four foundation"),
        ([[]] * 8, [], [13, 13, 13, 12], "52 cards"),
        ([[52]] + [[]] * 7, [], [13, 13, 13, 13], "0-51"),
    ],
)
def test_a_bad_position_is_refused(
    columns: list[list[int]], cells: list[int], found: list[int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        NATIVE.freecell_referee(columns, cells, found, True, [])


def test_referee_raises_on_a_broken_line() -> None:
    game = FreeCell(1)
    _, _, line, _, _ = search(game)
    assert [str(m) for m in front.referee(game, line)] == [str(m) for m in replay(game, line)]
    with pytest.raises(SolutionError, match="refused by the referee at move 6"):
        front.referee(game, line[:5] + line[6:])
    with pytest.raises(SolutionError, match="does not win"):
        front.referee(game, line[:-1])


def test_solve_deals_checks_lines_in_the_referee_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``kosynka solve --deals`` (FreeCell) checks in the referee unless told otherwise; the
    rows are the same as with the Python replay but for the time."""
    rows = {}
    for verify in ([], ["--verify", "python"], ["--verify", "native"]):
        code = main(["solve", "--game", "freecell", "--deals", "1-40,617", "--json", *verify])
        assert code == 0
        out = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
        rows[" ".join(verify)] = [{k: v for k, v in r.items() if k != "ms"} for r in out[:-1]]
    assert rows[""] == rows["--verify python"] == rows["--verify native"]
    assert len(rows[""]) == 41 and all(r["status"] == "solved" for r in rows[""])


def test_solve_uses_the_referee_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """One game through ``solve()`` (the web, the library) keeps the Python replay; a game
    without a referee refuses ``verify="native"``."""
    from kosynka.games.klondike import Klondike

    called: list[int] = []
    monkeypatch.setattr(front, "referee", lambda g, c: called.append(1) or [])
    assert solve(FreeCell(2)).solved and not called
    with pytest.raises(ValueError, match="no compiled referee checks klondike"):
        solve(Klondike(1), verify="native")
    with pytest.raises(ValueError, match="verify must be"):
        solve(FreeCell(2), verify="referee")


def test_verify_native_for_a_game_without_a_referee_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["solve", "--game", "spider", "--deals", "1", "--verify", "native"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "no compiled referee checks spider" in err


def test_the_cores_microsoft_deals_are_the_python_numbering() -> None:
    """The core deals Microsoft's numbers as :func:`freecell_columns` does: 1-100,000 and a
    thousand numbers about each boundary where the generator changes (2^31, 2^32), the last
    number of FreeCell Pro's range, and refuses numbers outside 1..2^33-1."""
    numbers = [*range(1, 100_001), 2**33 - 1, 2**33 - 2]
    numbers += [*range(2**31 - 500, 2**31 + 500), *range(2**32 - 500, 2**32 + 500)]
    for n in numbers:
        assert NATIVE.freecell_ms_columns(n) == [
            [c.index for c in col] for col in freecell_columns(n)
        ], n
    for bad in (0, 2**33):
        with pytest.raises(ValueError, match=r"1\.\.2"):
            NATIVE.freecell_ms_columns(bad)


def test_a_chunk_of_deals_in_the_core_is_the_same_as_deal_by_deal() -> None:
    rules = FreeCellRules(cells=3, foundation_return=False)
    numbers = [*range(1, 30), 2**31 + 7, 2**32 + 7]
    batch = solve_deals(numbers, rules, "ms", time_limit=30)
    assert batch is not None
    for n, res in zip(numbers, batch, strict=True):
        one = solve(FreeCell(n, rules=rules), time_limit=30)
        assert (res.status, res.moves, res.states) == (one.status, one.moves, one.states), n
    assert solve_deals(numbers, rules, "pysol") is None  # PySolFC's numbers: deal by deal


def test_a_chunk_with_a_line_the_referee_refuses_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    class Core:
        """The core with one line spoiled on its way out of the search."""

        def __getattr__(self, name: str) -> object:
            return getattr(NATIVE, name)

        def freecell_solve_ms(self, *args: object) -> list[tuple[object, ...]]:
            rows = NATIVE.freecell_solve_ms(*args)
            status, limit, codes, states, unique, seconds, _, _ = rows[0]
            return [(status, limit, codes, states, unique, seconds, 4, "spoiled"), *rows[1:]]

    monkeypatch.setattr(front, "_core", Core())
    with pytest.raises(SolutionError, match=r"deal 5: .* at move 5: spoiled"):
        solve_deals([5, 6], FreeCellRules(), "ms")


@pytest.mark.parametrize(
    ("flags", "deals"),
    [
        ([], "1-40,617,11982"),
        (["--cells", "3", "--no-foundation-return", "--jobs", "2"], "1-30"),
        (["--max-states", "300"], "1-40"),
        (["--short"], "1-8"),
    ],
)
def test_rows_written_in_the_core_are_the_rows_json_dumps_writes(
    capsys: pytest.CaptureFixture[str], flags: list[str], deals: str
) -> None:
    """With ``--json`` a range's rows are written in the core (no Python object per move):
    byte for byte the lines ``json.dumps`` writes of the rows made in Python from the same
    search (``--verify python``), but for the time, which is each run's own."""
    lines = {}
    for verify in ("native", "python"):
        argv = ["solve", "--game", "freecell", "--deals", deals, "--json", "--verify", verify]
        assert main([*argv, *flags]) == 0
        lines[verify] = capsys.readouterr().out.splitlines()
    assert len(lines["native"]) == len(lines["python"]) == len(deal_numbers(deals)) + 1
    limits = 0
    for written, made in zip(lines["native"][:-1], lines["python"][:-1], strict=True):
        row = json.loads(made)
        row["ms"] = json.loads(written)["ms"]
        assert written == json.dumps(row)
        limits += "limit" in row
    assert limits > 0 if "--max-states" in flags else limits == 0
    summaries = [json.loads(lines[v][-1])["summary"] for v in ("native", "python")]
    assert [{k: v for k, v in s.items() if "ms" not in k} for s in summaries] == [
        {k: v for k, v in summaries[0].items() if "ms" not in k}
    ] * 2


def deal_numbers(spec: str) -> list[int]:
    """The deal numbers of a ``--deals`` spec such as ``1-40,617``."""
    out: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def test_the_core_writes_milliseconds_as_python_does() -> None:
    """A row's ``ms`` as the core writes it is ``repr(round(seconds * 1000, 3))``: on values
    from a nanosecond to a thousand seconds, ties of the rounding and every microsecond of the
    first twenty milliseconds."""
    rnd = random.Random(7)
    values = [0.0, 1e-9, 5e-7, 4.9999e-7, 0.0000625, 0.0030625, 1.0, 12.5, 1000.0]
    values += [rnd.random() * 10 ** rnd.uniform(-9, 3) for _ in range(100_000)]
    values += [k / 1e6 + d for k in range(20_000) for d in (0.0, 1e-13, -1e-13)]
    for v in values:
        assert NATIVE.freecell_ms_text(v) == repr(round(v * 1000, 3)), v


def test_a_chunk_of_written_rows_with_a_refused_line_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Core:
        """The core with one written row's line refused on its way out."""

        def __getattr__(self, name: str) -> object:
            return getattr(NATIVE, name)

        def freecell_solve_ms_rows(self, *args: object) -> list[tuple[object, ...]]:
            rows = NATIVE.freecell_solve_ms_rows(*args)
            text, status, limit, moves, states, seconds, _, _ = rows[0]
            return [(text, status, limit, moves, states, seconds, 4, "spoiled"), *rows[1:]]

    monkeypatch.setattr(front, "_core", Core())
    with pytest.raises(SolutionError, match=r"deal 5: .* at move 5: spoiled"):
        front.solve_deal_rows([5, 6], FreeCellRules(), "ms")
    assert front.solve_deal_rows([5], FreeCellRules(), "pysol") is None
