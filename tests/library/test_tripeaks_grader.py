"""TriPeaks' grades for people: the figures from the no-peek player, the score, the thresholds,
regrading stored records, and a library build that grades TriPeaks deals."""

from __future__ import annotations

import pytest

from kosynka.games.klondike import Klondike
from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.library.graders import tripeaks as grader
from kosynka.library.grading import GradeFigures


def test_the_grader_declares_its_parts() -> None:
    assert callable(grader.grade) and callable(grader.regrade)
    assert grader.STARTER_RULES[0] == TriPeaksRules()  # the default first
    assert all(isinstance(r, TriPeaksRules) for r in grader.STARTER_RULES)
    assert len(set(grader.STARTER_RULES)) == len(grader.STARTER_RULES)


def test_the_starter_rule_sets_are_every_rule_set_the_page_offers() -> None:
    from kosynka.web.games.tripeaks import ADAPTER

    values = {o.key: o.values for o in ADAPTER.page_options}
    offered = {
        TriPeaksRules(wrap=w, open=o)
        for w in values["tripeaksWrap"]
        for o in values["tripeaksOpen"]
    }
    assert set(grader.STARTER_RULES) == offered and len(offered) == 4
    assert (
        set(grader.EASY_BELOW)
        == set(grader.HARD_FROM)
        == {(r.wrap, r.open) for r in grader.STARTER_RULES}
    )


@pytest.mark.parametrize("rules", grader.STARTER_RULES, ids=lambda r: r.text())
def test_thresholds_and_weights(rules: TriPeaksRules) -> None:
    key = (rules.wrap, rules.open)
    easy, hard = grader.EASY_BELOW[key], grader.HARD_FROM[key]
    assert 0 < easy < hard < 100
    assert sum(grader.WEIGHTS.values()) == 100
    assert grader.grade_of(easy - 0.01, *key) == "easy"
    assert grader.grade_of(easy, *key) == "normal"
    assert grader.grade_of(hard - 0.01, *key) == "normal"
    assert grader.grade_of(hard, *key) == "hard"
    assert grader.wrap_of(rules.text()) is rules.wrap
    assert grader.open_of(rules.text()) is rules.open


def test_each_rule_set_grades_by_its_own_thresholds() -> None:
    # The player fares otherwise with the peaks open: the same score grades otherwise there.
    closed, opened = (True, False), (True, True)
    assert grader.HARD_FROM[closed] != grader.HARD_FROM[opened]
    score = (grader.HARD_FROM[closed] + grader.HARD_FROM[opened]) / 2
    assert grader.grade_of(score, *closed) != grader.grade_of(score, *opened)


def test_scores_order_deals_sensibly() -> None:
    def score(wins: int, played: float, states: int) -> float:
        return grader.difficulty_score(GradeFigures(8, wins, 45.0, played, states))

    assert score(8, 28, 50) < score(4, 26, 50) < score(0, 12, 50)
    assert score(0, 26, 50) < score(0, 10, 50)
    assert score(8, 28, 50) < score(8, 28, 50_000)
    assert score(8, 28, 1) >= 0 and score(0, 0, 10**9) <= 100
    assert grader.grade_of(score(8, 28, 50)) == "easy"
    assert grader.grade_of(score(0, 10, 50_000)) == "hard"


@pytest.mark.parametrize("rules", grader.STARTER_RULES, ids=lambda r: r.text())
def test_grade_and_regrade_agree(rules: TriPeaksRules) -> None:
    for number in (7, 8, 12):
        game = TriPeaks(number, rules=rules)
        fields = grader.grade(game, states=400, runs=3)
        assert fields["heur_runs"] == 3 and 0 <= fields["heur_wins"] <= 3
        assert 0 <= fields["heur_mean_home"] <= grader.TABLE_CARDS
        assert fields["grade"] == grader.grade_of(fields["score"], rules.wrap, rules.open)
        record = {**fields, "states": 400, "rules": rules.text()}
        assert grader.regrade(record) == (fields["score"], fields["grade"])
        assert grader.grade(game, states=400, runs=3) == fields  # the same seeds, games


def test_a_deal_the_player_always_wins_grades_easier_than_one_it_never_wins() -> None:
    from kosynka.games.tripeaks.player import play

    always = never = None
    for number in range(1, 60):
        wins = sum(play(TriPeaks(number), seed).won for seed in range(4))
        if wins == 4 and always is None:
            always = number
        if wins == 0 and never is None:
            never = number
        if always and never:
            break
    assert always and never
    easy = grader.grade(TriPeaks(always), states=100, runs=4)
    hard = grader.grade(TriPeaks(never), states=100, runs=4)
    assert easy["score"] < hard["score"]
    assert easy["grade"] == "easy" and hard["grade"] != "easy"


def test_bad_inputs() -> None:
    with pytest.raises(TypeError):
        grader.grade(Klondike(1), states=10, runs=1)
    with pytest.raises(ValueError):
        grader.grade(TriPeaks(1), states=10, runs=0)
    with pytest.raises(ValueError):
        grader.wrap_of("open=on")
    with pytest.raises(ValueError):
        grader.open_of("wrap=on")


def test_a_library_build_grades_tripeaks_deals() -> None:
    from kosynka.games import game_names

    if "tripeaks" not in game_names():
        pytest.skip("TriPeaks is not registered in kosynka.games yet")
    from kosynka.library.build import BuildSpec, examine_deal
    from kosynka.library.grading import grader_of, regrader_of

    assert grader_of("tripeaks") is grader.grade
    assert regrader_of("tripeaks") is grader.regrade
    rules = TriPeaksRules()
    spec = BuildSpec(game="tripeaks", rules=rules, max_states=200_000, runs=2)
    record = examine_deal(spec, 1)  # deal 1 is winnable
    assert record["verdict"] == "solved" and record["grade"] in ("easy", "normal", "hard")
    game = TriPeaks(1, rules=rules)
    game.replay(record["solution"].split())
    assert game.is_won()
