"""Hints from what the player can see, and the safe-to-foundation rule.

The heuristic looks only at face-up cards and the counts of face-down ones; it prefers moves that
send safe cards home and moves that turn a face-down card, as a careful player would. The solver
(when installed) is asked first; this is the fallback and never claims "no moves" falsely.
"""

from __future__ import annotations

from dataclasses import dataclass

from kosynka.cards import KING, Card
from kosynka.games.klondike import FOUNDATION, Klondike, Move
from kosynka.web.schemas import HintKind


def is_safe_home(game: Klondike, card: Card) -> bool:
    """True when sending ``card`` to its foundation can never cost a move: it is an ace or a
    two, or every card that could be built on it in a column (the next lower rank of the other
    colour) is already home."""
    if card.rank <= 2:
        return True
    counts = game.foundation_counts()
    other = (0, 3) if card.is_red else (1, 2)
    return all(counts[s] >= card.rank - 1 for s in other)


def safe_home_moves(game: Klondike) -> list[Move]:
    """The legal foundation moves that are safe (see :func:`is_safe_home`)."""
    return [
        m
        for m in game.legal_moves
        if m.card is not None and m.to == FOUNDATION and is_safe_home(game, m.card)
    ]


@dataclass(frozen=True, slots=True)
class _Where:
    """Where a card lies for the heuristic: column (or -1), index in it, face-down below."""

    column: int
    index: int
    down_below: int


def _where(game: Klondike, card: Card) -> _Where:
    """Find ``card`` among the face-up column cards; column -1 means waste or foundation."""
    for i in range(7):
        col = game.column(i)
        if card in col:
            idx = col.index(card)
            return _Where(i, idx, game.face_down_count(i))
    return _Where(-1, -1, 0)


def score_move(game: Klondike, move: Move) -> int:
    """How good ``move`` looks from visible information (higher is better; <= 0 is aimless)."""
    card = move.card
    if card is None:
        return 1 if game.stock_count() else 0
    where = _where(game, card)
    from_foundation = where.column < 0 and game.foundation_top(card.suit) == card
    if from_foundation:
        return -50  # taking a card back home is rarely what helps
    if move.to == FOUNDATION:
        base = 100 if is_safe_home(game, card) else 35
        if where.column >= 0 and where.index == where.down_below and where.down_below:
            base += 30  # it also turns a card
        return base
    if where.column < 0:  # from the waste onto a column
        if card.rank == KING:
            return 22
        return 25
    reveals = where.index == where.down_below and where.down_below > 0
    if reveals:
        return 50 + 5 * where.down_below
    if card.rank == KING and where.index == 0:
        return -40  # a king already heading an empty column gains nothing by moving
    if where.index == where.down_below == 0:
        return -30  # emptying a column without a king to fill it gains nothing yet
    # A move inside face-up cards: useful only if it frees the card under it for home.
    below = game.column(where.column)[where.index - 1]
    if game.explain(Move.to_foundation(below)) is None:
        return 20
    return -10


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move (None only when no card can ever move again) and its kind."""

    move: Move | None
    kind: HintKind


def heuristic_hint(game: Klondike) -> Hint:
    """The best move by :func:`score_move`; a draw or a new pass when no card move looks
    useful; any legal move rather than a false "no moves"; ``stuck`` only when
    :meth:`Klondike.is_stuck` says nothing can ever move again."""
    if game.is_won():
        return Hint(None, "won")
    legal = list(game.legal_moves)
    card_moves = [m for m in legal if m.card is not None]
    best: Move | None = None
    best_score = 0
    for m in card_moves:
        s = score_move(game, m)
        if s > best_score:
            best, best_score = m, s
    if best is not None:
        return Hint(best, "heuristic")
    for m in legal:
        if m.card is None:
            return Hint(m, "draw" if m == Move.draw() else "recycle")
    if card_moves and not game.is_stuck():
        return Hint(max(card_moves, key=lambda m: score_move(game, m)), "heuristic")
    return Hint(None, "stuck")
