"""The shape of a game's web adapter, and the replayed table every adapter works on."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from kosynka.cards import Card
from kosynka.games.base import Game, GameSpec, Termination


@dataclass(slots=True)
class Table:
    """A replayed game and what the page shows beyond the position (Klondike: how many cards
    of the last draw still lie fanned on the waste)."""

    game: Game[Any]
    fan: int = 0
    order: tuple[int, ...] = ()
    """Klondike: the suits in the order their aces first reached the foundations."""

    def copy(self) -> Table:
        """An independent copy without the game's move history."""
        return Table(self.game.copy(stack=False), self.fan, self.order)


CARD_PATTERN = r"(?:10|[1-9AaTtJjQqKk])\s*[CDHScdhs♣♦♥♠♧♢♡♤]"
"""A card in move text, as :meth:`kosynka.cards.Card.parse` reads it (for move patterns)."""


def ru_accusative(card: Card) -> str:
    """The card's Russian name in the accusative ("семёрку треф", "туза пик", "короля")."""
    name = card.name("ru")
    rank, _, suit = name.partition(" ")
    if rank.endswith("а"):
        rank = rank[:-1] + "у"
    elif rank in ("туз", "валет", "король"):
        rank = {"туз": "туза", "валет": "валета", "король": "короля"}[rank]
    return f"{rank} {suit}"


def ended(game: Game[Any]) -> str | None:
    """The hint kind of a game that is over by ``game.outcome()``: ``won``, or ``stuck`` when
    it is lost whatever the hidden cards are (no legal move, or a certain dead end: no
    sequence of moves can make progress); None while it goes on."""
    outcome = game.outcome()
    if outcome is None:
        return None
    return "won" if outcome.termination is Termination.WON else "stuck"


class WebAdapter(ABC):
    """One game as the web layer sees it."""

    spec: ClassVar[GameSpec]
    title: ClassVar[str]
    """The prefix of the game's API model names (``Klondike`` -> ``KlondikeGameRecord``)."""
    rules_model: ClassVar[type[BaseModel]]
    """The pydantic model of the game's rules in the API."""
    solver_hints: ClassVar[bool] = True
    """Hints may follow the full-information solver's line (every card is in sight). False for
    games with hidden cards, whose hints use only what the player sees (:meth:`fair_hint`),
    except in positions :meth:`solver_may_hint` allows."""
    move_pattern: ClassVar[str | None] = None
    """A regular expression every well-formed move text of the game matches (in the API's
    schema, so that clients and schema-driven tools know what a move looks like)."""

    @abstractmethod
    def rules_of(self, rules: BaseModel) -> Any:
        """The engine's rules for the API's rules model."""

    def new_table(self, game: Game[Any]) -> Table:
        """A table for a freshly dealt game."""
        return Table(game)

    def push(self, table: Table, move: Any) -> None:
        """Make ``move`` on ``table`` (raise ``IllegalMoveError`` if refused): the game's
        ``advance``, checked and without history, since the table keeps no undo history."""
        table.game.advance(move)

    @abstractmethod
    def view_parts(self, table: Table, moves: Sequence[str]) -> dict[str, Any]:
        """What the player sees of the position: ``columns`` (``down``, ``up``),
        ``foundations`` (``suit``, ``count``, ``top``), and where the game has them ``waste``,
        ``cells``; ``counters`` (name -> number or null)."""

    def safe_moves(self, game: Game[Any]) -> list[Any]:
        """Moves the page's auto option makes after each move (cards home that can never be
        missed); none by default."""
        return []

    @abstractmethod
    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """A move suggested from what the player sees in ``game`` (which carries its move
        stack), and its kind (``heuristic``, ``draw``, ``recycle``, ``deal``; with no move
        ``none``, ``stuck`` or ``won``)."""

    def fair_hint(self, start: Game[Any], texts: Sequence[str], game: Game[Any]) -> tuple[Any, str]:
        """A hint from what the player has seen, knowing the game's history (``start`` is the
        deal, ``texts`` the moves made, ``game`` the position now); by default
        :meth:`heuristic_hint` on the position."""
        return self.heuristic_hint(game)

    def solver_may_hint(self, game: Game[Any]) -> bool:
        """True when the full-information solver's line is a fair hint in ``game``'s position
        (the player sees every card it would look at); by default :attr:`solver_hints`."""
        return self.solver_hints

    @abstractmethod
    def describe(self, move: Any) -> tuple[str, str]:
        """A move in words, in English and Russian (for hints)."""

    def hint_words(self, game: Game[Any], move: Any, kind: str) -> tuple[str, str]:
        """A hint in ``game``'s position in words, in English and Russian: the move
        (:meth:`describe`), or with no move what the kind means: ``won``; ``stuck`` (the game
        is lost: no card can move, or none of the moves left can ever help); ``none`` (moves
        are left that might help, but none the player can see does)."""
        if move is not None:
            return self.describe(move)
        if kind == "won":
            return "The game is won.", "Партия выиграна."
        if kind == "stuck" and next(game.generate_legal_moves(), None) is None:
            return "No card can move any more.", "Больше ни одна карта не сдвинется."
        if kind == "stuck":
            return (
                "No move can help any more: this game is lost. Undo or start a new deal.",
                "Ни один ход уже не поможет: партия проиграна. Отмените ход или начните "
                "новую сдачу.",
            )
        return (
            "No useful move: undo or start a new deal.",
            "Полезных ходов нет: отмените ход или начните новую сдачу.",
        )

    def collect_possible(self, game: Game[Any]) -> bool:
        """True when a collect may be offered (the rest is decided by :meth:`plain_collect` or
        the solver)."""
        return False

    def plain_collect(self, game: Game[Any]) -> list[Any] | None:
        """A line that finishes ``game`` without search, or None."""
        return None

    def library_pick(self, grade: str, rules: Any, exclude: set[int]) -> tuple[bool, int | None]:
        """A graded deal from the deal library: (library present, number or None)."""
        from kosynka.web import bridges

        return bridges.library_pick(self.spec.name, grade, rules, exclude)

    def graded_sources(self, rules: Any) -> dict[str, bool]:
        """Which graded sources (easy, normal, hard) have deals for ``rules`` (in the shipped
        starter library or one the user built)."""
        from kosynka.web import bridges

        counts = bridges.library_counts(self.spec.name, rules)
        return {g: counts.get(g, 0) > 0 for g in ("easy", "normal", "hard")}

    def library_numbering(self) -> str:
        """The numbering graded deals are in (the library's numbering of the game)."""
        from kosynka.library.build import numbering_of

        return numbering_of(self.spec.name)

    def pages(self) -> list[tuple[str, str]]:
        """The page routes of this game: (path pattern, static page file)."""
        return []
