"""Klondike's scorings: Windows' standard scoring and Vegas.

We follow Solitaire as Windows shipped it from Windows 3.0 to Windows XP (``sol.exe``): the
scoring the players who ask for "Windows scores" know, and the one whose rules are written
down. Sources: the game's help page "Scoring" (read in its Windows Mobile edition: the points
below, "-20 points for each pass through the deck after four passes (Draw Three option)",
"-100 points for each pass through the deck after one pass (Draw One option)", "-2 points
for each 10 seconds elapsed during a timed game", the Vegas ante of $52 and $5 a card),
Microsoft's Knowledge Base article Q101766 (the bonus: 700,000 / seconds, for a game over
30 seconds) and ReactOS's Solitaire, a reimplementation of ``sol.exe`` (the details the help
leaves out: a loss never takes the standard score below 0; the recycle penalty of Draw 3
starts at the fourth recycle; an undo puts back the score saved with the move and charges
nothing). Microsoft Solitaire Collection (Windows 8 and later) has a scoring of its own,
which we do not follow.

**Standard** (``standard``, the default):

====================================================  ==========
a card to a foundation (from the waste or a column)   +10
a card from the waste to a column                     +5
a face-down card turned up (by the move uncovering     +5
it: turning is part of the move here)
a card from a foundation back to a column             -15
a recycle of the waste, Draw 1                        -100
a recycle of the waste, Draw 3: the first three are   -20
free (four passes), each one after that
every 10 seconds played (timed games only)            -2
at a win in a timed game of over 30 seconds           +700,000 // seconds
====================================================  ==========

A card moved between columns earns nothing (the +3 for it in Windows Mobile's edition is
not the desktop game's). The score never goes below 0: a loss larger than the score takes it
to 0, as Windows' does, so the order of the steps matters and the account keeps it. The time is
counted after the moves (from the seconds played; Windows takes its 2 points every 10
seconds as they pass, so the two differ only when Windows' floor at 0 swallowed some of
them early in a game), then the bonus.

**Vegas** (``vegas``): a stake of -52 to start, +5 a card to a foundation and -5 a card back
from one (its $5 goes back with it); no time, no floor. Vegas is played with its own pass
limit, as in Windows: one pass in Draw 1, three in Draw 3. A game under any other pass
limit is refused as a Vegas game (``check_rules``): a Vegas score means money won against the
house under those limits, and one made with more passes would not compare with it.
*Cumulative*: the caller carries the running total from game to game (``carry``); each game
adds its stake and winnings to it.

**Undo** (both scorings): a move taken back takes its points back with it (the score is the
score of the moves left, as Windows restores the score it saved with the move) and costs
nothing more: Windows charges nothing for Undo. **Hints** change no points; a game with a hint
is assisted (:attr:`kosynka.scoring.Score.assisted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from kosynka.errors import InvalidNotationError
from kosynka.games.base import Game
from kosynka.games.klondike.rules import FOUNDATION, RECYCLE, Klondike, KlondikeRules
from kosynka.scoring import Ledger, Play, Score, Tally, score_with

SCORINGS: Final = ("standard", "vegas")
"""The scorings, the default first."""
CUMULATIVE: Final = frozenset({"vegas"})
"""The scorings a running total may be carried through (``carry``)."""

HOME: Final = 10
WASTE_TO_TABLEAU: Final = 5
TURNED: Final = 5
BACK_FROM_HOME: Final = -15
RECYCLE_DRAW1: Final = -100
RECYCLE_DRAW3: Final = -20
FREE_RECYCLES_DRAW3: Final = 3
"""Draw 3's recycles that cost nothing (four passes through the stock)."""
TIME_POINTS: Final = -2
TIME_STEP: Final = 10
"""Seconds per :data:`TIME_POINTS`."""
BONUS: Final = 700_000
BONUS_AFTER: Final = 30
"""A win earns the time bonus only in a game of more seconds than this."""

VEGAS_STAKE: Final = -52
VEGAS_HOME: Final = 5
VEGAS_PASSES: Final = {1: 1, 3: 3}
"""Vegas' pass limit by draw."""

WORDS: Final = {
    "home": ("a card to its foundation", "карта в дом"),
    "waste-to-tableau": ("a card from the waste to the tableau", "карта из отбоя в ряд"),
    "turned": ("a face-down card turned up", "открыта закрытая карта"),
    "back-from-home": ("a card back from its foundation", "карта возвращена из дома"),
    "recycle": ("the waste turned over into the stock", "отбой снова перевёрнут в колоду"),
    "time": ("2 points for every 10 seconds", "2 очка за каждые 10 секунд"),
    "time-bonus": ("time bonus: 700,000 / seconds", "бонус за время: 700 000 / секунды"),
    "stake": ("the stake", "ставка"),
    "carried": ("carried from the games before", "перенесено из прошлых партий"),
}


def _add(ledger: Ledger, code: str, points: int, move: int | None = None, text: str = "") -> None:
    """Add a step of ``code`` with its words (``text``: the move's)."""
    en, ru = WORDS[code]
    ledger.add(code, points, en, ru, move=move, text=text or None)


def check_rules(scoring: str, rules: KlondikeRules) -> None:
    """Refuse rules ``scoring`` is not played by: Vegas needs its own pass limit."""
    if scoring == "vegas":
        want = VEGAS_PASSES[rules.draw]
        if rules.passes != want:
            have = "unlimited passes" if rules.passes is None else f"passes={rules.passes}"
            noun = "pass" if want == 1 else "passes"
            raise InvalidNotationError(
                f"Vegas scoring is played with {want} {noun} through the stock in Draw "
                f"{rules.draw}, and these rules have {have} (deal with --passes {want})"
            )


def _recycle_points(draw: int, pass_number: int) -> int:
    """What the recycle that ends pass ``pass_number`` costs in the standard scoring."""
    if draw == 1:
        return RECYCLE_DRAW1
    return RECYCLE_DRAW3 if pass_number > FREE_RECYCLES_DRAW3 else 0


class KlondikeTally(Tally):
    """Klondike's score kept move by move (see :class:`kosynka.scoring.Tally`)."""

    __slots__ = ("draw", "vegas")

    def __init__(self, start: Klondike, scoring: str) -> None:
        self.scoring = scoring
        self.vegas = scoring == "vegas"
        self.draw = start.rules.draw
        self.ledger = Ledger(floor=None if self.vegas else 0)
        if self.vegas:
            _add(self.ledger, "stake", VEGAS_STAKE)

    def before(self, game: Game[Any], move: Any) -> Any:
        """The pass number before a stock move; for a card move where the card comes from
        (the waste, a foundation) and the face-down cards before it."""
        assert isinstance(game, Klondike)
        card = move.card
        if card is None:
            return game.pass_number
        # The game's own lists (this module is part of the game's package): asked after
        # every move the web replays, so read without copies.
        waste = game._waste
        from_waste = bool(waste) and waste[-1] == card.index
        from_home = game._found[int(card.suit)] == card.rank
        return from_waste, from_home, sum(game._hidden)

    def after(self, game: Game[Any], move: Any, note: Any, index: int) -> None:
        """The move's points (see the table in the module's text)."""
        assert isinstance(game, Klondike)
        ledger = self.ledger
        if move.card is None:
            if move.to == RECYCLE and not self.vegas:
                points = _recycle_points(self.draw, note)
                if points:
                    _add(ledger, "recycle", points, index, str(move))
            return
        from_waste, from_home, down = note
        to_home = move.to == FOUNDATION
        if self.vegas:
            if to_home:
                _add(ledger, "home", VEGAS_HOME, index, str(move))
            elif from_home:
                _add(ledger, "back-from-home", -VEGAS_HOME, index, str(move))
            return
        if to_home:
            _add(ledger, "home", HOME, index, str(move))
        elif from_home:
            _add(ledger, "back-from-home", BACK_FROM_HOME, index, str(move))
        elif from_waste:
            _add(ledger, "waste-to-tableau", WASTE_TO_TABLEAU, index, str(move))
        turned = down - sum(game._hidden)
        if turned > 0:
            _add(ledger, "turned", TURNED * turned, index, str(move))

    def finish(self, game: Game[Any], moves: int, play: Play) -> Ledger:
        """The score so far: Vegas with its carry, the standard scoring with its time and,
        at a win, its bonus."""
        if self.vegas:
            ledger = self.ledger
            if play.carry is not None:
                ledger = ledger.carried("carried", play.carry, *WORDS["carried"])
            return ledger
        ledger = self.ledger.copy()
        seconds = play.whole_seconds
        if seconds is not None:
            steps = seconds // TIME_STEP
            if steps:
                _add(ledger, "time", TIME_POINTS * steps)
            if game.is_won() and seconds > BONUS_AFTER:
                _add(ledger, "time-bonus", BONUS // seconds)
        return ledger


def tally(start: Klondike, scoring: str) -> KlondikeTally:
    """A fresh tally of ``scoring`` for the game from ``start``."""
    return KlondikeTally(start, scoring)


def score(start: Klondike, moves: Sequence[Any], scoring: str, play: Play) -> Score:
    """The score of ``moves`` played from ``start`` (which is played on) under ``scoring``."""
    return score_with(tally(start, scoring), start, moves, play)


if TYPE_CHECKING:  # mypy checks these scorings against what every game's offer
    from kosynka.games.klondike import scoring as _this
    from kosynka.scoring import Scorings

    _SCORINGS: Scorings = _this
