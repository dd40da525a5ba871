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


def test_the_starter_rule_sets_are_every_rule_set_the_page_offers() -> None:
    from kosynka.web.games import pyramid as page

    offered = {PyramidRules(passes=p, goal=g) for p in page.PASSES for g in page.GOALS}
    assert set(grader.STARTER_RULES) == offered and len(grader.STARTER_RULES) == 8
    assert grader.STARTER_RULES[0] == PyramidRules()  # Microsoft's first
    assert (
        set(grader.EASY_BELOW)
        == set(grader.HARD_FROM)
        == {(r.passes, r.goal) for r in grader.STARTER_RULES}
    )


@pytest.mark.parametrize("rules", grader.STARTER_RULES, ids=lambda r: r.text())
def test_thresholds_and_weights(rules: PyramidRules) -> None:
    key = (rules.passes, rules.goal)
    easy, hard = grader.EASY_BELOW[key], grader.HARD_FROM[key]
    assert 0 < easy < hard < 100
    assert sum(grader.WEIGHTS.values()) == 100
    assert grader.grade_of(easy - 0.01, *key) == "easy"
    assert grader.grade_of(easy, *key) == "normal"
    assert grader.grade_of(hard - 0.01, *key) == "normal"
    assert grader.grade_of(hard, *key) == "hard"
    assert grader.rules_key(rules.text()) == key


def test_each_rule_set_grades_by_its_own_thresholds() -> None:
    # A score that is hard with three passes can be easier with one: the thresholds differ.
    three, one = (3, "pyramid"), (1, "pyramid")
    assert grader.HARD_FROM[three] != grader.HARD_FROM[one]
    score = (grader.HARD_FROM[three] + grader.HARD_FROM[one]) / 2
    assert grader.grade_of(score, *three) != grader.grade_of(score, *one)
    figures = GradeFigures(8, 0, 60.0, 20.0, 500)
    score = grader.difficulty_score(figures)
    for rules in grader.STARTER_RULES:
        rec = {**figures.stored(0.0, ""), "states": 500, "rules": rules.text()}
        assert grader.regrade(rec) == (score, grader.grade_of(score, rules.passes, rules.goal))


def test_rules_it_has_no_thresholds_for_are_refused() -> None:
    with pytest.raises(ValueError, match="thresholds"):
        grader.grade_of(10.0, 4, "pyramid")
    for text in ("passes=3", "goal=all", "passes=12 goal=all", "passes=3 goal=most", ""):
        with pytest.raises(ValueError, match="passes and goal"):
            grader.rules_key(text)


def test_scores_order_deals_sensibly() -> None:
    def score(wins: int, removed: float, states: int) -> float:
        return grader.difficulty_score(GradeFigures(8, wins, 80.0, removed, states))

    assert score(8, 28, 200) < score(4, 26, 200) < score(0, 12, 200)
    assert score(0, 26, 200) < score(0, 10, 200)
    assert score(8, 28, 200) < score(8, 28, 200_000)
    assert score(8, 28, 1) >= 0 and score(0, 0, 10**9) <= 100


@pytest.mark.parametrize(
    "rules", [PyramidRules(), PyramidRules(passes=1, goal="all"), PyramidRules(passes=None)]
)
def test_grade_and_regrade_agree(rules: PyramidRules) -> None:
    game = Pyramid(7, rules=rules)
    fields = grader.grade(game, states=4_000, runs=3)
    assert fields["heur_runs"] == 3 and 0 <= fields["heur_wins"] <= 3
    assert 0 <= fields["heur_mean_home"] <= grader.PYRAMID_CARDS
    assert fields["grade"] == grader.grade_of(fields["score"], rules.passes, rules.goal)
    record = {**fields, "states": 4_000, "rules": rules.text()}
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
