"""What a Pyramid player has seen, and the no-peek hint drawn from it.

The pyramid and the waste lie face up; the stock shows its top card. :class:`PyramidSeen` is the
table as the player knows it: the pyramid, the waste, the cards removed and the stock, whose
cards under its top are unknown in the first pass and all known from the second (every one of
them has been on the waste, and a new pass turns the waste over). It holds no card the player
has not seen: it is made by :func:`seen_of` from a game, and nothing else reads the game.

:class:`PyramidSampler` deals the unseen cards at random into the stock's unseen places and asks
the full-information solver (:mod:`kosynka.solver.pyramid`, complete: it proves a sample lost)
whether each sample can be won after each legal move; :func:`kosynka.hindsight.choose` weighs
the answers. :func:`hint` is the whole thing: the move that wins the most samples (ties by the
no-peek player's ranking, :func:`kosynka.games.pyramid.player.score_move`) and the share it
won. With nothing left unseen it is the solver's own first move.

>>> from kosynka.games.pyramid import Pyramid
>>> seen = seen_of(Pyramid(1))
>>> len(seen.unseen), seen.stock[0] is not None, seen.stock[1]
(23, True, None)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from kosynka.cards import ALL_CARDS
from kosynka.games.pyramid.player import P_KING, score_move
from kosynka.games.pyramid.rules import Move, Pyramid, PyramidRules
from kosynka.hindsight import Choice, StatusSamples, as_line, choose, known_choice

HINT_SECONDS: Final = 0.12
"""A hint's time budget: the race stops dealing samples after this long."""
HINT_STATES: Final = 200_000
"""Positions each solver call may try; a sample it cannot decide counts half."""
PYTHON_STATES: Final = 20_000
"""The cap with the pure-Python solver (an install without the compiled core)."""
MAX_SAMPLES: Final = 200
"""Samples one hint deals at most."""


@dataclass(frozen=True, slots=True)
class PyramidSeen:
    """A Pyramid table as the player knows it. Cards are card indices
    (:attr:`~kosynka.cards.Card.index`): ``places`` the 28 places (-1 where the card is gone),
    ``stock`` the stock from its top card down (None where the player has not seen the card),
    ``waste`` bottom to top, ``removed`` the cards taken off, ``pass_number`` the pass under
    way."""

    rules: PyramidRules
    places: tuple[int, ...]
    stock: tuple[int | None, ...]
    waste: tuple[int, ...]
    removed: frozenset[int]
    pass_number: int

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards the player has not seen, in card order: they lie in the stock's unseen
        places, in some order the player cannot know."""
        known = {c for c in self.places if c >= 0}
        known.update(self.waste)
        known.update(c for c in self.stock if c is not None)
        known.update(self.removed)
        return tuple(c for c in range(52) if c not in known)


def seen_of(game: Pyramid) -> PyramidSeen:
    """What the player of ``game`` has seen: everything but the stock under its top card in
    the first pass (from the second pass on, the whole stock: it has all been on the waste)."""
    places, stock, waste, pass_number = game._snapshot()
    top_first = tuple(reversed(stock))
    known: tuple[int | None, ...]
    if pass_number > 1 or not top_first:
        known = top_first
    else:
        known = (top_first[0], *([None] * (len(top_first) - 1)))
    present = {c for c in places if c >= 0} | set(stock) | set(waste)
    return PyramidSeen(
        rules=game.rules,
        places=tuple(places),
        stock=known,
        waste=tuple(waste),
        removed=frozenset(c for c in range(52) if c not in present),
        pass_number=pass_number,
    )


def table_of(seen: PyramidSeen, hidden: Sequence[int]) -> Pyramid:
    """The game ``seen`` is a view of, with the stock's unseen places filled by ``hidden`` in
    order (top down); ``hidden`` may be short (then the unseen cards fill the rest in card
    order: any filling serves to list the legal moves)."""
    fill = iter([*hidden, *seen.unseen[len(hidden) :]])
    stock = [c if c is not None else next(fill) for c in seen.stock]
    return Pyramid.from_position(
        [ALL_CARDS[c] if c >= 0 else None for c in seen.places],
        [ALL_CARDS[c] for c in stock],
        [ALL_CARDS[c] for c in seen.waste],
        pass_number=seen.pass_number,
        rules=seen.rules,
    )


def _decide(game: Pyramid, max_states: int) -> str:
    """The full-information solver's verdict on ``game`` within ``max_states`` positions:
    ``solved``, ``unsolvable`` or ``limit``."""
    from kosynka.solver import default_implementation
    from kosynka.solver import pyramid as front
    from kosynka.solver.result import Limits

    implementation = default_implementation("pyramid")
    states = max_states if implementation == "native" else min(max_states, PYTHON_STATES)
    return front.search(game, Limits(None, states), implementation).status


class PyramidSampler(StatusSamples[Pyramid, Move]):
    """The hindsight sampler of one Pyramid view (see :class:`kosynka.hindsight.Sampler`):
    its candidates are the legal moves; a sample is a deal of the unseen cards into the stock's
    unseen places; a move's value on a sample is the solver's verdict after it (1 won, 0 lost,
    a half when the solver runs out of positions)."""

    def __init__(self, seen: PyramidSeen) -> None:
        self.seen = seen
        self._table = table_of(seen, ())
        self._ranks: dict[Move, int] = {}

    def candidates(self) -> list[Move]:
        """The legal moves, best first by the no-peek player's ranking (removals by
        :func:`~kosynka.games.pyramid.player.score_move`, then ``s``, then ``r``); a King
        alone when one is available (removing it never costs anything)."""
        moves = self._table.legal_move_list()
        for m in moves:
            self._ranks[m] = (
                score_move(self._table, m) if m.cards else (-1 if m.turn == "s" else -2)
            )
        kings = [m for m in moves if self._ranks[m] >= P_KING]
        if kings:
            return kings[:1]
        return sorted(moves, key=lambda m: -self._ranks[m])

    def rank(self, move: Move) -> int:
        """The no-peek player's rank of ``move`` (higher first)."""
        return self._ranks.get(move, -3)

    def sample(self, rng: random.Random) -> Pyramid:
        """A table with the unseen cards dealt at random into the stock's unseen places."""
        cards = list(self.seen.unseen)
        rng.shuffle(cards)
        return table_of(self.seen, cards)

    def decide(self, game: Pyramid, max_states: int) -> str:
        """The full-information solver's status on ``game`` within ``max_states`` positions."""
        return _decide(game, max_states)


def hint(
    game: Pyramid,
    *,
    seed: int = 0,
    time_limit: float | None = HINT_SECONDS,
    max_samples: int = MAX_SAMPLES,
    max_states: int = HINT_STATES,
    estimate: bool = True,
) -> Choice[tuple[Move, ...]]:
    """The no-peek hint for ``game`` (read only through :func:`seen_of`): the move that the
    solver wins after in the largest share of samples of the unseen cards, with that share
    (:func:`kosynka.hindsight.choose`), as a line of one move. With nothing unseen, the
    solver's first move (chance 1.0) when it can win, else the best-ranked move (chance 0.0)."""
    seen = seen_of(game)
    sampler = PyramidSampler(seen)
    if game.is_won():
        return Choice(None, 1.0, 0, 0, ())
    if not seen.unseen:
        return _known(sampler, game, max_states)
    choice = choose(
        sampler,
        seed=seed,
        time_limit=time_limit,
        max_samples=max_samples,
        max_states=max_states,
        estimate=estimate,
    )
    return as_line(choice)


def _known(sampler: PyramidSampler, game: Pyramid, max_states: int) -> Choice[tuple[Move, ...]]:
    """The hint when the player has seen every card: the solver's first move, or with no win
    the best-ranked legal move (chance 0) or none."""
    from kosynka.solver import default_implementation
    from kosynka.solver import pyramid as front
    from kosynka.solver.result import Limits

    found = front.search(game, Limits(None, max_states), default_implementation("pyramid"))
    first = game.parse_move(str(found.line[0])) if found.line else None
    return known_choice(found.status, first, sampler.candidates())
