"""Pyramid in the browser: the API's rules model (passes 1, 2, 3 or unlimited; the goal, the
pyramid or all 52 cards), the 28 places of the pyramid, the stock's top card and the waste's,
the counters (cards left in the pyramid, cards left in the stock, the pass under way), hints
from the game's no-peek player, Kings alone as the safe moves and the proven finish. The
pyramid lies face up and only the stock below its top card is hidden, and only in the first
pass: from the second pass on the player has seen every card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from kosynka.cards import KING, Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.pyramid import SPEC, Move, Pyramid, PyramidRules
from kosynka.web.games.base import (
    CARD_PATTERN,
    DEAL_SOURCES,
    PageOption,
    Table,
    WebAdapter,
    first_move,
    places_of,
    played_hint,
    ru_accusative,
)

PASSES: tuple[int | None, ...] = (1, 2, 3, None)
"""The passes through the stock a page may play with (None: unlimited)."""

GOALS: tuple[str, ...] = ("pyramid", "all")
"""What must go for a win: the pyramid's 28 cards, or every card."""


def daily_part(passes: int | None, goal: str) -> str:
    """The middle part of the address of the deals of the day under ``passes`` (None:
    unlimited) and ``goal``: ``pyramid/3-passes``, ``pyramid/1-pass-all-cards``,
    ``pyramid/unlimited-passes`` (the page module's ``daily`` reads them back)."""
    count = "unlimited-passes" if passes is None else f"{passes}-pass{'es' if passes > 1 else ''}"
    return f"pyramid/{count}{'-all-cards' if goal == 'all' else ''}"


class PyramidRulesModel(BaseModel):
    """Pyramid's rule options."""

    model_config = ConfigDict(extra="forbid", title="PyramidRules")

    passes: Literal[1, 2, 3] | None = Field(
        default=3, description="passes through the stock: 1, 2 or 3; null for unlimited"
    )
    goal: Literal["pyramid", "all"] = Field(
        default="pyramid",
        description="what must go for a win: the pyramid's 28 cards, or all 52 cards",
    )


def is_king_alone(move: Move) -> bool:
    """True for a move that removes a King by itself."""
    return len(move.cards) == 1 and move.cards[0].rank == KING


def every_card_seen(game: Pyramid) -> bool:
    """True when the player has seen every card still in play: the stock holds at most its
    face-up top card, or a pass has gone round (every stock card has then lain on the
    waste)."""
    return game.pass_number > 1 or game.stock_count() <= 1


def stock_kind(move: Move) -> str:
    """The hint kind of ``move``: ``draw`` (``s``), ``recycle`` (``r``) or ``heuristic``
    (a removal)."""
    if move.turn == "s":
        return "draw"
    if move.turn == "r":
        return "recycle"
    return "heuristic"


class PyramidAdapter(WebAdapter):
    """Pyramid's web adapter."""

    spec: ClassVar[GameSpec] = SPEC
    title: ClassVar[str] = "Pyramid"
    rules_model: ClassVar[type[BaseModel]] = PyramidRulesModel
    solver_hints: ClassVar[bool] = False
    move_pattern: ClassVar[str | None] = (
        rf"^\s*(?:[sSrR]|{CARD_PATTERN}(?:\s*\+\s*{CARD_PATTERN})?)\s*$"
    )

    menu_order: ClassVar[int] = 32
    description: ClassVar[str] = (
        "Pyramid solitaire: pair cards that make 13, one to three passes or unlimited, easy to "
        "hard deals, unlimited undo, hints."
    )
    page_titles: ClassVar[dict[str, str]] = {
        "en": "Pyramid solitaire — kosynka",
        "ru": "Пирамида — пасьянс Pyramid",
    }
    play_words: ClassVar[dict[str, str]] = {"en": "Play Pyramid", "ru": "Играть в «Пирамиду»"}
    example_deal: ClassVar[str] = "/pyramid/deal/42"
    page_options: ClassVar[tuple[PageOption, ...]] = (
        PageOption("pyramidPasses", 3, PASSES),
        PageOption("pyramidGoal", "pyramid", GOALS),
        PageOption("pyramidSource", "easy", DEAL_SOURCES),
    )
    page_parts: ClassVar[tuple[str, ...]] = ("deal-button",)
    daily_parts: ClassVar[tuple[str, ...]] = (
        "pyramid",
        *(daily_part(p, g) for g in GOALS for p in (3, 2, 1, None)),
    )

    def rules_of(self, rules: BaseModel) -> PyramidRules:
        """The engine's rules for the API's rules model."""
        assert isinstance(rules, PyramidRulesModel)
        return PyramidRules(passes=rules.passes, goal=rules.goal)

    def view_parts(self, table: Table, moves: Sequence[str]) -> dict[str, Any]:
        """The 28 places (no columns), the waste's top card, the stock's face-up top card, no
        foundations, and the counters: moves, cards left in the pyramid, cards left in the
        stock, cards on the waste, the pass under way and the passes the rules allow (null
        when unlimited)."""
        game = table.game
        assert isinstance(game, Pyramid)
        top, stock_top = game.waste_top(), game.stock_top()
        return {
            "columns": [],
            "places": places_of(game),
            "waste": [] if top is None else [top.text()],
            "stock": [] if stock_top is None else [stock_top.text()],
            "foundations": [],
            "counters": {
                "moves": len(moves),
                "pyramid": game.pyramid_count(),
                "stock": game.stock_count(),
                "waste": len(game.waste()),
                "pass_number": game.pass_number,
                "passes": game.rules.passes,
            },
        }

    def safe_moves(self, game: Game[Any]) -> list[Any]:
        """The Kings that can go alone: a King pairs with nothing, so taking it away never
        costs a move the player could make instead."""
        assert isinstance(game, Pyramid)
        return [m for m in game.legal_move_list() if is_king_alone(m)]

    def solver_may_hint(self, game: Game[Any]) -> bool:
        """Once the player has seen every card (see :func:`every_card_seen`) the solver's line
        is a fair hint."""
        assert isinstance(game, Pyramid)
        return every_card_seen(game)

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """The no-peek player's move (:func:`kosynka.games.pyramid.player.best_move`): a King
        alone, the pair that takes and frees the most of the pyramid, else a stock card, else
        a new pass; ``won`` or ``stuck`` once the game is over."""
        from kosynka.games.pyramid import player

        assert isinstance(game, Pyramid)
        return played_hint(game, lambda: player.best_move(game), stock_kind)

    def fair_hint(self, start: Game[Any], texts: Sequence[str], game: Game[Any]) -> tuple[Any, str]:
        """The game's hint player (:func:`kosynka.games.pyramid.seen.hint`): it samples the
        stock cards the player has not seen and plays the move that wins the most samples;
        with no move it finds, the no-peek player's move (:meth:`heuristic_hint`)."""
        from kosynka.games.pyramid import player, seen

        assert isinstance(game, Pyramid)

        def sampled() -> Move | None:
            return first_move(seen.hint(game, seed=len(texts)).move, lambda: player.best_move(game))

        return played_hint(game, sampled, stock_kind)

    def hint_kind(self, move: Any) -> str:
        """``draw``, ``recycle`` or ``heuristic`` (a removal)."""
        assert isinstance(move, Move)
        return stock_kind(move)

    def describe(self, move: Any) -> tuple[str, str]:
        """A Pyramid move in words."""
        assert isinstance(move, Move)
        if move.turn == "s":
            return "Turn a card from the stock.", "Откройте карту из колоды."
        if move.turn == "r":
            return (
                "Turn the waste over for a new pass.",
                "Переверните сброс и начните новый проход.",
            )
        if len(move.cards) == 1:
            card: Card = move.cards[0]
            return f"Remove the {card.name('en')}.", f"Уберите {ru_accusative(card)}."
        a, b = move.cards
        return (
            f"Remove the {a.name('en')} and the {b.name('en')}.",
            f"Уберите {ru_accusative(a)} и {ru_accusative(b)}.",
        )

    def collect_possible(self, game: Game[Any]) -> bool:
        """A finish may be offered once the player has seen every card
        (:func:`every_card_seen`) and the game is not won; it is offered only when the solver
        proves the rest (a line found and replayed to a win)."""
        assert isinstance(game, Pyramid)
        return every_card_seen(game) and not game.is_won()

    def pages(self) -> list[tuple[str, str]]:
        """The game page, also at a deal's shareable address."""
        return [("/pyramid", "index.html"), ("/pyramid/deal/{number}", "index.html")]


ADAPTER = PyramidAdapter()
