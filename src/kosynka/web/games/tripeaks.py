"""TriPeaks in the browser: the API's rules model (whether King and Ace are next to each other,
whether the peaks are dealt face up), the 28 places of the three peaks, the waste's top card,
the counters (cards left on the peaks, cards left in the stock, the run of cards played from
the peaks since the last stock card), hints from the game's no-peek player and the proven
finish. The stock lies face down, and so do the peaks' cards until they are freed (unless the
peaks are open). A card is never certain to be worth playing, so there are no safe moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from kosynka.cards import Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.tripeaks import SPEC, Move, TriPeaks, TriPeaksRules
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


class TriPeaksRulesModel(BaseModel):
    """TriPeaks' rule options."""

    model_config = ConfigDict(extra="forbid", title="TriPeaksRules")

    wrap: StrictBool = Field(
        default=True, description="whether King and Ace are next to each other (K-A-2 plays)"
    )
    open: StrictBool = Field(
        default=False, description="whether the peaks are dealt face up (Three Peaks (Open))"
    )


@dataclass(slots=True)
class TriPeaksTable(Table):
    """A TriPeaks table and its run: the cards played from the peaks since the last card was
    turned from the stock (the page shows it; the longest run is what players chase)."""

    run: int = 0

    def copy(self) -> TriPeaksTable:
        """An independent copy without the game's move history."""
        tallies = {name: t.copy() for name, t in self.tallies.items()}
        return TriPeaksTable(
            self.game.copy(stack=False), self.fan, self.order, tallies, run=self.run
        )


def daily_part(wrap: bool, open: bool) -> str:
    """The middle part of the address of the deals of the day under ``wrap`` and ``open``:
    ``tripeaks/closed``, ``tripeaks/closed-no-wrap``, ``tripeaks/open``,
    ``tripeaks/open-no-wrap`` (the page module's ``daily`` reads them back)."""
    return f"tripeaks/{'open' if open else 'closed'}{'' if wrap else '-no-wrap'}"


def every_card_seen(game: TriPeaks) -> bool:
    """True when the player sees every card still in play: the stock is dealt out and no card
    of the peaks lies face down."""
    return game.stock_count() == 0 and game.face_down_count() == 0


def move_kind(move: Move) -> str:
    """The hint kind of ``move``: ``draw`` (a stock card) or ``heuristic`` (a card played)."""
    return "heuristic" if move.card is not None else "draw"


class TriPeaksAdapter(WebAdapter):
    """TriPeaks' web adapter."""

    spec: ClassVar[GameSpec] = SPEC
    title: ClassVar[str] = "TriPeaks"
    rules_model: ClassVar[type[BaseModel]] = TriPeaksRulesModel
    solver_hints: ClassVar[bool] = False
    move_pattern: ClassVar[str | None] = rf"^\s*(?:[sS]|{CARD_PATTERN})\s*$"

    menu_order: ClassVar[int] = 34
    description: ClassVar[str] = (
        "TriPeaks solitaire: clear three peaks with cards one rank up or down, open or closed "
        "peaks, easy to hard deals, unlimited undo, hints."
    )
    page_titles: ClassVar[dict[str, str]] = {
        "en": "TriPeaks solitaire — kosynka",
        "ru": "Три вершины — пасьянс TriPeaks",
    }
    play_words: ClassVar[dict[str, str]] = {
        "en": "Play TriPeaks",
        "ru": "Играть в «Три вершины»",
    }
    example_deal: ClassVar[str] = "/tripeaks/deal/42"
    page_options: ClassVar[tuple[PageOption, ...]] = (
        PageOption("tripeaksWrap", True, (True, False)),
        PageOption("tripeaksOpen", False, (False, True)),
        PageOption("tripeaksSource", "easy", DEAL_SOURCES),
    )
    page_parts: ClassVar[tuple[str, ...]] = ("deal-button",)
    daily_parts: ClassVar[tuple[str, ...]] = (
        "tripeaks",
        *(daily_part(w, o) for o in (False, True) for w in (True, False)),
    )

    def rules_of(self, rules: BaseModel) -> TriPeaksRules:
        """The engine's rules for the API's rules model."""
        assert isinstance(rules, TriPeaksRulesModel)
        return TriPeaksRules(wrap=rules.wrap, open=rules.open)

    def new_table(self, game: Game[Any]) -> TriPeaksTable:
        """A table for a freshly dealt game, with no run yet."""
        return TriPeaksTable(game)

    def push(self, table: Table, move: Any) -> None:
        """Make ``move`` and follow the run: a card played lengthens it, a stock card starts
        it again."""
        assert isinstance(table, TriPeaksTable) and isinstance(move, Move)
        table.game.advance(move)  # checked like push; the table keeps no undo history
        table.run = table.run + 1 if move.card is not None else 0

    def view_parts(self, table: Table, moves: Sequence[str]) -> dict[str, Any]:
        """The 28 places (no columns; a face-down card is never named), the waste's top card,
        no foundations, and the counters: moves, cards left on the peaks, face-down cards
        among them, cards left in the stock, cards on the waste and the run."""
        game = table.game
        assert isinstance(table, TriPeaksTable) and isinstance(game, TriPeaks)
        return {
            "columns": [],
            "places": places_of(game),
            "waste": [game.waste_top().text()],
            "foundations": [],
            "counters": {
                "moves": len(moves),
                "peaks": game.table_count(),
                "face_down": game.face_down_count(),
                "stock": game.stock_count(),
                "waste": len(game.waste()),
                "run": table.run,
            },
        }

    def solver_may_hint(self, game: Game[Any]) -> bool:
        """Once the player sees every card (:func:`every_card_seen`) the solver's line is a
        fair hint."""
        assert isinstance(game, TriPeaks)
        return every_card_seen(game)

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """The no-peek player's move (:func:`kosynka.games.tripeaks.player.best_move`: the
        first card of the best run it sees, else a stock card); ``won`` or ``stuck`` once the
        game is over."""
        from kosynka.games.tripeaks import player

        assert isinstance(game, TriPeaks)
        return played_hint(game, lambda: player.best_move(game), move_kind)

    def fair_hint(self, start: Game[Any], texts: Sequence[str], game: Game[Any]) -> tuple[Any, str]:
        """The game's hint player (:func:`kosynka.games.tripeaks.seen.hint`): it samples the
        cards the player has not seen (the face-down ones and the stock) and plays the move
        that wins the most samples; with no move it finds, the no-peek player's move
        (:meth:`heuristic_hint`)."""
        from kosynka.games.tripeaks import player, seen

        assert isinstance(game, TriPeaks)

        def sampled() -> Move | None:
            return first_move(seen.hint(game, seed=len(texts)).move, lambda: player.best_move(game))

        return played_hint(game, sampled, move_kind)

    def hint_kind(self, move: Any) -> str:
        """``draw`` (a stock card) or ``heuristic`` (a card played)."""
        assert isinstance(move, Move)
        return move_kind(move)

    def describe(self, move: Any) -> tuple[str, str]:
        """A TriPeaks move in words."""
        assert isinstance(move, Move)
        if move.card is None:
            return "Turn a card from the stock.", "Откройте карту из колоды."
        card: Card = move.card
        return (
            f"Play the {card.name('en')} onto the waste.",
            f"Положите {ru_accusative(card)} в сброс.",
        )

    def collect_possible(self, game: Game[Any]) -> bool:
        """A finish may be offered once the player sees every card (:func:`every_card_seen`)
        and cards are still on the peaks; it is offered only when the solver proves the rest
        (a line found and replayed to a win)."""
        assert isinstance(game, TriPeaks)
        return every_card_seen(game) and not game.is_won()

    def pages(self) -> list[tuple[str, str]]:
        """The game page, also at a deal's shareable address."""
        return [("/tripeaks", "index.html"), ("/tripeaks/deal/{number}", "index.html")]


ADAPTER = TriPeaksAdapter()
