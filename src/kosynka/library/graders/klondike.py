"""Klondike's grades: the no-peeking player's games and the solver's work (see
:mod:`kosynka.library.grading`)."""

from __future__ import annotations

from typing import Any

from kosynka.games.base import Game
from kosynka.games.klondike import KlondikeRules
from kosynka.games.klondike.player import play
from kosynka.library.grading import GradeFigures, difficulty_score, grade_of

STARTER_RULES = (KlondikeRules(draw=1), KlondikeRules(draw=3))
"""The rule sets of the shipped starter library (the default rules, Draw 1 and Draw 3)."""


def grade(game: Game[Any], states: int, runs: int) -> dict[str, Any]:
    """The grading fields of a winnable deal: the player's ``runs`` games from ``game`` and the
    solver's ``states``."""
    games = [play(game, seed) for seed in range(runs)]  # type: ignore[arg-type]
    wins = sum(1 for g in games if g.won)
    mean_moves = sum(g.moves for g in games) / len(games)
    mean_home = sum(g.foundation for g in games) / len(games)
    figures = GradeFigures(runs, wins, mean_moves, mean_home, int(states))
    score = difficulty_score(figures)
    return {
        "heur_runs": runs,
        "heur_wins": wins,
        "heur_mean_moves": round(mean_moves, 3),
        "heur_mean_home": round(mean_home, 3),
        "score": score,
        "grade": grade_of(score, int(game.rules.draw)),
    }


def regrade(rec: dict[str, Any]) -> tuple[float, str]:
    """(score, grade) of a stored winnable record from its figures and today's thresholds."""
    figures = GradeFigures(
        runs=int(rec["heur_runs"]),
        wins=int(rec["heur_wins"]),
        mean_moves=float(rec["heur_mean_moves"]),
        mean_home=float(rec["heur_mean_home"]),
        states=int(rec["states"]),
    )
    score = difficulty_score(figures)
    return score, grade_of(score, int(rec["draw"]))
