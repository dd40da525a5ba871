"""FreeCell as the rest of the house sees it: its rule options, numberings and formats
(:class:`FreeCellSpec`), and its picture for a terminal (``kosynka show``)."""

from __future__ import annotations

from typing import Any, ClassVar

from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.base import Game, GameSpec, RuleOption
from kosynka.games.freecell import deals, notation
from kosynka.games.freecell.rules import COLUMNS, FreeCell, FreeCellRules
from kosynka.numtext import parse_whole


def _parse_cells(text: str) -> int:
    """Read the ``--cells`` value: a whole number 0..4."""
    cells = parse_whole(str(text), "cells")
    if cells is None or not 0 <= cells <= 4:
        raise InvalidNotationError(f"cells must be a whole number 0..4, not {text!r}")
    return cells


def _parse_on_off(text: str) -> bool:
    """Read an on/off value (``on``, ``off``, ``true``, ``false``, ``yes``, ``no``, 1, 0)."""
    t = str(text).strip().lower()
    if t in ("on", "yes", "true", "1"):
        return True
    if t in ("off", "no", "false", "0"):
        return False
    raise InvalidNotationError(f"expected on or off, not {text!r}")


class FreeCellSpec(GameSpec):
    """FreeCell's entry in the registry of games (see :class:`~kosynka.games.base.GameSpec`)."""

    name: ClassVar[str] = FreeCell.name
    titles: ClassVar[dict[str, str]] = {"en": "FreeCell", "ru": "Свободная ячейка"}
    options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            name="cells",
            flag="--cells",
            help="how many free cells (0-4, default 4)",
            default=4,
            parse=_parse_cells,
            values=(0, 1, 2, 3, 4),
            metavar="N",
        ),
        RuleOption(
            name="foundation_return",
            flag="--no-foundation-return",
            help="a card on a foundation never comes back to a column",
            default=True,
            parse=_parse_on_off,
        ),
    )
    numberings: ClassVar[tuple[str, ...]] = deals.NUMBERINGS
    formats: ClassVar[tuple[str, ...]] = notation.FORMATS
    game_class: ClassVar[type[Game[Any]]] = FreeCell

    def make_rules(self, **values: Any) -> FreeCellRules:
        """The rules with the given option values (``cells``, ``foundation_return``)."""
        unknown = sorted(set(values) - {"cells", "foundation_return"})
        if unknown:
            raise InvalidNotationError(
                f"unknown rule option(s) for freecell: {', '.join(unknown)}"
                " (expected cells, foundation_return)"
            )
        return FreeCellRules(**values)

    def _rules(self, rules: Any) -> FreeCellRules:
        if rules is None:
            return FreeCellRules()
        if not isinstance(rules, FreeCellRules):
            raise InvalidNotationError(f"not FreeCell rules: {rules!r}")
        return rules

    def deal(self, number: int, rules: Any = None, numbering: str | None = None) -> FreeCell:
        """A new game from deal ``number`` (``ms`` numbers unless ``numbering`` says)."""
        numbering = self.check_numbering(numbering)
        return FreeCell(number, rules=self._rules(rules), numbering=numbering)

    def max_deal(self, numbering: str | None = None) -> int:
        """8,589,934,591 for ``ms``; 10**20 - 1 for ``pysol``."""
        return deals.MAX_DEAL[self.check_numbering(numbering)]

    def random_deal_number(self, numbering: str | None = None) -> int:
        """A fresh random deal number of ``numbering``."""
        return deals.random_deal_number(self.check_numbering(numbering))

    def detect_format(self, text: str) -> str | None:
        """``"text"`` or ``"fcs"`` when ``text`` looks like one of FreeCell's formats."""
        return notation.detect_format(text)

    def read_position(self, text: str, fmt: str | None = None, rules: Any = None) -> FreeCell:
        """Read a position; ``rules`` applies to fc-solve boards (which carry none)."""
        if fmt is not None and fmt not in self.formats:
            raise InvalidNotationError(
                f"unknown format {fmt!r} for freecell (expected one of: {', '.join(self.formats)})"
            )
        return notation.parse_position(text, fmt, self._rules(rules))

    def write_position(self, game: Game[Any], fmt: str = "text") -> str:
        """Write ``game``'s position in ``fmt`` (``"text"`` or ``"fcs"``)."""
        if not isinstance(game, FreeCell):
            raise InvalidPositionError(f"not a FreeCell game: {game!r}")
        return notation.format_position(game, fmt)

    def render(self, game: Game[Any]) -> str:
        """Draw the position for a terminal: the rules, the free cells, the foundations, the
        longest group that can move now, and the eight columns top to bottom of the screen."""
        if not isinstance(game, FreeCell):
            raise InvalidPositionError(f"not a FreeCell game: {game!r}")
        return render(game)


def render(game: FreeCell) -> str:
    """Draw ``game``'s position for a terminal (see :meth:`FreeCellSpec.render`)."""
    r = game.rules
    deal = f"   deal {game.deal_number} ({game.numbering})" if game.deal_number is not None else ""
    lines = [
        f"FreeCell, {r.cells} free cell{'s' if r.cells != 1 else ''}, foundation return"
        f" {'on' if r.foundation_return else 'off'}{deal}   moves {game.moves_made}"
    ]
    cells = " ".join(f"[{'  ' if c is None else c.text()}]" for c in game.cells()) or "(none)"
    found = "  ".join(
        f"{(top.text() if (top := game.foundation_top(s)) else '--')}" for s in range(4)
    )
    lines.append(f"cells {cells}    foundations {found}    longest group {game.supermove_limit()}")
    lines.append("")
    lines.append("  ".join(f" {i + 1}  " for i in range(COLUMNS)).rstrip())
    cols = [game.column(i) for i in range(COLUMNS)]
    height = max((len(c) for c in cols), default=0)
    for row in range(height):
        row_cells = [f" {col[row].text() if row < len(col) else '  '} " for col in cols]
        lines.append("  ".join(row_cells).rstrip())
    if height == 0:
        lines.append("(the tableau is empty)")
    return "\n".join(lines)
