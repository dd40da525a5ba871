"""Spider in the browser: the API's rules model (one, two or four suits), the removed runs as
the foundations, the counters (runs removed, face-down cards, rows left in the stock), hints from
the game's no-peek player (the solver's line only once nothing is hidden) and the proven finish.
Nothing goes home by hand and runs leave by themselves in the engine, so there are no safe
moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from kosynka.cards import Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.spider import SPEC, Move, Spider, SpiderRules
from kosynka.games.spider import player as spider_player
from kosynka.web.games.base import (
    CARD_PATTERN,
    DEAL_SOURCES,
    MenuEntry,
    PageOption,
    Table,
    WebAdapter,
    ended,
    ru_accusative,
)

SUIT_PAGES: dict[int, str] = {1: "1-suit", 2: "2-suits", 4: "4-suits"}
"""The page address of each suit count (``/spider/2-suits``)."""

SUIT_MENU: dict[int, dict[str, str]] = {
    1: {"en": "Spider, 1 suit", "ru": "Паук, одна масть"},
    2: {"en": "Spider, 2 suits", "ru": "Паук, две масти"},
    4: {"en": "Spider, 4 suits", "ru": "Паук, четыре масти"},
}
"""Each suit count's page in the games menu."""

DEFAULT_SUITS = SpiderRules().suits
"""The suit count of a page that names none, when the player has not chosen one."""


class SpiderRulesModel(BaseModel):
    """Spider's rule option."""

    model_config = ConfigDict(extra="forbid", title="SpiderRules")

    suits: Literal[1, 2, 4] = Field(
        default=2, description="suits in the two decks: 1 (spades), 2 (spades, hearts) or 4"
    )


class SpiderHints:
    """The page's hints along one game: the no-peek player (:class:`kosynka.games.spider.
    player.Player`) that has followed every move from the deal. Its hints never lead back to
    a layout the game has had, never shuffle cards for nothing, and say so when no move is
    left that helps."""

    def __init__(self, start: Spider) -> None:
        self.player = spider_player.Player(start.copy(stack=False))

    @property
    def game(self) -> Spider:
        """The position now."""
        return self.player.game

    def follow(self, move: Move) -> None:
        """Make ``move`` (IllegalMoveError if refused)."""
        self.player.follow(move)

    def hint(self) -> tuple[Move | None, str]:
        """The hint and its kind: ``heuristic`` (a card move), ``deal`` (nothing useful left
        but a new row), ``none`` (the game goes on, but no move the player sees helps);
        without a move ``stuck`` or ``won`` once the game is over by ``outcome()`` (stuck: no
        legal move, or a certain dead end)."""
        game = self.player.game
        end = ended(game)
        if end is not None:
            return None, end
        move = self.player.choose()
        if move is None:
            return None, "none"
        return move, "deal" if move.is_deal else "heuristic"


def hints_along(game: Spider) -> SpiderHints:
    """:class:`SpiderHints` that has followed ``game``'s move stack from its first position
    (``game`` is left unchanged)."""
    probe = game.copy()
    moves: list[Move] = []
    while probe.move_stack:
        moves.append(probe.move_stack[-1])
        probe.pop()
    hints = SpiderHints(probe)
    for move in reversed(moves):
        hints.follow(move)
    return hints


class SpiderAdapter(WebAdapter):
    """Spider's web adapter."""

    spec: ClassVar[GameSpec] = SPEC
    title: ClassVar[str] = "Spider"
    move_pattern: ClassVar[str | None] = (
        rf"^\s*(?:[sS]|(?:(?:10|[1-9])\s*:\s*)?{CARD_PATTERN}\s*>\s*(?:10|[1-9]|[fF]))\s*$"
    )
    rules_model: ClassVar[type[BaseModel]] = SpiderRulesModel

    menu_order: ClassVar[int] = 30
    description: ClassVar[str] = (
        "Spider solitaire with one, two or four suits: easy to hard deals, unlimited undo, hints."
    )
    page_titles: ClassVar[dict[str, str]] = {
        "en": "Spider solitaire — kosynka",
        "ru": "Паук — пасьянс Spider",
    }
    play_words: ClassVar[dict[str, str]] = {"en": "Play Spider", "ru": "Играть в «Паука»"}
    example_deal: ClassVar[str] = "/spider/2-suits/deal/42"
    page_options: ClassVar[tuple[PageOption, ...]] = (
        # The suits of the page opened at /spider (the suit count played last).
        PageOption("spiderSuits", DEFAULT_SUITS, tuple(SUIT_PAGES)),
        PageOption("spiderSource", "easy", DEAL_SOURCES),
    )
    page_parts: ClassVar[tuple[str, ...]] = ("deal-button",)
    daily_parts: ClassVar[tuple[str, ...]] = (
        "spider",
        *(f"spider/{page}" for page in SUIT_PAGES.values()),
    )

    def menu(self) -> list[MenuEntry]:
        """One entry per suit count, each a page of its own."""
        return [
            MenuEntry(f"/spider/{page}", f"spider-{suits}", SUIT_MENU[suits])
            for suits, page in SUIT_PAGES.items()
        ]

    def rules_of(self, rules: BaseModel) -> SpiderRules:
        """The engine's rules for the API's rules model."""
        assert isinstance(rules, SpiderRulesModel)
        return SpiderRules(suits=rules.suits)

    def view_parts(self, table: Table, moves: Sequence[str]) -> dict[str, Any]:
        """The columns (face-down cards only counted), the removed runs in the order removed
        (each shown by its King) and the counters: moves, runs removed (of 8), face-down
        cards left and rows left in the stock."""
        game = table.game
        assert isinstance(game, Spider)
        return {
            "columns": [
                {"down": game.face_down_count(i), "up": [c.text() for c in game.face_up(i)]}
                for i in range(10)
            ],
            "foundations": [
                {"suit": suit.letter, "count": 13, "top": "K" + suit.letter}
                for suit in game.removed()
            ],
            "counters": {
                "moves": len(moves),
                "runs_removed": game.runs_removed(),
                "face_down": game.face_down_count(),
                "rows_left": game.rows_left(),
            },
        }

    def collect_possible(self, game: Game[Any]) -> bool:
        """A finish may be offered once nothing is hidden any more (every card face up, the
        stock dealt out) and cards are still on the table; it is offered only when the solver
        proves the rest (a line found and replayed to a win), so it never uses a card the
        player has not seen."""
        assert isinstance(game, Spider)
        return not game.is_won() and game.stock_count() == 0 and game.face_down_count() == 0

    def solver_may_hint(self, game: Game[Any]) -> bool:
        """Once every card is face up and the stock is dealt out the player sees all there is:
        then the solver's line is a fair hint."""
        assert isinstance(game, Spider)
        return game.stock_count() == 0 and game.face_down_count() == 0

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """The no-peek player's hint after ``game``'s move stack (see :class:`SpiderHints`)."""
        assert isinstance(game, Spider)
        return hints_along(game).hint()

    def fair_hint(self, start: Game[Any], texts: Sequence[str], game: Game[Any]) -> tuple[Any, str]:
        """The no-peek player's hint after the moves ``texts`` from the deal ``start`` (see
        :class:`SpiderHints`)."""
        assert isinstance(start, Spider)
        hints = SpiderHints(start)
        for text in texts:
            hints.follow(hints.game.parse_move(text))
        return hints.hint()

    def hint_kind(self, move: Any) -> str:
        """``deal`` or ``heuristic`` (a card move)."""
        assert isinstance(move, Move)
        return "deal" if move.is_deal else "heuristic"

    def describe(self, move: Any) -> tuple[str, str]:
        """A Spider move in words (the deal too)."""
        assert isinstance(move, Move)
        if move.card is None:
            return "Deal a new row from the stock.", "Раздайте из колоды новый ряд."
        card: Card = move.card
        en, ru = card.name("en"), ru_accusative(card)
        to = move.to + 1
        if move.source is None:
            return f"Move the {en} to column {to}.", f"Переложите {ru} в столбец {to}."
        src = move.source + 1
        return (
            f"Move the {en} from column {src} to column {to}.",
            f"Переложите {ru} из столбца {src} в столбец {to}.",
        )

    def hint_words(self, game: Game[Any], move: Any, kind: str) -> tuple[str, str]:
        """A hint in words; a row is hinted only when no card move helps, and says so."""
        if kind == "deal":
            return (
                "No useful move: deal a new row from the stock.",
                "Полезных ходов нет: раздайте из колоды новый ряд.",
            )
        return super().hint_words(game, move, kind)

    def pages(self) -> list[tuple[str, str]]:
        """The game page of each suit count, also at a deal's shareable address; ``/spider``
        opens the suit count played last."""
        out = [("/spider", "index.html")]
        for name in SUIT_PAGES.values():
            out.append((f"/spider/{name}", "index.html"))
            out.append((f"/spider/{name}/deal/{{number}}", "index.html"))
        return out


ADAPTER = SpiderAdapter()
