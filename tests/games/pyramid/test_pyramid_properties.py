"""Hypothesis properties over random playouts, and perft counts checked against an independent
brute force written here over plain lists."""

from __future__ import annotations

import time
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka.games.pyramid import Move, Pyramid, PyramidRules
from kosynka.games.pyramid.notation import format_text, parse_text
from tests.perft_tree import perft

rules_strategy = st.builds(
    PyramidRules,
    passes=st.sampled_from([1, 2, 3, None]),
    goal=st.sampled_from(["pyramid", "all"]),
)


def all_cards(game: Pyramid) -> list[int]:
    """The index of every card still in play (pyramid, stock, waste)."""
    cards = [c.index for c in game.places() if c is not None]
    return cards + [c.index for c in game.stock()] + [c.index for c in game.waste()]


def playout(game: Pyramid, choices: list[int]) -> Iterator[Pyramid]:
    """Play moves chosen by ``choices`` (a choice of 0 takes back a move), yielding after each."""
    for c in choices:
        moves = list(game.legal_moves)
        if c == 0 and game.move_stack:
            game.pop()
        elif moves:
            game.push(moves[c % len(moves)])
        yield game


@settings(max_examples=60, deadline=None)
@given(
    deal=st.integers(1, 10**20 - 1),
    rules=rules_strategy,
    choices=st.lists(st.integers(0, 40), min_size=1, max_size=150),
)
def test_playout_invariants(deal: int, rules: PyramidRules, choices: list[int]) -> None:
    """Cards only leave in legal removals: what is left plus what left is the 52 cards, once
    each; the position text reads back to the same position."""
    game = Pyramid(deal, rules=rules)
    removed: list[int] = []
    for g in playout(game, choices):
        removed = [c.index for m in g.move_stack for c in m.cards]
        left = all_cards(g)
        assert len(set(left)) == len(left)
        assert sorted(left + removed) == list(range(52))
        assert parse_text(format_text(g)) == g


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, 10**12),
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=120),
)
def test_every_legal_move_reads_back(deal: int, rules: PyramidRules, choices: list[int]) -> None:
    """str(move) parses back to the same move, for every legal move met; legal moves are
    exactly those explain() does not refuse, listed once each."""
    game = Pyramid(deal, rules=rules)
    for g in playout(game, choices):
        moves = g.legal_move_list()
        assert len(set(moves)) == len(moves)
        for m in moves:
            assert Move.parse(str(m)) == m
            assert g.parse_move(str(m).lower()) == m
            assert g.explain(m) is None
        assert (g.outcome() is None) == bool(moves)


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, 10**12),
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=100),
)
def test_push_pop_restores_exactly(deal: int, rules: PyramidRules, choices: list[int]) -> None:
    """Taking back every move gives back the deal exactly; redoing them gives the same end."""
    game = Pyramid(deal, rules=rules)
    start = game.copy()
    texts = {0: format_text(game)}
    for g in playout(game, choices):
        texts[len(g.move_stack)] = format_text(g)
    end = game.copy(stack=False)
    n = len(game.move_stack)
    for i in range(n, 0, -1):
        assert format_text(game) == texts[i]
        game.pop()
    assert game == start and format_text(game) == texts[0]
    for _ in range(n):
        game.redo()
    assert game == end


# ----------------------------------------------------------------------------- brute force
# A tiny re-implementation of the rules over plain lists, sharing no code with the engine:
# places are card texts or None, the stock is a list from its top card down, the waste bottom
# to top. A move is a frozenset of card texts removed, or "s" / "r".
RANK_VALUE = {r: i + 1 for i, r in enumerate("A23456789TJQK")}


def brute_moves(
    places: list[str | None],
    stock: list[str],
    waste: list[str],
    pass_no: int,
    passes: int | None,
    goal: str,
) -> list[frozenset[str] | str]:
    """Every legal move, found by trying every pair of cards that can be seen."""
    if all(p is None for p in places) and (goal == "pyramid" or (not stock and not waste)):
        return []
    free: list[str] = []
    k = 0
    for row in range(7):
        for _ in range(row + 1):
            card = places[k]
            below = [k + row + 1, k + row + 2] if row < 6 else []
            if card is not None and all(places[b] is None for b in below):
                free.append(card)
            k += 1
    if stock:
        free.append(stock[0])
    if waste:
        free.append(waste[-1])
    moves: list[frozenset[str] | str] = []
    for a in free:
        if RANK_VALUE[a[0]] == 13:
            moves.append(frozenset([a]))
        for b in free:
            if a < b and RANK_VALUE[a[0]] + RANK_VALUE[b[0]] == 13:
                moves.append(frozenset([a, b]))
    if stock:
        moves.append("s")
    elif waste and (passes is None or pass_no < passes):
        moves.append("r")
    return moves


def brute_perft(
    places: list[str | None],
    stock: list[str],
    waste: list[str],
    pass_no: int,
    passes: int | None,
    goal: str,
    depth: int,
) -> int:
    """Leaf count of the move tree to ``depth``, by the brute force's own rules."""
    if depth == 0:
        return 1
    total = 0
    for m in brute_moves(places, stock, waste, pass_no, passes, goal):
        if m == "s":
            total += brute_perft(
                places, stock[1:], [*waste, stock[0]], pass_no, passes, goal, depth - 1
            )
        elif m == "r":
            total += brute_perft(places, waste[:], [], pass_no + 1, passes, goal, depth - 1)
        else:
            assert isinstance(m, frozenset)
            p2 = [None if c in m else c for c in places]
            s2 = stock[1:] if stock and stock[0] in m else stock
            w2 = waste[:-1] if waste and waste[-1] in m else waste
            total += brute_perft(p2, s2, w2, pass_no, passes, goal, depth - 1)
    return total


def brute_from(game: Pyramid, depth: int) -> int:
    """:func:`brute_perft` from the engine's position, read through its view only."""
    view = game.view()
    places = [None if p.card is None else str(p.card) for p in view.places]
    return brute_perft(
        places,
        [str(c) for c in view.stock],
        [str(c) for c in view.waste],
        game.pass_number,
        game.rules.passes,
        game.rules.goal,
        depth,
    )


# (deal, passes, goal, moves made first, [perft(1), perft(2), ...]): computed by brute_perft
# above and checked equal to the engine's counts when written down (run this module as a
# script to print both); both are checked again on every run. The lines that start near the
# stock's end reach redeals and the pass limit.
PERFT: list[tuple[int, int | None, str, str, list[int]]] = [
    (1, 3, "pyramid", "", [4, 12, 29, 55, 90, 156, 299, 591]),
    (2, 3, "pyramid", "", [5, 22, 87, 331, 1258, 4627]),
    (32000, 1, "all", "", [5, 21, 74, 218, 576, 1582, 5258]),
    (123456789, None, "pyramid", "", [3, 8, 23, 73, 215, 581, 1472, 3150]),
    (2, 1, "all", "s " * 21, [4, 12, 30, 87, 226, 504, 874, 1234]),
    (1, 2, "pyramid", "s " * 24 + "r " + "s " * 22, [5, 18, 51, 129, 251, 379, 277, 0]),
    (1, 3, "pyramid", "s " * 24 + "r " + "s " * 22, [5, 18, 52, 143, 328, 632, 1002, 1539]),
]


def start(deal: int, passes: int | None, goal: str, moves: str) -> Pyramid:
    """The perft line's start: the deal under its rules, with ``moves`` made."""
    game = Pyramid(deal, rules=PyramidRules(passes=passes, goal=goal))
    game.replay(moves.split())
    return game


def test_perft_golden() -> None:
    for deal, passes, goal, moves, counts in PERFT:
        game = start(deal, passes, goal, moves)
        assert counts
        for depth, nodes in enumerate(counts, 1):
            assert perft(game, depth, set()) == nodes, (deal, moves, depth)
            assert brute_from(game, depth) == nodes, (deal, moves, depth)


if __name__ == "__main__":
    for deal, passes, goal, moves, _ in PERFT:
        game = start(deal, passes, goal, moves)
        found = []
        for depth in range(1, 9):
            t = time.perf_counter()
            engine = perft(game, depth, set())
            brute = brute_from(game, depth)
            found.append(engine)
            print(deal, depth, engine, brute, f"{time.perf_counter() - t:.2f}s")
            assert engine == brute
            if time.perf_counter() - t > 0.2:
                break
        print(deal, found)
