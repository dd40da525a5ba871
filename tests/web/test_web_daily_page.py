"""Deals of the day on the page (issue 29, item 1), in Debian's chromium with a fake clock:
today's deal is the library's and the same in two fresh browsers; its address opens the same
deal anywhere, in any time zone, and survives a reload; "today" is the player's own date; won
deals mark the calendar (and only they do), a month's days all won make its badge; past days
can be played; bad addresses lead nowhere."""

from __future__ import annotations

import datetime
import urllib.error
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka.library.daily import daily_deal
from tests.web.page_extras import at, daily_line, daily_saved, open_at, open_menu_item, play, stored


def open_daily_dialog(page: Any) -> None:
    """Open the deals-of-the-day dialog from the header (on a phone, from the menu)."""
    open_menu_item(page, "#btn-daily")
    expect(page.locator("#dlg-daily")).to_be_visible()


def deal_number(page: Any) -> int:
    """The number of the deal on the table."""
    return int(page.inner_text("#deal-link").lstrip("#"))


def test_todays_deal_is_the_same_in_two_fresh_browsers(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Two players on 1 December 2026 (each in a fresh browser) who press the calendar button
    and today's hard deal get the same deal, the library's, at its own address; it is saved as
    a deal of the day."""
    want = daily_deal(datetime.date(2026, 12, 1), "klondike", "hard", {"draw": 3})
    seen = []
    for zone in ("Europe/Kaliningrad", "Asia/Vladivostok"):  # both on 1 December at 09:00 UTC
        page = open_at(browser, server, contexts, "/klondike", at(2026, 12, 1, 9), timezone=zone)
        page.click("#draw3")
        expect(page.locator("#draw3")).to_have_attribute("aria-pressed", "true")
        open_daily_dialog(page)
        assert page.locator("#cal-days button.today").inner_text() == "1"
        assert "December 2026" in page.inner_text("#cal-month")
        page.click('#daily-grades button[data-grade="hard"]')
        page.wait_for_url("**/daily/2026-12-01/klondike/draw-3/hard")
        page.wait_for_selector("body[data-ready='1']")
        assert deal_number(page) == want.number
        assert "deal of the day, 1 December, hard" in page.inner_text("#deal-src")
        saved = stored(page, "kosynka.game.v1")
        assert saved["record"]["deal"]["source"] == "daily"
        assert saved["daily"] == {"date": "2026-12-01", "grade": "hard"}
        assert saved["record"]["rules"] == {"draw": 3, "passes": None, "foundation_return": True}
        seen.append(deal_number(page))
        assert not page.js_errors
    assert seen == [want.number, want.number]


def test_today_is_the_players_own_date(browser: Any, server: str, contexts: list[Any]) -> None:
    """At 20:00 UTC on 30 November it is already 1 December in Vladivostok and still 30
    November in Kaliningrad: each player's "today" is their own date."""
    when = at(2026, 11, 30, 20)
    for zone, day in (("Asia/Vladivostok", "1"), ("Europe/Kaliningrad", "30")):
        page = open_at(browser, server, contexts, "/freecell", when, timezone=zone)
        open_daily_dialog(page)
        assert page.locator("#cal-days button.today").inner_text() == day
        page.click('#daily-grades button[data-grade="easy"]')
        date = "2026-12-01" if day == "1" else "2026-11-30"
        page.wait_for_url(f"**/daily/{date}/freecell/easy")
        page.wait_for_selector("body[data-ready='1']")
        want = daily_deal(datetime.date.fromisoformat(date), "freecell", "easy")
        assert deal_number(page) == want.number


@pytest.mark.parametrize(
    ("path", "game", "grade", "variant"),
    [
        ("/daily/2026-12-01/freecell/hard", "freecell", "hard", {}),
        ("/daily/2026-12-01/spider/4-suits/normal", "spider", "normal", {"suits": 4}),
        ("/daily/2026-12-01/spider/easy", "spider", "easy", {"suits": 2}),
        ("/daily/2026-12-01/klondike/easy", "klondike", "easy", {"draw": 1}),
    ],
)
def test_the_address_opens_the_same_deal_anywhere(
    browser: Any,
    server: str,
    contexts: list[Any],
    path: str,
    game: str,
    grade: str,
    variant: dict[str, int],
) -> None:
    """A deal of the day's address opened in fresh browsers in other time zones and on other
    days is the same deal, the library's; it keeps its address and survives a reload with its
    moves."""
    want, line = daily_line(datetime.date(2026, 12, 1), game, grade, **variant)
    shown = path.replace("/spider/easy", "/spider/2-suits/easy")
    shown = shown.replace("/klondike/easy", "/klondike/draw-1/easy")
    for zone, when in (("America/Los_Angeles", at(2027, 3, 9)), ("Asia/Tokyo", at(2026, 12, 20))):
        page = open_at(browser, server, contexts, path, when, timezone=zone)
        assert deal_number(page) == want.number
        assert page.url.endswith(shown)
    play(page, line[0])
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert deal_number(page) == want.number and int(page.inner_text("#c-moves")) == 1
    assert page.url.endswith(shown)
    assert not page.js_errors


def test_won_deals_mark_the_calendar_and_only_they(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """On 5 December, a player wins today's easy FreeCell deal (its last move made here) and
    plays 3 December's without winning: the calendar marks the 5th alone, the win dialog
    gives the streak of days, and the deal's grade is ticked."""
    deal, line = daily_line(datetime.date(2026, 12, 5), "freecell", "easy")
    rules = {"cells": 4, "foundation_return": True}
    third = daily_deal(datetime.date(2026, 12, 3), "freecell", "easy")
    page = open_at(
        browser,
        server,
        contexts,
        "/daily/2026-12-05/freecell/easy",
        at(2026, 12, 5, 10),
        storage={"kosynka.game.v1.freecell": daily_saved(deal, line[:-1], rules)},
    )
    assert int(page.inner_text("#c-moves")) == len(line) - 1
    play(page, line[-1])
    expect(page.locator("#dlg-win")).to_be_visible()
    assert page.inner_text("#win-streak") == "1 day in a row with a deal of the day won"
    assert stored(page, "kosynka.daily.v1") == {"freecell": {"2026-12-05": ["easy"]}}
    page.click('#dlg-win button[value="daily"]')
    expect(page.locator("#dlg-daily")).to_be_visible()
    won = page.evaluate(
        "() => [...document.querySelectorAll('#cal-days button.won')].map(b => b.dataset.date)"
    )
    assert won == ["2026-12-05"]
    assert "✓" in page.inner_text('#daily-grades button[data-grade="easy"]')
    assert "✓" not in page.inner_text('#daily-grades button[data-grade="hard"]')
    assert page.inner_text("#cal-badge") == "1 of 31 days won this month"
    # An earlier day is played (not won): nothing more is marked.
    page.click('#cal-days button[data-date="2026-12-03"]')
    page.click('#daily-grades button[data-grade="easy"]')
    page.wait_for_url("**/daily/2026-12-03/freecell/easy")
    page.wait_for_selector("body[data-ready='1']")
    assert deal_number(page) == third.number
    play(page, daily_line(datetime.date(2026, 12, 3), "freecell", "easy")[1][0])
    open_daily_dialog(page)
    won = page.evaluate(
        "() => [...document.querySelectorAll('#cal-days button.won')].map(b => b.dataset.date)"
    )
    assert won == ["2026-12-05"]
    assert page.locator('#cal-days button[data-date="2026-12-06"]').is_disabled()
    assert not page.js_errors


def test_a_months_days_all_won_make_its_badge(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """February 2026: every day from the 1st to the 27th won (hard, but the 10th only at
    normal); winning the 28th's hard deal completes the month: the calendar shows a silver
    badge (gold needs every day hard), which it did not before."""
    won = {f"2026-02-{d:02d}": ["hard"] for d in range(1, 28)}
    won["2026-02-10"] = ["normal"]
    deal, line = daily_line(datetime.date(2026, 2, 28), "freecell", "hard")
    rules = {"cells": 4, "foundation_return": True}
    page = open_at(
        browser,
        server,
        contexts,
        "/daily/2026-02-28/freecell/hard",
        at(2026, 2, 28, 18),
        width=360,
        height=740,
        storage={
            "kosynka.daily.v1": {"freecell": won},
            "kosynka.game.v1.freecell": daily_saved(deal, line[:-1], rules),
        },
    )
    open_daily_dialog(page)
    assert page.inner_text("#cal-badge") == "27 of 28 days won this month"
    assert page.locator("#cal-badge.silver").count() == 0
    page.click('#dlg-daily button[value="close"]')
    play(page, line[-1])
    expect(page.locator("#dlg-win")).to_be_visible()
    assert page.inner_text("#win-streak") == "28 days in a row with a deal of the day won"
    page.click('#dlg-win button[value="daily"]')
    badge = page.locator("#cal-badge.silver")
    expect(badge).to_have_text("Every day of this month won: a silver badge!")
    assert page.locator("#cal-days button.won").count() == 28
    assert page.locator("#cal-days button.won.gold").count() == 27
    # The month before has no badge; the calendar goes back to it.
    page.click("#cal-prev")
    expect(page.locator("#cal-month")).to_have_text("January 2026")
    assert page.locator("#cal-days button.won").count() == 0
    assert page.inner_text("#cal-badge") == "0 of 31 days won this month"
    assert not page.js_errors


def test_the_calendar_speaks_russian(browser: Any, server: str, contexts: list[Any]) -> None:
    page = open_at(browser, server, contexts, "/spider/1-suit", at(2026, 12, 1), locale="ru-RU")
    open_daily_dialog(page)
    assert page.inner_text("#daily-h").startswith("Сдачи дня")
    assert "декабрь 2026" in page.inner_text("#cal-month").lower()
    assert page.inner_text('#daily-grades button[data-grade="normal"]') == "Обычные"
    assert page.inner_text("#cal-badge") == "Выиграно дней в этом месяце: 0 из 31"


@pytest.mark.parametrize(
    "path",
    [
        "/daily/2026-02-30/freecell/hard",
        "/daily/0000-01-01/freecell/hard",
        "/daily/2026-12-01/freecell/impossible",
        "/daily/2026-12-01/spider/3-suits/hard",
        "/daily/2026-12-01/golf/hard",
        "/daily/today/freecell/hard",
    ],
)
def test_bad_daily_addresses_lead_nowhere(server: str, path: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(server + path, timeout=30)
    assert err.value.code == 404
    assert "text/html" in err.value.headers["Content-Type"]


@pytest.mark.parametrize(
    ("path", "game", "grade", "variant", "options", "shown", "label"),
    [
        (
            "/daily/2026-12-01/pyramid/1-pass-all-cards/hard",
            "pyramid",
            "hard",
            {"passes": 1, "goal": "all"},
            {"pyramidPasses": 1, "pyramidGoal": "all"},
            "/daily/2026-12-01/pyramid/1-pass-all-cards/hard",
            "1 pass, all 52 cards to clear",
        ),
        (
            "/daily/2026-12-01/pyramid/easy",
            "pyramid",
            "easy",
            {"passes": 3, "goal": "pyramid"},
            {"pyramidPasses": 3, "pyramidGoal": "pyramid"},
            "/daily/2026-12-01/pyramid/3-passes/easy",
            "3 passes, the pyramid to clear",
        ),
        (
            "/daily/2026-12-01/pyramid/unlimited-passes-all-cards/normal",
            "pyramid",
            "normal",
            {"passes": None, "goal": "all"},
            {"pyramidPasses": None, "pyramidGoal": "all"},
            "/daily/2026-12-01/pyramid/unlimited-passes-all-cards/normal",
            "Unlimited passes, all 52 cards to clear",
        ),
        (
            "/daily/2026-12-01/tripeaks/open-no-wrap/normal",
            "tripeaks",
            "normal",
            {"wrap": False, "open": True},
            {"tripeaksWrap": False, "tripeaksOpen": True},
            "/daily/2026-12-01/tripeaks/open-no-wrap/normal",
            "Peaks face up, King and Ace not next to each other",
        ),
    ],
)
def test_a_daily_address_of_other_rules_plays_them(
    browser: Any,
    server: str,
    contexts: list[Any],
    path: str,
    game: str,
    grade: str,
    variant: dict[str, Any],
    options: dict[str, Any],
    shown: str,
    label: str,
) -> None:
    """The deals of the day of Pyramid's and TriPeaks' other rules (passes and goal, King-Ace
    and open peaks) have addresses of their own: the page plays the library's deal under
    those rules, keeps them in the options for the next deals, and the calendar names the
    rules and opens the same rules' deal of the day of another grade."""
    want = daily_deal(datetime.date(2026, 12, 1), game, grade, variant)
    page = open_at(browser, server, contexts, path, at(2026, 12, 1, 9))
    assert deal_number(page) == want.number
    assert page.url.endswith(shown)
    saved = stored(page, f"kosynka.game.v1.{game}")
    assert saved["daily"] == {"date": "2026-12-01", "grade": grade}
    assert {k: saved["record"]["rules"][k] for k in variant} == variant
    chosen = stored(page, "kosynka.options.v1")
    assert {k: chosen[k] for k in options} == options
    other = "easy" if grade != "easy" else "hard"
    open_daily_dialog(page)
    assert page.inner_text("#daily-variant") == label
    page.click(f'#daily-grades button[data-grade="{other}"]')
    page.wait_for_url("**" + shown.replace(f"/{grade}", f"/{other}"))
    page.wait_for_selector("body[data-ready='1']")
    assert deal_number(page) == daily_deal(datetime.date(2026, 12, 1), game, other, variant).number
    assert not page.js_errors


def test_the_page_modules_read_every_daily_address_the_server_routes(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Each address part of Pyramid's and TriPeaks' deals of the day that the server routes
    (the web adapter's ``daily_parts``) is one the page module reads back to the same rules
    the library's daily variants have, and writes again from those rules."""
    from kosynka.library.daily import variant_rules
    from kosynka.web.games import adapter_of

    page = open_at(browser, server, contexts, "/pyramid")
    for game in ("pyramid", "tripeaks"):
        adapter = adapter_of(game)
        assert adapter is not None
        parts = list(adapter.daily_parts)
        got = page.evaluate(
            """async ([game, parts]) => {
                const m = (await import(`/static/js/games/${game}.js`)).default;
                return parts.map((p) => {
                    const v = m.daily.variant(p);
                    const q = m.daily.query(v, p);
                    return { variant: v, query: q, path: m.daily.path(v, q) };
                });
            }""",
            [game, parts],
        )
        for part, seen in zip(parts, got, strict=True):
            assert seen["variant"] == game, part
            rules = variant_rules(game, seen["query"])
            assert seen["query"] == {k: getattr(rules, k) for k in seen["query"]}
            assert seen["path"] == (part if "/" in part else parts[1]), part
        assert len({variant_rules(game, s["query"]) for s in got}) == len(parts) - 1
    # Asked of the server, a query writes unlimited passes and switches as the server reads them.
    written = page.evaluate(
        """async () => (await import("/static/js/api.js")).queryString({
            date: "2026-12-01", passes: null, goal: "all", wrap: false, open: true, x: undefined,
        })"""
    )
    assert written == "date=2026-12-01&passes=unlimited&goal=all&wrap=false&open=true"
    assert not page.js_errors
