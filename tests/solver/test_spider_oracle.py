"""An independent check of the Spider solver's verdicts: exhaustive search over the rules engine.

The oracle below knows nothing of the solver's pruning, evaluation or moves of several runs: it
tries every legal move of the Python engine in every reachable position. Positions are told
apart by ``Spider.key()``, except that once the stock is gone the order of the columns is
ignored (the columns are then interchangeable: nothing else tells them apart). On small endings
(one, two or four suits, one or two runs left, sometimes a row still in the stock) both the
compiled and the reference solver must give the oracle's verdict, and every line they return
must win.

``tests/data/spider/endings.txt`` holds endings the oracle decided when the file was made (run
this module to make more: ``python -m tests.solver.test_spider_oracle SEED COUNT``):
the verdict, the oracle's positions, then the position text. Some are re-decided here by the
oracle, the small ones; the others keep the verdict it gave then.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Hashable
from pathlib import Path

import pytest

from kosynka.cards import ALL_CARDS, Card
from kosynka.games.spider import Spider, SpiderRules, format_text, parse_text
from kosynka.games.spider.rules import SUITS_IN_PLAY
from kosynka.solver import SolveStatus, available_implementations, solve
from tests.solver.exhaustive import exhaustive

DATA = Path(__file__).resolve().parents[1] / "data" / "spider" / "endings.txt"


def oracle_key(game: Spider) -> Hashable:
    """The engine's key, with the columns in sorted order once the stock is gone."""
    cols, hidden, stock = game.key()  # type: ignore[misc]
    if not stock:
        return tuple(sorted(zip(cols, hidden, strict=True)))
    return (cols, hidden, stock)


def oracle(game: Spider, cap: int) -> tuple[bool | None, int]:
    """(True if some sequence of legal moves wins, False if none does, None past ``cap``
    positions; the positions seen). A depth-first search over every legal move of the engine."""
    return exhaustive(game, oracle_key, cap)


def random_ending(
    rng: random.Random, up: tuple[int, ...] = (1, 1, 1, 2), runs_left: int = 2
) -> Spider:
    """A random ending: 1, 2 or 4 suits, ``runs_left`` runs left (with two, sometimes one row
    of them in the stock), every column filled, the face-up tops chosen mostly so that few fit
    one another (so that some endings are lost), ``rng.choice(up)`` cards face up per column."""
    suits = rng.choice([1, 2, 2, 4])
    allowed = SUITS_IN_PLAY[suits]
    pool = [s for s in allowed for _ in range(8 // suits)]
    rng.shuffle(pool)
    left, removed = pool[:runs_left], pool[runs_left:]
    cards = [ALL_CARDS[int(s) * 13 + r] for s in left for r in range(13)]
    rng.shuffle(cards)
    rows = 1 if runs_left > 1 and rng.random() < 0.35 else 0
    stock, cards = cards[: 10 * rows], cards[10 * rows :]
    tops: list[Card] = []
    rest: list[Card] = []
    for c in cards:
        near = sum(1 for t in tops if abs(t.rank - c.rank) == 1)
        if len(tops) < 10 and near <= rng.choice([0, 0, 1]):
            tops.append(c)
        else:
            rest.append(c)
    while len(tops) < 10:
        tops.append(rest.pop())
    cols: list[list[Card]] = [[] for _ in range(10)]
    for c in rest:
        cols[rng.randrange(10)].append(c)
    for i in range(10):
        cols[i].append(tops[i])
    hidden = [max(0, len(c) - rng.choice(up)) for c in cols]
    return Spider.from_position(cols, hidden, stock, removed, rules=SpiderRules(suits=suits))


def stored_endings() -> list[tuple[bool, int, Spider]]:
    """The endings of the data file: (won, the oracle's positions, the position)."""
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        verdict, states, text = line.split(maxsplit=2)
        out.append((verdict == "won", int(states), parse_text(text)))
    return out


IMPLS = available_implementations("spider")


def check(game: Spider, won: bool, impl: str) -> None:
    """The solver's verdict on ``game`` is ``won``, and a line it returns wins."""
    res = solve(game, implementation=impl, max_states=2_000_000)
    assert res.status is not SolveStatus.LIMIT, format_text(game)
    assert res.solved == won, (impl, won, format_text(game))
    if res.solved:
        board = game.copy(stack=False)
        board.replay(res.moves)
        assert board.is_won()


def test_the_stored_endings_are_varied() -> None:
    endings = stored_endings()
    lost = [s for won, s, _ in endings if not won]
    won = [s for w, s, _ in endings if w]
    assert len(lost) >= 15 and len(won) >= 10
    assert max(lost) >= 100 and max(won) >= 5_000  # some need a real search
    assert {g.rules.suits for _, _, g in endings} >= {1, 2, 4}
    assert any(g.stock_count() for _, _, g in endings)


def test_small_stored_endings_are_decided_again_by_the_oracle() -> None:
    for won, states, game in stored_endings():
        if states <= 400:
            assert oracle(game, 2 * states + 10) == (won, states)


@pytest.mark.parametrize("impl", IMPLS)
def test_stored_endings_get_the_oracles_verdict(impl: str) -> None:
    for won, states, game in stored_endings():
        if impl == "python" and states > 3_000:
            continue  # the reference is slow; the native core takes every one
        check(game, won, impl)


@functools.cache
def random_decided() -> list[tuple[Spider, bool]]:
    """Random endings the oracle decides within 300 positions, with its verdicts (nearly all
    lost: the oracle's plain depth-first search finds few wins that soon; the stored endings
    hold the won ones)."""
    rng = random.Random(20261130)
    out = []
    for _ in range(60):
        game = random_ending(rng)
        truth, _ = oracle(game, 300)
        if truth is not None:
            out.append((game, truth))
    return out


@pytest.mark.parametrize("impl", IMPLS)
def test_random_endings_get_the_oracles_verdict(impl: str) -> None:
    decided = random_decided()
    assert sum(1 for _, t in decided if not t) >= 8
    for game, truth in decided:
        check(game, truth, impl)


def _make(seed: int, count: int, cap: int = 60_000) -> None:
    """Print ``count`` random endings the oracle decides within ``cap`` positions, as lines of
    the data file."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = random_ending(rng)
        truth, states = oracle(game, cap)
        if truth is not None:
            print("won" if truth else "lost", states, format_text(game), flush=True)
            made += 1


if __name__ == "__main__":
    _make(int(sys.argv[1]), int(sys.argv[2]))  # e.g. random_ending(rng, up=(1, 2, 2, 3))
