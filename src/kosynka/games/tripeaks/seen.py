"""What a TriPeaks player has seen, and the no-peek hint drawn from it.

The peaks' cards lie face down until the cards covering them are gone, and the stock is face
down; the waste and the uncovered cards lie face up. :class:`TriPeaksSeen` is the table as the
player knows it: the face-up cards of the places, which places hold a face-down card, the waste
and how many cards the stock holds. It holds no face-down card and no stock card: it is made by
:func:`seen_of` from a game, and nothing else reads the game.

:class:`TriPeaksSampler` deals the unseen cards at random into the face-down places and the
stock and asks the full-information solver (:mod:`kosynka.solver.tripeaks`, complete: it proves
a sample lost) whether each sample can be won after each legal move;
:func:`kosynka.hindsight.choose` weighs the answers. :func:`hint` is the whole thing: the
rule-based player's move (:func:`kosynka.games.tripeaks.player.best_move`) unless another move
wins a share of the samples larger by :data:`OVERRIDE` (ties by the player's ranking,
:func:`kosynka.games.tripeaks.player.score_moves`), and the share it won. With nothing left
unseen it is the solver's own first move. Every TriPeaks move is irreversible (a card leaves
the table or the stock for good), so hints followed never go round in circles: no guard against
circling is needed.

Measured with ``kosynka play tripeaks --deals 1-200`` (PySolFC's deals, King-Ace, the hint's own
time budget and the compiled solver, 5 Dec 2026): hints followed win **117 of 200 (58.5%,
Wilson 51.6-65.1%)**; the rule-based player alone (seed 0) wins 106, the samples alone (the
move that wins most samples, no preference) 91, the full-information solver 192 (96.0%). On the
deals only one of the two won, the hints won 17 and the player 6. A hint takes a median
of 48 ms and 217 ms at most.

>>> from kosynka.games.tripeaks import TriPeaks
>>> seen = seen_of(TriPeaks(1))
>>> len(seen.unseen), seen.stock_count, sum(1 for c in seen.places if c == FACE_DOWN)
(41, 23, 18)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from kosynka.cards import ALL_CARDS
from kosynka.games.tripeaks.player import best_move, score_moves
from kosynka.games.tripeaks.rules import Move, TriPeaks, TriPeaksRules
from kosynka.hindsight import (
    Choice,
    StatusSamples,
    as_line,
    choose,
    keep_preferred,
    known_choice,
)

HINT_SECONDS: Final = 0.12
"""A hint's time budget: the race stops dealing samples after this long."""
HINT_STATES: Final = 20_000
"""Positions each solver call may try (the pure-Python search decides most deals in far
fewer); a sample it cannot decide counts half."""
MAX_SAMPLES: Final = 200
"""Samples one hint deals at most."""
OVERRIDE: Final = 0.2
"""How much larger a share of samples another move must win for the hint to leave the
rule-based player's move (:func:`kosynka.games.tripeaks.player.best_move`, read from the view).
The samples alone chose worse than that player: on deals 1-200 with King-Ace, following them
won 91 games against the player's 106, since a solver that sees a sample's stock rates moves
that only a player who knew the stock would make."""
FACE_DOWN: Final = -2
"""A face-down card in :attr:`TriPeaksSeen.places`."""
GONE: Final = -1
"""A place whose card is gone, in :attr:`TriPeaksSeen.places`."""


@dataclass(frozen=True, slots=True)
class TriPeaksSeen:
    """A TriPeaks table as the player knows it. Cards are card indices
    (:attr:`~kosynka.cards.Card.index`): ``places`` the 28 places in PySolFC's order (the
    face-up card, :data:`FACE_DOWN` for a face-down one, :data:`GONE` where the card is gone),
    ``waste`` bottom to top (every card on it has been seen), ``stock_count`` the cards the
    stock holds."""

    rules: TriPeaksRules
    places: tuple[int, ...]
    waste: tuple[int, ...]
    stock_count: int

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards the player has not seen, in card order: they lie face down in the places
        or in the stock, in some order the player cannot know."""
        known = {c for c in self.places if c >= 0}
        known.update(self.waste)
        return tuple(c for c in range(52) if c not in known)


def seen_of(game: TriPeaks) -> TriPeaksSeen:
    """What the player of ``game`` has seen (read from ``game.view()``): the face-up cards of
    the table, which places hold a face-down card, the waste and the stock's size."""
    view = game.view()
    places = tuple(
        GONE if p.card is None else (p.card.index if p.face_up else FACE_DOWN) for p in view.places
    )
    return TriPeaksSeen(
        rules=game.rules,
        places=places,
        waste=tuple(c.index for c in view.waste),
        stock_count=len(view.stock),
    )


def table_of(seen: TriPeaksSeen, hidden: Sequence[int]) -> TriPeaks:
    """The game ``seen`` is a view of, with ``hidden`` dealt in order into the face-down places
    (in place order) and then the stock (the next card to turn first); ``hidden`` may be short
    (then the unseen cards fill the rest in card order: any filling serves to list the legal
    moves)."""
    fill = iter([*hidden, *seen.unseen[len(hidden) :]])
    places = [
        None if c == GONE else ALL_CARDS[next(fill) if c == FACE_DOWN else c] for c in seen.places
    ]
    face_up = [c != FACE_DOWN for c in seen.places]
    stock = [ALL_CARDS[next(fill)] for _ in range(seen.stock_count)]
    return TriPeaks.from_position(
        places, face_up, [ALL_CARDS[c] for c in seen.waste], stock, rules=seen.rules
    )


def _decide(game: TriPeaks, max_states: int) -> str:
    """The full-information solver's verdict on ``game`` within ``max_states`` positions:
    ``solved``, ``unsolvable`` or ``limit``."""
    from kosynka.solver import tripeaks as front
    from kosynka.solver.result import Limits

    return front.search(game, Limits(None, max_states)).status


class TriPeaksSampler(StatusSamples[TriPeaks, Move]):
    """The hindsight sampler of one TriPeaks view (see :class:`kosynka.hindsight.Sampler`):
    its candidates are the legal moves; a sample is a deal of the unseen cards into the
    face-down places and the stock; a move's value on a sample is the solver's verdict after
    it (1 won, 0 lost, a half when the solver runs out of positions)."""

    def __init__(self, seen: TriPeaksSeen) -> None:
        self.seen = seen
        self._table = table_of(seen, ())
        self._ranks: dict[Move, int] = {}

    def candidates(self) -> list[Move]:
        """The legal moves, best first by the no-peek player's ranking (cards by the run they
        start, :func:`~kosynka.games.tripeaks.player.score_moves`, then ``s``)."""
        self._ranks = {m: s for s, m in score_moves(self._table)}
        moves = self._table.legal_move_list()
        for m in moves:
            self._ranks.setdefault(m, -1)
        return sorted(moves, key=lambda m: -self._ranks[m])

    def rank(self, move: Move) -> int:
        """The no-peek player's rank of ``move`` (higher first)."""
        return self._ranks.get(move, -2)

    def sample(self, rng: random.Random) -> TriPeaks:
        """A table with the unseen cards dealt at random into the face-down places and the
        stock."""
        cards = list(self.seen.unseen)
        rng.shuffle(cards)
        return table_of(self.seen, cards)

    def decide(self, game: TriPeaks, max_states: int) -> str:
        """The full-information solver's status on ``game`` within ``max_states`` positions."""
        return _decide(game, max_states)


def hint(
    game: TriPeaks,
    *,
    seed: int = 0,
    time_limit: float | None = HINT_SECONDS,
    max_samples: int = MAX_SAMPLES,
    max_states: int = HINT_STATES,
    estimate: bool = True,
) -> Choice[tuple[Move, ...]]:
    """The no-peek hint for ``game`` (read only through :func:`seen_of`): the rule-based
    player's move unless another move wins a share of the samples of the unseen cards larger by
    :data:`OVERRIDE` (:func:`kosynka.hindsight.choose`, :func:`kosynka.hindsight.keep_preferred`),
    with its share, as a line of one move. With nothing unseen, the
    solver's first move (chance 1.0) when it can win, else the best-ranked move (chance 0.0,
    or None when the solver could not tell)."""
    seen = seen_of(game)
    if game.is_won():
        return Choice(None, 1.0, 0, 0, ())
    sampler = TriPeaksSampler(seen)
    if not seen.unseen:
        return _known(sampler, table_of(seen, ()), max_states)
    choice = choose(
        sampler,
        seed=seed,
        time_limit=time_limit,
        max_samples=max_samples,
        max_states=max_states,
        estimate=estimate,
    )
    prefer = best_move(table_of(seen, ()))
    return keep_preferred(as_line(choice), prefer, OVERRIDE)


def _known(sampler: TriPeaksSampler, game: TriPeaks, max_states: int) -> Choice[tuple[Move, ...]]:
    """The hint when the player has seen every card (``game`` rebuilt from the view): the
    solver's first move, or with no win the best-ranked legal move (chance 0) or none."""
    from kosynka.solver import tripeaks as front
    from kosynka.solver.result import Limits

    found = front.search(game, Limits(None, max_states))
    first = game.parse_move(str(found.line[0])) if found.line else None
    return known_choice(found.status, first, sampler.candidates())
