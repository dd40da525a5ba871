"""Nothing breaks the Klondike page: unreadable storage, a bad address, a deal number beyond a
browser's exact integers, rules with no graded deals, a link that carries its rules. Debian's
chromium (Playwright) against a real ``kosynka serve``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka import KlondikeRules
from tests.web.klondike_web import SIZES, columns_shown, open_menu, position, record, saved, toasts

DEV_TEXT = ("record.", "ZZ", "not a card", "out of range", "HTTP ", "problems", "422", "409")


def server_path(page: Any, path: str) -> str:
    """The full address of ``path`` on the page's server."""
    origin: str = page.evaluate("() => location.origin")
    return origin + path


def stored(page: Any, key: str) -> Any:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem({json.dumps(key)}))")


def dealt(page: Any) -> int:
    """How many cards the table shows (the stock pile counts as its cards)."""
    n: int = page.evaluate(
        "() => document.querySelectorAll('#board .card:not(.stockpile)').length"
        " + Number(document.querySelector('#c-stock').textContent)"
    )
    return n


BAD_STORAGE = {
    "kosynka.options.v1": {"draw": 7, "passes": "x", "source": "easy", "four": "yes"},
    "kosynka.stats.v1": {"draw-1": {"played": -3, "won": "many"}, "draw-3": {"played": 2}},
    "kosynka.lang": "fr",
    **saved(record(9, ["AD>f", "ZZ"])),
}


@pytest.mark.parametrize(
    ("size", "locale"), list(zip(SIZES, ["ru-RU", "en-US", "ru-RU"], strict=True))
)
def test_bad_storage_recovers_with_one_polite_message(
    page_at: Any, size: tuple[int, int], locale: str
) -> None:
    """Options that name no rule (``draw: 7``), statistics that are not counts, a language that
    is not offered and a saved game with a move that is not a move: the page deals a new game
    under the default options and says so once, in the player's language."""
    page = page_at("/", *size, locale=locale, storage=BAD_STORAGE)
    assert dealt(page) == 52
    said = toasts(page)
    assert len(said) == 1, said
    want = "Часть сохранённых данных" if locale == "ru-RU" else "Some saved data could not be read"
    assert want in said[0] and ("новая сдача" in said[0] or "new deal" in said[0])
    text = page.inner_text("body")
    assert not [d for d in DEV_TEXT if d in text or d in said[0]]
    # Storage now holds what the page uses: the defaults, and the statistics it could read.
    options = stored(page, "kosynka.options.v1")
    assert options["draw"] == 1 and options["passes"] is None and options["four"] is False
    assert stored(page, "kosynka.stats.v1") == {
        "draw-3": {
            "played": 2,
            "won": 0,
            "lost": 0,
            "streak": 0,
            "bestStreak": 0,
            "bestTime": None,
            "fewestMoves": None,
            "recent": [],
        }
    }
    assert stored(page, "kosynka.game.v1")["record"]["moves"] == []
    assert page.get_attribute("#draw1", "aria-pressed") == "true"
    # A reload finds nothing wrong any more.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert toasts(page) == [] and dealt(page) == 52
    assert not page.js_errors


def test_a_saved_game_that_does_not_replay_gives_a_new_deal_in_words(page_at: Any) -> None:
    """A well-formed saved game whose move the rules refuse (the server's 409, whose reason is
    meant for developers) and a stored value that is not JSON at all."""
    storage = {**saved(record(9, ["KH>1"])), "kosynka.options.v1": "{not json"}
    page = page_at("/", 360, 740, storage=storage)
    said = toasts(page)
    assert len(said) == 1 and said[0].startswith("Some saved data could not be read"), said
    assert not [d for d in DEV_TEXT if d in page.inner_text("body") or d in said[0]]
    assert dealt(page) == 52 and int(page.inner_text("#c-moves")) == 0
    page = page_at("/", storage=saved(record(9, ["KH>1"])), locale="ru-RU")
    assert toasts(page) == ["Сохранённую партию не удалось прочитать; вот новая сдача."]


@pytest.mark.parametrize(
    ("size", "path", "locale"),
    [
        ((360, 740), "/klondike/draw-9/deal/abc", "ru-RU"),
        ((740, 360), "/klondike/draw-1/deal/-5", "en-US"),
        ((1280, 800), "/klondike/draw-1/deal/1/extra", "ru-RU"),
    ],
)
def test_a_bad_address_gets_a_page_in_the_players_language(
    browser: Any, server: str, size: tuple[int, int], path: str, locale: str
) -> None:
    """An HTML page in the browser's language, as wide as the screen, with links to the games
    big enough to tap; the Klondike link starts a game."""
    heading, link = {
        "ru-RU": ("Такой страницы нет", "Играть в Косынку"),
        "en-US": ("No such page", "Play Klondike"),
    }[locale]
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    try:
        page = ctx.new_page()
        got = page.goto(server + path)
        assert got is not None and got.status == 404
        assert got.headers["content-type"].startswith("text/html")
        assert page.inner_text("h1") == heading
        assert page.evaluate("() => document.documentElement.scrollWidth") <= size[0]
        for a in page.locator("main a").all():
            box = a.bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44
        page.get_by_role("link", name=link).click()
        page.wait_for_selector("body[data-ready='1']")
        assert page.url == server + "/klondike" or "/klondike/draw-1/deal/" in page.url
        assert page.locator("#board .card").count() >= 29
    finally:
        ctx.close()


BIG = "12345678901234567890"  # above 2**53, within PySolFC's numbering (up to 10**20 - 1)


def test_deal_numbers_above_2_53_work_as_on_the_command_line(page_at: Any) -> None:
    rules = KlondikeRules(draw=1)
    page = page_at(f"/klondike/draw-1/deal/{BIG}", 360, 740)
    assert columns_shown(page) == position(BIG, [], rules)
    assert page.inner_text("#deal-link") == f"#{BIG}" and page.url.endswith(f"/deal/{BIG}")
    # 2**53 + 1 is not 2**53 (a browser's number would round it to that).
    near = page_at(f"/klondike/draw-1/deal/{2**53 + 1}")
    assert columns_shown(near) == position(2**53 + 1, [], rules)
    assert columns_shown(near) != position(2**53, [], rules)
    # A move is saved with the number as digits; a reload resumes the same deal.
    page.keyboard.press("d")
    expect(page.locator("#c-moves")).to_have_text("1")
    assert stored(page, "kosynka.game.v1")["record"]["deal"]["number"] == BIG
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#c-moves") == "1" and columns_shown(page) == position(BIG, ["s"], rules)
    # One past the numbering's last deal: no such page, said in the player's language, with
    # the way back to a game (as the API answers 409 for it).
    out = page_at("/klondike/draw-1/deal/100000000000000000000", locale="ru-RU", ready=False)
    assert out.title() == "Такой страницы нет"
    assert out.locator('a[href="/klondike"]').count() == 1
    assert not page.js_errors and not near.js_errors


@pytest.mark.parametrize(("size", "locale"), [((360, 740), "ru-RU"), ((1280, 800), "en-US")])
def test_graded_sources_show_as_unavailable_under_a_pass_limit(
    page_at: Any, size: tuple[int, int], locale: str
) -> None:
    page = page_at("/klondike", *size, locale=locale)
    assert page.input_value("#source") == "easy"
    open_menu(page)
    page.click("#btn-options")
    page.select_option("#opt-passes", "3")
    page.click("#dlg-options button[value=ok]")
    open_menu(page)
    source = page.locator("#source")
    expect(source).to_have_value("random")
    disabled = page.evaluate(
        "() => [...document.querySelectorAll('#source option')].filter(o => o.disabled)"
        ".map(o => [o.value, o.textContent])"
    )
    assert [v for v, _ in disabled] == ["easy", "normal", "hard"]
    only = "только при обычных правилах" if locale == "ru-RU" else "standard rules only"
    assert all(only in text for _, text in disabled)
    page.click("#btn-new")
    expect(page.locator("#c-pass")).to_have_text("1/3")
    rec = stored(page, "kosynka.game.v1")["record"]
    assert rec["rules"]["passes"] == 3 and rec["deal"]["source"] == "random"
    assert "?passes=3" in page.url
    # The standard rules again: the graded choices (and the player's) come back.
    open_menu(page)
    page.click("#btn-options")
    page.select_option("#opt-passes", "")
    page.click("#dlg-options button[value=ok]")
    expect(source).to_have_value("easy")
    assert not page.js_errors


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_a_shared_link_carries_its_rules(page_at: Any, size: tuple[int, int]) -> None:
    path = "/klondike/draw-3/deal/77?passes=3&return=0"
    page = page_at(path, *size)
    assert page.get_attribute("#draw3", "aria-pressed") == "true"
    assert page.inner_text("#c-pass") == "1/3"
    assert columns_shown(page) == position(77, [], KlondikeRules(draw=3))
    page.keyboard.press("d")
    expect(page.locator("#c-moves")).to_have_text("1")
    rec = stored(page, "kosynka.game.v1")["record"]
    assert rec["rules"] == {"draw": 3, "passes": 3, "foundation_return": False}
    assert page.url.endswith(path)
    # The share button gives the same address (with its rules).
    open_menu(page)
    page.click("#btn-share")
    expect(page.locator("#toast")).to_contain_text(server_path(page, path))
    # Reloading the link resumes that game; the same deal under other rules is another game.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#c-moves") == "1" and page.url.endswith(path)
    page.goto(page.url.split("?")[0])
    page.wait_for_selector("body[data-ready='1']")
    assert page.inner_text("#c-moves") == "0" and page.inner_text("#c-pass") == "1"
    # A rule in the address that cannot be read: the usual rules, and one sentence.
    bad = page_at("/klondike/draw-1/deal/77?passes=lots", *size)
    assert toasts(bad) == ["Part of this address could not be read; the usual rules apply."]
    assert bad.inner_text("#c-pass") == "1" and bad.url.endswith("/klondike/draw-1/deal/77")
    assert not page.js_errors
