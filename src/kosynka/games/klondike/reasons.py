"""Why Klondike refuses a move: one :class:`~kosynka.errors.Reason` per rule, in English and
Russian. The codes are stable; scripts and the browser rely on them."""

from __future__ import annotations

from typing import Final

from kosynka.errors import Reason

FACE_DOWN: Final = Reason(
    "face-down",
    "That card is face down; only face-up cards can be moved.",
    "Эта карта лежит рубашкой вверх, а двигать можно только открытые карты.",
)
NOT_AVAILABLE: Final = Reason(
    "not-available",
    "That card cannot be played now: it is in the stock or covered by another card.",
    "Эту карту сейчас не взять: она в колоде или её закрывает другая карта.",
)
RUN_NOT_ORDERED: Final = Reason(
    "run-not-ordered",
    "The cards on top of it do not form a run going down by one rank in alternating colours.",
    "Карты поверх неё не идут подряд по убыванию с чередованием цветов, их нельзя взять вместе.",
)
RANK: Final = Reason(
    "rank",
    "In a column a card goes only on a card exactly one rank higher.",
    "В столбце карту кладут только на карту ровно на один ранг старше.",
)
COLOUR: Final = Reason(
    "colour",
    "In a column colours alternate: red goes on black, black on red.",
    "В столбце цвета чередуются: красную кладут на чёрную, чёрную на красную.",
)
EMPTY_NEEDS_KING: Final = Reason(
    "empty-needs-king",
    "Only a King, or a run headed by a King, can fill an empty column.",
    "Пустой столбец занимает только король или ряд, который начинается с короля.",
)
FOUNDATION_ORDER: Final = Reason(
    "foundation-order",
    "A foundation grows in one suit from the Ace upwards, and this card is not the next one.",
    "Дом собирается в одной масти от туза вверх, а эта карта в нём не следующая.",
)
FOUNDATION_ONE_CARD: Final = Reason(
    "foundation-one-card",
    "Only the top card of a column goes to a foundation, one card at a time.",
    "В дом идёт только верхняя карта столбца, по одной карте за ход.",
)
FOUNDATION_RETURN_OFF: Final = Reason(
    "foundation-return-off",
    "With these rules a card never comes back from a foundation.",
    "По выбранным правилам карты из дома обратно не возвращаются.",
)
STOCK_EMPTY: Final = Reason(
    "stock-empty",
    "The stock is empty; turn the waste over to start a new pass.",
    "Колода кончилась: переверните сброс, чтобы начать новый проход.",
)
STOCK_AND_WASTE_EMPTY: Final = Reason(
    "stock-empty",
    "The stock is empty and so is the waste; there is nothing left to draw.",
    "Колода и сброс пусты, тянуть больше нечего.",
)
PASS_LIMIT: Final = Reason(
    "pass-limit",
    "No more passes through the stock are allowed under these rules.",
    "По этим правилам проходов по колоде больше не осталось.",
)
NOTHING_TO_RECYCLE: Final = Reason(
    "nothing-to-recycle",
    "The waste is empty, so there is nothing to turn over.",
    "Сброс пуст, переворачивать нечего.",
)
STOCK_NOT_FINISHED: Final = Reason(
    "nothing-to-recycle",
    "The stock still has cards: the waste is turned over only after the last one is drawn.",
    "В колоде ещё есть карты: сброс переворачивают, только когда колода кончится.",
)
SAME_PLACE: Final = Reason(
    "same-place",
    "The card is already there.",
    "Карта уже лежит на этом месте.",
)

CODES: Final = (
    "face-down",
    "not-available",
    "run-not-ordered",
    "rank",
    "colour",
    "empty-needs-king",
    "foundation-order",
    "foundation-one-card",
    "foundation-return-off",
    "stock-empty",
    "pass-limit",
    "nothing-to-recycle",
    "same-place",
)
"""Every reason code Klondike uses."""
