"""How the page plays, whatever the game (issue 27, items 1, 4, 5, 8, 9), in Debian's chromium:
Restart is a step Undo takes back and nothing else drops a game unasked; the table fits every
window (long columns close up, short ones open up, never a card under the bar, covered cards'
strips at least 24 px where the height allows); in Klondike what lights is where a card lands;
FreeCell's free cells and foundations are set apart, and its "Max run" counter is the longest
group that can move onto a card."""

from __future__ import annotations

import contextlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from kosynka.web.games import adapter_of
from tests.web.web_helpers import wait_moves, web_games

DATA = Path(__file__).parent / "data"
LONG: dict[str, Any] = json.loads((DATA / "long_columns.json").read_text())
"""A game of each kind whose columns have grown long (see its ``about``)."""

PAGES = {
    "klondike": ("/", "kosynka.game.v1"),
    "freecell": ("/freecell", "kosynka.game.v1.freecell"),
    "spider": ("/spider/4-suits", "kosynka.game.v1.spider-4"),
    "pyramid": ("/pyramid", "kosynka.game.v1.pyramid"),
    "tripeaks": ("/tripeaks", "kosynka.game.v1.tripeaks"),
}
"""Each game's page and the key it keeps its game under."""

PHONE = (360, 740)


def phone(page_factory: Any, game: str, record: dict[str, Any], touch: bool = True) -> Any:
    """``game``'s page on a 360 x 740 phone (a touch screen, no motion) playing ``record``."""
    return page_factory(
        PAGES[game][0], width=PHONE[0], height=PHONE[1], storage=saved(game, record),
        motion="reduce", touch=touch,
    )  # fmt: skip


def long_record(game: str, moves: int | None = None) -> dict[str, Any]:
    """The record of :data:`LONG`'s ``game`` (its first ``moves`` moves); for a game it has
    none of (a table made of places, no columns to grow), :func:`played_record`."""
    if game not in LONG:
        return played_record(game)
    g = LONG[game]
    return {
        "game": game,
        "rules": g["rules"],
        "deal": {"number": g["deal"], "numbering": g["numbering"], "source": "chosen"},
        "moves": g["moves"][:moves],
    }


def played_record(game: str, deal: int = 42, moves: int = 12) -> dict[str, Any]:
    """A record of ``game`` at ``deal`` (its pages' numbering, its default rules) with up to
    ``moves`` moves, each the engine's first legal move, played while the game goes on."""
    adapter = adapter_of(game)
    assert adapter is not None
    model = adapter.rules_model()
    numbering = adapter.page_numbering
    g = adapter.spec.deal(deal, adapter.rules_of(model), numbering)
    played: list[str] = []
    while len(played) < moves and g.outcome() is None:
        move = next(iter(g.legal_moves))
        g.push(move)
        played.append(str(move))
    return {
        "game": game,
        "rules": model.model_dump(),
        "deal": {"number": deal, "numbering": numbering, "source": "chosen"},
        "moves": played,
    }


def saved(game: str, record: dict[str, Any]) -> dict[str, Any]:
    """Storage holding ``record`` as ``game``'s game in progress."""
    return {PAGES[game][1]: {"record": record, "counted": True}}


def table(page: Any) -> list[tuple[str, str, str]]:
    """Every card on the table: the card (or the key of a face-down one), its pile and its
    place in the pile."""
    rows = page.evaluate(
        """() => [...document.querySelectorAll('#board .card')].map(
             e => [e.dataset.card || e.dataset.key, e.dataset.pile, e.dataset.index])"""
    )
    return sorted((a, b, c) for a, b, c in rows)


# ---------------------------------------------------------------------------- item 1
@pytest.mark.parametrize("game", web_games())
def test_restart_is_a_step_that_undo_takes_back(page_factory: Any, game: str) -> None:
    """On a phone (touch): Restart, then Undo brings the game back exactly; Redo (Ctrl+Y)
    restarts again and Ctrl+Z undoes that; moves played after a restart are undone first, then
    the restart; reloads in between keep it all."""
    record = long_record(game)
    n = len(record["moves"])
    page = phone(page_factory, game, record)
    wait_moves(page, n)
    before = table(page)
    page.tap("#btn-restart")
    wait_moves(page, 0)
    expect(page.locator("#btn-undo")).to_be_enabled()
    page.tap("#btn-undo")
    wait_moves(page, n)
    assert table(page) == before
    page.keyboard.press("Control+y")  # Redo: the restart again
    wait_moves(page, 0)
    page.keyboard.press("Control+z")
    wait_moves(page, n)
    assert table(page) == before
    page.tap("#btn-restart")
    wait_moves(page, 0)
    if game != "freecell":  # a move after the restart (draw, or deal a row)
        page.keyboard.press("d")
        wait_moves(page, 1)
        page.tap("#btn-undo")
        wait_moves(page, 0)
    for _ in range(2):  # what a reload reads back, the next one reads back too
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        wait_moves(page, 0)
    page.tap("#btn-undo")
    wait_moves(page, n)
    assert table(page) == before
    page.tap("#btn-redo")  # the restart again, and then the move made after it
    wait_moves(page, 0)
    if game != "freecell":
        page.tap("#btn-redo")
        wait_moves(page, 1)
    assert not page.js_errors


def test_new_deal_and_the_draw_switch_ask_first(page_factory: Any) -> None:
    """New deal and Draw 3 on a game in progress ask before a new deal; Cancel changes nothing
    (not even the Draw option kept for the next visit)."""
    record = long_record("klondike", 40)
    page = phone(page_factory, "klondike", record)
    wait_moves(page, 40)
    before = table(page)
    page.tap("#btn-new")
    expect(page.locator("#dlg-confirm")).to_be_visible()
    page.locator("#dlg-confirm button[value='no']").tap()
    page.tap("#btn-more")
    page.locator("#draw3").tap()
    expect(page.locator("#dlg-confirm")).to_be_visible()
    page.locator("#dlg-confirm button[value='no']").tap()
    page.wait_for_timeout(200)
    assert page.inner_text("#c-moves") == "40" and table(page) == before
    assert page.get_attribute("#draw1", "aria-pressed") == "true"
    options = page.evaluate("() => JSON.parse(localStorage.getItem('kosynka.options.v1') || '{}')")
    assert options.get("draw", 1) == 1
    assert not page.js_errors


def test_the_suit_count_switch_keeps_the_game_in_play(page_factory: Any) -> None:
    """Spider: 2 suits from a 4-suit game in progress opens the 2-suit page (a game of its
    own) without a word, and 4 suits brings the 4-suit game back as it was."""
    record = long_record("spider")
    n = len(record["moves"])
    page = phone(page_factory, "spider", record)
    wait_moves(page, n)
    before = table(page)
    page.tap("#btn-more")
    page.locator("#suits2").tap()
    page.wait_for_url("**/spider/2-suits**")
    page.wait_for_selector("body[data-ready='1']")
    page.tap("#btn-more")
    page.locator("#suits4").tap()
    page.wait_for_url("**/spider/4-suits**")
    page.wait_for_selector("body[data-ready='1']")
    wait_moves(page, n)
    assert table(page) == before
    assert not page.js_errors


# ---------------------------------------------------------------------------- item 4
_LAYOUT = """() => {
  const bar = document.querySelector('.bar').getBoundingClientRect();
  const floor = bar.height > bar.width ? innerHeight : bar.top;
  const cards = [...document.querySelectorAll('#board .card')];
  const low = cards.filter(c => c.getBoundingClientRect().bottom > floor + 0.5)
    .map(c => c.dataset.key);
  const strips = [], unreadable = [], blocked = [];
  const piles = [...new Set(cards.map(c => c.dataset.pile))].filter(p => /^c\\d+$/.test(p));
  for (const pile of piles) {
    const cs = cards.filter(c => c.dataset.pile === pile)
      .sort((a, b) => a.dataset.index - b.dataset.index);
    cs.forEach((c, k) => {
      if (!c.classList.contains('up')) return;
      const r = c.getBoundingClientRect();
      const shown = k + 1 < cs.length ? cs[k + 1].getBoundingClientRect().top - r.top : r.height;
      if (k + 1 < cs.length) {
        strips.push(shown);
        for (const m of ['.r', '.i']) {
          if (c.querySelector(m).getBoundingClientRect().bottom - r.top > shown + 0.5)
            unreadable.push(`${c.dataset.card} ${m}`);
        }
      }
      // A tap in the middle of what shows of the card reaches the card.
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + shown / 2);
      if (!hit || hit.closest('.card') !== c) blocked.push(c.dataset.card);
    });
  }
  return {
    scroll: document.documentElement.scrollHeight - innerHeight,
    wide: document.documentElement.scrollWidth - innerWidth,
    low, unreadable, blocked,
    minStrip: Math.min(...strips), maxStrip: Math.max(...strips),
  };
}"""

_LAID_OUT = """() => {
  const board = document.getElementById('board');
  const bar = document.querySelector('.bar').getBoundingClientRect();
  const room = innerHeight - (board.getBoundingClientRect().top + scrollY)
    - (bar.height > bar.width ? 0 : bar.height);
  return Math.abs(parseFloat(board.style.height) - Math.floor(room)) <= 1;
}"""
"""True once the table has been laid out for the window's size (it takes the height down to
the bar)."""

STRIP_AT_LEAST = {
    "klondike": {(360, 740): 24, (1280, 800): 24, (1280, 600): 24, (740, 360): 12},
    "freecell": {(360, 740): 24, (1280, 800): 24, (1280, 600): 16, (740, 360): 12},
    "spider": {(360, 740): 24, (1280, 800): 24, (1280, 600): 24, (740, 360): 12},
}
"""The least strip a covered face-up card shows, by game and window. 24 px wherever the height
allows it: not FreeCell's 17-card column at 1280 x 600 (16 strips of 24 px and a card need more
than the 410 px below its top row even with 28 px cards), nor a phone on its side (312 px in
all); there each strip still shows the card's rank and suit."""


@pytest.mark.parametrize("game", web_games())
def test_the_table_fits_every_window(page_factory: Any, game: str, artifacts: Path) -> None:
    """A game with long columns on a phone (touch), then the same page at 1280 x 800, a short
    1280 x 600 and a phone on its side: the page never scrolls, no card lies under the bar or
    below the screen, every card takes a tap where it shows, and covered face-up cards show
    their rank and suit on strips at least 24 px tall where the height allows; on the phone,
    with room to spare, the strips open up beyond that."""
    record = long_record(game)
    page = phone(page_factory, game, record)
    wait_moves(page, len(record["moves"]))
    for size in [PHONE, (1280, 800), (1280, 600), (740, 360)]:
        if size != PHONE:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            with contextlib.suppress(PlaywrightError):  # else measured as it stands
                page.wait_for_function(_LAID_OUT, timeout=5000)
        got = page.evaluate(_LAYOUT)
        page.screenshot(path=str(artifacts / f"fits-{game}-{size[0]}x{size[1]}.png"))
        assert got["scroll"] <= 0 and got["wide"] <= 0, (size, got)
        assert not got["low"], (size, got)
        assert not got["blocked"], (size, got)
        assert not got["unreadable"], (size, got)
        if game not in STRIP_AT_LEAST:  # a table made of places: no columns, no strips
            continue
        assert got["minStrip"] >= STRIP_AT_LEAST[game][size], (size, got)
        if size == PHONE:
            assert got["maxStrip"] >= 28, got  # opened up into the room below
    assert not page.js_errors


# ---------------------------------------------------------------------------- item 5
def test_klondike_lights_the_foundation_a_card_lands_on(page_factory: Any) -> None:
    """Deal 378: no ace is home, the ace of hearts is in column 4. The hint and a tap on the ace
    light the first foundation (the slots take suits in the order their aces come home, so not
    the third one, hearts' place in suit order), and the ace lands on the lit slot."""
    page = page_factory("/klondike/draw-1/deal/378", motion="reduce")
    page.click("#btn-hint")
    glow = page.locator("#board .hinted")
    expect(glow).to_have_count(2)
    assert sorted(
        page.evaluate(
            "() => [...document.querySelectorAll('#board .hinted')]"
            ".map(e => e.dataset.card || e.dataset.pile)"
        )
    ) == ["AH", "f0"]
    ace = page.locator('#board .card[data-card="AH"]')
    ace.click(position={"x": 10, "y": 8})
    expect(page.locator("#board .target")).to_have_count(2)  # home, or onto the 2 of clubs
    lit = page.evaluate(
        "() => [...document.querySelectorAll('#board .target')].map(e => e.dataset.pile)"
    )
    assert sorted(lit) == ["c0", "f0"], lit
    lit = page.locator('#board .target[data-pile="f0"]')
    where = lit.bounding_box()
    lit.click()
    expect(ace).to_have_attribute("data-pile", "f0")
    got = ace.bounding_box()
    assert abs(got["x"] - where["x"]) <= 1 and abs(got["y"] - where["y"]) <= 1, (got, where)
    assert not page.js_errors


# ---------------------------------------------------------------------------- items 8 and 9
_TOP_ROW = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const slots = (p) => [...document.querySelectorAll(`#board .slot[data-pile^="${p}"]`)]
    .filter(s => !s.hidden).map(box).sort((a, b) => a.x - b.x);
  const frame = (n) => { const f = document.querySelector(`#board .frame.${n}`);
    return f && !f.hidden ? {...box(f), bg: getComputedStyle(f).backgroundColor,
                             ring: getComputedStyle(f).boxShadow} : null; };
  const marks = [...document.querySelectorAll('#board .slot[data-pile^="f"]')]
    .filter(s => !document.querySelector(`#board .card[data-pile="${s.dataset.pile}"]`))
    .map(s => { const u = s.querySelector('use'); return u ? u.getAttribute('href') : null; });
  return {cells: slots('cell'), homes: slots('f'), cellFrame: frame('cells'),
          homeFrame: frame('homes'), marks};
}"""


def _freecell_record(moves: list[str]) -> dict[str, Any]:
    return {
        "game": "freecell",
        "rules": {"cells": 4, "foundation_return": True},
        "deal": {"number": 15, "numbering": "ms", "source": "chosen"},
        "moves": moves,
    }


def test_freecell_cells_and_foundations_set_apart(page_factory: Any) -> None:
    """Cells filled and foundations started, on a phone and a desktop: the two groups stand in
    frames of their own that look different and do not touch, with a gap between the groups
    wider than the gaps inside them; empty foundations keep their suit marks."""
    page = phone(page_factory, "freecell", long_record("freecell"), touch=False)
    wait_moves(page, len(LONG["freecell"]["moves"]))
    for size in [PHONE, (1280, 800)]:
        if size != PHONE:
            page.set_viewport_size({"width": size[0], "height": size[1]})
            with contextlib.suppress(PlaywrightError):
                page.wait_for_function(_LAID_OUT, timeout=5000)
        top = page.evaluate(_TOP_ROW)
        cells, homes, cf, hf = top["cells"], top["homes"], top["cellFrame"], top["homeFrame"]
        assert len(cells) == 4 and len(homes) == 4, top
        inside = max(b["x"] - a["r"] for a, b in itertools.pairwise(cells))
        between = homes[0]["x"] - cells[-1]["r"]
        assert between >= max(12, 2 * inside), (size, top)
        assert cf and hf, top
        for frame, group in ((cf, cells), (hf, homes)):  # each frame shows around its group
            assert frame["x"] <= group[0]["x"] - 2 and frame["r"] >= group[-1]["r"] + 2, top
            assert frame["y"] <= group[0]["y"] - 2 and frame["b"] >= group[0]["b"] + 2, top
        assert cf["r"] < hf["x"] - 4, top  # the frames do not touch
        assert (cf["bg"], cf["ring"]) != (hf["bg"], hf["ring"]), top
        assert sorted(top["marks"]) == ["#s-C", "#s-D", "#s-S"], top  # hearts' ace is home
    assert not page.js_errors


def test_freecell_max_run_is_what_can_move_onto_a_card(
    page_factory: Any, freecell_line: list[str]
) -> None:
    """Mid-game with 3 free cells and 4 empty columns the supermove rule allows 64 cards, but
    no run onto a card is longer than 12: the counter says 12. After the win: 0."""
    line = freecell_line
    page = page_factory(
        "/freecell", storage=saved("freecell", _freecell_record(line[:68])), motion="reduce"
    )
    wait_moves(page, 68)
    assert page.inner_text("#c-free") == "3"
    expect(page.locator("#c-longest")).to_have_text("12")
    assert not page.js_errors
    won = page_factory(
        "/freecell", storage=saved("freecell", _freecell_record(line)), motion="reduce"
    )
    wait_moves(won, len(line))
    expect(won.locator("#c-longest")).to_have_text("0")
    assert not won.js_errors
