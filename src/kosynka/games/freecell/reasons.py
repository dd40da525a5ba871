"""Why FreeCell refuses a move: one :class:`~kosynka.errors.Reason` per rule, in English and
Russian. The codes are stable (scripts and the browser rely on them); a code Klondike also uses
means the same thing there.

The rules are asked in a fixed order, and a move that breaks two of them gets the first:

1. the source: :data:`NOT_AVAILABLE`, :data:`SAME_PLACE`, :data:`FOUNDATION_RETURN_OFF`,
   :data:`FOUNDATION_TO_CELL`;
2. the group moved: :data:`RUN_NOT_ORDERED`, :data:`CELL_ONE_CARD`, :data:`FOUNDATION_ONE_CARD`;
3. the destination: :data:`CELLS_FULL` (or :func:`cell_taken` / :func:`no_such_cell` for a
   named cell), :data:`FOUNDATION_ORDER`, :data:`RANK`, :data:`COLOUR`;
4. the room to move a group: :func:`supermove_too_long`.

>>> supermove_too_long(4).code
'supermove-too-long'
>>> "4" in supermove_too_long(4).en and "4" in supermove_too_long(4).ru
True
"""

from __future__ import annotations

from typing import Final

from kosynka.errors import Reason, ReasonTemplate

NOT_AVAILABLE: Final = Reason(
    "not-available",
    "That card cannot be played now: other cards of its suit lie on it in the foundation.",
    "Эту карту сейчас не взять: в доме на ней лежат другие карты её масти.",
)
SAME_PLACE: Final = Reason(
    "same-place",
    "The card is already there.",
    "Карта уже лежит на этом месте.",
)
FOUNDATION_RETURN_OFF: Final = Reason(
    "foundation-return-off",
    "With these rules a card never comes back from a foundation.",
    "По выбранным правилам карты из дома обратно не возвращаются.",
)
FOUNDATION_TO_CELL: Final = Reason(
    "foundation-to-cell",
    "A card from a foundation may only come back to a column, never to a free cell.",
    "Карту из дома можно вернуть только в столбец, но не в свободную ячейку.",
)
RUN_NOT_ORDERED: Final = Reason(
    "run-not-ordered",
    "The cards on top of it do not form a run going down by one rank in alternating colours.",
    "Карты поверх неё не идут подряд по убыванию с чередованием цветов, их нельзя взять вместе.",
)
CELL_ONE_CARD: Final = Reason(
    "cell-one-card",
    "A free cell holds a single card, not a group: only the top card of a column goes there.",
    "В свободную ячейку кладут одну карту, а не группу: туда идёт только верхняя карта столбца.",
)
FOUNDATION_ONE_CARD: Final = Reason(
    "foundation-one-card",
    "Only the top card of a column goes to a foundation, one card at a time.",
    "В дом идёт только верхняя карта столбца, по одной карте за ход.",
)
CELLS_FULL: Final = Reason(
    "cells-full",
    "Every free cell is taken; free one first.",
    "Все свободные ячейки заняты; сначала освободите одну из них.",
)
NO_CELLS: Final = Reason(
    "cells-full",
    "These rules have no free cells at all.",
    "По этим правилам свободных ячеек нет совсем.",
)
FOUNDATION_ORDER: Final = Reason(
    "foundation-order",
    "A foundation grows in one suit from the Ace upwards, and this card is not the next one.",
    "Дом собирается в одной масти от туза вверх, а эта карта в нём не следующая.",
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


CELL_TAKEN: Final = ReasonTemplate(
    "cells-full",
    "Free cell {n} already holds a card.",
    "В свободной ячейке {n} уже лежит карта.",
)
NO_SUCH_CELL: Final = ReasonTemplate(
    "cells-full",
    "There is no free cell {n}: these rules have {cells}.",
    "Свободной ячейки {n} нет: по этим правилам их {cells}.",
)
SUPERMOVE_TOO_LONG: Final = ReasonTemplate(
    "supermove-too-long",
    "The run is in order, but the empty free cells and columns let only"
    " {allowed|card|cards} move there now.",
    "Ряд сложен правильно, но пустые ячейки и столбцы позволяют сейчас перенести туда"
    " только {allowed|карту|карты|карт}.",
)


def cell_taken(slot: int) -> Reason:
    """The refusal of a move to free cell ``slot`` (0-based) that already holds a card."""
    return CELL_TAKEN.of(n=slot + 1)


def no_such_cell(slot: int, cells: int) -> Reason:
    """The refusal of a move to free cell ``slot`` (0-based) when the rules have only
    ``cells`` free cells."""
    if cells == 0:
        return NO_CELLS
    return NO_SUCH_CELL.of(n=slot + 1, cells=cells)


def supermove_too_long(allowed: int) -> Reason:
    """The refusal of an ordered group longer than the board lets move now: ``allowed`` is
    the most cards the empty free cells and empty columns let move there in one go (its noun
    in the form the number takes: "1 card", "21 карту", "22 карты", "25 карт").

    >>> supermove_too_long(1).ru.endswith("только 1 карту.")
    True
    >>> supermove_too_long(1).en.endswith("only 1 card move there now.")
    True
    """
    return SUPERMOVE_TOO_LONG.of(allowed=allowed)


CODES: Final = (
    "not-available",
    "same-place",
    "foundation-return-off",
    "foundation-to-cell",
    "run-not-ordered",
    "cell-one-card",
    "foundation-one-card",
    "cells-full",
    "foundation-order",
    "rank",
    "colour",
    "supermove-too-long",
)
"""Every reason code FreeCell uses, in the order the rules are asked."""
