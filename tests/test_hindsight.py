"""The game-neutral chooser of the no-peek hints (:mod:`kosynka.hindsight`): successive
elimination over candidates on shared samples, ties broken by rank, the time limit, a lone
candidate's chance, and samples proved lost skipping their candidates."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

from kosynka.cards import Card
from kosynka.games.pyramid import Move, Pyramid
from kosynka.hindsight import (
    TIE,
    StatusSamples,
    as_line,
    choose,
    hint_player,
    known_choice,
    verdict_value,
)


class Urn:
    """Candidates ``a``, ``b``, ``c`` that win a sample with the given chances (one uniform
    draw per sample, shared by all of them, as common random numbers)."""

    def __init__(self, chances: dict[str, float], ranks: dict[str, int] | None = None) -> None:
        self.chances = chances
        self.ranks = ranks or {}
        self.values: list[str] = []
        self.lost_calls = 0

    def candidates(self) -> Sequence[str]:
        return list(self.chances)

    def rank(self, move: str) -> int:
        return self.ranks.get(move, 0)

    def sample(self, rng: random.Random) -> float:
        return rng.random()

    def lost(self, sample: float, max_states: int) -> bool:
        self.lost_calls += 1
        return sample > max(self.chances.values())

    def value(self, sample: float, move: str, max_states: int) -> float:
        self.values.append(move)
        return 1.0 if sample < self.chances[move] else 0.0


def test_the_move_that_wins_most_samples_is_chosen_with_its_share() -> None:
    urn = Urn({"a": 0.3, "b": 0.7, "c": 0.5})
    choice = choose(urn, seed=4, max_samples=400)
    assert choice.move == "b"
    assert choice.chance is not None and abs(choice.chance - 0.7) < 0.1
    tallies = {t.move: t for t in choice.tallies}
    # The weak candidate was dropped early: it was tried on fewer samples than the winner.
    assert tallies["a"].tried < tallies["b"].tried
    assert not choice.hopeless


def test_samples_proved_lost_are_not_solved_per_candidate() -> None:
    urn = Urn({"a": 0.2, "b": 0.1})
    choice = choose(urn, seed=1, max_samples=100)
    # Samples above 0.2 lose whatever is played: lost() said so, value() was not asked.
    assert len(urn.values) < 2 * choice.samples * 0.5
    assert urn.lost_calls == choice.samples


def test_ties_go_to_the_better_ranked_move() -> None:
    urn = Urn({"a": 1.0, "b": 1.0}, ranks={"a": 1, "b": 5})
    choice = choose(urn, seed=0, max_samples=100)
    assert choice.move == "b" and choice.chance == 1.0
    # Settled (every candidate won every sample): the race stopped early.
    assert choice.samples < 100


def test_near_ties_go_to_rank_unless_asked_for_the_largest_share() -> None:
    """Shares 0.50 and 0.49 on the same 200 samples: within TIE of each other, so the
    better-ranked ``b`` is chosen; without near ties, ``a`` with the larger share."""
    urn = Urn({"a": 0.50, "b": 0.49}, ranks={"b": 5})
    near = choose(urn, seed=1, max_samples=200)
    exact = choose(urn, seed=1, max_samples=200, near_ties=False)
    shares = {t.move: t.share for t in exact.tallies}
    assert 0 < shares["a"] - shares["b"] <= TIE
    assert near.move == "b" and exact.move == "a"
    assert exact.chance == shares["a"]
    equal = choose(Urn({"a": 1.0, "b": 1.0}, ranks={"b": 5}), seed=0, near_ties=False)
    assert equal.move == "b"  # equal shares: still the rank


def test_every_move_lost_is_hopeless_and_still_offers_a_move() -> None:
    urn = Urn({"a": 0.0, "b": 0.0}, ranks={"a": 2})
    choice = choose(urn, seed=0, max_samples=50)
    assert choice.move == "a" and choice.chance == 0.0 and choice.hopeless


def test_a_lone_candidate_is_sampled_only_for_its_chance() -> None:
    assert choose(Urn({"a": 0.5}), estimate=False).chance is None
    choice = choose(Urn({"a": 0.5}), seed=2)
    assert choice.move == "a" and choice.chance is not None and 0 < choice.chance < 1


def test_no_candidate_no_move() -> None:
    choice = choose(Urn({}))
    assert choice.move is None and choice.chance is None and not choice.hopeless


def test_the_time_limit_stops_the_race_after_the_first_sample() -> None:
    ticks = iter(range(1_000_000))
    urn = Urn({"a": 1.0, "b": 1.0, "c": 1.0})
    choice = choose(urn, seed=0, time_limit=2.5, clock=lambda: float(next(ticks)))
    # Each clock reading is a second: the first sample reaches all three, then time is up.
    assert choice.samples == 1
    assert all(t.tried == 1 for t in choice.tallies)
    # With less time the first sample reaches only the best-ranked candidates; the others,
    # untried, are not chosen.
    ticks = iter(range(1_000_000))
    urn = Urn({"a": 0.0, "b": 1.0, "c": 1.0}, ranks={"a": 3, "b": 2, "c": 1})
    choice = choose(urn, seed=0, time_limit=0.5, clock=lambda: float(next(ticks)))
    assert [t.tried for t in choice.tallies] == [1, 0, 0] and choice.move == "a"


def test_the_same_seed_gives_the_same_choice() -> None:
    first = choose(Urn({"a": 0.5, "b": 0.55}), seed=9, max_samples=60)
    again = choose(Urn({"a": 0.5, "b": 0.55}), seed=9, max_samples=60)
    assert first == again


def test_games_are_found_by_name() -> None:
    assert hint_player("klondike") is not None
    assert hint_player("freecell") is not None
    assert hint_player("no-such-game") is None


def test_the_preferred_line_is_kept_unless_clearly_beaten() -> None:
    from kosynka.hindsight import Choice, Tally, keep_preferred

    best = Tally(("x", "y"), 10, 7.0)
    mine = Tally(("p",), 10, 6.0)
    choice = Choice(best.move, 0.7, 10, 20, (best, mine))
    kept = keep_preferred(choice, "p", 0.2)
    assert kept.move == ("p",) and kept.chance == 0.6
    assert keep_preferred(choice, "p", 0.05) == choice  # 0.7 - 0.6 >= 0.05: the samples win
    assert keep_preferred(choice, None, 0.2) == choice
    assert keep_preferred(choice, "q", 0.2) == choice  # no line starts with it


def test_a_solver_status_is_a_samples_value() -> None:
    assert verdict_value("solved") == 1.0
    assert verdict_value("unsolvable") == 0.0
    assert verdict_value("limit") == 0.5


def test_a_move_is_valued_by_the_status_after_it() -> None:
    """StatusSamples plays the move on a copy of the sample (the sample itself unchanged),
    calls a won game won without the solver, and asks the solver otherwise."""

    class Asked(StatusSamples[Pyramid, Move]):
        def __init__(self, status: str) -> None:
            self.status = status
            self.asked: list[Hashable] = []

        def decide(self, game: Pyramid, max_states: int) -> str:
            self.asked.append(game.key())
            return self.status

    sample = Pyramid(1)
    move = sample.legal_move_list()[0]
    after = sample.copy()
    after.advance(move)
    before = sample.key()
    for status, wanted in (("solved", 1.0), ("unsolvable", 0.0), ("limit", 0.5)):
        sampler = Asked(status)
        assert sampler.value(sample, move, 100) == wanted
        assert sampler.asked == [after.key()]
        assert sampler.lost(sample, 100) is (status == "unsolvable")
        assert sampler.asked == [after.key(), before]
    assert sample.key() == before
    king = Pyramid.from_position([Card.parse("KS")] + [None] * 27, stock=[])
    sampler = Asked("unsolvable")
    assert sampler.value(king, king.parse_move("KS"), 100) == 1.0
    assert sampler.asked == []


def test_with_nothing_unseen_the_solvers_move_or_the_best_ranked() -> None:
    assert known_choice("solved", "a", ["b", "a"]).move == ("a",)
    assert known_choice("solved", "a", ["b", "a"]).chance == 1.0
    lost = known_choice("unsolvable", None, ["b", "a"])
    assert (lost.move, lost.chance) == (("b",), 0.0)
    unknown = known_choice("limit", None, ["b"])
    assert (unknown.move, unknown.chance) == (("b",), None)
    assert known_choice("unsolvable", None, []).move is None


def test_a_choice_of_moves_becomes_a_choice_of_one_move_lines() -> None:
    choice = choose(Urn({"a": 0.9, "b": 0.1}), seed=3, max_samples=60)
    line = as_line(choice)
    assert line.move == (choice.move,)
    assert (line.chance, line.samples, line.solves) == (
        choice.chance,
        choice.samples,
        choice.solves,
    )
    assert [(t.move, t.tried, t.won) for t in line.tallies] == [
        ((t.move,), t.tried, t.won) for t in choice.tallies
    ]


def test_lines_of_one_move_do_not_crowd_out_the_others() -> None:
    from kosynka.hindsight import varied

    lines = [("p", "a"), ("p", "b"), ("p", "c"), ("q",), ("p", "d"), ("r", "a")]
    picked = varied(lines, 4, lambda line: line[0])
    assert picked == [("p", "a"), ("p", "b"), ("q",), ("r", "a")]  # best first, each move in
    assert varied(lines, 2, lambda line: line[0]) == [("p", "a"), ("q",)]
    assert varied(lines, 10, lambda line: line[0]) == lines
