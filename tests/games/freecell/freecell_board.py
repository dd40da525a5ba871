"""Build FreeCell test positions from short descriptions."""

from __future__ import annotations

from kosynka.cards import ALL_CARDS, Card
from kosynka.games.freecell import FreeCell, FreeCellRules, Move
from kosynka.games.freecell.notation import parse_text


def board(
    columns: list[str],
    *,
    cells: str = "",
    foundations: str = "- - - -",
    rules: FreeCellRules | None = None,
) -> FreeCell:
    """A position from eight column texts (bottom to top; ``*`` = every card not named
    anywhere else, in index order, e.g. ``"* 7C"``), the free cells (``"5D - -"``; missing
    ones are empty) and the foundation tops in suit order C, D, H, S."""
    assert len(columns) == 8, columns
    r = rules or FreeCellRules()
    named: set[int] = set()
    cell_toks = cells.split()
    for t in [*columns, " ".join(cell_toks)]:
        for tok in t.replace("*", " ").split():
            if tok != "-":
                named.add(Card.parse(tok).index)
    for tok in foundations.split():
        if tok != "-":
            top = Card.parse(tok)
            named.update(Card(rank, top.suit).index for rank in range(1, top.rank + 1))
    rest = " ".join(c.text() for c in ALL_CARDS if c.index not in named)
    cols = [c.replace("*", rest).strip() or "-" for c in columns]
    cell_toks += ["-"] * (r.cells - len(cell_toks))
    text = (
        f"freecell {r.text()} | tableau {' / '.join(cols)} | cells {' '.join(cell_toks)}"
        f" | foundations {foundations}"
    )
    return parse_text(text)


def code(game: FreeCell, move: str) -> str | None:
    """The reason code for ``move`` (move text) in ``game``, None when legal."""
    reason = game.explain(Move.parse(move))
    return None if reason is None else reason.code


EMPTY6 = ["-"] * 6
"""Six empty columns, to pad a board description."""
