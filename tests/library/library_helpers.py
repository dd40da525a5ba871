"""Values shared by the deal library tests: solver limits, rule texts and made-up records."""

from __future__ import annotations

from typing import Any

SMALL_STATES = 4000
"""A solver state limit that keeps the tests quick (deals beyond it stay undecided)."""

KLONDIKE_RULES = "draw=1 passes=unlimited return=on"
FREECELL_RULES = "cells=4 return=on"


def record(
    deal: int, game: str = "klondike", rules: str = KLONDIKE_RULES, **extra: Any
) -> dict[str, Any]:
    """A stored deal record made up for the tests (a graded winnable deal unless ``extra``
    says otherwise): for storing rows without solving anything."""
    rec: dict[str, Any] = {
        "game": game,
        "rules": rules,
        "deal": deal,
        "verdict": "solved",
        "limit_kind": None,
        "solver": "native",
        "states": 1000 + deal,
        "unique_states": 900,
        "seconds": 0.01,
        "solution": "s " * 60,
        "solution_moves": 60,
        "solution_card_moves": 0,
        "heur_runs": 8,
        "heur_wins": 8,
        "heur_mean_moves": 100.0,
        "heur_mean_home": 52.0,
        "score": 10.0,
        "grade": "easy",
    }
    rec.update(extra)
    return rec
