"""Spider's grades for people: the figures from the no-peek player, the score, the thresholds per
suit count, regrading stored records, and a library build that grades Spider deals."""

from __future__ import annotations

import pytest

from kosynka.games.klondike import Klondike
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.player import PlayResult
from kosynka.games.spider.seen import play
from kosynka.library.graders import spider as grader
from kosynka.library.grading import DEFAULT_RUNS, GradeFigures, grader_of, regrader_of, runs_of
from kosynka.solver import default_implementation

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
    def score(wins: int, progress: float, states: int, suits: int = 1) -> float:
        return grader.difficulty_score(GradeFigures(8, wins, 150.0, progress, states), suits)

    assert score(8, 148, 2_000) < score(4, 148, 2_000) < score(0, 60, 2_000)
    assert score(0, 90, 2_000, 4) < score(0, 30, 2_000, 4)
    assert score(8, 148, 2_000) < score(8, 148, 2_000_000)
    assert score(8, 148, 1) >= 0 and score(0, 0, 10**9) <= 100
    assert grader.progress_of(face_down=0, runs_removed=8) == grader.PROGRESS_MAX
    assert grader.progress_of(face_down=44, runs_removed=0) == 0


@pytest.mark.parametrize("states", [1_000, 30_000, 10**9])
@pytest.mark.parametrize("moves", [60.0, 150.0, 1_000.0])
def test_two_suit_grades_by_the_hints_games(states: int, moves: float) -> None:
    def grade(runs: int, wins: int, progress: float) -> str:
        figures = GradeFigures(runs, wins, moves, progress, states)
        return grader.grade_of(grader.difficulty_score(figures, 2), 2)

    top = grader.PROGRESS_MAX
    assert grade(2, 2, top) == "easy"  # both games won
    assert grade(2, 1, (top + 30) / 2) == "normal"  # the second lost
    assert grade(2, 1, (top + 0) / 2) == "normal"
    assert grade(1, 0, top - 13) == "normal"  # the first lost, a run short of a win
    assert grade(1, 0, 0) == "hard"  # the first lost with no card turned up


def test_grade_and_regrade_agree() -> None:
    game = Spider(7, rules=SpiderRules(suits=1))
    fields = grader.grade(game, states=4_000, runs=2)
    assert fields["heur_runs"] == 2 and 0 <= fields["heur_wins"] <= 2
    assert 0 <= fields["heur_mean_home"] <= grader.PROGRESS_MAX
    assert fields["grade"] in ("easy", "normal", "hard")
    record = {**fields, "states": 4_000, "rules": "suits=1"}
    assert grader.regrade(record) == (fields["score"], fields["grade"])
    assert grader.grade(game, states=4_000, runs=2) == fields  # the same seeds, the same games


@pytest.mark.skipif(not NATIVE, reason="a whole game of hints takes minutes in pure Python")
def test_a_grade_from_the_games_of_the_player_who_follows_the_hints() -> None:
    game = Spider(1, rules=SpiderRules(suits=1))
    fields = grader.hint_grade(game, states=4_000, runs=1)
    won = play(game, 0)  # game 0: the hints' seed 0, at the grading budget
    assert won.won and fields["heur_runs"] == 1 and fields["heur_wins"] == 1
    assert fields["heur_mean_moves"] == won.moves
    assert fields["heur_mean_home"] == grader.PROGRESS_MAX
    record = {**fields, "states": 4_000, "rules": "suits=1"}
    assert grader.regrade(record) == (fields["score"], fields["grade"])


def _scripted_games(monkeypatch: pytest.MonkeyPatch, won: list[bool]) -> list[int]:
    """Make the hints' games of a deal come out as ``won`` says, game by game (each won game
    80 moves, each lost one 40 moves and progress 30); return the list of seeds played."""
    import kosynka.games.spider.seen as seen_module

    seeds: list[int] = []

    def scripted(game: Spider, seed: int = 0) -> PlayResult:
        seeds.append(seed)
        if won[seed // grader.SEED_STEP]:
            return PlayResult(True, 80, 70, 8, 0, 0)
        return PlayResult(False, 40, 36, 0, 14, 0)  # progress 44 - 14 = 30

    monkeypatch.setattr(seen_module, "play", scripted)
    return seeds


@pytest.mark.parametrize(
    ("won", "played", "wins", "mean_home"),
    [
        ([True, True, True], 2, 2, 148.0),  # both won: as many as runs asks, no more
        ([True, False, True], 2, 1, 89.0),  # the second lost
        ([False, True, True], 1, 0, 30.0),  # the first lost: no second game
    ],
)
def test_the_hints_games_stop_after_the_first_lost(
    monkeypatch: pytest.MonkeyPatch, won: list[bool], played: int, wins: int, mean_home: float
) -> None:
    seeds = _scripted_games(monkeypatch, won)
    f = grader.hint_figures(Spider(5, rules=SpiderRules(suits=2)), states=700, runs=2)
    assert seeds == [r * grader.SEED_STEP for r in range(played)]
    assert (f.runs, f.wins, f.mean_home, f.states) == (played, wins, mean_home, 700)


def test_the_hints_games_go_on_from_the_figures_of_games_played_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Spider(5, rules=SpiderRules(suits=2))
    seeds = _scripted_games(monkeypatch, [True, False])
    whole = grader.hint_figures(game, states=700, runs=2)
    seeds.clear()
    first = grader.hint_figures(game, states=700, runs=1)
    assert seeds == [0]
    assert grader.hint_figures(game, states=700, runs=2, before=first) == whole
    assert seeds == [0, grader.SEED_STEP]  # only the second game was played again
    lost = GradeFigures(1, 0, 40.0, 30.0, 700)
    assert grader.hint_figures(game, states=700, runs=2, before=lost) == lost
    assert seeds == [0, grader.SEED_STEP]  # after a game lost, none
    record = {**grader.hint_grade(game, 700, 2, before=first), "states": 700, "rules": "suits=2"}
    assert GradeFigures.of_record(record) == whole


def test_two_suits_are_graded_by_the_games_of_the_hints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert sorted(grader.HINT_SUITS) == [2]
    assert runs_of("spider", SpiderRules(suits=2)) == grader.HINT_RUNS
    assert runs_of("spider", SpiderRules(suits=1)) == DEFAULT_RUNS
    assert runs_of("spider", SpiderRules(suits=4)) == DEFAULT_RUNS
    played: list[str] = []

    def hint_figures(game: Spider, states: int, runs: int) -> GradeFigures:
        played.append("hints")
        return GradeFigures(runs, runs, 140.0, grader.PROGRESS_MAX, states)

    def figures(game: Spider, states: int, runs: int) -> GradeFigures:
        played.append("rule-based")
        return GradeFigures(runs, 0, 90.0, 40.0, states)

    monkeypatch.setattr(grader, "hint_figures", hint_figures)
    monkeypatch.setattr(grader, "figures", figures)
    two = grader.grade(Spider(3, rules=SpiderRules(suits=2)), states=900, runs=1)
    one = grader.grade(Spider(3, rules=SpiderRules(suits=1)), states=900, runs=8)
    assert played == ["hints", "rule-based"]
    assert (two["heur_runs"], two["heur_wins"]) == (1, 1)
    assert (one["heur_runs"], one["heur_wins"]) == (8, 0)


def test_bad_inputs() -> None:
    with pytest.raises(TypeError):
        grader.hint_grade(Klondike(1), states=10, runs=1)
    with pytest.raises(ValueError):
        grader.hint_grade(Spider(1), states=10, runs=0)
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
