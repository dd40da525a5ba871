"""Spider in the browser: the API's rules model (one, two or four suits), the removed runs as
the foundations, the counters (runs removed, face-down cards, rows left in the stock) and hints
from the game's no-peek player. Nothing goes home by hand and runs leave by themselves in the
engine, so there are no safe moves and no collect."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from kosynka.cards import Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.spider import SPEC, Move, Spider, SpiderRules
from kosynka.games.spider import player as spider_player
from kosynka.web.games.base import CARD_PATTERN, Table, WebAdapter, ru_accusative

SUIT_PAGES: dict[int, str] = {1: "1-suit", 2: "2-suits", 4: "4-suits"}
"""The page address of each suit count (``/spider/2-suits``)."""


class SpiderRulesModel(BaseModel):
    """Spider's rule option."""

    model_config = ConfigDict(extra="forbid", title="SpiderRules")

    suits: Literal[1, 2, 4] = Field(
        default=2, description="suits in the two decks: 1 (spades), 2 (spades, hearts) or 4"
    )


def history_keys(game: Spider) -> set[Hashable]:
    """The keys of every position ``game`` has been in (its move stack, read back by taking
    the moves back on a copy), the current one included."""
    probe = game.copy()
    keys: set[Hashable] = {probe.key()}
    while probe.move_stack:
        probe.pop()
        keys.add(probe.key())
    return keys


class SpiderAdapter(WebAdapter):
    """Spider's web adapter."""

    spec: ClassVar[GameSpec] = SPEC
    title: ClassVar[str] = "Spider"
    move_pattern: ClassVar[str | None] = (
        rf"^\s*(?:[sS]|(?:(?:10|[1-9])\s*:\s*)?{CARD_PATTERN}\s*>\s*(?:10|[1-9]|[fF]))\s*$"
    )
    rules_model: ClassVar[type[BaseModel]] = SpiderRulesModel

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

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """The player's move (``deal`` for a new row), unless it leads back to a position the
        game has had (then the best-scored move that does not); any legal move rather than a
        false "no moves"; ``stuck`` only when no move is legal at all."""
        assert isinstance(game, Spider)
        if game.is_won():
            return None, "won"
        seen = history_keys(game)

        def fresh(m: Move) -> bool:
            probe = game.copy(stack=False)
            probe.advance(m)
            return probe.key() not in seen

        move = spider_player.best_move(game)
        if move is None or not fresh(move):
            legal = game.legal_move_list()
            ranked = sorted(legal, key=lambda m: -spider_player.score_move(game, m))
            move = next((m for m in ranked if fresh(m)), None) or next(iter(legal), None)
        if move is None:
            return None, "stuck"
        return move, "deal" if move.is_deal else "heuristic"

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

    def pages(self) -> list[tuple[str, str]]:
        """The game page of each suit count, also at a deal's shareable address; ``/spider``
        opens the suit count played last."""
        out = [("/spider", "index.html")]
        for name in SUIT_PAGES.values():
            out.append((f"/spider/{name}", "index.html"))
            out.append((f"/spider/{name}/deal/{{number}}", "index.html"))
        return out


ADAPTER = SpiderAdapter()
