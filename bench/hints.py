"""Following only the hints: how often they win, and whether they ever go round in circles.

A player who asks for a hint before every move and plays it gets exactly these games. The hints
are the web's (``POST /api/<game>/hint``, through the same adapter code): Klondike's and Spider's
come from the game's no-peek player, which sees only the face-up cards and remembers the game
so far; FreeCell's, and Spider's once nothing is hidden, are the next move of the solver's
winning line (within the server's hint time), with the player as the fallback. Each game is
played on the starter library's deals of each grade (all proven winnable by the full-information
solver). For each game, rules and grade the table gives:

* ``won``: games the hints alone won (and the 95% interval), beside ``player``: the share of the
  grader's games the game's player won on the same deals (8 seeded games a deal);
* ``repeats``: hinted moves that led to a position the game had already had (the goal is 0);
* ``back``: hinted moves that took a card straight back to the pile its own last move took it
  from, with no progress in between (the to-and-fro of issue 27; the goal is 0);
* ``idle``: the longest run of hinted moves without progress over all the games, where progress
  is, in Klondike, a card turned up, more cards home than ever, fewer cards in stock and waste
  than ever, or a card seen on the waste for the first time; in FreeCell more cards home than
  ever; in Spider a card turned up, a row dealt, a run removed, or more cards in suit than since
  the last of those;
* ``none``: games that ended with a hint of kind ``none`` ("no useful move: undo or start a new
  deal": moves are left, but none the player sees helps); ``stuck``: games that ended lost by
  the game's ``outcome()`` (no legal move, or a certain dead end); ``cap``: games cut at the
  move cap;
* ``ms``: the mean time of one hint (this bench keeps each game's hint player from move to
  move; the server rebuilds it from the record at each request).

    python bench/hints.py                                  # every game, 100 deals per grade
    python bench/hints.py --game spider --suits 2 --count 20 --jobs 2
    python bench/hints.py --game klondike --draw 3 --count 50 --check 2

``--check N`` also asks the web service itself (``GameService.hint`` on the game record) for
every hint of the first N deals of each row and counts the hints that differ (the solver's
answers can differ when a search is cut by its time limit on a busy machine).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from kosynka.games import game_spec
from kosynka.games.freecell import FreeCell
from kosynka.games.klondike import Klondike
from kosynka.games.klondike.seen import hint as klondike_hint
from kosynka.games.spider import Spider
from kosynka.library import read_starter
from kosynka.library.build import numbering_of
from kosynka.library.grading import GRADES
from kosynka.solver.stats import wilson_interval
from kosynka.web.games.base import ended
from kosynka.web.games.freecell import ADAPTER as FREECELL
from kosynka.web.games.klondike import ADAPTER as KLONDIKE
from kosynka.web.games.klondike import hint_of
from kosynka.web.games.spider import ADAPTER as SPIDER
from kosynka.web.games.spider import SpiderHints
from kosynka.web.service import solver_hint
from kosynka.web.settings import Settings

MAX_MOVES = {"klondike": 3000, "freecell": 1000, "spider": 3000}
"""A game following the hints is cut after this many moves (counted under ``cap``)."""
HINT_TIME = Settings().hint_time


@dataclass(frozen=True, slots=True)
class Game:
    """One game played by its hints."""

    won: bool
    moves: int
    repeats: int
    back: int
    idle: int
    end: str
    """How it ended: ``won``, ``none``, ``stuck`` or ``cap``."""
    hint_seconds: float
    differ: int
    """Hints that differ from the service's (only with ``check``)."""


class Progress:
    """Moves without progress (see the module docstring), per game."""

    def __init__(self, game: Any) -> None:
        self.name = game.name
        self.best: dict[str, int] = {}
        self.waste_seen: set[int] = set()
        self.idle = 0
        self.longest = 0
        self.gains = 0
        """Moves that made progress so far."""
        self.note(game, first=True)

    def _marks(self, game: Any) -> dict[str, int]:
        """The quantities whose new best is progress (smaller is better)."""
        if isinstance(game, Klondike):
            return {
                "down": game.face_down_count(),
                "home": -sum(game.foundation_counts()),
                "talon": game.stock_count() + len(game.waste()),
            }
        if isinstance(game, FreeCell):
            return {"home": -sum(game.foundation_counts())}
        assert isinstance(game, Spider)
        return {"unseen": game.face_down_count() + game.stock_count(), "runs": -game.runs_removed()}

    def note(self, game: Any, *, first: bool = False) -> None:
        """Count the position after a move."""
        gained = False
        marks = self._marks(game)
        for k, v in marks.items():
            if k not in self.best or v < self.best[k]:
                self.best[k] = v
                gained = True
        if isinstance(game, Klondike):
            shown = {c.index for c in game.waste()[-game.rules.draw :]}
            if not shown <= self.waste_seen:
                self.waste_seen |= shown
                gained = True
        if isinstance(game, Spider):
            suited = _suited(game)
            if gained or suited > self.best.get("suited", -1):
                self.best["suited"] = suited
                gained = True
        if gained or first:
            self.idle = 0
            self.gains += 1
        else:
            self.idle += 1
            self.longest = max(self.longest, self.idle)


def _suited(game: Spider) -> int:
    """Face-up cards lying on the next higher card of their suit, and 12 a removed run."""
    from kosynka.games.spider.player import _suited_links

    return _suited_links(game)


def _source(game: Any, move: Any) -> object:
    """The pile the card that ``move`` names lies on before it (a column's index, ``cell`` or
    ``other``), or None for a move of no card (a draw, a row dealt)."""
    if isinstance(game, Spider):
        return move.source
    card = move.card
    if card is None:
        return None
    for i in range(10):
        try:
            if card in game.column(i):
                return i
        except IndexError:
            break
    if isinstance(game, FreeCell) and card in game.cells():
        return "cell"
    return "other"


class Follower:
    """The web's hints along one game, kept from move to move."""

    def __init__(self, name: str, start: Any) -> None:
        self.name = name
        self.game: Any
        if name == "klondike":
            self.game = start.copy(stack=False)  # its move stack is what the hint player reads
        elif name == "spider":
            self.hints = SpiderHints(start)
            self.game = self.hints.game
        else:
            self.game = start.copy(stack=False)  # with its move stack: the fallback reads it
        self.had: set[Hashable] = {self.game.key()}

    def hint(self) -> tuple[Any | None, str]:
        """The hint now: (move or None, kind)."""
        g = self.game
        end = ended(g)
        if end is not None:
            return None, end
        if self.name == "klondike":
            # The server's seed: the number of moves made.
            choice = klondike_hint(g, seed=len(g.move_stack))
            return hint_of(g, None if choice.move is None else choice.move[0])
        if self.name == "spider":
            if SPIDER.solver_may_hint(g):
                move, _ = solver_hint(g, self.had, HINT_TIME)
                if move is not None:
                    return move, "solver"
            return self.hints.hint()
        move, _ = solver_hint(g, self.had, HINT_TIME)
        if move is not None:
            return move, "solver"
        return FREECELL.heuristic_hint(g)

    def follow(self, move: Any) -> None:
        """Play ``move``."""
        if self.name == "spider":
            self.hints.follow(move)
        else:
            self.game.push(move)
        self.had.add(self.game.key())


def _service_hint(name: str, rules: Any, deal: int, moves: list[str]) -> tuple[str | None, str]:
    """The web service's hint on the record (for ``--check``)."""
    from kosynka.web.service import GameService

    adapter = {"klondike": KLONDIKE, "freecell": FREECELL, "spider": SPIDER}[name]
    service = _SERVICES.setdefault(name, GameService(adapter, Settings()))
    m = service.models
    fields = adapter.rules_model.model_fields
    rules_model = adapter.rules_model(**{k: v for k, v in asdict(rules).items() if k in fields})
    rec = m.record(rules=rules_model, deal=m.deal(number=deal, numbering=numbering_of(name)),
                   moves=moves)  # fmt: skip
    h = service.hint(rec)
    return h.move, h.kind


_SERVICES: dict[str, Any] = {}


def follow_hints(job: tuple[str, str, int, bool]) -> Game:
    """Play deal ``job[2]`` of game ``job[0]`` under the rules ``job[1]`` (library text) by its
    hints alone; with ``job[3]`` compare every hint with the service's."""
    name, rules_text, deal, check = job
    from kosynka.library.build import rules_of

    rules = rules_of(name, rules_text)
    start = game_spec(name).deal(deal, rules, numbering_of(name))
    follower = Follower(name, start)
    progress = Progress(follower.game)
    seen: set[Hashable] = {follower.game.key()}
    texts: list[str] = []
    repeats = differ = back = 0
    last: dict[Any, tuple[object, object, int]] = {}
    """Each card's last move: where from, where to, the progress count after it."""
    spent = 0.0
    end = "cap"
    while len(texts) < MAX_MOVES[name]:
        t0 = time.perf_counter()
        move, kind = follower.hint()
        spent += time.perf_counter() - t0
        if check:
            theirs = _service_hint(name, rules, deal, texts)
            if theirs != (None if move is None else str(move), kind):
                differ += 1
        if move is None:
            end = kind
            break
        source = _source(follower.game, move)
        follower.follow(move)
        texts.append(str(move))
        key = follower.game.key()
        if key in seen:
            repeats += 1
        seen.add(key)
        progress.note(follower.game)
        card = getattr(move, "card", None)
        if card is not None and source is not None:
            before = last.get(card)
            if (
                before is not None
                and before[:2] == (move.to, source)
                and (before[2] == progress.gains)
            ):
                back += 1
            last[card] = (source, move.to, progress.gains)
    g = follower.game
    return Game(
        won=g.is_won(),
        moves=len(texts),
        repeats=repeats,
        back=back,
        idle=progress.longest,
        end="won" if g.is_won() else end,
        hint_seconds=spent / max(1, len(texts) + 1),
        differ=differ,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", nargs="+", default=["klondike", "freecell", "spider"])
    ap.add_argument("--draw", type=int, nargs="+", default=[1, 3], help="Klondike's draws")
    ap.add_argument("--suits", type=int, nargs="+", default=[1, 2, 4], help="Spider's suits")
    ap.add_argument("--grade", nargs="+", default=list(GRADES))
    ap.add_argument("--count", type=int, default=100, help="deals per grade (the first ones)")
    ap.add_argument(
        "--check", type=int, default=0, help="deals per row checked against the service"
    )
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    print(f"Following only the hints (starter deals, all proven winnable; hint time {HINT_TIME} s)")
    print(f"{'game':<9} {'rules':<8} {'grade':<7} {'deals':>5} {'won':>5} {'share':>6} "
          f"{'95% CI':>12} {'player':>6} {'repeats':>7} {'back':>4} {'idle':>4} {'none':>4} "
          f"{'stuck':>5} {'cap':>3} {'moves':>5} {'ms':>6} {'differ':>6} {'s':>5}")  # fmt: skip
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for name in args.game:
            deals = read_starter(game=name)
            if name == "klondike":
                variants = [(f"draw={d}", f"draw={d} ") for d in args.draw]
            elif name == "spider":
                variants = [(f"suits={s}", f"suits={s}") for s in args.suits]
            else:
                variants = [("cells=4", "cells=4")]
            for label, prefix in variants:
                for grade in args.grade:
                    mine = [
                        d
                        for d in deals
                        if d.grade == grade
                        and (d.rules_text + " ").startswith(prefix.rstrip() + " ")
                    ][: args.count]
                    if not mine:
                        continue
                    jobs = [
                        (name, d.rules_text, d.deal, k < args.check) for k, d in enumerate(mine)
                    ]
                    t0 = time.monotonic()
                    games = list(pool.map(follow_hints, jobs, chunksize=1))
                    won = sum(g.won for g in games)
                    lo, hi = wilson_interval(won, len(games))
                    player = sum(d.heur_wins for d in mine) / max(1, sum(d.heur_runs for d in mine))
                    ends = [g.end for g in games]
                    n = len(games)
                    print(
                        f"{name:<9} {label:<8} {grade:<7} {n:>5} {won:>5} "
                        f"{100 * won / n:>5.1f}% {100 * lo:>5.1f}-{100 * hi:>5.1f}% "
                        f"{100 * player:>5.1f}% {sum(g.repeats for g in games):>7} "
                        f"{sum(g.back for g in games):>4} "
                        f"{max(g.idle for g in games):>4} {ends.count('none'):>4} "
                        f"{ends.count('stuck'):>5} {ends.count('cap'):>3} "
                        f"{sum(g.moves for g in games) / n:>5.0f} "
                        f"{1000 * sum(g.hint_seconds for g in games) / n:>6.1f} "
                        f"{sum(g.differ for g in games):>6} {time.monotonic() - t0:>5.0f}",
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
