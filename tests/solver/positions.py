"""Positions shared by the solver tests."""

from __future__ import annotations

from kosynka.cards import Card
from kosynka.games.klondike import Klondike, KlondikeRules


def cards(text: str) -> list[Card]:
    """Cards from space-separated card text."""
    return [Card.parse(t) for t in text.split()]


def stuck_clubs(return_on: bool = False) -> Klondike:
    """A position that cannot be won: the club ace lies face down under the two, the other
    clubs face down under their king, every other suit home."""
    clubs = " ".join(f"{r}C" for r in "3456789TJQ")
    return Klondike.from_position(
        [cards("AC 2C"), cards(f"{clubs} KC"), [], [], [], [], []],
        [1, 10, 0, 0, 0, 0, 0],
        [],
        [],
        [0, 13, 13, 13],
        rules=KlondikeRules(foundation_return=return_on),
    )


def near_end(deal: int, draw: int, moves_left: int) -> Klondike:
    """Deal ``deal`` (KPat numbering) played along a solution until ``moves_left`` moves remain."""
    from kosynka.solver import solve

    game = Klondike(deal, rules=KlondikeRules(draw=draw), numbering="kpat")
    res = solve(game)
    assert res.solved
    game.replay(res.moves[: max(0, len(res.moves) - moves_left)])
    return game.copy(stack=False)
