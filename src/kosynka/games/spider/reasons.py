"""Why Spider refuses a move: one :class:`~kosynka.errors.Reason` per rule, in English and
Russian. The codes are stable; scripts and the browser rely on them.

When a move breaks several rules, :meth:`Spider.explain <kosynka.games.spider.Spider.explain>`
gives the first one in the order of :data:`CODES`' groups: the source (``face-down``,
``not-available``), then the group of cards moved (``run-not-ordered``, ``run-not-one-suit``),
then the destination (``same-place``, ``runs-only``, ``rank``); for a deal, ``stock-empty``
before ``deal-onto-empty-column``.
"""

from __future__ import annotations

from typing import Final

from kosynka.errors import Reason

FACE_DOWN: Final = Reason(
    "face-down",
    "That card lies face down in its column; only face-up cards can be moved.",
    "Эта карта в столбце лежит рубашкой вверх, а двигать можно только открытые карты.",
)
NOT_AVAILABLE: Final = Reason(
    "not-available",
    "That column does not hold this card (it may still be in the stock, or already removed).",
    "В этом столбце такой карты нет (она может быть ещё в колоде или уже убрана).",
)
RUN_NOT_ORDERED: Final = Reason(
    "run-not-ordered",
    "The cards on top of it do not go down one rank at a time, so they cannot move together.",
    "Карты поверх неё не идут подряд по убыванию, поэтому вместе их не перенести.",
)
RUN_NOT_ONE_SUIT: Final = Reason(
    "run-not-one-suit",
    "The cards on top of it go down in rank but change suit; only a run of one suit moves "
    "as a group.",
    "Карты поверх неё идут по убыванию, но масть меняется, а вместе переносится только "
    "ряд одной масти.",
)
SAME_PLACE: Final = Reason(
    "same-place",
    "The card is already in that column.",
    "Карта уже лежит в этом столбце.",
)
RUNS_ONLY: Final = Reason(
    "runs-only",
    "Cards never go off the table by hand: a finished King-to-Ace run of one suit leaves "
    "by itself.",
    "Вручную карты со стола не убирают: готовый ряд одной масти от короля до туза уходит сам.",
)
RANK: Final = Reason(
    "rank",
    "A card goes only onto a card exactly one rank higher (of any suit), or into an empty column.",
    "Карту кладут только на карту ровно на ранг старше (любой масти) или в пустой столбец.",
)
STOCK_EMPTY: Final = Reason(
    "stock-empty",
    "The stock is used up; there is no row left to deal.",
    "Колода кончилась, раздавать больше нечего.",
)
DEAL_ONTO_EMPTY_COLUMN: Final = Reason(
    "deal-onto-empty-column",
    "A new row is dealt only when no column is empty; put a card in every empty column first.",
    "Новый ряд раздают, только когда пустых столбцов нет: сначала положите карту в каждый "
    "пустой столбец.",
)

CODES: Final = (
    "face-down",
    "not-available",
    "run-not-ordered",
    "run-not-one-suit",
    "same-place",
    "runs-only",
    "rank",
    "stock-empty",
    "deal-onto-empty-column",
)
"""Every reason code Spider uses, in the order the checks run."""

ALL: Final = (
    FACE_DOWN,
    NOT_AVAILABLE,
    RUN_NOT_ORDERED,
    RUN_NOT_ONE_SUIT,
    SAME_PLACE,
    RUNS_ONLY,
    RANK,
    STOCK_EMPTY,
    DEAL_ONTO_EMPTY_COLUMN,
)
"""Every reason, in :data:`CODES` order."""
