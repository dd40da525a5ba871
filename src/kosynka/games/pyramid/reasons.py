"""Why Pyramid refuses a move: one :class:`~kosynka.errors.Reason` per rule, in English and
Russian, written once here (the browser gets them as they are, see :mod:`kosynka.web.texts`).
The codes are stable; scripts and the browser rely on them, and a code Klondike also uses
(``not-available``, ``stock-empty``, ``pass-limit``, ``nothing-to-recycle``) means the same
thing there.

The rules are asked in a fixed order, and a move that breaks two of them gets the first:

1. the game: :data:`GAME_OVER`;
2. the move itself: :data:`NOT_A_KING` (a card alone), :data:`RANK_SUM` (a pair);
3. each card of it, the first card first: :data:`GONE`, :data:`IN_STOCK` / :data:`IN_WASTE`
   (code ``not-available``), :data:`COVERED_ONE` / :data:`COVERED_TWO` (code ``covered``);
4. the stock: :data:`STOCK_EMPTY`, :data:`STOCK_AND_WASTE_EMPTY`, :data:`STOCK_NOT_FINISHED`,
   :data:`NOTHING_TO_RECYCLE`, :data:`PASS_LIMIT`.

:data:`RANK_SUM` and the ``covered`` refusals name the cards (their slots are filled as every
game's refusals with numbers or names are, :func:`kosynka.errors.fill`).

>>> rank_sum("7H", "5C", 12).en
'7H and 5C make 12, not 13: a pair must add up to 13 (A = 1, J = 11, Q = 12).'
>>> covered("9H", ["4C", "QD"]).en
'The 9H is still covered by the 4C and the QD in the row below it.'
>>> covered("9H", ["4C"]).ru
'9H ещё закрыта картой 4C из ряда ниже.'
"""

from __future__ import annotations

from typing import Final

from kosynka.errors import Reason, ReasonTemplate

GAME_OVER: Final = Reason(
    "game-over",
    "The game is won; there is nothing left to play.",
    "Игра выиграна, ходить больше нечего.",
)
NOT_A_KING: Final = Reason(
    "not-a-king",
    "Only a King leaves the table alone; any other card goes with a partner that makes 13.",
    "В одиночку со стола уходит только король, остальные карты уходят парой, дающей 13.",
)
RANK_SUM: Final = ReasonTemplate(
    "rank-sum",
    "{a} and {b} make {sum}, not 13: a pair must add up to 13 (A = 1, J = 11, Q = 12).",
    "{a} и {b} дают {sum}, а не 13: пара должна давать в сумме 13 (туз 1, валет 11, дама 12).",
)
GONE: Final = Reason(
    "gone",
    "That card has already left the table.",
    "Эта карта уже убрана со стола.",
)
IN_STOCK: Final = Reason(
    "not-available",
    "That card is in the stock under other cards; only the stock's top card can be played.",
    "Эта карта лежит в колоде под другими картами, а играть можно только верхней картой колоды.",
)
IN_WASTE: Final = Reason(
    "not-available",
    "That card is in the waste under other cards; only the waste's top card can be played.",
    "Эта карта лежит в сбросе под другими картами, а играть можно только верхней картой сброса.",
)
COVERED_ONE: Final = ReasonTemplate(
    "covered",
    "The {card} is still covered by the {by} in the row below it.",
    "{card} ещё закрыта картой {by} из ряда ниже.",
)
COVERED_TWO: Final = ReasonTemplate(
    "covered",
    "The {card} is still covered by the {by} and the {other} in the row below it.",
    "{card} ещё закрыта картами {by} и {other} из ряда ниже.",
)
STOCK_EMPTY: Final = Reason(
    "stock-empty",
    "The stock is empty; turn the waste over to start a new pass.",
    "Колода кончилась: переверните сброс, чтобы начать новый проход.",
)
STOCK_AND_WASTE_EMPTY: Final = Reason(
    "stock-empty",
    "The stock is empty and so is the waste; there is nothing left to turn.",
    "Колода и сброс пусты, переворачивать больше нечего.",
)
STOCK_NOT_FINISHED: Final = Reason(
    "nothing-to-recycle",
    "The stock still has cards: the waste is turned over only after the last one is turned.",
    "В колоде ещё есть карты: сброс переворачивают, только когда колода кончится.",
)
NOTHING_TO_RECYCLE: Final = Reason(
    "nothing-to-recycle",
    "The waste is empty, so there is nothing to turn over.",
    "Сброс пуст, переворачивать нечего.",
)
PASS_LIMIT: Final = Reason(
    "pass-limit",
    "No more passes through the stock are allowed under these rules.",
    "По этим правилам проходов по колоде больше не осталось.",
)


def rank_sum(a: str, b: str, total: int) -> Reason:
    """The refusal of a pair of cards ``a`` and ``b`` (their names) whose ranks add up to
    ``total``, not 13."""
    return RANK_SUM.of(a=a, b=b, sum=total)


def covered(card: str, by: list[str]) -> Reason:
    """The refusal of the pyramid card ``card`` (its name) while the cards ``by`` (one or two
    names, left first) in the row below still cover it."""
    if len(by) == 1:
        return COVERED_ONE.of(card=card, by=by[0])
    return COVERED_TWO.of(card=card, by=by[0], other=by[1])


CODES: Final = (
    "game-over",
    "not-a-king",
    "rank-sum",
    "gone",
    "not-available",
    "covered",
    "stock-empty",
    "nothing-to-recycle",
    "pass-limit",
)
"""Every reason code Pyramid uses, in the order the checks run."""
