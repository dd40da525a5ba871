"""The starter library shipped in the package, and picking a deal of a grade."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kosynka import Klondike
from kosynka.cli import main
from kosynka.library import (
    GRADES,
    BuildSpec,
    LibraryError,
    build,
    open_library,
    pick_deal,
    read_starter,
    write_starter,
)
from kosynka.library.graders.klondike import difficulty_score, grade_of
from kosynka.library.grading import GradeFigures
from kosynka.library.starter import StarterDeal, starter_path
from kosynka.solver.verify import verify_line
from tests.library.library_helpers import SMALL_STATES

MIN_PER_GRADE = 1000
"""Deals per draw and grade the shipped starter library must hold."""


@pytest.fixture(scope="module")
def starter() -> list[StarterDeal]:
    deals = read_starter()
    assert deals, f"no starter library at {starter_path()}"
    return deals


def test_starter_is_small_and_full(starter: list[StarterDeal]) -> None:
    path = starter_path()
    assert path is not None and path.stat().st_size < 2_000_000
    for draw in (1, 3):
        for g in GRADES:
            n = sum(1 for d in starter if d.draw == draw and d.grade == g)
            assert n >= MIN_PER_GRADE, f"draw {draw} {g}: only {n} deals"
    keys = [(d.draw, d.deal) for d in starter]
    assert len(keys) == len(set(keys))


def test_starter_grades_follow_from_their_figures(starter: list[StarterDeal]) -> None:
    for d in starter:
        figures = GradeFigures(d.heur_runs, d.heur_wins, d.heur_mean_moves, d.heur_mean_home,
                               d.states)  # fmt: skip
        assert difficulty_score(figures) == pytest.approx(d.score, abs=1e-3)
        assert grade_of(d.score, d.draw) == d.grade


def test_starter_winning_lines_replay_to_a_win(starter: list[StarterDeal]) -> None:
    rng = random.Random(2024)
    for d in rng.sample(starter, 600):
        verify_line(Klondike(d.deal, rules=d.rules), d.solution.split())


def test_grade_distribution_makes_sense(starter: list[StarterDeal]) -> None:
    """The player wins easy deals more often than normal ones, and normal more than hard."""
    for draw in (1, 3):
        rates = []
        for g in GRADES:
            mine = [d for d in starter if d.draw == draw and d.grade == g]
            rates.append(sum(d.heur_wins for d in mine) / sum(d.heur_runs for d in mine))
        easy, normal, hard = rates
        assert easy > normal > hard, (draw, rates)
        assert easy > 0.9 and hard < 0.2


def test_pick_deal_avoids_played_deals(starter: list[StarterDeal]) -> None:
    easy1 = sorted(d.deal for d in starter if d.draw == 1 and d.grade == "easy")
    deal = pick_deal("easy", 1, set())
    assert deal in easy1
    last = easy1[-1]
    assert pick_deal("easy", 1, set(easy1[:-1])) == last
    assert pick_deal("easy", 1, set(easy1)) is None
    hard3 = {d.deal for d in starter if d.draw == 3 and d.grade == "hard"}
    for seed in range(5):
        assert pick_deal("hard", 3, {1, 2, 3}, rng=random.Random(seed)) in hard3
    # The starter holds the default rules only.
    assert pick_deal("easy", 1, set(), passes=3) is None
    with pytest.raises(LibraryError, match="unknown grade"):
        pick_deal("expert", 1, set())


def test_pick_deal_uses_the_users_library(tmp_path: Path) -> None:
    db = str(tmp_path / "mine.sqlite")
    spec = BuildSpec(draw=1, foundation_return=False, max_states=SMALL_STATES, runs=2)
    build(spec, list(range(1, 7)), db=db, jobs=1, progress=False)
    with open_library(db) as lib:
        recs = [r for r in lib.records() if r["grade"]]
    assert recs, "some of deals 1-6 should be winnable"
    r = recs[0]
    same = {x["deal"] for x in recs if x["grade"] == r["grade"]}
    for _ in range(5):
        assert pick_deal(r["grade"], 1, set(), foundation_return=False, db=db) in same
    assert pick_deal(r["grade"], 1, same, foundation_return=False, db=db) is None


def test_write_and_read_a_starter_file(tmp_path: Path) -> None:
    db = str(tmp_path / "work.sqlite")
    spec = BuildSpec(draw=1, max_states=SMALL_STATES, runs=2)
    build(spec, list(range(1, 9)), db=db, jobs=1, progress=False)
    out = tmp_path / "starter.csv.gz"
    written = write_starter(db, out, per_grade=2)
    deals = read_starter(out)
    assert len(deals) == sum(written.values())
    assert all(n <= 2 for n in written.values())
    for d in deals:
        verify_line(Klondike(d.deal, rules=d.rules), d.solution.split())
    out.write_bytes(b"not gzip")
    with pytest.raises(LibraryError, match="cannot be read"):
        read_starter(out)


def test_command_line_pick_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["library", "pick", "--grade", "normal", "--draw", "3", "--exclude", "1,2"]) == 0
    number = int(capsys.readouterr().out)
    assert number not in (1, 2)
    assert main(["library", "stats", "--starter"]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "hard" in out and "draw=3" in out
    assert main(["library", "pick", "--grade", "easy", "--exclude", "x"]) == 2
