"""Looks and sound on the page (issue 29, items 3 and 4), in Debian's chromium: a card back,
a table colour and the large-print deck apply as they are chosen, without a reload, and survive
one; large print makes the corner ranks readable at arm's length on a 360 px phone (Spider's
from 13.8 px to over 18) and the covered cards' strips grow to show them; the sound switch
makes the page use Web Audio only when it is on."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.page_extras import SPY_AUDIO, at, open_at, play, won_line

START = at(2026, 12, 1, 9)


LOOKS = """() => {
  const down = document.querySelector('#board .card.down');
  const ranks = [...document.querySelectorAll('#board .card.up[data-pile^="c"] .r')]
    .map(r => parseFloat(getComputedStyle(r).fontSize));
  return {
    back: down ? getComputedStyle(down).backgroundImage : null,
    felt: getComputedStyle(document.body).backgroundImage,
    rank: Math.min(...ranks),
    marker: window.__notReloaded === true,
  };
}"""

# For every face-up card covered by the next card down its column: the strip left showing and
# how far down the card its rank reaches.
STRIPS = """() => {
  const out = [];
  for (let c = 0; c < 10; c++) {
    const cards = [...document.querySelectorAll(`#board .card.up[data-pile="c${c}"]`)]
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    for (let k = 0; k + 1 < cards.length; k++) {
      const top = cards[k].getBoundingClientRect().top;
      out.push([cards[k + 1].getBoundingClientRect().top - top,
                cards[k].querySelector('.r').getBoundingClientRect().bottom - top]);
    }
  }
  return out;
}"""


def options(page: Any) -> None:
    """Open the Options dialog (on a phone, through the menu)."""
    if not page.locator("#btn-options").is_visible():
        page.click("#btn-more")
    page.click("#btn-options")
    expect(page.locator("#dlg-options")).to_be_visible()


def test_a_card_back_a_table_and_large_print_apply_at_once_and_survive_a_reload(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Spider, 4 suits, on a 360 px phone: the red back, the grey table and large print each
    change the page as soon as they are chosen (the page is not loaded again); the ranks grow
    from 13.8 px to over 18 px; after a reload all three are still there."""
    page = open_at(browser, server, contexts, "/spider/4-suits", START, width=360, height=740)
    page.evaluate("() => { window.__notReloaded = true; }")
    before = page.evaluate(LOOKS)
    assert before["rank"] == pytest.approx(13.8, abs=0.6)
    options(page)
    page.select_option("#opt-back", "red")
    after_back = page.evaluate(LOOKS)
    assert after_back["back"] != before["back"] and "rgb(192, 40, 58)" in after_back["back"]
    page.select_option("#opt-felt", "grey")
    after_felt = page.evaluate(LOOKS)
    assert after_felt["felt"] != before["felt"] and "rgb(94, 101, 108)" in after_felt["felt"]
    page.check("#opt-large")
    large = page.evaluate(LOOKS)
    assert large["rank"] >= 18 and large["marker"]
    page.click("#dlg-options button[value=ok]")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    again = page.evaluate(LOOKS)
    assert not again["marker"]  # (it was reloaded)
    assert (again["back"], again["felt"], again["rank"]) == (
        large["back"],
        large["felt"],
        large["rank"],
    )
    assert page.get_attribute("body", "data-back") == "red"
    assert page.get_attribute("body", "data-felt") == "grey"
    assert "large" in (page.get_attribute("body", "class") or "")
    assert not page.js_errors


@pytest.mark.parametrize(
    "path", ["/klondike/draw-1/deal/9", "/freecell/deal/1", "/spider/1-suit/deal/10"]
)
def test_large_print_is_readable_on_a_phone_and_its_strips_show_it(
    browser: Any, server: str, contexts: list[Any], path: str
) -> None:
    """With large print, every game's corner ranks on a 360 px phone are at least 18 px, and
    every face-up card covered by the next shows its whole rank in the strip left visible."""
    storage: dict[str, Any] = {"kosynka.options.v1": {"large": True}}
    if path.startswith("/spider"):
        data = won_line("spider1_deal10_win.json")
        storage["kosynka.game.v1.spider-1"] = {
            "record": {
                "game": "spider",
                "rules": {"suits": 1},
                "deal": {"number": 10, "numbering": "kpat", "source": "chosen"},
                "moves": data["moves"][:20],
            }
        }
        path = "/spider/1-suit"
    if path.startswith("/klondike"):
        data = won_line("deal9_draw1_win.json")
        storage["kosynka.game.v1"] = {
            "record": {
                "game": "klondike",
                "rules": data["rules"],
                "deal": {"number": 9, "numbering": "pysol", "source": "chosen"},
                "moves": data["moves"][:40],
            }
        }
    page = open_at(browser, server, contexts, path, START, width=360, height=740, storage=storage)
    assert page.evaluate(LOOKS)["rank"] >= 18
    strips = page.evaluate(STRIPS)
    assert len(strips) >= 5  # runs are on the table: cards lie on cards
    for shown, needed in strips:
        assert shown >= needed - 0.5, strips
    assert not page.js_errors


def test_the_sound_switch_makes_the_page_use_its_audio_only_when_on(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Sound is off by default: moves make no AudioContext and no audio node. Switched on in
    the options, the next move makes its sound (nodes on one context); switched off, no more;
    on again and reloaded, nothing sounds until the next move."""
    page = open_at(
        browser, server, contexts, "/klondike/draw-1/deal/76?passes=1", START, init_script=SPY_AUDIO
    )
    audio = lambda: page.evaluate("() => window.__audio")  # noqa: E731
    assert not page.is_checked("#opt-sound")
    play(page, "AH>f")
    play(page, "s")
    assert audio() == {"contexts": 0, "nodes": 0}
    options(page)
    page.check("#opt-sound")
    page.click("#dlg-options button[value=ok]")
    assert audio() == {"contexts": 0, "nodes": 0}  # the switch itself plays nothing
    play(page, "s")
    on = audio()
    assert on["contexts"] == 1 and on["nodes"] >= 3
    play(page, "s")
    assert audio()["nodes"] > on["nodes"] and audio()["contexts"] == 1
    options(page)
    page.uncheck("#opt-sound")
    page.click("#dlg-options button[value=ok]")
    off = audio()
    play(page, "6C>2")
    assert audio() == off
    options(page)
    page.check("#opt-sound")
    page.click("#dlg-options button[value=ok]")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert audio() == {"contexts": 0, "nodes": 0}
    play(page, "5D>2")
    assert audio()["contexts"] == 1 and audio()["nodes"] >= 3
    assert not page.js_errors
