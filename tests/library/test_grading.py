"""Klondike's grading: the difficulty score, the thresholds, and the grades `library stats`
prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.games.klondike import KlondikeRules
from kosynka.library import BuildSpec, build
from kosynka.library.graders.klondike import EASY_BELOW, HARD_FROM, difficulty_score, grade_of
from kosynka.library.grading import GradeFigures
from tests.library.library_helpers import SMALL_STATES


def test_score_grows_with_difficulty() -> None:
    base = GradeFigures(runs=8, wins=8, mean_moves=150, mean_home=52, states=50)
    worse = [
        GradeFigures(8, 4, 150, 52, 50),
        GradeFigures(8, 8, 400, 52, 50),
        GradeFigures(8, 8, 150, 52, 50_000),
        GradeFigures(8, 8, 150, 40, 50),
    ]
    for w in worse:
        assert difficulty_score(w) > difficulty_score(base)
    assert 0 <= difficulty_score(base) < difficulty_score(GradeFigures(8, 0, 900, 0, 10**9)) <= 100
    with pytest.raises(ValueError):
        difficulty_score(GradeFigures(0, 0, 0, 0, 0))


def test_thresholds_split_three_ways() -> None:
    for draw in (1, 3):
        assert EASY_BELOW[draw] < HARD_FROM[draw]
        assert grade_of(EASY_BELOW[draw] - 0.01, draw) == "easy"
        assert grade_of(EASY_BELOW[draw], draw) == "normal"
        assert grade_of(HARD_FROM[draw] - 0.01, draw) == "normal"
        assert grade_of(HARD_FROM[draw], draw) == "hard"
    with pytest.raises(ValueError):
        grade_of(10, 2)


def test_stats_prints_grades_and_the_winnable_share(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "lib.sqlite")
    spec = BuildSpec("klondike", KlondikeRules(draw=1), max_states=SMALL_STATES, runs=1)
    report = build(spec, list(range(1, 5)), db=db, jobs=1, progress=False)
    assert main(["library", "stats", "--db", db]) == 0
    out = capsys.readouterr().out
    solved = report.verdicts.get("solved", 0)
    assert f"winnable {solved:>8}".replace(" ", "") in out.replace(" ", "")
    assert "95% Wilson interval" in out
    for g in ("easy", "normal", "hard"):
        assert g in out
    assert main(["library", "verify", "--db", db]) == 0
    assert f"{solved} of {solved} winning lines replay to a win" in capsys.readouterr().out
    assert main(["library", "regrade", "--db", db]) == 0
    assert "0 grades changed" in capsys.readouterr().out
    assert main(["library", "stats", "--db", db, "--draw", "3"]) == 0
    assert "no klondike" in capsys.readouterr().out
