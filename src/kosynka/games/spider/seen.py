"""What a Spider player has seen, and the strong no-peek hint drawn from it.

:class:`SpiderSeen` is the table as the player knows it: the face-up cards, how many lie face
down in each column, how many rows are left in the stock and the suits of the runs removed. It
holds no face-down card and no stock card (a Spider player never sees a stock card before it is
dealt): it is made by :func:`seen_of` from a game and its history, and nothing else reads the
game.

:func:`hint` is the whole thing. With every suit count (:data:`STAGE_SUITS`) it is the *stage
player*'s next stage (:func:`kosynka.solver.spider.stage_line`): the card moves over what is in
sight to the best position where a card turns up, or, when none is in reach, to the best one on
which a row can be dealt, and the deal. Before it chooses where to turn a card it looks one
stage further (:data:`kosynka.solver.spider.STAGE_LOOK`): each of the best ends is played on to
its own next stage on a few placings of the cards it cannot see, drawn from those cards alone,
and the end whose next stages score best is played. It reads no hidden card by construction
(any placing of the unseen cards gives the same line), and its chance is the share of samples
of the unseen cards on which the stage player wins playing on
(:func:`kosynka.solver.spider.stage_game`) without that look, which makes a game ten to
fifteen times dearer: a cautious figure, as the hints win more often than that player.

Wherever the stage player has no line, it is the race over lines:
:class:`SpiderSampler` deals the unseen cards at random into the face-down places and the stock
and asks the full-information solver, on a small budget of positions, whether each sample can be
won after each candidate line; :func:`kosynka.hindsight.choose` weighs the answers. With two or
four suits the rule-based no-peek player's move
(:class:`~kosynka.games.spider.player.Player`, the web's heuristic hint) is kept unless another
line wins a clearly larger share of the samples (:data:`OVERRIDE`); with one suit the line that
wins the most samples. A solver that sees a sample's hidden cards rates moves only a player who
knew them would make (hindsight's strategy fusion): with two suits the race alone won 84 of KPat
deals 1-300, the stage player 172.

Spider is almost always won when every card is known, so "won or lost" alone tells few moves
apart; the solver (its pruned search only, which never proves a loss) is given a budget of
positions (:data:`HINT_STATES`), and a sample counts as won only when it is won within it: the
share is how often the table is won *readily* from there. When the shares are about equal
(see :data:`kosynka.hindsight.TIE`) the no-peek player's ranking chooses.

>>> from kosynka.games.spider import Spider, SpiderRules
>>> game = Spider(1, rules=SpiderRules(suits=2))
>>> seen = seen_of(game)
>>> seen.down, seen.rows, len(seen.unseen)
((5, 5, 5, 5, 4, 4, 4, 4, 4, 4), 5, 94)
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from kosynka.games.spider.player import (
    DEFAULT_MAX_MOVES,
    P_NEVER,
    P_RUN,
    P_USEFUL,
    Player,
    PlayResult,
    score_move,
)
from kosynka.games.spider.player import hint as rule_hint
from kosynka.games.spider.rules import _FULL_RUN, ROW, Move, Spider, SpiderRules, _topmost
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

Layout = tuple[Hashable, ...]
"""A table as the player sees it (see :func:`layout_key`)."""

HINT_SECONDS: Final = 0.12
"""A hint's time budget: the race stops dealing samples after this long."""

HINT_STATES: Final = {1: 30_000, 2: 40_000, 4: 80_000}
"""Positions each solver call may try, by suit count; a sample not won within them counts as
lost (see the module docstring)."""

SOLVED_LINE_SECONDS: Final = 0.2
"""The time the solver's line may take once every card is seen, when the hint has a time limit
(its positions are 20 times :data:`HINT_STATES`, which could take a second with four suits: a
table the pruned search does not win quickly is left to the race, within the hint's time)."""

PYTHON_STATES: Final = 2_000
"""The cap on each solver call's positions with the pure-Python solver (an install without
the compiled core), which tries positions some hundred times slower: a hint stays within a
second or so, and weaker."""

MAX_SAMPLES: Final = 200
"""Samples one hint deals at most."""

GRADE_SAMPLES: Final = 8
"""Samples a hint may deal in a game :func:`play` plays (and the grades measure): a fixed
budget and no time limit, so that the game is the same on any machine."""


@dataclass(frozen=True, slots=True)
class SpiderSeen:
    """A Spider table as the player knows it. Cards are card indices
    (:attr:`~kosynka.cards.Card.index`; the two decks repeat them): ``up`` holds each column's
    face-up cards bottom to top, ``down`` each column's face-down count, ``rows`` the rows left
    in the stock, ``removed`` the suit of each run removed, in order; ``had`` holds the layout
    keys (see :func:`layout_key`) of every position the game has had, the one now included;
    ``idle`` counts the moves made since the last one that showed a card or removed a run.
    ``start`` is the view of the position after the last move that turned a card up or dealt a
    row (None when no move has been made since, or the game keeps no history back to it), and
    ``since`` the moves made from there: the stage player's plan is made there and kept while
    the moves follow it (:func:`_staged`)."""

    rules: SpiderRules
    up: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    rows: int
    removed: tuple[int, ...]
    had: frozenset[Layout]
    idle: int = 0
    start: SpiderSeen | None = None
    since: tuple[Move, ...] = ()

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards the player has not seen, in card order with their repeats: they lie face
        down or in the stock, in some order the player cannot know."""
        counts = [0] * 52
        copies = self.rules.copies
        for suit in self.rules.suits_in_play:
            for r in range(13):
                counts[int(suit) * 13 + r] = copies
        for col in self.up:
            for c in col:
                counts[c] -= 1
        for s in self.removed:
            for c in _FULL_RUN[s]:
                counts[c] -= 1
        return tuple(c for c in range(52) for _ in range(counts[c]))

    @property
    def dealt(self) -> int:
        """Rows dealt from the stock so far (0..5)."""
        return 5 - self.rows


def layout_key(game: Spider) -> Layout:
    """The table of ``game`` as a player sees it, as a key: each column's face-up cards, the
    face-down counts and the cards dealt from the stock. Two positions of one game with equal
    keys are the same position (face-down cards never move)."""
    return _key_of(game._cols, game._hidden, game._next)


def _key_of(cols: Sequence[Sequence[int]], hidden: Sequence[int], dealt: int) -> Layout:
    """:func:`layout_key` of a position given as columns, face-down counts and cards dealt."""
    return (
        tuple(tuple(col[h:]) for col, h in zip(cols, hidden, strict=True)),
        tuple(hidden),
        dealt,
    )


def seen_of(game: Spider) -> SpiderSeen:
    """What the player of ``game`` has seen: its face-up cards, face-down counts, rows left and
    runs removed, and the layouts of every position along its move stack (a game advanced
    without history remembers only the position it is in)."""
    had = {layout_key(game)}
    idle = 0
    gained = False
    later = (sum(game._hidden), game._next, len(game._removed))
    for cols, hidden, dealt, removed in reversed(game._snapshots):
        had.add(_key_of(cols, hidden, dealt))
        now = (sum(hidden), dealt, removed)
        if not gained:
            if now != later:
                gained = True
            else:
                idle += 1
        later = now
    start, since = _stage_start(game)
    return SpiderSeen(
        rules=game.rules,
        up=tuple(tuple(col[h:]) for col, h in zip(game._cols, game._hidden, strict=True)),
        down=tuple(game._hidden),
        rows=game.rows_left(),
        removed=tuple(game._removed),
        had=frozenset(had),
        idle=idle,
        start=start,
        since=since,
    )


def _stage_start(game: Spider) -> tuple[SpiderSeen | None, tuple[Move, ...]]:
    """The view of the position after the last move of ``game``'s stack that turned a card up
    or dealt a row (the start of its history when none did), holding what the player saw there,
    and the moves made since; (None, ()) when no move has been made since."""
    snaps = game._snapshots
    after = (sum(game._hidden), game._next)
    at = 0
    for i in range(len(snaps) - 1, -1, -1):
        _cols, hidden, dealt, _removed = snaps[i]
        if sum(hidden) > after[0] or dealt < after[1]:
            at = i + 1
            break
        after = (sum(hidden), dealt)
    since = tuple(game.move_stack[at:])
    if not since:
        return None, ()
    cols, hidden, dealt, removed = snaps[at]
    start = SpiderSeen(
        rules=game.rules,
        up=tuple(tuple(col[h:]) for col, h in zip(cols, hidden, strict=True)),
        down=tuple(hidden),
        rows=(len(game._stock) - dealt) // ROW,
        removed=tuple(game._removed[:removed]),
        had=frozenset(),
    )
    return start, since


def table_of(seen: SpiderSeen, hidden: Sequence[int]) -> Spider:
    """The game ``seen`` is a view of, with the unseen places filled by ``hidden`` in order:
    the face-down cards of column 1 bottom to top, then column 2's, ..., then the stock in
    dealing order (its first ten cards are the next row). ``hidden`` may be short (any filling
    serves to list the legal moves): the places left over get a card of the right count."""
    fill = iter(hidden)
    game = Spider.__new__(Spider)
    game.rules = seen.rules
    game.numbering = "kpat"
    game.deal_number = None
    game._cols = [
        [next(fill, 0) for _ in range(n)] + list(up)
        for n, up in zip(seen.down, seen.up, strict=True)
    ]
    game._hidden = list(seen.down)
    # The rows already dealt keep their places at the stock's head (their cards are on the
    # table now), so that the table counts the cards dealt as the game does and its layout
    # keys (:func:`layout_key`, the rule-based player's) match the ones the game has had.
    game._stock = (0,) * (seen.dealt * ROW) + tuple(next(fill, 0) for _ in range(seen.rows * ROW))
    game._next = seen.dealt * ROW
    game._removed = list(seen.removed)
    game._start_history()
    return game


Line = tuple[Move, ...]
"""A candidate of the hint: moves over cards the player can see, up to and including the move
that shows a card not seen before (a face-down card turned up, a row dealt) or removes a run."""

MAX_LINE_POSITIONS: Final = 600
"""Positions the search for candidate lines may reach before it stops looking further."""

MAX_LINES: Final = 10
"""Candidate lines weighed at most (the best ranked, the best line of each first move before
the others): more would leave each too few samples."""

MAX_IDLE: Final = 20
"""Moves in a row without a card shown or a run removed after which a column emptied no longer
ends a line (so the hints cannot wander for ever from one empty column to another); after
twice as many, the hint only deals a row, fills the empty columns so that one can be dealt, or
has nothing left to offer."""

LINE_STEP: Final = 30
"""How much a line's rank drops for each move before its last."""

PREFERRED: Final = 100_000
"""The rank added to the lines that start with the rule-based player's move
(:func:`kosynka.games.spider.player.hint`), above any other line's, so that it wins ties and
is the first candidate (the one :func:`kosynka.hindsight.choose` gives a sample before it looks
at the clock)."""

OVERRIDE: Final = 0.2
"""How much larger a share of samples another line must win for the hint to leave the
rule-based player's move. Measured following the hints from the first move (KPat deals, a
0.12 s hint), the samples alone chose worse than the rule-based player with two suits (1 won
of deals 1-10); preferring its move, 4 of deals 1-20 are won (2, 5, 6, 10) against its own 1
(3), with four suits 0 of 1-5 either way: a solver that sees a sample's hidden cards rates
moves that only a player who knew them would make (the strategy fusion of hindsight
optimisation), and with two or four suits most samples are lost within the budget, so the
shares tell little apart. With one suit it is the other way round (see
:data:`PREFER_SUITS`)."""

PREFER_SUITS: Final = frozenset({2, 4})
"""The suit counts whose hint prefers the rule-based player's move. With one suit almost every
sample is won, the line's rank chooses, and the samples alone won KPat deals 1-10 all, where
preferring the rule-based move won 7 (it lost 7, 8 and 9, as the player alone does, reaching
an empty stock with one legal move left)."""


STAGE_SUITS: Final = frozenset({1, 2, 4})
"""The suit counts whose hint is the stage player's line (:func:`_staged`): all three. Over KPat
deals 1-300 the stage player alone won 172 with two suits and 36 with four, where the hints of
the race over lines (below) had won 84 and 5. With one suit the two are about as strong: the
race's hints won 186 of KPat deals 1-207 (the 9753b10 record, ``bench/no_peek.md``), the stage
player with its look 188 of the same deals (174 both), and 546 of 1-600; the stage player's
hints are the same on every machine, and its game is what the grades count."""

STAGE_STATES: Final = 3_000
"""Positions each stage of the stage player may try (:func:`kosynka.solver.spider.stage_line`).
Over KPat deals 1-300 the stage player won, at 1,000 / 3,000 / 10,000 / 30,000 positions a
stage, 163 / 172 / 173 / 173 deals with two suits and 32 / 36 / 43 / 45 with four."""

PYTHON_STAGE_STATES: Final = 300
"""The stage player's positions a stage with the pure-Python twin, some hundred times slower."""

STAGE_IDLE: Final = 4 * MAX_IDLE
"""Moves in a row without a card shown or a run removed after which the stage player's line is
no longer the hint. A stage written out as single moves can be long (with four suits, 55 moves
to the next card turned up). On 100 easy four-suit deals, with the plan kept, following the
hints won 92 with the bound at 40 (as the race stops) and 93 at 80. A plan made again from a
position the moves did not follow may differ from the one before, and this bounds how long
the hints could wander so."""

CHANCE_SAMPLES: Final = 32
"""Samples the stage player's chance is made of at most (fewer when the hint's time runs out):
enough for "about 60%" (a share of 32 samples is within 0.17 of the truth 19 times in 20)."""

STAGE_FINAL_STATES: Final = 40_000
"""Positions the pruned search may try once every card is seen, in a sample's game of the stage
player (:func:`kosynka.solver.spider.stage_game`)."""


def _first_move(line: Line) -> Move:
    """A line's first move: the move it stands for among the candidates."""
    return line[0]


def empty_at(game: Spider) -> int:
    """The first empty column of ``game``, or -1."""
    for i, col in enumerate(game._cols):
        if not col:
            return i
    return -1


def _full_key(game: Spider) -> Hashable:
    """Everything the line search tells positions apart by (cards, face-down counts, rows)."""
    return (tuple(tuple(c) for c in game._cols), tuple(game._hidden), game._next)


def _step(game: Spider, move: Move) -> Spider:
    """A copy of ``game`` (no history) after the legal ``move``."""
    nxt = game.copy(stack=False)
    _m, _reason, where = nxt._check(move)
    nxt._apply(move, where)
    return nxt


class SpiderSampler:
    """The hindsight sampler of one Spider view (see :class:`kosynka.hindsight.Sampler`).

    Its candidates are *lines*: ways, over the cards the player can see, to reach a move that
    shows a new card (a face-down card turned up, a row dealt), removes a run or empties a
    column (found by a breadth-first search, the shortest line to each such position). Until
    that move the player knows as much as the solver of a sample, so a line is judged after its
    last move: the samples then differ only in what the player will learn next. The hint is the
    first move of the best line; the next hint plans again."""

    def __init__(
        self, seen: SpiderSeen, implementation: str = "native", prefer: Move | None = None
    ) -> None:
        self.seen = seen
        self._prefer = prefer
        self._unseen = list(seen.unseen)
        self._table = table_of(seen, self._unseen)  # any filling: the legal moves are the same
        if prefer is not None and not self._table.is_legal(prefer):
            self._prefer = None  # a move the view does not allow is no candidate
        self._implementation = implementation
        self._ranks: dict[Line, int] = {}

    def _moves(self, game: Spider) -> list[tuple[Move, int]]:
        """The legal moves of ``game`` worth a line, with the heuristic's scores: into an empty
        column only into the first one, never a whole column between empty columns or a run of
        one suit broken (:data:`~kosynka.games.spider.player.P_NEVER`); the deal last."""
        out: list[tuple[Move, int]] = []
        empty = [i for i, col in enumerate(game._cols) if not col]
        first_empty = empty[0] if empty else -1
        for m in game.legal_move_list():
            if m.card is None:
                out.append((m, P_USEFUL - 1))
                continue
            if empty and m.to in empty and m.to != first_empty:
                continue
            score = score_move(game, m)
            if score > P_NEVER:
                out.append((m, score))
        return out

    def candidates(self) -> list[Line]:
        """The candidate lines, best first by :meth:`rank`: a move that finishes a run alone
        when there is one (it costs nothing, except where it would leave the table too few
        cards for a row ever to be dealt: the player's score rules that out, see
        :func:`~kosynka.games.spider.player.score_move`); else each line to a card turned up, a
        run removed or a column emptied that passes through no layout the game has had; the
        lines that end in a dealt row only when there is no such line (a solver that knows the
        stock loses nothing by dealing early; a player does); then the empty columns filled and
        a row dealt; then the no-peek player's own hint. So the hints never go round in
        circles: each line ends in something new, and :data:`MAX_IDLE` bounds the moves
        without a gain.

        When the sampler was given the rule-based player's move (``prefer``), the lines that
        start with it come first (:data:`PREFERRED`), and the move alone is a line when none
        does (except beside a move that finishes a run, which stays alone). Of the
        :data:`MAX_LINES` weighed, the best line of every first move comes before a second
        line of another (:func:`kosynka.hindsight.varied`), so that the preferred move's lines
        cannot fill every place and leave the samples nothing to overrule it with."""
        game = self._table
        moves = self._moves(game)
        for m, score in moves:
            if score >= P_RUN:
                self._ranks[(m,)] = P_RUN
                return [(m,)]
        lines = self._lines(game, moves)
        return preferred_first(lines, self._prefer, self._ranks, PREFERRED, MAX_LINES, _first_move)

    def _lines(self, game: Spider, moves: list[tuple[Move, int]]) -> list[Line]:
        """The lines of :meth:`candidates` before the rule-based player's move is added, in no
        particular order, their ranks recorded."""
        found: dict[Hashable, Line] = {}
        had = self.seen.had
        fresh_empties = self.seen.idle < MAX_IDLE
        visited = {_full_key(game)}
        frontier: deque[tuple[Spider, Line, list[tuple[Move, int]]]] = deque([(game, (), moves)])
        expanded = 0
        while frontier and expanded < MAX_LINE_POSITIONS:
            here, path, here_moves = frontier.popleft()
            for m, score in here_moves:
                expanded += 1
                nxt = _step(here, m)
                line = (*path, m)
                shows = (
                    m.card is None
                    or sum(nxt._hidden) < sum(here._hidden)
                    or len(nxt._removed) > len(here._removed)
                    or (
                        fresh_empties
                        and not nxt._cols[m.source or 0]
                        and m.to != empty_at(here)
                        and layout_key(nxt) not in had
                    )
                )
                key = _full_key(nxt)
                if shows:
                    if key not in found:
                        found[key] = line
                        self._ranks[line] = score - LINE_STEP * len(path)
                    continue
                if key in visited or layout_key(nxt) in had:
                    continue
                visited.add(key)
                frontier.append((nxt, line, self._moves(nxt)))
        lines = [ln for ln in found.values() if ln[-1].card is not None]
        if not lines:  # a row is dealt only when nothing else shows a card
            lines = list(found.values())
        if not lines:
            lines = self._fill_and_deal()
        if not lines and self._prefer is None:  # (else the rule-based move is the line)
            lines = self._fallback()
        return lines

    def _fill_and_deal(self) -> list[Line]:
        """The empty columns filled, each with the shortest group that leaves a card behind
        (and makes no layout the game has had), and a row dealt, as a lone line; none when the
        stock is gone or a column cannot be filled so."""
        game = self._table
        if not game._stock or not any(not col for col in game._cols):
            return []
        line: list[Move] = []
        here = game
        while (to := empty_at(here)) >= 0:
            fills = []
            for m in here.legal_move_list():
                if m.to == to and m.source is not None and m.card is not None:
                    at = _topmost(here._cols[m.source], m.card.index)
                    if at > 0 and layout_key(after := _step(here, m)) not in self.seen.had:
                        fills.append((len(here._cols[m.source]) - at, m, after))
            if not fills:
                return []
            _size, m, here = min(fills, key=lambda f: f[0])
            line.append(m)
        line.append(Move.deal())
        self._ranks[tuple(line)] = 0
        return [tuple(line)]

    def _fallback(self) -> list[Line]:
        """The no-peek player's hint (:class:`~kosynka.games.spider.player.Player`, which sees
        what this view holds and remembers the same layouts) as a lone line, when no line to
        something new is in the search's reach: a short line to more cards in suit, or a
        column filled so that a row can be dealt; none when it has nothing to offer."""
        if self.seen.idle >= 2 * MAX_IDLE:  # long enough without a gain: deal, or stop
            deal = Move.deal()
            if self._table.is_legal(deal):
                self._ranks[(deal,)] = 0
                return [(deal,)]
        player = Player(self._table.copy(stack=False))
        player.seen = set(self.seen.had)
        player.idle = min(self.seen.idle, MAX_IDLE)
        move = player.choose()
        if move is None or (
            self.seen.idle >= 2 * MAX_IDLE and (move.card is None or self._table._cols[move.to])
        ):
            return []  # after that long only a column filled so that a row can be dealt
        if layout_key(_step(self._table, move)) in self.seen.had:
            return []  # the hints never lead back to a layout the game has had
        self._ranks[(move,)] = 0
        return [(move,)]

    def rank(self, move: Line) -> int:
        """A line's heuristic rank: the player's score of its last move
        (:func:`~kosynka.games.spider.player.score_move`), less :data:`LINE_STEP` for each move
        before it."""
        return self._ranks.get(move, 0)

    def sample(self, rng: random.Random) -> Spider:
        """A table with the unseen cards dealt at random into the unseen places."""
        return _sample_of(self.seen, rng)

    def lost(self, sample: Spider, max_states: int) -> bool:
        """False: proving a Spider table lost takes far more than a hint's budget, and almost
        every one can be won."""
        return False

    def value(self, sample: Spider, move: Line, max_states: int) -> float:
        """1.0 when the solver wins ``sample`` after the line within ``max_states`` positions,
        else 0.0 (also when a move of the line is refused in the sample, which a line over the
        cards in sight should never be)."""
        game = sample.copy(stack=False)
        for m in move:
            resolved, reason, where = game._check(m)
            if reason is not None:
                return 0.0
            game._apply(resolved, where)
        if game.is_won():
            return 1.0
        return 1.0 if _solve(self._implementation, game, max_states)[0] == "solved" else 0.0


def _solve(
    implementation: str, game: Spider, max_states: int, time_limit: float | None = None
) -> tuple[str, list[str], int]:
    """The pruned search's verdict on ``game`` within ``max_states`` positions and
    ``time_limit`` seconds (None: no limit) ("solved" or not), its winning line as move text
    and the positions it tried."""
    args = game.solver_position()
    if implementation == "native":
        from kosynka.solver import _core

        seconds = -1.0 if time_limit is None else time_limit
        status, _limit, line, states, _unique = _core.spider_solve(
            *args, seconds, max_states, pruned=True, exhaustive=False
        )
        return status, line, states
    from kosynka.solver import _spider_py

    found = _spider_py.search(
        *args, time_limit=time_limit, max_states=max_states, exhaustive_search=False
    )
    return found.status, list(found.line), found.states


def _solved_line(
    seen: SpiderSeen, implementation: str, max_states: int, time_limit: float | None = None
) -> Line:
    """The solver's winning line from a table the player sees whole (empty when none is found
    within ``max_states`` positions and ``time_limit`` seconds, or when it passes through a
    layout the game has had before it shows something new)."""
    game = table_of(seen, ())
    status, text, _states = _solve(implementation, game, max_states, time_limit)
    if status != "solved" or not text:
        return ()
    line: list[Move] = []
    here = game
    for t in text:
        m = here.parse_move(t)
        nxt = _step(here, m)
        if layout_key(nxt) in seen.had:
            return ()
        line.append(m)
        if m.card is not None and len(nxt._removed) > len(here._removed):
            break  # a run removed: the rest is replanned from there
        here = nxt
    return tuple(line)


def _staged(
    seen: SpiderSeen,
    implementation: str,
    *,
    seed: int,
    time_limit: float | None,
    max_samples: int,
    estimate: bool,
) -> Choice[Line] | None:
    """The stage player's next stage as the hint (:func:`kosynka.solver.spider.stage_line`
    with its look, :data:`kosynka.solver.spider.STAGE_LOOK`, but with the pure-Python twin,
    where it would take seconds; played on ``seen``'s table with any placing of the unseen
    cards: it reads none of them), with its chance: the share of samples of the unseen cards on
    which the stage player without the look wins playing on from here
    (:func:`kosynka.solver.spider.stage_game`), dealt until ``time_limit``
    or ``max_samples`` (none when ``estimate`` is false). None when the stage player has no
    line, its line passes through a layout the game has had (the hints never lead back), or
    :data:`STAGE_IDLE` moves have passed without a gain (the race's last resorts end it)."""
    from kosynka.solver.spider import STAGE_LOOK, stage_game, stage_line

    if seen.idle >= STAGE_IDLE:
        return None

    python = implementation == "python"
    states = PYTHON_STAGE_STATES if python else STAGE_STATES
    look = None if python else STAGE_LOOK
    table = table_of(seen, seen.unseen)
    texts: list[str] | None = None
    if seen.start is not None:
        # The plan made where this stage began, kept while the moves since follow it: a plan
        # made again from each position could differ from the last and wander.
        planned = stage_line(table_of(seen.start, seen.start.unseen), states, implementation, look)
        done = [str(m) for m in seen.since]
        if planned[: len(done)] == done and len(planned) > len(done):
            texts = planned[len(done) :]
    if texts is None:
        texts = stage_line(table, states, implementation, look)
    if not texts:
        return None
    line: list[Move] = []
    here = table
    for i, text in enumerate(texts):
        m = here.parse_move(text)
        line.append(m)
        if i == len(texts) - 1:
            break
        here = _step(here, m)
        if i == 0 and layout_key(here) in seen.had:
            return None
    moves = tuple(line)
    if not estimate:
        return Choice(moves, None, 0, 0, (Tally(moves, 0, 0.0),))
    rng = random.Random(seed)
    start = time.perf_counter()
    won = tried = 0
    while tried < min(max_samples, CHANCE_SAMPLES) and (
        not tried or time_limit is None or time.perf_counter() - start < time_limit
    ):
        sample = _sample_of(seen, rng)
        won += stage_game(sample, states, STAGE_FINAL_STATES, implementation).won
        tried += 1
    return Choice(moves, won / tried, tried, tried, (Tally(moves, tried, float(won)),))


def _sample_of(seen: SpiderSeen, rng: random.Random) -> Spider:
    """``seen``'s table with the unseen cards dealt at random into the unseen places."""
    cards = list(seen.unseen)
    rng.shuffle(cards)
    return table_of(seen, cards)


def hint(
    game: Spider,
    *,
    seed: int = 0,
    time_limit: float | None = HINT_SECONDS,
    max_samples: int = MAX_SAMPLES,
    max_states: int | None = None,
    estimate: bool = True,
) -> Choice[Line]:
    """The strong no-peek hint for ``game`` (read only through :func:`seen_of` and the
    rule-based no-peek player, which reads only the cards it has seen). With the suit counts of
    :data:`STAGE_SUITS`, the stage player's next stage (:func:`_staged`) while it has one.
    Otherwise the race over lines: with the suit counts of :data:`PREFER_SUITS`, the rule-based
    player's move (:func:`kosynka.games.spider.player.hint` after the game's moves from its
    start, the web's heuristic hint) unless another candidate line wins a share of the samples
    of the unseen cards larger by :data:`OVERRIDE`, with that share (see
    :func:`kosynka.hindsight.choose`; each solver call has ``max_states`` positions, by default
    :data:`HINT_STATES` for the suit count); with one suit, the line that wins the largest
    share (ties by rank). The hint is the line's first move, None when there is no
    candidate."""
    prefer = None
    if game.rules.suits in PREFER_SUITS:

        def prefer() -> Move | None:
            return rule_hint(*start_and_moves(game))

    return hint_from(
        seen_of(game),
        prefer=prefer,
        seed=seed,
        time_limit=time_limit,
        max_samples=max_samples,
        max_states=max_states,
        estimate=estimate,
    )


def hint_from(
    seen: SpiderSeen,
    *,
    seed: int = 0,
    time_limit: float | None = HINT_SECONDS,
    max_samples: int = MAX_SAMPLES,
    max_states: int | None = None,
    estimate: bool = True,
    prefer: Move | Callable[[], Move | None] | None = None,
    stage: bool = True,
) -> Choice[Line]:
    """:func:`hint` for a view already made. With every card seen (none face down, the stock
    dealt) there is nothing to sample: the hint is the solver's winning line (chance 1.0) when
    it finds one, unless :data:`MAX_IDLE` twice over has passed without a gain. Else, with
    ``stage`` and the suit counts of :data:`STAGE_SUITS`, the stage player's next stage while
    it has one (:func:`_staged`). Else the race over lines: ``prefer`` is the rule-based
    player's move, the hint unless another line wins a share of the samples larger by
    :data:`OVERRIDE` (None: the samples alone choose)."""
    from kosynka.solver import default_implementation

    implementation = default_implementation("spider")
    states = max_states if max_states is not None else HINT_STATES[seen.rules.suits]
    if implementation == "python":
        states = min(states, PYTHON_STATES)
    if len(seen.removed) == 8:
        return Choice(None, 1.0, 0, 0, ())
    if not seen.unseen and seen.idle < 2 * MAX_IDLE:
        # (past that, the solver's lines from one position after another may never meet)
        seconds = None if time_limit is None else SOLVED_LINE_SECONDS
        line = _solved_line(seen, implementation, states * 20, seconds)
        if line:
            return Choice(line, 1.0, 0, 1, (Tally(line, 1, 1.0),))
    if stage and seen.rules.suits in STAGE_SUITS and seen.unseen:
        staged = _staged(
            seen,
            implementation,
            seed=seed,
            time_limit=time_limit,
            max_samples=max_samples,
            estimate=estimate,
        )
        if staged is not None:
            return staged
    if callable(prefer):
        prefer = prefer()
    sampler = SpiderSampler(seen, implementation, prefer)
    choice = choose(
        sampler,
        seed=seed,
        time_limit=time_limit,
        max_samples=max_samples,
        max_states=states,
        estimate=estimate,
    )
    return keep_preferred(choice, prefer, OVERRIDE)


def followed(
    game: Spider, seed: int = 0, *, max_samples: int = GRADE_SAMPLES
) -> Iterator[tuple[Spider, Move]]:
    """The hints' moves from ``game`` (left unchanged) at a fixed budget, each with the game
    after it (:func:`kosynka.hindsight.hints_followed`): with no time limit and at most
    ``max_samples`` samples a hint, a game depends only on ``game`` and ``seed``, and its moves
    are those :func:`hint` gives with these arguments. With two and four suits the rule-based
    player, whose move the hint prefers, follows the game instead of replaying it each time."""
    rules_player: Player | None = None
    if game.rules.suits in PREFER_SUITS:
        start, history = start_and_moves(game)
        rules_player = Player(start.copy(stack=False))
        for move in history:
            rules_player.follow(move)

    def hint_at(probe: Spider, turn: int) -> Choice[Line]:
        return hint_from(
            seen_of(probe),
            prefer=rules_player.choose if rules_player is not None else None,
            seed=turn,
            time_limit=None,
            max_samples=max_samples,
            estimate=False,
        )

    return hints_followed(game, seed, hint_at, rules_player.follow if rules_player else None)


def play(
    game: Spider,
    seed: int = 0,
    *,
    max_samples: int = GRADE_SAMPLES,
    max_moves: int = DEFAULT_MAX_MOVES,
) -> PlayResult:
    """A game played from ``game`` (left unchanged) by following the hints (:func:`followed`)
    until it is won, no hint is left or ``max_moves`` moves are made: what the library's grades
    of Spider measure."""
    end, made, card_moves = walk(followed(game, seed, max_samples=max_samples), game, max_moves)
    return PlayResult.at_end(end, made, card_moves)
