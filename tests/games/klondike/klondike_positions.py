"""Klondike test positions: built from short descriptions, and a known lost one."""

from __future__ import annotations

from kosynka.cards import ALL_CARDS, Card
from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.games.klondike.notation import parse_text
from tests.common import cards


def position(
    columns: list[str],
    *,
    stock: str = "",
    waste: str = "",
    foundations: str = "- - - -",
    rules: KlondikeRules | None = None,
    pass_number: int = 1,
) -> Klondike:
    """A Klondike position from seven column texts (bottom to top, lower-case suit = face
    down, ``*`` = every card not named anywhere else, face down). Unused cards go to ``*``."""
    named: set[int] = set()
    texts = [*columns, stock, waste]
    for t in texts:
        for tok in t.replace("*", " ").split():
            if tok == "-":
                continue
            named.add(Card.parse(tok).index)
    for tok in foundations.split():
        if tok != "-":
            top = Card.parse(tok)
            for r in range(1, top.rank + 1):
                named.add(Card(r, top.suit).index)
    rest = [c for c in ALL_CARDS if c.index not in named]
    filler = " ".join(c.text()[:-1] + c.text()[-1].lower() for c in rest)
    cols = [c.replace("*", filler).strip() or "-" for c in columns]
    if not any("*" in c for c in columns) and rest:
        raise AssertionError(f"cards not placed: {' '.join(map(str, rest))}")
    r = rules or KlondikeRules()
    passes = "unlimited" if r.passes is None else r.passes
    text = (
        f"klondike draw={r.draw} passes={passes} return={'on' if r.foundation_return else 'off'}"
        f" pass={pass_number} | tableau {' / '.join(cols)} | stock {stock or '-'}"
        f" | waste {waste or '-'} | foundations {foundations}"
    )
    return parse_text(text)


def stuck_clubs(return_on: bool = False) -> Klondike:
    """A position that cannot be won: the club ace lies face down under the two, the other
    clubs face down under their king, every other suit home."""
    clubs = " ".join(f"{r}C" for r in "3456789TJQ")
    return Klondike.from_position(
        [cards("AC 2C"), cards(f"{clubs} KC"), [], [], [], [], []],
        [1, 10, 0, 0, 0, 0, 0],
        [],
        [],
        [0, 13, 13, 13],
        rules=KlondikeRules(foundation_return=return_on),
    )
