"""The Spider searches' moves, compiled core against the Python reference and the rules engine:
legal moves (the engine's list, in its order), the pruned search's moves, the exhaustive
search's ordered moves and the evaluation, on positions met in random games."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

from kosynka.games.spider import Spider, SpiderRules
from kosynka.solver import _spider_py
from kosynka.solver.spider import position_args

core = pytest.importorskip("kosynka.solver._core")
pytestmark = pytest.mark.core
if not hasattr(core, "spider_solve"):
    pytest.skip("the compiled core has no Spider search", allow_module_level=True)


@functools.cache
def random_positions(seed: int = 20261130, games: int = 30, length: int = 150) -> list[Spider]:
    """Positions met while playing random legal moves (card moves mostly) from random deals of
    every suit count."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        game = Spider(rng.randrange(1, 10**6), rules=SpiderRules(suits=(1, 2, 4)[g % 3]))
        for _ in range(length):
            out.append(game.copy(stack=False))
            moves = game.legal_move_list()
            if not moves:
                break
            cards = [m for m in moves if m.card is not None]
            game.push(rng.choice(cards) if cards and rng.random() < 0.85 else rng.choice(moves))
    return out


def test_positions_cover_what_matters() -> None:
    positions = random_positions()
    assert len(positions) > 3000
    assert any(p.empty_columns() for p in positions)
    assert any(p.runs_removed() for p in positions)
    assert any(p.rows_left() == 0 for p in positions)


def test_legal_moves_are_the_engines_in_its_order() -> None:
    for game in random_positions()[::3]:
        args = position_args(game)
        engine = [str(m) for m in game.legal_move_list()]
        assert core.spider_legal_moves(*args) == engine
        st = _spider_py.State(*args)
        assert [st.move_text(m) for m in st.legal_moves()] == engine


def test_pruned_and_ordered_moves_and_scores_agree() -> None:
    several_runs = 0
    for game in random_positions()[::3]:
        args = position_args(game)
        st = _spider_py.State(*args)
        pruned = [st.move_text(m) for m in _spider_py.pruned_moves(st)]
        assert core.spider_pruned_moves(*args) == pruned
        ordered = [st.move_text(m) for m in _spider_py.ordered_moves(st)]
        assert core.spider_ordered_moves(*args) == ordered
        assert core.spider_evaluate(*args) == st.evaluate(_spider_py.Weights())
        several_runs += sum(
            1
            for m in _spider_py.pruned_moves(st)
            if m != _spider_py.DEAL and (m & 255) > st.run(m >> 12)
        )
    assert several_runs >= 10  # moves of several runs through empty columns were met


def test_pruned_moves_are_legal_or_moves_of_several_runs() -> None:
    for game in random_positions()[::5]:
        st = _spider_py.State(*position_args(game))
        legal = set(st.legal_moves())
        empties = st.empties()
        for m in _spider_py.pruned_moves(st):
            if m in legal or m == _spider_py.DEAL:
                continue
            # A move of several runs going down in rank, with enough empty columns to stop at.
            s, d, k = m >> 12, (m >> 8) & 15, m & 255
            col = st.cols[s]
            group = col[len(col) - k :]
            assert len(col) - k >= st.hid[s]
            assert all(a % 13 == b % 13 + 1 for a, b in itertools.pairwise(group))
            runs = 1 + sum(1 for a, b in itertools.pairwise(group) if b != a - 1)
            spare = empties - (0 if st.cols[d] else 1)
            assert 2 <= runs <= 2**spare


def test_apply_and_undo_restore_the_position() -> None:
    for game in random_positions()[::7]:
        st = _spider_py.State(*position_args(game))
        before = st.snapshot()
        for m in _spider_py.pruned_moves(st) + st.legal_moves():
            u = st.apply(m)
            st.undo(u)
            assert st.snapshot() == before


def test_bad_positions_are_refused() -> None:
    cols, hidden, stock, removed = position_args(Spider(1, rules=SpiderRules(suits=1)))
    for bad in (
        (cols[:9], hidden[:9], stock, removed),
        (cols, [len(c) for c in cols], stock, removed),
        (cols, hidden, stock[:7], removed),
        ([[*cols[0], 60], *cols[1:]], hidden, stock, removed),
    ):
        with pytest.raises(ValueError):
            core.spider_legal_moves(*bad)
        with pytest.raises(ValueError):
            _spider_py.State(*bad)
