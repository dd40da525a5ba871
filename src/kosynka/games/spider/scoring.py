"""Spider's scoring: Microsoft's (Spider Solitaire of Windows Me, XP and 7).

We follow the scoring of Microsoft's Spider Solitaire, as its help states it: the game starts
at 500 points, every move costs 1 and every run of King to Ace removed earns 100. Dealing a row
from the stock is a move like any other (Microsoft's move counter counts it), and so is an
undo: Microsoft charges a point for taking a move back and does not return the point the move
cost. Sources: the game's help, and the reimplementations that copy it (SerenityOS's Spider:
"starting at 500, decreasing by 1 every move, and increasing by 100 for every full stack").

====================================  ======
the start                              500
every move (a card moved, a row dealt)  -1
every run removed                      +100
every undo                              -2
====================================  ======

**Undo.** A move taken back is no longer in the record, so its point comes back and a run it
removed takes its 100 back; Microsoft keeps that point and charges one more, so each undo
costs 2 here (the point of the move taken back, and the undo's own), the same score
Microsoft's game shows. A redo is a move. **Time** is not scored. **No floor**: a very long
game can go below 0. **Hints** change no points; a game with a hint is assisted
(:attr:`kosynka.scoring.Score.assisted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.spider.rules import Spider, SpiderRules
from kosynka.scoring import Ledger, Play, Score, Tally, score_with

SCORINGS: Final = ("standard",)
"""The scorings, the default first."""
CUMULATIVE: Final = frozenset[str]()
"""Scorings a running total may be carried through: none."""

START: Final = 500
MOVE: Final = -1
RUN: Final = 100
UNDO: Final = -2
"""What an undo costs, beyond taking its move's points back (see the module's text)."""

WORDS: Final = {
    "start": ("the start", "начальный счёт"),
    "move": ("a move", "ход"),
    "deal": ("a row dealt", "сдан ряд"),
    "run-removed": ("a run of King to Ace removed", "убрана масть от короля до туза"),
    "undo": ("moves taken back: 2 points each", "отменённые ходы: по 2 очка"),
}


def _add(ledger: Ledger, code: str, points: int, move: int | None = None, text: str = "") -> None:
    """Add a step of ``code`` with its words (``text``: the move's)."""
    en, ru = WORDS[code]
    ledger.add(code, points, en, ru, move=move, text=text or None)


def check_rules(scoring: str, rules: SpiderRules) -> None:
    """Every suit count is scored the same way: nothing to refuse."""


class SpiderTally(Tally):
    """Spider's score kept move by move (see :class:`kosynka.scoring.Tally`)."""

    __slots__ = ()

    def __init__(self, start: Spider, scoring: str) -> None:
        self.scoring = scoring
        self.ledger = Ledger()
        _add(self.ledger, "start", START)

    def before(self, game: Game[Any], move: Any) -> Any:
        """The runs removed before the move."""
        assert isinstance(game, Spider)
        return game.runs_removed()

    def after(self, game: Game[Any], move: Any, note: Any, index: int) -> None:
        """A point for the move, 100 for each run it removed."""
        assert isinstance(game, Spider)
        text = str(move)
        _add(self.ledger, "deal" if move.is_deal else "move", MOVE, index, text)
        removed = game.runs_removed() - note
        if removed:
            _add(self.ledger, "run-removed", RUN * removed, index, text)

    def finish(self, game: Game[Any], moves: int, play: Play) -> Ledger:
        """The score so far, with what the undos cost."""
        ledger = self.ledger
        if play.undos:
            ledger = ledger.copy()
            _add(ledger, "undo", UNDO * play.undos)
        return ledger


def tally(start: Spider, scoring: str) -> SpiderTally:
    """A fresh tally of ``scoring`` for the game from ``start``."""
    return SpiderTally(start, scoring)


def score(start: Spider, moves: Sequence[Any], scoring: str, play: Play) -> Score:
    """The score of ``moves`` played from ``start`` (which is played on)."""
    return score_with(tally(start, scoring), start, moves, play)


if TYPE_CHECKING:  # mypy checks these scorings against what every game's offer
    from kosynka.games.spider import scoring as _this
    from kosynka.scoring import Scorings

    _SCORINGS: Scorings = _this
