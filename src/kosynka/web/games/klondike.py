"""Klondike in the browser: the API's rules model, the fanned Draw 3 waste, foundations in the
order their aces arrived, hints from the visible cards, safe cards home, the plain collect."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from kosynka.cards import KING, SUIT_LETTERS, Card
from kosynka.games.base import Game, GameSpec
from kosynka.games.klondike import DRAW, FOUNDATION, SPEC, Klondike, KlondikeRules, Move, player
from kosynka.web.games.base import (
    CARD_PATTERN,
    DEAL_SOURCES,
    EarlyFetch,
    EarlyRule,
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
def is_safe_home(game: Klondike, card: Card) -> bool:
    """True when sending ``card`` to its foundation can never cost a move: it is an ace or a
    two, or every card that could be built on it in a column (the next lower rank of the other
    colour) is already home."""
    if card.rank <= 2:
        return True
    counts = game.foundation_counts()
    other = (0, 3) if card.is_red else (1, 2)
    return all(counts[s] >= card.rank - 1 for s in other)


def safe_home_moves(game: Klondike) -> list[Move]:
    """The legal foundation moves that are safe (see :func:`is_safe_home`)."""
    return [
        m
        for m in game.legal_moves
        if m.card is not None and m.to == FOUNDATION and is_safe_home(game, m.card)
    ]


@dataclass(frozen=True, slots=True)
class _Where:
    """Where a card lies for the heuristic: column (or -1), index in it, face-down below."""

    column: int
    index: int
    down_below: int


def _where(game: Klondike, card: Card) -> _Where:
    """Find ``card`` among the face-up column cards; column -1 means waste or foundation."""
    for i in range(7):
        col = game.column(i)
        if card in col:
            idx = col.index(card)
            return _Where(i, idx, game.face_down_count(i))
    return _Where(-1, -1, 0)


def score_move(game: Klondike, move: Move) -> int:
    """How good ``move`` looks from visible information (higher is better; <= 0 is aimless)."""
    card = move.card
    if card is None:
        return 1 if game.stock_count() else 0
    where = _where(game, card)
    from_foundation = where.column < 0 and game.foundation_top(card.suit) == card
    if from_foundation:
        return -50  # taking a card back home is rarely what helps
    if move.to == FOUNDATION:
        base = 100 if is_safe_home(game, card) else 35
        if where.column >= 0 and where.index == where.down_below and where.down_below:
            base += 30  # it also turns a card
        return base
    if where.column < 0:  # from the waste onto a column
        if card.rank == KING:
            return 22
        return 25
    reveals = where.index == where.down_below and where.down_below > 0
    if reveals:
        return 50 + 5 * where.down_below
    if card.rank == KING and where.index == 0:
        return -40  # a king already heading an empty column gains nothing by moving
    if where.index == where.down_below == 0:
        return -30  # emptying a column without a king to fill it gains nothing yet
    # A move inside face-up cards: useful only if it frees the card under it for home.
    below = game.column(where.column)[where.index - 1]
    if game.explain(Move.to_foundation(below)) is None:
        return 20
    return -10


class Hint(NamedTuple):
    """A suggested move (None only when no card can ever move again) and its kind."""

    move: Move | None
    kind: str


def heuristic_hint(game: Klondike) -> Hint:
    """The best move by :func:`score_move`; a draw or a new pass when no card move looks
    useful; any legal move rather than a false "no moves"; ``stuck`` only when
    :meth:`Klondike.is_stuck` says nothing can ever move again."""
    if game.is_won():
        return Hint(None, "won")
    legal = list(game.legal_moves)
    card_moves = [m for m in legal if m.card is not None]
    best: Move | None = None
    best_score = 0
    for m in card_moves:
        s = score_move(game, m)
        if s > best_score:
            best, best_score = m, s
    if best is not None:
        return Hint(best, "heuristic")
    for m in legal:
        if m.card is None:
            return Hint(m, "draw" if m == Move.draw() else "recycle")
    if card_moves and not game.is_stuck():
        return Hint(max(card_moves, key=lambda m: score_move(game, m)), "heuristic")
    return Hint(None, "stuck")


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
        PageOption("draw", 1, (1, 3)),
        PageOption("source", "easy", DEAL_SOURCES),
        PageOption("passes", None, (None, 1, 3)),
        PageOption("foundationReturn", True, (True, False)),
        # The scoring: Windows' standard, Vegas, or Vegas with a running total.
        PageOption("scoring", "standard", ("standard", "vegas", "vegas-cumulative")),
    )
    daily_parts: ClassVar[tuple[str, ...]] = ("klondike", "klondike/draw-1", "klondike/draw-3")
    early: ClassVar[EarlyFetch] = EarlyFetch(
        path=r"^/klondike/draw-(?<draw>[13])/deal/(?<number>\d+)/?$",
        key="kosynka.game.v1",
        rules=(
            EarlyRule("draw", group="draw"),
            EarlyRule("passes", None, query="passes", most=1000),
            EarlyRule("foundation_return", True, query="return", off="0"),
        ),
        same=("draw", "passes", "foundation_return"),
    )

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
        """Safe cards home (see :func:`is_safe_home`)."""
        assert isinstance(game, Klondike)
        return safe_home_moves(game)

    def heuristic_hint(self, game: Game[Any]) -> tuple[Any | None, str]:
        """See :func:`heuristic_hint`."""
        assert isinstance(game, Klondike)
        return heuristic_hint(game)

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
        """The game page, also at a deal's shareable address."""
        return [
            ("/klondike", "index.html"),
            ("/klondike/draw-1/deal/{number}", "index.html"),
            ("/klondike/draw-3/deal/{number}", "index.html"),
        ]


ADAPTER = KlondikeAdapter()
