"""Klondike as the rest of the house sees it: rule options, numberings, formats, a terminal
drawing (``kosynka show``)."""

from __future__ import annotations

from typing import Any, ClassVar

from kosynka.errors import InvalidNotationError
from kosynka.games.base import Game, GameSpec, RuleOption
from kosynka.games.klondike import deals, notation
from kosynka.games.klondike.rules import Klondike, KlondikeRules
from kosynka.numtext import parse_whole


def _draw(text: str) -> int:
    """Read the ``--draw`` value: 1 or 3."""
    draw = parse_whole(text, "draw")
    if draw not in (1, 3):
        raise InvalidNotationError(f"draw must be 1 or 3, not {text!r}")
    return draw


class KlondikeSpec(GameSpec):
    """Klondike ("Косынка"): Draw 1 or 3, a pass limit or none, cards back from the
    foundations on or off."""

    name: ClassVar[str] = Klondike.name
    titles: ClassVar[dict[str, str]] = {"en": "Klondike", "ru": "Косынка"}
    options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption("draw", "--draw", "cards per draw (default 1)", 1, _draw, (1, 3), "1|3"),
        RuleOption(
            "passes",
            "--passes",
            "passes through the stock (default unlimited)",
            None,
            notation.parse_passes,
            None,
            "N|unlimited",
        ),
        RuleOption(
            "foundation_return",
            "--no-foundation-return",
            "cards never come back from the foundations",
            True,
            lambda text: text.strip().lower() in ("on", "yes", "true", "1"),
        ),
    )
    numberings: ClassVar[tuple[str, ...]] = deals.NUMBERINGS
    formats: ClassVar[tuple[str, ...]] = notation.FORMATS
    game_class: ClassVar[type[Game[Any]]] = Klondike

    def make_rules(self, **values: Any) -> KlondikeRules:
        """:class:`KlondikeRules` with the given option values."""
        unknown = sorted(set(values) - {o.name for o in self.options})
        if unknown:
            raise InvalidNotationError(f"unknown Klondike rule option(s): {', '.join(unknown)}")
        return KlondikeRules(**values)

    def deal(self, number: int, rules: Any = None, numbering: str | None = None) -> Klondike:
        """Deal ``number`` of ``numbering`` (PySolFC's by default) under ``rules``."""
        return Klondike(number, rules=rules, numbering=self.check_numbering(numbering))

    def max_deal(self, numbering: str | None = None) -> int:
        """The largest deal number of ``numbering``."""
        return deals.MAX_DEAL[self.check_numbering(numbering)]

    def random_deal_number(self, numbering: str | None = None) -> int:
        """A fresh random deal number."""
        return deals.random_deal_number(self.check_numbering(numbering))

    def detect_format(self, text: str) -> str | None:
        """``"solvitaire"`` for a JSON object, ``"text"`` for text starting ``klondike``."""
        head = text.lstrip()
        if head.startswith("{"):
            return "solvitaire"
        if head[:8].lower() == "klondike":
            return "text"
        return None

    def read_position(self, text: str, fmt: str | None = None, rules: Any = None) -> Klondike:
        """Read position text or Solvitaire JSON (``rules`` applies to the JSON)."""
        if fmt is None:
            fmt = notation.detect_format(text)
        if fmt == "solvitaire":
            return notation.parse_solvitaire(text, rules)
        if fmt == "text":
            return notation.parse_text(text)
        raise InvalidNotationError(
            f"unknown format {fmt!r} (expected one of: {', '.join(self.formats)})"
        )

    def write_position(self, game: Game[Any], fmt: str = "text") -> str:
        """Write the position in ``fmt``."""
        assert isinstance(game, Klondike)
        return notation.format_position(game, fmt)

    def render(self, game: Game[Any]) -> str:
        """Draw a position for a terminal: face-down cards as ``##``."""
        assert isinstance(game, Klondike)
        return render(game)


def render(game: Klondike) -> str:
    """Draw a Klondike position for a terminal: face-down cards as ``##``."""
    r = game.rules
    passes = "unlimited passes" if r.passes is None else f"{r.passes} passes"
    ret = "on" if r.foundation_return else "off"
    lines = [
        f"Klondike, draw {r.draw}, {passes}, foundation return {ret}"
        f"   pass {game.pass_number}   face down {game.face_down_count()}",
    ]
    waste = game.waste()
    shown = waste[-r.draw :] if r.draw > 1 else waste[-1:]
    waste_text = " ".join(str(c) for c in shown) if shown else "--"
    stock_text = f"[{game.stock_count():2d}]" if game.stock_count() else "[  ]"
    found = "  ".join(
        f"{(top.text() if (top := game.foundation_top(s)) else '--')}" for s in range(4)
    )
    lines.append(
        f"stock {stock_text}  waste {waste_text:<9} ({len(waste):2d})    foundations {found}"
    )
    lines.append("")
    lines.append("  ".join(f" {i + 1}  " for i in range(7)).rstrip())
    cols = [game.column(i) for i in range(7)]
    height = max((len(c) for c in cols), default=0)
    for row in range(height):
        cells = []
        for i, col in enumerate(cols):
            if row < len(col):
                cell = "##" if row < game.face_down_count(i) else col[row].text()
            else:
                cell = "  "
            cells.append(f" {cell} ")
        lines.append("  ".join(cells).rstrip())
    if height == 0:
        lines.append("(the tableau is empty)")
    return "\n".join(lines)
