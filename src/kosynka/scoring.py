"""Scores of games of every kind: the front that finds a game's scorings by its name.

Each game keeps its scorings in its own package (``kosynka.games.<game>.scoring``, found through
the game registry: the package of the game's :class:`~kosynka.games.base.GameSpec`). A score is
a pure function of the game record: the rules, the deal (or any starting position), the moves
made, and what the record cannot show: the seconds played (for a scoring that counts time), how
many moves were taken back (``undos``), how many hints were asked for (``hints``) and, for a
scoring kept from game to game (Klondike's Vegas, cumulative), the running total carried in
(``carry``).

* **Undo.** A move taken back is no longer in the record, so whatever it earned or cost is
  taken back with it; what an undo costs besides is each scoring's own rule, applied
  ``undos`` times (see each game's module: nothing in Klondike, as in Windows; two points in
  Spider, as in Microsoft's; in FreeCell an undone move still counts as played).
* **Hints.** A hint changes no points. A game in which a hint was used is *assisted*
  (:attr:`Score.assisted`): the statistics keep assisted games' best scores apart.
* **The account.** Every score comes with its steps (:class:`Step`): which move earned or cost
  what, and the score after it, in English and Russian, so that a page can show it and a test
  can check it. The steps add up to the score.

A game's scoring module has ``SCORINGS`` (the names, its default first; every game has a
``standard``), ``CUMULATIVE`` (the names that take a ``carry``), ``check_rules(scoring, rules)``
(raising ``InvalidNotationError`` for rules the scoring is not played by),
``tally(start, scoring) -> Tally`` (the score kept move by move, see :class:`Tally`) and
``score(start, moves, scoring, play) -> Score`` (the line played on the start with its tally:
:func:`score_with`).

**Kept as the game is played.** A :class:`Tally` is told of each move as someone else plays it
(:meth:`Tally.before` with the position before the move, :meth:`Tally.after` with the position
after it), so a program that replays a game for its own ends (the web's replay of the record a
browser sends) has the score at no cost of a second replay (:func:`tallies`); a tally's copy
shares its account, so keeping one with each cached position costs next to nothing.

>>> from kosynka.games.klondike import Klondike, KlondikeRules
>>> game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
>>> s = score_line(game, ["s", "s"])
>>> s.scoring, s.total, s.won
('standard', 0, False)
>>> scorings("klondike"), scorings("spider"), scorings("freecell")
(('standard', 'vegas'), ('standard',), ('standard',))
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

from kosynka.errors import IllegalMoveError, InvalidNotationError, KosynkaError, Reason
from kosynka.games.base import Game, game_part, game_spec, spec_of

__all__ = [
    "Ledger",
    "LineError",
    "Play",
    "Score",
    "Step",
    "Tally",
    "check_scoring",
    "parse_at",
    "play_at",
    "score_game",
    "score_line",
    "score_record",
    "score_with",
    "scoring_module",
    "scorings",
    "tallies",
]


class LineError(KosynkaError):
    """A move of a scored line that cannot be read or that the rules refuse: ``index`` is its
    place in the line (0 for the first move), ``text`` the move as given and ``reason`` the
    rule that refuses it (None when it cannot be read)."""

    def __init__(self, index: int, text: str, message: str, reason: Reason | None) -> None:
        super().__init__(f"move {index + 1} ({text}): {message}")
        self.index = index
        self.text = text
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Play:
    """What a score may depend on besides the moves: the ``seconds`` played (None for an
    untimed game; counted in whole seconds), the moves taken back (``undos``), the hints
    asked for (``hints``) and, for a cumulative scoring, the running total carried in from
    the games before (``carry``; None when the score is not kept from game to game)."""

    seconds: float | None = None
    undos: int = 0
    hints: int = 0
    carry: int | None = None

    def __post_init__(self) -> None:
        s = self.seconds
        if s is not None and (
            isinstance(s, bool)
            or not isinstance(s, int | float)
            or (isinstance(s, float) and not math.isfinite(s))
            or s < 0
        ):
            raise InvalidNotationError(f"seconds must be a number of at least 0, not {s!r}")
        for name in ("undos", "hints"):
            n = getattr(self, name)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise InvalidNotationError(
                    f"{name} must be a whole number of at least 0, not {n!r}"
                )
        c = self.carry
        if c is not None and (isinstance(c, bool) or not isinstance(c, int)):
            raise InvalidNotationError(f"carry must be a whole number, not {c!r}")

    @property
    def whole_seconds(self) -> int | None:
        """The seconds played in whole seconds (a started second does not count), or None."""
        return None if self.seconds is None else int(self.seconds)


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a score's account: what earned or cost points (``code``, and the words
    ``en`` and ``ru``), the ``points`` its rule gives, the ``change`` it made (the points,
    unless the score's floor took some of a loss), the ``score`` after it, and the move that
    earned it: its place ``move`` in the line (0 for the first) and its ``text`` (both None
    for a step of no single move: the start, the time, the bonus at a win, the undos)."""

    code: str
    points: int
    change: int
    score: int
    en: str
    ru: str
    move: int | None = None
    text: str | None = None

    def words(self, lang: str = "en") -> str:
        """What the step is for, in ``lang`` (``"en"`` or ``"ru"``)."""
        return self.ru if lang == "ru" else self.en

    def to_json(self) -> dict[str, Any]:
        """The step as a JSON object."""
        return {
            "code": self.code,
            "points": self.points,
            "change": self.change,
            "score": self.score,
            "move": self.move,
            "text": self.text,
            "en": self.en,
            "ru": self.ru,
        }


@dataclass(frozen=True, slots=True)
class Score:
    """A game's score under one scoring, with the account that makes it (:attr:`steps`, whose
    changes add up to :attr:`total`)."""

    game: str
    scoring: str
    total: int
    """The score; for a cumulative scoring, the running total (the carry included)."""
    steps: tuple[Step, ...]
    moves: int
    """Moves in the line scored."""
    won: bool
    """The line ends with the game won."""
    play: Play = field(default_factory=Play)

    @property
    def assisted(self) -> bool:
        """True when a hint was used: the points are the same, but the game is an assisted
        one (its best scores are kept apart from unassisted ones)."""
        return self.play.hints > 0

    @property
    def game_points(self) -> int:
        """What this game alone scored (the total less the carry of a cumulative scoring)."""
        return self.total - (self.play.carry or 0)

    def to_json(self) -> dict[str, Any]:
        """The score and its account as a JSON object."""
        return {
            "game": self.game,
            "scoring": self.scoring,
            "score": self.total,
            "game_points": self.game_points,
            "moves": self.moves,
            "won": self.won,
            "assisted": self.assisted,
            "seconds": self.play.whole_seconds,
            "undos": self.play.undos,
            "hints": self.play.hints,
            "carry": self.play.carry,
            "steps": [s.to_json() for s in self.steps],
        }

    def account(self, lang: str = "en") -> list[str]:
        """The account as lines of text, one per step: the move (number and text), the
        change, what for, and the score after it."""
        lines = []
        for s in self.steps:
            where = f"{s.move + 1:>4} {s.text:<8}" if s.move is not None and s.text else " " * 13
            floor = "" if s.change == s.points else f" ({s.points:+d}, floored)"
            lines.append(f"{where} {s.change:+7d}  {s.words(lang)}{floor}  = {s.score}")
        return lines


class Ledger:
    """A score being made step by step (what each game's scoring writes its account in).

    ``floor``: a score the losses never take it below (Windows' standard scoring never shows
    less than 0: a loss larger than the score takes it to 0); None for none. The steps are
    kept as a chain of plain tuples that copies share, made into :class:`Step` values only
    when read (:attr:`steps`): :meth:`add` and :meth:`copy` cost the same however long the
    account is."""

    __slots__ = ("_chain", "floor", "score")

    def __init__(self, floor: int | None = None) -> None:
        self.floor = floor
        self.score = 0
        self._chain: tuple[Any, ...] | None = None

    @property
    def steps(self) -> list[Step]:
        """The steps so far, in order."""
        out: list[Step] = []
        link = self._chain
        while link is not None:
            code, points, change, score, en, ru, move, text, link = link
            out.append(Step(code, points, change, score, en, ru, move, text))
        out.reverse()
        return out

    def copy(self) -> Ledger:
        """An independent ledger with the same steps (sharing them: steps never change)."""
        other = Ledger.__new__(Ledger)
        other.floor = self.floor
        other.score = self.score
        other._chain = self._chain
        return other

    def add(
        self,
        code: str,
        points: int,
        en: str,
        ru: str,
        *,
        move: int | None = None,
        text: str | None = None,
    ) -> None:
        """Add a step of ``points`` (a loss stops at the floor). The chain holds plain values
        only (text, numbers), so the garbage collector soon stops looking at it."""
        new = self.score + points
        if points < 0 and self.floor is not None:
            new = max(new, min(self.score, self.floor))
        change = new - self.score
        self.score = new
        self._chain = (code, points, change, new, en, ru, move, text, self._chain)

    def carried(self, code: str, points: int, en: str, ru: str) -> Ledger:
        """A new ledger whose first step is ``points`` carried in (``code``, the words ``en``
        and ``ru``), then this one's steps, each score after it raised by the carry: the
        account of a cumulative scoring (only a ledger without a floor, whose steps' changes
        do not depend on the score before them)."""
        if self.floor is not None:
            raise ValueError("a carry goes only into a ledger without a floor")
        out = Ledger()
        out.add(code, points, en, ru)
        for s in self.steps:
            out.add(s.code, s.points, s.en, s.ru, move=s.move, text=s.text)
        return out

    def result(self, game: Game[Any], scoring: str, moves: int, play: Play) -> Score:
        """The :class:`Score` of ``game`` (the position the line reached)."""
        return Score(game.name, scoring, self.score, tuple(self.steps), moves, game.is_won(), play)


class Tally(ABC):
    """One scoring's score of one game, kept move by move as the moves are played (by whoever
    plays them): :meth:`before` sees the position before a move and returns what
    :meth:`after` needs of it; :meth:`after` sees the position after it and writes the move's
    points in :attr:`ledger`; :meth:`finish` is the account so far with what a record cannot
    show (the time, the undos, the bonus at a win, the carry), the tally left as it is. Made
    by a game's scoring module (``tally(start, scoring)``) for the position before the first
    move."""

    __slots__ = ("ledger", "scoring")
    _fields: tuple[str, ...] = ()
    """Every slot of the class (what :meth:`copy` copies): a tally keeps no ``__dict__``, so
    that each cached position's tally is as few objects as can be."""

    scoring: str
    ledger: Ledger

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._fields = tuple(
            name for klass in cls.__mro__ for name in klass.__dict__.get("__slots__", ())
        )

    @abstractmethod
    def before(self, game: Game[Any], move: Any) -> Any:
        """What :meth:`after` needs to know of the position before ``move`` is made."""

    @abstractmethod
    def after(self, game: Game[Any], move: Any, note: Any, index: int) -> None:
        """Write the points of ``move``, move ``index`` of the line, now made in ``game``
        (``note``: what :meth:`before` returned)."""

    @abstractmethod
    def finish(self, game: Game[Any], moves: int, play: Play) -> Ledger:
        """The account of the ``moves`` moves made so far, reaching ``game``, with what
        ``play`` adds (a new ledger, or :attr:`ledger` itself when it adds nothing)."""

    def result(self, game: Game[Any], moves: int, play: Play) -> Score:
        """The score of the ``moves`` moves made so far, reaching ``game``, with ``play``."""
        return self.finish(game, moves, play).result(game, self.scoring, moves, play)

    def total(self, game: Game[Any], moves: int, play: Play) -> int:
        """:attr:`Score.total` of :meth:`result`, without writing out the account."""
        return self.finish(game, moves, play).score

    def copy(self) -> Tally:
        """An independent copy (cheap: the account so far is shared)."""
        other = object.__new__(type(self))
        for name in self._fields:
            setattr(other, name, getattr(self, name))
        other.ledger = self.ledger.copy()
        return other


def parse_at(game: Game[Any], index: int, move: Any) -> Any:
    """Move ``index`` of a line as a move of ``game`` (text is read in ``game``'s position);
    raise :class:`LineError` when it cannot be read."""
    if not isinstance(move, str):
        return move
    try:
        return game.parse_move(move)
    except KosynkaError as exc:
        raise LineError(index, move, str(exc), None) from None


def play_at(game: Game[Any], index: int, move: Any) -> None:
    """Make move ``index`` of a line on ``game`` (checked, without undo history); raise
    :class:`LineError` naming the rule when it is refused."""
    try:
        game.advance(move)
    except IllegalMoveError as exc:
        reason = exc.reason
        raise LineError(index, str(move), f"{reason.code}: {reason.en}", reason) from None


@runtime_checkable
class Scorings(Protocol):
    """What every game's scorings offer: the module ``kosynka.games.<game>.scoring``, found by
    the game's name. Each declares itself one, so that mypy checks it (``_SCORINGS: Scorings =
    <the module>`` under ``TYPE_CHECKING``), and :func:`scoring_module` refuses a module that
    lacks a part."""

    @property
    def SCORINGS(self) -> tuple[str, ...]:
        """The scorings' names, the default first."""
        ...

    @property
    def CUMULATIVE(self) -> frozenset[str]:
        """The scorings whose score carries over from game to game."""
        ...

    @property
    def WORDS(self) -> dict[str, tuple[str, str]]:
        """Each ledger line's words, by code: (English, Russian)."""
        ...

    def check_rules(self, scoring: str, rules: Any, /) -> None:
        """Raise ``InvalidNotationError`` when ``scoring`` cannot score a game under ``rules``."""
        ...

    def tally(self, start: Any, scoring: str, /) -> Tally:
        """A fresh :class:`Tally` of ``scoring`` for a game from ``start``."""
        ...

    def score(self, start: Any, moves: Any, scoring: str, play: Play, /) -> Score:
        """The score of ``moves`` played from ``start``."""
        ...


def scoring_module(game: str) -> Scorings:
    """The scoring module of the game called ``game``: the ``scoring`` module of the game's own
    package (``kosynka.games.klondike.scoring``), found through the game registry's
    :func:`~kosynka.games.base.game_part`. Raise ``InvalidNotationError`` for an unknown game
    or one without scorings."""
    spec = game_spec(game)
    module = game_part("kosynka.games", spec.name, "scoring")
    if module is None:
        raise InvalidNotationError(f"{spec.name} has no scoring yet")
    if not isinstance(module, Scorings):
        raise TypeError(f"{module.__name__} is not a whole scoring module (see Scorings)")
    return cast(Scorings, module)


def scorings(game: str) -> tuple[str, ...]:
    """The names of the scorings of the game called ``game``, its default first."""
    names: tuple[str, ...] = scoring_module(game).SCORINGS
    return names


def check_scoring(game: str, scoring: str | None, rules: Any, play: Play | None = None) -> str:
    """The scoring ``scoring`` of ``game`` (its default when None) if it can score a game under
    ``rules`` with ``play``; else raise ``InvalidNotationError`` saying why (an unknown
    scoring, rules it is not played by, a carry given to a scoring not kept from game to
    game)."""
    module = scoring_module(game)
    names: tuple[str, ...] = module.SCORINGS
    name = names[0] if scoring is None else str(scoring).strip().lower()
    if name not in names:
        shown = repr(scoring) if len(str(scoring)) <= 40 else f"{str(scoring)[:40]!r}..."
        raise InvalidNotationError(
            f"unknown scoring {shown} for {game_spec(game).name} "
            f"(expected one of: {', '.join(names)})"
        )
    if play is not None and play.carry is not None and name not in module.CUMULATIVE:
        kept = ", ".join(sorted(module.CUMULATIVE)) or "none of this game's"
        raise InvalidNotationError(
            f"the {name} scoring is not kept from game to game, so it takes no carry "
            f"(cumulative scorings: {kept})"
        )
    module.check_rules(name, rules)
    return name


def score_line(
    start: Game[Any],
    moves: Iterable[Any],
    scoring: str | None = None,
    *,
    seconds: float | None = None,
    undos: int = 0,
    hints: int = 0,
    carry: int | None = None,
) -> Score:
    """The score of playing ``moves`` (move values or move text) from the position ``start``
    (left as it is) under ``scoring`` (the game's default when None). Raise
    ``InvalidNotationError`` for a scoring or a value that does not fit, :class:`LineError`
    for a move that cannot be read or played."""
    play = Play(seconds, undos, hints, carry)
    spec = spec_of(start)
    name = check_scoring(spec.name, scoring, start.rules, play)
    line: Sequence[Any] = list(moves)
    score: Score = scoring_module(spec.name).score(start.copy(stack=False), line, name, play)
    return score


def score_with(tally: Tally, start: Game[Any], moves: Sequence[Any], play: Play) -> Score:
    """Play ``moves`` on ``start`` (which is played on), telling ``tally`` of each, and return
    its score: how a game's scoring module scores a line (:func:`parse_at` and :func:`play_at`
    name the move that cannot be read or played)."""
    game = start
    for i, given in enumerate(moves):
        move = parse_at(game, i, given)
        note = tally.before(game, move)
        play_at(game, i, move)
        tally.after(game, move, note, i)
    return tally.result(game, len(moves), play)


def tallies(start: Game[Any]) -> dict[str, Tally]:
    """A fresh :class:`Tally` for every scoring of ``start``'s game that its rules are played
    by (``check_rules``), by name, the default first; none for a game without scorings."""
    try:
        spec = spec_of(start)
        module = scoring_module(spec.name)
    except KosynkaError:
        return {}
    out: dict[str, Tally] = {}
    for name in module.SCORINGS:
        try:
            module.check_rules(name, start.rules)
        except KosynkaError:
            continue
        out[name] = module.tally(start, name)
    return out


def score_game(game: Game[Any], scoring: str | None = None, **play: Any) -> Score:
    """The score of ``game``'s move stack, played from the position before it (``play``:
    ``seconds``, ``undos``, ``hints``, ``carry`` as in :func:`score_line`)."""
    start = game.copy()
    while start.move_stack:
        start.pop()
    return score_line(start, list(game.move_stack), scoring, **play)


def score_record(
    game: str,
    number: int,
    moves: Iterable[Any],
    scoring: str | None = None,
    *,
    rules: Any = None,
    numbering: str | None = None,
    **play: Any,
) -> Score:
    """The score of a game record: deal ``number`` of ``game`` (in ``numbering``, under
    ``rules``; the defaults when None) and the ``moves`` made (``play`` as in
    :func:`score_line`)."""
    spec = game_spec(game)
    start = spec.deal(number, rules, numbering)
    return score_line(start, moves, scoring, **play)
