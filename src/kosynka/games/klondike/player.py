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

As the game's hint (:func:`hint`, ``Player(..., hints=True)``) it is held to a stricter rule: it
never leads into any position the game has had (whoever made the moves), and a move ranked
below a draw is hinted only when progress is in sight within :data:`PLAN_DEPTH` more moves over
the visible cards (a card turned up or home beyond the most so far, or a talon card it has seen
given a new place), the shortest such line first; the next hint goes on with that line
before any draw, and after :data:`MAX_WEAK` such moves without progress it has none (the web
says "no useful move").

Moves of equal rank (two columns with as many face-down cards, two places for the same card) are
chosen at random from a seed, so several games from one deal with different seeds show how much
luck the deal needs.

A plainer hint judges a position alone, without the game so far: :func:`heuristic_hint` scores
each legal card move by :func:`score_move` (safe cards home first, then moves that turn a card
up) and falls back on a draw or a new pass; :func:`safe_home_moves` lists the cards that can go
home without ever being missed (:func:`is_safe_home`), the moves the web page's auto option
makes.

>>> from kosynka import Klondike, KlondikeRules
>>> result = play(Klondike(1, rules=KlondikeRules(draw=1)), seed=0)
>>> result.moves > 0
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple

from kosynka.cards import CARD_RANK, CARD_RED, CARD_SUIT, KING, Card
from kosynka.games.klondike.rules import FOUNDATION, Klondike, Move

_RANK: Final = CARD_RANK
_SUIT: Final = CARD_SUIT
_RED: Final = CARD_RED
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

MAX_WEAK: Final = 8
"""As the game's hint, the player makes at most this many moves ranked below a draw (each
followed by a round of the stock) between two steps of progress; then it has no hint."""
PLAN_DEPTH: Final = 2
"""As the game's hint, how many more card moves a weak move may need before the progress it
prepares (see :meth:`Player._leads`)."""
PLAN_NODES: Final = 300
"""How many positions one hint's search of weak moves may look at."""

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

    @classmethod
    def at_end(cls, game: Klondike, moves: int, card_moves: int) -> PlayResult:
        """The result of a game that ended at ``game`` after ``moves`` moves, ``card_moves``
        of them of cards."""
        return cls(
            won=game.is_won(),
            moves=moves,
            card_moves=card_moves,
            foundation=sum(game.foundation_counts()),
            face_down=game.face_down_count(),
        )


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


def _marks(game: Klondike) -> tuple[int, int, int]:
    """Measures of progress, each smaller when better: the face-down cards, minus the cards
    home, the cards in stock and waste."""
    return (
        game.face_down_count(),
        -sum(game.foundation_counts()),
        game.stock_count() + len(game.waste()),
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

    def __init__(
        self, game: Klondike, seed: int | random.Random = 0, *, hints: bool = False
    ) -> None:
        self.game = game
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.seen = _see(game)
        self.tables: set[Hashable] = {_table_key(self.seen)}
        self.talon_seen: set[Hashable] = {_talon_key(game, self.seen)}
        self.positions: set[Hashable] | None = {game.key()} if hints else None
        """As the game's hint: the key of every position the game has had, so that a move into
        one is never chosen, whoever made the moves that led there (the memory above follows
        the player's own play and may forget a position the person at the table went back
        to)."""
        self.best: tuple[int, ...] = _marks(game)
        """The best of each measure of progress so far (see :func:`_marks`)."""
        self.shown: set[int] = set(self.seen.waste)
        """The talon cards seen on the waste."""
        self.weak = 0
        """Moves ranked below a draw made since the last progress."""
        self.in_line = False
        """The last move was a weak one without progress: the start of a line toward the
        progress :meth:`_leads` saw, which the next hint goes on with before drawing."""

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

    def _progress(self, move_rank: int) -> None:
        """Note the position a move ranked ``move_rank`` led to: progress (a card turned up,
        more cards home than ever, fewer cards in stock and waste than ever, a card seen on
        the waste for the first time) or, for a weak move without progress, one more weak
        move."""
        g = self.game
        marks = _marks(g)
        gained = any(m < b for m, b in zip(marks, self.best, strict=True))
        self.best = tuple(min(m, b) for m, b in zip(marks, self.best, strict=True))
        shown = {c.index for c in g.waste()[-g.rules.draw :]}
        if not shown <= self.shown:
            self.shown |= shown
            gained = True
        if gained:
            self.weak = 0
        elif move_rank < P_DRAW:
            self.weak += 1
        self.in_line = not gained and move_rank < P_DRAW

    def _known_talon(self, seen: _Seen) -> set[int]:
        """The talon cards the player has seen on the waste and knows to be still there (not
        in a column or home since)."""
        placed = {c for up in seen.cols for c in up}
        return {c for c in self.shown if c not in placed and seen.found[_SUIT[c]] < _RANK[c]}

    @staticmethod
    def _places(seen: _Seen, cards: set[int]) -> set[int]:
        """Those of ``cards`` that could go somewhere now: onto a column's top card (one rank
        higher, the other colour), a king into an empty column, or home."""
        tops = {up[-1] for up in seen.cols if up}
        empty = any(not up and not h for up, h in zip(seen.cols, seen.hidden, strict=True))
        out = set()
        for c in cards:
            r = _RANK[c]
            if (
                seen.found[_SUIT[c]] == r - 1
                or (r == 13 and empty)
                or any(_RANK[t] == r + 1 and _RED[t] != _RED[c] for t in tops)
            ):
                out.add(c)
        return out

    def _leads(self, depth: int, talon: set[int], before: set[int], budget: list[int]) -> bool:
        """True when from the position now, within ``depth`` more card moves of the tableau,
        progress is in sight: a card turned up or sent home beyond the most so far, or one of
        the ``talon`` cards the player knows given a place it had not (``before``). Only what
        the player sees is read: a move that turns a card up ends the line."""
        g = self.game
        seen = _see(g)
        if self._places(seen, talon) - before:
            return True
        home = sum(seen.found)
        moves = []
        for m in g.generate_legal_moves():
            if m.card is None or (seen.waste and seen.waste[-1] == m.card.index):
                continue  # the talon's own moves are not part of the search
            r = _rank(seen, m)
            if P_EXPOSE <= r < P_SAFE_HOME or (m.to == FOUNDATION and home + 1 > -self.best[1]):
                return True
            if r != P_NEVER:
                moves.append(m)
        if depth <= 0:
            return False
        positions = self.positions or set()
        for m in moves:
            if budget[0] <= 0:
                return False
            budget[0] -= 1
            g.push(m)
            try:
                if g.key() in positions or _table_key(_see(g)) in self.tables:
                    continue
                if self._leads(depth - 1, talon, before, budget):
                    return True
            finally:
                g.pop()
        return False

    def follow(self, move: Move) -> None:
        """Make ``move`` (someone else's choice, e.g. the player at the table) and remember
        where it led."""
        move_rank = _rank(_see(self.game), move) if self.positions is not None else 0
        self.game.push(move)
        if self.positions is not None:
            self.positions.add(self.game.key())
            self._progress(move_rank)
        after = _see(self.game)
        if not self._remember(move, after):
            self.seen = after  # a position had before: the memory stays as it was

    def hint_now(self, seed: int) -> Move | None:
        """The move :func:`hint` gives here with ``seed``, this player having followed the
        game's moves (:meth:`follow`) since its start: what :meth:`choose` gives with a fresh
        random generator, this player's memory left as it was. A game followed move by move
        thus asks for each hint in time independent of the moves made, where :func:`hint`
        replays them all."""
        probe = copy.copy(self)
        probe.rng = random.Random(seed)
        probe.tables = set(self.tables)
        probe.talon_seen = set(self.talon_seen)
        return probe.choose()

    def choose(self, *, make: bool = False) -> Move | None:
        """The move this player makes next, or None when every move leads back to where it
        has been (the game is lost for it). With ``make`` the move is made."""
        g = self.game
        hints = self.positions is not None
        ranked: list[tuple[float, int, Move]] = []
        # As the game's hint, weak moves only while few have been made since the last progress;
        # right after one, the line it began goes on before any draw (a round of the stock in
        # between would let another weak move start another line, and cards go to and fro).
        floor = P_DRAW if hints and self.weak >= MAX_WEAK else P_NEVER + 1
        go_on = hints and self.in_line
        for move in g.generate_legal_moves():
            r = _rank(self.seen, move)
            if r >= floor:
                ranked.append((P_DRAW + 0.5 + r / 1000 if go_on and r < P_DRAW else r, r, move))
        ranked.sort(key=lambda km: -km[0])
        depth = PLAN_DEPTH - 1 if go_on else PLAN_DEPTH
        talon = self._known_talon(self.seen) if hints else set()
        before = self._places(self.seen, talon) if hints else set()
        i = 0
        while i < len(ranked):
            # The group of moves sharing this rank, tried in random order. A draw that brings
            # the stock back where it was since the last card move means a whole round brought
            # nothing; only then are the weaker moves (ranked below a draw) reached.
            j = i
            while j < len(ranked) and ranked[j][0] == ranked[i][0]:
                j += 1
            group_rank = ranked[i][1]
            if hints and group_rank < P_DRAW:
                # As the game's hint the weak moves (side by side in the order) are weighed
                # together: the one with the shortest line to progress.
                while j < len(ranked) and ranked[j][1] < P_DRAW:
                    j += 1
                weak = [(r, m) for _, r, m in ranked[i:j]]
                i = j
                chosen = self._toward(weak, depth, talon, before, make)
                if chosen is not None:
                    return chosen
                continue
            group = [m for _, _, m in ranked[i:j]]
            i = j
            if len(group) > 1:
                self.rng.shuffle(group)
            for move in group:
                g.push(move)
                positions = self.positions
                if (positions is None or g.key() not in positions) and self._remember(
                    move, _see(g)
                ):
                    if not make:
                        g.pop()
                    elif positions is not None:
                        positions.add(g.key())
                        self._progress(group_rank)
                    return move
                g.pop()
        return None

    def _toward(
        self,
        weak: list[tuple[int, Move]],
        depth: int,
        talon: set[int],
        before: set[int],
        make: bool,
    ) -> Move | None:
        """As the game's hint, the weak move (of ``weak``, rank and move, best rank first) to
        make: one into no position the game has had and no tableau layout the player has had,
        from which progress is in sight (:meth:`_leads`) within the fewest moves, at most
        ``depth`` more; the better rank first, ties in random order. A move that is not needed
        for the progress it sees (any move would do before the one that makes it) is thus not
        chosen over that one. With ``make`` the move is made."""
        g = self.game
        positions = self.positions
        assert positions is not None
        cands: list[tuple[int, Move]] = []
        k = 0
        while k < len(weak):
            n = k
            while n < len(weak) and weak[n][0] == weak[k][0]:
                n += 1
            group = weak[k:n]
            k = n
            if len(group) > 1:
                self.rng.shuffle(group)
            for r, move in group:
                g.push(move)
                if g.key() not in positions and _table_key(_see(g)) not in self.tables:
                    cands.append((r, move))
                g.pop()
        budget = [PLAN_NODES]
        for d in range(depth + 1):
            for r, move in cands:
                g.push(move)
                if self._leads(d, talon, before, budget) and self._remember(move, _see(g)):
                    if make:
                        positions.add(g.key())
                        self._progress(r)
                    else:
                        g.pop()
                    return move
                g.pop()
        return None


def hint(start: Klondike, history: Iterable[Move] = (), seed: int = 0) -> Move | None:
    """The hint after ``history`` (the moves made so far) from the position ``start``: the
    player's choice with the memory of that game, so that it never suggests going round the
    stock again for nothing, back to a layout already had, or into any position the game has
    had. None when no move helps in its view. ``start`` is left unchanged."""
    player = Player(start.copy(stack=False), seed, hints=True)
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
    return PlayResult.at_end(player.game, moves, card_moves)


# ----------------------------------------------------------------------------- a position's hint
def is_safe_home(game: Klondike, card: Card) -> bool:
    """True when sending ``card`` to its foundation can never cost a move: it is an ace or a
    two, or every card that could be built on it in a column (the next lower rank of the other
    colour) is already home."""
    return _is_safe_home(card.index, game.foundation_counts())


def safe_home_moves(game: Klondike) -> list[Move]:
    """The legal foundation moves that are safe (see :func:`is_safe_home`), in legal-move order.

    When more than one card is drawn at a time, the waste's top card is never one of them:
    taking it out of the talon shifts every later card of the stock by one place in the groups
    the draws turn up, which can bury a card the game needs (KPat Draw 3 deals 1 and 2 are
    winnable before a two and a three go home from the waste, and lost after)."""
    waste_top = game._waste[-1] if game._waste and game.rules.draw > 1 else None
    return [
        m
        for m in game.legal_moves
        if m.card is not None
        and m.to == FOUNDATION
        and m.card.index != waste_top
        and is_safe_home(game, m.card)
    ]


@dataclass(frozen=True, slots=True)
class _Where:
    """Where a card lies for the heuristic: column (or -1), index in it, face-down below."""

    column: int
    index: int
    down_below: int


def _where(game: Klondike, card: Card) -> _Where:
    """Find ``card`` among the face-up column cards; column -1 means waste or foundation. (It
    reads the columns' card indices: the hint's line search asks it of every move it tries.)"""
    index = card.index
    for i, col in enumerate(game._cols):
        if index in col:
            return _Where(i, col.index(index), game._hidden[i])
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


class Hint(NamedTuple):
    """A suggested move (None only when no card can ever move again) and its kind."""

    move: Move | None
    kind: str


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
