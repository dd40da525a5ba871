"""The Spider stage player (:func:`kosynka.solver.spider.stage_line`): the compiled core against
the Python reference along whole games (the same line at every stage, the same outcome), with
and without its look past a stage's ends, and what makes it a no-peek player: its line does not
change when unseen cards are swapped.

The games are drawn from KOSYNKA_SPIDER_STAGE_SEED (default 1), so that anyone can raise the
seed and play other deals."""

from __future__ import annotations

import os
import random

import pytest

from kosynka.cards import ALL_CARDS
from kosynka.games.spider import Spider, SpiderRules
from kosynka.solver import _spider_py
from kosynka.solver.spider import Lookahead, position_args, stage_game, stage_line

STAGE = 300
"""Positions a stage may try in these tests (the hint's is larger; the Python twin is slow)."""

LOOK = Lookahead(4, 3, 150, 7)
"""A look smaller than the hint's (:data:`kosynka.solver.spider.STAGE_LOOK`), for the slow
Python twin."""


def _seed() -> int:
    return int(os.environ.get("KOSYNKA_SPIDER_STAGE_SEED", "1"))


def _deals(n: int) -> list[tuple[int, int]]:
    """``n`` (suits, deal) pairs drawn from the seed."""
    rng = random.Random(_seed())
    return [(rng.choice((1, 2, 4)), rng.randrange(1, 100_000)) for _ in range(n)]


def _game(
    cols: list[list[int]],
    hidden: list[int],
    stock: list[int],
    removed: list[int],
    rules: SpiderRules,
) -> Spider:
    """The position of the solver's arguments (card indices) as a game."""
    return Spider.from_position(
        [[ALL_CARDS[c] for c in col] for col in cols],
        hidden,
        [ALL_CARDS[c] for c in stock],
        removed,
        rules=rules,
    )


def _swapped_unseen(game: Spider, rng: random.Random) -> Spider:
    """``game`` with two of its unseen cards (face down or in the stock) of different values
    swapped; the same game when it has no two such cards."""
    cols, hidden, stock, removed = position_args(game)
    places = [(i, k) for i, h in enumerate(hidden) for k in range(h)]
    places += [(-1, k) for k in range(len(stock))]
    rng.shuffle(places)

    def card(p: tuple[int, int]) -> int:
        return stock[p[1]] if p[0] < 0 else cols[p[0]][p[1]]

    def put(p: tuple[int, int], c: int) -> None:
        if p[0] < 0:
            stock[p[1]] = c
        else:
            cols[p[0]][p[1]] = c

    for a in places:
        for b in places:
            if card(a) != card(b):
                ca, cb = card(a), card(b)
                put(a, cb)
                put(b, ca)
                return _game(cols, hidden, stock, removed, game.rules)
    return game


def _walk(
    game: Spider, implementation: str, stages: int, look: Lookahead | None = None
) -> list[list[str]]:
    """The stage player's lines from ``game`` (changed: each line is played), up to ``stages``
    of them or until it has none."""
    lines = []
    for _ in range(stages):
        line = stage_line(game, STAGE, implementation, look)
        lines.append(line)
        if not line:
            break
        for text in line:
            game.push_text(text)
    return lines


def test_the_line_turns_up_a_card_only_with_its_last_move() -> None:
    game = Spider(3, rules=SpiderRules(suits=2))
    for _ in range(15):
        line = stage_line(game, STAGE, "python")
        if not line:
            break
        for i, text in enumerate(line):
            down = game.face_down_count()
            rows = game.rows_left()
            game.push_text(text)
            if i < len(line) - 1:
                assert game.face_down_count() == down and game.rows_left() == rows
        assert text == "s" or game.face_down_count() < down


@pytest.mark.parametrize("look", [None, LOOK], ids=["alone", "looking"])
@pytest.mark.parametrize("implementation", ["python", "native"])
def test_swapping_unseen_cards_leaves_the_line_unchanged(
    implementation: str, look: Lookahead | None
) -> None:
    if implementation == "native":
        pytest.importorskip("kosynka.solver._core")
    rng = random.Random(_seed())
    for suits, deal in _deals(4):
        game = Spider(deal, rules=SpiderRules(suits=suits))
        for _ in range(6):
            line = stage_line(game, STAGE, implementation, look)
            other = _swapped_unseen(game, rng)
            assert stage_line(other, STAGE, implementation, look) == line
            if not line:
                break
            for text in line:
                game.push_text(text)


@pytest.mark.core
def test_the_core_and_the_reference_play_the_same_games() -> None:
    pytest.importorskip("kosynka.solver._core")
    for suits, deal in _deals(3):
        native = _walk(Spider(deal, rules=SpiderRules(suits=suits)), "native", 120)
        python = _walk(Spider(deal, rules=SpiderRules(suits=suits)), "python", 120)
        assert native == python
        game = Spider(deal, rules=SpiderRules(suits=suits))
        assert stage_game(game, STAGE, 20_000, "native") == stage_game(
            game, STAGE, 20_000, "python"
        )


@pytest.mark.core
def test_the_core_and_the_reference_look_past_the_stages_alike() -> None:
    pytest.importorskip("kosynka.solver._core")
    for suits, deal in _deals(2):
        native = _walk(Spider(deal, rules=SpiderRules(suits=suits)), "native", 60, LOOK)
        python = _walk(Spider(deal, rules=SpiderRules(suits=suits)), "python", 60, LOOK)
        assert native == python
    # the hint's own look, a few stages into a game
    game = Spider(2, rules=SpiderRules(suits=2))
    native = _walk(game.copy(), "native", 5, _spider_py.STAGE_LOOK)
    assert native == _walk(game, "python", 5, _spider_py.STAGE_LOOK)


def test_the_look_refuses_a_malformed_argument() -> None:
    core = pytest.importorskip("kosynka.solver._core")
    args = position_args(Spider(1, rules=SpiderRules(suits=2)))
    with pytest.raises(ValueError, match="look"):
        core.spider_stage_line(*args, STAGE, [8, 6, 1000])
    with pytest.raises(ValueError, match="look"):
        core.spider_stage_game(*args, STAGE, 1000, [], [8, -6, 1000, 1])


def test_a_won_game_of_the_stage_player_replays_to_a_win() -> None:
    # KPat Spider deal 3, one suit: the stage player wins it (every card seen, the pruned
    # search finishes); its stages and the search's line, replayed, win.
    game = Spider(3, rules=SpiderRules(suits=1))
    assert stage_game(game, STAGE, 20_000, "python").won
    lines = _walk(game, "python", 200)
    assert not lines[-1]
    assert game.face_down_count() == 0 and game.rows_left() == 0
    found = _spider_py.search(*position_args(game), max_states=20_000, exhaustive_search=False)
    for text in found.line:
        game.push_text(text)
    assert game.is_won()


def test_a_run_is_not_finished_when_no_row_could_then_be_dealt() -> None:
    # One suit, six runs gone, a row left. Finishing the King-to-Ace run (AS onto 2S) would
    # leave three cards, too few ever to fill the columns for the row: the stage fills the
    # columns and deals instead.
    spade = 39  # the Ace of spades' index; spade + r - 1 is rank r
    cols = [[spade + r - 1 for r in range(13, 1, -1)], [spade], [spade + 12], [spade + 11]]
    cols += [[spade + 10]] + [[] for _ in range(5)]
    stock = [spade + r - 1 for r in range(10, 0, -1)]
    game = _game(cols, [0] * 10, stock, [3] * 6, SpiderRules(suits=1))
    for implementation in ("python", "native"):
        if implementation == "native" and not _native():
            continue
        line = stage_line(game, STAGE, implementation)
        assert line and line[-1] == "s"
        assert "2:AS>1" not in line
        board = game.copy(stack=False)
        for text in line:
            board.push_text(text)
        assert board.runs_removed() == 6 and board.rows_left() == 0


def _native() -> bool:
    """Whether the compiled core is installed."""
    try:
        from kosynka.solver import _core  # noqa: F401
    except ImportError:
        return False
    return True
