"""FreeCell in the browser: the API's rules model, the free cells and the foundations (C, D, H,
S) in the view, the counters (cards home, free cells free, the longest group that can move now),
hints from the game's player, safe cards home for the page's auto option and the plain collect
once every column is in order."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from kosynka.cards import SUIT_LETTERS, Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.freecell import FOUNDATION, SPEC, FreeCell, FreeCellRules, Move
from kosynka.games.freecell import player as fc_player
from kosynka.web.games.base import (
    CARD_PATTERN,
    DEAL_SOURCES,
    PageOption,
    Table,
    WebAdapter,
    ended,
    ru_accusative,
)
from kosynka.web.schemas import WholeNumber


class FreeCellRulesModel(BaseModel):
    """FreeCell's rule options."""

    model_config = ConfigDict(extra="forbid", title="FreeCellRules")

    cells: WholeNumber = Field(default=4, ge=0, le=4, description="how many free cells (0-4)")
    foundation_return: StrictBool = Field(
        default=True, description="whether a foundation's top card may come back to a column"
    )


def columns_in_order(game: FreeCell) -> bool:
    """True when no card of any column lies on a card of lower rank. Then every card still in
    play can go home without search: the lowest card any foundation needs next always lies on
    top of its column (the cards above it would be lower still, and those are home already), or
    in a free cell."""
    for i in range(8):
        col = game.column(i)
        for below, above in pairwise(col):
            if above.rank > below.rank:
                return False
    return True


MAX_IDLE = 40
"""The most moves in a row without a card home beyond the most the game has had that the
player's hints (the solver's fallback) lead through."""


def idle_moves(game: FreeCell) -> int:
    """How many of ``game``'s last moves (its move stack) brought no card home beyond the most
    there had been before them."""
    probe = game.copy()
    counts = [sum(probe.foundation_counts())]
    while probe.move_stack:
        probe.pop()
        counts.append(sum(probe.foundation_counts()))
    counts.reverse()  # cards home after 0, 1, ... moves
    best = counts[0]
    idle = 0
    for n in counts[1:]:
        if n > best:
            best, idle = n, 0
        else:
            idle += 1
    return idle


def longest_run(game: FreeCell) -> int:
    """The longest group that can move onto a card now (the "Max run" counter): the supermove
    limit, but never more than a run that can lie on a card (twelve, the queen down to the ace
    on a king) nor than the columns hold besides the card it goes onto (0 once all are home)."""
    on_table = sum(len(game.column(i)) for i in range(8))
    return max(0, min(game.supermove_limit(), 12, on_table - 1))


class FreeCellAdapter(WebAdapter):
    """FreeCell's web adapter."""

    spec: ClassVar[GameSpec] = SPEC
    title: ClassVar[str] = "FreeCell"
    move_pattern: ClassVar[str | None] = (
        rf"^\s*{CARD_PATTERN}\s*>\s*(?:[1-8]|[fFcC]|[cC]\s*[1-4a-dA-D])\s*$"
    )
    rules_model: ClassVar[type[BaseModel]] = FreeCellRulesModel

    menu_order: ClassVar[int] = 20
    description: ClassVar[str] = (
        "FreeCell solitaire with Microsoft deal numbers: supermoves, easy to hard deals, "
        "unlimited undo, hints."
    )
    page_titles: ClassVar[dict[str, str]] = {
        "en": "FreeCell solitaire — kosynka",
        "ru": "Свободная ячейка — пасьянс FreeCell",
    }
    play_words: ClassVar[dict[str, str]] = {
        "en": "Play FreeCell",
        "ru": "Играть в «Свободную ячейку»",
    }
    example_deal: ClassVar[str] = "/freecell/deal/617"
    page_options: ClassVar[tuple[PageOption, ...]] = (
        PageOption("fcCells", 4, (0, 1, 2, 3, 4)),
        PageOption("fcReturn", True, (True, False)),
        # Its random deals are nearly all winnable, so new deals start at "normal".
        PageOption("fcSource", "normal", DEAL_SOURCES),
    )
    daily_parts: ClassVar[tuple[str, ...]] = ("freecell",)

    def rules_of(self, rules: BaseModel) -> FreeCellRules:
        """The engine's rules for the API's rules model."""
        assert isinstance(rules, FreeCellRulesModel)
        return FreeCellRules(cells=rules.cells, foundation_return=rules.foundation_return)

    def view_parts(self, table: Table, moves: Sequence[str]) -> dict[str, Any]:
        """The columns (all face up), the free cells (a card or null each), the foundations in
        suit order C, D, H, S and the counters: moves, cards home, free cells free now and the
        longest ordered group that may move onto a card now."""
        game = table.game
        assert isinstance(game, FreeCell)
        counts = game.foundation_counts()
        return {
            "columns": [{"down": 0, "up": [c.text() for c in game.column(i)]} for i in range(8)],
            "cells": [None if c is None else c.text() for c in game.cells()],
            "foundations": [
                {
                    "suit": SUIT_LETTERS[s],
                    "count": counts[s],
                    "top": (t.text() if (t := game.foundation_top(s)) else None),
                }
                for s in range(4)
            ],
            "counters": {
                "moves": len(moves),
                "home": sum(counts),
                "free_cells": game.free_cell_count(),
                "longest": longest_run(game),
            },
        }

    def safe_moves(self, game: Game[Any]) -> list[Any]:
        """Cards home that no card still needs as a landing place (the player's safe moves)."""
        assert isinstance(game, FreeCell)
        return fc_player.safe_home_moves(game)

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """The player's move (the solver's fallback), never to a position of ``game``'s move
        stack; ``none`` when every move leads back to one or :data:`MAX_IDLE` moves in a row
        brought no card home and none can go now; ``stuck`` (or ``won``) once the game is over
        by :meth:`FreeCell.outcome`."""
        assert isinstance(game, FreeCell)
        end = ended(game)
        if end is not None:
            return None, end
        avoid = fc_player.history_keys(game)
        if idle_moves(game) >= MAX_IDLE:
            home = [m for m, _ in fc_player.rank_moves(game, avoid) if m.to == FOUNDATION]
            move = home[0] if home else None
        else:
            move = fc_player.best_move(game, avoid=avoid)
        return (move, "heuristic") if move is not None else (None, "none")

    def describe(self, move: Any) -> tuple[str, str]:
        """A FreeCell move in words."""
        assert isinstance(move, Move)
        card: Card = move.card
        en, ru = card.name("en"), ru_accusative(card)
        if move.to == FOUNDATION:
            return f"Move the {en} to its foundation.", f"Отправьте {ru} в дом."
        if move.is_to_cell:
            slot = move.cell_slot
            if slot is None:
                return f"Put the {en} in a free cell.", f"Положите {ru} в свободную ячейку."
            return (
                f"Put the {en} in free cell {slot + 1}.",
                f"Положите {ru} в свободную ячейку {slot + 1}.",
            )
        return (
            f"Move the {en} to column {move.to + 1}.",
            f"Переложите {ru} в столбец {move.to + 1}.",
        )

    def collect_possible(self, game: Game[Any]) -> bool:
        """Every column is in order (see :func:`columns_in_order`) and cards are still out."""
        assert isinstance(game, FreeCell)
        return not game.is_won() and columns_in_order(game)

    def plain_collect(self, game: Game[Any]) -> list[Any] | None:
        """Send cards home, the lowest first, until the game is won; the line, or None when
        some card cannot get there without other moves."""
        probe = game.copy(stack=False)
        assert isinstance(probe, FreeCell)
        line: list[Move] = []
        while not probe.is_won():
            home = [m for m in probe.legal_move_list() if m.to == FOUNDATION]
            if not home:
                return None
            move = min(home, key=lambda m: (m.card.rank, m.card.suit))
            probe.advance(move)
            line.append(move)
        return line

    def pages(self) -> list[tuple[str, str]]:
        """The game page, also at a deal's shareable address (Microsoft deal numbers)."""
        return [("/freecell", "index.html"), ("/freecell/deal/{number}", "index.html")]


ADAPTER = FreeCellAdapter()
