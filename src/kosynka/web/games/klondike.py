"""Klondike in the browser: the API's rules model, the fanned Draw 3 waste, foundations in the
order their aces arrived, hints from the visible cards, safe cards home, the plain collect."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from kosynka.cards import SUIT_LETTERS, Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.klondike import DRAW, FOUNDATION, SPEC, Klondike, KlondikeRules, Move, player
from kosynka.games.klondike.player import Hint
from kosynka.web.games.base import (
    CARD_PATTERN,
    DEAL_SOURCES,
    PageOption,
    Table,
    WebAdapter,
    ended,
    ru_accusative,
)
from kosynka.web.schemas import whole_number


class KlondikeRulesModel(BaseModel):
    """Klondike's rule options."""

    model_config = ConfigDict(extra="forbid", title="KlondikeRules")

    draw: Literal[1, 3] = Field(default=1, description="cards turned per draw from the stock")
    passes: whole_number(ge=1, le=1000) | None = Field(  # type: ignore[valid-type]
        default=None, description="passes through the stock; null for unlimited"
    )
    foundation_return: StrictBool = Field(
        default=True, description="whether a foundation's top card may come back to the tableau"
    )


# ----------------------------------------------------------------------------- hints
def hint_of(game: Klondike, move: Move | None) -> Hint:
    """The no-peeking player's choice ``move`` in ``game`` as a hint: none but ``won`` or
    ``stuck`` once the game is over by :meth:`Klondike.outcome` (lost whatever the hidden
    cards are); else ``heuristic`` (a card move), ``draw``, ``recycle``, or with no move
    ``none`` (moves are left, but the player sees none that helps)."""
    end = ended(game)
    if end is not None:
        return Hint(None, end)
    if move is None:
        return Hint(None, "none")
    if move.card is not None:
        return Hint(move, "heuristic")
    return Hint(move, "draw" if move.to == DRAW else "recycle")


# ----------------------------------------------------------------------------- the adapter
def _foundation_order(order: tuple[int, ...]) -> list[int]:
    """Suit indices in the order their aces reached the foundations (the rest after, in suit
    order): foundations belong to no suit until an ace takes one."""
    return [*order, *(s for s in range(4) if s not in order)]


DRAWS: tuple[int, ...] = (1, 3)
"""The page's variants: Draw 1 and Draw 3 (``/klondike/draw-1``, ``/klondike/draw-3``)."""


class KlondikeAdapter(WebAdapter):
    """Klondike's web adapter."""

    spec: ClassVar[GameSpec] = SPEC
    title: ClassVar[str] = "Klondike"
    rules_model: ClassVar[type[BaseModel]] = KlondikeRulesModel
    solver_hints: ClassVar[bool] = False
    move_pattern: ClassVar[str | None] = rf"^\s*(?:[sSrR]|{CARD_PATTERN}\s*>\s*(?:[1-7]|[fF]))\s*$"

    home: ClassVar[bool] = True
    menu_order: ClassVar[int] = 10
    description: ClassVar[str] = (
        "Klondike solitaire (Kosynka): Draw 1 and Draw 3, easy to hard deals, unlimited undo, "
        "hints."
    )
    page_titles: ClassVar[dict[str, str]] = {
        "en": "Klondike solitaire — kosynka",
        "ru": "Косынка — пасьянс Klondike",
    }
    play_words: ClassVar[dict[str, str]] = {"en": "Play Klondike", "ru": "Играть в Косынку"}
    example_deal: ClassVar[str] = "/klondike/draw-1/deal/12345"
    page_options: ClassVar[tuple[PageOption, ...]] = (
        PageOption("draw", 1, DRAWS),
        PageOption("source", "easy", DEAL_SOURCES),
        PageOption("passes", None, (None, 1, 3)),
        PageOption("foundationReturn", True, (True, False)),
        # The scoring: Windows' standard, Vegas, or Vegas with a running total.
        PageOption("scoring", "standard", ("standard", "vegas", "vegas-cumulative")),
    )
    daily_parts: ClassVar[tuple[str, ...]] = ("klondike", "klondike/draw-1", "klondike/draw-3")

    def rules_of(self, rules: BaseModel) -> KlondikeRules:
        """The engine's rules for the API's rules model."""
        assert isinstance(rules, KlondikeRulesModel)
        return KlondikeRules(
            draw=rules.draw, passes=rules.passes, foundation_return=rules.foundation_return
        )

    def push(self, table: Table, move: Any) -> None:
        """Make ``move`` and follow the Draw 3 fan: a draw spreads its cards, playing the waste
        top folds one back."""
        game = table.game
        assert isinstance(game, Klondike)
        if move.card is None:
            fan = min(game.rules.draw, game.stock_count()) if move.to == DRAW else 0
        else:
            waste = game.waste()
            fan = max(table.fan - 1, 0) if waste and waste[-1] == move.card else table.fan
        game.advance(move)  # checked like push; the table keeps no undo history
        table.fan = fan
        card = move.card
        if (
            card is not None
            and move.to == FOUNDATION
            and card.rank == 1
            and int(card.suit) not in table.order
        ):
            table.order = (*table.order, int(card.suit))

    def view_parts(self, table: Table, moves: Sequence[str]) -> dict[str, Any]:
        """Columns, the waste's visible top (its fanned cards in Draw 3), the foundations in
        the order their aces arrived, and the counters."""
        game = table.game
        assert isinstance(game, Klondike)
        waste = game.waste()
        shown = waste[-max(table.fan, 1) :] if waste else []
        passes = game.rules.passes
        return {
            "columns": [
                {"down": game.face_down_count(i), "up": [c.text() for c in game.face_up(i)]}
                for i in range(7)
            ],
            "waste": [c.text() for c in shown],
            "foundations": [
                {
                    "suit": SUIT_LETTERS[s],
                    "count": game.foundation_count(s),
                    "top": (t.text() if (t := game.foundation_top(s)) else None),
                }
                for s in _foundation_order(table.order)
            ],
            "counters": {
                "moves": len(moves),
                "face_down": game.face_down_count(),
                "pass_number": game.pass_number,
                "passes_left": None if passes is None else max(0, passes - game.pass_number),
                "stock": game.stock_count(),
                "waste": len(waste),
                "foundations": sum(game.foundation_counts()),
            },
        }

    def safe_moves(self, game: Game[Any]) -> list[Any]:
        """Safe cards home (see :func:`kosynka.games.klondike.player.is_safe_home`)."""
        assert isinstance(game, Klondike)
        return player.safe_home_moves(game)

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """See :func:`kosynka.games.klondike.player.heuristic_hint`."""
        assert isinstance(game, Klondike)
        return player.heuristic_hint(game)

    def fair_hint(self, start: Game[Any], texts: Sequence[str], game: Game[Any]) -> tuple[Any, str]:
        """The no-peeking player's move (:func:`kosynka.games.klondike.player.hint`), which
        remembers the game so far: it uncovers cards, keeps empty columns for kings, never
        sends the player round the stock again when the last round brought nothing and never
        leads to a position the game has had. When it sees nothing that helps, ``none`` (no
        useful move); ``stuck`` (and no move) once the game is lost whatever the hidden cards
        are (:func:`hint_of`)."""
        assert isinstance(start, Klondike) and isinstance(game, Klondike)
        end = ended(game)
        if end is not None:
            return Hint(None, end)
        return hint_of(game, player.hint(start, [Move.parse(t) for t in texts]))

    def hint_kind(self, move: Any) -> str:
        """``draw``, ``recycle`` or ``heuristic`` (a card move)."""
        assert isinstance(move, Move)
        if move.card is not None:
            return "heuristic"
        return "draw" if move.to == DRAW else "recycle"

    def describe(self, move: Any) -> tuple[str, str]:
        """A Klondike move in words."""
        if move.card is None:
            if move == Move.draw():
                return "Draw from the stock.", "Возьмите карты из колоды."
            return (
                "Turn the waste over for a new pass.",
                "Переверните сброс и начните новый круг.",
            )
        card: Card = move.card
        if move.to == FOUNDATION:
            return (
                f"Move the {card.name('en')} to its foundation.",
                f"Отправьте {ru_accusative(card)} в дом.",
            )
        return (
            f"Move the {card.name('en')} to column {move.to + 1}.",
            f"Переложите {ru_accusative(card)} в столбец {move.to + 1}.",
        )

    def collect_possible(self, game: Game[Any]) -> bool:
        """Every card is face up."""
        assert isinstance(game, Klondike)
        return game.face_down_count() == 0 and not game.is_won()

    def plain_collect(self, game: Game[Any]) -> list[Any] | None:
        """Finish an all-face-up ``game`` by sending cards home whenever one can go (else draw,
        else a new pass); the line, or None when that gets stuck."""
        probe = game.copy(stack=False)
        assert isinstance(probe, Klondike)
        line: list[Move] = []
        idle = 0  # stock moves since the last card went home
        limit = 2 * (probe.stock_count() + len(probe.waste())) + 4
        while not probe.is_won():
            move = next(
                (m for m in probe.legal_moves if m.card is not None and m.to == FOUNDATION), None
            )
            if move is not None:
                idle = 0
            else:
                move = next((m for m in probe.legal_moves if m.card is None), None)
                idle += 1
                if move is None or idle > limit:
                    return None
            probe.push(move)
            line.append(move)
        return line

    def pages(self) -> list[tuple[str, str]]:
        """The game page; at each variant's address (``/klondike/draw-3``: that variant's game
        in progress, else a new deal of it), also with a deal's number (shareable)."""
        out = [("/klondike", "index.html")]
        for draw in DRAWS:
            out.append((f"/klondike/draw-{draw}", "index.html"))
            out.append((f"/klondike/draw-{draw}/deal/{{number}}", "index.html"))
        return out


ADAPTER = KlondikeAdapter()
