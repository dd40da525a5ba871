"""A human-like FreeCell player: the hint when the solver has no line in time (or only one that
leads back to a position the game has had), and a yardstick of how hard a deal is for a person.

It does what a sensible player does, with no search beyond one move and a glance at the next:

1. cards that are *safe* go home first (:func:`safe_home_moves`: aces, twos, and cards no card
   of the other colour one rank lower still needs as a landing place);
2. otherwise every legal move is tried and the position it leads to is scored
   (:func:`score_position`): cards home, empty free cells and empty columns (the room that
   lets groups move), how deep the next card each foundation needs lies, how many cards lie on
   a lower card of their column (each must move away some day) and how long the ordered runs at
   the columns' tops are; the move's score adds the best score one further move reaches;
3. it never goes back to a position it has had, so its games always end.

Ties are broken at random from a seed, so several games from one deal show how much luck the deal
needs. The compiled core has a twin of this player that plays the same games move for move
(:func:`kosynka.solver.freecell.play_games` uses it for the library's grades).

>>> from kosynka.games.freecell.rules import FreeCell
>>> result = play(FreeCell(1), seed=0)
>>> result.moves > 0
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Hashable
from dataclasses import dataclass
from typing import Final

from kosynka.cards import CARD_RANK, CARD_RED, CARD_SUIT
from kosynka.games.freecell.rules import CELL, FOUNDATION, FreeCell, Move

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED
_OTHER_COLOUR: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The suits of the other colour, per suit (C, D, H, S)."""

DEFAULT_MAX_MOVES: Final = 400
"""A game longer than this many moves counts as lost."""

# The weights of score_position.
W_HOME: Final = 100
W_FREE_CELL: Final = 28
W_EMPTY_COLUMN: Final = 60
W_DEPTH: Final = 7
W_BLOCKER: Final = 9
W_RUN: Final = 3
W_ROOM: Final = 15
"""Per empty free cell and empty column together (room multiplies: a group needs both)."""
RETURNS: Final = True
"""Whether the player takes cards back from the foundations while it has other moves (it wins
fewer deals without: 69 of MS 1-200 instead of 90)."""
W_LAST_CELL: Final = 8
"""Taken off a move that fills the last empty free cell."""
LOOKAHEAD: Final = 0.5
"""How much the best next position counts beside the position a move reaches."""
LOOK_AT: Final = 6
"""How many of the best-looking moves get the look one move further."""
SAFE_HOME: Final = 1e9
"""The score of a safe move home: always first."""


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One game played by the player.

    ``won``: all 52 cards reached the foundations; ``moves``: the moves made (a supermove is
    one); ``foundation``: cards home at the end (52 when won); ``line``: the moves in order;
    ``stuck``: the game ended because every move left led back to a position already had (or
    none was legal), rather than by the ``max_moves`` limit or a win."""

    won: bool
    moves: int
    foundation: int
    line: tuple[Move, ...]
    stuck: bool


def is_safe_home(card: int, found: list[int]) -> bool:
    """True when ``card`` (an index) can go to its foundation without ever being missed in the
    tableau: no card of the other colour one rank lower still needs it as a landing place."""
    rank = _RANK[card]
    if rank <= 2:
        return True
    a, b = _OTHER_COLOUR[_SUIT[card]]
    return found[a] >= rank - 1 and found[b] >= rank - 1


def safe_home_moves(game: FreeCell) -> list[Move]:
    """The moves of free-cell cards and column tops to their foundations that are safe (see
    :func:`is_safe_home`): what an auto-move to the foundations may make without asking.
    They are listed in :meth:`FreeCell.legal_move_list` order; making one may make others safe."""
    found = game._found
    out = []
    for move in game.legal_move_list():
        if move.to != FOUNDATION:
            break  # moves home come first in the list
        if is_safe_home(move.card.index, found):
            out.append(move)
    return out


@functools.lru_cache(maxsize=1 << 16)
def _column_terms(col: tuple[int, ...]) -> int:
    """The part of :func:`score_position` one column gives on its own: minus the cards lying on
    a lower card of the column (each must move away some day), plus the ordered run on top."""
    penalty = 0
    low = 99
    for c in col:
        r = _RANK[c]
        if r > low:
            penalty += W_BLOCKER
        else:
            low = r
    run = 1
    j = len(col) - 1
    while j > 0 and _RANK[col[j - 1]] == _RANK[col[j]] + 1 and _RED[col[j - 1]] != _RED[col[j]]:
        run += 1
        j -= 1
    return W_RUN * run - penalty


def score_position(game: FreeCell) -> float:
    """How promising the position looks to a player (higher is better): cards home, empty free
    cells and columns, minus how deep the next card of each foundation lies and the cards lying
    on lower cards, plus the ordered runs on the columns' tops."""
    found = game._found
    score = W_HOME * (found[0] + found[1] + found[2] + found[3])
    empty = 0
    for col in game._cols:
        if col:
            score += _column_terms(tuple(col))
        else:
            empty += 1
    for s in range(4):
        n = found[s]
        if n < 13:
            card = s * 13 + n
            for col in game._cols:
                if card in col:
                    score -= W_DEPTH * (len(col) - 1 - col.index(card))
                    break
    free = game._cells.count(-1)
    return score + W_FREE_CELL * free + W_EMPTY_COLUMN * empty + W_ROOM * free * empty


def _from_foundation(game: FreeCell, move: Move) -> bool:
    """True for a foundation's top card coming back to a column."""
    card = move.card.index
    return game._found[_SUIT[card]] >= _RANK[card]


def _pointless(game: FreeCell, move: Move) -> bool:
    """True for a move that only shifts a whole column into an empty column (it changes
    nothing a player cares about)."""
    if move.to >= FOUNDATION or game._cols[move.to]:
        return False
    card = move.card.index
    return any(col and col[0] == card for col in game._cols)


def _best_next(game: FreeCell, floor: float) -> float:
    """The best :func:`score_position` one more move reaches from ``game`` (at least
    ``floor``)."""
    best = floor
    for nxt in game.legal_move_list():
        undo = game._apply(nxt)
        s = score_position(game)
        game._unapply(undo)
        if s > best:
            best = s
    return best


def rank_moves(game: FreeCell, avoid: Collection[Hashable] = ()) -> list[tuple[Move, float]]:
    """Every legal move with the player's score for it, best first (safe moves home score
    highest). Moves into a position whose key is in ``avoid`` are left out.

    Each move is scored by the position it reaches; the :data:`LOOK_AT` best of them also by
    the best position one further move reaches (weighted by :data:`LOOKAHEAD`)."""
    found = game._found
    scored: list[tuple[float, int, Move]] = []
    last_cell = game._cells.count(-1) == 1
    moves = game.legal_move_list()
    returns = RETURNS or all(_from_foundation(game, m) for m in moves)
    for i, move in enumerate(moves):
        if _pointless(game, move) or (not returns and _from_foundation(game, move)):
            continue
        undo = game._apply(move)
        try:
            if game.key() in avoid:
                continue
            if move.to == FOUNDATION and is_safe_home(move.card.index, found):
                scored.append((SAFE_HOME, i, move))
                continue
            here = score_position(game)
        finally:
            game._unapply(undo)
        if move.to == CELL and last_cell:
            here -= W_LAST_CELL
        scored.append((here, i, move))
    scored.sort(key=lambda t: (-t[0], t[1]))
    ranked: list[tuple[Move, float]] = []
    for k, (here, _, move) in enumerate(scored):
        if k < LOOK_AT and here < SAFE_HOME:
            undo = game._apply(move)
            ahead = _best_next(game, here)
            game._unapply(undo)
            here += LOOKAHEAD * (ahead - here)
        ranked.append((move, here))
    ranked.sort(key=lambda ms: -ms[1])
    return ranked


def history_keys(game: FreeCell) -> set[Hashable]:
    """The keys of every position of ``game``'s move stack, the current one included: what a
    hint should not lead back to."""
    keys: set[Hashable] = {game.key()}
    for cols, cells, found in game._snapshots:
        keys.add((cols, tuple(sorted(cells)), found))
    return keys


def best_move(
    game: FreeCell,
    seed: int | random.Random | None = 0,
    avoid: Collection[Hashable] | None = None,
) -> Move | None:
    """The move this player would make now (a hint), or None when it has none. Ties between
    equally good moves are broken at random from ``seed``. Positions whose keys are in
    ``avoid`` are not gone back to; by default those of the game's own move stack
    (:func:`history_keys`), so a hint never undoes the moves made."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    ranked = rank_moves(game, history_keys(game) if avoid is None else avoid)
    if not ranked:
        return None
    top = ranked[0][1]
    best = [m for m, s in ranked if s == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def play(game: FreeCell, seed: int = 0, *, max_moves: int = DEFAULT_MAX_MOVES) -> PlayResult:
    """Play a whole game from ``game``'s position (``game`` itself is left unchanged). The
    player never goes back to a position it has had, so the game ends: won, with no new
    position to go to, or after ``max_moves`` moves."""
    g = game.copy(stack=False)
    rng = random.Random(seed)
    seen: set[Hashable] = {g.key()}
    line: list[Move] = []
    stuck = False
    while len(line) < max_moves and not g.is_won():
        move = best_move(g, rng, seen)
        if move is None:
            stuck = True
            break
        g._apply(move)
        seen.add(g.key())
        line.append(move)
    return PlayResult(
        won=g.is_won(),
        moves=len(line),
        foundation=sum(g._found),
        line=tuple(line),
        stuck=stuck,
    )
