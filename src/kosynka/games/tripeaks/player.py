"""The no-peeking TriPeaks player: picks a move from what a person at the table can see.

The player reads the game only through :meth:`~kosynka.games.tripeaks.TriPeaks.view`, and of
it only what lies face up: the face-up cards of the peaks, the waste's top card and how many
cards the stock still holds. It never reads a face-down card or the stock's order
(:func:`visible_of` keeps the face-down places as unknown before anything is weighed).

The policy: for every card it may play now, the player looks down the runs of face-up cards
that could follow it (each next card one rank from the last, King and Ace next to each other
under ``wrap``) and scores the best run by

1. the face-down cards it turns up (:data:`P_UNCOVER` each: a new card to play, the only way
   to learn more),
2. the cards it plays (:data:`P_CARD` each: a long run saves stock cards),
3. the peaks it clears (:data:`P_PEAK` each: the tops are the hardest cards to reach);

and plays the first card of the best-scored run (equally good ones at random from a seed).
With no card to play it turns the stock; with neither, the game is over. A run ends at a
card that would be turned up (the player cannot know what it is).

Measured on PySolFC's deals 1-500, one game each (seed 0), the player wins **272 of 500
(54.4%)** with ``wrap`` on and **110 of 500 (22.0%)** with it off; the full-information solver
(:mod:`kosynka.solver.tripeaks`, which sees every card) wins 486 (97.2%) and 384 (76.8%) of
them.

>>> from kosynka.games.tripeaks import TriPeaks
>>> result = play(TriPeaks(1), seed=0)
>>> result.moves > 0 and 0 <= result.table_left <= 28
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from kosynka.cards import ALL_CARDS, CARD_RANK
from kosynka.games.tripeaks.rules import COVERED, COVERS, Move, TriPeaks, TriPeaksRules

P_UNCOVER: Final = 30
"""What each face-down card a run turns up is worth."""
P_CARD: Final = 10
"""What each card a run plays is worth."""
P_PEAK: Final = 15
"""What each peak a run clears (its top card played) is worth."""
MAX_NODES: Final = 4000
"""Runs the look-ahead of one move tries at most (a position rarely has more than a few)."""

DEFAULT_MAX_MOVES: Final = 200
"""A game longer than this many moves counts as lost (a game has at most 28 + 23 moves)."""

UNKNOWN: Final = -2
"""A face-down card in :func:`visible_of`'s places."""
GONE: Final = -1
"""A place whose card is gone."""
PEAK_TOPS: Final = (0, 1, 2)
"""The places of the three peaks' tops."""


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One game played by the no-peeking player: whether it was won, the moves made, the table
    cards left, the stock cards left and the moves as text (``line``)."""

    won: bool
    moves: int
    table_left: int
    stock_left: int
    line: tuple[str, ...]


def visible_of(game: TriPeaks) -> list[int]:
    """The 28 places as the player sees them (from ``game.view()``): a face-up card's index,
    :data:`UNKNOWN` for a face-down card, :data:`GONE` for an empty place."""
    out: list[int] = []
    for place in game.view().places:
        if place.card is None:
            out.append(GONE)
        elif not place.face_up:
            out.append(UNKNOWN)
        else:
            out.append(place.card.index)
    return out


def _free(places: list[int], p: int) -> bool:
    """True when place ``p`` holds a card (seen or not) that nothing covers."""
    return places[p] != GONE and all(places[q] == GONE for q in COVERS[p])


def _playable(places: list[int], top: int, rules: TriPeaksRules) -> list[int]:
    """The places whose face-up, uncovered card goes on a waste top of rank ``top``."""
    return [
        p
        for p, c in enumerate(places)
        if c >= 0 and _free(places, p) and rules.next_to(CARD_RANK[c], top)
    ]


def _run_value(places: list[int], p: int, rules: TriPeaksRules, budget: list[int]) -> int:
    """The score of the best run starting with the card of place ``p`` (played now): its own
    worth (the cards it turns up, the peak it clears, the card itself) plus the best run that
    can follow it among the cards seen. ``places`` is restored before returning; ``budget``
    counts down the runs tried."""
    card = places[p]
    places[p] = GONE
    value = P_CARD
    if p in PEAK_TOPS:
        value += P_PEAK
    for q in COVERED[p]:
        if places[q] == UNKNOWN and _free(places, q):
            value += P_UNCOVER
    best_next = 0
    budget[0] -= 1
    if budget[0] > 0:
        for nxt in _playable(places, CARD_RANK[card], rules):
            best_next = max(best_next, _run_value(places, nxt, rules, budget))
            if budget[0] <= 0:
                break
    places[p] = card
    return value + best_next


def score_moves(game: TriPeaks) -> list[tuple[int, Move]]:
    """Every card the player may play now, with the score of the best run it starts (see the
    module docstring), from the cards seen only; in the order of their places."""
    places = visible_of(game)
    top = CARD_RANK[game.waste_top().index]
    budget = [MAX_NODES]
    return [
        (_run_value(places, p, game.rules, budget), Move.play(ALL_CARDS[places[p]]))
        for p in _playable(places, top, game.rules)
    ]


def choose(game: TriPeaks, rng: random.Random) -> Move | None:
    """The move the player makes now: the first card of the best-scored run (ties at random),
    else ``s`` while the stock holds cards, else None (the game is over)."""
    if game.is_won():
        return None
    scored = score_moves(game)
    if scored:
        best = max(s for s, _ in scored)
        top = [m for s, m in scored if s == best]
        return top[0] if len(top) == 1 else rng.choice(top)
    if game.view().stock:  # only its length is read
        return Move.stock()
    return None


def best_move(game: TriPeaks, seed: int | random.Random | None = 0) -> Move | None:
    """The move this player would make now (a hint), or None when no move is legal."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return choose(game, rng)


def play(game: TriPeaks, seed: int = 0, *, max_moves: int = DEFAULT_MAX_MOVES) -> PlayResult:
    """Play a whole game from ``game``'s position (``game`` itself is left unchanged): until
    it is won, no move is legal or ``max_moves`` moves are made."""
    g = game.copy(stack=False)
    rng = random.Random(seed)
    line: list[str] = []
    while len(line) < max_moves and not g.is_won():
        move = choose(g, rng)
        if move is None:
            break
        g.advance(move)
        line.append(move.text())
    return PlayResult(
        won=g.is_won(),
        moves=len(line),
        table_left=g.table_count(),
        stock_left=g.stock_count(),
        line=tuple(line),
    )
