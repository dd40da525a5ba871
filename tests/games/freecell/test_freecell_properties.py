"""Hypothesis properties over random FreeCell playouts, and perft-style golden counts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka.cards import ALL_CARDS
from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.freecell import CELL, CELL_SLOT, FOUNDATION, FreeCell, FreeCellRules, Move
from kosynka.games.freecell.notation import (
    format_fcs,
    format_text,
    parse_fcs,
    parse_position,
    parse_text,
)
from tests.perft_tree import perft

ALL_CANDIDATES = [Move(card, to) for card in ALL_CARDS for to in range(CELL + 1)]
"""Every move a player can name, a free cell as 'the first empty one' (``c``)."""


def brute_force_moves(game: FreeCell) -> set[Move]:
    """Every candidate move whose explanation is None: an independent definition of 'legal'."""
    return {m for m in ALL_CANDIDATES if game.explain(m) is None}


def all_cards(game: FreeCell) -> list[int]:
    cards = [c.index for i in range(8) for c in game.column(i)]
    cards += [c.index for c in game.cells() if c is not None]
    for s in range(4):
        cards += [s * 13 + r for r in range(game.foundation_count(s))]
    return cards


rules_strategy = st.builds(FreeCellRules, cells=st.integers(0, 4), foundation_return=st.booleans())
deal_strategy = st.one_of(st.integers(1, 32000), st.integers(1, 2**33 - 1))


def playout(game: FreeCell, choices: list[int]) -> Iterator[FreeCell]:
    """Play moves chosen by ``choices`` (0 takes back a move), yielding after each."""
    for c in choices:
        moves = game.legal_move_list()
        if c == 0 and game.move_stack:
            game.pop()
        elif moves:
            game.push(moves[c % len(moves)])
        yield game


@settings(max_examples=40, deadline=None)
@given(
    deal=deal_strategy,
    rules=rules_strategy,
    numbering=st.sampled_from(["ms", "pysol"]),
    choices=st.lists(st.integers(0, 40), min_size=1, max_size=100),
)
def test_playout_invariants(
    deal: int, rules: FreeCellRules, numbering: str, choices: list[int]
) -> None:
    game = FreeCell(deal, rules=rules, numbering=numbering)
    for g in playout(game, choices):
        assert sorted(all_cards(g)) == list(range(52))
        assert len(g.cells()) == rules.cells
        text = format_text(g)
        assert parse_text(text) == g and format_text(parse_text(text)) == text
        fcs = format_fcs(g)
        assert parse_fcs(fcs, rules) == g and format_fcs(parse_fcs(fcs, rules)) == fcs
        view = g.view()
        assert view.columns == tuple(tuple(g.column(i)) for i in range(8))
        assert view.cells == tuple(g.cells())
        assert view.foundation_count() == sum(g.foundation_counts())
        assert g.is_won() == (view.foundation_count() == 52)


@settings(max_examples=25, deadline=None)
@given(
    deal=deal_strategy,
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=60),
)
def test_legal_moves_are_exactly_the_unexplained(
    deal: int, rules: FreeCellRules, choices: list[int]
) -> None:
    game = FreeCell(deal, rules=rules)
    for g in playout(game, choices):
        listed = g.legal_move_list()
        assert len(listed) == len(set(listed))
        assert set(listed) == brute_force_moves(g)
        assert (g.outcome() is not None) == (g.is_won() or not listed or g.is_dead_end())
        cells = g.cells()
        for i in range(8):
            col = g.column(i)
            if not col:
                continue
            # A move to a named free cell is legal exactly when 'c' is and that cell is empty.
            top = col[-1]
            to_c = g.explain(Move(top, CELL)) is None
            for k in range(4):
                named = g.explain(Move(top, CELL_SLOT + k)) is None
                assert named == (to_c and k < len(cells) and cells[k] is None)
        # Standard notation names every legal move, and reads back as the same move.
        for move in listed:
            token = g.standard(move)
            assert g.parse_standard(token) == move, (token, move)


@settings(max_examples=40, deadline=None)
@given(
    deal=deal_strategy,
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=120),
)
def test_push_pop_restores_exactly(deal: int, rules: FreeCellRules, choices: list[int]) -> None:
    game = FreeCell(deal, rules=rules)
    history = [format_text(game)]
    keys = [game.key()]
    for g in playout(game, choices):
        if len(g.move_stack) == len(history):
            history.append(format_text(g))
            keys.append(g.key())
    redo = []
    while game.move_stack:
        history.pop()
        keys.pop()
        redo.append(game.pop())
        assert format_text(game) == history[-1]
        assert game.key() == keys[-1]
    for move in reversed(redo):
        assert game.redo() == move


@settings(max_examples=30, deadline=None)
@given(
    deal=deal_strategy,
    rules=rules_strategy,
    choices=st.lists(st.integers(1, 40), min_size=1, max_size=80),
)
def test_unapply_restores_exactly(deal: int, rules: FreeCellRules, choices: list[int]) -> None:
    """The players' make/unmake takes back every legal move exactly."""
    game = FreeCell(deal, rules=rules)
    for g in playout(game, choices):
        before = format_text(g)
        for move in g.legal_move_list():
            undo = g._apply(move)
            assert move.to != FOUNDATION or sum(g.foundation_counts()) >= 1
            g._unapply(undo)
            assert format_text(g) == before


# ----------------------------------------------------------------------------- perft
PERFT_FILE = Path(__file__).parents[2] / "data" / "freecell" / "perft.txt"


def read_perft() -> list[tuple[int, str, FreeCellRules, int, int, int]]:
    rows = []
    for line in PERFT_FILE.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        deal, numbering, cells, ret, depth, nodes, unique = line.split()
        rules = FreeCellRules(cells=int(cells), foundation_return=ret == "on")
        rows.append((int(deal), numbering, rules, int(depth), int(nodes), int(unique)))
    return rows


def test_perft_golden() -> None:
    rows = read_perft()
    assert len(rows) >= 8
    for deal, numbering, rules, depth, nodes, unique in rows:
        seen: set[object] = set()
        game = FreeCell(deal, rules=rules, numbering=numbering)
        assert perft(game, depth, seen) == nodes, (deal, numbering, rules, depth)
        assert len(seen) == unique, (deal, numbering, rules, depth)


# ----------------------------------------------------------------------------- bad input
def _mutations() -> st.SearchStrategy[str]:
    """Valid positions (text and fc-solve boards) with words dropped, doubled or replaced."""
    games = st.builds(lambda n: FreeCell(n), st.integers(1, 10**6))
    texts = st.one_of(games.map(format_text), games.map(format_fcs))
    junk = st.sampled_from(
        ["", "-", "/", "|", ":", "10", "T", "XX", "AH", "KS", "H-9", "H-", "cells=9", "return=x",
         "Freecells:", "Foundations:", "\n", "  ", "v2", "freecell", "tableau", "0"]
    )  # fmt: skip

    def mutate(text: str, edits: list[tuple[int, int, str]]) -> str:
        words = text.replace("\n", " \n ").split(" ")
        for where, kind, word in edits:
            if not words:
                break
            i = where % len(words)
            if kind == 0:
                del words[i]
            elif kind == 1:
                words.insert(i, words[i])
            else:
                words[i] = word
        return " ".join(words).replace(" \n ", "\n")

    edits = st.lists(st.tuples(st.integers(0, 400), st.integers(0, 2), junk), max_size=4)
    return st.builds(mutate, texts, edits)


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(_mutations(), st.text(max_size=200)))
def test_bad_positions_raise_errors_that_say_what(text: str) -> None:
    """Any text either reads as a position or raises InvalidPositionError or
    InvalidNotationError, never another exception from deep inside."""
    for fmt in (None, "text", "fcs"):
        try:
            game = parse_position(text, fmt)
        except (InvalidPositionError, InvalidNotationError) as exc:
            assert str(exc)
        else:
            assert sorted(all_cards(game)) == list(range(52))


@settings(max_examples=150, deadline=None)
@given(deal=st.integers(1, 1000), token=st.text(alphabet="12345678abcdhv0f9xs ", max_size=6))
def test_bad_standard_tokens_raise_notation_errors(deal: int, token: str) -> None:
    game = FreeCell(deal)
    try:
        move = game.parse_standard(token)
    except InvalidNotationError as exc:
        assert str(exc)
    else:
        game.explain(move)  # a move, legal or not
