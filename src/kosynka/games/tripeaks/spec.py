"""TriPeaks as the rest of the house sees it: rule options, numberings, formats, a terminal
drawing (``kosynka show``). The package makes :data:`~kosynka.games.tripeaks.SPEC` but does not
register it: the house registers the game when it is ready for it."""

from __future__ import annotations

from typing import Any, ClassVar

from kosynka.errors import InvalidNotationError
from kosynka.games.base import Game, GameSpec, RuleOption
from kosynka.games.tripeaks import deals, notation
from kosynka.games.tripeaks.deals import PLACES
from kosynka.games.tripeaks.rules import ROWS, XS, TriPeaks, TriPeaksRules


class TriPeaksSpec(GameSpec):
    """TriPeaks ("Три вершины"): King and Ace next to each other or not, the peaks dealt face
    down or open."""

    name: ClassVar[str] = TriPeaks.name
    titles: ClassVar[dict[str, str]] = {"en": "TriPeaks", "ru": "Три вершины"}
    options: ClassVar[tuple[RuleOption, ...]] = (
        RuleOption(
            "wrap",
            "--no-wrap",
            "King and Ace are not next to each other",
            True,
            lambda text: notation.parse_on_off(text, "wrap"),
        ),
        RuleOption(
            "open",
            "--open",
            "the peaks are dealt face up",
            False,
            lambda text: notation.parse_on_off(text, "open"),
        ),
    )
    numberings: ClassVar[tuple[str, ...]] = deals.NUMBERINGS
    formats: ClassVar[tuple[str, ...]] = notation.FORMATS
    game_class: ClassVar[type[Game[Any]]] = TriPeaks

    def make_rules(self, **values: Any) -> TriPeaksRules:
        """:class:`TriPeaksRules` with the given option values."""
        unknown = sorted(set(values) - {o.name for o in self.options})
        if unknown:
            raise InvalidNotationError(f"unknown TriPeaks rule option(s): {', '.join(unknown)}")
        return TriPeaksRules(**values)

    def deal(self, number: int, rules: Any = None, numbering: str | None = None) -> TriPeaks:
        """Deal ``number`` of ``numbering`` (PySolFC's) under ``rules``."""
        return TriPeaks(number, rules=rules, numbering=self.check_numbering(numbering))

    def max_deal(self, numbering: str | None = None) -> int:
        """The largest deal number of ``numbering``."""
        return deals.MAX_DEAL[self.check_numbering(numbering)]

    def random_deal_number(self, numbering: str | None = None) -> int:
        """A fresh random deal number."""
        return deals.random_deal_number(self.check_numbering(numbering))

    def detect_format(self, text: str) -> str | None:
        """``"text"`` for text starting ``tripeaks``, else None."""
        return "text" if text.lstrip()[:8].lower() == "tripeaks" else None

    def read_position(self, text: str, fmt: str | None = None, rules: Any = None) -> TriPeaks:
        """Read position text (it states its own rules; ``rules`` is not used)."""
        if fmt is None or fmt == "text":
            return notation.parse_text(text)
        raise InvalidNotationError(
            f"unknown format {fmt!r} (expected one of: {', '.join(self.formats)})"
        )

    def write_position(self, game: Game[Any], fmt: str = "text") -> str:
        """Write the position in ``fmt``."""
        assert isinstance(game, TriPeaks)
        return notation.format_position(game, fmt)

    def render(self, game: Game[Any]) -> str:
        """Draw a position for a terminal: face-down cards as ``##``."""
        assert isinstance(game, TriPeaks)
        return render(game)


def render(game: TriPeaks) -> str:
    """Draw a TriPeaks position for a terminal: the three peaks as PySolFC lays them out (each
    half card width three characters across), face-down cards as ``##``, a place whose card is
    gone left blank; then the waste's top card and the stock.

    >>> print(render(TriPeaks(1)).splitlines()[2])
             ##                ##                ##
    """
    r = game.rules
    lines = [
        f"TriPeaks, King and Ace next to each other: {'on' if r.wrap else 'off'}"
        f"{', open' if r.open else ''}   table {game.table_count()}"
        f"   face down {game.face_down_count()}",
        "",
    ]
    for row in range(4):
        line = [" "] * 60
        for i in range(PLACES):
            if ROWS[i] != row:
                continue
            card = game.place(i)
            if card is None:
                continue
            text = card.text() if game.is_face_up(i) else "##"
            col = XS[i] * 3
            line[col : col + 2] = text
        lines.append("".join(line).rstrip())
    stock = f"[{game.stock_count():2d}]" if game.stock_count() else "[  ]"
    lines.append("")
    lines.append(f"stock {stock}   waste {game.waste_top()} ({len(game.waste())})")
    if game.is_won():
        lines.append("(the peaks are cleared)")
    return "\n".join(lines)
