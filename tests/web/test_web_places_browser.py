"""Tables made of places (Pyramid's rows, TriPeaks' peaks) in a real browser: Debian's chromium
(through Playwright) against ``kosynka serve``. On a phone upright and on a laptop every card is
on screen, at least 32 px wide and large where there is room, and no card covers the corner (rank
and suit) of a card that can be played; a tapped card lights its partners or the waste and a
tap there makes the move; the keyboard moves between the cards that can be played and plays
them; the pages and the rules pages read in English and Russian. The engine follows along to
say which moves there are and where their cards lie."""

from __future__ import annotations

from typing import Any

import pytest

from kosynka.games.base import Game
from kosynka.games.pyramid import Pyramid
from kosynka.games.tripeaks import TriPeaks
from tests.web.test_web_table_sizes import _STRIP, to_russian
from tests.web.web_helpers import tap, wait_moves

SIZES = [(360, 640), (1280, 800)]
DEALS = {"pyramid": 42, "tripeaks": 42}
"""The deal each game is opened at (PySolFC numbers): Pyramid 42 starts with a pair of two
places (8D+5C) and a King alone; TriPeaks 42 with two cards that go on the waste."""


def new_game(name: str) -> Game[Any]:
    """The engine's game the page opens (its default rules)."""
    return Pyramid(DEALS[name]) if name == "pyramid" else TriPeaks(DEALS[name])


def pile_of(page: Any, code: str) -> str:
    """The board's pile where face-up card ``code`` lies: ``p<i>`` for a place, ``stock`` (its
    top card shown) or ``waste``."""
    pile: str = page.locator(f'#board .card[data-card="{code}"]').last.get_attribute("data-pile")
    return pile


def card_el(page: Any, pile: str, code: str) -> Any:
    """A face-up card's element on the board."""
    return page.locator(f'#board .card[data-pile="{pile}"][data-card="{code}"]')


# Every card's box, the header's bottom and the bar's top, and the playable cards (role button)
# whose top-left corner (rank and suit) another element covers.
_CARDS = """() => {
  const board = document.getElementById('board');
  const header = document.querySelector('header.top').getBoundingClientRect();
  const bar = document.querySelector('.bar').getBoundingClientRect();
  const out = [], hidden = [], widths = [];
  for (const e of board.querySelectorAll('.card')) {
    const r = e.getBoundingClientRect();
    const name = e.dataset.card || e.dataset.key;
    widths.push(r.width);
    if (r.top < header.bottom - 0.5 || r.bottom > bar.top + 0.5 || r.left < -0.5
        || r.right > innerWidth + 0.5) out.push(name);
    if (e.getAttribute('role') !== 'button' || !e.classList.contains('up')) continue;
    for (const [fx, fy] of [[0.12, 0.08], [0.2, 0.18]]) {
      const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
      if (!hit || hit.closest('.card') !== e) hidden.push(name);
    }
  }
  return {out, hidden, widths, cards: widths.length,
          scroll: document.documentElement.scrollWidth - innerWidth};
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["pyramid", "tripeaks"])
def test_the_table_fits_and_every_playable_card_reads(
    page_factory: Any, name: str, size: tuple[int, int]
) -> None:
    """Every card on screen and wide enough, big on a laptop, the playable cards' corners
    uncovered, the counters whole; in both languages."""
    width, height = size
    page = page_factory(f"/{name}/deal/{DEALS[name]}", width=width, height=height, motion="reduce")
    game = new_game(name)
    shown = sum(1 for p in game.view().places if p.card is not None or not p.face_up)
    for lang in ("en", "ru"):
        if lang == "ru":
            to_russian(page)
        got = page.evaluate(_CARDS)
        where = (name, size, lang)
        assert got["cards"] >= shown, (where, got["cards"])
        assert not got["out"], (where, got["out"])
        assert not got["hidden"], (where, got["hidden"])
        assert got["scroll"] <= 0, where
        assert min(got["widths"]) >= 32, (where, min(got["widths"]))
        if width >= 1280:
            assert min(got["widths"]) >= 70, (where, min(got["widths"]))
        strip = page.evaluate(_STRIP)
        assert not strip["problems"], (where, strip)
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    assert not page.js_errors


def lit_piles(page: Any) -> set[str]:
    """The piles lit as destinations."""
    piles: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#board .target')].map(e => e.dataset.pile)"
    )
    return set(piles)


def tap_card(page: Any, code: str) -> None:
    """Tap face-up card ``code`` wherever it lies."""
    tap(page, page.locator(f'#board .card[data-card="{code}"]').last, 10, 10)


@pytest.mark.parametrize("width", [360, 1280])
def test_pyramid_a_tap_lights_the_partners_and_a_second_tap_pairs(
    page_factory: Any, width: int
) -> None:
    """Deal 2: the King KS lights its own place and goes on a second tap; 9D lights 4S and a
    tap there removes both; 7S lights the stock's face-up 6S and a tap on the stock pairs
    them. Deal 42: a tap on the stock whose top card is a King (KH) takes the King away."""
    page = page_factory("/pyramid/deal/2", width=width, height=800, motion="reduce")
    game = Pyramid(2)
    assert {"KS", "9D+4S", "7S+6S", "s"} <= {str(m) for m in game.legal_moves}
    k = pile_of(page, "KS")
    tap_card(page, "KS")
    assert lit_piles(page) == {k}
    tap_card(page, "KS")
    wait_moves(page, 1)
    game.push(game.parse_move("KS"))
    assert card_el(page, k, "KS").count() == 0
    for n, (a, b) in enumerate([("9D", "4S"), ("7S", "6S")], start=2):
        pa, pb = pile_of(page, a), pile_of(page, b)
        assert pa.startswith("p")
        partners = {
            pile_of(page, c)
            for m in map(str, game.legal_moves)
            if a in m.split("+")
            for c in m.split("+")
            if c != a
        }
        tap_card(page, a)
        assert lit_piles(page) == partners and pb in partners, (a, b, partners)
        tap(page, page.locator(f'#board [data-pile="{pb}"]').last, 10, 10)
        wait_moves(page, n)
        game.push(game.parse_move(f"{a}+{b}"))
        assert card_el(page, pa, a).count() == 0 and card_el(page, pb, b).count() == 0
    assert pb == "stock"
    assert not page.js_errors

    page = page_factory(f"/pyramid/deal/{DEALS['pyramid']}", width=width, height=800)
    assert pile_of(page, "KH") == "stock" and "KH" in {
        str(m) for m in new_game("pyramid").legal_moves
    }
    tap(page, page.locator('#board [data-pile="stock"]').last, 10, 10)
    wait_moves(page, 1)
    assert page.locator('#board .card[data-card="KH"]').count() == 0
    assert not page.js_errors


@pytest.mark.parametrize("width", [360, 1280])
def test_tripeaks_a_tap_lights_the_waste_and_a_second_tap_plays(
    page_factory: Any, width: int
) -> None:
    """A card one rank from the waste's top lights the waste; tapping the waste plays it, and
    the card is the waste's top card after."""
    page = page_factory(
        f"/tripeaks/deal/{DEALS['tripeaks']}", width=width, height=800, motion="reduce"
    )
    game = new_game("tripeaks")
    text = next(str(m) for m in game.legal_moves if str(m) != "s")
    src = pile_of(page, text)
    assert src.startswith("p")
    tap(page, card_el(page, src, text), 10, 10)
    assert lit_piles(page) == {"waste"}
    tap(page, page.locator('#board .card[data-pile="waste"]').last, 10, 10)
    wait_moves(page, 1)
    page.wait_for_function(
        "c => document.querySelector(`#board .card[data-card='${c}']`)?.dataset.pile === 'waste'",
        arg=text,
    )
    # The stock deals on a tap.
    tap(page, page.locator('#board [data-pile="stock"]').last, 10, 10)
    wait_moves(page, 2)
    assert not page.js_errors


def focused(page: Any) -> dict[str, Any]:
    """The focused element's pile, card and role."""
    info: dict[str, Any] = page.evaluate(
        "() => { const e = document.activeElement;"
        " return {pile: e.dataset.pile || null, card: e.dataset.card || null,"
        " role: e.getAttribute('role')}; }"
    )
    return info


def keys_to(page: Any, pile: str, code: str | None = None, tries: int = 40) -> None:
    """Move the focus with the arrow keys until it is on ``pile`` (its card ``code``): rightward
    along a row, then down and up through the rows, as a player would look for it."""
    seen: list[dict[str, Any]] = []
    for k in range(tries):
        here = focused(page)
        if here["pile"] == pile and (code is None or here["card"] == code):
            return
        seen.append(here)
        page.keyboard.press(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"][(k // 6) % 4])
    raise AssertionError(f"no way to {pile} {code} by keys: {seen}")


@pytest.mark.parametrize("name", ["pyramid", "tripeaks"])
def test_keyboard_play(page_factory: Any, name: str) -> None:
    """The arrow keys stop only on cards that can be played (and the stock and waste); Enter
    takes a card up and Enter on its partner (Pyramid) or the waste (TriPeaks) plays it."""
    page = page_factory(f"/{name}/deal/{DEALS[name]}", width=360, height=640, motion="reduce")
    game = new_game(name)
    first = page.locator('#board .card[role="button"]').first
    first.focus()
    stops: set[str] = set()
    for key in ["ArrowRight"] * 8 + ["ArrowUp"] * 4 + ["ArrowLeft"] * 8 + ["ArrowDown"] * 4:
        here = focused(page)
        stops.add(f"{here['pile']}:{here['card']}")
        assert here["pile"] in ("stock", "waste") or here["role"] == "button", here
        page.keyboard.press(key)
    assert len(stops) >= 3, stops
    if name == "pyramid":
        move, code, partner = "8D+5C", "8D", "5C"
    else:
        code = next(str(m) for m in game.legal_moves if str(m) != "s")
        move, partner = code, None
    src = pile_of(page, code)
    keys_to(page, src, code)
    page.keyboard.press("Enter")
    assert page.locator("#board .selected").count() >= 1
    dest = pile_of(page, partner) if partner else "waste"
    keys_to(page, dest, partner)
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    game.push(game.parse_move(move))
    assert card_el(page, src, code).count() == 0
    assert not page.js_errors


@pytest.mark.parametrize("name", ["pyramid", "tripeaks"])
def test_the_page_and_its_rules_in_russian(page_factory: Any, server: str, name: str) -> None:
    """A Russian browser gets the page in Russian; the rules pages load in both languages,
    each in its own language, and link back to the game."""
    page = page_factory(f"/{name}", width=360, height=640, locale="ru-RU", motion="reduce")
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    assert page.locator('#board .card[role="button"]').count() >= 2
    texts = page.evaluate(_STRIP)["texts"]
    assert any("Ходы" in t for t in texts), texts
    for lang, word in (("en", "Deals of the day"), ("ru", "Раздачи дня")):
        page.goto(f"{server}/rules/{name}/{lang}")
        assert page.evaluate("() => document.documentElement.lang") == lang
        body = page.inner_text("body")
        assert word in body, (name, lang)
        assert page.locator(f'a[href^="/{name}"]').count() >= 1
    assert not page.js_errors
