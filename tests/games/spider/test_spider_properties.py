"""Hypothesis properties of the Spider engine over random playouts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka.cards import ALL_CARDS
from kosynka.errors import InvalidNotationError
from kosynka.games.spider import FOUNDATION, Move, Spider, SpiderRules, format_text, parse_text
from tests.games.spider.spider_positions import card_counts, full_counts

ALL_CANDIDATES = [Move.deal()] + [
    Move(src, card, to) for src in range(10) for card in ALL_CARDS for to in range(FOUNDATION + 1)
]
"""Every move that names its column, and the deal: 5,721 candidates."""


def brute_force_moves(game: Spider) -> set[Move]:
    """Every candidate whose explanation is None: an independent definition of 'legal'."""
    return {m for m in ALL_CANDIDATES if game.explain(m) is None}


def playout(game: Spider, choices: list[int]) -> Iterator[Spider]:
    """Play moves chosen by ``choices`` (a choice of 0 takes back a move), yielding after each.
    Deals are chosen less often than card moves, so that games last."""
    for c in choices:
        moves = list(game.legal_moves)
        cards_only = [m for m in moves if m.card is not None]
        if c == 0 and game.move_stack:
            game.pop()
        elif cards_only and c % 7:
            game.push(cards_only[c % len(cards_only)])
        elif moves:
            game.push(moves[c % len(moves)])
        yield game


deals = st.integers(1, 2**31 - 1)
suit_counts = st.sampled_from([1, 2, 4])
numberings = st.sampled_from(["kpat", "pysol"])


@settings(max_examples=40, deadline=None)
@given(
    deal=deals,
    suits=suit_counts,
    numbering=numberings,
    choices=st.lists(st.integers(0, 60), min_size=30, max_size=200),
)
def test_playout_invariants(deal: int, suits: int, numbering: str, choices: list[int]) -> None:
    game = Spider(deal, rules=SpiderRules(suits=suits), numbering=numbering)
    want = full_counts(suits)
    for g in playout(game, choices):
        assert card_counts(g) == want  # 104 cards, removed runs counted as their 13
        text = format_text(g)
        back = parse_text(text)
        assert back == g and format_text(back) == text
        assert g.stock_count() % 10 == 0
        assert g.view().foundation_count() == 13 * g.runs_removed() == 13 * len(g.removed())
        for i in range(10):
            col = g.column(i)
            assert not col or g.face_down_count(i) < len(col)  # the top card is face up
            # No finished run is ever left on a column.
            top = col[-13:]
            assert not (
                len(top) == 13
                and g.face_down_count(i) <= len(col) - 13
                and [c.rank for c in top] == list(range(13, 0, -1))
                and len({c.suit for c in top}) == 1
            )


@settings(max_examples=15, deadline=None)
@given(
    deal=deals,
    suits=suit_counts,
    choices=st.lists(st.integers(1, 60), min_size=10, max_size=60),
)
def test_legal_moves_are_exactly_the_unexplained(deal: int, suits: int, choices: list[int]) -> None:
    game = Spider(deal, rules=SpiderRules(suits=suits))
    for g in playout(game, choices):
        listed = list(g.legal_moves)
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_moves(g)
        assert len(g.legal_moves) == len(listed) and bool(g.legal_moves) == bool(listed)
        for m in listed:
            assert m in g.legal_moves
            # The short form names the same move, or asks for the column when another
            # face-up copy could make it too.
            if m.card is not None:
                short = Move(None, m.card, m.to)
                try:
                    resolved = g.resolve(short)
                except InvalidNotationError:
                    others = [o for o in listed if o.card == m.card and o.to == m.to and o != m]
                    assert others
                else:
                    assert g.explain(resolved) is None
                    assert (resolved.card, resolved.to) == (m.card, m.to)


@settings(max_examples=40, deadline=None)
@given(
    deal=deals,
    suits=suit_counts,
    choices=st.lists(st.integers(1, 60), min_size=30, max_size=200),
)
def test_push_pop_restores_exactly(deal: int, suits: int, choices: list[int]) -> None:
    game = Spider(deal, rules=SpiderRules(suits=suits))
    history = [(format_text(game), game.moves_made, game.key())]
    for g in playout(game, choices):
        if len(g.move_stack) == len(history):  # a move was made
            history.append((format_text(g), g.moves_made, g.key()))
    replayed = Spider(deal, rules=SpiderRules(suits=suits))
    replayed.replay(str(m) for m in game.move_stack)
    assert replayed == game
    while game.move_stack:
        history.pop()
        game.pop()
        assert (format_text(game), game.moves_made, game.key()) == history[-1]
    assert len(history) == 1


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_random_long_games_keep_the_rules(suits: int) -> None:
    """A few long random games to the end of the stock (runs get removed on the way)."""
    import random

    rng = random.Random(suits)
    removed_any = False
    for deal in (1, 2, 3):
        g = Spider(deal, rules=SpiderRules(suits=suits))
        for _ in range(400):
            moves = g.legal_move_list()
            if not moves:
                break
            cards_only = [m for m in moves if m.card is not None]
            # Prefer moves that build in suit, so that runs get finished now and then.
            suited = [
                m
                for m in cards_only
                if g.column(m.to) and g.column(m.to)[-1].suit == m.card.suit  # type: ignore[union-attr]
            ]
            pool = suited or cards_only or moves
            if rng.random() < 0.05 and Move.deal() in moves:
                pool = [Move.deal()]
            g.advance(rng.choice(pool))
        assert card_counts(g) == full_counts(suits)
        assert parse_text(format_text(g)) == g
        removed_any = removed_any or g.runs_removed() > 0
    if suits == 1:
        assert removed_any
