"""What a Klondike player has seen, and the strong no-peek hint drawn from it.

:class:`KlondikeSeen` is the table as the player knows it: the face-up cards, how many lie face
down in each column, the waste, the foundations and the stock, whose cards are known only once
the player has been through it (after the first pass every talon card has been on the waste, in
the order it keeps). It holds no face-down card and no stock card not yet seen (but the last
one, once every other card is in sight: the player knows it by elimination): it is made by
:func:`seen_of` from a game and its history, and nothing else reads the game.

:class:`KlondikeSampler` deals the unseen cards at random into the face-down places and the
unseen stock and asks the full-information solver whether each sample can be won after each
candidate move; :func:`kosynka.hindsight.choose` weighs the answers. :func:`hint` is the whole
thing: the move that wins the most samples, and the share it won. With unlimited passes the
hint first looks through the stock (:func:`scouting_move`), so that the samples guess only the
face-down cards, as lonelybot's player does.

>>> from kosynka import Klondike, KlondikeRules
>>> game = Klondike(7, rules=KlondikeRules(draw=3), numbering="kpat")
>>> seen = seen_of(game)
>>> seen.down, len(seen.unseen)
((0, 1, 2, 3, 4, 5, 6), 45)
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from collections import deque
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from kosynka.games.klondike.player import Player, PlayResult, safe_home_moves, score_move
from kosynka.games.klondike.player import hint as rule_hint
from kosynka.games.klondike.rules import FOUNDATION, Klondike, KlondikeRules, Move
from kosynka.hindsight import (
    Choice,
    Tally,
    choose,
    hints_followed,
    keep_preferred,
    preferred_first,
    start_and_moves,
    walk,
)

if TYPE_CHECKING:
    from kosynka.solver.klondike import FillingJudge

Snapshot = tuple[Any, ...]
"""A whole Klondike position, as :meth:`Klondike._snapshot` gives it."""

Layout = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]
"""A tableau as the player sees it (see :func:`layout_key`): the face-up cards of each column,
how many lie face down in each and the foundations' counts."""

PositionKey = tuple[Layout, int, tuple[int, ...], int]
"""A position as the player sees it, the talon's place included (see :func:`position_key`):
its layout first."""

RECYCLE_MOVE: Final = Move.recycle()

AIMLESS: Final = -40
"""Moves the heuristic ranks this low or lower (a king moved from one empty column to another)
are never candidates: they change nothing a player can use."""

TAKEN_BACK: Final = -50
"""The heuristic's rank of a card taken back from its foundation
(:func:`~kosynka.games.klondike.player.score_move`): such moves are in a line only when no
other line is left."""

FALLBACK_MOVES: Final = 100
"""Moves since the last card was turned within which, when no other line is left, a line may
take a card back from home or go back to a position (see :meth:`KlondikeSampler._lines`)."""

HINT_SECONDS: Final = 0.35
"""A hint's time budget: the race stops dealing samples after this long. Most hints end
sooner, when one line is left or :func:`hint`'s ``max_samples`` are dealt (along followed Draw
3 games of KPat deals 21-30, alone on one core: median 17.7 ms, p95 351.7 ms, mean 87.2 ms)."""

HINT_STATES: Final = 1_000
"""Positions each solver call may try. A sample the solver does not win within them counts as
lost, as in lonelybot's player: the share then says how *readily* a line wins, which told the
lines apart better than a deeper search (KPat deals 1-40, Draw 3: 12 won against 9 with 20,000
positions, a sample undecided counting half)."""

GRADE_SAMPLES: Final = 8
"""Samples a hint may deal in a game :func:`play` plays (and the grades measure): a fixed
budget and no time limit, so that the game is the same on any machine."""

KNOWN_STATES: Final = 200_000
"""Positions the solver may try once every card is seen (there is one table, not samples)."""

PYTHON_STATES: Final = 2_000
"""The most positions a solver call may try with the pure-Python solver (an install without
the compiled core, or ``KOSYNKA_IMPLEMENTATION=python``), so that a hint still comes in time."""


@dataclass(frozen=True, slots=True)
class KlondikeSeen:
    """A Klondike table as the player knows it. Cards are card indices
    (:attr:`~kosynka.cards.Card.index`); ``stock`` lists the stock in drawing order (next card
    first), None where the player has not seen the card; ``had`` holds the layout keys (see
    :func:`layout_key`) of every position the game has had, the one now included, and
    ``positions`` their keys with the talon's place too (see :func:`position_key`);
    ``moved_this_pass`` says whether a card has moved since the last new pass began; ``twice``
    holds the keys of the positions the game has been in more than once; ``idle_passes``
    counts the passes in a row, this one first, in which no card has moved; ``since_turned``
    the moves made since a card was last turned face up (since the deal when none has been);
    ``known_start`` is the first position of the game in which the player knew every card (a
    :meth:`~Klondike._snapshot`, None while two or more are unseen: the last one is known by
    elimination, see :func:`_all_seen`) and ``known_moves`` the moves made since;
    ``stretch_start`` is the position just after the last card was turned (the deal when none
    has been), its face-down cards replaced by the placeholders 52, 53, ... in the order of
    :func:`table_of` (no move since has turned one, so they lie where the unseen cards lie
    now; None when the stock held cards not yet seen there), and ``stretch_moves`` the moves
    made since (see :func:`_rescue`)."""

    rules: KlondikeRules
    up: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    waste: tuple[int, ...]
    stock: tuple[int | None, ...]
    found: tuple[int, ...]
    pass_number: int
    had: frozenset[Layout]
    positions: frozenset[Hashable]
    moved_this_pass: bool
    twice: frozenset[Hashable] = frozenset()
    idle_passes: int = 0
    since_turned: int = 0
    known_start: Snapshot | None = None
    known_moves: tuple[Move, ...] = ()
    stretch_start: Snapshot | None = None
    stretch_moves: tuple[Move, ...] = ()

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards the player has not seen, in card order: they lie face down or in the
        stock's unseen places, in some order the player cannot know."""
        known = {c for col in self.up for c in col}
        known.update(self.waste)
        known.update(c for c in self.stock if c is not None)
        for suit, count in enumerate(self.found):
            known.update(suit * 13 + r for r in range(count))
        return tuple(c for c in range(52) if c not in known)


def layout_key(game: Klondike) -> Layout:
    """The tableau and foundations of ``game`` as a player sees them, as a key: the face-up
    cards and face-down count of each column and the foundations' counts (the talon holds the
    other cards; its order is not part of it). Two positions of one game with equal keys have
    the same tableau (face-down cards never move)."""
    return _layout(game)


def _layout(game: Klondike) -> Layout:
    """:func:`layout_key` of ``game``, made from its lists (the line search asks for it at
    every position it reaches)."""
    hidden = game._hidden
    up = tuple(tuple(col[h:]) for col, h in zip(game._cols, hidden, strict=True))
    return (up, tuple(hidden), tuple(game._found))


def position_key(game: Klondike) -> PositionKey:
    """Everything a player sees of ``game``, the talon's place included (and the pass number
    when passes are limited): two positions of one game with equal keys are the same position,
    and a hint never leads back to one the game has had. It is :func:`layout_key` with the
    waste and the stock's size: the stock's cards are the rest of the talon, in the order they
    keep."""
    pass_part = game.pass_number if game.rules.passes is not None else 0
    return (_layout(game), len(game._stock), tuple(game._waste), pass_part)


def seen_of(game: Klondike) -> KlondikeSeen:
    """What the player of ``game`` has seen, from its position and move stack: the stock's cards
    are known once a pass has been made (every one of them has been on the waste), and the
    tableau layouts along the stack are remembered, with whether a card has moved since the
    last new pass."""
    cols, hidden, stock, waste, found, pass_number = game._snapshot()
    known_stock = pass_number > 1
    probe = game.copy()
    had = {layout_key(probe)}
    positions = {position_key(probe)}
    twice: set[Hashable] = set()
    idle = 0  # passes in a row, this one first, in which no card has moved
    counting = True
    pass_moved = False
    known_start = probe._snapshot() if _all_seen(probe) else None
    known_moves: list[Move] = []
    since_turned: int | None = None
    stretch_start: Snapshot | None = None
    while probe.move_stack:
        down = sum(probe._hidden)
        move = probe.pop()
        if since_turned is None and sum(probe._hidden) > down:
            since_turned = len(game.move_stack) - len(probe.move_stack) - 1
            turned = probe.copy(stack=False)
            turned.push(move)
            stretch_start = _masked(turned._snapshot())
        if move == RECYCLE_MOVE:
            counting = counting and not pass_moved
            idle += counting
            pass_moved = False
        elif move.card is not None:
            pass_moved = True
        had.add(layout_key(probe))
        key = position_key(probe)
        if key in positions:
            twice.add(key)
        positions.add(key)
        if known_start is not None and _all_seen(probe):
            known_start = probe._snapshot()
            known_moves.append(move)
    idle += counting and not pass_moved  # the game's first pass
    if since_turned is None:
        since_turned = len(game.move_stack)
        stretch_start = _masked(probe._snapshot())
    return KlondikeSeen(
        rules=game.rules,
        up=tuple(col[h:] for col, h in zip(cols, hidden, strict=True)),
        down=hidden,
        waste=waste,
        stock=tuple(stock[::-1]) if known_stock else (None,) * len(stock),
        found=found,
        pass_number=pass_number,
        had=frozenset(had),
        positions=frozenset(positions),
        moved_this_pass=idle == 0,
        idle_passes=idle,
        since_turned=since_turned,
        twice=frozenset(twice),
        known_start=known_start,
        known_moves=tuple(known_moves[::-1]),
        stretch_start=stretch_start,
        stretch_moves=tuple(game.move_stack[len(game.move_stack) - since_turned :]),
    )


def _masked(snapshot: Snapshot) -> Snapshot | None:
    """``snapshot`` with its face-down cards replaced by the placeholders 52, 53, ... in the
    order :func:`table_of` fills unseen places (column 1 bottom to top, then column 2, ...);
    None when its stock holds cards the player has not seen (the first pass)."""
    cols, hidden, stock, waste, found, pass_number = snapshot
    if pass_number == 1 and stock:
        return None
    place = iter(range(52, 52 + sum(hidden)))
    masked = tuple(
        tuple(next(place) for _ in range(h)) + tuple(col[h:])
        for col, h in zip(cols, hidden, strict=True)
    )
    return (masked, hidden, stock, waste, found, pass_number)


def _all_seen(game: Klondike) -> bool:
    """Whether the player of ``game`` knows every card: at most one is unseen (face down, or
    in the stock before a pass has shown it). The last unseen card is known by elimination:
    it is the one card of the pack not in sight, and it lies in the one place not in sight.
    Sampled, it is the same card in every sample, and the samples weigh only the lines the
    search finds: a game still won that way can wander until the guard against circles
    leaves no line (KPat Draw 3 deal 92, whose win passed through positions the game had had
    twice)."""
    unseen = sum(game._hidden) + (len(game._stock) if game.pass_number == 1 else 0)
    return unseen <= 1


def table_of(seen: KlondikeSeen, hidden: Sequence[int]) -> Klondike:
    """The game ``seen`` is a view of, with the unseen places filled by ``hidden`` in order:
    the face-down cards of column 1 bottom to top, then column 2's, ..., then the stock's
    unseen places in drawing order."""
    fill = iter(hidden)
    game = Klondike.__new__(Klondike)
    game.rules = seen.rules
    game.numbering = "pysol"
    game.deal_number = None
    game._cols = [
        [next(fill) for _ in range(n)] + list(up) for n, up in zip(seen.down, seen.up, strict=True)
    ]
    game._hidden = list(seen.down)
    drawing = [c if c is not None else next(fill) for c in seen.stock]
    game._stock = drawing[::-1]
    game._waste = list(seen.waste)
    game._found = list(seen.found)
    game.pass_number = seen.pass_number
    game._start_history()
    return game


Line = tuple[Move, ...]
"""A candidate of the hint: moves over cards the player can see, up to and including the move
that shows a card not seen before (a face-down card turned, a stock card drawn in the first
pass) or sends a card home, or the moves that win. Lines that move the same cards the same
way and differ only in their draws count once (the shortest)."""

MAX_LINE_POSITIONS: Final = 250
"""Positions the search for candidate lines may reach before it stops looking further."""

PREFERRED: Final = 5_000
"""The rank added to the lines that start with the rule-based player's move
(:func:`kosynka.games.klondike.player.hint`), so that it wins ties."""

OVERRIDE: Final = 0.0
"""How much larger a share of samples another line must win for the hint to leave the
rule-based player's move (which otherwise only wins ties, by :data:`PREFERRED`). While the
stock's order was unknown to the samples' solver, the samples alone chose worse than the
rule-based player (a solver that sees the stock plays draws no player could plan), and this was
0.2; once the hint looks through the stock first (:func:`scouting_move`) the samples choose
better alone (KPat deals 1-40, Draw 3: 12 won against 9 with 0.2)."""

UNSEEN_STOCK_OVERRIDE: Final = 0.2
""":data:`OVERRIDE` while the stock holds cards the player has not seen (limited passes, where
no look through the stock is made): there a sample's solver plans draws no player could, and
the samples overrule the rule-based player only where its move is a clear blunder."""

NEAR_TIES: Final = False
"""Whether lines whose shares are near the best's count as tied, the rank choosing among them
(see :func:`kosynka.hindsight.choose`): they do not, and the line with the largest share is
played. At 1,032 positions of Draw 3 deals 1-38 (every third move of followed games, the race
as a hint runs it, each of its lines judged on 200 further samples), the largest share's line
won 0.0015 more of those samples than the near-tie rule's (standard error 0.0003), which fell
short of the best line by 0.0041; it differed at 173 positions (bench/no_peek.md)."""

MAX_LINES: Final = 16
"""Candidate lines weighed at most (the best ranked, the best line of each first card move
before the others; see :func:`kosynka.hindsight.varied`): more would leave each too few
samples."""


class KlondikeSampler:
    """The hindsight sampler of one Klondike view (see :class:`kosynka.hindsight.Sampler`).

    Its candidates are *lines*: every way, over the cards the player can see, to reach a move
    that shows a new card or sends a card home (found by a breadth-first search, the shortest
    line to each such move). Until a card shows, the player knows as much as the solver of a
    sample, so a line is judged after its last move: the samples then differ only in what the
    player will learn next. A card sent home ends a line too, so that a line which plays the
    talon's cards home before it turns a card is weighed against turning it now. The hint is
    the first move of the best line; the next hint plans again."""

    def __init__(
        self, seen: KlondikeSeen, implementation: str = "native", prefer: Move | None = None
    ) -> None:
        self.seen = seen
        self._prefer = prefer
        self._unseen = list(seen.unseen)
        self._table = table_of(seen, self._unseen)  # any filling: the legal moves are the same
        self._implementation = implementation
        self._ranks: dict[Line, int] = {}
        self._judges: dict[Line, FillingJudge | None] = {}

    def candidates(self) -> list[Line]:
        """The candidate lines, best first by :meth:`rank`: a safe card home alone when there is
        one (it can never cost a move; see :func:`safe_home`); else each line to a new card, a
        card home or a win that passes through no position the game has had and ends on a
        tableau it has not had, moves no king between empty columns, and starts a new pass only
        after a card has moved in this one. So the hints never go round in circles, while a
        line may still put a tableau back as it was with the talon elsewhere (a card comes
        back from home to take a waste card turned up since). At most :data:`MAX_LINES`, the
        best line of each first card move before any second line of another."""
        game = self._table
        if (home := safe_home(game)) is not None and self._may_end(home):
            self._ranks[(home,)] = 1_000
            return [(home,)]
        stale = self.seen.since_turned > FALLBACK_MOVES
        lines = (
            self._lines()
            or ([] if stale else self._lines(low=True))
            or self._single_moves()
            or ([] if stale else self._lines(low=True, back=True))
        )
        prefer = self._prefer if self._prefer is not None and self._may_end(self._prefer) else None
        return preferred_first(lines, prefer, self._ranks, PREFERRED, MAX_LINES, _first_card_move)

    def _lines(self, *, low: bool = False, back: bool = False) -> list[Line]:
        """The lines of :meth:`candidates`, found breadth first. When they leave no move at all,
        ``low`` lets a line take cards back from their foundations, make any move the heuristic
        ranks low and start a new pass after a pass that moved no card, and then ``back`` lets
        it pass through or end on a position the game has been in once (not twice): the
        samples choose among these ways on, rather than the hint giving up on a game that may
        still be won (KPat Draw 3 deal 402 is won by taking 6C back from home onto 7H for the
        waste's 5H). Such a line ends only where a card is turned (a card sent home may come
        back), and :meth:`candidates` looks for one only within :data:`FALLBACK_MOVES` of the
        last card turned, so that a game that cannot be won comes to an end rather than
        wandering."""
        game = self._table
        found: dict[Hashable, Line] = {}
        start_key = position_key(game)
        visited = {start_key}
        frontier: deque[tuple[Klondike, PositionKey, Line, bool]] = deque(
            [(game, start_key, (), self.seen.moved_this_pass)]
        )
        expanded = 0
        hidden_stock = self.seen.pass_number == 1 and None in self.seen.stock
        while frontier and expanded < MAX_LINE_POSITIONS:
            here, here_key, path, moved = frontier.popleft()
            expanded += 1
            steps = _steps(here, here_key)
            for i, (m, rank, step) in enumerate(steps):
                if m.card is None:
                    if m == RECYCLE_MOVE and not moved and (not low or self.seen.idle_passes > 1):
                        continue
                elif rank == AIMLESS or rank < (TAKEN_BACK if low else 0 if path else AIMLESS + 1):
                    continue
                if step is None:
                    step = steps[i][2] = _step(here, here_key, m)
                nxt, key, won, turned = step
                line = (*path, m)
                if won:
                    found.setdefault(("won",), line)
                    self._ranks[line] = 10_000 - len(line)
                    continue
                if m.card is not None and key in (self.seen.twice if back else self.seen.positions):
                    continue
                shows = turned or (
                    m.card is None and m != RECYCLE_MOVE and hidden_stock and nxt.pass_number == 1
                )
                if not shows and m.card is not None and not low:  # a card home ends it too
                    shows = m.to == FOUNDATION
                if shows:
                    if not back and m.card is not None and key[0] in self.seen.had:
                        continue  # a line must end on a tableau the game has not had
                    plays = _card_moves(line)
                    if plays not in found:
                        found[plays] = line
                        self._ranks[line] = rank - 4 * len(path)
                    continue
                if key in visited:
                    continue
                visited.add(key)
                frontier.append((nxt, key, line, moved or m.card is not None))
        return list(found.values())

    def _may_end(self, move: Move) -> bool:
        """Whether ``move`` alone may be a line: a draw or new pass, or a card move to a tableau
        the game has not had (the rule-based player's move, which knows only the positions it
        has made itself, goes through this too)."""
        if move.card is None:
            return True
        probe = self._table.copy(stack=False)
        probe.push(move)
        return layout_key(probe) not in self.seen.had

    def _single_moves(self) -> list[Line]:
        """Each legal move alone, when no line shows a new card within the search's reach: a
        card move into a tableau the game has not had (no king shuffles), the draw, and a new
        pass after a card has moved in this one."""
        game = self._table
        out: list[Line] = []
        for m in game.legal_moves:
            if m.card is None:
                if m == RECYCLE_MOVE and not self.seen.moved_this_pass:
                    continue
                rank = 1
            else:
                rank = score_move(game, m)
                if rank <= AIMLESS or not self._may_end(m):
                    continue
            self._ranks[(m,)] = rank
            out.append((m,))
        return out

    def rank(self, move: Line) -> int:
        """A line's heuristic rank: wins first (the shortest), then by the heuristic's score of
        its last move (:func:`~kosynka.games.klondike.player.score_move`), less for each move
        before it."""
        return self._ranks.get(move, 0)

    def sample(self, rng: random.Random) -> list[int]:
        """The unseen cards dealt at random into the unseen places: the filling of
        :func:`table_of` (face-down cards column by column, then the stock's unseen places)."""
        cards = self._unseen[:]
        rng.shuffle(cards)
        return cards

    def lost(self, sample: list[int], max_states: int) -> bool:
        """False: every line is judged on every sample. A table the solver does not win as it
        stands within the budget may still be won after a line that makes progress, and such
        samples tell lines apart: at 370 positions of Draw 3 deals 101-221 (each line judged
        on 300 further samples, all counted), the race's pick fell short of the best line by
        0.0058 on average when it judged them, and by 0.0089 when it left them out as lost
        (short by 0.05 or more at 6 positions against 19)."""
        return False

    def value(self, sample: list[int], move: Line, max_states: int) -> float:
        """Whether the solver wins the table filled with ``sample`` after the line within
        ``max_states`` positions: 1.0 or 0.0."""
        if move in self._judges:
            judge = self._judges[move]
        else:
            judge = self._judges[move] = self._judge(move)
        return 1.0 if judge is None or judge(sample, max_states) else 0.0

    def _judge(self, line: Line) -> FillingJudge | None:
        """What the samples of a line are judged by: the table after it with the unseen places
        left as placeholders (a line is legal in every filling, and only its last move shows a
        card the samples differ in, which stays where it lies), or None when the line wins."""
        from kosynka.solver.klondike import FillingJudge

        table = table_of(self.seen, range(52, 52 + len(self._unseen)))
        for m in line:
            table._apply(m)
        if table.is_won():
            return None
        return FillingJudge(table, len(self._unseen), self._implementation)


def _planned_line(seen: KlondikeSeen, implementation: str, max_states: int) -> Line:
    """The rest of the solver's winning plan for a table the player sees whole (empty when the
    solver finds none within ``max_states``). The plan is made where the player first saw
    every card and made again after each move that left it, so that hints followed one after
    another keep to one plan: the solver's lines from two positions may each lead back to the
    other (KPat Draw 3 deal 466 sent KC home and back until the hint gave up)."""
    if seen.known_start is None:
        game = table_of(seen, seen.unseen)
        return _solved(game, implementation, max_states) or ()
    game = _from_snapshot(seen.rules, seen.known_start)
    return _kept_plan(game, seen.known_moves, implementation, max_states, None) or ()


def _kept_plan(
    game: Klondike,
    moves: Sequence[Move],
    implementation: str,
    max_states: int,
    deadline: float | None,
) -> Line | None:
    """The solver's plan from ``game`` (changed: ``moves`` are made on it) kept along
    ``moves`` while they follow it, made again after one that leaves it: the plan where they
    end. None when the solver finds none there, or ``deadline`` (a :func:`time.perf_counter`
    time) passes on the way."""
    plan = _solved(game, implementation, max_states)
    for move in moves:
        if deadline is not None and time.perf_counter() > deadline:
            return None
        game.push(move)
        kept = plan is not None and plan[:1] == (move,)
        plan = plan[1:] if kept and plan else _solved(game, implementation, max_states)
    return plan


def _from_snapshot(rules: KlondikeRules, snapshot: Snapshot) -> Klondike:
    """A game with no history at the position ``snapshot`` (every card in it seen)."""
    game = Klondike.__new__(Klondike)
    game.rules = rules
    game.numbering = "pysol"
    game.deal_number = None
    game._restore(snapshot)
    game._start_history()
    return game


def _solved(game: Klondike, implementation: str, max_states: int) -> Line | None:
    """The solver's winning line from ``game`` (every card seen), or None when it finds none
    within ``max_states`` positions (kept for the plan's next positions: see
    :func:`_solved_at`)."""
    return _solved_at(implementation, game.rules, max_states, game._snapshot())


@functools.lru_cache(maxsize=8_192)
def _solved_at(
    implementation: str, rules: KlondikeRules, max_states: int, snapshot: Snapshot
) -> Line | None:
    """:func:`_solved` by the position's snapshot: following a plan asks again at every
    position along it (the cache is safe to share among the server's threads)."""
    from kosynka.solver.klondike import _decide, replay

    game = _from_snapshot(rules, snapshot)
    found = _decide(implementation, game.copy(stack=False), None, max_states, False)
    return tuple(replay(game, found.line)) if found.status == "solved" else None


RESCUE_PLACINGS: Final = 6
"""Placings of the unseen cards whose solver plans give the rescue's lines (all of them when
there are no more: three cards or fewer)."""

RESCUE_STATES: Final = 20_000
"""Positions the compiled solver may try for a rescue plan from a placing of the unseen cards
(the pure-Python solver: :data:`PYTHON_STATES`)."""

RESCUE_SEED: Final = 20_261_207
"""The seed of the rescue's placings: a fixed one, so that they depend only on which cards are
unseen and each placing's plan is kept from one hint to the next."""


class _Rescue(KlondikeSampler):
    """The sampler of the rescue's lines (see :func:`_rescue`): weighed like any others."""

    def __init__(self, seen: KlondikeSeen, implementation: str, lines: dict[Line, int]) -> None:
        super().__init__(seen, implementation)
        self._given = list(lines)
        for line, rank in lines.items():
            self._ranks[line] = rank

    def candidates(self) -> list[Line]:
        """The lines given."""
        return list(self._given)


def _placings(seen: KlondikeSeen) -> list[tuple[int, ...]]:
    """The placings of the unseen cards whose plans :func:`_rescue` weighs: every one when
    there are at most :data:`RESCUE_PLACINGS`, else that many from :data:`RESCUE_SEED`."""
    cards = sorted(seen.unseen)
    if len(cards) <= 3:
        return list(itertools.permutations(cards))
    rng = random.Random(RESCUE_SEED)
    out = []
    for _ in range(RESCUE_PLACINGS):
        rng.shuffle(cards)
        out.append(tuple(cards))
    return out


def _plan_along(
    seen: KlondikeSeen, placing: Sequence[int], implementation: str, deadline: float | None
) -> Line | None:
    """The solver's plan for the table with the unseen cards placed as ``placing``, made where
    the last card was turned (:attr:`KlondikeSeen.stretch_start`) and kept along the moves made
    since while they follow it, made again after one that leaves it (as
    :func:`_planned_line` keeps the plan of a table seen whole): so the rescue's hints keep to
    one plan from hint to hint instead of hopping between the solver's different lines. None
    when the solver finds none, or ``deadline`` (a :func:`time.perf_counter` time) passes."""
    assert seen.stretch_start is not None
    cols, hidden, stock, waste, found, pass_number = seen.stretch_start
    filled = tuple(tuple(placing[c - 52] if c >= 52 else c for c in col) for col in cols)
    game = _from_snapshot(seen.rules, (filled, hidden, stock, waste, found, pass_number))
    states = RESCUE_STATES if implementation == "native" else PYTHON_STATES
    return _kept_plan(game, seen.stretch_moves, implementation, states, deadline) or None


def _rescue(
    seen: KlondikeSeen,
    implementation: str,
    *,
    seed: int,
    time_limit: float | None,
    max_samples: int,
    max_states: int,
    estimate: bool,
) -> Choice[Line] | None:
    """When every candidate line lost in every sample, or none was left: the lines of the
    solver's plans for a few placings of the unseen cards (:func:`_placings`,
    :func:`_plan_along`), each up to the move that turns a card, weighed on samples like any
    others. A line the samples never win is not offered; None when no line is left.

    The candidates keep to what a line search over the cards in sight can reach, and the
    guard against circles bounds them: in a long game the winning way on may need a card
    taken back from home and a long unwinding before the next card turns (KPat Draw 3 deal
    31: JC back from home onto QH, then TC, 9H, 9C ... from home, some 50 moves), which the
    search does not reach. The solver finds such a way for a placing of the unseen cards,
    and a way that wins for most placings is a way the player can take. A line's first move
    may lead to a position the game has had once, not twice (as for the lines of
    :meth:`KlondikeSampler._lines` when none else is left)."""
    if seen.stretch_start is None or not seen.unseen:
        return None
    began = time.perf_counter()
    deadline = None if time_limit is None else began + time_limit
    lines: dict[Line, int] = {}
    for index, placing in enumerate(_placings(seen)):
        plan = _plan_along(seen, placing, implementation, deadline)
        if not plan:
            continue
        game = table_of(seen, placing)
        line: list[Move] = []
        for move in plan:
            down = sum(game._hidden)
            game.push(move)
            line.append(move)
            if len(line) == 1 and move.card is not None and position_key(game) in seen.twice:
                break
            if sum(game._hidden) < down or game.is_won():
                key = tuple(line)
                lines[key] = lines.get(key, 0) + 1_000 - index
                break
    if not lines:
        return None
    left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
    choice = choose(
        _Rescue(seen, implementation, lines),
        seed=seed,
        time_limit=left,
        max_samples=max_samples,
        max_states=max_states,
        estimate=estimate,
        near_ties=NEAR_TIES,
    )
    return choice if choice.move is not None and choice.chance != 0.0 else None


def safe_home(game: Klondike) -> Move | None:
    """The first of :func:`~kosynka.games.klondike.player.safe_home_moves` (a card home that
    can never cost a move; with Draw 3 none from the waste, whose card the samples weigh like
    any other line), or None. ``game`` may be any filling of a view's unseen places: the legal
    moves are the same."""
    moves = safe_home_moves(game)
    return moves[0] if moves else None


def scouting_move(seen: KlondikeSeen) -> Move | None:
    """The move of the look through the stock that opens a game with unlimited passes: the draw
    while the first pass has stock cards the player has not seen, then the new pass, after which
    every talon card is known and stays known. It costs nothing (no card leaves the talon and the
    tableau waits), and it leaves the samples only the face-down cards to guess: a solver that
    saw a sample's stock order would otherwise rate draws no player could plan. None when the
    stock is known, or when passes are limited (a look would spend one)."""
    if seen.rules.passes is not None or seen.pass_number != 1:
        return None
    if None in seen.stock:
        return Move.draw()
    return RECYCLE_MOVE if seen.waste else None


class _Scouting(KlondikeSampler):
    """The sampler of one move played without a race (the look through the stock, or a safe
    card home on the way): its samples give only the chance shown."""

    def __init__(self, seen: KlondikeSeen, implementation: str, move: Move) -> None:
        super().__init__(seen, implementation)
        self._move = move

    def candidates(self) -> list[Line]:
        """The move alone."""
        return [(self._move,)]


def _first_card_move(line: Line) -> Move:
    """The first move of ``line`` that moves a card (its first move when none does): the move
    a line stands for among the candidates, its draws aside."""
    return next((m for m in line if m.card is not None), line[0])


def _card_moves(line: Line) -> Hashable:
    """A line's card moves, draws and new passes left out: two lines that move the same cards
    the same way differ only in where the talon stands, so the shortest stands for both."""
    return tuple(m for m in line if m.card is not None) or line


Step = tuple[Klondike, PositionKey, bool, bool]
"""A move's result in the line search: the position after it, that position's key, whether it
wins and whether it turns a face-down card."""

EXPANSIONS: Final = 500
"""Positions whose moves :func:`_steps` keeps in each of its two generations: a game's hints,
one move apart, search much the same positions (three in four of them in a followed game of
Draw 3), so they are worked out once. Kept small: a position's moves and the positions after
them take about 8 KB, and more kept made the whole game slower, not quicker (Python's
collector walks every object kept): KPat Draw 3 deals 401-408, followed, took 3% longer with
1,000 a generation and 24% longer with 2,000."""

_expansions: list[dict[tuple[KlondikeRules, PositionKey, tuple[int, ...]], list[list[Any]]]] = [
    {},
    {},
]


def forget_lines() -> None:
    """Empty the line search's memory of positions (:func:`_steps`): the lines found do not
    depend on it, only the time they take."""
    _expansions[:] = [{}, {}]


def _steps(game: Klondike, key: PositionKey) -> list[list[Any]]:
    """The legal moves of ``game`` (whose :func:`position_key` is ``key``), each as
    ``[move, rank, step]``: the heuristic's rank of a card move
    (:func:`~kosynka.games.klondike.player.score_move`; 1 for the stock's moves) and its
    :data:`Step`, None until :func:`_step` is first asked for it. They are kept for the next
    hint's search by the position's key and the stock's cards in their order: the key alone
    leaves out the order of a stock the player has not seen (a sample's filling), and the
    face-down cards, which no move of a line shows but its last. So they serve any table with
    those, whatever lies face down."""
    memo_key = (game.rules, key, tuple(game._stock))
    new, old = _expansions
    steps = new.get(memo_key)
    if steps is None:
        steps = old.get(memo_key)
        if steps is None:
            steps = [
                [m, 1 if m.card is None else score_move(game, m), None]
                for m in game.legal_move_list()
            ]
        if len(new) >= EXPANSIONS:
            _expansions[:] = [{}, new]
            new = _expansions[0]
        new[memo_key] = steps
    return steps


def _step(game: Klondike, key: PositionKey, move: Move) -> Step:
    """The :data:`Step` of the legal ``move`` from ``game``, whose :func:`position_key` is
    ``key``: the new key keeps the parts of ``key`` the move leaves as they were (it is
    :func:`position_key` of the position after the move)."""
    nxt = game._after(move)  # shares the lists the move leaves: no step's position is changed
    layout, _, waste, pass_part = key
    if move.card is None:  # the tableau and foundations stay
        if nxt.rules.passes is not None:
            pass_part = nxt.pass_number
        return nxt, (layout, len(nxt._stock), tuple(nxt._waste), pass_part), False, False
    up, hidden, _ = layout
    cols, before = nxt._cols, game._cols
    now_hidden = nxt._hidden
    new_up = list(up)
    for i, col in enumerate(cols):
        if len(col) != len(before[i]):  # a card move changes the length of each column it uses
            new_up[i] = tuple(col[now_hidden[i] :])
    if len(nxt._waste) != len(waste):
        waste = tuple(nxt._waste)
    turned = sum(now_hidden) < sum(hidden)
    new_layout = (tuple(new_up), tuple(now_hidden) if turned else hidden, tuple(nxt._found))
    return nxt, (new_layout, len(nxt._stock), waste, pass_part), nxt.is_won(), turned


def hint(
    game: Klondike,
    *,
    seed: int = 0,
    time_limit: float | None = HINT_SECONDS,
    max_samples: int = 400,
    max_states: int = HINT_STATES,
    estimate: bool = True,
) -> Choice[Line]:
    """The strong no-peek hint for ``game`` (read only through :func:`seen_of` and the
    rule-based no-peek player, whose move is preferred on a tie): the candidate line that the
    solver wins after in the largest share of samples of the unseen cards, with that share (see
    :func:`kosynka.hindsight.choose`); the hint is its first move."""
    start, history = start_and_moves(game)
    return hint_from(
        seen_of(game),
        prefer=rule_hint(start, history, seed),
        seed=seed,
        time_limit=time_limit,
        max_samples=max_samples,
        max_states=max_states,
        estimate=estimate,
    )


def hint_from(
    seen: KlondikeSeen,
    *,
    seed: int = 0,
    time_limit: float | None = HINT_SECONDS,
    max_samples: int = 400,
    max_states: int = HINT_STATES,
    estimate: bool = True,
    prefer: Move | None = None,
) -> Choice[Line]:
    """:func:`hint` for a view already made. ``prefer`` is the rule-based player's move: it is
    the hint unless another line wins a share of the samples larger by :data:`OVERRIDE`. With
    every card known (all but at most one seen) there is nothing to sample: the hint is the
    solver's winning line (chance 1.0) when it finds one."""
    from kosynka.solver import default_implementation

    if sum(seen.found) == 52:
        return Choice(None, None, 0, 0, ())  # won: no move is wanted
    implementation = default_implementation("klondike")
    if implementation == "python":
        max_states = min(max_states, PYTHON_STATES)
    if len(seen.unseen) <= 1:  # (the last unseen card is known by elimination)
        line = _planned_line(seen, implementation, KNOWN_STATES)
        if line:
            return Choice(line, 1.0, 0, 1, (Tally(line, 1, 1.0),))
    scout = scouting_move(seen)
    if scout is not None:
        sampler: KlondikeSampler = _Scouting(seen, implementation, scout)
        if (home := safe_home(table_of(seen, seen.unseen))) is not None:
            sampler = _Scouting(seen, implementation, home)  # a safe card home first
        return choose(
            sampler, seed=seed, time_limit=time_limit, max_states=max_states, estimate=estimate
        )
    began = time.perf_counter()
    sampler = KlondikeSampler(seen, implementation, prefer)
    choice = choose(
        sampler,
        seed=seed,
        time_limit=time_limit,
        max_samples=max_samples,
        max_states=max_states,
        estimate=estimate,
        near_ties=NEAR_TIES,
    )
    if choice.move is None or choice.hopeless:
        left = None if time_limit is None else time_limit - (time.perf_counter() - began)
        if left is None or left > 0:
            rescued = _rescue(
                seen,
                implementation,
                seed=seed,
                time_limit=left,
                max_samples=max_samples,
                max_states=max_states,
                estimate=estimate,
            )
            if rescued is not None:
                return rescued
    override = UNSEEN_STOCK_OVERRIDE if None in seen.stock else OVERRIDE
    return keep_preferred(choice, prefer, override)


def followed(
    game: Klondike, seed: int = 0, *, max_samples: int = GRADE_SAMPLES
) -> Iterator[tuple[Klondike, Move]]:
    """The moves of a player who follows the hints from ``game`` (left unchanged), each with
    the game after it (one game, changed as the moves are made), until it is won or no hint is
    left. Each hint has no time limit and at most ``max_samples`` samples, so the moves depend
    only on ``game`` and ``seed`` (each hint gets ``seed`` plus the moves made, as
    :func:`kosynka.hindsight.follow_hints` gives them). They are the moves :func:`hint` gives
    with those arguments, only quicker: the rule-based player follows the game instead of
    replaying it for each hint."""
    start, history = start_and_moves(game)
    rules_player = Player(start.copy(stack=False), hints=True)
    for move in history:
        rules_player.follow(move)

    def hint_at(probe: Klondike, turn: int) -> Choice[Line]:
        return hint_from(
            seen_of(probe),
            prefer=rules_player.hint_now(turn),
            seed=turn,
            time_limit=None,
            max_samples=max_samples,
            estimate=False,
        )

    return hints_followed(game, seed, hint_at, rules_player.follow)


def play(
    game: Klondike,
    seed: int = 0,
    *,
    max_samples: int = GRADE_SAMPLES,
    max_moves: int = 1_500,
) -> PlayResult:
    """A game played from ``game`` (left unchanged) by following the hints (:func:`followed`)
    until it is won, no hint is left or ``max_moves`` moves are made: what the library's grades
    measure."""
    end, made, card_moves = walk(followed(game, seed, max_samples=max_samples), game, max_moves)
    return PlayResult.at_end(end, made, card_moves)
