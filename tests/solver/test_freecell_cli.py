"""``kosynka solve --game freecell`` as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.games import game_names, game_spec
from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell.notation import format_fcs, parse_standard_line
from kosynka.solver import solver_front
from tests.common import run


def test_deals_json_lines_and_summary() -> None:
    code, text = run(["solve", "--game", "freecell", "--deals", "1-4", "--json"])
    assert code == 0
    lines = [json.loads(line) for line in text.splitlines()]
    rows, summary = lines[:-1], lines[-1]["summary"]
    assert [r["deal"] for r in rows] == [1, 2, 3, 4]
    for r in rows:
        assert set(r) >= {"deal", "status", "moves", "card_moves", "stock_moves", "states", "ms"}
        assert r["status"] == "solved" and r["stock_moves"] == 0
        game = FreeCell(r["deal"])
        game.replay(r["moves"])
        assert game.is_won()
    assert summary["count"] == 4 and summary["solved"] == 4
    assert summary["median_ms"] <= summary["p90_ms"] <= summary["max_ms"]


def test_standard_notation_lines_replay() -> None:
    argv = ["solve", "--game", "freecell", "--deals", "1,10", "--cells", "3", "--json"]
    code, text = run([*argv, "--notation", "standard"])
    assert code == 0
    rows = [json.loads(line) for line in text.splitlines()[:-1]]
    plain = [json.loads(line) for line in run(argv)[1].splitlines()[:-1]]
    for row, other in zip(rows, plain, strict=True):
        game = FreeCell(row["deal"], rules=FreeCellRules(cells=3))
        moves = parse_standard_line(game, " ".join(row["moves"]))
        assert [str(m) for m in moves] == other["moves"]
        board = game.copy(stack=False)
        board.replay(moves)
        assert board.is_won()


@pytest.mark.parametrize(
    "game", [g for g in game_names() if not hasattr(solver_front(g), "standard_line")]
)
def test_games_without_a_standard_notation_refuse_it(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """fc-solve's notation is offered by the games whose solver front writes it; the others
    refuse it, for a range of deals and for a position, naming the game."""
    assert main(["solve", "--game", game, "--deals", "1", "--notation", "standard"]) == 2
    assert f"fc-solve's notation; {game} has none" in capsys.readouterr().err
    path = tmp_path / "position.txt"
    path.write_text(game_spec(game).write_position(game_spec(game).deal(1)), encoding="utf-8")
    assert main(["solve", str(path), "--notation", "standard"]) == 2
    assert f"fc-solve's notation; {game} has none" in capsys.readouterr().err


def test_rule_flags_and_numbering() -> None:
    argv = ["solve", "--game", "freecell", "--deals", "11982", "--no-foundation-return"]
    code, text = run([*argv, "--json"])
    assert code == 0
    assert json.loads(text.splitlines()[0])["status"] == "unsolvable"
    code, text = run(["solve", "--game", "freecell", "--deals", "40000", "--numbering", "pysol"])
    assert code == 0 and "solved" in text


def test_position_file_table_and_short(tmp_path: Path) -> None:
    game = FreeCell(2, rules=FreeCellRules(cells=2))
    path = tmp_path / "deal.board"
    path.write_text(format_fcs(game), encoding="utf-8")
    code, text = run(["solve", str(path), "--cells", "2", "--short", "--notation", "standard"])
    assert code == 0
    assert "1 position(s): 1 winnable" in text
    tokens = text.split("moves: ")[1].splitlines()[0]
    board = game.copy(stack=False)
    board.replay(parse_standard_line(game, tokens))
    assert board.is_won()


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--game", "freecell", "--deals", "0-3"],
        ["solve", "--game", "freecell", "--deals", "5-3"],
        ["solve", "--game", "freecell", "--deals", "1", "--cells", "5"],
        ["solve", "--game", "freecell", "--deals", "1", "--numbering", "kpat"],
        ["solve", "--game", "klondike", "--deals", "1", "--notation", "standard"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run(argv)
    err = capsys.readouterr().err
    assert code == 2 and text == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("kosynka: error:")


def test_min_cells_finds_the_fewest_free_cells_that_win(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--min-cells``: for each deal the searches go from 4 cells down to the first count that
    loses, without foundation return unless asked; the fewest is proved (one fewer lost)."""

    assert (
        main(["solve", "--game", "freecell", "--deals", "2-4,11982", "--min-cells", "--json"]) == 0
    )
    *rows, last = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    by_deal = {r["deal"]: r for r in rows}
    assert {d: r["min_cells"] for d, r in by_deal.items()} == {2: 1, 3: 2, 4: 2, 11982: None}
    assert by_deal[11982]["status"] == "unsolvable" and by_deal[11982]["moves"] == []
    for deal in (2, 3, 4):
        row = by_deal[deal]
        k = row["min_cells"]
        assert row["status"] == "solved"
        assert [t[0] for t in row["tries"]] == list(range(4, k - 2, -1))
        assert [t[1] for t in row["tries"]] == ["solved"] * (5 - k) + ["unsolvable"]
        game = FreeCell(deal, rules=FreeCellRules(cells=k, foundation_return=False))
        game.replay(row["moves"])
        assert game.is_won()
    assert last["summary"]["min_cells"] == {"1": 1, "2": 2, "none": 1}


@pytest.mark.parametrize(
    ("deals", "fewest"),
    [("164,892,1081", 0), ("8,38", 1), ("575,657", 4)],
)
def test_min_cells_with_none_one_and_four_cells(
    deals: str, fewest: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Deals of MS 1-2000 whose fewest cells are 0 (the deals famous for being won with no free
    cell), 1 and 4 in the min-cells table of 1-32,000 (bench/solver_freecell.md): each row says
    so, its line wins with that many cells, and one fewer is proved lost (0 needs no proof)."""
    argv = ["solve", "--game", "freecell", "--deals", deals, "--min-cells", "--json"]
    assert main([*argv, "--time-limit", "60"]) == 0
    *rows, last = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert [r["deal"] for r in rows] == [int(d) for d in deals.split(",")]
    for row in rows:
        assert (row["status"], row["min_cells"]) == ("solved", fewest), row["deal"]
        verdicts = [t[1] for t in row["tries"]]
        assert verdicts == ["solved"] * (5 - fewest) + ["unsolvable"] * (fewest > 0)
        game = FreeCell(row["deal"], rules=FreeCellRules(cells=fewest, foundation_return=False))
        game.replay(row["moves"])
        assert game.is_won()
    assert last["summary"]["min_cells"] == {str(fewest): len(rows)}


def test_min_cells_says_which_rules_it_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "freecell", "--deals", "8", "--min-cells"]) == 0
    out = capsys.readouterr().out
    assert "fewest free cells that win (no foundation return, as in Microsoft's rules" in out
    assert "1: 1" in out.splitlines()[-1]
    argv = ["solve", "--game", "freecell", "--deals", "8", "--min-cells"]
    assert main([*argv, "--with-foundation-return"]) == 0
    assert "fewest free cells that win (with foundation return" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--game", "klondike", "--deals", "1", "--min-cells"], "klondike has no free cells"),
        (["--game", "freecell", "--deals", "1", "--with-foundation-return"], "goes with"),
        (["--game", "freecell", "--min-cells", "-"], "works on --deals"),
        (
            [
                "--game",
                "freecell",
                "--deals",
                "1",
                "--min-cells",
                "--no-foundation-return",
                "--with-foundation-return",
            ],
            "disagree",
        ),
    ],
)
def test_min_cells_refusals(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:

    assert main(["solve", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err


def test_min_cells_gives_each_prover_the_cores_shared_among_the_jobs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each count's prover searches on the machine's cores shared among the ``--jobs`` worker
    processes (at least one thread each); in one process, on all of them."""
    import os

    from kosynka.cli import solve as cli_solve
    from kosynka.solver import freecell_cells

    cores = len(os.sched_getaffinity(0))
    assert cli_solve._prover_threads("freecell", 1) == cores
    assert cli_solve._prover_threads("freecell", cores) == 1
    assert cli_solve._prover_threads("freecell", cores * 4) == 1
    assert cli_solve._prover_threads("klondike", 1) == 1  # no decider: the plain solver
    seen: list[int] = []
    real = freecell_cells.decide

    def decide(game: FreeCell, **kwargs: object) -> object:
        seen.append(int(kwargs["threads"]))  # type: ignore[call-overload]
        return real(game, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(freecell_cells, "decide", decide)
    assert main(["solve", "--game", "freecell", "--deals", "3", "--min-cells", "--json"]) == 0
    assert seen and set(seen) == {cores}
    assert json.loads(capsys.readouterr().out.splitlines()[0])["min_cells"] == 2
