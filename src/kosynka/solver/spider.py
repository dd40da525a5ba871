"""The Spider solver: decides a Spider position and finds a winning line.

>>> from kosynka.games.spider import Spider, SpiderRules
>>> from kosynka.solver import solve
>>> res = solve(Spider(1, rules=SpiderRules(suits=1)))
>>> res.solved
True

Like the Klondike solver it knows the whole position (the face-down cards and the order of the
stock). The search runs in the compiled core (``kosynka.solver._core``, C++) when it is
installed and in the pure-Python reference (:mod:`kosynka.solver._spider_py`) otherwise; both
search the same way (see ``bench/solver_spider.md``):

* a *pruned* best-first search, run as a portfolio of settings with growing budgets, finds wins
  fast; its prunes may miss a win, so it never reports a position lost;
* an *exhaustive* depth-first search over every legal move, with sound prunes only, decides what
  is left: ``unsolvable`` comes only from it, when it has run out of positions.

The line is the game's moves (``3:9H>7``; ``s`` a dealt row), and every line is replayed through
the rules engine before it is returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from kosynka.games.spider import Move, Spider
from kosynka.solver import NATIVE as _NATIVE
from kosynka.solver import _spider_py
from kosynka.solver._spider_py import STAGE_LOOK as STAGE_LOOK
from kosynka.solver._spider_py import Lookahead
from kosynka.solver.result import NO_LIMITS, Found, Limits
from kosynka.solver.verify import verify_line

if _NATIVE is not None:
    from kosynka.solver import _core

DEFAULT_MAX_STATES: Final = 20_000_000
"""The state limit when neither a time nor a state limit is given. An exhaustive search of a
whole deal would never end (nor fit in memory); 20 million states is about 20 seconds and 1.5 GB
in the compiled core, far beyond what all but a handful of deals need."""

MAX_STATES: Final = 50_000_000
"""The most states one search may try whatever limit is asked for: the positions it keeps must
fit in memory (about 3.5 GB at this many)."""


def available_implementations() -> list[str]:
    """``["native", "python"]`` when the compiled core is installed, else ``["python"]``."""
    return ["native", "python"] if _NATIVE is not None else ["python"]


def position_args(game: Spider) -> tuple[list[list[int]], list[int], list[int], list[int]]:
    """The compiled core's arguments for ``game``'s position (:meth:`Spider.solver_position`):
    the columns bottom to top (card indices), the face-down counts, the stock left in dealing
    order and the suit of each run removed."""
    return game.solver_position()


def search(game: Spider, limits: Limits = NO_LIMITS, implementation: str = "native") -> Found:
    """Search ``game``'s position within ``limits`` (checked by :func:`kosynka.solver.solve`):
    the verdict, a winning line of move text (checked by :func:`replay`) and the counts.

    With neither limit given the search stops at :data:`DEFAULT_MAX_STATES`; no search tries
    more than :data:`MAX_STATES`. With ``short`` the line found is shortened further (see
    :func:`kosynka.solver._spider_py.shorten`); it is never longer than without."""
    if not isinstance(game, Spider):
        raise TypeError(f"the Spider solver needs a Spider game, not {type(game).__name__}")
    if implementation not in available_implementations():
        raise ValueError(f"solver implementation {implementation!r} is not available")
    time_limit, max_states = limits.time_limit, limits.max_states
    if time_limit is None and max_states is None:
        max_states = DEFAULT_MAX_STATES
    if max_states is not None:
        max_states = min(max_states, MAX_STATES)
    args = position_args(game)
    status, limit, line, states, unique = _search(implementation, args, time_limit, max_states)
    if status == "solved" and limits.short:
        line = _shorten(implementation, args, line, 2)
    return Found(status, limit, line, states, unique)


def replay(game: Spider, line: Sequence[str]) -> list[Move]:
    """The winning ``line`` :func:`search` found, replayed through the rules engine from
    ``game``'s position (on a copy) as the game's moves; raise :class:`SolutionError` when a
    move is refused or the line does not win."""
    return verify_line(game, line)


def _search(
    implementation: str,
    args: tuple[list[list[int]], list[int], list[int], list[int]],
    time_limit: float | None,
    max_states: int | None,
) -> Found:
    """Run one implementation's search on the position ``args`` (see :func:`position_args`)."""
    if implementation == "native":
        return Found.from_core(
            _core.spider_solve(
                *args,
                -1.0 if time_limit is None else float(time_limit),
                0 if max_states is None else int(max_states),
            )
        )
    return _spider_py.search(*args, time_limit=time_limit, max_states=max_states)


def _shorten(
    implementation: str,
    args: tuple[list[list[int]], list[int], list[int], list[int]],
    line: list[str],
    depth: int,
) -> list[str]:
    """``line`` with detours cut out (see :func:`kosynka.solver._spider_py.shorten`)."""
    if implementation == "native":
        return _core.spider_shorten(*args, line, depth)
    return _spider_py.shorten(*args, line, depth)


def _look_args(look: Lookahead | None) -> list[int]:
    """A look as the core's bindings take it (empty: no look)."""
    return [] if look is None else [look.leaves, look.cards, look.states, look.seed]


def stage_line(
    game: Spider,
    stage_states: int,
    implementation: str = "native",
    look: Lookahead | None = None,
) -> list[str]:
    """The next stage of the no-peek *stage player* from ``game``'s position, as move text
    (single moves, detours cut): the card moves, best first by the search's evaluation within
    ``stage_states`` positions, to the best position where a card turns up (scored without that
    card); when none is in reach, to the best one with every column filled, and ``s`` (the
    empty columns filled one card each when nothing else will do). Empty when it has neither.
    With ``look`` (:class:`~kosynka.solver._spider_py.Lookahead`; the hint's is
    :data:`~kosynka.solver._spider_py.STAGE_LOOK`) the end where a card turns up is the one
    among the best scored whose next stage scores best over a few placings of the unseen cards.
    It reads no face-down card and no row of the stock, so any placing of the unseen cards
    gives the same line (:mod:`kosynka.games.spider.seen` plays it)."""
    args = position_args(game)
    if implementation == "native":
        return _core.spider_stage_line(*args, stage_states, _look_args(look))
    return _spider_py.stage_line(*args, stage_states, look)


class StageGame(NamedTuple):
    """A game of the stage player (:func:`stage_game`): won or not, its moves (single moves)
    and, where it ended, the face-down cards left and the runs removed."""

    won: bool
    moves: int
    face_down: int
    runs_removed: int


def stage_game(
    game: Spider,
    stage_states: int,
    final_states: int,
    implementation: str = "native",
    weights: tuple[int, int, int, int] | None = None,
    look: Lookahead | None = None,
) -> StageGame:
    """The stage player's game (:func:`stage_line`) from ``game``'s position, stage after stage
    (each played up to its first move that turns a card up or deals a row, where the hints
    plan again too), with the pruned search (within ``final_states`` positions) once every card
    is face up and the stock gone. Played on a sample of the unseen cards, it is what a no-peek
    player's chance from there is made of; played on a deal, what the grades of Spider's two
    and four suits are made of (:mod:`kosynka.library.graders.spider`). ``weights`` (down,
    brk, fit, empty; see :class:`kosynka.solver._spider_py.Weights`) replace the stage player's
    own evaluation weights (:data:`kosynka.solver._spider_py.STAGE_WEIGHTS`), for comparing
    them (``bench/spider_stage.py``); ``look`` makes it look past each stage's ends as
    :func:`stage_line` does (the hint's line looks, the chance's games and the grades' do not:
    a game costs about twelve times as much)."""
    args = position_args(game)
    if implementation == "native":
        return StageGame(
            *_core.spider_stage_game(
                *args, stage_states, final_states, list(weights or ()), _look_args(look)
            )
        )
    w = _spider_py.Weights(*weights) if weights else _spider_py.STAGE_WEIGHTS
    return StageGame(*_spider_py.stage_game(*args, stage_states, final_states, w, look))


if TYPE_CHECKING:  # mypy checks this front against what every front offers
    from kosynka.solver import spider as _this
    from kosynka.solver.result import SolverFront

    _FRONT: SolverFront = _this
