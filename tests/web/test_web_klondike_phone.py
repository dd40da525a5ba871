"""The Klondike page on a phone (upright and on its side) and on a desktop, in Russian and
English, measured from the page: a compact header with the counters (one row on a phone on its
side, the counters in a row of their own on a phone upright), every control at least 44 x 44
px, a bottom bar that never wraps, messages that never cover a button, columns never under the
bar, covered cards that still show rank and suit (the columns and the Draw 3 fan), and pile
labels that say what lies there."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.klondike_web import SIZES, record, saved

DATA = Path(__file__).parent / "data"
LINE: list[str] = json.loads((DATA / "deal9_draw1_win.json").read_text())["moves"]
COLLECT_AT = 87
"""After this many moves of the recorded line of deal 9 every card is face up: Collect shows."""


# Boxes of what the tests measure, read in one go: [x, y, width, height].
_CONTROLS = """() => [...document.querySelectorAll(
    'header button, header a, header select, footer button, .status button, .status a')]
  .filter(e => e.offsetParent !== null && !e.closest('[hidden]'))
  .map(e => { const r = e.getBoundingClientRect();
              const name = e.id || e.textContent.trim() || e.className;
              return [name, r.x, r.y, r.width, r.height]; })"""


def controls(page: Any) -> list[tuple[str, float, float, float, float]]:
    return [tuple(c) for c in page.evaluate(_CONTROLS)]


def box(page: Any, selector: str) -> dict[str, float]:
    got: dict[str, float] = page.locator(selector).bounding_box()
    return got


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw - 0.5 and bx < ax + aw - 0.5 and ay < by + bh - 0.5 and by < ay + ah - 0.5


@pytest.mark.parametrize("locale", ["ru-RU", "en-US"])
@pytest.mark.parametrize("size", SIZES)
def test_one_header_row_44px_controls_one_bar_row_and_messages_clear_of_buttons(
    page_at: Any, size: tuple[int, int], locale: str, artifacts: Path
) -> None:
    """With Collect on show (all cards face up) and the longest labels (Russian)."""
    width, height = size
    storage = saved(record(9, LINE[:COLLECT_AT]))
    page = page_at("/", width, height, locale, storage=storage)
    page.locator("#btn-collect").wait_for(state="visible")
    header = box(page, "header.top")
    status = box(page, ".status")
    phone = width < 600 or height < 600
    upright = width <= 560
    # The counters are in the header; on a phone on its side the header is one row of 44 px
    # controls, on a phone upright a row of controls over a row of counters (issue 40: one row
    # had no room to show them whole).
    assert (
        status["y"] >= header["y"]
        and status["y"] + status["height"] <= header["y"] + header["height"]
    )
    assert header["height"] <= (88 if upright else 56 if phone else 96), header
    if upright:
        assert status["y"] >= header["y"] + 44 and status["height"] <= 40
    elif phone:
        assert status["y"] < header["y"] + 12 and status["height"] <= 44
    found = controls(page)
    page.click("#btn-more") if phone else None
    found += controls(page) if phone else []
    small = [c for c in found if c[3] < 44 or c[4] < 44]
    assert not small, small
    offscreen = [c for c in found if c[1] < 0 or c[1] + c[3] > width + 0.5]
    assert not offscreen, offscreen
    if phone:
        page.click("#btn-more")
    # The bar: one row (or one column at the side), no label spilling out of its button.
    bar = page.evaluate(
        """() => [...document.querySelectorAll('footer.bar button')].filter(b => b.offsetParent)
           .map(b => { const r = b.getBoundingClientRect();
                       return [b.id, Math.round(r.top), Math.round(r.left),
                               b.scrollWidth <= b.clientWidth + 1]; })"""
    )
    assert "btn-collect" in [b[0] for b in bar]
    side = box(page, "footer.bar")["height"] > box(page, "footer.bar")["width"]
    lines = {b[2] for b in bar} if side else {b[1] for b in bar}
    assert len(lines) == 1, bar
    assert all(b[3] for b in bar), bar
    # A message (a hint) stays clear of every button.
    page.keyboard.press("h")
    page.wait_for_selector("#toast.show")
    page.wait_for_timeout(300)
    toast = box(page, "#toast")
    t = (toast["x"], toast["y"], toast["width"], toast["height"])
    covered = [c[0] for c in controls(page) if overlaps(t, c[1:])]
    assert not covered, covered
    # No card lies under the bar.
    b = box(page, "footer.bar")
    bar_box = (b["x"], b["y"], b["width"], b["height"])
    cards = page.evaluate(
        """() => [...document.querySelectorAll('#board .card')].map(e => {
             const r = e.getBoundingClientRect();
             return [e.dataset.key, r.x, r.y, r.width, r.height]; })"""
    )
    under = [c[0] for c in cards if overlaps(tuple(c[1:]), bar_box)]
    assert not under, under
    # And every column's bottom is on screen, above the bar (or beside it), without scrolling.
    floor = height if side else b["y"]
    below = [c[0] for c in cards if c[2] + c[4] > floor + 0.5]
    assert not below, below
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(artifacts / f"klondike-{width}x{height}-{locale[:2]}.png"))
    assert not page.js_errors


def _corner_fits(page: Any, pile: str, axis: str, marks: tuple[str, str]) -> list[str]:
    """The covered face-up cards of ``pile`` whose marks (rank, suit) do not lie within the
    strip the next card leaves uncovered (``axis`` "y": covered from below, "x": from the
    right)."""
    bad: list[str] = page.evaluate(
        """([pile, axis, marks]) => {
          const cards = [...document.querySelectorAll(`#board .card.up[data-pile="${pile}"]`)]
            .sort((a, b) => a.dataset.index - b.dataset.index);
          const bad = [];
          for (let k = 0; k + 1 < cards.length; k++) {
            const r = cards[k].getBoundingClientRect(), n = cards[k + 1].getBoundingClientRect();
            const strip = axis === 'y' ? n.top - r.top : n.left - r.left;
            for (const m of marks) {
              const e = cards[k].querySelector(m).getBoundingClientRect();
              const end = axis === 'y' ? e.bottom - r.top : e.right - r.left;
              const inside = e.left >= r.left - 0.5 && e.right <= r.right + 0.5
                && e.top >= r.top - 0.5;
              if (!(inside && end <= strip + 0.5 && e.width > 4 && e.height > 4))
                bad.push(`${cards[k].dataset.card} ${m}: ${end.toFixed(1)} of ${strip.toFixed(1)}`);
            }
          }
          return bad;
        }""",
        [pile, axis, list(marks)],
    )
    return bad


@pytest.mark.parametrize("size", SIZES)
def test_covered_cards_show_rank_and_suit(page_at: Any, size: tuple[int, int]) -> None:
    """In the columns (covered from below: the rank and the suit at the top right show), and in
    Draw 3's fanned waste (covered from the right: the rank and the suit under it show)."""
    page = page_at("/", *size, storage=saved(record(9, LINE[:COLLECT_AT])))
    up = page.locator("#board .card.up[data-pile^='c']").count()
    assert up >= 20
    for i in range(7):
        assert not _corner_fits(page, f"c{i}", "y", (".r", ".i")), i
    fan = page_at("/klondike/draw-3/deal/12345", *size)
    fan.keyboard.press("d")
    fan.locator('#board .card[data-pile="waste"]').nth(2).wait_for()
    assert fan.locator('#board .card[data-pile="waste"]').count() == 3
    fan.wait_for_timeout(100)
    assert not _corner_fits(fan, "waste", "x", (".r", ".k"))


def slot_labels(page: Any) -> dict[str, str]:
    got: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board .slot:not([hidden])')]
             .map(s => [s.dataset.pile, s.getAttribute('aria-label')]))"""
    )
    return got


def test_pile_labels_say_what_lies_there(page_at: Any) -> None:
    page = page_at("/klondike/draw-1/deal/9")
    labels = slot_labels(page)
    assert labels["c6"] == "column 7: ace of diamonds on six face-down cards"
    assert labels["c0"] == "column 1: nine of diamonds"
    ru = page_at("/", 360, 740, "ru-RU", storage=saved(record(9, LINE[:20])))
    labels = slot_labels(ru)
    assert labels["c6"] == (
        "столбец 7: десятка пик на валете бубен на даме треф на короле бубен"
        " на четырёх закрытых картах"
    )
    assert labels["c2"] == "столбец 3: восьмёрка треф на одной закрытой карте"
    assert labels["waste"] == "сброс: сверху пятёрка бубен, 7 карт"
    # The foundations in the order their aces came: diamonds, then spades.
    assert labels["f0"] == "дом: сверху туз бубен, 1 карта"
    assert labels["f1"] == "дом: сверху шестёрка пик, 6 карт"
    assert labels["f2"] == "пустой дом"
    en = page_at("/", storage=saved(record(9, LINE[:COLLECT_AT])))
    labels = slot_labels(en)
    assert labels["c3"] == "empty column 4"
    assert labels["c1"] == "column 2: nine of hearts"
    assert labels["c2"] == "column 3: jack of hearts on queen of spades on king of hearts"
    # Never "empty" over cards, in either language.
    for page_ in (page, ru, en):
        filled = page_.evaluate(
            """() => [...document.querySelectorAll('#board .slot:not([hidden])')]
                 .filter(s => document.querySelector(
                    `#board .card[data-pile="${s.dataset.pile}"]`))
                 .map(s => s.getAttribute('aria-label'))"""
        )
        assert filled and not [x for x in filled if "empty" in x or "пуст" in x], filled


LONG_AT = 76
"""After this many moves of deal 9's line, column 1 runs from a king down to a three: at
1280 x 800 its usual fan would run past the foot of the screen, and the page must not scroll."""


def test_a_column_taller_than_the_screen_closes_up_clear_of_the_bar(page_at: Any) -> None:
    """The table fits the screen: the page does not scroll, the bar stays at the foot of the
    screen, no card lies under it, the long column closes up with each covered card still
    showing a strip at least 24 px tall, and the column's last card takes a tap on its top
    strip (the page does not grow with the column)."""
    page = page_at("/", 1280, 800, storage=saved(record(9, LINE[:LONG_AT])))
    page.locator('#board .card[data-card="3H"]').wait_for()
    height = page.evaluate("() => window.innerHeight")
    assert page.evaluate("() => document.documentElement.scrollHeight") <= height
    b = box(page, "footer.bar")
    assert abs(b["y"] + b["height"] - height) <= 1, b  # the bar is at the foot of the screen
    cards = page.evaluate(
        """() => [...document.querySelectorAll('#board .card')].map(e => {
             const r = e.getBoundingClientRect();
             return [e.dataset.key, r.x, r.y, r.width, r.height]; })"""
    )
    under = [
        c[0] for c in cards if overlaps(tuple(c[1:]), (b["x"], b["y"], b["width"], b["height"]))
    ]
    assert not under, under
    assert max(c[2] + c[4] for c in cards) <= b["y"] + 0.5
    column = page.evaluate(
        """() => [...document.querySelectorAll('#board .card.up[data-pile="c0"]')]
             .sort((a, b) => a.dataset.index - b.dataset.index)
             .map(e => e.getBoundingClientRect().top)"""
    )
    assert len(column) == 11, column  # the king down to the three
    strips = [b_ - a for a, b_ in itertools.pairwise(column)]
    assert min(strips) >= 24, strips
    three = box(page, '#board .card[data-card="3H"]')
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.card')?.dataset.card",
        [three["x"] + 12, three["y"] + 6],
    )
    assert hit == "3H"
    assert not page.js_errors
