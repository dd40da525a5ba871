"""Cards as large as the room allows and a top strip that reads whole (issue 40, items 1 and 2),
in Debian's chromium: every variant on long columns at five window sizes, from a phone upright
to a large desktop, in both languages. The cards are as wide as the columns' share of the width
allows (or the game's largest card, or the height a typical table needs), smaller only once the
longest column, closed up, fills the table down to the bar; nothing lies under the header or the
bar; covered cards show strips of at least 24 px with their rank and suit whole; every counter
shows its label and value whole, apart from the others. The games are made with the Python
rules: random play with fixed seeds, and the long columns of tests/web/data."""

from __future__ import annotations

import contextlib
import functools
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from kosynka import Klondike, KlondikeRules
from kosynka.games.spider import Spider, SpiderRules
from kosynka.solver import solve
from tests.web.page_extras import open_menu_item
from tests.web.web_helpers import wait_moves

DATA = Path(__file__).parent / "data"
LONG: dict[str, Any] = json.loads((DATA / "long_columns.json").read_text())
SIZES = [(360, 740), (390, 844), (768, 1024), (1280, 800), (1920, 1080)]
TARGET = 24
"""The least strip of a covered face-up card (board/geometry.js): every size here has room."""

SPIDER_GAMES = {1: (2213, 4, 0.08), 2: (2213, 93, 0.08), 4: (1, 56, 0.03)}
"""Spider by suit count: the deal, the seed and the chance of dealing a row when a card could
move, of a random game that 120 moves in has a column of 24, 22 and 19 cards, and can go on."""


def spider_line(suits: int, n: int = 120) -> tuple[int, list[str]]:
    """The deal and the first ``n`` moves of :data:`SPIDER_GAMES`' game of ``suits`` suits:
    random card moves, a row dealt now and then (or when no card can move)."""
    deal, seed, chance = SPIDER_GAMES[suits]
    game = Spider(deal, rules=SpiderRules(suits=suits))
    rng = random.Random(seed)
    moves: list[str] = []
    while len(moves) < n:
        legal = game.legal_move_list()
        cards = [m for m in legal if m.card is not None]
        rows = [m for m in legal if m.card is None]
        move = rows[0] if rows and (not cards or rng.random() < chance) else rng.choice(cards)
        game.push(move)
        moves.append(str(move))
    assert not game.is_dead_end() and game.outcome() is None
    return deal, moves


def klondike3_line() -> list[str]:
    """Klondike Draw 3, deal 153: random play that keeps the cards on the table (seed 3), up to
    the first position with a 15-card column (six face-down cards under nine face up)."""
    game = Klondike(153, rules=KlondikeRules(draw=3), numbering="pysol")
    rng = random.Random(3)
    moves: list[str] = []
    while max(len(c) for c in game.view().columns) < 15:
        legal = [m for m in game.legal_move_list() if not str(m).endswith(">f")]
        onto = [m for m in legal if str(m)[-1].isdigit()]
        move = rng.choice(onto) if onto and rng.random() < 0.7 else rng.choice(legal)
        game.push(move)
        moves.append(str(move))
        assert len(moves) < 400
    assert not game.is_dead_end()
    return moves


def saved(key: str, record: dict[str, Any], **more: Any) -> dict[str, Any]:
    """Storage holding ``record`` as the game in progress kept under ``key``."""
    return {key: {"record": record, "counted": True, **more}}


def record(game: str, rules: dict[str, Any], deal: int, numbering: str, moves: list[str]) -> Any:
    return {
        "game": game,
        "rules": rules,
        "deal": {"number": deal, "numbering": numbering, "source": "chosen"},
        "moves": moves,
    }


@functools.cache
def long_game(variant: str) -> tuple[str, dict[str, Any], int]:
    """``variant``'s page, the storage of its long-column game and that game's moves."""
    if variant == "klondike-1":
        k = LONG["klondike"]
        rec = record("klondike", k["rules"], k["deal"], k["numbering"], k["moves"])
        return "/klondike", saved("kosynka.game.v1", rec), len(rec["moves"])
    if variant == "klondike-3":
        rules = {"draw": 3, "passes": None, "foundation_return": True}
        rec = record("klondike", rules, 153, "pysol", klondike3_line())
        return "/klondike", saved("kosynka.game.v1", rec), len(rec["moves"])
    if variant == "freecell":
        f = LONG["freecell"]
        rec = record("freecell", f["rules"], f["deal"], f["numbering"], f["moves"])
        return "/freecell", saved("kosynka.game.v1.freecell", rec), len(rec["moves"])
    suits = int(variant[-1])
    deal, moves = spider_line(suits)
    rec = record("spider", {"suits": suits}, deal, "kpat", moves)
    page = {1: "/spider/1-suit", 2: "/spider/2-suits", 4: "/spider/4-suits"}[suits]
    return page, saved(f"kosynka.game.v1.spider-{suits}", rec), len(moves)


# The table as measured: the card size, the columns' share of the width and the room down to
# the bar, the game's largest card and typical table, each column's steps, and what lies where
# it should not.
_TABLE = """async () => {
  const name = document.documentElement.dataset.game;
  const game = (await import(`/static/js/games/${name}.js`)).default;
  const board = document.getElementById('board');
  const top = board.getBoundingClientRect().top;
  const header = document.querySelector('header.top').getBoundingClientRect();
  const bar = document.querySelector('.bar').getBoundingClientRect();
  const box = (p) => board.querySelector(`.slot[data-pile="${p}"]`).getBoundingClientRect();
  const cards = [...board.querySelectorAll('.card')];
  const out = [];
  for (const e of [...cards, ...board.querySelectorAll('.slot:not([hidden])')]) {
    const r = e.getBoundingClientRect();
    if (r.top < header.bottom - 0.5 || r.bottom > bar.top + 0.5 || r.left < -0.5
        || r.right > innerWidth + 0.5) out.push(e.dataset.card || e.dataset.key || e.dataset.pile);
  }
  const columns = [], unreadable = [];
  for (let i = 0; i < game.width; i++) {
    const cs = cards.filter(c => c.dataset.pile === `c${i}`)
      .sort((a, b) => a.dataset.index - b.dataset.index);
    const steps = cs.slice(1).map((c, k) =>
      c.getBoundingClientRect().top - cs[k].getBoundingClientRect().top);
    const up = cs.filter(c => c.classList.contains('up')).length;
    cs.forEach((c, k) => {
      if (k + 1 === cs.length || !c.classList.contains('up')) return;
      for (const m of ['.r', '.i']) {
        const bottom = c.querySelector(m).getBoundingClientRect().bottom;
        if (bottom - c.getBoundingClientRect().top > steps[k] + 0.5)
          unreadable.push(c.dataset.card + m);
      }
    });
    const strips = steps.slice(cs.length - up);
    columns.push({cards: cs.length, down: cs.length - up,
                  bottom: cs.length ? cs[cs.length - 1].getBoundingClientRect().bottom : 0,
                  strip: strips.length ? Math.min(...strips) : null});
  }
  return {
    n: game.width, tallness: game.tallness, maxCard: game.maxCard || 150,
    cw: box('c0').width, gap: box('c1').left - box('c0').right, W: board.clientWidth,
    H: bar.top - top, barTop: bar.top, outside: out, columns, unreadable,
    scroll: [document.documentElement.scrollWidth - innerWidth,
             document.documentElement.scrollHeight - innerHeight],
  };
}"""

# The counters in the header: each label (the one shown) and value whole, on screen, in the
# header and not covered, apart from the other counters; no text in the header cut with an
# ellipsis.
_STRIP = """() => {
  const header = document.querySelector('header.top').getBoundingClientRect();
  const problems = [];
  const name = (e) => `${e.closest('.ctr').textContent.trim()}: ${e.textContent.trim()}`;
  const ctrs = [...document.querySelectorAll('.status .ctr')].filter(c => c.offsetParent);
  const shown = (e) => { const s = getComputedStyle(e);
                         return s.display !== 'none' && s.position !== 'absolute'; };
  for (const c of ctrs) {
    const parts = [...c.children].filter(shown);
    if (parts.length !== 2 || parts[1].tagName !== 'B') problems.push(`parts ${c.textContent}`);
    for (const e of parts) {
      const r = e.getBoundingClientRect();
      if (!e.textContent.trim() || r.width < 2) problems.push(`empty ${name(e)}`);
      if (getComputedStyle(e).display !== 'inline' && e.scrollWidth > e.clientWidth + 0.5)
        problems.push(`cut ${name(e)}`);
      if (r.left < 0 || r.right > innerWidth || r.top < header.top
          || r.bottom > header.bottom + 0.5) problems.push(`outside ${name(e)}`);
      for (const x of [r.left + 2, (r.left + r.right) / 2, r.right - 2]) {
        const hit = document.elementFromPoint(x, (r.top + r.bottom) / 2);
        if (!hit || !e.contains(hit)) problems.push(`covered ${name(e)}`);
      }
    }
    if (parts.length === 2) {
      const [a, b] = parts.map(e => e.getBoundingClientRect());
      if (!(a.right <= b.left + 0.5 || a.bottom <= b.top + 0.5))
        problems.push(`overlap ${c.textContent}`);
    }
  }
  const boxes = ctrs.map(c => [c.textContent.trim(), c.getBoundingClientRect()]);
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [[p, a], [q, b]] = [boxes[i], boxes[j]];
    const near = (x0, x1, y0, y1) => x0 < y1 + 2 && y0 < x1 + 2;
    if (near(a.left, a.right, b.left, b.right) && near(a.top, a.bottom, b.top, b.bottom))
      problems.push(`touching ${p} / ${q}`);
  }
  for (const e of document.querySelectorAll('header *')) {
    if (e.offsetParent && getComputedStyle(e).textOverflow === 'ellipsis'
        && e.scrollWidth > e.clientWidth + 0.5) problems.push(`ellipsis ${e.textContent.trim()}`);
  }
  return {problems, texts: ctrs.map(c => c.innerText.replace(/\\s+/g, ' '))};
}"""

_LAID_OUT = """() => {
  const board = document.getElementById('board');
  const bar = document.querySelector('.bar').getBoundingClientRect();
  const room = innerHeight - (board.getBoundingClientRect().top + scrollY) - bar.height;
  return Math.abs(parseFloat(board.style.height) - Math.floor(room)) <= 1;
}"""
"""True once the table has been laid out for the header's height (after a change of language)."""


def to_russian(page: Any) -> None:
    """Switch the page to Russian with its language button (on a phone in the menu)."""
    open_menu_item(page, "#btn-lang")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    if page.locator("#more.open").count():
        page.click("#btn-more")
    with contextlib.suppress(PlaywrightError):  # else measured as it stands
        page.wait_for_function(_LAID_OUT, timeout=5000)


def check_table(got: dict[str, Any], where: Any) -> None:
    """The table's measures (``_TABLE``) hold the policy."""
    assert not got["outside"], (where, got["outside"])
    assert got["scroll"][0] <= 0 and got["scroll"][1] <= 0, (where, got["scroll"])
    assert not got["unreadable"], (where, got["unreadable"])
    strips = [c["strip"] for c in got["columns"] if c["strip"] is not None]
    assert min(strips) >= TARGET, (where, got["columns"])
    # As wide as the room allows: the columns' share of the width, the game's largest card,
    # the height a typical table needs; smaller only when the longest column is closed up
    # (strips at the floor) and reaches down to the bar.
    n, gap, cw = got["n"], got["gap"], got["cw"]
    room = min(
        math.floor((got["W"] - (n + 1) * gap) / n),
        got["maxCard"],
        max(math.floor(got["H"] / (1.4 * got["tallness"])), 48),
    )
    if cw < room:
        full = [
            c
            for c in got["columns"]
            if got["barTop"] - c["bottom"] <= 0.05 * got["H"] and (c["strip"] or 0) <= TARGET + 1
        ]
        assert full, (where, cw, room, got["columns"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    "variant", ["klondike-1", "klondike-3", "freecell", "spider-1", "spider-2", "spider-4"]
)
def test_cards_fill_the_room_and_the_strip_reads_whole(
    page_factory: Any, variant: str, size: tuple[int, int]
) -> None:
    path, storage, n = long_game(variant)
    page = page_factory(path, width=size[0], height=size[1], storage=storage, motion="reduce")
    wait_moves(page, n)
    for lang in ("en", "ru"):
        if lang == "ru":
            to_russian(page)
        where = (variant, size, lang)
        got = page.evaluate(_TABLE)
        check_table(got, where)
        if variant == "spider-4" and size == (1280, 800):
            # A laptop keeps Spider's cards large with a 19-card column.
            assert max(c["cards"] for c in got["columns"]) >= 19, got["columns"]
            assert got["cw"] >= 70, (where, got["cw"])
        strip = page.evaluate(_STRIP)
        assert not strip["problems"], (where, strip)
    assert not page.js_errors


@functools.cache
def won_draw3() -> dict[str, Any]:
    """Klondike Draw 3 deal 3 won by the solver's line in 58 seconds: three-digit moves and a
    five-digit score (the time bonus)."""
    line = solve(Klondike(3, rules=KlondikeRules(draw=3), numbering="pysol")).moves
    assert line is not None
    rules = {"draw": 3, "passes": None, "foundation_return": True}
    rec = record("klondike", rules, 3, "pysol", [str(m) for m in line])
    return saved("kosynka.game.v1", rec, wonCounted=True, elapsed=58_000)


WIDEST = {
    "klondike": {"c-moves": "1234", "c-score": "12345", "c-down": "21", "c-pass": "3/3",
                 "c-stock": "24", "c-time": "1:23:45"},
    "spider": {"c-moves": "1234", "c-score": "1234", "c-runs": "8/8", "c-down": "44",
               "c-rows": "5", "c-time": "1:23:45"},
    "freecell": {"c-moves": "1234", "c-score": "1234", "c-home": "52", "c-free": "4",
                 "c-longest": "12", "c-time": "1:23:45"},
}  # fmt: skip
"""Each game's counters at their widest in a long game, written into the strip."""


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("game", ["klondike", "spider", "freecell"])
def test_the_phone_strip_reads_whole(page_factory: Any, game: str, width: int) -> None:
    """On a phone upright, in both languages: Klondike Draw 3 after a win (three-digit moves, a
    five-digit score), Spider 4 suits at the start (score 500, runs 0/8), FreeCell at the
    start; then each with its counters at their widest."""
    if game == "klondike":
        page = page_factory(
            "/klondike", width=width, height=740, storage=won_draw3(), motion="reduce"
        )
        wait_moves(page, len(won_draw3()["kosynka.game.v1"]["record"]["moves"]))
    else:
        path = {"spider": "/spider/4-suits/deal/2213", "freecell": "/freecell/deal/5"}[game]
        page = page_factory(path, width=width, height=740, motion="reduce")
    for lang in ("en", "ru"):
        if lang == "ru":
            to_russian(page)
        got = page.evaluate(_STRIP)
        assert not got["problems"], (game, width, lang, got)
        if game == "klondike":
            assert len(page.inner_text("#c-moves")) == 3 and len(page.inner_text("#c-score")) == 5
        if game == "spider":
            assert (page.inner_text("#c-score"), page.inner_text("#c-runs")) == ("500", "0/8")
        page.evaluate(
            "v => { for (const [k, x] of Object.entries(v))"
            " document.getElementById(k).textContent = x; }",
            WIDEST[game],
        )
        got = page.evaluate(_STRIP)
        assert not got["problems"], (game, width, lang, "widest", got)
    assert not page.js_errors
