"""FreeCell's scoring: ours, made to reward few moves and little time.

Microsoft's FreeCell keeps no score (only wins, losses and streaks), so kosynka has its own.
Every FreeCell deal we deal can be won, so what tells a good game from another is how
directly and how fast it was won. The score:

==========================================  =================================
a card to its foundation                     +10
a card back from its foundation              -10
at a win: few moves                          +50,000 // moves played
at a win in a timed game: little time        +100,000 // max(seconds, 30)
==========================================  =================================

* **Cards home** (10 each, 520 in all) measure how far a game got, so a game given up still
  has a score, and a card sent home and brought back earns nothing.
* **Few moves.** A win can take no fewer than 52 moves (every card goes home once, by a move of
  its own), so the move bonus is at most 961; a good player's 100 moves earn 500, 200 moves
  250. It falls as 1 / moves, like Windows' time bonus: every move saved is worth something,
  the first ones most, and no line is so long that the bonus becomes negative. A supermove
  is one move, as the game counts it.
* **Little time** (timed games only), by the same shape: 3 minutes earn 555, 5 minutes 333, 10
  minutes 166. Games under 30 seconds earn what 30 seconds earn (3,333): no person wins that
  fast, and a limit keeps a replayed line from scoring without bound.
* The two bonuses weigh about the same for a good game (100 moves in about 3 minutes: 500
  and 555), so neither speed nor care alone makes the best score.

**Undo.** A move taken back takes the points of its card home back with it, but it was
played: the moves played are the moves in the record plus the undos, so each undo lowers the
move bonus as one move more. **Hints** change no points; a game with a hint is assisted
(:attr:`kosynka.scoring.Score.assisted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.freecell.rules import FreeCell, FreeCellRules
from kosynka.scoring import Ledger, Play, Score, Tally, score_with

SCORINGS: Final = ("standard",)
"""The scorings, the default first."""
CUMULATIVE: Final = frozenset[str]()
"""Scorings a running total may be carried through: none."""

HOME: Final = 10
MOVE_BONUS: Final = 50_000
TIME_BONUS: Final = 100_000
FASTEST: Final = 30
"""The time bonus of a game under this many seconds is that of one of this many."""

WORDS: Final = {
    "home": ("a card to its foundation", "карта в дом"),
    "back-from-home": ("a card back from its foundation", "карта возвращена из дома"),
    "move-bonus": (
        "a win in few moves: 50,000 / moves",
        "победа за малое число ходов: 50 000 / ходы",
    ),
    "time-bonus": ("a fast win: 100,000 / seconds", "быстрая победа: 100 000 / секунды"),
}


def _add(ledger: Ledger, code: str, points: int, move: int | None = None, text: str = "") -> None:
    """Add a step of ``code`` with its words (``text``: the move's)."""
    en, ru = WORDS[code]
    ledger.add(code, points, en, ru, move=move, text=text or None)


def check_rules(scoring: str, rules: FreeCellRules) -> None:
    """Every rule option is scored the same way: nothing to refuse."""


class FreeCellTally(Tally):
    """FreeCell's score kept move by move (see :class:`kosynka.scoring.Tally`)."""

    __slots__ = ()

    def __init__(self, start: FreeCell, scoring: str) -> None:
        self.scoring = scoring
        self.ledger = Ledger()

    def before(self, game: Game[Any], move: Any) -> Any:
        """The cards home before the move."""
        assert isinstance(game, FreeCell)
        return sum(game.foundation_counts())

    def after(self, game: Game[Any], move: Any, note: Any, index: int) -> None:
        """10 points for each card the move sent home (or brought back)."""
        assert isinstance(game, FreeCell)
        gained = sum(game.foundation_counts()) - note
        if gained > 0:
            _add(self.ledger, "home", HOME * gained, index, str(move))
        elif gained < 0:
            _add(self.ledger, "back-from-home", HOME * gained, index, str(move))

    def finish(self, game: Game[Any], moves: int, play: Play) -> Ledger:
        """The score so far, with the bonuses at a win."""
        ledger = self.ledger
        if game.is_won():
            ledger = ledger.copy()
            played = moves + play.undos
            _add(ledger, "move-bonus", MOVE_BONUS // max(played, 1))
            seconds = play.whole_seconds
            if seconds is not None:
                _add(ledger, "time-bonus", TIME_BONUS // max(seconds, FASTEST))
        return ledger


def tally(start: FreeCell, scoring: str) -> FreeCellTally:
    """A fresh tally of ``scoring`` for the game from ``start``."""
    return FreeCellTally(start, scoring)


def score(start: FreeCell, moves: Sequence[Any], scoring: str, play: Play) -> Score:
    """The score of ``moves`` played from ``start`` (which is played on)."""
    return score_with(tally(start, scoring), start, moves, play)


if TYPE_CHECKING:  # mypy checks these scorings against what every game's offer
    from kosynka.games.freecell import scoring as _this
    from kosynka.scoring import Scorings

    _SCORINGS: Scorings = _this
