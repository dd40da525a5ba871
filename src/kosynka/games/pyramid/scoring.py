"""Pyramid's scoring: ours, since Microsoft's is not documented.

Microsoft Solitaire Collection shows a score in Pyramid but documents no rule for it, and the
programs that publish their rules (PySolFC, KPat) keep none for Pyramid; so kosynka scores it
its own way, and the rules page says how. A card taken from the pyramid is worth most, since
clearing the pyramid is the game; a card of the stock or the waste is worth less; clearing the
pyramid earns a bonus; each new pass through the stock costs, as Klondike's Microsoft scoring
charges for turning the waste over:

===========================================  ======
a card removed from the pyramid               +10
a card of the stock or the waste removed       +5
the pyramid cleared                           +250
a new pass through the stock                   -50
===========================================  ======

**Undo** takes back its move's points and costs nothing more; **time** and **hints** change
no points (a game with a hint is assisted: :attr:`kosynka.scoring.Score.assisted`). The score
never goes below 0 (a pass taken with nothing to show costs no more than what was earned).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from kosynka.games.base import Game
from kosynka.games.pyramid.rules import Pyramid, PyramidRules
from kosynka.scoring import Ledger, Play, Score, Tally, score_with

SCORINGS: Final = ("standard",)
"""The scorings, the default first."""
CUMULATIVE: Final = frozenset[str]()
"""Scorings a running total may be carried through: none."""

PYRAMID_CARD: Final = 10
OTHER_CARD: Final = 5
CLEARED: Final = 250
NEW_PASS: Final = -50

WORDS: Final = {
    "pyramid-card": ("a card removed from the pyramid", "карта убрана из пирамиды"),
    "stock-card": ("a card of the stock or the waste removed", "убрана карта колоды или сброса"),
    "cleared": ("the pyramid cleared", "пирамида разобрана"),
    "new-pass": ("a new pass through the stock", "новый проход по колоде"),
}


def _add(ledger: Ledger, code: str, points: int, move: int | None = None, text: str = "") -> None:
    """Add a step of ``code`` with its words (``text``: the move's)."""
    en, ru = WORDS[code]
    ledger.add(code, points, en, ru, move=move, text=text or None)


def check_rules(scoring: str, rules: PyramidRules) -> None:
    """Every rule set is scored the same way: nothing to refuse."""


class PyramidTally(Tally):
    """Pyramid's score kept move by move (see :class:`kosynka.scoring.Tally`)."""

    __slots__ = ()

    def __init__(self, start: Pyramid, scoring: str) -> None:
        self.scoring = scoring
        self.ledger = Ledger(floor=0)

    def before(self, game: Game[Any], move: Any) -> Any:
        """The pyramid cards left before the move."""
        assert isinstance(game, Pyramid)
        return game.pyramid_count()

    def after(self, game: Game[Any], move: Any, note: Any, index: int) -> None:
        """The points of the cards the move removed, the bonus when it cleared the pyramid,
        the cost of a new pass (the ledger's floor keeps the score from going below 0)."""
        assert isinstance(game, Pyramid)
        text = str(move)
        if move.turn == "r":
            _add(self.ledger, "new-pass", NEW_PASS, index, text)
            return
        from_pyramid = note - game.pyramid_count()
        for _ in range(from_pyramid):
            _add(self.ledger, "pyramid-card", PYRAMID_CARD, index, text)
        for _ in range(len(move.cards) - from_pyramid):
            _add(self.ledger, "stock-card", OTHER_CARD, index, text)
        if from_pyramid and game.pyramid_count() == 0:
            _add(self.ledger, "cleared", CLEARED, index, text)

    def finish(self, game: Game[Any], moves: int, play: Play) -> Ledger:
        """The score so far (undos, time and hints change nothing)."""
        return self.ledger


def tally(start: Pyramid, scoring: str) -> PyramidTally:
    """A fresh tally of ``scoring`` for the game from ``start``."""
    return PyramidTally(start, scoring)


def score(start: Pyramid, moves: Sequence[Any], scoring: str, play: Play) -> Score:
    """The score of ``moves`` played from ``start`` (which is played on)."""
    return score_with(tally(start, scoring), start, moves, play)


if TYPE_CHECKING:  # mypy checks these scorings against what every game's offer
    from kosynka.games.pyramid import scoring as _this
    from kosynka.scoring import Scorings

    _SCORINGS: Scorings = _this
