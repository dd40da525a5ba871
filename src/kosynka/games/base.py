"""What every kosynka game has, and the registry of games by name.

A game is a position plus the stack of moves that led to it (python-chess style): ``push`` makes
a move after checking it, ``pop`` restores the position before the last move, ``redo`` replays a
popped move. ``legal_moves`` is a lazy view; ``explain(move)`` says why a move is refused;
``check_line(moves)`` replays a whole line on a copy and says which move was refused and why.

Each game registers its :class:`GameSpec` once (:func:`register_spec`); every lookup by name
reads that one registry, and :func:`game_part` finds a game's module in another layer (its
solver front, grader, web adapter) by the game's name.
"""

from __future__ import annotations

import enum
import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar, cast

from kosynka.cards import Card
from kosynka.errors import IllegalMoveError, InvalidNotationError, KosynkaError, Reason, shown
from kosynka.games.numbering import check_deal_number

M = TypeVar("M")
L = TypeVar("L")


class Termination(enum.Enum):
    """How a game ended."""

    WON = "won"
    """The game is won (Klondike and FreeCell: every card is home; Spider: all eight runs
    removed)."""
    STUCK = "stuck"
    """The game is lost: no move is legal, or no sequence of moves can ever make progress (a
    dead end: Klondike: turn up a face-down card or send one more card home, however the
    stock is turned; FreeCell: send one more card home; Spider: turn up a face-down card,
    deal a row or remove a run), whatever the face-down cards are."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how it ended and whether the player won."""

    termination: Termination

    @property
    def won(self) -> bool:
        """True when the game was won."""
        return self.termination is Termination.WON


@dataclass(frozen=True, slots=True)
class Place:
    """One place of a table made of places rather than columns (Pyramid's and TriPeaks' cards):
    the ``card`` on it (None once it has left), whether it lies ``face_up``, where it is drawn
    (``row`` from the top; ``x`` across, in half card widths from the table's left edge) and the
    indices of the places whose cards cover it (a card can be played only when they are gone)."""

    card: Card | None
    face_up: bool
    row: int
    x: int
    covered_by: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PositionView:
    """A read-only picture of a position, the same shape for every game (full information: the
    face-down cards are named; what a player may see is for the caller to cut).

    ``columns`` bottom to top with ``face_down[i]`` face-down cards at the bottom of column i;
    ``cells`` the free cells (``None`` for an empty one; FreeCell only); ``foundations`` each
    foundation bottom to top (Klondike and FreeCell: suit order C, D, H, S; Spider: each removed
    run, in the order removed); ``stock`` the cards still to come, the next one first;
    ``waste`` bottom to top (its last card is the playable one); ``places`` the table's places
    when it is made of places (:class:`Place`, in the game's order), with no columns then."""

    columns: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    cells: tuple[Card | None, ...] = ()
    foundations: tuple[tuple[Card, ...], ...] = ()
    stock: tuple[Card, ...] = ()
    waste: tuple[Card, ...] = ()
    places: tuple[Place, ...] = ()

    def face_up(self, i: int) -> tuple[Card, ...]:
        """The face-up cards of column ``i``, bottom to top."""
        return self.columns[i][self.face_down[i] :]

    def top(self, i: int) -> Card | None:
        """The top card of column ``i``, or None when it is empty."""
        col = self.columns[i]
        return col[-1] if col else None

    def face_down_count(self) -> int:
        """Face-down cards in the whole tableau."""
        return sum(self.face_down)

    def foundation_count(self) -> int:
        """Cards on the foundations."""
        return sum(len(f) for f in self.foundations)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Where a line of moves stopped (see :meth:`Game.check_line`): the move at ``index``
    (0-based) in the line, as it was given (move text, a move value, or a solver core's move
    code), the rule that refused it (None when the move could not be read at all) and one line
    saying why."""

    index: int
    move: object
    reason: Reason | None
    why: str


@dataclass(frozen=True, slots=True)
class CheckedLine(Generic[M]):
    """A line of moves replayed through the rules on a copy of a position (see
    :meth:`Game.check_line`): the moves made, as move values; the position they lead to; and,
    when a move was refused, which one and why (None when every move was made)."""

    moves: list[M]
    board: Game[M]
    refused: Refusal | None = None


def refusal(index: int, move: object, error: KosynkaError) -> Refusal:
    """The :class:`Refusal` of the move at ``index`` of a line (``move`` as given), refused
    with ``error``: an :class:`IllegalMoveError` carries the rule's reason, any other error
    (move text that cannot be read) none."""
    reason = error.reason if isinstance(error, IllegalMoveError) else None
    return Refusal(index, move, reason, str(error))


class LegalMoves(Generic[M]):
    """A lazy view of a game's legal moves: iterate, test membership, count."""

    __slots__ = ("_game",)

    def __init__(self, game: Game[M]) -> None:
        self._game = game

    def __iter__(self) -> Iterator[M]:
        return self._game.generate_legal_moves()

    def __contains__(self, move: object) -> bool:
        return self._game.is_legal(move)

    def __len__(self) -> int:
        return sum(1 for _ in self._game.generate_legal_moves())

    def __bool__(self) -> bool:
        return any(True for _ in self._game.generate_legal_moves())

    def __repr__(self) -> str:
        return f"<LegalMoves: {', '.join(str(m) for m in self)}>"


class Game(ABC, Generic[M]):
    """The interface every game implements.

    Besides the methods below, every game has ``rules`` (a frozen dataclass with a ``text()``
    method giving the rules as in the position text's header), ``deal_number`` (``None`` for a
    position not made from a deal number), ``numbering`` and ``move_stack`` (the moves made)."""

    name: ClassVar[str] = ""
    rules: Any
    deal_number: int | None
    numbering: str
    move_stack: list[M]

    @property
    def moves_made(self) -> int:
        """The move counter: every move pushed."""
        return len(self.move_stack)

    def hidden_count(self) -> int:
        """How many cards the player cannot see now: those face down on the table (in its
        columns or places) and the stock's (whose order no player sees). A game that shows a
        stock card (Pyramid's top one) counts it as seen by overriding this."""
        view = self.view()
        down = sum(1 for p in view.places if p.card is not None and not p.face_up)
        return view.face_down_count() + down + len(view.stock)

    @abstractmethod
    def view(self) -> PositionView:
        """A read-only picture of the position (see :class:`PositionView`)."""

    @abstractmethod
    def is_won(self) -> bool:
        """True when the game is won."""

    @property
    def legal_moves(self) -> LegalMoves[M]:
        """A lazy view of the legal moves in this position."""
        return LegalMoves(self)

    @abstractmethod
    def generate_legal_moves(self) -> Iterator[M]:
        """Yield every legal move, in a fixed order."""

    @abstractmethod
    def explain(self, move: M) -> Reason | None:
        """``None`` when ``move`` is legal, otherwise the rule that refuses it."""

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is legal here."""
        return self.explain(move) is None  # type: ignore[arg-type]

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move in this game's move text; raise ``InvalidNotationError``."""

    # ----------------------------------------------------------------- the move stack, once
    # Each game provides the four hooks below; making, taking back and redoing moves is the
    # same for every game (python-chess style: push keeps a snapshot, pop restores it).
    _snapshots: list[Any]
    _redo: list[M]

    @abstractmethod
    def _checked(self, move: M) -> tuple[M, Reason | None, Any]:
        """``move`` as it will be recorded (resolved, e.g. a Spider short form given its
        column), the rule that refuses it (None when legal) and whatever :meth:`_apply` can
        reuse of the check (the moved card's place)."""

    @abstractmethod
    def _apply(self, move: M, where: Any) -> Any:
        """Change the position by a legal ``move`` (no checks)."""

    @abstractmethod
    def _snapshot(self) -> Any:
        """The whole position as a value (what :meth:`pop` restores)."""

    @abstractmethod
    def _restore(self, snapshot: Any) -> None:
        """Put back a position saved by :meth:`_snapshot`."""

    def _take_deal(
        self,
        deal: int | L | None,
        numbering: str,
        layout_type: type[L],
        layout_of: Callable[[int, str], L],
    ) -> L:
        """The layout a game starts from, for its constructor: ``deal`` as it is when it is a
        ``layout_type``, else the layout of deal number ``deal`` (1 when None) in
        ``numbering`` by ``layout_of`` (which refuses a bad number). Notes ``numbering`` and
        the deal number (None for a layout given as it is)."""
        self.numbering = numbering
        if isinstance(deal, layout_type):
            self.deal_number = None
            return deal
        number = 1 if deal is None else deal
        layout = layout_of(cast(int, number), numbering)
        self.deal_number = cast(int, number)
        return layout

    def _start_history(self) -> None:
        """An empty move stack (for constructors)."""
        self.move_stack = []
        self._snapshots = []
        self._redo = []

    def _copy_history(self, other: Game[M], stack: bool) -> None:
        """Give ``other`` (a copy being made) this game's move stack, or an empty one."""
        other.move_stack = list(self.move_stack) if stack else []
        other._snapshots = list(self._snapshots) if stack else []
        other._redo = list(self._redo) if stack else []

    def push(self, move: M) -> None:
        """Make ``move`` after checking it; raise :class:`~kosynka.errors.IllegalMoveError`
        (the position unchanged) when the rules refuse it. What the rules make happen with it
        (a card turned up, a finished run removed) is part of the move."""
        move, reason, where = self._checked(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        self._snapshots.append(self._snapshot())
        self._apply(move, where)
        self.move_stack.append(move)
        if self._redo:
            if self._redo[-1] == move:
                self._redo.pop()
            else:
                self._redo.clear()

    def advance(self, move: M) -> None:
        """Make ``move`` after checking it, like :meth:`push`, but keep nothing to take it back
        with (the undo history is cleared): for replaying long lines fast. Raise
        ``IllegalMoveError`` when it is not legal; the position is then unchanged."""
        move, reason, where = self._checked(move)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        self._forget_history()
        self._apply(move, where)

    def _forget_history(self) -> None:
        """Drop the undo and redo history: earlier moves can no longer be taken back past a
        move made without keeping its own (see :meth:`advance`)."""
        if self.move_stack or self._redo:
            self.move_stack, self._snapshots, self._redo = [], [], []

    def pop(self) -> M:
        """Take back the last move (unlimited undo); it can be made again with :meth:`redo`."""
        if not self.move_stack:
            raise IndexError("no move to take back")
        self._restore(self._snapshots.pop())
        move = self.move_stack.pop()
        self._redo.append(move)
        return move

    def redo(self) -> M:
        """Make again the move most recently taken back."""
        if not self._redo:
            raise IndexError("no move to redo")
        move = self._redo[-1]
        self.push(move)
        return move

    def can_redo(self) -> bool:
        """True when a taken-back move can be redone."""
        return bool(self._redo)

    def replay(self, moves: Iterable[M | str]) -> None:
        """Push every move in order (move text or move values); stop at the first illegal one
        by raising ``IllegalMoveError``."""
        for m in moves:
            self.push(self.parse_move(m) if isinstance(m, str) else m)

    def check_line(self, moves: Sequence[M | str]) -> CheckedLine[M]:
        """Replay ``moves`` (move text or move values) from this position through the rules on
        a copy, this game left as it is and no undo history kept: how a solver's line, or a
        stored one, is checked. Each move is checked as :meth:`push` checks it; the first one
        refused (or whose text cannot be read) ends the replay, and the answer says which it
        was and why. Games with a faster way to check a line (Klondike's runs of draws) give
        the same answer sooner."""
        board = self.copy(stack=False)
        made: list[M] = []
        for i, m in enumerate(moves):
            try:
                move = board.parse_move(m) if isinstance(m, str) else m
                board.advance(move)
            except KosynkaError as exc:
                return CheckedLine(made, board, refusal(i, m, exc))
            made.append(move)
        return CheckedLine(made, board)

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def copy(self, *, stack: bool = True) -> Game[M]:
        """An independent copy (with the move stack unless ``stack=False``)."""

    @abstractmethod
    def key(self) -> Hashable:
        """A hashable key that is equal for positions from which play is the same."""

    def _remembered_dead_end(self, search: Callable[[], bool]) -> bool:
        """``search()``, the dead-end search of this position, remembered with the position
        (its rules and :meth:`key`) last asked about: a page asks ``outcome()`` of one
        position more than once (the view, then a hint), and the search may take tens of
        milliseconds."""
        asked = (getattr(self, "rules", None), self.key())
        memo: tuple[Any, bool] | None = self.__dict__.get("_dead_end")
        if memo is not None and memo[0] == asked:
            return memo[1]
        answer = search()
        self.__dict__["_dead_end"] = (asked, answer)
        return answer

    def push_text(self, text: str) -> M:
        """Parse ``text`` as a move, push it and return the move."""
        move = self.parse_move(text)
        self.push(move)
        return move


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One rule option of a game, described as data so that the command line and the web layer
    can offer it without knowing the game.

    ``name`` is the rules dataclass's field (and the JSON key); ``flag`` the command-line flag
    (``--draw``); ``parse`` reads the flag's text (raising ``InvalidNotationError``);
    ``values`` lists the allowed values when they are few (``None``: see ``parse``); a boolean
    option whose ``flag`` starts with ``--no-`` is set to False by that flag."""

    name: str
    flag: str
    help: str
    default: Any
    parse: Callable[[str], Any]
    values: tuple[Any, ...] | None = None
    metavar: str | None = None

    @property
    def is_switch(self) -> bool:
        """True for a boolean option turned off by a ``--no-...`` flag."""
        return isinstance(self.default, bool)


class GameSpec(ABC):
    """A game as the rest of the house sees it: its name, rule options, deal numberings and
    position formats. Each game package makes one and registers it with :func:`register_spec`;
    the command line, the solver front, the deal library and the web find games only here."""

    name: ClassVar[str]
    """The game's name (``"klondike"``), as in the position text's first word and in URLs."""
    titles: ClassVar[Mapping[str, str]]
    """The game's name for players, by language: ``{"en": "Klondike", "ru": "Косынка"}``."""
    options: ClassVar[tuple[RuleOption, ...]]
    """The rule options, in the order the position text's header writes them."""
    numberings: ClassVar[tuple[str, ...]]
    """The deal numberings, the default first."""
    formats: ClassVar[tuple[str, ...]]
    """The position formats, the game's own position text (``"text"``) first."""
    game_class: ClassVar[type[Game[Any]]]

    @abstractmethod
    def make_rules(self, **values: Any) -> Any:
        """The rules with the given option values (the others at their defaults); raise
        ``InvalidNotationError`` naming the option for a bad value."""

    @abstractmethod
    def deal(self, number: int, rules: Any = None, numbering: str | None = None) -> Game[Any]:
        """A new game from deal ``number`` (raise ``InvalidNotationError`` when out of range)."""

    @abstractmethod
    def max_deal(self, numbering: str | None = None) -> int:
        """The largest deal number of ``numbering`` (the smallest is 1)."""

    @abstractmethod
    def random_deal_number(self, numbering: str | None = None) -> int:
        """A fresh random deal number of ``numbering``."""

    @abstractmethod
    def detect_format(self, text: str) -> str | None:
        """The name of this game's format ``text`` is written in, or None when it is not one of
        this game's (only a cheap look at the content, not a full parse)."""

    @abstractmethod
    def read_position(self, text: str, fmt: str | None = None, rules: Any = None) -> Game[Any]:
        """Read a position in ``fmt`` (detected when None); ``rules`` applies to formats that
        carry none. Raise ``InvalidPositionError`` / ``InvalidNotationError``."""

    @abstractmethod
    def write_position(self, game: Game[Any], fmt: str = "text") -> str:
        """Write ``game``'s position in ``fmt``."""

    @abstractmethod
    def render(self, game: Game[Any]) -> str:
        """Draw the position for a terminal (face-down cards as ``##``): ``kosynka show``."""

    def default_numbering(self) -> str:
        """The numbering used when none is asked for."""
        return self.numberings[0]

    def check_numbering(self, numbering: str | None) -> str:
        """``numbering`` (or the default when None) if this game knows it, else raise."""
        if numbering is None:
            return self.default_numbering()
        if numbering not in self.numberings:
            raise InvalidNotationError(
                f"unknown numbering {numbering!r} for {self.name} "
                f"(expected one of: {', '.join(self.numberings)})"
            )
        return numbering

    def check_deal_number(self, number: int, numbering: str | None = None) -> int:
        """``number`` if it is a deal number of ``numbering``, else raise."""
        numbering = self.check_numbering(numbering)
        top = {numbering: self.max_deal(numbering)}
        return check_deal_number(number, numbering, top, self.name)

    def rules_from(self, values: Mapping[str, Any]) -> Any:
        """:meth:`make_rules` from a mapping, ignoring keys that are not this game's options
        and values that are ``None`` for options whose default is not None."""
        mine = {o.name: o for o in self.options}
        picked = {
            k: v
            for k, v in values.items()
            if k in mine and not (v is None and mine[k].default is not None)
        }
        return self.make_rules(**picked)


_GAMES: dict[str, GameSpec] = {}
"""The registry: every game's spec by the game's name, in the order they were registered."""


def register_spec(spec: GameSpec) -> GameSpec:
    """Make a game findable by its name: its ``spec``, which names its game class (each game's
    package calls this once, and ``kosynka.games`` imports each game's package). Raise
    ValueError when the spec and its game class disagree on the name, or when another game
    has the name already."""
    name = spec.name
    if spec.game_class.name != name:
        raise ValueError(f"the spec of {name!r} names a game class called {spec.game_class.name!r}")
    known = _GAMES.get(name)
    if known is not None and known is not spec:
        raise ValueError(f"a game called {name!r} is registered already")
    _GAMES[name] = spec
    return spec


def game_spec(name: str) -> GameSpec:
    """The spec of the game called ``name``; raise ``InvalidNotationError`` if unknown."""
    try:
        return _GAMES[name.strip().lower()]
    except (KeyError, AttributeError):
        known = ", ".join(sorted(_GAMES))
        raise InvalidNotationError(f"unknown game {shown(name)} (known: {known})") from None


def game_specs() -> list[GameSpec]:
    """Every registered game, in the order they were registered."""
    return list(_GAMES.values())


def game_class(name: str) -> type[Game[Any]]:
    """The game class of the game called ``name``; raise ``InvalidNotationError`` if unknown."""
    return game_spec(name).game_class


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    return sorted(_GAMES)


def spec_of(game: Game[Any]) -> GameSpec:
    """The spec of ``game``'s kind."""
    return game_spec(game.name)


def detect_position(text: str) -> tuple[GameSpec, str]:
    """Which game and format ``text`` is written in; raise ``InvalidPositionError`` when no
    game claims it."""
    from kosynka.errors import InvalidPositionError

    for spec in _GAMES.values():
        fmt = spec.detect_format(text)
        if fmt is not None:
            return spec, fmt
    first = text.strip().split(None, 1)[0][:40] if text.strip() else ""
    raise InvalidPositionError(
        f"not a position of any game kosynka knows (starts with {first!r}; "
        f"known games: {', '.join(_GAMES)})"
    )


_PARTS: dict[tuple[str, str, str], ModuleType | None] = {}
"""The parts found so far by :func:`game_part` (a range of deals asks once per deal)."""


def game_part(layer: str, name: str, leaf: str = "") -> ModuleType | None:
    """The part of the game called ``name`` that the package ``layer`` holds: the module
    ``<layer>.<name>`` (``game_part("kosynka.solver", "freecell")`` is FreeCell's solver
    front), or ``<layer>.<name>.<leaf>`` when ``leaf`` is given (``game_part("kosynka.games",
    "spider", "scoring")`` is a module of Spider's own package), or None when the game has
    none there or no game is called ``name``.

    This is how the layers above the games find a game's solver, grader or web adapter by
    name, so a new game adds a module there and no line elsewhere. "None there" means exactly
    that the module does not exist: an import error inside an existing module (a missing
    dependency, a bug) is raised, not taken for "the game has none"."""
    key = (layer, name, leaf)
    if key in _PARTS:
        return _PARTS[key]
    if not isinstance(name, str) or name not in _GAMES:
        return None
    path = f"{layer}.{name}.{leaf}" if leaf else f"{layer}.{name}"
    try:
        module: ModuleType | None = importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name != path:
            raise
        module = None
    _PARTS[key] = module
    return module
