"""What every game's page says and offers, as a player meets it (issue 27, items 3, 6, 7, 10 and
11): the four deal sources on every page, each game's own words, numbers with nouns in their
plural forms, a Share that tells the truth, the game and variant in the phone's header, Hint
taps in a row that never meet the server's limit, the pages around the game (not found, rules,
descriptions), and a lost game said at once and counted once.

Debian's chromium through Playwright against ``kosynka serve``; positions come from the rules
engine (dead ends by a seeded random playout, so they stay dead ends whatever the engine
calls one)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka import Klondike, KlondikeRules, Move
from kosynka.games.base import Game
from kosynka.games.freecell import SPEC as FREECELL
from kosynka.games.freecell import FreeCellRules
from kosynka.games.freecell import Move as FreeCellMove
from kosynka.games.freecell.reasons import supermove_too_long
from kosynka.games.spider import SPEC as SPIDER
from kosynka.solver import solve
from kosynka.web.service import GameService
from tests.web.klondike_web import players_line
from tests.web.web_helpers import open_game_page, seed_storage, serving, wait_moves, web_games

PHONE = {"width": 360, "height": 740}
NUMBERS = (1, 2, 5, 11, 21, 22, 25)
"""The numbers whose nouns take every form there is (English: 1 and the rest; Russian: one,
few, many, and the teens and twenties that end like them)."""

# Every message the page shows (the toast), kept on the window for the tests.
WATCH_TOASTS = """
window.__toasts = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('toast');
  if (!el) return; // a page without a game (the rules)
  new MutationObserver(() => { if (el.textContent) window.__toasts.push(el.textContent); })
    .observe(el, {childList: true, characterData: true, subtree: true});
});
"""


@pytest.fixture
def open_page(browser: Any, server: str) -> Iterator[Any]:
    """Open a game page in a fresh context (closed after the test): ``open_game_page``'s
    arguments, or with ``phone=True`` a touch phone's context (coarse pointer), 360 x 740."""
    contexts: list[Any] = []

    def opener(path: str, *, phone: bool = False, locale: str = "en-US", **kw: Any) -> Any:
        init = WATCH_TOASTS + kw.pop("init_script", "")
        if not phone:
            return open_game_page(
                browser, server, contexts, path, locale=locale, init_script=init, **kw
            )
        ctx = browser.new_context(
            viewport=PHONE, locale=locale, is_mobile=True, has_touch=True, reduced_motion="reduce"
        )
        ctx.set_default_timeout(20000)
        contexts.append(ctx)
        ctx.add_init_script(init)
        seed_storage(ctx, kw.pop("storage", None))
        page = ctx.new_page()
        page.js_errors = []
        page.on("pageerror", lambda e: page.js_errors.append(str(e)))
        page.still = True
        page.goto(server + path)
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        return page

    yield opener
    for ctx in contexts:
        ctx.close()


def stored(page: Any, key: str) -> Any:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(key)}))")


def toasts(page: Any) -> list[str]:
    said: list[str] = page.evaluate("() => window.__toasts")
    return said


def open_menu(page: Any) -> None:
    """On a small screen, open the header's menu (on a wide one everything is on show)."""
    more = page.locator("#btn-more")
    if more.is_visible() and more.get_attribute("aria-expanded") != "true":
        more.click()


def saved(key: str, rec: dict[str, Any], **flags: Any) -> dict[str, Any]:
    """Storage holding ``rec`` as the game in progress under ``key`` (counted as played)."""
    return {key: {"record": rec, "redo": [], "autos": [], "elapsed": 0, "counted": True, **flags}}


def dead_end(game_of: Any, seeds: range, least: int = 2) -> tuple[int, list[str]]:
    """A seeded random playout (never back to a position it has had) that ends in a dead end
    (the engine's outcome "stuck") after at least ``least`` moves: (seed, its moves).
    ``game_of(seed)`` deals the game."""
    for seed in seeds:
        game: Game[Any] = game_of(seed)
        rng = random.Random(seed)
        seen = {game.key()}
        moves: list[str] = []
        while game.outcome() is None and len(moves) < 1500:
            options = list(game.legal_moves)
            rng.shuffle(options)
            for m in options:
                probe = game.copy(stack=False)
                probe.push(m)
                if probe.key() not in seen:
                    break
            else:
                break
            game.push(m)
            seen.add(game.key())
            moves.append(str(m))
        outcome = game.outcome()
        if outcome is not None and not outcome.won and len(moves) >= least:
            return seed, moves
    raise AssertionError("no dead end found")


FC_DEAD_RULES = FreeCellRules(cells=0, foundation_return=False)
"""FreeCell without free cells: dead ends come within a few moves."""


def freecell_record(
    deal: int, moves: list[str], cells: int = 0, back: bool = False
) -> dict[str, Any]:
    return {
        "game": "freecell",
        "rules": {"cells": cells, "foundation_return": back},
        "deal": {"number": deal, "numbering": "ms", "source": "chosen"},
        "moves": moves,
    }


def tap_card(page: Any, code: str) -> None:
    """Tap the visible top strip of a card (cards on it cover the rest)."""
    box = page.locator(f'#board .card[data-card="{code}"]').last.bounding_box()
    page.mouse.click(box["x"] + 8, box["y"] + 5)


def tap_target(page: Any, pile: str) -> None:
    box = page.locator(f'#board .target[data-pile="{pile}"]').first.bounding_box()
    page.mouse.click(box["x"] + 8, box["y"] + 5)


def klondike_move_by_taps(page: Any, text: str) -> None:
    """Make a Klondike move as a player does: a double tap sends a card home, a tap on the card
    and one on its lit column moves it there, a tap on the stock draws or turns the waste."""
    if text in ("s", "r"):
        page.locator('#board [data-pile="stock"]').first.click(position={"x": 10, "y": 10})
        return
    move = Move.parse(text)
    code = move.card.text()
    if text.endswith(">f"):
        page.locator(f'#board .card[data-card="{code}"]').dblclick(position={"x": 10, "y": 6})
        return
    tap_card(page, code)
    tap_target(page, f"c{move.to}")


# ------------------------------------------------------------------- item 6: deal sources
@pytest.mark.parametrize("path", ["/freecell", "/spider/2-suits"])
def test_every_game_offers_easy_normal_hard_and_random_deals(open_page: Any, path: str) -> None:
    """FreeCell and Spider offer the four sources as Klondike does; a graded deal comes from
    the deal library under its grade, and the choice is the game's own (kept over a reload,
    Klondike's untouched)."""
    page = open_page(path, phone=True)
    open_menu(page)
    source = page.locator("#source")
    expect(source).to_be_visible()
    got = page.evaluate(
        "() => [...document.querySelectorAll('#source option')].map(o => [o.value, o.disabled])"
    )
    assert got == [["easy", False], ["normal", False], ["hard", False], ["random", False]]
    game = "freecell" if path == "/freecell" else "spider"
    key = "kosynka.game.v1.freecell" if game == "freecell" else "kosynka.game.v1.spider-2"
    before = stored(page, key)["record"]["deal"]["number"]
    source.select_option("hard")
    expect(page.locator("#deal-src")).to_have_text("(hard)")
    rec = stored(page, key)["record"]
    assert rec["deal"]["source"] == "hard" and rec["deal"]["number"] != before
    assert rec["deal"]["numbering"] == ("ms" if game == "freecell" else "kpat")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("#source") == "hard"
    options = stored(page, "kosynka.options.v1")
    assert options["fcSource" if game == "freecell" else "spiderSource"] == "hard"
    assert options["source"] == "easy"  # Klondike's choice is its own
    assert not page.js_errors


# ------------------------------------------------------------------- item 7: each game's words
FOREIGN = {
    "freecell": {
        "en": ["stock", "hidden", "face-down", "face down", "pass", "draw"],
        "ru": ["запас", "закрытая", "закрытые", "закрытых", "закрытой", "круг"],
    },
    "spider": {
        "en": ["however the stock is turned", "free cell", "waste", "pass "],
        "ru": ["перебирай запас", "ячейк", "сброс", "круг"],
    },
}
"""Words of the other games that a game's page must never say (Klondike's stock, waste and
passes, FreeCell's cells; FreeCell has no hidden card)."""


def dialog_texts(page: Any) -> str:
    """The text of what the open end dialog shows."""
    text: str = page.evaluate(
        """() => [...document.querySelectorAll('#dlg-end h2, #dlg-end p, #dlg-end button')]
            .filter(e => e.offsetParent).map(e => e.textContent).join(' | ')"""
    )
    return text


def options_texts(page: Any) -> str:
    """What the Options dialog shows (opened, read and closed)."""
    open_menu(page)
    page.click("#btn-options")
    text: str = page.evaluate(
        "() => [...document.querySelectorAll('#dlg-options *')].filter(e => e.offsetParent"
        " && !e.children.length).map(e => e.textContent).join(' | ')"
    )
    page.click("#dlg-options button[value=ok]")
    return text


def assert_own_words(game: str, lang: str, text: str) -> None:
    low = text.lower()
    assert not [w for w in FOREIGN[game][lang] if w in low], text


def test_freecell_says_its_own_words_and_its_dead_end_at_once(open_page: Any) -> None:
    """FreeCell without free cells, one move before a dead end: the move's view and the end
    dialog come together; the dialog, the solver's answer, the options and the messages speak
    of FreeCell only, in English and in Russian; "Still winnable?" is in the menu (no option to
    dig for) and in the dialog's words."""
    deal, line = dead_end(lambda n: FREECELL.deal(n, FC_DEAD_RULES), range(1, 200))
    storage = {
        "kosynka.options.v1": {"fcCells": 0, "fcReturn": False},
        **saved("kosynka.game.v1.freecell", freecell_record(deal, line[:-1])),
    }
    page = open_page("/freecell", phone=True, storage=storage)
    wait_moves(page, len(line) - 1)
    assert page.locator("#dlg-end[open]").count() == 0
    last = FreeCellMove.parse(line[-1])
    tap_card(page, last.card.text())
    pile = f"f{int(last.card.suit)}" if line[-1].endswith(">f") else f"c{last.to}"
    tap_target(page, pile)
    page.wait_for_function(
        f"() => document.getElementById('c-moves').textContent === '{len(line)}'"
    )
    # The table that shows the last move already has the dialog open over it.
    assert page.locator("#dlg-end[open]").count() == 1
    for lang in ("en", "ru"):
        if lang == "ru":
            page.keyboard.press("Escape")
            open_menu(page)
            page.click("#btn-lang")
            page.reload()
            page.wait_for_selector("body[data-ready='1']")
            expect(page.locator("#dlg-end[open]")).to_be_visible()  # a reload says it again
        text = dialog_texts(page)
        dialog = page.locator("#dlg-end")
        assert ("Still winnable?" if lang == "en" else "Ещё можно выиграть?") in text
        for name in ["Undo", "New deal"] if lang == "en" else ["Отменить", "Новая сдача"]:
            expect(dialog.get_by_role("button", name=name, exact=True)).to_be_visible()
        page.click("#end-ask")
        answer = page.locator("#end-answer")
        expect(answer).not_to_have_text("")
        expect(answer).not_to_have_text("The solver is looking…")
        expect(answer).not_to_have_text("Решатель думает…")
        assert_own_words("freecell", lang, text + " | " + answer.inner_text())
        page.keyboard.press("Escape")
        opts = options_texts(page)
        assert_own_words("freecell", lang, opts)
        assert page.locator("#opt-winnable").count() == 0
        open_menu(page)
        expect(page.locator("#btn-analysis")).to_be_visible()
        page.keyboard.press("Escape")
        assert_own_words("freecell", lang, " | ".join(toasts(page)))
    assert not page.js_errors


def test_spider_says_its_own_words_at_its_dead_end(open_page: Any) -> None:
    """A Spider game (4 suits) one move before a dead end: the move made by taps, and the end
    dialog comes with its view; it speaks of Spider's dead end, in English and in Russian (and
    again after a reload), with "Still winnable?" in the menu and in the dialog's words; the
    game counts as lost once."""
    deal, line = dead_end(lambda n: SPIDER.deal(n, SPIDER.make_rules(suits=4)), range(1, 300))
    rec = {
        "game": "spider",
        "rules": {"suits": 4},
        "deal": {"number": deal, "numbering": "kpat", "source": "chosen"},
        "moves": line[:-1],
    }
    page = open_page("/spider/4-suits", phone=True, storage=saved("kosynka.game.v1.spider-4", rec))
    wait_moves(page, len(line) - 1)
    assert page.locator("#dlg-end[open]").count() == 0
    if line[-1] == "s":
        page.locator('#board [data-pile="stock"]').last.click(position={"x": 10, "y": 10})
    else:
        src, rest = line[-1].split(":")
        code, dst = rest.split(">")
        pile = f"c{int(src) - 1}"
        card = page.locator(f'#board .card[data-card="{code}"][data-pile="{pile}"]').last
        box = card.bounding_box()
        page.mouse.click(box["x"] + 8, box["y"] + 5)
        tap_target(page, f"c{int(dst) - 1}")
    page.wait_for_function(
        f"() => document.getElementById('c-moves').textContent === '{len(line)}'"
    )
    assert page.locator("#dlg-end[open]").count() == 1  # with the move's view, not later
    lost = stored(page, "kosynka.stats.v1")["spider-4"]
    assert lost["lost"] == 1 and lost["streak"] == 0, lost
    for lang in ("en", "ru"):
        if lang == "ru":
            page.keyboard.press("Escape")
            open_menu(page)
            page.click("#btn-lang")
            page.reload()
            page.wait_for_selector("body[data-ready='1']")
        expect(page.locator("#dlg-end[open]")).to_be_visible()
        assert stored(page, "kosynka.stats.v1")["spider-4"] == lost  # counted once
        text = dialog_texts(page)
        assert_own_words("spider", lang, text)
        assert ("row" if lang == "en" else "ряд") in page.inner_text("#end-text")
        assert ("Still winnable?" if lang == "en" else "Ещё можно выиграть?") in text
        page.keyboard.press("Escape")
        open_menu(page)
        expect(page.locator("#btn-analysis")).to_be_visible()
    assert not page.js_errors


# ------------------------------------------------------------------- item 10: plural forms
EXPECTED_PLURALS = {
    # (module, string, how it is called) -> {lang: [what it says for each of NUMBERS]}
    "klondike.stockPile": {
        "en": ["stock, 1 card;", "stock, 2 cards;", "stock, 5 cards;", "stock, 11 cards;",
               "stock, 21 cards;", "stock, 22 cards;", "stock, 25 cards;"],
        "ru": ["запас, 1 карта;", "запас, 2 карты;", "запас, 5 карт;", "запас, 11 карт;",
               "запас, 21 карта;", "запас, 22 карты;", "запас, 25 карт;"],
    },
    "klondike.winText": {
        "en": [f"in {n} move{'' if n == 1 else 's'} and" for n in NUMBERS],
        "ru": ["за 1 ход,", "за 2 хода,", "за 5 ходов,", "за 11 ходов,", "за 21 ход,",
               "за 22 хода,", "за 25 ходов,"],
    },
    "freecell.withOthers": {
        "en": [f" with {n} card{'' if n == 1 else 's'} on it" for n in NUMBERS],
        "ru": [" и ещё 1 карта на ней", " и ещё 2 карты на ней", " и ещё 5 карт на ней",
               " и ещё 11 карт на ней", " и ещё 21 карта на ней", " и ещё 22 карты на ней",
               " и ещё 25 карт на ней"],
    },
    "spider.stockRows": {
        "en": [f"stock, {n} row{'' if n == 1 else 's'} left;" for n in NUMBERS],
        "ru": ["колода, 1 ряд;", "колода, 2 ряда;", "колода, 5 рядов;", "колода, 11 рядов;",
               "колода, 21 ряд;", "колода, 22 ряда;", "колода, 25 рядов;"],
    },
    "spider.winText": {
        "en": [f"in {n} move{'' if n == 1 else 's'} and" for n in NUMBERS],
        "ru": ["за 1 ход,", "за 2 хода,", "за 5 ходов,", "за 11 ходов,", "за 21 ход,",
               "за 22 хода,", "за 25 ходов,"],
    },
    "shared.wasteHas": {
        "en": ["waste: x on top"] + [f"x on top, {n} cards" for n in NUMBERS[1:]],
        "ru": ["сброс: сверху x", "сверху x, 2 карты", "сверху x, 5 карт", "сверху x, 11 карт",
               "сверху x, 21 карта", "сверху x, 22 карты", "сверху x, 25 карт"],
    },
    "shared.foundationHas": {
        "en": [f"{n} card{'' if n == 1 else 's'}" for n in NUMBERS],
        "ru": ["1 карта", "2 карты", "5 карт", "11 карт", "21 карта", "22 карты", "25 карт"],
    },
    "shared.columnOn": {
        "en": ["on one face-down card", "on two face-down cards", "on five face-down cards",
               "on 11 face-down cards", "on 21 face-down cards", "on 22 face-down cards",
               "on 25 face-down cards"],
        "ru": ["на одной закрытой карте", "на двух закрытых картах", "на пяти закрытых картах",
               "на 11 закрытых картах", "на 21 закрытой карте", "на 22 закрытых картах",
               "на 25 закрытых картах"],
    },
    "shared.columnAlone": {
        "en": [f"{c} face-down card{'' if n == 1 else 's'}" for n, c in zip(
            NUMBERS, ["one", "two", "five", "11", "21", "22", "25"], strict=True)],
        "ru": ["1 закрытая карта", "2 закрытые карты", "5 закрытых карт", "11 закрытых карт",
               "21 закрытая карта", "22 закрытые карты", "25 закрытых карт"],
    },
}  # fmt: skip

PAGE_PLURALS = """async (numbers) => {
  const base = document.querySelector('script[type=module]').src;
  const i18n = await import(new URL('i18n.js', base));
  const mod = async (g) => (await import(new URL(`games/${g}.js`, base))).default.strings;
  const games = { klondike: await mod('klondike'), freecell: await mod('freecell'),
                  spider: await mod('spider') };
  const out = {};
  for (const lang of ['en', 'ru']) {
    const t = i18n.STRINGS[lang];
    const g = (name) => games[name][lang];
    const rows = {
      'klondike.stockPile': (n) => g('klondike').stockPile(n),
      'klondike.winText': (n) => g('klondike').winText(n, '3:05'),
      'freecell.withOthers': (n) => g('freecell').withOthers(n),
      'spider.stockRows': (n) => g('spider').stockRows(n),
      'spider.winText': (n) => g('spider').winText(n, '3:05'),
      'shared.wasteHas': (n) => t.wasteHas('x', n),
      'shared.foundationHas': (n) => t.foundationHas('x', n),
      'shared.columnOn': (n) => i18n.describeColumn(1, ['7C'], n, lang),
      'shared.columnAlone': (n) => i18n.describeColumn(1, [], n, lang),
    };
    for (const [name, f] of Object.entries(rows)) {
      (out[name] = out[name] || {})[lang] = numbers.map(f);
    }
  }
  return out;
}"""


def supermove_of_one() -> tuple[int, str, str]:
    """A deal that, without free cells, opens with an ordered pair of cards whose upper card
    fits onto another column's top: the pair is refused, only one card may move (deal, the
    pair's upper card, the top card it would go onto)."""
    rules = FreeCellRules(cells=0, foundation_return=True)
    for deal in range(1, 500):
        game = FREECELL.deal(deal, rules)
        for i in range(8):
            col = game.column(i)
            for j in range(8):
                if j == i or len(col) < 2:
                    continue
                move = FreeCellMove.parse(f"{col[-2].text()}>{j + 1}")
                reason = game.explain(move)
                if reason is not None and reason.code == "supermove-too-long":
                    return deal, col[-2].text(), game.column(j)[-1].text()
    raise AssertionError("no such deal")


def test_numbers_take_their_plural_forms_on_every_page(open_page: Any) -> None:
    """Every text of the pages that puts a number before a noun, for 1, 2, 5, 11, 21, 22 and
    25, in English and Russian; and FreeCell's refusal of a pair when one card may move, in
    Russian ("только 1 карту"), as the page shows it."""
    deal, upper, onto = supermove_of_one()
    storage = {"kosynka.options.v1": {"fcCells": 0, "fcReturn": True}, "kosynka.lang": "ru"}
    page = open_page(f"/freecell/deal/{deal}", phone=True, storage=storage)
    said = page.evaluate(PAGE_PLURALS, list(NUMBERS))
    for name, langs in EXPECTED_PLURALS.items():
        for lang, want in langs.items():
            for n, text, part in zip(NUMBERS, said[name][lang], want, strict=True):
                assert part in text, (name, lang, n, text)
    tap_card(page, upper)
    tap_card(page, onto)
    expect(page.locator("#toast")).to_have_text(supermove_too_long(1).ru)
    assert page.inner_text("#toast").endswith("перенести туда только 1 карту.")
    assert not page.js_errors


def test_the_servers_numbers_take_their_plural_forms() -> None:
    """The texts the server sends with a number (FreeCell's supermove refusal, the analysis's
    "after N moves"), for the same numbers, in both languages; FreeCell's analysis speaks of no
    hidden cards."""
    cards = {1: "карту", 2: "карты", 5: "карт", 11: "карт", 21: "карту", 22: "карты", 25: "карт"}
    moves = {1: "хода", 2: "ходов", 5: "ходов", 11: "ходов", 21: "хода", 22: "ходов", 25: "ходов"}
    for n in NUMBERS:
        reason = supermove_too_long(n)
        assert reason.ru.endswith(f"только {n} {cards[n]}."), reason.ru
        assert f"only {n} card{'' if n == 1 else 's'} move" in reason.en
        for hidden in (True, False):
            ans = GameService._analysis("lost", n, hidden)
            assert f"after {n} move{'' if n == 1 else 's'} it could" in ans.en, ans.en
            assert f"после {n} {moves[n]} партию" in ans.ru, ans.ru
            assert ("hidden cards" in ans.en) == hidden and ("закрытые" in ans.ru) == hidden
    for status in ("winnable", "unknown"):
        free = GameService._analysis(status, None, False)
        assert "hidden" not in free.en and "закрыт" not in free.ru


# ------------------------------------------------------------------- item 11: small things
FAILING_CLIPBOARD = """
Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(
  new DOMException('denied', 'NotAllowedError')) } });
document.execCommand = () => false;
"""
SHARE_SHEET = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
"""


def test_share_says_the_truth(open_page: Any, server: str) -> None:
    """Share copies the deal's address and says so only when it was copied; when it could not
    be, the address is shown selected, to copy by hand; on a phone with a share sheet, the
    sheet gets the address."""
    page = open_page("/freecell/deal/617", init_script=FAILING_CLIPBOARD)
    url = f"{server}/freecell/deal/617"
    page.click("#btn-share")
    expect(page.locator("#dlg-share[open]")).to_be_visible()
    assert page.input_value("#share-url") == url
    assert page.evaluate(
        "() => { const e = document.getElementById('share-url');"
        " return e.selectionStart === 0 && e.selectionEnd === e.value.length; }"
    )
    assert not [s for s in toasts(page) if "copied" in s.lower()]
    page.click("#dlg-share button[value=ok]")
    # Where the clipboard works, the address is there and the page says so.
    works = open_page("/freecell/deal/617")
    works.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    works.click("#btn-share")
    expect(works.locator("#toast")).to_have_text(f"Address copied: {url}")
    assert works.evaluate("() => navigator.clipboard.readText()") == url
    # A phone with a share sheet: the sheet, nothing copied, nothing claimed.
    phone = open_page("/spider/2-suits/deal/42", phone=True, init_script=SHARE_SHEET)
    open_menu(phone)
    share = phone.locator("#btn-share")
    assert share.get_attribute("aria-label") == "Share this deal"
    share.click()
    phone.wait_for_function("() => window.__shared.length === 1")
    assert phone.evaluate("() => window.__shared[0].url") == f"{server}/spider/2-suits/deal/42"
    assert not [s for s in toasts(phone) if "copied" in s.lower()]
    assert not page.js_errors and not phone.js_errors


HEADER_CUT = """() => {
  const cut = [];
  for (const e of document.querySelectorAll(
      'header .status .ctr > span:not(.long), header .status b, #btn-games .name > span')) {
    if (!e.offsetParent || e.classList.contains('sr')) continue;
    const r = document.createRange();
    r.selectNodeContents(e);
    const need = r.getBoundingClientRect().width;
    if (need > e.getBoundingClientRect().width + 0.01) cut.push(e.textContent);
  }
  return cut;
}"""


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_phone_header_names_the_game_and_its_variant(open_page: Any, locale: str) -> None:
    """At 360 px the header says which game and variant this is, beside counters that are all
    whole (no label cut short) and the menu button inside the screen."""
    ru = locale == "ru-RU"
    pages = {
        "/klondike/draw-3/deal/5": ("Косынка", "По три") if ru else ("Klondike", "Draw 3"),
        "/freecell": ("Свободная ячейка", "") if ru else ("FreeCell", ""),
        "/spider/4-suits": ("Паук", "4 масти") if ru else ("Spider", "4 suits"),
    }
    page = open_page("/klondike/draw-3/deal/5", phone=True, locale=locale)
    origin = page.url.split("/klondike")[0]
    for path, (title, variant) in pages.items():
        if path != "/klondike/draw-3/deal/5":
            page.goto(origin + path)
            page.wait_for_selector("body[data-ready='1']")
        for part, text in (
            (page.locator('#btn-games [data-i18n="title"]'), title),
            (page.locator("#variant-name"), variant),
        ):
            box = part.bounding_box()
            if text:
                assert box is not None and box["width"] > 20 and box["height"] > 8, path
                assert " ".join(part.inner_text().split()) == text, path
            else:
                assert box is None or box["width"] == 0, path
        assert page.evaluate(HEADER_CUT) == [], path
        more = page.locator("#btn-more").bounding_box()
        assert more is not None and more["x"] + more["width"] <= PHONE["width"]
    assert not page.js_errors


@pytest.fixture(scope="module")
def tight_server() -> Iterator[str]:
    """A server whose share of solver time for one address is small (as a player's share is,
    and smaller): a page that sent a hint request for every tap would be turned away."""
    with serving(
        extra_env={"KOSYNKA_CLIENT_SOLVER_BURST": "0.3", "KOSYNKA_CLIENT_SOLVER": "0.05"}
    ) as base:
        yield base


def test_sixteen_hint_taps_in_a_second_never_show_a_server_limit(
    browser: Any, tight_server: str
) -> None:
    """Hint tapped sixteen times within a second: one question to the server, its answer shown
    (again on every tap), never a word about the server's limits."""
    contexts: list[Any] = []
    try:
        page = open_game_page(
            browser, tight_server, contexts, "/freecell/deal/15", init_script=WATCH_TOASTS
        )
        page.evaluate(
            """() => new Promise((done) => {
              let k = 0;
              const tap = () => { document.getElementById('btn-hint').click();
                                  if (++k < 16) setTimeout(tap, 60); else done(); };
              tap();
            })"""
        )
        page.wait_for_timeout(2500)  # any refusal of a 17th request would have come by now
        hints = [u for u in page.urls if u.endswith("/api/freecell/hint")]
        assert len(hints) == 1, hints
        said = [s for s in toasts(page) if s not in ("Thinking…",)]
        assert said and all(s == said[0] for s in said), said
        assert not [s for s in said if "request" in s.lower() or "busy" in s.lower()]
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_russian_not_found_page_keeps_its_buttons_on_one_line(
    browser: Any, server: str
) -> None:
    ctx = browser.new_context(viewport=PHONE, locale="ru-RU")
    try:
        page = ctx.new_page()
        page.goto(server + "/freecell/deal/x")
        buttons = page.locator("a.btn")
        assert buttons.count() == len(web_games())  # a button to play each game
        for k in range(buttons.count()):
            box = buttons.nth(k).bounding_box()
            assert box is not None and box["height"] <= 48, (buttons.nth(k).inner_text(), box)
            assert box["x"] + box["width"] <= PHONE["width"]
        assert "Свободную ячейку" in buttons.nth(1).inner_text()
    finally:
        ctx.close()


RULES = {
    "/rules/en": "/", "/rules/ru": "/", "/rules/freecell/en": "/freecell",
    "/rules/freecell/ru": "/freecell", "/rules/spider/en": "/spider",
    "/rules/spider/ru": "/spider",
}  # fmt: skip


def test_rules_pages_lead_back_to_the_game_at_their_foot_and_pages_claim_no_offline(
    browser: Any, server: str
) -> None:
    """A rules page, some 4,000 px long on a phone, ends with the way back to its game (as it
    begins); and no game page's description says it works offline (every move asks the
    server)."""
    ctx = browser.new_context(viewport=PHONE)
    try:
        page = ctx.new_page()
        for path, game in RULES.items():
            page.goto(server + path)
            height = page.evaluate("() => document.documentElement.scrollHeight")
            assert height > 2 * PHONE["height"], path
            tops = page.evaluate(
                f"""() => [...document.querySelectorAll('main a[href="{game}"]')].map(
                    a => a.getBoundingClientRect().top + window.scrollY)"""
            )
            assert len(tops) == 2 and min(tops) < 200, (path, tops)
            assert max(tops) > height - PHONE["height"] / 2, (path, tops, height)
        for path in ("/", "/klondike", "/freecell", "/spider/2-suits"):
            page.goto(server + path)
            text = page.get_attribute('meta[name="description"]', "content") or ""
            assert text and "offline" not in text.lower(), (path, text)
    finally:
        ctx.close()


# ------------------------------------------------------------------- item 3: a lost game
STATS_BEFORE = {"played": 4, "won": 3, "streak": 3, "bestStreak": 3}
"""Three games won in a row, and the one in progress (counted as played at its first move)."""


@pytest.mark.core  # for its speed: the analysis ends within its time
def test_a_dead_end_is_said_at_once_and_counted_lost_once_until_won_after_an_undo(
    open_page: Any,
) -> None:
    """Klondike (Draw 1, no cards back from the foundations), one move before a dead end. The
    move's view and the end dialog come together (Undo, Restart, New deal, "Where was the win
    lost?", "Still winnable?" named); the game counts as lost once (the streak ends), not again
    after a reload or an undo and a redo; taken back to where the win was lost and won from
    there, it counts as won instead, the streak going on."""
    rules = KlondikeRules(draw=1, foundation_return=False)
    line = players_line(71, rules, until_stuck=True)
    rec = {
        "game": "klondike",
        "rules": {"draw": 1, "passes": None, "foundation_return": False},
        "deal": {"number": 71, "numbering": "pysol", "source": "chosen"},
        "moves": line[:-1],
    }
    storage = {
        "kosynka.stats.v1": {"draw-1": STATS_BEFORE},
        **saved("kosynka.game.v1", rec, wonCounted=False),
    }
    page = open_page("/klondike/draw-1/deal/71?return=0", phone=True, storage=storage)
    wait_moves(page, len(line) - 1)
    assert page.locator("#dlg-end[open]").count() == 0
    klondike_move_by_taps(page, line[-1])
    page.wait_for_function(
        f"() => document.getElementById('c-moves').textContent === '{len(line)}'"
    )
    assert page.locator("#dlg-end[open]").count() == 1  # with the move's view, not later
    text = dialog_texts(page)
    for words in ("Undo", "Restart", "New deal", "Where was the win lost?", "Still winnable?"):
        assert words in text, text
    assert "stock" in page.inner_text("#end-text")  # Klondike's own words

    def stats() -> dict[str, Any]:
        s: dict[str, Any] = stored(page, "kosynka.stats.v1")["draw-1"]
        return {k: s[k] for k in ("played", "won", "lost", "streak", "bestStreak")}

    lost = {"played": 4, "won": 3, "lost": 1, "streak": 0, "bestStreak": 3}
    assert stats() == lost
    # The statistics dialog shows it: Draw 1's column counts one game lost.
    page.keyboard.press("Escape")
    open_menu(page)
    page.click("#btn-stats")
    rows = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#stats-body tr')].map(
            r => [r.cells[0].textContent, [...r.cells].slice(1).map(c => c.textContent)]))"""
    )
    assert rows[""] == ["Draw 1", "Draw 3"] and rows["Lost"][0] == "1", rows
    assert rows["Current streak"][0] == "0" and rows["Best streak"][0] == "3", rows
    page.click("#dlg-stats button[value=ok]")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#dlg-end[open]")).to_be_visible()
    assert stats() == lost
    page.click("#dlg-end button[value=undo]")
    wait_moves(page, len(line) - 1)
    page.keyboard.press("Control+y")
    wait_moves(page, len(line))
    expect(page.locator("#dlg-end[open]")).to_be_visible()
    assert stats() == lost
    # Back to where the win was lost, then won from there.
    page.click("#end-ask")
    jump = page.locator("#end-jump")
    expect(jump).to_be_visible(timeout=30000)
    at = int(jump.get_attribute("data-to") or 0)
    assert 0 < at < len(line)
    jump.click()
    wait_moves(page, at)
    game = Klondike(71, rules=rules)
    kept = stored(page, "kosynka.game.v1")
    assert len(kept["record"]["moves"]) == at
    for m in kept["record"]["moves"]:
        game.push(Move.parse(m))
    win = solve(game, time_limit=30)
    assert win.solved and win.moves
    finish = [str(m) for m in win.moves]
    kept["record"]["moves"] += finish[:-1]
    kept["redo"] = []
    # The game page saves its game when it is hidden, so the finish is written from another
    # page of the site (the rules), and the game page opened again after it.
    game_url = page.url
    page.goto(game_url.split("/klondike")[0] + "/rules/en")
    page.evaluate(f"() => localStorage.setItem('kosynka.game.v1', {json.dumps(json.dumps(kept))})")
    page.goto(game_url)
    page.wait_for_selector("body[data-ready='1']")
    wait_moves(page, at + len(finish) - 1)
    assert page.locator("#dlg-end[open]").count() == 0
    klondike_move_by_taps(page, finish[-1])
    expect(page.locator("#dlg-win[open]")).to_be_visible()
    assert stats() == {"played": 4, "won": 4, "lost": 0, "streak": 4, "bestStreak": 4}
    assert not page.js_errors
