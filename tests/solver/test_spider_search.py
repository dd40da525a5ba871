"""The Spider search, compiled core against the Python reference: on a state budget (no time
limit) both try the same positions, so they must give the same verdict, the same counts and the
same line; and the line shortener must cut the same detours."""

from __future__ import annotations

import random

import pytest

from kosynka.games.spider import Spider, SpiderRules
from kosynka.solver import _spider_py
from kosynka.solver.spider import position_args

core = pytest.importorskip("kosynka.solver._core")
pytestmark = pytest.mark.core
if not hasattr(core, "spider_solve"):
    pytest.skip("the compiled core has no Spider search", allow_module_level=True)


def both(game: Spider, max_states: int, **kw: object) -> tuple[tuple[object, ...], ...]:
    """The outcome of each implementation as (status, limit, line, states, unique)."""
    args = position_args(game)
    pruned = bool(kw.get("pruned", True))
    exhaustive = bool(kw.get("exhaustive", True))
    first = int(kw.get("first_budget", 0))  # type: ignore[call-overload]
    n = core.spider_solve(*args, -1.0, max_states, pruned, exhaustive, first)
    p = _spider_py.search(
        *args,
        max_states=max_states,
        pruned=pruned,
        exhaustive_search=exhaustive,
        first_budget=first,
    )
    native = (n[0], n[1] or None, list(n[2]), n[3], n[4])
    python = (p.status, p.limit, p.line, p.states, p.unique_states)
    return native, python


def replay_wins(game: Spider, line: list[str]) -> bool:
    """Whether ``line`` is legal from ``game`` and wins."""
    board = game.copy(stack=False)
    for text in line:
        board.advance(board.parse_move(text))
    return board.is_won()


@pytest.mark.parametrize(("suits", "deal"), [(1, 1), (1, 7), (2, 3), (4, 3)])
def test_whole_deals_same_search_and_a_winning_line(suits: int, deal: int) -> None:
    game = Spider(deal, rules=SpiderRules(suits=suits))
    native, python = both(game, 30_000)
    assert native == python
    assert native[0] == "solved"
    assert replay_wins(game, native[2])  # type: ignore[arg-type]


def test_small_budgets_stop_at_the_same_place() -> None:
    game = Spider(5, rules=SpiderRules(suits=2))
    for budget in (1, 7, 300, 2_500):
        native, python = both(game, budget, first_budget=600)
        assert native == python
        assert native[0] == "limit" and native[1] == "states" and native[3] == budget


def test_pruned_alone_and_exhaustive_alone_agree() -> None:
    game = Spider(11, rules=SpiderRules(suits=1))
    for kw in ({"exhaustive": False}, {"pruned": False}):
        native, python = both(game, 4_000, **kw)
        assert native == python
    native, _ = both(game, 4_000, pruned=False, exhaustive=False)
    assert native[0] == "limit" and native[3] == 0


def midgame_positions(seed: int, count: int) -> list[Spider]:
    """Positions after a random number of the no-peek player's moves on random deals (so that
    runs have been removed, columns emptied and rows dealt)."""
    from kosynka.games.spider.player import best_move

    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Spider(rng.randrange(1, 10**6), rules=SpiderRules(suits=rng.choice((1, 2))))
        for _ in range(rng.randrange(40, 160)):
            move = best_move(game, rng.randrange(1000))
            if move is None:
                break
            game.push(move)
        out.append(game.copy(stack=False))
    return out


def test_midgame_positions_same_search() -> None:
    seen_status = set()
    for game in midgame_positions(77, 4):
        native, python = both(game, 12_000, first_budget=3_000)
        assert native == python
        seen_status.add(native[0])
        if native[0] == "solved":
            assert replay_wins(game, native[2])  # type: ignore[arg-type]
    assert "solved" in seen_status


def test_moves_of_several_runs_are_written_out_as_single_moves() -> None:
    rng = random.Random(3)
    checked = 0
    while checked < 25:
        game = Spider(rng.randrange(1, 10**6), rules=SpiderRules(suits=rng.choice((2, 4))))
        for _ in range(150):
            st = _spider_py.State(*position_args(game))
            for m in _spider_py.pruned_moves(st):
                if m == _spider_py.DEAL or (m & 255) <= st.run(m >> 12):
                    continue
                text = _spider_py.texts(st, _spider_py.single_moves(st, [m]))
                assert list(core.spider_expand(*position_args(game), [m])) == text
                assert len(text) >= 3
                board = game.copy(stack=False)
                for t in text:
                    board.advance(board.parse_move(t))
                after = _spider_py.State(*position_args(game))
                after.apply(m)
                assert position_args(board)[:2] == (after.cols, after.hid)
                checked += 1
            moves = [mv for mv in game.legal_move_list() if mv.card is not None]
            if not moves:
                break
            game.push(rng.choice(moves))


def test_shortening_is_the_same_and_never_longer() -> None:
    game = Spider(2, rules=SpiderRules(suits=1))
    args = position_args(game)
    line = list(core.spider_solve(*args, -1.0, 100_000)[2])
    native = list(core.spider_shorten(*args, line, 1))
    assert native == _spider_py.shorten(*args, line, 1)
    assert len(native) <= len(line)
    assert replay_wins(game, native)
    # Two moves at a time, from late in a game (a short line).
    late = game.copy(stack=False)
    for text in native[:-25]:
        late.advance(late.parse_move(text))
    args = position_args(late)
    line = list(core.spider_solve(*args, -1.0, 100_000)[2])
    two = list(core.spider_shorten(*args, line, 2))
    assert two == _spider_py.shorten(*args, line, 2)
    assert len(two) <= len(list(core.spider_shorten(*args, line, 1))) <= len(line)
    assert replay_wins(late, two)
    with pytest.raises(ValueError):
        core.spider_shorten(*args, ["1:KS>2", *line], 1)
    with pytest.raises(ValueError):
        _spider_py.shorten(*args, ["1:KS>2", *line], 1)
