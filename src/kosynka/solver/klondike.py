"""The Klondike solver: decides a Klondike position and finds a winning line.

>>> from kosynka import Klondike, KlondikeRules
>>> from kosynka.solver import solve
>>> res = solve(Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat"))
>>> res.solved
True

The search runs in the compiled core (``kosynka.solver._core``, C++) when it is installed and
in the pure-Python reference (:mod:`kosynka.solver._klondike_py`) otherwise. Both know the whole
position (the face-down cards and the order of the stock), work from any position under every
rule option, and every winning line is replayed through the rules engine before it is returned.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kosynka.cards import Card
from kosynka.games.klondike import RECYCLE, Klondike, KlondikeRules, Move
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _klondike_py
from kosynka.solver.result import NO_LIMITS, Found, Limits
from kosynka.solver.verify import checked_moves

if _NATIVE is not None:
    from kosynka.solver import _core


def available_implementations() -> list[str]:
    """``["native", "python"]`` when the compiled core is installed, else ``["python"]``.

    ``native`` is the compiled abstract search (face-up cards kept as a set, see
    ``bench/solver_klondike.md``); ``python`` is the exact reference search. With the core
    installed, ``exact`` (the compiled twin of the reference, same states and same lines) may
    also be asked for by name; ``short=True`` always uses it."""
    return ["native", "python"] if _NATIVE is not None else ["python"]


def search(game: Klondike, limits: Limits = NO_LIMITS, implementation: str = "native") -> Found:
    """Search ``game``'s position within ``limits`` (checked by :func:`kosynka.solver.solve`)
    in its smallest equivalent form (:func:`normalized`): the verdict, a winning line of move
    text for that form (:func:`replay` makes it a line of ``game``'s rules) and the counts."""
    if not isinstance(game, Klondike):
        raise TypeError(f"the Klondike solver needs a Klondike game, not {type(game).__name__}")
    impl = implementation
    if impl not in available_implementations() and not (impl == "exact" and _NATIVE is not None):
        raise ValueError(f"solver implementation {impl!r} is not available")
    searched, _ = normalized(game)
    time_limit, max_states = limits.time_limit, limits.max_states
    start = time.perf_counter()
    status, limit, line, states, unique = _decide(impl, searched, time_limit, max_states, False)
    if limits.short and status == "solved":
        line, more, more_unique = _shorter_line(impl, searched, line, start, time_limit, max_states)
        states += more
        unique += more_unique
    return Found(status, limit, line, states, unique)


def replay(game: Klondike, line: Sequence[str]) -> list[Move]:
    """The winning ``line`` :func:`search` found for ``game`` as a checked line of ``game``'s
    rules: without its idle passes when the search had the pass limit lifted (see
    :func:`normalized`), then replayed through the rules engine (runs of draws at once, see
    :meth:`Klondike.check_line`). Raise :class:`SolutionError` when a move is refused or the
    line does not win."""
    searched, compact = normalized(game)
    if compact:
        line = drop_idle_passes(searched, list(line))
    return checked_moves(game.check_line(line))


def _card_moves(line: list[str]) -> int:
    """Moves of cards in a line of move text (draws and recycles not counted)."""
    return sum(1 for m in line if m not in ("s", "r"))


def _shorter_line(
    impl: str,
    game: Klondike,
    line: list[str],
    start: float,
    time_limit: float | None,
    max_states: int | None,
) -> tuple[list[str], int, int]:
    """For ``short=True``: the default search's winning ``line``, or the line of the search
    that spends effort on fewer card moves when that one has fewer (so a short line is never
    longer than the default one). Returns the line and the extra states and unique states."""
    left = None
    if time_limit is not None:
        left = time_limit - (time.perf_counter() - start)
        if left <= 0.01:
            return line, 0, 0
    status, _limit, other, states, unique = _decide(impl, game, left, max_states, True)
    if status == "solved" and (_card_moves(other), len(other)) < (_card_moves(line), len(line)):
        line = other
    return line, states, unique


def normalized(game: Klondike) -> tuple[Klondike, bool]:
    """The position as the searches see it, with the pass rule in its smallest equivalent form,
    and whether a line found for it must go through :func:`drop_idle_passes` before it is a
    line of ``game``'s rules.

    Only the recycles still allowed matter (``passes - pass_number``), so the search gets pass 1
    of ``left + 1``. And a winning line never needs more recycles than there are talon cards:
    after each needed recycle the pass that follows must play a talon card (a pass that plays
    none leaves the talon as it found it, so its card moves can be made in the next pass and
    the pass dropped). When at least that many recycles are left, the limit cannot bind and the
    position is searched as with unlimited passes; its line is then compacted to at most one
    recycle per talon card. So every pass limit and pass number, however large, reaches the
    compiled core as a small number or as unlimited."""
    rules = game.rules
    if rules.passes is None:
        if game.pass_number == 1:
            return game, False
        searched = game.copy(stack=False)
        searched.pass_number = 1
        return searched, False
    left = rules.passes - game.pass_number
    talon = game.stock_count() + len(game.waste())
    searched = game.copy(stack=False)
    searched.pass_number = 1
    if left >= talon:
        searched.rules = dataclasses.replace(rules, passes=None)
        return searched, True
    if left + 1 != rules.passes:
        searched.rules = dataclasses.replace(rules, passes=left + 1)
    return searched, False


def drop_idle_passes(game: Klondike, line: list[str]) -> list[str]:
    """``line`` (move text, winning from ``game``) without the passes that play no talon card.

    A pass that starts after a recycle with no talon card played in it ends with the talon as it
    began; its draws and the recycle that ends it are dropped, and its card moves then come at
    the start of the next pass, where they are just as legal. What is left has at most one
    recycle per talon card (see :func:`normalized`)."""
    board = game.copy(stack=False)
    keep = [True] * len(line)
    draws: list[int] = []
    after_recycle = False
    played_talon = False
    for i, text in enumerate(line):
        move = Move.parse(text)
        if move.card is None:
            if move.to == RECYCLE:
                if after_recycle and not played_talon:
                    for j in draws:
                        keep[j] = False
                    keep[i] = False
                after_recycle, played_talon, draws = True, False, []
            else:
                draws.append(i)
        else:
            waste = board.waste()
            if waste and waste[-1] == move.card:
                played_talon = True
        board.advance(move)
    return [m for m, k in zip(line, keep, strict=True) if k]


QUICK_STATES = 20_000
"""States the first, quick try of a Draw 3 or pass-limited position gets before the relaxed
proof (see :func:`_decide`)."""
RELAXED_STATES = 3_000_000
"""States the relaxed (Draw 1, unlimited passes) proof of unsolvability gets at most."""


def _search(
    impl: str,
    game: Klondike,
    time_limit: float | None,
    max_states: int | None,
    short: bool,
    plain_first: bool = False,
) -> Found:
    """One search by implementation ``impl``; with ``plain_first``, the compiled abstract
    search first looks for a line without foundation cards coming back."""
    if impl in ("native", "exact"):
        assert _NATIVE is not None
        if impl == "native":
            began = time.perf_counter()
            first = NO_RETURN_STATES if plain_first and not short and game.rules.draw == 1 else 0
            found = _set_search(game, time_limit, max_states, short, first)
            if found is not None:
                if short and found[0] == "solved":
                    left = None
                    if time_limit is not None:
                        left = time_limit - (time.perf_counter() - began)
                    if left is None or left > 0.01:
                        found = _shorter_of(found, game, left, max_states)
                return found
        return _native_search(game, time_limit, max_states, short)
    return _klondike_py.search(game, time_limit=time_limit, max_states=max_states, short=short)


NO_RETURN_STATES = 500
"""States the compiled search's first try spends, under Draw 1 with foundation return on,
looking for a line that never brings a card back. Such a line is also a line of the real rules,
and usually a shorter one: the search with return sends cards home early and brings them back.
On KPat deals 1-1000 plain Draw 1 lines have 86.3 card moves without this first look and 81.2
with it (2,000 states: 80.3). Under Draw 3 it shortens lines less (92.5 to 89.7) and costs more
(its median time went up 13%), so it is not made there."""


def _decide(
    impl: str, game: Klondike, time_limit: float | None, max_states: int | None, short: bool
) -> Found:
    """Search ``game``; for Draw 3 or a pass limit, prove unsolvability on a relaxation first.

    Draw 1 with unlimited passes reaches every talon card at any time, so it allows every line
    Draw 3 or a pass limit allows: a position it cannot win cannot be won under the real rules
    either, and its search space is much smaller. A short first try under the real rules keeps
    easy positions fast; then the relaxed search (bounded) may prove the position lost; else the
    real search runs with what is left of the limits.

    Under Draw 1 with foundation return on (and not ``short``), the compiled search's first try
    looks briefly for a line that never brings a card back (see :data:`NO_RETURN_STATES`)."""
    rules = game.rules
    if rules.draw == 1 and rules.passes is None:
        return _search(impl, game, time_limit, max_states, short, plain_first=True)
    start = time.perf_counter()
    quick = QUICK_STATES if max_states is None else min(QUICK_STATES, max_states)
    first = _search(impl, game, time_limit, quick, short, plain_first=True)
    if (
        first[0] != "limit"
        or first[1] == "time"
        or (max_states is not None and quick >= max_states)
    ):
        return first
    total_states, total_unique = first[3], first[4]

    def left_time(share: float = 1.0) -> float | None:
        if time_limit is None:
            return None
        return max(1e-3, (time_limit - (time.perf_counter() - start)) * share)

    relaxed_game = game.copy(stack=False)
    relaxed_game.rules = KlondikeRules(
        draw=1, passes=None, foundation_return=rules.foundation_return
    )
    cap = RELAXED_STATES
    if max_states is not None:
        cap = min(cap, max(1, (max_states - total_states) // 3))
    relaxed = _search(impl, relaxed_game, left_time(1 / 3), cap, False)
    total_states += relaxed[3]
    total_unique += relaxed[4]
    if relaxed[0] == "unsolvable":
        return Found("unsolvable", None, [], total_states, total_unique)
    rest = None if max_states is None else max(1, max_states - total_states)
    status, limit, line, states, unique = _search(impl, game, left_time(), rest, short)
    return Found(status, limit, line, total_states + states, total_unique + unique)


class FillingJudge:
    """Judges one Klondike position some of whose cards are placeholders (``52 + k`` stands for
    the ``k``-th card of a filling of ``unseen`` places) on many fillings: whether the solver
    wins the filled position within a budget of states, exactly as :func:`_decide` with no time
    limit says it (its status ``solved``). The no-peek hint judges each candidate line's table
    this way on each sample of the cards the player has not seen: the compiled core keeps the
    position and fills it in (:class:`kosynka.solver._core.KlondikeTemplate`), so a sample
    costs the search alone; otherwise each filling is made a game and searched.

    >>> from kosynka import Klondike, KlondikeRules
    >>> game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
    >>> top = game._cols[6].pop()  # the 7th column's face-up card becomes a placeholder
    >>> game._cols[6].append(52)
    >>> judge = FillingJudge(game, 1, "native" if _NATIVE is not None else "python")
    >>> judge([top], 20_000)
    True
    """

    def __init__(self, game: Klondike, unseen: int, implementation: str) -> None:
        args = position_args(game)
        self._position = args[:6]
        self._rules = rules = game.rules
        self._unseen = unseen
        self._implementation = implementation
        self._template: _core.KlondikeTemplate | None = None
        if implementation == "native" and _NATIVE is not None:
            self._template = _core.KlondikeTemplate(*args, unseen)
            self._plain_first = NO_RETURN_STATES if rules.draw == 1 else 0
        self._relaxes = rules.draw != 1 or rules.passes is not None

    def __call__(self, fill: Sequence[int], max_states: int) -> bool:
        """Whether the solver wins the position filled with ``fill`` (the cards of the unseen
        places in order) within ``max_states`` positions."""
        if self._template is not None and not (self._relaxes and max_states > QUICK_STATES):
            # _decide's one search: a first try within QUICK_STATES covers the whole budget
            return self._template.solved(fill, max_states, self._plain_first)
        return _decide(self._implementation, self.filled(fill), None, max_states, False)[0] == (
            "solved"
        )

    def filled(self, fill: Sequence[int]) -> Klondike:
        """The position with its placeholders replaced by ``fill``, as a game of its own."""
        if len(fill) != self._unseen:
            raise ValueError("a filling needs one card for each unseen place")
        cols, hidden, talon, waste, found, pass_number = self._position

        def cards(indices: Sequence[int]) -> list[Card]:
            return [Card.from_index(fill[c - 52] if c >= 52 else c) for c in indices]

        return Klondike.from_position(
            [cards(col) for col in cols],
            hidden,
            cards(talon[waste:])[::-1],  # the stock, its next card last
            cards(talon[:waste]),
            found,
            pass_number=pass_number,
            rules=self._rules,
        )


_PositionArgs = tuple[list[list[int]], list[int], list[int], int, list[int], int, int, int, bool]
"""A position and its rules as the core's searches take them (see ``_core.pyi``)."""


def position_args(game: Klondike) -> _PositionArgs:
    """The compiled core's arguments for ``game``'s position before its limits: the position
    (:meth:`Klondike.solver_position`: columns, face-down counts, talon, cards on the waste,
    foundation counts, pass number) and the rules (draw, passes with 0 for unlimited,
    foundation return)."""
    r = game.rules
    return (
        *game.solver_position(),
        r.draw,
        0 if r.passes is None else r.passes,
        r.foundation_return,
    )


def _limit_args(time_limit: float | None, max_states: int | None) -> tuple[float, int]:
    """Limits as the core takes them: a negative time and 0 states for none."""
    return (
        -1.0 if time_limit is None else float(time_limit),
        0 if max_states is None else max_states,
    )


def _native_search(
    game: Klondike,
    time_limit: float | None,
    max_states: int | None,
    short: bool,
) -> Found:
    """Run the compiled core's exact search on ``game``'s position."""
    return Found.from_core(
        _core.klondike_solve(*position_args(game), *_limit_args(time_limit, max_states), short)
    )


SHORT_SECONDS = 2.0
"""With ``short=True``, how long the exact search may look for a shorter line than the one the
abstract search found (and shortened)."""


def _shorter_of(
    found: Found, game: Klondike, time_limit: float | None, max_states: int | None
) -> Found:
    """The abstract search's (shortened) line, or the exact search's branch-and-bound line when
    that one, found within a short budget, has fewer card moves."""
    assert _NATIVE is not None
    budget = SHORT_SECONDS if time_limit is None else max(1e-3, min(SHORT_SECONDS, time_limit))
    exact = _native_search(game, budget, max_states, True)
    shorter = exact.status == "solved" and _card_moves(exact.line) < _card_moves(found.line)
    return Found(
        found.status,
        found.limit,
        exact.line if shorter else found.line,
        found.states + exact.states,
        found.unique_states + exact.unique_states,
    )


def _set_search(
    game: Klondike,
    time_limit: float | None,
    max_states: int | None,
    short: bool = False,
    plain_first: int = 0,
) -> Found | None:
    """Run the compiled abstract search on ``game``'s position (``plain_first``: states for a
    first look without foundation return, see :data:`NO_RETURN_STATES`); None when it cannot
    represent the position (face-up cards out of sequence), for the exact search to take over."""
    found = Found.from_core(
        _core.klondike_set_solve(
            *position_args(game), *_limit_args(time_limit, max_states), short, plain_first
        )
    )
    return None if found[0] == "unsupported" else found


if TYPE_CHECKING:  # mypy checks this front against what every front offers
    from kosynka.solver import klondike as _this
    from kosynka.solver.result import SolverFront

    _FRONT: SolverFront = _this
