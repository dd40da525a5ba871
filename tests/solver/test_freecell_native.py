"""The compiled FreeCell core against the pure-Python reference and the rules engine.

The core and the reference must list the same search moves in the same order, weigh the same
figures, and search the same states to the same verdict and line; the core's list of every
legal move must be the engine's.
"""

from __future__ import annotations

import random

import pytest

from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.solver import _freecell_py as ref
from kosynka.solver.freecell import position_args
from tests.solver.test_freecell_oracle import random_endgame

pytestmark = pytest.mark.core


def core():  # type: ignore[no-untyped-def]
    """The compiled core module."""
    from kosynka.solver import NATIVE

    return NATIVE


def random_positions(n: int, seed: int) -> list[FreeCell]:
    """Positions met in random play from MS deals (every rule option), and random endgames."""
    rng = random.Random(seed)
    out: list[FreeCell] = []
    while len(out) < n:
        rules = FreeCellRules(cells=rng.randint(0, 4), foundation_return=rng.random() < 0.6)
        if rng.random() < 0.7:
            game = FreeCell(rng.randint(1, 1_000_000), rules=rules)
            for _ in range(rng.randint(0, 60)):
                moves = game.legal_move_list()
                if not moves:
                    break
                game._apply(rng.choice(moves))
            out.append(game.copy(stack=False))
        else:
            out.append(random_endgame(rng, rules, rng.randint(6, 30)))
    return out


def reference_state(game: FreeCell, no_return: bool) -> ref.State:
    """The reference's position of ``game`` after its safe moves home."""
    cols, cells, found, ret = position_args(game)
    st = ref.State(cols, cells, found, ret)
    st.no_return = no_return
    st.autoplay([])
    return st


@pytest.mark.parametrize("no_return", [False, True])
def test_search_moves_and_figures_agree(no_return: bool) -> None:
    for game in random_positions(300, seed=1):
        cols, cells, found, ret = position_args(game)
        st = reference_state(game, no_return)
        native = [
            tuple(m) for m in core().freecell_search_moves(cols, cells, found, ret, no_return)
        ]
        assert native == st.moves()
        assert list(core().freecell_features(cols, cells, found, ret, no_return)) == st.features()


def test_legal_moves_are_the_engines() -> None:
    for game in random_positions(300, seed=2):
        cols, cells, found, ret = position_args(game)
        native = sorted(core().freecell_legal_moves(cols, cells, found, ret))
        assert native == sorted(str(m) for m in game.legal_move_list())


def test_searches_agree_state_for_state() -> None:
    solved = 0
    for game in random_positions(40, seed=3):
        cols, cells, found, ret = position_args(game)
        native = core().freecell_solve(cols, cells, found, ret, -1.0, 3000, False)
        mine = ref.solve(cols, cells, found, ret, max_states=3000)
        assert native[0] == mine.status
        assert (native[1] or None) == mine.limit
        assert list(native[2]) == mine.line
        assert (native[3], native[4]) == (mine.states, mine.unique_states)
        solved += mine.status == "solved"
    assert solved >= 10


def test_short_lines_agree() -> None:
    for deal in (1, 2, 3):
        game = FreeCell(deal)
        cols, cells, found, ret = position_args(game)
        native = core().freecell_solve(cols, cells, found, ret, -1.0, 0, True)
        mine = ref.solve(cols, cells, found, ret, short=True)
        assert list(native[2]) == mine.line
        assert native[3] == mine.states


@pytest.mark.parametrize("strategy", [-1, *range(len(ref.PORTFOLIO))])
def test_single_searches_agree(strategy: int) -> None:
    for game in random_positions(6, seed=4 + strategy):
        cols, cells, found, ret = position_args(game)
        native = core().freecell_single_search(cols, cells, found, ret, strategy, True, 2000)
        root = reference_state(game, True)
        budget = ref.Budget(start=0.0)
        if root.is_won():
            outcome, path = ref.SOLVED, []
        elif strategy < 0:
            outcome, path = ref.DepthFirst(root).step(2000, budget)
        else:
            outcome, path = ref.run_alone(root, ref.PORTFOLIO[strategy], 2000, budget)
        assert native[3] == budget.states
        assert (native[0] == "solved") == (outcome == ref.SOLVED)
        if outcome == ref.SOLVED:
            head: list[int] = []
            start = ref.State(cols, cells, found, ret)
            start.no_return = True
            start.autoplay([], head)
            assert list(native[2]) == head + ref.line_codes(root, path)


@pytest.mark.parametrize(("deal", "cells"), [(169, 4), (98, 2), (234, 2)])
def test_a_deal_that_takes_several_rounds(deal: int, cells: int) -> None:
    # These deals take thousands of states: every search of the portfolio has several turns, so
    # the core and the reference must share the schedule as well as the searches. With 2 free
    # cells the portfolio is another set of searches (some are made for 3 or 4 cells, others
    # for fewer): both must drop the same ones. 98 is won, 234 proved impossible (both phases).
    game = FreeCell(deal, rules=FreeCellRules(cells=cells))
    cols, cells_now, found, ret = position_args(game)
    native = core().freecell_solve(cols, cells_now, found, ret, -1.0, 0, False)
    mine = ref.solve(cols, cells_now, found, ret)
    assert native[3] > 5 * ref.FIRST_QUOTA
    assert (native[0], native[3], native[4], list(native[2])) == (
        mine.status,
        mine.states,
        mine.unique_states,
        mine.line,
    )
    assert any(not s.min_cells <= cells <= s.max_cells for s in ref.PORTFOLIO)


def test_a_short_first_phase_hands_over_to_the_real_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # With return, the game without it gets only a share of the states; then the real game is
    # searched. With a share of 3,000 states, 234 (2 cells, lost both ways) hands over early:
    # both implementations stop the first phase at the same state and prove the loss in the
    # second, with fewer states in all than when the first phase runs to its own proof.
    game = FreeCell(234, rules=FreeCellRules(cells=2))
    cols, cells, found, ret = position_args(game)
    whole = core().freecell_solve(cols, cells, found, ret, -1.0, 0, False)
    monkeypatch.setattr(ref, "FIRST_PHASE_STATES", 3000)
    share = core().FreeCellPortfolio(first_phase_states=3000)
    native = core().freecell_solve(cols, cells, found, ret, -1.0, 0, False, share)
    mine = ref.solve(cols, cells, found, ret)
    assert (native[0], native[3], native[4]) == (mine.status, mine.states, mine.unique_states)
    assert native[0] == whole[0] == "unsolvable"
    assert native[3] < whole[3]


def test_core_random_numbers_are_pythons() -> None:
    """The player's twin breaks ties with Python's own generator: same seed, same numbers."""
    for seed in (0, 1, 7, 2**32 + 5, 2**63 + 11):
        rng = random.Random(seed)
        assert core().freecell_python_random(seed, 700) == [rng.getrandbits(32) for _ in range(700)]


def test_player_twin_plays_the_python_players_games() -> None:
    """The compiled player makes the Python player's moves, game for game, from deals and from
    positions met in play, under every rule option (its games are replayed by play_games)."""
    from kosynka.games.freecell.player import play
    from kosynka.solver.freecell import play_games

    games = [FreeCell(d) for d in (1, 3, 617, 11982)]
    games += [
        FreeCell(d, rules=FreeCellRules(cells=c, foundation_return=c != 2))
        for d, c in ((5, 0), (6, 1), (7, 2), (8, 3))
    ]
    games += random_positions(6, seed=5)
    compared = 0
    for game in games:
        native = play_games(game, [0, 1, 9], implementation="native")
        python = [play(game, s) for s in (0, 1, 9)]
        assert native == python, game
        compared += sum(g.moves for g in native)
    assert compared > 1000  # real games, not empty ones


def test_player_twin_takes_the_weights_from_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The weights are written once, in player.py: changed there, both players change."""
    from kosynka.games.freecell import player
    from kosynka.solver.freecell import play_games

    game = FreeCell(21)
    before = play_games(game, [0], implementation="native")
    monkeypatch.setattr(player, "RETURNS", False)
    monkeypatch.setattr(player, "W_DEPTH", 2)
    monkeypatch.setattr(player, "LOOK_AT", 2)
    after = play_games(game, [0], implementation="native")
    assert after == [player.play(game, 0)]
    assert after != before


def test_player_twin_games_are_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the core reports is checked move by move: an illegal move, or an ending other
    than the one reported, is refused."""
    from kosynka.solver import SolutionError
    from kosynka.solver import freecell as front

    game = FreeCell(1)
    real = core()

    class Broken:
        def __init__(self, change) -> None:  # type: ignore[no-untyped-def]
            self.change = change

        def freecell_play(self, *args):  # type: ignore[no-untyped-def]
            return [self.change(*g) for g in real.freecell_play(*args)]

    ace_of_hearts_home = 26 * 16 + 8  # AH lies under other cards at the start of deal 1
    monkeypatch.setattr(
        front, "_core", Broken(lambda w, m, h, line, s: (w, m, h, [ace_of_hearts_home], s))
    )
    with pytest.raises(SolutionError, match="refused at move 1"):
        front.play_games(game, [0], implementation="native")
    monkeypatch.setattr(front, "_core", Broken(lambda w, m, h, line, s: (w, m, h + 1, line, s)))
    with pytest.raises(SolutionError, match="does not end as the core reported"):
        front.play_games(game, [0], implementation="native")
