"""Pyramid as the rest of the house sees it: rule options, numberings, formats, a terminal
drawing (``kosynka show``)."""

from __future__ import annotations

from typing import Any, ClassVar

from kosynka.errors import InvalidNotationError
from kosynka.games.base import Game, GameSpec, RuleOption
from kosynka.games.pyramid import deals, notation
from kosynka.games.pyramid.rules import GOALS, ROWS, X_OF, Pyramid, PyramidRules


class PyramidSpec(GameSpec):
    """Pyramid: pairs that make 13 and Kings alone leave the table; 1, 2, 3 or unlimited
    passes through the stock; won when the pyramid is cleared, or when every card is."""

    name: ClassVar[str] = Pyramid.name
    titles: ClassVar[dict[str, str]] = {"en": "Pyramid", "ru": "Пирамида"}
    options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "passes",
            "--passes",
            "passes through the stock (default 3)",
            3,
            notation.parse_passes,
            (1, 2, 3, None),
            "1|2|3|unlimited",
        ),
        RuleOption(
            "goal",
            "--goal",
            "what must go to win: the pyramid's 28 cards or all 52 (default pyramid)",
            "pyramid",
            notation.parse_goal,
            GOALS,
            "pyramid|all",
        ),
    )
    numberings: ClassVar[tuple[str, ...]] = deals.NUMBERINGS
    formats: ClassVar[tuple[str, ...]] = notation.FORMATS
    game_class: ClassVar[type[Game[Any]]] = Pyramid

    def make_rules(self, **values: Any) -> PyramidRules:
        """:class:`PyramidRules` with the given option values."""
        unknown = sorted(set(values) - {o.name for o in self.options})
        if unknown:
            raise InvalidNotationError(f"unknown Pyramid rule option(s): {', '.join(unknown)}")
        return PyramidRules(**values)

    def deal(self, number: int, rules: Any = None, numbering: str | None = None) -> Pyramid:
        """Deal ``number`` of ``numbering`` (PySolFC's) under ``rules``."""
        return Pyramid(number, rules=rules, numbering=self.check_numbering(numbering))

    def max_deal(self, numbering: str | None = None) -> int:
        """The largest deal number of ``numbering``."""
        return deals.MAX_DEAL[self.check_numbering(numbering)]

    def random_deal_number(self, numbering: str | None = None) -> int:
        """A fresh random deal number."""
        return deals.random_deal_number(self.check_numbering(numbering))

    def detect_format(self, text: str) -> str | None:
        """``"text"`` for text starting with ``pyramid``, else None."""
        return notation.detect_format(text)

    def read_position(self, text: str, fmt: str | None = None, rules: Any = None) -> Pyramid:
        """Read position text (it states its own rules; ``rules`` is not used)."""
        if fmt is None:
            fmt = notation.detect_format(text) or "text"
        if fmt == "text":
            return notation.parse_text(text)
        raise InvalidNotationError(
            f"unknown format {fmt!r} (expected one of: {', '.join(self.formats)})"
        )

    def write_position(self, game: Game[Any], fmt: str = "text") -> str:
        """Write the position in ``fmt``."""
        assert isinstance(game, Pyramid)
        return notation.format_position(game, fmt)

    def render(self, game: Game[Any]) -> str:
        """Draw a position for a terminal: the pyramid as a pyramid."""
        assert isinstance(game, Pyramid)
        return render(game)


_HALF: int = 3
"""Characters per half card width in the terminal drawing."""


def render(game: Pyramid) -> str:
    """Draw a Pyramid position for a terminal: the pyramid centred, row by row, a playable
    card in brackets (``[KS]``), a removed one as ``--``; then the stock and the waste.

    >>> print(render(Pyramid(1)).splitlines()[8])
    [AS]  [AH]  [3C]  [4C]  [5C]  [TS]  [QH]
    """
    r = game.rules
    passes = "unlimited passes" if r.passes is None else f"{r.passes} passes"
    left = game.passes_left()
    lines = [
        f"Pyramid, {passes}, goal {r.goal}   pass {game.pass_number}"
        + ("" if left is None else f" ({left} redeals left)")
        + f"   pyramid {game.pyramid_count()} left",
        "",
    ]
    places = game.places()
    width = _HALF * (2 * (ROWS - 1)) + 4
    start = 0
    for row in range(ROWS):
        line = [" "] * width
        for p in range(start, start + row + 1):
            card = places[p]
            if card is None:
                cell = " -- "
            elif game.is_available(p):
                cell = f"[{card}]"
            else:
                cell = f" {card} "
            col = _HALF * X_OF[p]
            line[col : col + 4] = cell
        lines.append("".join(line).rstrip())
        start += row + 1
    top = game.stock_top()
    stock_text = f"[{top}]" if top is not None else "[  ]"
    waste = game.waste()
    waste_text = f"[{waste[-1]}]" if waste else "[  ]"
    lines.append("")
    lines.append(
        f"stock {stock_text} ({game.stock_count():2d})   waste {waste_text} ({len(waste):2d})"
    )
    return "\n".join(lines)
