"""The FreeCell hint: every card is in sight, so the player sees what the solver sees.

:func:`hint` is the next move of the solver's winning line (chance 1.0), unless that move leads
back to a position the game has had; without a line in time, the heuristic player's move that
avoids the game's positions (:func:`kosynka.games.freecell.player.best_move`, chance unknown).
The same shape as the other games' hint players (``kosynka.games.<name>.seen``), so that
``kosynka hint`` and ``kosynka play`` find it by the game's name.
"""

from __future__ import annotations

from typing import Final

from kosynka.games.freecell.player import best_move, history_keys
from kosynka.games.freecell.rules import FreeCell, Move
from kosynka.hindsight import Choice, Tally

HINT_SECONDS: Final = 0.5
"""The solver's time for a hint (the web server's hint time)."""


def hint(
    game: FreeCell, *, seed: int = 0, time_limit: float | None = HINT_SECONDS
) -> Choice[tuple[Move, ...]]:
    """The hint for ``game``: the solver's winning line when its first move leads to a position
    the game has not had, else the heuristic player's move (see the module's text)."""
    from kosynka.solver import solve

    if game.is_won():
        return Choice(None, 1.0, 0, 0, ())
    had = history_keys(game)
    found = solve(game, time_limit=time_limit)
    if found.solved and found.moves:
        probe = game.copy(stack=False)
        probe.push(found.moves[0])
        if probe.key() not in had:
            line = tuple(found.moves)
            return Choice(line, 1.0, 0, 1, (Tally(line, 1, 1.0),))
    move = best_move(game, seed, avoid=had)
    if move is None:
        return Choice(None, 0.0 if found.status == "unsolvable" else None, 0, 1, ())
    chance = 0.0 if found.status == "unsolvable" else None
    return Choice((move,), chance, 0, 1, ())
