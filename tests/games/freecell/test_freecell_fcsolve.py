"""FreeCell against Freecell Solver (``fc-solve``, Debian's ``freecell-solver-bin``).

* Stored ``-snx`` solutions (tests/data/freecell/fcsolve_solutions.txt, made by fc-solve 5.0.0)
  replay through our rules to a won game, with or without fc-solve installed.
* When ``fc-solve`` is installed: it reads our fc-solve boards (fresh deals and a position with
  cards in the cells, on the foundations and an empty column) as we mean them and solves them;
  and its solutions, printed with every intermediate state (``-p -t -sam -snx``), replay through
  ``parse_standard`` one move at a time with our position equal to fc-solve's state after
  every move (so no move of its solution is implicit: no automatic moves home), ending won.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell.notation import format_fcs, parse_fcs

SOLUTIONS = Path(__file__).parents[2] / "data" / "freecell" / "fcsolve_solutions.txt"
FC_SOLVE = shutil.which("fc-solve")
needs_fc_solve = pytest.mark.skipif(
    FC_SOLVE is None, reason="fc-solve is missing (apt-get install freecell-solver-bin)"
)
STATE_SPLIT = "===================="


def stored_solutions() -> list[tuple[int, int, list[str]]]:
    rows = []
    for line in SOLUTIONS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            deal, cells, *tokens = line.split()
            rows.append((int(deal), int(cells), tokens))
    return rows


def test_stored_solutions_replay_to_a_win() -> None:
    rows = stored_solutions()
    assert len(rows) >= 8
    for deal, cells, tokens in rows:
        game = FreeCell(deal, rules=FreeCellRules(cells=cells))
        for token in tokens:
            game.push(game.parse_standard(token))
        assert game.is_won(), deal
        assert game.moves_made == len(tokens)
        # Written back in standard notation, the line is the same but for the 'v' counts we
        # add to every move of more than one card.
        replay = FreeCell(deal, rules=FreeCellRules(cells=cells))
        written = []
        for move in game.move_stack:
            written.append(replay.standard(move))
            replay.push(move)
        assert [re.sub(r"v[0-9a-f]+$", "", t) for t in written] == [
            re.sub(r"v[0-9a-f]+$", "", t) for t in tokens
        ]


def mid_game() -> FreeCell:
    """Deal 1 some way into fc-solve's solution: four cards in the cells, four on the
    foundations and an empty column."""
    game = FreeCell(1)
    deal, _, tokens = stored_solutions()[0]
    assert deal == 1
    for token in tokens[:17]:
        game.push(game.parse_standard(token))
    assert all(game.cells()) and sum(game.foundation_counts()) == 4
    assert game.empty_column_count() == 1
    return game


def run_fc_solve(board: str, cells: int, *extra: str) -> str:
    """fc-solve's output for ``board`` with ``cells`` free cells."""
    assert FC_SOLVE is not None
    out = subprocess.run(
        [FC_SOLVE, "--freecells-num", str(cells), *extra],
        input=board,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "FREECELL_SOLVER_QUIET": "1"},
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def solve_step_by_step(game: FreeCell) -> None:
    """Solve ``game``'s position with fc-solve, replaying its solution move by move and
    comparing each position with the state fc-solve prints after the move."""
    cells = game.rules.cells
    out = run_fc_solve(format_fcs(game), cells, "-p", "-t", "-sam", "-snx")
    assert "This game is solveable." in out, out[-300:]
    blocks = out.split("This game is solveable.")[0].split(STATE_SPLIT)
    start = blocks[0].split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1]
    # fc-solve read our board as we meant it.
    assert parse_fcs(start, game.rules) == game
    for block in blocks[1:]:
        if not block.strip():
            continue  # after the last state
        found = re.search(r"^Move: (\S+)\s*$", block, re.MULTILINE)
        assert found is not None, block
        token = found.group(1)
        game.push(game.parse_standard(token))
        state = block[found.end() :]
        assert parse_fcs(state, game.rules) == game, (token, game.moves_made)
    assert game.is_won()


@needs_fc_solve
def test_fc_solve_reads_and_solves_our_boards() -> None:
    for deal in (1, 2, 617, 2**31 + 5, 2**33 - 1):
        game = FreeCell(deal)
        out = run_fc_solve(format_fcs(game), 4, "-p", "-t", "-sam", "-snx")
        assert "This game is solveable." in out, deal
        start = out.split(STATE_SPLIT)[0].split("-=-=-=-=-=-=-=-=-=-=-=-", 1)[1]
        assert parse_fcs(start) == game, deal
    # Tens written as 10 are read too.
    out = run_fc_solve(format_fcs(FreeCell(3), ten="10"), 4, "-m", "-snx")
    assert "This game is solveable." in out


@needs_fc_solve
def test_fc_solve_solves_a_mid_game_position() -> None:
    game = mid_game()
    assert "\n:\n" in format_fcs(game)  # the empty column is written as ':' alone
    solve_step_by_step(game.copy(stack=False))


@needs_fc_solve
def test_fc_solve_solutions_replay_move_by_move() -> None:
    for deal, cells in ((1, 4), (5, 4), (2**32 + 5, 4), (4, 3), (10, 2)):
        solve_step_by_step(FreeCell(deal, rules=FreeCellRules(cells=cells)))


@needs_fc_solve
def test_fc_solve_refuses_the_famous_unsolvable_deal() -> None:
    """Deal 11982 has no solution (the one deal of the first 32,000): fc-solve says so, from
    our board."""
    out = run_fc_solve(format_fcs(FreeCell(11982)), 4, "-m", "-snx", "-to", "01ABCDE")
    assert "I could not solve this game." in out
