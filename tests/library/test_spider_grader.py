"""Spider's grades for people: the figures from the no-peek player, the score, the thresholds per
suit count, regrading stored records, and a library build that grades Spider deals."""

from __future__ import annotations

import pytest

from kosynka.games.klondike import Klondike
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.seen import STAGE_FINAL_STATES, STAGE_STATES
from kosynka.library.graders import spider as grader
from kosynka.library.grading import DEFAULT_RUNS, GradeFigures, grader_of, regrader_of, runs_of
from kosynka.solver import default_implementation
from kosynka.solver.spider import STAGE_LOOK, stage_game

NATIVE = default_implementation("spider") == "native"


def test_the_library_finds_the_spider_grader() -> None:
    assert grader_of("spider") is grader.grade
    assert regrader_of("spider") is grader.regrade


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_thresholds_and_weights(suits: int) -> None:
    assert grader.EASY_BELOW[suits] < grader.HARD_FROM[suits]
    assert sum(grader.WEIGHTS[suits].values()) == 100
    assert grader.grade_of(grader.EASY_BELOW[suits] - 0.01, suits) == "easy"
    assert grader.grade_of(grader.EASY_BELOW[suits], suits) == "normal"
    assert grader.grade_of(grader.HARD_FROM[suits], suits) == "hard"


def test_scores_order_deals_sensibly() -> None:
    def score(wins: int, progress: float, states: int, suits: int, runs: int = 9) -> float:
        return grader.difficulty_score(GradeFigures(runs, wins, 150.0, progress, states), suits)

    for suits in (1, 2, 4):
        by_wins = [score(w, 60, 2_000, suits) for w in range(9, -1, -1)]
        assert by_wins == sorted(by_wins) and by_wins[0] == 0 and by_wins[-1] == 100
        # The loss alone: how near a win and how hard for the solver do not move the score.
        assert score(5, 148, 2_000, suits) == score(5, 20, 2_000_000, suits)
    assert grader.progress_of(face_down=0, runs_removed=8) == grader.PROGRESS_MAX
    assert grader.progress_of(face_down=44, runs_removed=0) == 0


@pytest.mark.parametrize("suits", [1, 2, 4])
@pytest.mark.parametrize("states", [1_000, 30_000, 10**9])
@pytest.mark.parametrize("moves", [60.0, 150.0, 1_000.0])
def test_stage_grades_by_the_games_won(suits: int, states: int, moves: float) -> None:
    def grade(wins: int, progress: float) -> str:
        figures = GradeFigures(grader.STAGE_GAMES, wins, moves, progress, states)
        return grader.grade_of(grader.difficulty_score(figures, suits), suits)

    top = grader.PROGRESS_MAX
    hint = grader.HINT_GAMES  # the hint's own game counts as more than the four others
    assert grader.STAGE_GAMES == 9 and hint == 5

    def graded(hint_won: bool, others_won: int) -> str:
        return grade(hint * hint_won + others_won, top / 2)

    # Easy: the hint's game won (following the hints wins the deal), and every other with four
    # suits, at least one with two, at least two with one.
    least = {1: 2, 2: 1, 4: 4}[suits]
    assert [graded(True, n) for n in range(5)] == [
        "easy" if n >= least else "normal" for n in range(5)
    ]
    # Hard: the hint's game lost, and every other with one and two suits, at least two with four.
    most = {1: 0, 2: 0, 4: 2}[suits]
    assert [graded(False, n) for n in range(5)] == [
        "hard" if n <= most else "normal" for n in range(5)
    ]
    assert grade(9, top) == "easy"
    assert grade(0, top - 13) == "hard"  # every game lost, however near a win
    assert grade(0, 0) == "hard"


def test_grade_and_regrade_agree() -> None:
    game = Spider(7, rules=SpiderRules(suits=1))
    fields = grader.grade(game, states=4_000, runs=2)
    assert fields["heur_runs"] == grader.STAGE_GAMES and 0 <= fields["heur_wins"] <= 9
    assert 0 <= fields["heur_mean_home"] <= grader.PROGRESS_MAX
    assert fields["grade"] in ("easy", "normal", "hard")
    record = {**fields, "states": 4_000, "rules": "suits=1"}
    assert grader.regrade(record) == (fields["score"], fields["grade"])
    assert grader.grade(game, states=4_000, runs=2) == fields  # the same seeds, the same games


@pytest.mark.skipif(not NATIVE, reason="games at 30,000 positions a stage take minutes in Python")
def test_a_stage_grade_is_the_stage_players_games_one_a_budget_and_the_hints() -> None:
    game = Spider(1, rules=SpiderRules(suits=2))
    fields = grader.grade(game, states=4_000, runs=8)  # (more runs ask for no more games)
    games = [stage_game(game, b, STAGE_FINAL_STATES) for b in grader.STAGE_BUDGETS]
    # The hint's own game is the fifth, counted five times: an easy deal is one the hints win.
    games += [stage_game(game, STAGE_STATES, STAGE_FINAL_STATES, look=STAGE_LOOK)] * 5
    assert fields["heur_runs"] == grader.STAGE_GAMES == 9
    assert fields["heur_wins"] == sum(g.won for g in games)
    assert fields["heur_mean_moves"] == round(sum(g.moves for g in games) / 9, 3)
    record = {**fields, "states": 4_000, "rules": "suits=2"}
    assert grader.regrade(record) == (fields["score"], fields["grade"])
    assert grader.grade(game, states=4_000, runs=1) == fields  # deterministic


def test_a_stage_record_of_an_earlier_grader_keeps_its_grade() -> None:
    # Five games each counted once (the grader of before): which was the hint's is not known.
    old = {
        "rules": "suits=2",
        "heur_runs": 5,
        "heur_wins": 4,
        "heur_mean_moves": 150.0,
        "heur_mean_home": 140.0,
        "states": 3_000,
        "score": 20.0,
        "grade": "normal",
    }
    assert grader.regrade(old) == (20.0, "normal")
    now = {**old, "heur_runs": grader.STAGE_GAMES, "heur_wins": 6}
    assert grader.regrade(now) == (33.333, "easy")
    # One suit's rule-based grader of before counted 8 games, with other weights.
    assert grader.regrade({**old, "rules": "suits=1", "heur_runs": 8}) == (20.0, "normal")


def test_every_suit_count_is_graded_by_the_stage_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert sorted(grader.STAGE_SUITS) == [1, 2, 4]
    for suits in (1, 2, 4):
        assert runs_of("spider", SpiderRules(suits=suits)) == grader.STAGE_GAMES
    played: list[str] = []

    def stage_figures(game: Spider, states: int, runs: int) -> GradeFigures:
        played.append("stage")
        return GradeFigures(4, 4, 140.0, grader.PROGRESS_MAX, states)

    def figures(game: Spider, states: int, runs: int) -> GradeFigures:
        played.append("rule-based")
        return GradeFigures(runs, 0, 90.0, 40.0, states)

    monkeypatch.setattr(grader, "stage_figures", stage_figures)
    monkeypatch.setattr(grader, "figures", figures)
    two = grader.grade(Spider(3, rules=SpiderRules(suits=2)), states=900, runs=4)
    four = grader.grade(Spider(3, rules=SpiderRules(suits=4)), states=900, runs=4)
    one = grader.grade(Spider(3, rules=SpiderRules(suits=1)), states=900, runs=8)
    assert played == ["stage", "stage", "stage"]
    assert (two["heur_runs"], two["heur_wins"], two["grade"]) == (4, 4, "easy")
    assert four["grade"] == "easy" and one["grade"] == "easy"
    # A suit count outside STAGE_SUITS would be graded by the rule-based player's games.
    monkeypatch.setattr(grader, "STAGE_SUITS", frozenset({2, 4}))
    assert runs_of("spider", SpiderRules(suits=1)) == DEFAULT_RUNS
    one = grader.grade(Spider(3, rules=SpiderRules(suits=1)), states=900, runs=8)
    assert played[-1] == "rule-based" and (one["heur_runs"], one["heur_wins"]) == (8, 0)


def test_bad_inputs() -> None:
    with pytest.raises(TypeError):
        grader.grade(Klondike(1), states=10, runs=1)
    with pytest.raises(ValueError):
        grader.grade(Spider(1), states=10, runs=0)
    with pytest.raises(ValueError):
        grader.grade_of(10.0, suits=3)
    with pytest.raises(ValueError):
        grader.suits_of("draw=1")


def test_a_library_build_grades_spider_deals() -> None:
    from kosynka.library.build import BuildSpec, examine_deal

    spec = BuildSpec(game="spider", rules=SpiderRules(suits=1), max_states=500_000, runs=1)
    assert spec.rules_text == "suits=1"
    record = examine_deal(spec, 3)
    assert record["verdict"] == "solved" and record["grade"] in ("easy", "normal", "hard")
    assert record["solution_moves"] == len(record["solution"].split())
    game = Spider(3, rules=SpiderRules(suits=1))
    game.replay(record["solution"].split())
    assert game.is_won()
