"""The no-peeking player: picks a move from what a person at the table can see.

It looks only at the face-up cards, how many cards lie face down in each column, the waste (the
cards a player would see there), the number of cards left in the stock and the foundations. It
never reads a face-down card or the order of the stock. It is the hint engine ("what would a
sensible player do now?") and the yardstick of the deal library's grades: a deal that this player
wins often is easy for people; one it never wins, even with a perfect solution existing, is hard.

The policy is the usual list of Klondike hints, best first:

1. a card that can safely go to its foundation (aces, twos, and cards no lower card of the other
   colour still needs as a landing place);
2. a move that turns up a face-down card (the deeper the column, the better);
3. a card to its foundation (not safe, but progress), a part of a run moved so that the card under
   it can go home;
4. a waste card into the tableau (a king from the waste to an empty column a little lower);
5. emptying a column when a king is waiting for it (a king over face-down cards, or on the waste);
6. a draw from the stock (or turning the waste over);
7. only when a whole round of the stock brought nothing: emptying a column with no king waiting,
   moving part of a run, taking a card back from its foundation.

A king never moves from one empty column to another, and the player never moves a card into a
layout of the tableau it has already had, so its games always end.

Moves of equal rank (two columns with as many face-down cards, two places for the same card) are
chosen at random from a seed, so several games from one deal with different seeds show how much
luck the deal needs.

>>> from kosynka import Klondike, KlondikeRules
>>> result = play(Klondike(1, rules=KlondikeRules(draw=1)), seed=0)
>>> result.moves > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Final

from kosynka.games.klondike.rules import FOUNDATION, Klondike, Move

_RANK: Final = tuple(i % 13 + 1 for i in range(52))
_SUIT: Final = tuple(i // 13 for i in range(52))
_RED: Final = tuple(1 if i // 13 in (1, 2) else 0 for i in range(52))
_OTHER_COLOUR: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The suits of the other colour, per suit (C, D, H, S)."""

# Ranks of moves (higher is better). Moves below P_DRAW are made only after a whole round of
# the stock brought nothing new; moves ranked P_NEVER are not made at all.
P_SAFE_HOME: Final = 1000
P_EXPOSE: Final = 900
P_HOME: Final = 600
P_FREE_FOR_HOME: Final = 550
P_WASTE: Final = 500
P_WASTE_KING: Final = 450
P_EMPTY_FOR_KING: Final = 400
P_DRAW: Final = 100
P_EMPTY_COLUMN: Final = 50
P_LAST_RESORT: Final = 10
P_NEVER: Final = -1

DEFAULT_MAX_MOVES: Final = 2000
"""A game longer than this many moves (draws included) counts as lost."""


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One game played by the no-peeking player.

    ``won``: all 52 cards reached the foundations; ``moves``: every move made (draws and
    recycles included); ``card_moves``: moves of cards only; ``foundation``: cards on the
    foundations at the end (52 when won); ``face_down``: face-down cards left in the tableau."""

    won: bool
    moves: int
    card_moves: int
    foundation: int
    face_down: int


@dataclass(frozen=True, slots=True)
class _Seen:
    """What a person at the table sees, read through the game's public view: each column's
    face-up cards (as card indices, bottom to top) and how many lie face down under them, the
    foundation counts, the waste cards in sight (top last) and the sizes of waste and stock."""

    cols: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]
    found: tuple[int, ...]
    waste: tuple[int, ...]
    waste_len: int
    stock_len: int


def _see(game: Klondike) -> _Seen:
    """What the player sees of ``game`` (never a face-down card or the order of the stock)."""
    v = game.view()
    draw = game.rules.draw
    return _Seen(
        cols=tuple(
            tuple([c.index for c in col[h:]]) for col, h in zip(v.columns, v.face_down, strict=True)
        ),
        hidden=v.face_down,
        found=tuple(map(len, v.foundations)),
        waste=tuple([c.index for c in v.waste[-draw:]]),
        waste_len=len(v.waste),
        stock_len=len(v.stock),
    )


def _table_key(seen: _Seen) -> Hashable:
    """The visible tableau and foundations (what card moves change; the talon holds the rest)."""
    return (seen.cols, seen.hidden, seen.found)


def _talon_key(game: Klondike, seen: _Seen) -> Hashable:
    """Where the player is in the stock: what it sees of the waste and the two pile sizes."""
    return (
        seen.waste,
        seen.waste_len,
        seen.stock_len,
        game.pass_number if game.rules.passes is not None else 0,
    )


def _is_safe_home(card: int, found: tuple[int, ...]) -> bool:
    """True when ``card`` can go to its foundation without ever being missed in the tableau:
    no card of the other colour one rank lower still needs it as a landing place."""
    rank = _RANK[card]
    if rank <= 2:
        return True
    a, b = _OTHER_COLOUR[_SUIT[card]]
    return found[a] >= rank - 1 and found[b] >= rank - 1


def _king_waiting(seen: _Seen) -> bool:
    """True when a king could use an empty column: a king heading a run over face-down cards,
    or a king on top of the waste."""
    if seen.waste and _RANK[seen.waste[-1]] == 13:
        return True
    return any(
        h and up and _RANK[up[0]] == 13 for up, h in zip(seen.cols, seen.hidden, strict=True)
    )


def rank_move(game: Klondike, move: Move) -> int:
    """How good ``move`` looks from the visible cards (see the module docstring); higher is
    better, :data:`P_NEVER` for a move this player never makes. ``move`` must be legal."""
    return _rank(_see(game), move)


def _rank(seen: _Seen, move: Move) -> int:
    """:func:`rank_move` from what the player sees."""
    card_obj = move.card
    if card_obj is None:
        return P_DRAW
    card = card_obj.index
    found = seen.found
    hidden = seen.hidden
    to = move.to
    if seen.waste and seen.waste[-1] == card:
        if to == FOUNDATION:
            return P_SAFE_HOME if _is_safe_home(card, found) else P_HOME
        if _RANK[card] == 13:
            return P_WASTE_KING
        return P_WASTE
    src = -1
    pos = -1
    for i, up in enumerate(seen.cols):
        if card in up:
            src = i
            pos = up.index(card)
            break
    if src < 0:
        # A card back from its foundation: only as a last resort.
        return P_LAST_RESORT
    if to == FOUNDATION:
        if pos == 0 and hidden[src]:
            return P_EXPOSE + 50 + hidden[src]
        return P_SAFE_HOME if _is_safe_home(card, found) else P_HOME
    if pos == 0:
        if hidden[src]:
            return P_EXPOSE + (hidden[src] >> 1)
        if _RANK[card] == 13:
            return P_NEVER  # a king from one empty column to another changes nothing
        # Emptying a column is worth a lot when a king is waiting for it (a king over
        # face-down cards, or on the waste); otherwise only after the stock brought nothing.
        return P_EMPTY_FOR_KING if _king_waiting(seen) else P_EMPTY_COLUMN
    under = seen.cols[src][pos - 1]
    if found[_SUIT[under]] == _RANK[under] - 1:
        return P_FREE_FOR_HOME
    return P_LAST_RESORT


def best_move(game: Klondike, seed: int | random.Random | None = 0) -> Move | None:
    """The move this player would make now (a hint), or None when no move is legal.

    Ties between equally good moves are broken at random from ``seed``."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    best: list[Move] = []
    best_rank = P_NEVER
    seen = _see(game)
    for move in game.generate_legal_moves():
        r = _rank(seen, move)
        if r > best_rank:
            best, best_rank = [move], r
        elif r == best_rank and r != P_NEVER:
            best.append(move)
    if not best:
        return None
    return best[0] if len(best) == 1 else rng.choice(best)


class Player:
    """The no-peeking player with its memory of the game: the tableau layouts it has had, and
    where in the stock it has been since its last card move. :meth:`choose` gives its next move
    (one that leads to no layout it has had, and draws only while the stock still brings
    something new); :meth:`play` makes it; :meth:`follow` shows it a move someone else made."""

    def __init__(self, game: Klondike, seed: int | random.Random = 0) -> None:
        self.game = game
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.seen = _see(game)
        self.tables: set[Hashable] = {_table_key(self.seen)}
        self.talon_seen: set[Hashable] = {_talon_key(game, self.seen)}

    def _remember(self, move: Move, after: _Seen) -> bool:
        """Note the position ``move`` led to; False (nothing noted) when it brings nothing new."""
        g = self.game
        if move.card is None:
            key = _talon_key(g, after)
            if key in self.talon_seen:
                return False
            self.talon_seen.add(key)
        else:
            key = _table_key(after)
            if key in self.tables:
                return False
            self.tables.add(key)
            self.talon_seen = {_talon_key(g, after)}
        self.seen = after
        return True

    def follow(self, move: Move) -> None:
        """Make ``move`` (someone else's choice, e.g. the player at the table) and remember
        where it led."""
        self.game.push(move)
        after = _see(self.game)
        if not self._remember(move, after):
            self.seen = after  # a position had before: the memory stays as it was

    def choose(self, *, make: bool = False) -> Move | None:
        """The move this player makes next, or None when every move leads back to where it
        has been (the game is lost for it). With ``make`` the move is made."""
        g = self.game
        ranked: list[tuple[int, Move]] = []
        for move in g.generate_legal_moves():
            r = _rank(self.seen, move)
            if r != P_NEVER:
                ranked.append((r, move))
        ranked.sort(key=lambda rm: -rm[0])
        i = 0
        while i < len(ranked):
            # The group of moves sharing this rank, tried in random order. A draw that brings
            # the stock back where it was since the last card move means a whole round brought
            # nothing; only then are the weaker moves (ranked below a draw) reached.
            j = i
            while j < len(ranked) and ranked[j][0] == ranked[i][0]:
                j += 1
            group = [m for _, m in ranked[i:j]]
            i = j
            if len(group) > 1:
                self.rng.shuffle(group)
            for move in group:
                g.push(move)
                if self._remember(move, _see(g)):
                    if not make:
                        g.pop()
                    return move
                g.pop()
        return None


def hint(start: Klondike, history: Iterable[Move] = (), seed: int = 0) -> Move | None:
    """The hint after ``history`` (the moves made so far) from the position ``start``: the
    player's choice with the memory of that game, so that it never suggests going round the
    stock again for nothing or back to a layout already had. None when no move helps in its
    view. ``start`` is left unchanged."""
    player = Player(start.copy(stack=False), seed)
    for move in history:
        player.follow(move)
    return player.choose()


def play(game: Klondike, seed: int = 0, *, max_moves: int = DEFAULT_MAX_MOVES) -> PlayResult:
    """Play a whole game from ``game``'s position (``game`` itself is left unchanged).

    The player never moves a card into a layout of the tableau it has already had, so it cannot
    go round in circles; when a whole round of the stock brings nothing new it tries its weaker
    moves, and when none is left the game is lost."""
    player = Player(game.copy(stack=False), seed)
    moves = 0
    card_moves = 0
    while moves < max_moves and not player.game.is_won():
        chosen = player.choose(make=True)
        if chosen is None:
            break
        moves += 1
        if chosen.card is not None:
            card_moves += 1
    g = player.game
    return PlayResult(
        won=g.is_won(),
        moves=moves,
        card_moves=card_moves,
        foundation=sum(g.foundation_counts()),
        face_down=g.face_down_count(),
    )
