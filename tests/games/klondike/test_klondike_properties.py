"""Hypothesis properties over random playouts, and perft-style golden counts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from kosynka import Klondike, KlondikeRules, Move
from kosynka.cards import ALL_CARDS
from kosynka.games.klondike.notation import (
    format_solvitaire,
    format_text,
    parse_solvitaire,
    parse_text,
)
from tests.perft_tree import perft

ALL_CANDIDATES = [Move.draw(), Move.recycle()] + [
    Move(card, to) for card in ALL_CARDS for to in range(8)
]


def brute_force_moves(game: Klondike) -> set[Move]:
    """Every move whose explanation is None: an independent definition of 'legal'."""
    return {m for m in ALL_CANDIDATES if game.explain(m) is None}


def all_cards(game: Klondike) -> list[int]:
    cards = [c.index for i in range(7) for c in game.column(i)]
    cards += [c.index for c in game.stock()] + [c.index for c in game.waste()]
    for s in range(4):
        cards += [s * 13 + r for r in range(game.foundation_count(s))]
    return cards


rules_strategy = st.builds(
    KlondikeRules,
    draw=st.sampled_from([1, 3]),
    passes=st.sampled_from([None, 1, 2, 3]),
    foundation_return=st.booleans(),
)


def playout(game: Klondike, choices: list[int]) -> Iterator[Klondike]:
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
    deal=st.integers(1, 10**9),
    rules=rules_strategy,
    choices=st.lists(st.integers(0, 40), min_size=1, max_size=120),
)
def test_playout_invariants(deal: int, rules: KlondikeRules, choices: list[int]) -> None:
    game = Klondike(deal, rules=rules)
    for g in playout(game, choices):
        assert sorted(all_cards(g)) == list(range(52))
        assert parse_text(format_text(g)) == g
        back = parse_solvitaire(format_solvitaire(g), rules)
        assert back.key() == g.key() or rules.passes is not None
        assert back.key()[:5] == g.key()[:5]  # type: ignore[index]
        for i in range(7):
            col = g.column(i)
            assert not col or g.face_down_count(i) < len(col)  # the top card is face up


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, 10**9),
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=80),
)
def test_legal_moves_are_exactly_the_unexplained(
    deal: int, rules: KlondikeRules, choices: list[int]
) -> None:
    game = Klondike(deal, rules=rules)
    for g in playout(game, choices):
        listed = list(g.legal_moves)
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_moves(g)
        if g.is_stuck():
            assert not any(m.card is not None for m in listed)


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, 10**9),
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=150),
)
# A game that gets stuck (one pass, the stock gone) before the choices run out.
@example(
    deal=5562, rules=KlondikeRules(draw=3, passes=1, foundation_return=False), choices=[1] * 10
)
def test_push_pop_restores_exactly(deal: int, rules: KlondikeRules, choices: list[int]) -> None:
    game = Klondike(deal, rules=rules)
    history = [(format_text(game), game.moves_made)]
    for g in playout(game, choices):
        if len(g.move_stack) == len(history):  # a move was made (a stuck game has none left)
            history.append((format_text(g), g.moves_made))
    while game.move_stack:
        history.pop()
        game.pop()
        assert (format_text(game), game.moves_made) == history[-1]
    assert len(history) >= 1


# ----------------------------------------------------------------------------- perft
PERFT_FILE = Path(__file__).parents[2] / "data" / "klondike" / "perft.txt"


def read_perft() -> list[tuple[int, str, KlondikeRules, int, int, int]]:
    rows = []
    for line in PERFT_FILE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        deal, numbering, draw, passes, ret, depth, nodes, unique = line.split()
        rules = KlondikeRules(
            draw=int(draw),
            passes=None if passes == "-" else int(passes),
            foundation_return=ret == "on",
        )
        rows.append((int(deal), numbering, rules, int(depth), int(nodes), int(unique)))
    return rows


def test_perft_golden() -> None:
    rows = read_perft()
    assert len(rows) >= 10
    for deal, numbering, rules, depth, nodes, unique in rows:
        seen: set[object] = set()
        game = Klondike(deal, rules=rules, numbering=numbering)
        assert perft(game, depth, seen) == nodes, (deal, numbering, rules, depth)
        assert len(seen) == unique, (deal, numbering, rules, depth)
