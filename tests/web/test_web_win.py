"""The win (issue 29, item 5), in Debian's chromium: the cascade of cards runs at a win and a
tap (or a key) skips it to the win dialog; with reduced motion there is no cascade and the
dialog opens at once; the dialog gives the score, the time, the moves and the streak, in the
player's language."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.page_extras import WATCH_CASCADE, at, open_at, play, won_line

START = at(2026, 12, 1, 9)


def one_from_the_end() -> tuple[dict[str, Any], str]:
    """Klondike deal 9 saved one move from its win (played for three minutes), and that move."""
    data = won_line("deal9_draw1_win.json")
    saved = {
        "record": {
            "game": "klondike",
            "rules": data["rules"],
            "deal": {"number": 9, "numbering": "pysol", "source": "chosen"},
            "moves": data["moves"][:-1],
        },
        "counted": True,
        "elapsed": 180_000,
    }
    return {"kosynka.game.v1": saved}, data["moves"][-1]


@pytest.mark.parametrize("skip", ["tap", "key"])
def test_the_cascade_runs_at_a_win_and_a_tap_skips_it(
    browser: Any, server: str, contexts: list[Any], skip: str
) -> None:
    storage, last = one_from_the_end()
    page = open_at(browser, server, contexts, "/klondike", motion="no-preference", storage=storage)
    play(page, last)
    cascade = page.locator("#cascade")
    expect(cascade).to_be_visible()
    page.wait_for_timeout(400)  # cards are flying; the dialog waits for them
    assert cascade.count() == 1 and not page.locator("#dlg-win").is_visible()
    if skip == "tap":
        page.mouse.click(200, 300)
    else:
        page.keyboard.press("Escape")
    expect(page.locator("#dlg-win")).to_be_visible()
    assert cascade.count() == 0
    assert page.inner_text("#win-moves") == str(len(won_line("deal9_draw1_win.json")["moves"]))
    assert not page.js_errors


def test_no_cascade_with_reduced_motion(browser: Any, server: str, contexts: list[Any]) -> None:
    storage, last = one_from_the_end()
    page = open_at(
        browser,
        server,
        contexts,
        "/klondike",
        START,
        motion="reduce",
        storage=storage,
        init_script=WATCH_CASCADE,
        paused=True,
    )
    play(page, last)
    expect(page.locator("#dlg-win")).to_be_visible()
    assert page.evaluate("() => window.__cascade") is False
    # The score, the time (three minutes: its 2 points every 10 seconds, and the bonus), the
    # moves and the streak.
    assert page.inner_text("#win-time") == "3:00"
    assert page.inner_text("#win-score") == page.inner_text("#c-score")
    assert page.inner_text("#win-streak") == "1 win in a row"
    page.click("#win-account summary")
    steps = page.locator("#win-steps li").all_inner_texts()
    assert "2 points for every 10 seconds: -36" in steps
    assert "time bonus: 700,000 / seconds: +3888" in steps
    assert not page.is_visible("#win-assisted")
    assert not page.js_errors


def test_the_win_dialog_speaks_russian(browser: Any, server: str, contexts: list[Any]) -> None:
    storage, last = one_from_the_end()
    page = open_at(browser, server, contexts, "/klondike", START, locale="ru-RU", storage=storage)
    play(page, last)
    expect(page.locator("#dlg-win")).to_be_visible()
    assert page.inner_text("#win-h") == "Победа!"
    assert page.inner_text("#win-streak") == "1 победа подряд"
    assert page.inner_text("#win-scoring") == "Обычный (как в Windows)"
    page.click("#win-account summary")
    assert "карта в дом × 52: +520" in page.locator("#win-steps li").all_inner_texts()
