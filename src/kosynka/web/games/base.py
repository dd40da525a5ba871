"""The shape of a game's web adapter, and the replayed table every adapter works on.

What a game gives the web layer and its page (a new game provides all of it in its own files,
and the shared code finds it through the registry: ``kosynka.games.base.game_specs()`` and
:func:`kosynka.web.games.adapter_of`):

* its spec (``kosynka.games.<name>.spec``): the name and the titles in English and Russian;
* its web adapter (``kosynka.web.games.<name>``, a :class:`WebAdapter` as ``ADAPTER``): the API's
  rules model and how positions, hints and collects are shown (the methods below), and the page
  around the game: its addresses (:meth:`WebAdapter.pages`), its entries in the games menu
  (:meth:`WebAdapter.menu`, :attr:`WebAdapter.menu_order`), the page's title and description
  (:attr:`WebAdapter.page_titles`, :attr:`WebAdapter.description`), the not-found page's words
  (:attr:`WebAdapter.play_words`, :attr:`WebAdapter.example_deal`), the options the page keeps
  in the browser (:attr:`WebAdapter.page_options`) and the page's optional parts
  (:attr:`WebAdapter.page_parts`);
* its rules in the browser: ``web/static/js/games/<name>/twin.js`` (see
  ``static/js/local/twin.js``), held to its Python rules by ``tests/web/twin/test_twin_<name>.py``;
* its rules pages: ``web/templates/games/<name>/rules-<lang>.html`` (``en`` and ``ru``);
* its page module: ``web/static/js/games/<name>.js`` (what it provides is written at the top
  of ``static/js/controller.js``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import BaseModel

from kosynka.cards import Card
from kosynka.games.base import Game, GameSpec, Termination
from kosynka.scoring import Tally


@dataclass(slots=True)
class Table:
    """A replayed game and what the page shows beyond the position (in a game that draws
    several cards at a time: how many cards of the last draw still lie fanned on the waste),
    with its score under each scoring its rules are played by, kept as the moves were
    played."""

    game: Game[Any]
    fan: int = 0
    order: tuple[int, ...] = ()
    """In a game whose foundations take the suits as their aces come: the suits in the order
    their aces first reached the foundations."""
    tallies: dict[str, Tally] = field(default_factory=dict)
    """The game's score by scoring name (:func:`kosynka.scoring.tallies`), the default first."""

    def copy(self) -> Table:
        """An independent copy without the game's move history."""
        tallies = {name: t.copy() for name, t in self.tallies.items()}
        return Table(self.game.copy(stack=False), self.fan, self.order, tallies)


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


def places_of(game: Game[Any]) -> list[dict[str, Any]]:
    """The places of ``game``'s table as the API shows them
    (:class:`~kosynka.web.schemas.PlaceView`): a face-down card is never named. Empty for a
    table of columns."""
    return [
        {
            "card": str(p.card) if p.card is not None and p.face_up else None,
            "filled": p.card is not None,
            "row": p.row,
            "x": p.x,
            "covered_by": list(p.covered_by),
        }
        for p in game.view().places
    ]


def ended(game: Game[Any]) -> str | None:
    """The hint kind of a game that is over by ``game.outcome()``: ``won``, or ``stuck`` when
    it is lost whatever the hidden cards are (no legal move, or a certain dead end: no
    sequence of moves can make progress); None while it goes on."""
    outcome = game.outcome()
    if outcome is None:
        return None
    return "won" if outcome.termination is Termination.WON else "stuck"


def played_hint(
    game: Game[Any], best_move: Callable[[], Any | None], kind: Callable[[Any], str]
) -> tuple[Any | None, str]:
    """A hint made of one player's move: ``won`` or ``stuck`` (and no move) once ``game`` is
    over (:func:`ended`), else ``best_move()`` with its hint ``kind``, or ``none`` when it
    has no move."""
    end = ended(game)
    if end is not None:
        return None, end
    move = best_move()
    return (None, "none") if move is None else (move, kind(move))


def first_move(line: Sequence[Any] | None, fallback: Callable[[], Any | None]) -> Any | None:
    """The first move of a hint player's ``line`` (its choice's move), or ``fallback()`` when
    it found none."""
    return line[0] if line else fallback()


LANGUAGES: tuple[str, ...] = ("en", "ru")
"""The languages every page speaks."""

DEAL_SOURCES: tuple[str, ...] = ("easy", "normal", "hard", "random")
"""Where a game's new deals may come from (the page's Deals list)."""


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One entry of the page's games menu: a game, or one of its variants with a page of its
    own."""

    path: str
    """The page's address (``/<name>`` or, for a variant's page, a longer one)."""
    variant: str
    """What the page module's ``pageVariant()`` says for that page (the menu marks the page
    the player is on)."""
    labels: Mapping[str, str]
    """The words of the entry by language."""


@dataclass(frozen=True, slots=True)
class PageOption:
    """An option the page keeps for a game in the browser's storage (``kosynka.options.v1``):
    its key there (unique over every game), its default, and every value it may take (a stored
    value that is none of them is unreadable: it is replaced by the default)."""

    key: str
    default: Any
    values: tuple[Any, ...]

    def as_json(self) -> dict[str, Any]:
        """The option as the page reads it."""
        return {"default": self.default, "values": list(self.values)}


class WebAdapter(ABC):
    """One game as the web layer sees it."""

    spec: ClassVar[GameSpec]
    title: ClassVar[str]
    """The prefix of the game's API model names (``<Title>GameRecord``)."""
    rules_model: ClassVar[type[BaseModel]]
    """The pydantic model of the game's rules in the API."""
    solver_hints: ClassVar[bool] = True
    """Hints may follow the full-information solver's line (every card is in sight). False for
    games with hidden cards, whose hints use only what the player sees (:meth:`fair_hint`),
    except in positions :meth:`solver_may_hint` allows."""
    move_pattern: ClassVar[str | None] = None
    """A regular expression every well-formed move text of the game matches (in the API's
    schema, so that clients and schema-driven tools know what a move looks like)."""

    # ------------------------------------------------------------------ the page around the game
    home: ClassVar[bool] = False
    """The game played at ``/`` (whose rules are also at ``/rules/<lang>``); one game is."""
    menu_order: ClassVar[int]
    """Where the game stands in the games menu and on the not-found page (lowest first)."""
    description: ClassVar[str]
    """The game page's description (its ``<meta name="description">``)."""
    page_titles: ClassVar[Mapping[str, str]]
    """The game page's title (the browser tab's words) by language."""
    play_words: ClassVar[Mapping[str, str]]
    """The not-found page's link to the game by language ("Play ..." with the game's name)."""
    example_deal: ClassVar[str]
    """A deal's address, shown on the not-found page as an example of one."""
    page_options: ClassVar[tuple[PageOption, ...]] = ()
    """The options the page keeps for the game in the browser (every game's are checked on
    every page, as they share one stored object)."""
    page_parts: ClassVar[tuple[str, ...]] = ()
    """Parts of the shared page the game shows (the shell's elements marked ``data-only``
    with the same word; the others are hidden): ``deal-button``."""
    daily_parts: ClassVar[tuple[str, ...]] = ()
    """The middle parts of the addresses of the game's deals of the day,
    ``/daily/<date>/<part>/<grade>`` (one per daily variant, and the game's name alone for
    its default variant: ``<name>``, ``<name>/<variant>``); the page module reads them back
    (its ``daily``)."""

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

    def hint_kind(self, move: Any) -> str:
        """The kind of a hinted ``move`` in the API (``heuristic`` for a card move; a game with
        a stock names its stock moves: ``draw``, ``recycle``, ``deal``)."""
        return "heuristic"

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

    @property
    def page_numbering(self) -> str:
        """The numbering of the deal numbers in the game's page addresses (the page module's
        ``numbering``): the game's default numbering. A deal address past its end leads to
        the not-found page."""
        return self.spec.default_numbering()

    def daily_pages(self) -> list[tuple[str, str]]:
        """The addresses of the game's deals of the day (``{date}`` and ``{grade}`` in them),
        each the game page: one for each of :attr:`daily_parts`."""
        return [(f"/daily/{{date}}/{part}/{{grade}}", "index.html") for part in self.daily_parts]

    @property
    def home_path(self) -> str:
        """The game's own address (``/<name>``): the not-found page's link to it."""
        return f"/{self.spec.name}"

    def menu(self) -> list[MenuEntry]:
        """The game's entries in the games menu: by default one, the game's own address under
        its title."""
        return [MenuEntry(self.home_path, self.spec.name, dict(self.spec.titles))]

    def rules_path(self, lang: str) -> str:
        """The address of the game's rules in ``lang``."""
        return f"/rules/{lang}" if self.home else f"/rules/{self.spec.name}/{lang}"

    def rules_template(self, lang: str) -> str:
        """The template of the game's rules page in ``lang`` (under the templates folder)."""
        return f"games/{self.spec.name}/rules-{lang}.html"
