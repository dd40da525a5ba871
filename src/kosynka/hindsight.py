"""Choosing a move by solving samples of what the player cannot see (hindsight optimisation).

A player who cannot see the face-down cards or the stock's order can still ask: "if the hidden
cards lay like *this*, could I win after this move?" A game's sampler (:class:`Sampler`) deals the
unseen cards at random into the places the player cannot see, consistently with everything the
player has seen, and a full-information solver answers the question for each sample. Every
candidate move is tried on the same samples (common random numbers, so two moves are compared on
the same hidden cards), and a candidate stops being tried once its Hoeffding interval lies wholly
below the best one's (successive elimination, a bandit strategy as sound as UCB1 for picking the
best arm, and one that shares each sample among all the arms still in the race). The move
played is the one that wins in the largest share of samples; its share is the chance the hint
shows ("about 60% to win from here").

The sampler only ever sees a game's *seen* view (a type of its own that holds no hidden card),
so this module cannot peek whatever it does. It names no game: each game's package has its
sampler (``kosynka.games.<name>.seen``).

>>> import random
>>> class Coin:
...     def candidates(self): return ["heads", "tails"]
...     def sample(self, rng): return rng.random()
...     def value(self, sample, move, max_states): return float((sample < 0.8) == (move == "heads"))
...     def rank(self, move): return 0
...     def lost(self, sample, max_states): return False
>>> choice = choose(Coin(), seed=1, max_samples=200)
>>> choice.move, round(choice.chance or 0, 1)
('heads', 0.8)
"""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from kosynka.games.base import Game

M = TypeVar("M")
S = TypeVar("S")
G = TypeVar("G", bound="Game[Any]")

CONFIDENCE: Final = 0.05
"""The chance, over a whole choice, that successive elimination drops the best move by bad luck
(the Hoeffding bound is taken over every candidate and round)."""

SETTLED_ROUNDS: Final = 12
"""Rounds after which a race is over when every candidate left has won every sample or lost
every one: more samples would change no share, so the move is chosen by its rank."""

ESTIMATE_SAMPLES: Final = 24
"""Samples a lone candidate gets for its chance when a chance is asked for."""


class Sampler(Protocol[S, M]):
    """What a game gives :func:`choose`: its candidate moves, samples of the hidden cards and a
    solver's verdict on a sample after a move."""

    def candidates(self) -> Sequence[M]:
        """The moves worth weighing, best first by the game's own heuristic; empty when none."""
        ...

    def sample(self, rng: random.Random) -> S:
        """One deal of the unseen cards into the places the player cannot see."""
        ...

    def value(self, sample: S, move: M, max_states: int) -> float:
        """1.0 when the solver wins ``sample`` after ``move`` (within ``max_states``), 0.0 when it
        proves it lost; between when it ran out of states."""
        ...

    def rank(self, move: M) -> int:
        """The game's heuristic rank of ``move`` (higher first): breaks ties between moves that
        win as many samples."""
        ...

    def lost(self, sample: S, max_states: int) -> bool:
        """True when the solver proves ``sample`` lost as it stands (then every candidate loses
        in it, and none need be tried)."""
        ...


@dataclass(frozen=True, slots=True)
class Tally(Generic[M]):
    """One candidate's record: samples tried, the solver's verdicts summed."""

    move: M
    tried: int
    won: float

    @property
    def share(self) -> float:
        """The share of its samples won (0.0 when untried)."""
        return self.won / self.tried if self.tried else 0.0


@dataclass(frozen=True, slots=True)
class Choice(Generic[M]):
    """A chosen move and what the samples said of it.

    ``move`` is None only when there was no candidate. ``chance`` is the share of the move's
    samples the solver won (None when no sample was solved: a lone candidate and no chance
    asked for). ``samples`` counts the samples dealt, ``solves`` the solver calls, ``tallies``
    every candidate's record in the order of :meth:`Sampler.candidates`."""

    move: M | None
    chance: float | None
    samples: int
    solves: int
    tallies: tuple[Tally[M], ...]

    @property
    def hopeless(self) -> bool:
        """True when every candidate was tried and lost in every one of its samples."""
        return bool(self.tallies) and all(t.tried > 0 and t.won == 0 for t in self.tallies)


def verdict_value(status: str) -> float:
    """A solver's status as a sample's value: 1.0 ``solved``, 0.0 ``unsolvable``, a half when
    it ran out of positions and could not tell."""
    return {"solved": 1.0, "unsolvable": 0.0}.get(status, 0.5)


class StatusSamples(Generic[G, M]):
    """What :class:`Sampler` asks of a game whose candidates are single moves and whose
    full-information solver answers with a status: :meth:`lost` and :meth:`value` made from
    the game's :meth:`decide`. A game's sampler inherits it and adds its candidates, ranks and
    samples."""

    def decide(self, game: G, max_states: int) -> str:
        """The solver's status on ``game`` within ``max_states`` positions: ``solved``,
        ``unsolvable`` or another word for undecided."""
        raise NotImplementedError

    def lost(self, sample: G, max_states: int) -> bool:
        """True when the solver proves ``sample`` lost as it stands."""
        return self.decide(sample, max_states) == "unsolvable"

    def value(self, sample: G, move: M, max_states: int) -> float:
        """1.0 when the solver wins ``sample`` after ``move``, 0.0 when it proves it lost, a
        half when it cannot tell within ``max_states`` positions."""
        game = sample.copy(stack=False)
        game.advance(move)
        if game.is_won():
            return 1.0
        return verdict_value(self.decide(cast(G, game), max_states))


def as_line(choice: Choice[M]) -> Choice[tuple[M, ...]]:
    """A choice of single moves as a choice of one-move lines (the hint's shape in every
    game)."""
    return Choice(
        None if choice.move is None else (choice.move,),
        choice.chance,
        choice.samples,
        choice.solves,
        tuple(Tally((t.move,), t.tried, t.won) for t in choice.tallies),
    )


def known_choice(status: str, first: M | None, ranked: Sequence[M]) -> Choice[tuple[M, ...]]:
    """The hint when the player has seen every card, from the full-information solver's
    ``status`` and ``first`` move: that move (chance 1.0) when it wins, else the best of the
    ``ranked`` legal moves with chance 0.0 when the deal is proved lost (None when the solver
    could not tell), or no move when there is none."""
    if status == "solved" and first is not None:
        return Choice((first,), 1.0, 0, 1, (Tally((first,), 1, 1.0),))
    if not ranked:
        return Choice(None, None, 0, 1, ())
    chance = 0.0 if status == "unsolvable" else None
    return Choice((ranked[0],), chance, 0, 1, (Tally((ranked[0],), 1, 0.0),))


def chance_percent(chance: float) -> int:
    """A chance as players read it: a whole percentage in steps of 5, never 0 or 100 when some
    sample went the other way."""
    percent = int(5 * round(20 * chance))
    if 0 < chance < 1:
        percent = min(95, max(5, percent))
    return percent


def _radius(rounds: int, arms: int) -> float:
    """Half the width of a share's Hoeffding interval after ``rounds`` samples, with the
    confidence spread over ``arms`` candidates and every round (sum of 1/r^2 < 2)."""
    return math.sqrt(math.log(4.0 * arms * rounds * rounds / CONFIDENCE) / (2.0 * rounds))


TIE: Final = 0.02
"""Shares this close to the best (or within one standard error of it, when that is wider) count
as equal, and the game's heuristic rank chooses among them: a solver that knows the hidden cards
loses nothing by a draw from the stock, so the samples alone would rather wait than move."""


def _pick(
    alive: list[int], won: list[float], tried: list[int], ranks: list[int], near: bool = True
) -> int:
    """The candidate to play among ``alive``: the best-ranked of those whose share is as good as
    the best (with ``near``, as good within :data:`TIE`; else exactly as good), the first of
    them when ranks tie too."""
    shares = {i: (won[i] / tried[i] if tried[i] else 0.0) for i in alive}
    top = max(alive, key=lambda i: (shares[i], ranks[i], -i))
    best = shares[top]
    if not near:
        return top
    error = math.sqrt(best * (1.0 - best) / tried[top]) if tried[top] else 0.0
    level = best - max(TIE, error)
    return max((i for i in alive if shares[i] >= level), key=lambda i: (ranks[i], shares[i], -i))


def choose(
    sampler: Sampler[S, M],
    *,
    seed: int = 0,
    time_limit: float | None = None,
    max_samples: int = 400,
    max_states: int = 20_000,
    estimate: bool = True,
    near_ties: bool = True,
    clock: Callable[[], float] = time.perf_counter,
) -> Choice[M]:
    """Pick the candidate of ``sampler`` that wins the most samples.

    Samples are dealt from ``random.Random(seed)`` until ``max_samples`` are dealt, the race is
    decided (one candidate left, or every one left settled at all-won or all-lost after
    :data:`SETTLED_ROUNDS`), or ``time_limit`` seconds have passed (checked before each solver
    call once the best-ranked candidate has a sample, so the limit is overrun by at most one
    call, and a candidate with no sample is not chosen). Each solver call may try
    ``max_states`` positions. With a lone candidate, samples are dealt only when ``estimate``
    asks for its chance (then at most :data:`ESTIMATE_SAMPLES`). With ``near_ties`` the
    shares within :data:`TIE` of the best (or a standard error, when wider) count as equal and
    the game's rank chooses among them; without, only shares exactly equal do. With the same
    seed and no time limit, the same view gives the same choice."""
    began = clock()
    moves = list(sampler.candidates())
    if not moves:
        return Choice(None, None, 0, 0, ())
    ranks = [sampler.rank(m) for m in moves]
    won = [0.0] * len(moves)
    tried = [0] * len(moves)
    alive = list(range(len(moves)))
    rng = random.Random(seed)
    limit = max_samples if len(moves) > 1 else (ESTIMATE_SAMPLES if estimate else 0)
    samples = solves = 0
    out_of_time = False
    while samples < limit and not out_of_time:
        if samples and time_limit is not None and clock() - began >= time_limit:
            break
        hidden = sampler.sample(rng)
        samples += 1
        solves += 1
        if sampler.lost(hidden, max_states):
            for i in alive:
                tried[i] += 1
        else:
            for i in alive:
                if tried[alive[0]] and time_limit is not None and clock() - began >= time_limit:
                    out_of_time = True  # the rest of this round's candidates keep their count
                    break
                won[i] += sampler.value(hidden, moves[i], max_states)
                tried[i] += 1
                solves += 1
        if out_of_time:
            break
        if len(alive) > 1:
            shares = [won[i] / tried[i] for i in alive]
            best = max(shares)
            settled = samples >= SETTLED_ROUNDS and all(s in (0.0, 1.0) for s in shares)
            if settled and (best == 1.0 or all(s == best for s in shares)):
                alive = [i for i, s in zip(alive, shares, strict=True) if s == best]
                break
            cut = best - 2.0 * _radius(samples, len(moves))
            alive = [i for i, s in zip(alive, shares, strict=True) if s >= cut]
        if len(alive) == 1 and (not estimate or tried[alive[0]] >= ESTIMATE_SAMPLES):
            break
    pick = _pick([i for i in alive if tried[i]] or alive[:1], won, tried, ranks, near_ties)
    tallies = tuple(Tally(m, tried[i], won[i]) for i, m in enumerate(moves))
    chance = won[pick] / tried[pick] if tried[pick] else None
    return Choice(moves[pick], chance, samples, solves, tallies)


def varied(
    lines: Sequence[tuple[M, ...]], most: int, head: Callable[[tuple[M, ...]], Any]
) -> list[tuple[M, ...]]:
    """The first ``most`` of ``lines`` (best first), in their order, taken so that the best line
    of each ``head`` (a line's first move, or the move that stands for it) comes before any
    second line of another: the lines of one move (the rule-based player's, ranked first)
    would otherwise fill every place, and the move that keeps the game winnable would never be
    weighed (KPat Klondike Draw 3 deal 6: the 16 lines weighed all began with the king move
    that lost it)."""
    heads: dict[Any, tuple[M, ...]] = {}
    for line in lines:
        heads.setdefault(head(line), line)
    picked = list(heads.values())[:most]
    taken = set(picked)
    picked += [line for line in lines if line not in taken][: most - len(picked)]
    order = {line: i for i, line in enumerate(lines)}
    return sorted(picked, key=order.__getitem__)


def preferred_first(
    lines: list[tuple[M, ...]],
    prefer: M | None,
    ranks: dict[tuple[M, ...], int],
    bonus: int,
    most: int,
    head: Callable[[tuple[M, ...]], Any],
) -> list[tuple[M, ...]]:
    """A sampler's candidate lines, best ranked first and :func:`varied`: ``prefer`` (a
    rule-based player's move, or None) is added as a line of its own (rank 0) when no line
    starts with it, and every line that does gets ``bonus`` more in ``ranks``, so that it wins
    ties."""
    if prefer is not None:
        if not any(line[0] == prefer for line in lines):
            lines.append((prefer,))
            ranks[(prefer,)] = 0
        for line in lines:
            if line[0] == prefer:
                ranks[line] += bonus
    lines.sort(key=lambda line: -ranks[line])
    return varied(lines, most, head)


def keep_preferred(
    choice: Choice[tuple[M, ...]], prefer: M | None, override: float
) -> Choice[tuple[M, ...]]:
    """``choice`` (whose candidates are lines) with its move replaced by the best tried line
    that starts with ``prefer`` (a rule-based player's move), unless the chosen line won a
    share of its samples larger by ``override`` or more; the chance is then that line's."""
    if prefer is None or choice.move is None or choice.move[0] == prefer:
        return choice
    theirs = [t for t in choice.tallies if t.move[0] == prefer and t.tried]
    if not theirs:
        return choice
    kept = max(theirs, key=lambda t: t.share)
    if (choice.chance or 0.0) - kept.share >= override:
        return choice
    return dataclasses.replace(choice, move=kept.move, chance=kept.share)


def start_and_moves(game: G) -> tuple[G, list[Any]]:
    """The position ``game`` started from (a copy, its move stack empty) and the moves made
    since, in order: what a rule-based player replays to follow the game."""
    start = cast(G, game.copy())  # a game's copy is of its own class
    moves = list(start.move_stack)
    while start.move_stack:
        start.pop()
    return start, moves


# ----------------------------------------------------------------------------- every game's hint
class HintPlayer(Protocol):
    """A game's hint player, the module ``kosynka.games.<name>.seen``: its :func:`hint` reads
    the game only through what its player has seen."""

    def hint(
        self, game: Any, *, seed: int = 0, time_limit: float | None = ...
    ) -> Choice[tuple[Any, ...]]:
        """The hint for ``game`` (its position and move stack): the chosen line (the hint is
        its first move) and its chance."""
        ...


def hint_player(game_name: str) -> HintPlayer | None:
    """The hint player of the game called ``game_name`` (``kosynka.games.<name>.seen``), or
    None when the game has none."""
    wanted = f"kosynka.games.{game_name}.seen"
    try:
        module = importlib.import_module(wanted)
    except ModuleNotFoundError as exc:
        if exc.name is not None and wanted.startswith(exc.name):
            return None  # no such game, or a game without a hint player
        raise
    return cast(HintPlayer, module)


def hints_followed(
    game: G,
    seed: int,
    hint_at: Callable[[G, int], Choice[tuple[Any, ...]]],
    after: Callable[[Any], None] | None = None,
) -> Iterator[tuple[G, Any]]:
    """The moves of a player who follows the hints from ``game`` (left unchanged), each with
    the game after it (one copy of ``game``, changed as the moves are made), until it is won or
    no hint is left. ``hint_at(game, seed)`` gives each hint, its seed ``seed`` plus the moves
    made (as :func:`follow_hints` gives them); ``after``, when given, is shown each move made
    (say, a rule-based player that follows the game to give the hint its preferred move)."""
    probe = cast(G, game.copy())
    made = 0
    while not probe.is_won():
        choice = hint_at(probe, seed + made)
        if choice.move is None:
            return
        move = choice.move[0]
        probe.push(move)
        if after is not None:
            after(move)
        made += 1
        yield probe, move


def walk(moves: Iterator[tuple[G, Any]], start: G, max_moves: int) -> tuple[G, int, int]:
    """How a game of ``moves`` (pairs of the game after a move and the move, as
    :func:`hints_followed` gives them) ends within ``max_moves`` moves: the game at its end
    (``start`` when no move was made), the moves made and how many of them moved a card (a
    move whose ``card`` is not None; dealt rows and stock draws are not)."""
    end = start
    made = card_moves = 0
    for after, move in itertools.islice(moves, max_moves):
        end = after
        made += 1
        card_moves += getattr(move, "card", None) is not None
    return end, made, card_moves


@dataclass(frozen=True, slots=True)
class Followed:
    """A game played by following the hints from its first move: whether it was won, the moves
    made (as move text) and the time each hint took, in seconds."""

    won: bool
    line: tuple[str, ...]
    hint_seconds: tuple[float, ...]


def follow_hints(
    game: Any,
    *,
    seed: int = 0,
    time_limit: float | None = None,
    max_moves: int = 1_500,
    clock: Callable[[], float] = time.perf_counter,
) -> Followed:
    """Play ``game`` (a copy of it) by making each hint's move until it is won, no hint is left
    or ``max_moves`` moves are made. Each hint gets ``seed`` plus the number of moves made, so
    a game is the same each time it is played with the same seed (and no time limit)."""
    player = hint_player(game.name)
    if player is None:
        raise ValueError(f"{game.name} has no hint player")
    times: list[float] = []

    def hint_at(probe: Any, turn: int) -> Choice[tuple[Any, ...]]:
        began = clock()
        if time_limit is None:
            choice = player.hint(probe, seed=turn)
        else:
            choice = player.hint(probe, seed=turn, time_limit=time_limit)
        times.append(clock() - began)
        return choice

    made = list(itertools.islice(hints_followed(game, seed, hint_at), max_moves))
    end = made[-1][0] if made else game
    return Followed(end.is_won(), tuple(str(move) for _, move in made), tuple(times))
