"""What every kosynka game has, and the registry of games by name.

A game is a position plus the stack of moves that led to it (python-chess style): ``push`` makes
a move after checking it, ``pop`` restores the position before the last move, ``redo`` replays a
popped move. ``legal_moves`` is a lazy view; ``explain(move)`` says why a move is refused.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from kosynka.errors import InvalidNotationError, Reason

M = TypeVar("M")


class Termination(enum.Enum):
    """How a game ended."""

    WON = "won"
    """Every card is on the foundations."""
    STUCK = "stuck"
    """No card can ever move again, however the stock is cycled."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how it ended and whether the player won."""

    termination: Termination

    @property
    def won(self) -> bool:
        """True when the game was won."""
        return self.termination is Termination.WON


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
    """The interface every game implements (Klondike now; FreeCell and Spider later)."""

    name: ClassVar[str] = ""

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

    @abstractmethod
    def push(self, move: M) -> None:
        """Make ``move``; raise ``IllegalMoveError`` (position unchanged) if it is illegal."""

    @abstractmethod
    def pop(self) -> M:
        """Take back the last move and return it; it can be redone with :meth:`redo`."""

    @abstractmethod
    def redo(self) -> M:
        """Make again the last move taken back by :meth:`pop`."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def copy(self, *, stack: bool = True) -> Game[M]:
        """An independent copy (with the move stack unless ``stack=False``)."""

    @abstractmethod
    def key(self) -> Hashable:
        """A hashable key that is equal for positions from which play is the same."""

    def push_text(self, text: str) -> M:
        """Parse ``text`` as a move, push it and return the move."""
        move = self.parse_move(text)
        self.push(move)
        return move


GameClass = TypeVar("GameClass", bound=type[Game[Any]])
_REGISTRY: dict[str, type[Game[Any]]] = {}


def register_game(name: str) -> Callable[[GameClass], GameClass]:
    """Class decorator: make a game findable by ``name`` through :func:`game_class`."""

    def decorate(cls: GameClass) -> GameClass:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return decorate


def game_class(name: str) -> type[Game[Any]]:
    """The game class registered under ``name``; raise ``InvalidNotationError`` if unknown."""
    try:
        return _REGISTRY[name.lower()]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise InvalidNotationError(f"unknown game {name!r} (known: {known})") from None


def game_names() -> list[str]:
    """The names of every registered game."""
    return sorted(_REGISTRY)
