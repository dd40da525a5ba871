"""The FreeCell solver: decides a FreeCell position and finds a winning line.

>>> from kosynka.games.freecell import FreeCell
>>> from kosynka.solver import solve
>>> res = solve(FreeCell(1))
>>> res.solved
True

The search runs in the compiled core (``kosynka.solver._core``, C++) when it is installed and in
the pure-Python reference (:mod:`kosynka.solver._freecell_py`) otherwise; both search the same
space in the same order, so they give the same verdicts, states and lines. They work from any
position under every rule option (0-4 free cells, foundation return on or off). A verdict of
``unsolvable`` comes from an exhaustive search with sound pruning (see
``bench/solver_freecell.md``), and every winning line is replayed through the rules engine before
it is returned.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from kosynka.cards import ALL_CARDS
from kosynka.games.freecell import FreeCell, FreeCellRules, Move
from kosynka.games.freecell import player as _player
from kosynka.games.freecell.deals import check_deal_number
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _freecell_py
from kosynka.solver.result import (
    NO_LIMITS,
    Found,
    HardDecider,
    Limits,
    SolutionError,
    SolveResult,
    SolveStatus,
)
from kosynka.solver.verify import checked_moves

if _NATIVE is not None:
    from kosynka.solver import _core

_MOVE_OF_CODE: Final = tuple(Move(ALL_CARDS[c], to) for c in range(52) for to in range(10))
"""The engine move of each code ``card * 16 + to`` (``to`` < 10), indexed by ``card * 10 + to``."""


REFEREE: Final = True
"""FreeCell lines can be checked by the compiled referee (``native/freecell_referee.cpp``), which
shares no code with the search: :func:`referee`, what :func:`kosynka.solver.solve` checks a line
with when asked for ``verify="native"``."""


def available_implementations() -> list[str]:
    """``["native", "python"]`` when the compiled core is installed, else ``["python"]``."""
    return ["native", "python"] if _NATIVE is not None else ["python"]


def position_args(game: FreeCell) -> tuple[list[list[int]], list[int], list[int], bool]:
    """The compiled core's arguments for ``game``'s position: the position
    (:meth:`FreeCell.solver_position`: columns bottom to top as card indices, one entry per
    free cell of the rules with -1 for an empty one, the foundation counts C, D, H, S) and
    whether foundation return is on."""
    cols, cells, found = game.solver_position()
    return cols, cells, found, game.rules.foundation_return


def search(
    game: FreeCell,
    limits: Limits = NO_LIMITS,
    implementation: str = "native",
    *,
    portfolio: Sequence[_freecell_py.Strategy] | None = None,
    apart: bool = False,
) -> Found:
    """Run one implementation's search on ``game``'s position within ``limits`` (checked by
    :func:`kosynka.solver.solve`): the verdict, a winning line of engine move codes
    ``card * 16 + to`` (checked by :func:`replay` or :func:`referee`) and the counts.
    ``portfolio``: the searches that take turns, if not the built-in ones (the same
    strategies in both implementations). ``apart``: in the compiled core, each search on a
    thread of its own, all at once, instead of taking turns (each within ``limits``, so the
    state limit is each one's; the others stop when one decides, and the verdict is the first
    deciding search's in the portfolio's order); the pure-Python reference takes turns
    whatever it says."""
    if not isinstance(game, FreeCell):
        raise TypeError(f"the FreeCell solver needs a FreeCell game, not {type(game).__name__}")
    if implementation not in available_implementations():
        raise ValueError(f"solver implementation {implementation!r} is not available")
    cols, cells, found, ret = position_args(game)
    time_limit, max_states, short = limits.time_limit, limits.max_states, limits.short
    if implementation == "native":
        assert _NATIVE is not None
        return Found.from_core(
            _core.freecell_solve(
                cols,
                cells,
                found,
                ret,
                -1.0 if time_limit is None else float(time_limit),
                0 if max_states is None else int(max_states),
                short,
                None if portfolio is None else _core_portfolio(portfolio),
                apart,
            )
        )
    return _freecell_py.solve(
        cols,
        cells,
        found,
        ret,
        time_limit=time_limit,
        max_states=max_states,
        short=short,
        portfolio=_freecell_py.PORTFOLIO if portfolio is None else portfolio,
    )


def _core_portfolio(strategies: Sequence[_freecell_py.Strategy]) -> _core.FreeCellPortfolio:
    """The compiled core's portfolio of ``strategies`` (the built-in schedule)."""
    return _core.FreeCellPortfolio(
        [
            [
                *s.weights,
                s.depth_weight,
                s.kind,
                int(s.digging),
                int(s.to_cell),
                s.noise,
                s.seed,
                s.min_cells,
                s.max_cells,
                s.node_cap,
            ]
            for s in strategies
        ]
    )


def replay(game: FreeCell, codes: Sequence[int]) -> list[Move]:
    """Replay a line of engine move codes from ``game``'s position through the rules engine
    (:meth:`FreeCell.check_codes`, on a copy: ``game`` is left as it is) and return its moves;
    raise :class:`SolutionError` when a move is illegal or the last position is not won."""
    return checked_moves(game.check_codes(codes))


def referee(game: FreeCell, codes: Sequence[int]) -> list[Move]:
    """Check a line of engine move codes from ``game``'s position in the compiled referee
    (``native/freecell_referee.cpp``: the rules written apart from the search, held to the rules
    engine by differential tests) and return its moves; raise :class:`SolutionError` when a
    move is illegal or the line does not win. The moves are read from their codes alone: no
    rules engine work per move, which is what makes a range of deals cheap to check."""
    if _NATIVE is None:
        raise ValueError("the compiled referee is not installed")
    made, why, won, *_ = _core.freecell_referee(*position_args(game), list(codes))
    table = _MOVE_OF_CODE
    if made < len(codes):
        code = codes[made]
        card, to = code >> 4, code & 15
        shown = table[card * 10 + to] if 0 <= card < 52 and to < 10 else code
        raise SolutionError(
            f"solver line refused by the referee at move {made + 1} ({shown}): {why}"
        )
    if not won:
        raise SolutionError(f"solver line of {made} moves does not win (the referee)")
    return [table[(c >> 4) * 10 + (c & 15)] for c in codes]


_RangeArgs = tuple[list[int], int, bool, float, int, bool]
"""A chunk of Microsoft deals, the rules and the limits as the core's range functions take them."""


def _range_args(
    numbers: Sequence[int],
    rules: FreeCellRules,
    numbering: str,
    time_limit: float | None,
    max_states: int | None,
    short: bool,
) -> _RangeArgs | None:
    """The core's arguments for deciding a chunk of deals at once (:func:`solve_deals`,
    :func:`solve_deal_rows`), the numbers and limits checked; None when that path does not
    apply (another numbering than ``ms``, no core, or ``KOSYNKA_IMPLEMENTATION=python``)."""
    from kosynka.solver import check_limits, default_implementation

    if _NATIVE is None or numbering != "ms" or default_implementation("freecell") != "native":
        return None
    for n in numbers:
        check_deal_number(n, "ms")
    time_limit, max_states = check_limits(time_limit, max_states)
    return (
        list(numbers),
        rules.cells,
        rules.foundation_return,
        -1.0 if time_limit is None else float(time_limit),
        0 if max_states is None else int(max_states),
        short,
    )


def solve_deals(
    numbers: Sequence[int],
    rules: FreeCellRules,
    numbering: str,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
) -> list[SolveResult] | None:
    """Decide a chunk of deals in the compiled core at once: Microsoft's deals dealt in C++,
    each searched and its line checked by the compiled referee (what ``kosynka solve --deals``
    runs when the referee checks the lines), with no rules engine object made per deal or per
    move. None when that path does not apply (another numbering than ``ms``, no core, or
    ``KOSYNKA_IMPLEMENTATION=python``): the caller then solves deal by deal. A line the
    referee refuses raises :class:`SolutionError`."""
    args = _range_args(numbers, rules, numbering, time_limit, max_states, short)
    if args is None:
        return None
    rows = _core.freecell_solve_ms(*args)
    table = _MOVE_OF_CODE
    out: list[SolveResult] = []
    for number, (status, limit, codes, states, unique, seconds, refused, why) in zip(
        numbers, rows, strict=True
    ):
        if refused >= 0:
            raise SolutionError(
                f"deal {number}: solver line refused by the referee at move {refused + 1}: {why}"
            )
        out.append(
            SolveResult(
                status=SolveStatus(status),
                limit=str(limit) if limit else None,
                moves=[table[(c >> 4) * 10 + (c & 15)] for c in codes],
                states=int(states),
                unique_states=int(unique),
                seconds=float(seconds),
                implementation="native",
            )
        )
    return out


class DealRow(NamedTuple):
    """One deal of a range as :func:`solve_deal_rows` gives it: the JSON row ``kosynka solve
    --json`` prints for it, written by the core, and what the summary and the table read."""

    text: str
    """The row as JSON text (byte for byte what ``json.dumps`` makes of the command's row)."""
    status: str
    limit: str | None
    card_moves: int
    states: int
    ms: float
    """The search's milliseconds, rounded to three decimals (as in ``text``)."""


def solve_deal_rows(
    numbers: Sequence[int],
    rules: FreeCellRules,
    numbering: str,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
) -> list[DealRow] | None:
    """:func:`solve_deals` with each deal's JSON row written in the core
    (``kosynka solve --deals ... --json``): no move object, move text or Python object per
    move is made. None when that path does not apply (as :func:`solve_deals`). A line the
    referee refuses raises :class:`SolutionError`."""
    args = _range_args(numbers, rules, numbering, time_limit, max_states, short)
    if args is None:
        return None
    rows = _core.freecell_solve_ms_rows(*args)
    out: list[DealRow] = []
    for number, (text, status, limit, moves, states, seconds, refused, why) in zip(
        numbers, rows, strict=True
    ):
        if refused >= 0:
            raise SolutionError(
                f"deal {number}: solver line refused by the referee at move {refused + 1}: {why}"
            )
        out.append(DealRow(text, status, limit or None, moves, states, round(seconds * 1000, 3)))
    return out


def _player_weights() -> list[float]:
    """The human-like player's weights in the order the core's twin takes them."""
    p = _player
    return [
        p.W_HOME,
        p.W_FREE_CELL,
        p.W_EMPTY_COLUMN,
        p.W_DEPTH,
        p.W_BLOCKER,
        p.W_RUN,
        p.W_ROOM,
        p.W_LAST_CELL,
        p.LOOKAHEAD,
        p.LOOK_AT,
        1.0 if p.RETURNS else 0.0,
    ]


def play_games(
    game: FreeCell,
    seeds: Iterable[int],
    *,
    max_moves: int = _player.DEFAULT_MAX_MOVES,
    implementation: str | None = None,
) -> list[_player.PlayResult]:
    """The human-like player's games from ``game``'s position, one per tie-breaking seed: what
    :func:`kosynka.games.freecell.player.play` returns for each, in the compiled core when it is
    installed (the same games, move for move, about fifty times faster; the library's grades
    play eight a deal) and in the Python player otherwise. ``implementation`` (``"native"`` or
    ``"python"``) overrides the default, which ``KOSYNKA_IMPLEMENTATION`` sets as for the solver.

    Every game the core plays is replayed through the rules engine: an illegal move, or an
    ending other than the one reported, raises :class:`SolutionError`."""
    from kosynka.solver import default_implementation

    seeds = list(seeds)
    impl = implementation if implementation is not None else default_implementation("freecell")
    if impl not in available_implementations():
        raise ValueError(f"player implementation {impl!r} is not available")
    if impl == "python" or any(not 0 <= abs(s) < 2**64 for s in seeds) or _NATIVE is None:
        return [_player.play(game, s, max_moves=max_moves) for s in seeds]
    cols, cells, found, ret = position_args(game)
    games = _core.freecell_play(
        cols, cells, found, ret, _player_weights(), [abs(s) for s in seeds], max_moves
    )
    out: list[_player.PlayResult] = []
    for won, moves, home, codes, stuck in games:
        checked = game.check_codes(codes)
        line = checked_moves(checked, "the player's game", win=False)
        board = checked.board
        if board.is_won() != won or board.view().foundation_count() != home or len(line) != moves:
            raise SolutionError(
                f"the player's game of {len(line)} moves does not end as the core reported"
            )
        out.append(
            _player.PlayResult(
                won=bool(won),
                moves=len(line),
                foundation=int(home),
                line=tuple(line),
                stuck=bool(stuck),
            )
        )
    return out


def hard_decider() -> HardDecider:
    """The decider of positions with few free cells (:mod:`kosynka.solver.freecell_cells`: the
    portfolio and the prover in turn), for ``kosynka solve --min-cells``."""
    from kosynka.solver import freecell_cells

    return freecell_cells


def standard_line(game: FreeCell, moves: Sequence[Move]) -> list[str]:
    """``moves`` (a line legal from ``game``'s position) in fc-solve's standard notation
    (``v<hex>`` counts on column-to-column moves of several cards, ``h<suit><column>`` for a
    card back from its foundation), each written for the position it is made in."""
    board = game.copy(stack=False)
    out: list[str] = []
    for move in moves:
        out.append(board.standard(move))
        board.advance(move)
    return out


if TYPE_CHECKING:  # mypy checks this front against what every front offers
    from kosynka.solver import freecell as _this
    from kosynka.solver.result import SolverFront

    _FRONT: SolverFront = _this
