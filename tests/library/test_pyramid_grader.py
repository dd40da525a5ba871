"""Pyramid's grades for people: the figures from the no-peek player, the score, the thresholds,
regrading stored records, and a library build that grades Pyramid deals."""

from __future__ import annotations

import pytest

from kosynka.games.klondike import Klondike
from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.library.graders import pyramid as grader
from kosynka.library.grading import GradeFigures, grader_of, regrader_of


def test_the_library_finds_the_pyramid_grader() -> None:
    assert grader_of("pyramid") is grader.grade
    assert regrader_of("pyramid") is grader.regrade


def test_thresholds_and_weights() -> None:
    assert 0 < grader.EASY_BELOW < grader.HARD_FROM < 100
    assert sum(grader.WEIGHTS.values()) == 100
    assert grader.grade_of(grader.EASY_BELOW - 0.01) == "easy"
    assert grader.grade_of(grader.EASY_BELOW) == "normal"
    assert grader.grade_of(grader.HARD_FROM) == "hard"


def test_scores_order_deals_sensibly() -> None:
    def score(wins: int, removed: float, states: int) -> float:
        return grader.difficulty_score(GradeFigures(8, wins, 80.0, removed, states))

    assert score(8, 28, 200) < score(4, 26, 200) < score(0, 12, 200)
    assert score(0, 26, 200) < score(0, 10, 200)
    assert score(8, 28, 200) < score(8, 28, 200_000)
    assert score(8, 28, 1) >= 0 and score(0, 0, 10**9) <= 100


def test_grade_and_regrade_agree() -> None:
    game = Pyramid(7)
    fields = grader.grade(game, states=4_000, runs=3)
    assert fields["heur_runs"] == 3 and 0 <= fields["heur_wins"] <= 3
    assert 0 <= fields["heur_mean_home"] <= grader.PYRAMID_CARDS
    assert fields["grade"] in ("easy", "normal", "hard")
    record = {**fields, "states": 4_000, "rules": PyramidRules().text()}
    assert grader.regrade(record) == (fields["score"], fields["grade"])
    assert grader.grade(game, states=4_000, runs=3) == fields  # the same seeds, the same games


def test_bad_inputs() -> None:
    with pytest.raises(TypeError):
        grader.grade(Klondike(1), states=10, runs=1)
    with pytest.raises(ValueError):
        grader.grade(Pyramid(1), states=10, runs=0)


def test_a_library_build_grades_pyramid_deals() -> None:
    from kosynka.library.build import BuildSpec, examine_deal

    rules = PyramidRules()
    spec = BuildSpec(game="pyramid", rules=rules, max_states=500_000, runs=2)
    assert spec.rules_text == rules.text()
    for number in range(1, 40):
        record = examine_deal(spec, number)
        if record["verdict"] == "solved":
            break
    assert record["verdict"] == "solved" and record["grade"] in ("easy", "normal", "hard")
    assert record["solution_moves"] == len(record["solution"].split())
    game = Pyramid(number, rules=rules)
    game.replay(record["solution"].split())
    assert game.is_won()
