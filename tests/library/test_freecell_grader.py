"""FreeCell's grader: the fields the library stores, the score, the thresholds, regrading."""

from __future__ import annotations

import pytest

import kosynka.library.graders.freecell as grader
from kosynka.games.freecell import FreeCell
from kosynka.library.grading import grader_of, regrader_of
from kosynka.solver import solve


def test_found_by_game_name() -> None:
    assert grader_of("freecell") is grader.grade
    assert regrader_of("freecell") is grader.regrade


def test_grade_fields_and_regrade() -> None:
    game = FreeCell(1)
    states = solve(game).states
    fields = grader.grade(game, states, runs=2)
    assert set(fields) == {
        "heur_runs",
        "heur_wins",
        "heur_mean_moves",
        "heur_mean_home",
        "score",
        "grade",
    }
    assert fields["heur_runs"] == 2 and 0 <= fields["heur_wins"] <= 2
    assert fields["grade"] in ("easy", "normal", "hard")
    assert grader.regrade({**fields, "states": states}) == (fields["score"], fields["grade"])
    assert game.moves_made == 0


def test_score_and_thresholds() -> None:
    easy = grader.figures_of(runs=8, wins=8, mean_moves=100.0, mean_home=52.0, states=50)
    hard = grader.figures_of(runs=8, wins=0, mean_moves=400.0, mean_home=10.0, states=10**6)
    assert grader.difficulty_score(easy) < grader.EASY_BELOW <= grader.HARD_FROM
    assert grader.difficulty_score(hard) == pytest.approx(55 + 25 * 42 / 52 + 10 + 10, abs=1e-3)
    assert grader.grade_of(grader.difficulty_score(easy)) == "easy"
    assert grader.grade_of(grader.difficulty_score(hard)) == "hard"
    assert grader.grade_of((grader.EASY_BELOW + grader.HARD_FROM) / 2) == "normal"
    with pytest.raises(ValueError):
        grader.difficulty_score(grader.figures_of(0, 0, 0.0, 0.0, 1))
