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

import time
from collections.abc import Iterable, Sequence
from typing import Final

from kosynka.cards import ALL_CARDS
from kosynka.errors import KosynkaError
from kosynka.games.freecell import FOUNDATION, FreeCell, FreeCellRules, Move
from kosynka.games.freecell import player as _player
from kosynka.games.freecell.deals import check_deal_number
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _freecell_py
from kosynka.solver.result import SolutionError, SolveResult, SolveStatus

if _NATIVE is not None:
    from kosynka.solver import _core

_MOVE_OF_CODE: Final = tuple(Move(ALL_CARDS[c], to) for c in range(52) for to in range(10))
"""The engine move of each code ``card * 16 + to`` (``to`` < 10), indexed by ``card * 10 + to``."""


REFEREE: Final = True
"""FreeCell lines can be checked by the compiled referee (``native/freecell_referee.cpp``), which
shares no code with the search: :func:`solve_game` with ``verify="native"``."""


def available_implementations() -> list[str]:
    """``["native", "python"]`` when the compiled core is installed, else ``["python"]``."""
    return ["native", "python"] if _NATIVE is not None else ["python"]


def position_args(game: FreeCell) -> tuple[list[list[int]], list[int], list[int], bool]:
    """The position as the searches take it: columns bottom to top as card indices, one entry
    per free cell of the rules (-1 for an empty one), the foundation counts (C, D, H, S) and
    whether foundation return is on."""
    # The engine keeps the position as card indices already.
    return (
        [list(col) for col in game._cols],
        list(game._cells),
        list(game._found),
        game.rules.foundation_return,
    )


def search(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
    implementation: str = "native",
) -> tuple[str, str | None, list[int], int, int]:
    """Run one implementation's search on ``game``'s position: (status, limit, engine move
    codes ``card * 16 + to``, states, unique states). No replay: :func:`solve_game` does it."""
    cols, cells, found, ret = position_args(game)
    if implementation == "native":
        if _NATIVE is None:
            raise ValueError("the compiled solver core is not installed")
        status, limit, line, states, unique = _core.freecell_solve(
            cols,
            cells,
            found,
            ret,
            -1.0 if time_limit is None else float(time_limit),
            0 if max_states is None else int(max_states),
            short,
        )
        return status, (limit or None), line, states, unique
    if implementation != "python":
        raise ValueError(f"solver implementation {implementation!r} is not available")
    out = _freecell_py.solve(
        cols, cells, found, ret, time_limit=time_limit, max_states=max_states, short=short
    )
    return out.status, out.limit, out.line, out.states, out.unique_states


def solve_game(
    game: FreeCell,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    short: bool = False,
    implementation: str = "native",
    verify: str = "python",
) -> SolveResult:
    """Decide ``game``'s position (limits already checked by :func:`kosynka.solver.solve`); a
    winning line is checked by the rules engine, or with ``verify="native"`` by the compiled
    referee (:func:`referee_codes`)."""
    if not isinstance(game, FreeCell):
        raise TypeError(f"the FreeCell solver needs a FreeCell game, not {type(game).__name__}")
    if implementation not in available_implementations():
        raise ValueError(f"solver implementation {implementation!r} is not available")
    start = time.perf_counter()
    status, limit, line, states, unique = search(
        game,
        time_limit=time_limit,
        max_states=max_states,
        short=short,
        implementation=implementation,
    )
    seconds = time.perf_counter() - start
    if status != "solved":
        moves: list[Move] = []
    elif verify == "native":
        moves = referee_codes(game, line)
    else:
        moves = replay_codes(game, line)
    return SolveResult(
        status=SolveStatus(status),
        limit=limit,
        moves=moves,
        states=states,
        unique_states=unique,
        seconds=seconds,
        implementation=implementation,
    )


def _replay(board: FreeCell, codes: Sequence[int], what: str = "solver line") -> list[Move]:
    """Make the moves of engine move ``codes`` on ``board`` through the rules engine and return
    them; raise :class:`SolutionError` at the first illegal one (naming the line ``what``).

    Each move is checked by the engine's own rule check (``FreeCell._explain``, the code behind
    :meth:`FreeCell.explain`) and made by its own ``_apply``: the same checks as
    :meth:`FreeCell.advance`, without building a :class:`~kosynka.games.freecell.Move` per check
    or keeping any history. The card's place is the engine's ``_locate`` answer, found faster:
    the column of each card in a column is kept along the line and handed to ``_locate`` to
    look at first."""
    locate, explain, apply = board._locate, board._explain, board._apply
    cols = board._cols
    column_of = {c: i for i, col in enumerate(cols) for c in col}
    out: list[Move] = []
    table = _MOVE_OF_CODE
    for i, code in enumerate(codes):
        card, to = code >> 4, code & 15
        if not 0 <= card < 52 or to >= 10:
            raise SolutionError(f"{what} has a bad move code {code} at move {i + 1}")
        move = table[card * 10 + to]
        where = locate(card, column_of.get(card))
        reason = explain(card, to, where)
        if reason is not None:
            raise SolutionError(f"{what} refused at move {i + 1} ({move}): {reason}")
        size = apply(move, where)[2]  # the cards moved
        if to < FOUNDATION:
            dest = cols[to]
            for c in dest[len(dest) - size :]:
                column_of[c] = to
        else:
            column_of.pop(card, None)
        out.append(move)
    return out


def replay_codes(game: FreeCell, codes: Sequence[int]) -> list[Move]:
    """Replay a line of engine move codes from ``game``'s position through the rules engine on
    a copy (``game`` is left as it is) and return its moves; raise :class:`SolutionError` when a
    move is illegal or the last position is not won."""
    board = game.copy(stack=False)
    out = _replay(board, codes)
    if not board.is_won():
        raise SolutionError(
            f"solver line of {len(out)} moves does not win: "
            f"{52 - sum(board.foundation_counts())} cards are not home"
        )
    return out


def referee_codes(game: FreeCell, codes: Sequence[int]) -> list[Move]:
    """Check a line of engine move codes from ``game``'s position in the compiled referee
    (``native/freecell_referee.cpp``: the rules written apart from the search, held to the rules
    engine by differential tests) and return its moves; raise :class:`SolutionError` when a
    move is illegal or the line does not win. The moves are read from their codes alone: no
    rules engine work per move, which is what makes a range of deals cheap to check."""
    if _NATIVE is None:
        raise ValueError("the compiled referee is not installed")
    cols, cells, found, ret = position_args(game)
    made, why, won, *_ = _core.freecell_referee(cols, cells, found, ret, list(codes))
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
    from kosynka.solver import check_limits, default_implementation

    if _NATIVE is None or numbering != "ms" or default_implementation("freecell") != "native":
        return None
    for n in numbers:
        check_deal_number(n, "ms")
    time_limit, max_states = check_limits(time_limit, max_states)
    rows = _core.freecell_solve_ms(
        list(numbers),
        rules.cells,
        rules.foundation_return,
        -1.0 if time_limit is None else float(time_limit),
        0 if max_states is None else int(max_states),
        short,
    )
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
        board = game.copy(stack=False)
        line = _replay(board, codes, "the player's game")
        if board.is_won() != won or sum(board.foundation_counts()) != home or len(line) != moves:
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


def verify_line(game: FreeCell, moves: Sequence[Move | str]) -> list[Move]:
    """Replay ``moves`` (move values or move text) from ``game``'s position through the rules
    engine on a copy and return them as :class:`Move` values; raise :class:`SolutionError` when
    a move is illegal or the last position is not won."""
    board = game.copy(stack=False)
    out: list[Move] = []
    for i, m in enumerate(moves):
        try:
            move = Move.parse(m) if isinstance(m, str) else m
            board.advance(move)
        except KosynkaError as exc:
            raise SolutionError(f"solver line refused at move {i + 1} ({m}): {exc}") from None
        out.append(move)
    if not board.is_won():
        raise SolutionError(f"solver line of {len(out)} moves does not win")
    return out


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
