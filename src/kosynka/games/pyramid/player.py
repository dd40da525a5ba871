"""The no-peeking Pyramid player: picks a move from what a person at the table can see.

The pyramid lies face up, so the only thing a player cannot see is the stock under its top
card (until a whole pass has turned it: from then on the order is known, and a person who
remembers it could plan, which this player does not). The player looks only at the cards it
may play now, the pyramid's cards and which of them each removal would free; it never reads
the stock below its top card.

The policy, best first:

1. a King alone (it never costs a partner);
2. a pair, scored by the pyramid cards it removes, the pyramid cards it frees (those whose
   covering cards it takes away) and how high in the pyramid they lie (a high card waits for
   the most cards below it);
3. the stock's top card and the waste's top card together, only when no pair takes a pyramid
   card (it shows the card under the waste's top);
4. ``s`` (turn a stock card), else ``r`` (a new pass), else nothing.

Equally good moves are chosen at random from a seed, so games from one deal with several seeds
show how much luck the deal needs. With unlimited passes the player stops after a whole pass
that removed nothing: it would only go round.

>>> from kosynka.games.pyramid import Pyramid
>>> result = play(Pyramid(1), seed=0)
>>> result.moves > 0 and result.pyramid_left <= 28
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from kosynka.cards import CARD_RANK
from kosynka.games.pyramid.rules import COVERED_BY, ROW_OF, ROWS, Move, Pyramid

P_KING: Final = 10_000
"""A King's score: always first."""
P_PYRAMID_CARD: Final = 100
"""What each pyramid card a pair removes is worth."""
P_FREED: Final = 20
"""What each pyramid card a removal frees is worth."""
P_HEIGHT: Final = 3
"""What each row a removed pyramid card lies above the bottom row is worth."""
P_TOPS: Final = 1
"""The stock's and the waste's top cards paired together (no pyramid card taken)."""

DEFAULT_MAX_MOVES: Final = 1000
"""A game longer than this many moves counts as lost (it never gets near with 3 passes)."""

_COVERS: Final = tuple(tuple(p for p, by in enumerate(COVERED_BY) if q in by) for q in range(28))
"""For each place, the places its card covers (those above it)."""


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One game played by the no-peeking player: whether it was won, the moves made, the
    pyramid cards left and the cards left in the stock and the waste."""

    won: bool
    moves: int
    pyramid_left: int
    stock_left: int
    waste_left: int


def _places_of(game: Pyramid, move: Move) -> list[int]:
    """The pyramid places the cards of the removal ``move`` lie on (none for the tops)."""
    places = game._places
    return [places.index(c.index) for c in move.cards if c.index in places]


def _available(places: list[int], place: int) -> bool:
    """True when ``place`` holds a card that no card below covers."""
    return places[place] >= 0 and all(places[q] < 0 for q in COVERED_BY[place])


def score_move(game: Pyramid, move: Move) -> int:
    """How good the legal removal ``move`` looks from the visible cards (higher is better)."""
    taken = _places_of(game, move)
    if len(move.cards) == 1 and CARD_RANK[move.cards[0].index] == 13:
        base = P_KING
    elif not taken:
        return P_TOPS
    else:
        base = P_PYRAMID_CARD * len(taken)
    after = list(game._places)
    for p in taken:
        after[p] = -1
    freed = {q for p in taken for q in _COVERS[p] if _available(after, q)}
    height = sum(ROWS - 1 - ROW_OF[p] for p in taken)
    return base + P_FREED * len(freed) + P_HEIGHT * height


def choose(game: Pyramid, rng: random.Random) -> Move | None:
    """The move the player makes now: the best-scored removal (ties at random), else ``s``,
    else ``r``, else None (no legal move)."""
    legal = game.legal_move_list()
    removals = [m for m in legal if m.cards]
    if removals:
        scored = [(score_move(game, m), m) for m in removals]
        best = max(s for s, _ in scored)
        top = [m for s, m in scored if s == best]
        return top[0] if len(top) == 1 else rng.choice(top)
    for m in legal:
        if m.turn:
            return m  # "s" comes before "r" in the legal moves
    return None


def best_move(game: Pyramid, seed: int | random.Random | None = 0) -> Move | None:
    """The move this player would make now (a hint), or None when no move is legal."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return choose(game, rng)


def play(game: Pyramid, seed: int = 0, *, max_moves: int = DEFAULT_MAX_MOVES) -> PlayResult:
    """Play a whole game from ``game``'s position (``game`` itself is left unchanged): until
    it is won, no move is legal, a whole pass removed nothing (unlimited passes) or
    ``max_moves`` moves are made."""
    g = game.copy(stack=False)
    rng = random.Random(seed)
    moves = 0
    removed_this_pass = True
    while moves < max_moves and not g.is_won():
        move = choose(g, rng)
        if move is None:
            break
        if move.turn == "r":
            if not removed_this_pass:
                break  # a whole pass took nothing: the next would only go round
            removed_this_pass = False
        elif move.cards:
            removed_this_pass = True
        g.advance(move)
        moves += 1
    return PlayResult(
        won=g.is_won(),
        moves=moves,
        pyramid_left=g.pyramid_count(),
        stock_left=g.stock_count(),
        waste_left=len(g.waste()),
    )
