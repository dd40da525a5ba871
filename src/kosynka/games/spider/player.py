"""The no-peeking Spider player: picks a move from what a person at the table can see.

It looks only at the face-up cards, how many cards lie face down in each column, how many rows
are left in the stock and the runs removed; it never reads a face-down card or the stock's order.
It gives the game's hints while anything is hidden (the solver's line is a fair hint only once
every card is face up and the stock dealt), and is a yardstick for grading deals (a deal this
player wins often is easy for people).

The policy is the usual list of Spider hints, best first:

1. a move that finishes a King-to-Ace run of one suit (it leaves the table), unless the table
   would then hold fewer cards than a row while rows are left: no row could ever be dealt (a
   row is dealt only with every column filled), and the game would be lost;
2. a move that turns up a face-down card (onto a card of the same suit if it can; the fewer
   cards left face down in that column, the better: it is closer to being emptied);
3. a move that empties a column;
4. building in suit: a card or group onto the next higher card of its own suit, from a place
   where it was not already in suit;
5. a move that turns up a card by putting a group into an empty column;
6. a move that frees a card buried under a card that does not fit it;
7. a move that sets up one of the above for the next move (one move of lookahead, made only on
   moves that turn no card up, so nothing hidden is looked at);
8. dealing a row, when nothing above is left (empty columns are filled first, with the
   shortest group, since a row is not dealt while one is empty);
9. with the stock gone, a few tries of weaker moves (a card from one place of its rank to
   another, a card parked in an empty column) to layouts it has not had.

A move that breaks a run of one suit, or moves a whole column into another empty column, is not
made unless the lookahead shows it turns up a card next. The player never moves into a layout it
has already had, and after :data:`EXPLORE_MOVES` moves in a row that bring no progress (no card
turned up, no run removed, no card newly in suit) it only turns cards up, deals or gives up; so
its games end, and soon.

Equally good moves are chosen at random from a seed, so games from one deal with several seeds
show how much luck the deal needs.

>>> from kosynka.games.spider import Spider, SpiderRules
>>> result = play(Spider(1, rules=SpiderRules(suits=1)), seed=0)
>>> result.moves > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Final

from kosynka.games.spider.rules import _MOVES, _RANK, FOUNDATION, ROW, Move, Spider

# Scores of moves (higher is better). Moves scoring at least P_USEFUL are made before dealing;
# those below are made only when the stock is empty; P_NEVER moves are not made at all.
P_RUN: Final = 10_000
P_REVEAL: Final = 1_000
P_EMPTY: Final = 800
P_SUIT: Final = 600
P_FREE: Final = 200
P_USEFUL: Final = 100
P_SHUFFLE: Final = 10
P_INTO_EMPTY: Final = 5
P_NEVER: Final = -1
REVEAL_SHORT: Final = 10
"""How much more a card turned up is worth for each face-down card fewer in its column."""
REVEAL_INTO_EMPTY: Final = 700
"""How much less a card turned up is worth when the group goes into an empty column."""
REVEAL_IN_SUIT: Final = 50
"""How much more a card turned up is worth when the group lands in suit."""

EXPLORE_MOVES: Final = 20
"""How many moves in a row that gain nothing (no card turned up, no run removed, no card more
in suit) the player makes before it deals, or gives up when the stock is gone."""

DEFAULT_MAX_MOVES: Final = 1500
"""A game longer than this many moves (dealt rows included) counts as lost."""


@dataclass(frozen=True, slots=True)
class PlayResult:
    """One game played by the no-peeking player.

    ``won``: all eight runs removed; ``moves``: every move made (dealt rows included);
    ``card_moves``: moves of cards only; ``runs_removed``: complete runs taken off (8 when won);
    ``face_down``: face-down cards left; ``rows_left``: rows still in the stock."""

    won: bool
    moves: int
    card_moves: int
    runs_removed: int
    face_down: int
    rows_left: int

    @classmethod
    def at_end(cls, game: Spider, moves: int, card_moves: int) -> PlayResult:
        """The result of a game that ended at ``game`` after ``moves`` moves, ``card_moves``
        of them of cards."""
        return cls(
            won=game.is_won(),
            moves=moves,
            card_moves=card_moves,
            runs_removed=game.runs_removed(),
            face_down=game.face_down_count(),
            rows_left=game.rows_left(),
        )


def _visible_key(game: Spider) -> Hashable:
    """What a player sees: the face-up cards, the face-down counts and the rows left."""
    return (
        tuple(tuple(col[h:]) for col, h in zip(game._cols, game._hidden, strict=True)),
        tuple(game._hidden),
        game._next,
    )


def _unseen(game: Spider) -> int:
    """Cards the player has not seen yet: face down in the columns or still in the stock."""
    return game.face_down_count() + game.stock_count()


def _progress(game: Spider) -> tuple[int, int, int]:
    """How far the game has come (smaller is further): face-down cards left, then runs removed
    and cards lying in suit (both negated)."""
    return (game.face_down_count(), -game.runs_removed(), -_suited_links(game))


def _suited_links(game: Spider) -> int:
    """How many face-up cards lie on the next higher card of their own suit."""
    n = 0
    for col, h in zip(game._cols, game._hidden, strict=True):
        for j in range(h + 1, len(col)):
            if col[j - 1] == col[j] + 1 and _RANK[col[j]] != 13:
                n += 1
    return n + 12 * game.runs_removed()


def _suited_length(col: list[int], top: int, low: int) -> int:
    """Length of the one-suit run ending at index ``top`` of ``col`` (not below ``low``)."""
    j = top
    while j > low and col[j - 1] == col[j] + 1 and _RANK[col[j]] != 13:
        j -= 1
    return top - j + 1


# A candidate card move is the triple (source column, index of the card in it, destination).
_Cand = tuple[int, int, int]


def _candidates(game: Spider) -> list[_Cand]:
    """The legal card moves as triples, like :meth:`Spider.legal_move_list` but with moves into
    empty columns only into the first one (the others are the same move)."""
    cols = game._cols
    hidden = game._hidden
    onto: list[list[int]] = [[] for _ in range(15)]
    first_empty = -1
    for k, col in enumerate(cols):
        if col:
            onto[_RANK[col[-1]]].append(k)
        elif first_empty < 0:
            first_empty = k
    out: list[_Cand] = []
    for i, col in enumerate(cols):
        if not col:
            continue
        j = len(col) - 1
        low = hidden[i]
        while True:
            card = col[j]
            r = _RANK[card]
            for k in onto[r + 1]:
                if k != i:
                    out.append((i, j, k))
            if first_empty >= 0:
                out.append((i, j, first_empty))
            if j == low or col[j - 1] != card + 1 or r == 13:
                break
            j -= 1
    return out


def _score(game: Spider, src: int, idx: int, to: int) -> int:
    """How good moving the card at ``idx`` of column ``src`` (with the cards on it) to column
    ``to`` looks from the visible cards, without lookahead (see the module docstring)."""
    cols = game._cols
    col = cols[src]
    card = col[idx]
    group = len(col) - idx
    dest = cols[to]
    h = game._hidden[src]
    suited_dest = bool(dest) and dest[-1] == card + 1 and _RANK[card] != 13
    if suited_dest and group + _suited_length(dest, len(dest) - 1, game._hidden[to]) >= 13:
        if game.rows_left() and sum(map(len, cols)) - 13 < ROW:
            return P_NEVER  # the table would hold too few cards for a row ever to be dealt
        return P_RUN
    if idx > 0 and idx == h:
        # The card under the group turns up.
        score = P_REVEAL + REVEAL_SHORT * (10 - min(h, 10)) + (REVEAL_IN_SUIT if suited_dest else 0)
        return score - (REVEAL_INTO_EMPTY if not dest else 0)
    if idx == 0:
        if not dest:
            return P_NEVER  # a whole column from one empty column to another
        return P_EMPTY + (50 if suited_dest else 0) - group
    below = col[idx - 1]
    if below == card + 1 and _RANK[card] != 13:
        return P_NEVER  # it already lies in suit: moving it breaks a run
    if not dest:
        return P_INTO_EMPTY
    if suited_dest:
        return P_SUIT + group
    if _RANK[below] != _RANK[card] + 1:
        return P_FREE + group  # it lay on a card it does not fit; that card is freed
    return P_SHUFFLE


def _move(game: Spider, cand: _Cand) -> Move:
    """The Move value of the candidate ``cand``."""
    src, idx, to = cand
    return _MOVES[(src * 52 + game._cols[src][idx]) * 11 + to]


def score_move(game: Spider, move: Move) -> int:
    """How good the legal, column-naming ``move`` looks from the visible cards, without
    lookahead; higher is better, :data:`P_NEVER` for a move this player does not make."""
    if move.card is None:
        return P_USEFUL - 1
    src = move.source
    if src is None or move.to == FOUNDATION:
        return P_NEVER
    col = game._cols[src]
    idx = len(col) - 1 - col[::-1].index(move.card.index)
    return _score(game, src, idx, move.to)


def _code(game: Spider, cand: _Cand) -> int:
    """A number naming the move ``cand`` (source, card, destination) whatever the indices."""
    src, idx, to = cand
    return (src * 52 + game._cols[src][idx]) * 11 + to


def _flips(game: Spider, cand: _Cand, score: int) -> bool:
    """True when the move turns up a face-down card or finishes a run (so what follows it is
    not visible now)."""
    src, idx, _ = cand
    return score >= P_RUN or (idx > 0 and idx == game._hidden[src])


def _lookahead(game: Spider, cand: _Cand, before: set[int]) -> int:
    """The best score of a move that ``cand`` makes possible (one not legal before it), or
    P_NEVER; only for moves that turn no card up."""
    snap = game._snapshot()
    game._apply(_move(game, cand), cand[1])
    try:
        best = P_NEVER
        for c in _candidates(game):
            if _code(game, c) not in before:
                s = _score(game, *c)
                if s > best:
                    best = s
        return best
    finally:
        game._restore(snap)


def _after(game: Spider, cand: _Cand) -> Hashable:
    """The visible layout after the move ``cand`` (one that turns no card up)."""
    snap = game._snapshot()
    game._apply(_move(game, cand), cand[1])
    try:
        return _visible_key(game)
    finally:
        game._restore(snap)


def _scored(game: Spider) -> list[tuple[int, _Cand]]:
    """The candidate moves with their scores, one move of lookahead on the weak ones that turn
    no card up, best first (a stable sort: equal scores keep the candidates' order)."""
    cands = _candidates(game)
    before = {_code(game, c) for c in cands}
    scored: list[tuple[int, _Cand]] = []
    for c in cands:
        s = _score(game, *c)
        if s < P_USEFUL and not _flips(game, c, s):
            nxt = _lookahead(game, c, before)
            if nxt >= P_REVEAL and s == P_NEVER:
                s = P_USEFUL + (nxt - P_REVEAL) // 10
            elif nxt >= P_USEFUL and s != P_NEVER:
                s = max(s, P_USEFUL + nxt // 10)
        scored.append((s, c))
    scored.sort(key=lambda sc: -sc[0])
    return scored


def _choose(
    game: Spider, rng: random.Random, seen: set[Hashable] | None, tired: bool = False
) -> Move | None:
    """The move the player makes now, skipping moves into layouts in ``seen``. Once ``tired``
    (many moves without progress) it only makes moves that turn up a card or finish a run,
    and otherwise deals, or gives up when the stock is gone; before that, with the stock
    gone, it also tries weak moves to layouts it has not had."""
    can_deal = game._explain_deal() is None
    has_stock = game.stock_count() > 0
    scored = _scored(game)

    def fresh(c: _Cand, s: int) -> bool:
        """True unless the move leads to a layout the player has had."""
        return seen is None or _flips(game, c, s) or _after(game, c) not in seen

    i = 0
    while i < len(scored):
        level = scored[i][0]
        if level < P_USEFUL:
            break  # weak moves only as a way to deal (filling the empty columns)
        j = i
        while j < len(scored) and scored[j][0] == level:
            j += 1
        group = [c for _, c in scored[i:j]]
        i = j
        rng.shuffle(group)
        for c in group:
            if (not tired or _flips(game, c, level)) and fresh(c, level):
                return _move(game, c)
    if not has_stock:
        if tired or seen is None:
            return None
        weak = [(s, c) for s, c in scored[i:] if s > P_NEVER]
        rng.shuffle(weak)
        weak.sort(key=lambda sc: -sc[0])
        for s, c in weak:
            if fresh(c, s):
                return _move(game, c)
        return None
    if can_deal:
        return Move.deal()
    # A row is refused while a column is empty: fill them, with the shortest group that leaves
    # its column non-empty, out of suit if possible.
    fills = [
        (s == P_NEVER, len(game._cols[c[0]]) - c[1], c)
        for s, c in scored
        if c[1] > 0 and not game._cols[c[2]]
    ]
    fills.sort(key=lambda f: (f[0], f[1]))
    for _, _, c in fills:
        if fresh(c, P_NEVER):
            return _move(game, c)
    return None


def _turns_up(game: Spider, cand: _Cand) -> bool:
    """True when the move ``cand`` turns up the face-down card under the group."""
    src, idx, _ = cand
    return idx > 0 and idx == game._hidden[src]


def _completes(game: Spider, cand: _Cand) -> bool:
    """True when the move ``cand`` finishes a King-to-Ace run of one suit (it leaves)."""
    src, idx, to = cand
    col = game._cols[src]
    card = col[idx]
    dest = game._cols[to]
    if not dest or dest[-1] != card + 1 or _RANK[card] == 13:
        return False
    return len(col) - idx + _suited_length(dest, len(dest) - 1, game._hidden[to]) >= 13


def _suit_change(game: Spider, cand: _Cand) -> int:
    """How many more face-up cards lie on the next higher card of their suit after the move
    ``cand`` (one that finishes no run): +1 landing in suit, -1 leaving a card of its suit."""
    src, idx, to = cand
    col = game._cols[src]
    card = col[idx]
    if _RANK[card] == 13:
        return 0
    dest = game._cols[to]
    change = 1 if dest and dest[-1] == card + 1 else 0
    if idx > game._hidden[src] and col[idx - 1] == card + 1:
        change -= 1
    return change


def _shift(game: Spider, cand: _Cand) -> int:
    """Make the move ``cand``, one that turns nothing up and finishes no run, without the
    engine's bookkeeping; the number of cards moved (for :func:`_unshift`)."""
    src, idx, to = cand
    col = game._cols[src]
    game._cols[to].extend(col[idx:])
    n = len(col) - idx
    del col[idx:]
    return n


def _unshift(game: Spider, cand: _Cand, n: int) -> None:
    """Take back the move ``cand`` made by :func:`_shift` (``n`` cards)."""
    src, _, to = cand
    dest = game._cols[to]
    game._cols[src].extend(dest[-n:])
    del dest[-n:]


def _pointless(game: Spider, cand: _Cand) -> bool:
    """True for a whole column moved into an empty column (nothing changes but the place)."""
    return cand[1] == 0 and not game._cols[cand[2]]


class _Search:
    """A search over what the player sees: from the position of ``game``, is there a gain
    (a card turned up, a run finished, more cards in suit than ``best_suited``) within a few
    moves that turn nothing up, without passing through a layout in ``avoid``? It never looks
    past a move that turns a card up, so it reads no face-down card; it stops after ``nodes``
    positions, so a hint costs milliseconds."""

    def __init__(self, game: Spider, avoid: set[Hashable], best_suited: int, nodes: int) -> None:
        self.game = game
        self.avoid = avoid
        self.best_suited = best_suited
        self.nodes = nodes
        self.done: dict[Hashable, int] = {}
        """Layouts searched, with the depth they were searched to."""

    def gains(self, cand: _Cand, suited: int) -> bool:
        """True when the move ``cand`` is itself a gain (``suited``: the cards in suit now)."""
        g = self.game
        return (
            _turns_up(g, cand)
            or _completes(g, cand)
            or suited + _suit_change(g, cand) > self.best_suited
        )

    def reaches(self, depth: int, suited: int) -> bool:
        """True when a gain is one move away, or ``depth`` moves without gain and then one."""
        g = self.game
        cands = _candidates(g)
        if any(self.gains(c, suited) for c in cands):
            return True
        if depth <= 0:
            return False
        for c in cands:
            if _pointless(g, c):
                continue
            if self.nodes <= 0:
                return False
            change = _suit_change(g, c)
            n = _shift(g, c)
            key = _visible_key(g)
            try:
                if key in self.avoid or self.done.get(key, -1) >= depth - 1:
                    continue
                self.nodes -= 1
                self.done[key] = depth - 1
                if self.reaches(depth - 1, suited + change):
                    return True
            finally:
                _unshift(g, c, n)
        return False

    def leads(self, cand: _Cand, depth: int, suited: int) -> bool:
        """True when the move ``cand`` (no gain itself) goes to a layout not in ``avoid`` from
        which a gain is in reach (:meth:`reaches` with ``depth``)."""
        g = self.game
        change = _suit_change(g, cand)
        n = _shift(g, cand)
        try:
            key = _visible_key(g)
            if key in self.avoid or self.nodes <= 0:
                return False
            self.nodes -= 1
            self.done[key] = depth
            return self.reaches(depth, suited + change)
        finally:
            _unshift(g, cand, n)


MAX_IDLE: Final = 20
"""The most moves in a row without a gain (a card turned up, a row dealt, a run removed, more
cards in suit than since the last of those) that the hints lead through; the moves that fill
empty columns so that a row can be dealt come on top."""
PLAN_DEPTH: Final = 3
"""How many more moves without a gain a hint's move may need before the gain it prepares."""
PLAN_NODES: Final = 400
"""How many layouts one hint's search may look at."""


class Player:
    """The no-peeking player as the game's hint, with its memory of the game: every layout
    the game has had (a hint never leads back to one) and how long ago it last gained
    something. :meth:`follow` shows it each move made; :meth:`choose` gives the hint.

    Its choice is the play of :func:`play` held to a stricter rule: a move is hinted only when
    it gains something (a card turned up, a run finished, more cards in suit than since the
    last card turned up) or begins a short line of moves that does (:class:`_Search`, over the
    visible cards only), and never after :data:`MAX_IDLE` moves without a gain. When no such
    move is left it deals a row (filling the empty columns first), and with the stock gone it
    has no hint: every move left would only shuffle cards."""

    def __init__(self, game: Spider, seed: int = 0) -> None:
        self.game = game
        self.seed = seed
        self.seen: set[Hashable] = {_visible_key(game)}
        self.unseen = _unseen(game)
        self.runs = game.runs_removed()
        self.best_suited = _suited_links(game)
        self.idle = 0
        """Moves made since the last gain."""

    def follow(self, move: Move) -> None:
        """Make ``move`` (IllegalMoveError if refused) and remember where it led."""
        g = self.game
        g.advance(move)
        self.seen.add(_visible_key(g))
        unseen, runs, suited = _unseen(g), g.runs_removed(), _suited_links(g)
        if unseen < self.unseen or runs > self.runs:
            self.unseen, self.runs, self.best_suited, self.idle = unseen, runs, suited, 0
        elif suited > self.best_suited:
            self.best_suited, self.idle = suited, 0
        else:
            self.idle += 1

    def choose(self) -> Move | None:
        """The hint: the player's best move that gains or leads to a gain (see the class),
        else a row dealt (or an empty column filled so that one can be), else None."""
        g = self.game
        if g.is_won():
            return None
        rng = random.Random(self.seed)
        scored = _scored(g)
        suited = _suited_links(g)
        budget = MAX_IDLE - self.idle - 1
        search = _Search(g, self.seen, self.best_suited, PLAN_NODES)

        # The moves the player rates useful, best first (ties in random order): one that
        # gains at once is the hint; the others, and the weaker moves after them, only as the
        # start of a short line to a gain, the shortest line first (a move the gain does not
        # need, say a card moved to and fro, is not chosen over the one that makes it).
        i = 0
        later: list[_Cand] = []
        while i < len(scored) and scored[i][0] >= P_USEFUL:
            j = i
            while j < len(scored) and scored[j][0] == scored[i][0]:
                j += 1
            group = [c for _, c in scored[i:j]]
            i = j
            rng.shuffle(group)
            for c in group:
                if search.gains(c, suited):
                    return _move(g, c)
                later.append(c)
        weak = later + [c for _, c in scored[i:] if not _pointless(g, c)]
        for c in weak:
            if search.gains(c, suited):
                return _move(g, c)
        for depth in range(min(PLAN_DEPTH, budget) + 1):
            for c in weak:
                if search.leads(c, depth, suited):
                    return _move(g, c)
        if g.stock_count() == 0:
            return None
        if g._explain_deal() is None:
            return Move.deal()
        # A row is refused while a column is empty: fill them, with the shortest group that
        # leaves its column non-empty, out of suit if possible.
        fills = [
            (s == P_NEVER, len(g._cols[c[0]]) - c[1], c)
            for s, c in scored
            if c[1] > 0 and not g._cols[c[2]]
        ]
        fills.sort(key=lambda f: (f[0], f[1]))
        for _, _, c in fills:
            if _turns_up(g, c) or _after(g, c) not in self.seen:
                return _move(g, c)
        return None


def hint(start: Spider, history: Iterable[Move] = (), seed: int = 0) -> Move | None:
    """The hint after ``history`` (the moves made so far) from the position ``start``: the
    choice of a :class:`Player` that has followed that game, so it never leads back to a
    layout the game has had and never shuffles cards for nothing. None when it has no move
    to offer (every move left only shuffles cards, or none is legal). ``start`` is left
    unchanged."""
    player = Player(start.copy(stack=False), seed)
    for move in history:
        player.follow(move)
    return player.choose()


def best_move(game: Spider, seed: int | random.Random | None = 0) -> Move | None:
    """The move this player would make now (a hint), or None when it sees nothing worth doing
    (no legal move, or only moves that undo progress). Ties are broken at random from ``seed``.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return _choose(game.copy(stack=False), rng, None)


def play(
    game: Spider,
    seed: int = 0,
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    line: list[Move] | None = None,
) -> PlayResult:
    """Play a whole game from ``game``'s position (``game`` itself is left unchanged); the
    moves made are appended to ``line`` when one is given.

    The player never moves into a layout it has already had (as it sees it), so it cannot go
    round in circles; it stops when it has no move left, after winning, or after ``max_moves``.
    """
    g = game.copy(stack=False)
    rng = random.Random(seed)
    seen: set[Hashable] = {_visible_key(g)}
    moves = 0
    card_moves = 0
    idle = 0
    best = _progress(g)
    while moves < max_moves and not g.is_won():
        move = _choose(g, rng, seen, tired=idle >= EXPLORE_MOVES)
        if move is None:
            break
        g.advance(move)
        if line is not None:
            line.append(move)
        seen.add(_visible_key(g))
        now = _progress(g)
        if now < best or move.card is None:
            best, idle = min(now, best), 0
        else:
            idle += 1  # a move that brought nothing new
        moves += 1
        if move.card is not None:
            card_moves += 1
    return PlayResult.at_end(g, moves, card_moves)


def play_quickly(game: Spider, seed: int = 0, *, max_moves: int = DEFAULT_MAX_MOVES) -> PlayResult:
    """:func:`play`, by the compiled core's twin of this player (``spider_play``, the same
    moves for the same position and seed, Python's random numbers reproduced) when the core is
    installed and chosen (:func:`kosynka.solver.default_implementation`), else by :func:`play`
    itself: the grader plays thousands of games with it."""
    from kosynka.solver import default_implementation

    if default_implementation("spider") != "native":
        return play(game, seed, max_moves=max_moves)
    from kosynka.solver import _core

    won, moves, card_moves, runs, down, rows, _line = _core.spider_play(
        *game.solver_position(), seed, max_moves, False
    )
    return PlayResult(won, moves, card_moves, runs, down, rows)
