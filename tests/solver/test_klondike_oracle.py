"""An independent check of the solver's verdicts: exhaustive search over the rules engine.

The oracle (``tests.solver.klondike_endgames.exhaustive``) knows nothing of the solver's pruning,
macro moves or symmetries: it tries every legal move of the Python engine in every reachable
position. On small endgames both the compiled and the reference solver must give the same
verdict, and every line they return must win.
"""

from __future__ import annotations

import functools
import random

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.cards import ALL_CARDS
from kosynka.games.klondike.notation import parse_text
from kosynka.solver import SolveStatus, available_implementations, solve
from tests.solver.klondike_endgames import exhaustive as oracle
from tests.solver.klondike_endgames import fits


def random_endgame(rng: random.Random, rules: KlondikeRules, left: int) -> Klondike:
    """A random position with ``left`` cards off the foundations, dealt anywhere."""
    counts = [13, 13, 13, 13]
    suits = rng.sample(range(4), 2)  # cards of two suits only: they block each other more
    while sum(counts) > 52 - left:
        s = rng.choice(suits)
        if counts[s]:
            counts[s] -= 1
    cards = [ALL_CARDS[s * 13 + r] for s in range(4) for r in range(counts[s], 13)]
    rng.shuffle(cards)
    columns: list[list] = [[] for _ in range(7)]  # type: ignore[type-arg]
    stock, waste = [], []
    for card in cards:
        where = rng.random()
        if where < 0.6:
            columns[rng.randrange(7)].append(card)
        elif where < 0.85:
            stock.append(card)
        else:
            waste.append(card)
    # Face-down cards at the bottom; the face-up part is an ordered run (as in every position
    # reachable by play): at least the top card, at most the ordered suffix.
    face_down = []
    for col in columns:
        run = 1 if col else 0
        while run < len(col) and fits(col[-run], col[-run - 1]):
            run += 1
        face_down.append(len(col) - rng.randint(1, run) if col else 0)
    passes = rules.passes
    pass_number = 1 if passes is None else rng.randint(1, passes)
    return Klondike.from_position(
        columns, face_down, stock, waste, counts, pass_number=pass_number, rules=rules
    )


def endgames(n: int, seed: int) -> list[Klondike]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        rules = KlondikeRules(
            draw=rng.choice([1, 3]),
            passes=rng.choice([None, None, 1, 2, 3]),
            foundation_return=rng.random() < 0.5,
        )
        out.append(random_endgame(rng, rules, rng.randint(6, 10)))
    return out


@functools.cache
def decided_endgames() -> list[tuple[Klondike, bool]]:
    """Random endgames with the oracle's verdict (those it could decide within its cap)."""
    out = []
    for game in endgames(200, seed=20261129):
        truth = oracle(game)
        if truth is not None:
            out.append((game, truth))
    return out


@pytest.mark.parametrize("implementation", available_implementations("klondike"))
def test_verdicts_match_exhaustive_search(implementation: str) -> None:
    checked = {True: 0, False: 0}
    for game, truth in decided_endgames():
        result = solve(game, implementation=implementation, time_limit=30)
        assert result.status is not SolveStatus.LIMIT
        assert result.solved == truth, (implementation, truth, game.rules)
        if result.solved:
            replay = game.copy(stack=False)
            replay.replay(result.moves)
            assert replay.is_won()
        checked[truth] += 1
    # The sample must hold both kinds of position to mean anything.
    assert checked[True] >= 10 and checked[False] >= 10, checked


# Endgames the exhaustive search found wrong verdicts on (each once made a solver say
# "unsolvable"). The first needs two cards back from the foundations before either is used:
# the ten of clubs (to uncover the nine) and the ten of hearts (for the nine to lie on).
FOUND_BY_THE_ORACLE = [
    "klondike draw=1 passes=unlimited return=on pass=1 | tableau 6d Jd 7D / - / 9D / Td 8D"
    " / QD / KD / - | stock KC | waste - | foundations QC 5D KH KS",
    # Columns that are each other's image with twins exchanged (KH QC JH under a run, KD QS
    # JD): moving the run to the other column uncovers JH, which goes home, and the search that
    # wrote twins alike in its key took that position for the one it came from.
    "klondike draw=1 passes=2 return=off pass=2 | tableau KS QD JC TD 9S 8D 7S / KD QS JD /"
    " KH QC JH TS 9D 8S / - / JS / 6s Kc QH / - | stock - | waste - | foundations TC 7D TH 5S",
    "klondike draw=3 passes=3 return=off pass=2 | tableau KS QD JS TH / KH QC JH / KD / 7s JD"
    " TC / - / Qs 9h 8S / KC QH JC TD 9S | stock - | waste TS | foundations 9C 9D 8H 6S",
    "klondike draw=3 passes=2 return=off pass=2 | tableau - / KH QS JH TC / - / - / KD QC JD"
    " TS 9H / KC QH JC TD / - | stock KS TH JS 8H | waste QD | foundations 9C 9D 7H 9S",
    "klondike draw=3 passes=4 return=off pass=4 | tableau KH QC JH TC 9D 8C / KS QH JC TD 9C"
    " 8D 7C / - / Kc 6c QD / - / KD QS JD / - | stock - | waste JS | foundations 5C 7D TH TS",
]


@pytest.mark.parametrize("text", FOUND_BY_THE_ORACLE)
@pytest.mark.parametrize("implementation", [*available_implementations("klondike"), "exact"])
def test_endgames_once_got_wrong(text: str, implementation: str) -> None:
    if implementation == "exact" and "native" not in available_implementations("klondike"):
        pytest.skip("the compiled core is not installed")
    game = parse_text(text)
    assert oracle(game, cap=200_000) is True
    result = solve(game, implementation=implementation, time_limit=30)
    assert result.solved
