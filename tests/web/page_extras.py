"""What the tests of issue 29's page parts share (daily deals, scores, looks, sound, the win): a
page opened in a fresh browser context with a fake clock and what it watches, moves made as a
player makes them, and games one move from a win."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from kosynka.library.daily import daily_deal
from tests.web.web_helpers import wait_moves

DATA = Path(__file__).parent / "data"

# The sounds the page asks for, counted: every AudioContext made and every node made on one
# (the real Web Audio of the browser underneath; the page cannot tell).
SPY_AUDIO = """
window.__audio = {contexts: 0, nodes: 0};
(() => {
  const Real = window.AudioContext || window.webkitAudioContext;
  if (!Real) return;
  const make = ['createOscillator', 'createGain', 'createBufferSource', 'createBiquadFilter',
    'createBuffer'];
  class Spy extends Real {
    constructor(...a) {
      super(...a);
      window.__audio.contexts += 1;
      for (const f of make) {
        const real = this[f].bind(this);
        this[f] = (...x) => { window.__audio.nodes += 1; return real(...x); };
      }
    }
  }
  window.AudioContext = Spy;
  window.webkitAudioContext = Spy;
})();
"""

# Whether the cascade's canvas was ever on the page.
WATCH_CASCADE = """
window.__cascade = false;
new MutationObserver(() => { if (document.getElementById('cascade')) window.__cascade = true; })
  .observe(document, {childList: true, subtree: true});
"""


def at(year: int, month: int, day: int, hour: int = 12) -> datetime.datetime:
    """A moment in UTC."""
    return datetime.datetime(year, month, day, hour, tzinfo=datetime.UTC)


def open_at(
    browser: Any,
    server: str,
    contexts: list[Any],
    path: str,
    when: datetime.datetime | None = None,
    *,
    timezone: str = "UTC",
    width: int = 1280,
    height: int = 800,
    locale: str = "en-US",
    storage: dict[str, Any] | None = None,
    motion: str = "reduce",
    init_script: str | None = None,
    paused: bool = False,
) -> Any:
    """A game page at ``path`` in a fresh context whose clock is a fake one set to ``when``
    (Playwright's clock: the page's Date, timers and frames), in ``timezone``; ``paused``
    stops the clock 5 s later (then only :meth:`clock.fast_forward` moves it)."""
    ctx = browser.new_context(
        viewport={"width": width, "height": height},
        locale=locale,
        timezone_id=timezone,
        reduced_motion=motion,
    )
    ctx.set_default_timeout(20000)
    contexts.append(ctx)
    if init_script:
        ctx.add_init_script(init_script)
    if storage:
        script = "".join(
            f"localStorage.setItem({json.dumps(k)}, {json.dumps(json.dumps(v))});"
            for k, v in storage.items()
        )
        ctx.add_init_script(
            f"if (!sessionStorage.getItem('seeded')) {{{script}"
            "sessionStorage.setItem('seeded', '1');}"
        )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.js_errors = errors
    page.still = motion == "reduce"
    if when is not None:
        page.clock.install(time=when)
        if paused:  # a moment after: the installed clock runs meanwhile
            page.clock.pause_at(when + datetime.timedelta(seconds=5))
    page.goto(server + path)
    page.wait_for_selector("body[data-ready='1']")
    return page


def stored(page: Any, key: str) -> Any:
    """A value the page keeps in localStorage, read back as JSON."""
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(key)}))")


def tap_stock(page: Any) -> None:
    """Tap the stock (the pile, or its empty place)."""
    pile = page.locator('#board [data-key="stock"]')
    (pile if pile.count() else page.locator('#board .slot[data-pile="stock"]')).click(
        position={"x": 10, "y": 10}
    )


def card(page: Any, code: str, pile: str | None = None) -> Any:
    """A card element (on ``pile`` when given: a game of two decks repeats cards)."""
    where = f'[data-pile="{pile}"]' if pile else ""
    return page.locator(f'#board .card[data-card="{code}"]{where}').last


def play(page: Any, text: str) -> None:
    """Make a Klondike or FreeCell move as a player does (a double tap sends a card home, a
    tap on a card then on its lit place moves it, a tap on the stock draws), or a Spider one
    (``3:9H>7``: the card of column 3 onto column 7); wait for the move to count."""
    before = int(page.inner_text("#c-moves"))
    if text in ("s", "r"):
        tap_stock(page)
    else:
        src, _, rest = text.rpartition(":")
        code, dest = rest.split(">")
        el = card(page, code, f"c{int(src) - 1}" if src else None)
        if dest == "f":
            el.dblclick(position={"x": 8, "y": 5})
        else:
            el.click(position={"x": 8, "y": 5})
            if dest.isdigit():
                where = f'[data-pile="c{int(dest) - 1}"]'
            elif dest[1:]:  # the free cell named
                where = f'[data-pile="cell{int(dest[1:]) - 1}"]'
            else:  # the first free cell lit
                where = '[data-pile^="cell"]'
            page.locator(f"#board .target{where}").first.click(position={"x": 8, "y": 5})
    wait_moves(page, before + 1)


def new_deal(page: Any, confirm: bool = False) -> None:
    """Ask for a new deal (``confirm``: answer yes to leaving a game in progress) and wait until
    it is on the table: its address changes, and the moves counter shows 0."""
    before = page.url
    page.click("#btn-new")
    if confirm:
        page.click("#dlg-confirm button[value=yes]")
    page.wait_for_function("(old) => location.href !== old", arg=before)
    expect(page.locator("#c-moves")).to_have_text("0")


def score(page: Any) -> int:
    """The score in the top strip."""
    return int(page.inner_text("#c-score"))


def expect_score(page: Any, value: int) -> None:
    """Wait until the top strip shows ``value`` (a move's answer carries the score)."""
    expect(page.locator("#c-score")).to_have_text(str(value))


def daily_line(date: datetime.date, game: str, grade: str, **variant: Any) -> tuple[Any, list[str]]:
    """The deal of the day and the starter library's winning line of it."""
    deal = daily_deal(date, game, grade, variant or None)
    return deal, deal.facts.solution.split()


def daily_saved(deal: Any, moves: list[str], rules: dict[str, Any]) -> dict[str, Any]:
    """A saved game of a deal of the day with ``moves`` made (what the page keeps)."""
    return {
        "record": {
            "game": deal.game,
            "rules": rules,
            "deal": {"number": deal.number, "numbering": deal.numbering, "source": "daily"},
            "moves": moves,
        },
        "counted": True,
        "daily": {"date": deal.date.isoformat(), "grade": deal.grade},
    }


def won_line(name: str) -> dict[str, Any]:
    """A recorded winning line of tests/web/data."""
    data: dict[str, Any] = json.loads((DATA / name).read_text())
    return data


def open_menu_item(page: Any, button: str) -> None:
    """Press a header button (on a phone it stands in the menu, opened first)."""
    if not page.locator(button).is_visible():
        page.click("#btn-more")
    page.click(button)
