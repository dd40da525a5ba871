"""Why TriPeaks refuses a move: one :class:`~kosynka.errors.Reason` per rule, in English and
Russian. The codes are stable (scripts and the browser rely on them); a code another game also
uses means the same thing there.

The rules are asked in a fixed order, and a move that breaks two of them gets the first:

1. the game: :data:`GAME_OVER` (nothing moves once the peaks are cleared);
2. the stock move: :data:`STOCK_EMPTY` (there is no redeal);
3. where the card is: :data:`IN_STOCK`, :data:`ON_WASTE`, :data:`FACE_DOWN`, then
   :func:`covered` (the cards that cover it, by rank);
4. the waste's top card: :data:`WRAP_OFF` (King on Ace or Ace on King when the rules keep them
   apart), then :func:`not_next` (the two ranks).

The refusals whose words name ranks (:data:`COVERED_BY_ONE`, :data:`COVERED_BY_TWO`,
:data:`NOT_NEXT`) are :class:`~kosynka.errors.ReasonTemplate` values whose slots hold words, not
numbers (a rank's name, in the case Russian needs there): :func:`covered` and :func:`not_next`
fill them here from :data:`EN_RANKS`, :data:`RU_ACCUSATIVE` and :data:`RU_NOMINATIVE`.

>>> not_next(7, 9).en
'A 7 does not go on a 9: a card goes on the waste only one rank above or below its top card.'
>>> not_next(1, 3).ru
'Туза нельзя положить на тройку: карта идёт в сброс, только если она на ранг старше или младше\
 верхней карты сброса.'
>>> covered(5, (8, 11)).en
'The 5 is covered by the 8 and the Jack.'
>>> covered(5, (8, 11)).ru
'Пятёрку закрывают восьмёрка и валет.'
>>> covered(12, (1,)).ru
'Даму закрывает туз.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kosynka.errors import Reason, ReasonTemplate

GAME_OVER: Final = Reason(
    "game-over",
    "The game is won: the peaks are cleared, and nothing moves any more.",
    "Игра выиграна: все три вершины разобраны, ходить больше нечем.",
)
STOCK_EMPTY: Final = Reason(
    "stock-empty",
    "The stock is empty, and in TriPeaks it is not dealt again.",
    "Колода кончилась, а в «Трёх вершинах» её не пересдают.",
)
IN_STOCK: Final = Reason(
    "not-available",
    "That card is still in the stock; only the cards of the peaks are played onto the waste.",
    "Эта карта ещё в колоде; в сброс кладут только карты с вершин.",
)
ON_WASTE: Final = Reason(
    "not-available",
    "That card is on the waste already.",
    "Эта карта уже лежит в сбросе.",
)
FACE_DOWN: Final = Reason(
    "face-down",
    "The card is face down; it turns up when both cards covering it are gone.",
    "Эта карта лежит рубашкой вверх; она откроется, когда уйдут обе закрывающие её карты.",
)
WRAP_OFF: Final = Reason(
    "wrap-off",
    "King and Ace are not next to each other in these rules.",
    "По этим правилам король и туз не считаются соседними.",
)
COVERED_BY_ONE: Final = ReasonTemplate(
    "covered",
    "The {card} is covered by the {cover}.",
    "{card} закрывает {cover}.",
)
COVERED_BY_TWO: Final = ReasonTemplate(
    "covered",
    "The {card} is covered by the {cover} and the {cover2}.",
    "{card} закрывают {cover} и {cover2}.",
)
NOT_NEXT: Final = ReasonTemplate(
    "rank",
    "{card} does not go on {top}: a card goes on the waste only one rank above or below its"
    " top card.",
    "{card} нельзя положить на {top}: карта идёт в сброс, только если она на ранг старше или"
    " младше верхней карты сброса.",
)

EN_RANKS: Final = (
    "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
)  # fmt: skip
"""Each rank as the English texts name it, Ace first."""
RU_NOMINATIVE: Final = (
    "туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка",
    "девятка", "десятка", "валет", "дама", "король",
)  # fmt: skip
"""Each rank as the Russian texts name it when it does something ("закрывает восьмёрка")."""
RU_ACCUSATIVE: Final = (
    "туза", "двойку", "тройку", "четвёрку", "пятёрку", "шестёрку", "семёрку", "восьмёрку",
    "девятку", "десятку", "валета", "даму", "короля",
)  # fmt: skip
"""Each rank as the Russian texts name it when something is done to it ("закрывают пятёрку")."""


def _fill(template: str, words: dict[str, str]) -> str:
    """``template`` with each ``{slot}`` replaced by its word, the first letter made a capital."""
    for slot, word in words.items():
        template = template.replace("{" + slot + "}", word)
    return template[:1].upper() + template[1:]


def _a(rank: int) -> str:
    """The English rank with its article: "a 7", "an 8", "an Ace"."""
    word = EN_RANKS[rank - 1]
    return ("an " if word[0] in "8A" else "a ") + word


def covered(rank: int, covers: Sequence[int]) -> Reason:
    """The refusal of a card of ``rank`` (1..13) that the cards of ``covers`` (one or two
    ranks, left to right) still cover."""
    if len(covers) == 1:
        t = COVERED_BY_ONE
        en = {"card": EN_RANKS[rank - 1], "cover": EN_RANKS[covers[0] - 1]}
        ru = {"card": RU_ACCUSATIVE[rank - 1], "cover": RU_NOMINATIVE[covers[0] - 1]}
    else:
        t = COVERED_BY_TWO
        en = {
            "card": EN_RANKS[rank - 1],
            "cover": EN_RANKS[covers[0] - 1],
            "cover2": EN_RANKS[covers[1] - 1],
        }
        ru = {
            "card": RU_ACCUSATIVE[rank - 1],
            "cover": RU_NOMINATIVE[covers[0] - 1],
            "cover2": RU_NOMINATIVE[covers[1] - 1],
        }
    return Reason(t.code, _fill(t.en, en), _fill(t.ru, ru))


def not_next(rank: int, top: int) -> Reason:
    """The refusal of a card of ``rank`` (1..13) on a waste whose top card has rank ``top``,
    the two not next to each other."""
    en = {"card": _a(rank), "top": _a(top)}
    ru = {"card": RU_ACCUSATIVE[rank - 1], "top": RU_ACCUSATIVE[top - 1]}
    return Reason(NOT_NEXT.code, _fill(NOT_NEXT.en, en), _fill(NOT_NEXT.ru, ru))


CODES: Final = (
    "game-over",
    "stock-empty",
    "not-available",
    "face-down",
    "covered",
    "wrap-off",
    "rank",
)
"""Every reason code TriPeaks uses."""
