"""An independent check of the FreeCell solver's verdicts: exhaustive search over the rules engine.

The oracle knows nothing of the solver's moves, safe moves home, digging, position key or
searches: it tries every legal move of the Python engine (``FreeCell.legal_move_list``) in
every reachable position (told apart by ``FreeCell.key()``). On small endgames (few cards left,
every cell count 0-4, foundation return on and off) the compiled and the reference solver must
give its verdict, and every line they return must win.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from kosynka.cards import ALL_CARDS, Card
from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell.notation import parse_text
from kosynka.solver import SolveStatus, available_implementations, solve

LOST = Path(__file__).parent.parent / "data" / "freecell" / "lost_endgames.txt"


def oracle(game: FreeCell, cap: int = 6_000) -> bool | None:
    """True if some sequence of legal moves wins, False if none does, None past ``cap``
    positions. A depth-first search over every legal move of the engine."""
    g = game.copy(stack=False)
    seen = {g.key()}
    pending = [iter(g.legal_move_list())]
    undo: list[tuple[int, int, int, int, int]] = []
    while pending:
        if g.is_won():
            return True
        for move in pending[-1]:
            record = g._apply(move)
            key = g.key()
            if key not in seen:
                seen.add(key)
                if len(seen) > cap:
                    return None
                undo.append(record)
                pending.append(iter(g.legal_move_list()))
                break
            g._unapply(record)
        else:
            pending.pop()
            if undo:
                g._unapply(undo.pop())
    return False


def random_endgame(rng: random.Random, rules: FreeCellRules, left: int) -> FreeCell:
    """A random position with ``left`` cards off the foundations (of two or three suits, often
    of one colour, so they block each other), dealt over the free cells and some of the columns
    (often every column, so that there is no empty column to help)."""
    counts = [13, 13, 13, 13]
    suits = list(rng.choice([(1, 2), (0, 3), tuple(rng.sample(range(4), rng.choice([2, 3])))]))
    if left > 13 * len(suits):
        suits = [0, 1, 2, 3]
    while sum(counts) > 52 - left:
        s = rng.choice(suits)
        if counts[s]:
            counts[s] -= 1
    cards = [ALL_CARDS[s * 13 + r] for s in range(4) for r in range(counts[s], 13)]
    rng.shuffle(cards)
    cells: list[Card | None] = [None] * rules.cells
    fill = rng.choice([0.3, 0.9])
    for k in range(rules.cells):
        if cards and rng.random() < fill:
            cells[k] = cards.pop()
    used = min(len(cards), rng.choice([5, 8, 8]))
    columns: list[list[Card]] = [[] for _ in range(8)]
    for i, card in enumerate(cards):
        columns[i if i < used else rng.randrange(used)].append(card)
    rng.shuffle(columns)
    return FreeCell.from_position(columns, cells, counts, rules=rules)


def endgames(n: int, seed: int) -> list[FreeCell]:
    """``n`` random endgames over every cell count and both return rules."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        rules = FreeCellRules(cells=i % 5, foundation_return=(i // 5) % 2 == 0)
        out.append(random_endgame(rng, rules, rng.randint(10, 14) + 2 * (4 - rules.cells) // 2))
    return out


@functools.cache
def decided_endgames() -> list[tuple[FreeCell, bool]]:
    """Random endgames with the oracle's verdict (those it could decide within its cap)."""
    out = []
    for game in endgames(120, seed=20261130):
        truth = oracle(game)
        if truth is not None:
            out.append((game, truth))
    return out


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_verdicts_match_exhaustive_search(implementation: str) -> None:
    checked: dict[tuple[int, bool, bool], int] = {}
    for game, truth in decided_endgames():
        result = solve(game, implementation=implementation, time_limit=30)
        assert result.status is not SolveStatus.LIMIT
        assert result.solved == truth, (implementation, truth, game.rules)
        if result.solved:
            replay = game.copy(stack=False)
            replay.replay(result.moves)
            assert replay.is_won()
        key = (game.rules.cells, game.rules.foundation_return, truth)
        checked[key] = checked.get(key, 0) + 1
    # Won and lost ones, with and without foundation return; every cell count.
    for ret in (True, False):
        for truth in (True, False):
            assert sum(v for (_, r, t), v in checked.items() if r == ret and t == truth) >= 3
    assert {cells for cells, _, _ in checked} == {0, 1, 2, 3, 4}


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_verdicts_when_the_first_phase_hands_over_at_once(
    implementation: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With foundation return the game without it gets only a share of the states before the
    real game is searched. With a share of 5 states nearly every verdict comes from the real
    game's searches: they must still be the oracle's, and every line must win. (The core takes
    the share with the call, as solve()'s call with that portfolio; the reference reads it from
    its module.)"""
    from kosynka.solver import NATIVE
    from kosynka.solver import _freecell_py as ref
    from kosynka.solver.freecell import position_args, replay

    monkeypatch.setattr(ref, "FIRST_PHASE_STATES", 5)

    def decide(game: FreeCell) -> tuple[SolveStatus, list[object], int]:
        """The solver's verdict, winning line (replayed through the rules) and states."""
        if implementation == "python":
            result = solve(game, implementation=implementation, time_limit=30)
            return result.status, list(result.moves), result.states
        assert NATIVE is not None
        share = NATIVE.FreeCellPortfolio(first_phase_states=5)
        status, _, codes, states, _ = NATIVE.freecell_solve(
            *position_args(game), 30.0, 0, False, share
        )
        moves: list[object] = list(replay(game, codes)) if status == "solved" else []
        return SolveStatus(status), moves, states

    seen = {True: 0, False: 0}
    handed_over = 0  # more than 5 states: the real game was searched
    for game, truth in decided_endgames():
        if not game.rules.foundation_return:
            continue
        status, moves, states = decide(game)
        assert (status is SolveStatus.SOLVED) == truth, (implementation, truth, game.rules)
        assert status is not SolveStatus.LIMIT
        if status is SolveStatus.SOLVED:
            board = game.copy(stack=False)
            board.replay(moves)
            assert board.is_won()
        seen[truth] += 1
        handed_over += states > 5
    assert min(seen.values()) >= 3
    assert handed_over >= 5


def lost_endgames() -> list[FreeCell]:
    """The stored lost endgames with 2-4 free cells (random lost ones are rare there)."""
    lines = LOST.read_text(encoding="utf-8").splitlines()
    return [parse_text(line) for line in lines if line and not line.startswith("#")]


def test_stored_lost_endgames_cover_the_rules() -> None:
    rules = {(g.rules.cells, g.rules.foundation_return) for g in lost_endgames()}
    assert rules == {(c, r) for c in (2, 3, 4) for r in (True, False)}


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
@pytest.mark.parametrize("index", range(12))
def test_lost_endgames_with_more_cells(implementation: str, index: int) -> None:
    game = lost_endgames()[index]
    assert oracle(game, cap=3_000) is False
    result = solve(game, implementation=implementation, time_limit=30)
    assert result.status is SolveStatus.UNSOLVABLE


# Endgames where foundation return decides: lost without it, won with it (the solver's first
# look without return must not be the last word).
NEEDS_RETURN = [
    # No move at all without return (no free cell, no empty column); with it, the 7 of clubs
    # comes back onto the 8 of hearts, the 6 of hearts onto it, and the 4 of hearts is free.
    "freecell cells=0 return=on | tableau 4H 6H / 9H 8H / 8C 5H / QC KH / 9C 7H / TH TC"
    " / QH KC / JH JC | cells | foundations 7C KD 3H KS",
]


@pytest.mark.parametrize("text", NEEDS_RETURN)
@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_wins_that_need_a_card_back(text: str, implementation: str) -> None:
    game = parse_text(text)
    assert oracle(game, cap=100_000) is True
    off = parse_text(text.replace("return=on", "return=off"))
    assert oracle(off, cap=100_000) is False
    assert solve(game, implementation=implementation).solved
    assert solve(off, implementation=implementation).status is SolveStatus.UNSOLVABLE


@pytest.mark.parametrize("implementation", available_implementations("freecell"))
def test_the_incomplete_searches_never_prove_a_loss(implementation: str) -> None:
    """The portfolio's incomplete searches (depth first and best first) leave out a column's
    top card to a free cell on its own (a card reaches a free cell only on the way to a digging
    move's target), so they do not reach every position: running dry they must drop out, never
    call the game lost. Alone on the endgames the oracle decided (games without foundation
    return, which they play as they are), they win the won ones or stop, and on every lost one
    they run dry and say so as a limit."""
    from kosynka.solver import NATIVE
    from kosynka.solver import _freecell_py as ref
    from kosynka.solver.freecell import position_args

    incomplete = [k for k, s in enumerate(ref.PORTFOLIO) if not s.to_cell]
    assert {ref.PORTFOLIO[k].kind for k in incomplete} == {ref.DEPTH_FIRST, ref.BEST_FIRST}
    lost = 0
    for game, truth in decided_endgames():
        if game.rules.foundation_return:
            continue
        cols, cells, found, ret = position_args(game)
        for k in incomplete:
            if implementation == "native":
                status = NATIVE.freecell_single_search(cols, cells, found, ret, k, True, 0)[0]
            else:
                root = ref.State(cols, cells, found, ret)
                root.no_return = True
                root.autoplay([])
                outcome, _ = ref.run_alone(root, ref.PORTFOLIO[k], None, ref.Budget(start=0.0))
                status = {ref.SOLVED: "solved", ref.NODES: "limit"}.get(outcome, outcome)
            assert status in (("solved", "limit") if truth else ("limit",)), (k, status, truth)
        lost += not truth
    assert lost >= 3
