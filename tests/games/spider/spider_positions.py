"""Helpers for building Spider test positions from short descriptions."""

from __future__ import annotations

from collections import Counter

from kosynka.cards import ALL_CARDS, Card
from kosynka.games.spider import Move, Spider, parse_text
from kosynka.games.spider.rules import SUITS_IN_PLAY


def full_counts(suits: int) -> Counter[int]:
    """How many of each card index a game with ``suits`` suits holds."""
    copies = 8 // suits
    return Counter({s * 13 + r: copies for s in SUITS_IN_PLAY[suits] for r in range(13)})


def position(columns: list[str], *, stock: str = "", removed: str = "", suits: int = 4) -> Spider:
    """A Spider position from ten column texts (bottom to top, lower-case suit = face down,
    ``-`` = empty, ``*`` = every card not named anywhere else, face down), a stock in dealing
    order and the suit letters of the runs removed. Exactly one column should hold ``*`` unless
    every card is named."""
    assert len(columns) == 10, len(columns)
    left = full_counts(suits)
    for text in [*columns, stock]:
        for tok in text.replace("*", " ").split():
            if tok != "-":
                left[Card.parse(tok).index] -= 1
    for letter in removed.split():
        s = "CDHS".index(letter.upper())
        for r in range(13):
            left[s * 13 + r] -= 1
    assert all(n >= 0 for n in left.values()), {ALL_CARDS[i]: n for i, n in left.items() if n < 0}
    filler = " ".join(
        ALL_CARDS[i].text()[:-1] + ALL_CARDS[i].text()[-1].lower()
        for i in sorted(left)
        for _ in range(left[i])
    )
    if not any("*" in c for c in columns):
        assert not filler, f"cards not placed: {filler}"
    cols = [c.replace("*", filler).strip() or "-" for c in columns]
    text = (
        f"spider suits={suits} | tableau {' / '.join(cols)} | stock {stock or '-'}"
        f" | removed {removed or '-'}"
    )
    return parse_text(text)


def trapped_position() -> Spider:
    """1 suit, six runs removed and a row left, sixteen cards on the table: 2S..KS in column
    1, AS alone in column 2 (it would finish the run), three single cards, five empty
    columns."""
    return position(
        ["KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "5S", "9S", "7S"] + ["-"] * 5,
        stock="AS 2S 3S 4S 6S 8S TS JS QS KS",
        removed="S S S S S S",
        suits=1,
    )


def code(game: Spider, move: str) -> str | None:
    """The reason code ``game`` gives for the move text (None when legal)."""
    reason = game.explain(Move.parse(move))
    return None if reason is None else reason.code


def card_counts(game: Spider) -> Counter[int]:
    """Every card of the game counted by index: the tableau, the stock and each removed run."""
    counts: Counter[int] = Counter()
    for i in range(10):
        counts.update(c.index for c in game.column(i))
    counts.update(c.index for c in game.stock())
    for s in game.removed():
        counts.update(int(s) * 13 + r for r in range(13))
    return counts
