"""Spider as the rest of the house sees it: its rule option, numberings, formats and drawing.

>>> spec = SpiderSpec()
>>> spec.make_rules(suits=4).text()
'suits=4'
>>> spec.deal(1, spec.make_rules(suits=1)).stock_count()
50
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from kosynka.errors import InvalidNotationError, InvalidPositionError
from kosynka.games.base import Game, GameSpec, RuleOption
from kosynka.games.spider import deals
from kosynka.games.spider.notation import FORMATS, format_text, looks_like_text, parse_text
from kosynka.games.spider.rules import COLUMNS, RUNS, Spider, SpiderRules
from kosynka.numtext import parse_whole

DEFAULT_SUITS: Final = 2
"""The suit count when none is asked for: KPat's own default, so that with the default ``kpat``
numbering ``deal spider N`` is the game KPat opens as deal N; it also exercises every rule (with
one suit a group never breaks on a suit change) while staying winnable by people, unlike four."""


def parse_suits(text: str) -> int:
    """Read the ``--suits`` flag: ``1``, ``2`` or ``4``."""
    suits = parse_whole(str(text), "suits")
    if suits not in (1, 2, 4):
        raise InvalidNotationError(f"suits must be 1, 2 or 4, not {text!r}")
    return suits


SUITS_OPTION: Final = RuleOption(
    name="suits",
    flag="--suits",
    help="how many suits the two decks hold: 1 (spades), 2 (spades and hearts) or 4",
    default=DEFAULT_SUITS,
    parse=parse_suits,
    values=(1, 2, 4),
    metavar="N",
)


class SpiderSpec(GameSpec):
    """Spider's :class:`~kosynka.games.base.GameSpec`: the ``suits`` option, the ``kpat``
    (default) and ``pysol`` numberings and the ``text`` position format."""

    name: ClassVar[str] = Spider.name
    titles: ClassVar[Mapping[str, str]] = {"en": "Spider", "ru": "Паук"}
    options: ClassVar[tuple[RuleOption, ...]] = (SUITS_OPTION,)
    numberings: ClassVar[tuple[str, ...]] = deals.NUMBERINGS
    formats: ClassVar[tuple[str, ...]] = FORMATS
    game_class: ClassVar[type[Game[Any]]] = Spider

    def make_rules(self, **values: Any) -> SpiderRules:
        """The rules with the given option values (``suits``; as a number or its text)."""
        unknown = sorted(set(values) - {"suits"})
        if unknown:
            raise InvalidNotationError(
                f"unknown rule option(s) for spider: {', '.join(unknown)} (expected: suits)"
            )
        suits = values.get("suits", DEFAULT_SUITS)
        if isinstance(suits, str):
            suits = parse_suits(suits)
        return SpiderRules(suits=suits)

    def deal(self, number: int, rules: Any = None, numbering: str | None = None) -> Spider:
        """A new game from deal ``number`` of ``numbering`` (default ``kpat``)."""
        numbering = self.check_numbering(numbering)
        self.check_deal_number(number, numbering)
        if rules is None:
            rules = self.make_rules()
        if not isinstance(rules, SpiderRules):
            raise InvalidNotationError(f"spider needs SpiderRules, not {type(rules).__name__}")
        return Spider(number, rules=rules, numbering=numbering)

    def max_deal(self, numbering: str | None = None) -> int:
        """The largest deal number: 2,147,483,647 for ``kpat``, 10**20 - 1 for ``pysol``."""
        return deals.MAX_DEAL[self.check_numbering(numbering)]

    def random_deal_number(self, numbering: str | None = None) -> int:
        """A fresh random deal number of ``numbering``."""
        return deals.random_deal_number(self.check_numbering(numbering))

    def detect_format(self, text: str) -> str | None:
        """``"text"`` for text starting with the word ``spider``, else None."""
        return "text" if looks_like_text(text) else None

    def read_position(self, text: str, fmt: str | None = None, rules: Any = None) -> Spider:
        """Read a position; the text states its own rules, so ``rules`` is not used."""
        if fmt is None:
            fmt = self.detect_format(text)
            if fmt is None:
                first = text.split(None, 1)[0][:40] if text.strip() else ""
                raise InvalidPositionError(
                    f"not a Spider position (it should start with 'spider', not {first!r})"
                )
        if fmt != "text":
            raise InvalidNotationError(f"unknown format {fmt!r} for spider (expected: text)")
        return parse_text(text)

    def write_position(self, game: Game[Any], fmt: str = "text") -> str:
        """Write ``game``'s position in ``fmt`` (only ``text``)."""
        if fmt != "text":
            raise InvalidNotationError(f"unknown format {fmt!r} for spider (expected: text)")
        if not isinstance(game, Spider):
            raise InvalidNotationError(f"not a Spider game: {type(game).__name__}")
        return format_text(game)

    def render(self, game: Game[Any]) -> str:
        """Draw the position for a terminal: a header (suits, rows left in the stock, runs
        removed, face-down cards left), then the ten columns top down, face-down cards as
        ``##``."""
        if not isinstance(game, Spider):
            raise InvalidNotationError(f"not a Spider game: {type(game).__name__}")
        return render(game)


def render(game: Spider) -> str:
    """Draw ``game``'s position for a terminal (see :meth:`SpiderSpec.render`)."""
    suits = game.rules.suits
    rows = game.rows_left()
    removed = game.removed()
    lines = [
        f"Spider, {suits} suit{'s' if suits > 1 else ''}   moves {game.moves_made}"
        f"   face down {game.face_down_count()}",
        f"stock [{'#' * rows}{' ' * (5 - rows)}] {rows} row{'' if rows == 1 else 's'} left"
        f"   removed {len(removed)} of {RUNS}"
        + (f": {' '.join(s.letter for s in removed)}" if removed else ""),
        "",
        "  ".join(f"{i + 1:^4}" for i in range(COLUMNS)).rstrip(),
    ]
    cols = [game.column(i) for i in range(COLUMNS)]
    height = max((len(c) for c in cols), default=0)
    for row in range(height):
        cells = []
        for i, col in enumerate(cols):
            if row < len(col):
                cell = "##" if row < game.face_down_count(i) else col[row].text()
            else:
                cell = ""
            cells.append(f"{cell:^4}")
        lines.append("  ".join(cells).rstrip())
    if height == 0:
        lines.append("(the tableau is empty)")
    return "\n".join(lines)
