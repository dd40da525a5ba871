"""Helpers for the TriPeaks tests: PySolFC's golden deals and positions made from deals by
editing their text."""

from __future__ import annotations

from pathlib import Path

from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.notation import format_text, parse_text

DATA = Path(__file__).parents[2] / "data" / "tripeaks"


def read_golden() -> list[tuple[int, str, list[str], str, list[str]]]:
    """Per golden deal: (number, PySolFC's generator, the 28 places' tokens, the waste's card,
    the stock top to bottom)."""
    lines = [
        ln
        for ln in (DATA / "pysol_deals.txt").read_text().splitlines()
        if ln.strip() and not ln.startswith("#")
    ]
    out = []
    for head, places, waste, stock in zip(
        lines[::4], lines[1::4], lines[2::4], lines[3::4], strict=True
    ):
        number, generator = head.split()
        assert places.startswith("  places ")
        assert waste.startswith("  waste ")
        assert stock.startswith("  stock ")
        out.append(
            (
                int(number),
                generator,
                places.split()[1:],
                waste.split()[1],
                stock.split()[1:],
            )
        )
    return out


def swapped(game: TriPeaks, a: str, b: str, rules: TriPeaksRules | None = None) -> TriPeaks:
    """``game``'s position with cards ``a`` and ``b`` changing places (each keeping the face
    of the place it goes to), under ``rules`` (the game's when None)."""
    text = format_text(game)
    if rules is not None:
        text = text.replace(game.rules.text(), rules.text(), 1)
    out = []
    for tok in text.split():
        up = tok.upper()
        if up in (a, b):
            other = b if up == a else a
            tok = other[:-1] + (other[-1] if tok[-1].isupper() else other[-1].lower())
        out.append(tok)
    return parse_text(" ".join(out))


def edited(game: TriPeaks, gone: list[str], rules: TriPeaksRules | None = None) -> TriPeaks:
    """``game``'s position with the table cards ``gone`` taken to the top of the waste (in that
    order), the face of the others left as they are (all face up in open rules); under
    ``rules`` (the game's when None)."""
    text = format_text(game)
    if rules is not None:
        text = text.replace(game.rules.text(), rules.text(), 1)
    head, table, waste, stock = text.split("|")
    toks = ["--" if t.upper() in gone else t for t in table.split()]
    if rules is not None and rules.open:
        toks = [t.upper() for t in toks]
    return parse_text(f"{head}| {' '.join(toks)} | {waste.strip()} {' '.join(gone)} |{stock}")
