"""TriPeaks' scoring: the classic streak scoring of the Windows Entertainment Pack's TriPeaks.

Microsoft documents no scoring rule for the TriPeaks of Microsoft Solitaire Collection (its
score, with a streak bonus, is only shown). The scoring of the original TriPeaks (Windows
Entertainment Pack, 1990), which Microsoft Solitaire Collection's guides still describe, is
documented by third parties only: Dogmelon's Tri Peaks help page
(http://www.dogmelon.com.au/solhelp/Tri%20Peaks%20Solitaire.shtml) and the TriPeaks guide of
microsoft-solitaire.com
(https://microsoft-solitaire.com/index.php/blog/rules/microsoft-solitaire-collection-tripeaks-expert-guide).
kosynka keeps that scoring, as they agree on it:

===========================================  ==========================
a card played from the table                  +1, +2, +3, ... (the run)
a card turned from the stock                  -5 (and the run starts over)
the first peak cleared                        +15
the second peak cleared                       +15
the third peak cleared                        +30
===========================================  ==========================

A run is the cards played from the table one after another with no stock card between them:
its first card scores 1, the next 2, and so on, so a run of ``n`` cards scores
``n * (n + 1) / 2``. A peak is cleared when its top card is played. The score may go below 0
(the stock's cost is charged whatever the score), as the original's counter did.

**Undo** takes back its move's points (and the run it broke or lengthened) and costs nothing
more; **time** and **hints** change no points (a game with a hint is assisted:
:attr:`kosynka.scoring.Score.assisted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.tripeaks.rules import TriPeaks, TriPeaksRules
from kosynka.scoring import Ledger, Play, Score, Tally, score_with

SCORINGS: Final = ("standard",)
"""The scorings, the default first."""
CUMULATIVE: Final = frozenset[str]()
"""Scorings a running total may be carried through: none."""

STOCK_CARD: Final = -5
"""A card turned from the stock."""
PEAK_BONUSES: Final = (15, 15, 30)
"""The bonus for the first, second and third peak cleared."""
PEAK_TOPS: Final = (0, 1, 2)
"""The places of the three peaks' tops."""

WORDS: Final = {
    "run-card": ("a card played in a run", "карта сыграна в серии"),
    "stock-card": ("a card turned from the stock", "карта открыта из колоды"),
    "peak": ("a peak cleared", "вершина разобрана"),
}


def _add(ledger: Ledger, code: str, points: int, move: int | None = None, text: str = "") -> None:
    """Add a step of ``code`` with its words (``text``: the move's)."""
    en, ru = WORDS[code]
    ledger.add(code, points, en, ru, move=move, text=text or None)


def check_rules(scoring: str, rules: TriPeaksRules) -> None:
    """Every rule set is scored the same way: nothing to refuse."""


def _peaks_left(game: TriPeaks) -> int:
    """The peaks whose top card is still on the table."""
    return sum(1 for p in PEAK_TOPS if game.place(p) is not None)


class TriPeaksTally(Tally):
    """TriPeaks' score kept move by move (see :class:`kosynka.scoring.Tally`): the ledger and
    the length of the run under way."""

    __slots__ = ("run",)

    def __init__(self, start: TriPeaks, scoring: str) -> None:
        self.scoring = scoring
        self.ledger = Ledger()
        self.run = 0

    def before(self, game: Game[Any], move: Any) -> Any:
        """The peaks not yet cleared before the move."""
        assert isinstance(game, TriPeaks)
        return _peaks_left(game)

    def after(self, game: Game[Any], move: Any, note: Any, index: int) -> None:
        """A stock card's cost (ending the run), or the played card's place in its run and the
        bonus of the peak it cleared."""
        assert isinstance(game, TriPeaks)
        text = str(move)
        if move.card is None:
            self.run = 0
            _add(self.ledger, "stock-card", STOCK_CARD, index, text)
            return
        self.run += 1
        _add(self.ledger, "run-card", self.run, index, text)
        left = _peaks_left(game)
        if left < note:
            _add(self.ledger, "peak", PEAK_BONUSES[len(PEAK_TOPS) - note], index, text)

    def finish(self, game: Game[Any], moves: int, play: Play) -> Ledger:
        """The score so far (undos, time and hints change nothing)."""
        return self.ledger


def tally(start: TriPeaks, scoring: str) -> TriPeaksTally:
    """A fresh tally of ``scoring`` for the game from ``start``."""
    return TriPeaksTally(start, scoring)


def score(start: TriPeaks, moves: Sequence[Any], scoring: str, play: Play) -> Score:
    """The score of ``moves`` played from ``start`` (which is played on)."""
    return score_with(tally(start, scoring), start, moves, play)


if TYPE_CHECKING:  # mypy checks these scorings against what every game's offer
    from kosynka.games.tripeaks import scoring as _this
    from kosynka.scoring import Scorings

    _SCORINGS: Scorings = _this
