"""Klondike positions for checking the solvers' verdicts, and the exhaustive search they are
checked against.

``exhaustive`` knows nothing of the solvers: it tries every legal move of the rules engine
(``Klondike.legal_move_list``, draws and recycles included) in every reachable position, with
no pruning, no macro moves and no symmetry but the order of the columns (which no rule looks
at). ``natural_endgame`` deals the cards left off the foundations the way play leaves them:
columns of face-down cards under ordered runs, kings at the foot of emptied columns, twins
(same rank and colour) side by side, the rest in the stock and the waste. Such positions hold
the patterns that once fooled a solver (a run that can move from one twin to the other; a
column emptied between two talon cards put down).
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from kosynka import Klondike, KlondikeRules
from kosynka.cards import ALL_CARDS, Card
from tests.solver.exhaustive import exhaustive as search_all

RULE_SETS: list[KlondikeRules] = [
    KlondikeRules(draw=draw, passes=passes, foundation_return=ret)
    for draw in (1, 3)
    for passes in (1, 2, 3, 4, None)
    for ret in (True, False)
]
"""Every rule set the page and the command line offer: Draw 1 or 3, a pass limit of 1-4 or
none, foundation return on or off."""


def _key(game: Klondike) -> Hashable:
    """The engine's position key with the columns in sorted order."""
    cols = tuple(sorted(zip(game._hidden, map(tuple, game._cols), strict=True)))
    passes = game.pass_number if game.rules.passes is not None else 0
    return (cols, tuple(game._stock), tuple(game._waste), tuple(game._found), passes)


def exhaustive(game: Klondike, cap: int = 60_000) -> bool | None:
    """True if some sequence of legal moves wins ``game``, False if none does, None when more
    than ``cap`` positions would have to be looked at. A depth-first search over every legal
    move of the engine (the first moves the engine lists, cards going home, are tried first,
    so a win is found early; a loss needs the whole reachable set)."""
    return search_all(game, _key, cap)[0]


def fits(card: Card, target: Card) -> bool:
    """Whether ``card`` may lie on ``target`` in a column."""
    return target.rank == card.rank + 1 and target.is_red != card.is_red


def natural_endgame(rng: random.Random, rules: KlondikeRules, left: int) -> Klondike:
    """A position with ``left`` cards (5-40) off the foundations, laid out as play leaves them
    (see the module note), at a random pass of ``rules`` (often the last one)."""
    counts = [13, 13, 13, 13]
    while sum(counts) > 52 - left:
        s = rng.randrange(4)
        if counts[s]:
            counts[s] -= 1
    cards = [ALL_CARDS[s * 13 + r] for s in range(4) for r in range(counts[s], 13)]
    rng.shuffle(cards)
    columns: list[list[Card]] = [[] for _ in range(7)]
    face_down = [0] * 7
    down_share = rng.choice([0.15, 0.3, 0.45])
    for i in rng.sample(range(7), rng.randint(2, 7)):
        col = columns[i]
        while cards and rng.random() < down_share:
            col.append(cards.pop())
        face_down[i] = len(col)
        if not cards:
            face_down[i] = max(0, len(col) - 1)  # the last card dealt is the face-up one
            break
        # The face-up run: a king at the foot of an emptied column, else any card on the
        # face-down ones; then cards that fit, while some are left and the run goes on.
        kings = [c for c in cards if c.rank == 13]
        root = rng.choice(kings) if not col and kings and rng.random() < 0.8 else rng.choice(cards)
        cards.remove(root)
        col.append(root)
        while rng.random() < 0.85:
            fitting = [c for c in cards if fits(c, col[-1])]
            if not fitting:
                break
            card = rng.choice(fitting)
            cards.remove(card)
            col.append(card)
    rng.shuffle(cards)
    cut = rng.randint(0, len(cards))
    stock, waste = cards[:cut], cards[cut:]
    if rules.passes is None:
        pass_number = 1
    else:
        pass_number = rng.choice([1, rules.passes, rules.passes, rng.randint(1, rules.passes)])
    return Klondike.from_position(
        columns, face_down, stock, waste, counts, pass_number=pass_number, rules=rules
    )
