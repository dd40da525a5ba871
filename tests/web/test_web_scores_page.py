"""Scores on the page (issue 29, item 2), in Debian's chromium with a fake clock: a scripted
Klondike game shows the hand-worked figures in the top strip move by move, in the standard
scoring (its time penalty included) and in Vegas; Vegas, cumulative, carries its total to the
next deal; a Spider undo costs 2; a game with a hint is assisted and its best score kept
apart; the win dialog gives the score, the time, the moves, the streak and the account; the
score of a resumed game comes back with it, made in the browser."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.page_extras import (
    at,
    expect_score,
    new_deal,
    open_at,
    play,
    score,
    stored,
    won_line,
)
from tests.web.test_web_scores import DEAL76

START = at(2026, 12, 1, 9)


def test_standard_scores_a_scripted_game_as_worked_by_hand(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Deal 76, Draw 1 with one pass: every move's standard score as worked out by hand, with
    the clock stopped; after 75 seconds the last move's answer takes 14 points for the time."""
    page = open_at(
        browser, server, contexts, "/klondike/draw-1/deal/76?passes=1", START, paused=True
    )
    expect_score(page, 0)
    assert page.get_attribute("#score-box", "title") == "Standard (Windows)"
    for move, standard, _ in DEAL76[:-1]:
        play(page, move)
        expect_score(page, standard)
    page.clock.fast_forward("01:15")
    play(page, DEAL76[-1][0])
    expect_score(page, DEAL76[-1][1] - 14)
    assert not page.js_errors


def test_vegas_scores_a_scripted_game_as_worked_by_hand(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """The same game with Vegas chosen in the options: the stake first, then the hand-worked
    figures; time counts for nothing."""
    page = open_at(
        browser,
        server,
        contexts,
        "/klondike/draw-1/deal/76?passes=1",
        START,
        paused=True,
        storage={"kosynka.options.v1": {"scoring": "vegas"}},
    )
    expect_score(page, -52)
    assert page.get_attribute("#score-box", "title") == "Vegas"
    for move, _, vegas in DEAL76[:-1]:
        play(page, move)
        expect_score(page, vegas)
    page.clock.fast_forward("01:15")
    play(page, DEAL76[-1][0])
    expect_score(page, DEAL76[-1][2])
    assert not page.js_errors


def test_choosing_vegas_gives_the_next_deal_vegas_rules(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Vegas chosen in the options: the game in play (unlimited passes) keeps its standard
    score, the next deal is dealt with Vegas' one pass (Draw 1) and starts at -52; Vegas,
    cumulative, carries a game's points into the next deal's score."""
    page = open_at(browser, server, contexts, "/klondike/draw-1/deal/76", START)
    play(page, "AH>f")
    expect_score(page, 15)
    page.click("#btn-options")
    page.select_option("#opt-scoring", "vegas-cumulative")
    page.click("#dlg-options button[value=ok]")
    play(page, "s")
    expect_score(page, 15)  # still the standard scoring: these rules are not Vegas'
    new_deal(page, confirm=True)
    expect_score(page, -52)
    record = stored(page, "kosynka.game.v1")["record"]
    assert record["rules"]["passes"] == 1
    # A deal left before any move costs nothing; one left after a move keeps its -52 in the
    # running total, which the next deal's score carries.
    new_deal(page)
    stats = stored(page, "kosynka.stats.v1")
    assert stats is None or stats.get("draw-1", {}).get("vegas", 0) == 0  # no move: no stake
    play(page, "s")
    new_deal(page, confirm=True)
    assert stored(page, "kosynka.stats.v1")["draw-1"]["vegas"] == -52
    expect_score(page, -104)  # the running total: -52 carried, -52 staked
    page.click("#btn-stats")
    assert "Vegas running total" in page.inner_text("#stats-body")
    assert not page.js_errors


def test_a_spider_undo_costs_two_points(browser: Any, server: str, contexts: list[Any]) -> None:
    """500 at the start, a move -1, its undo gives the point back and costs 2."""
    data = won_line("spider1_deal10_win.json")
    page = open_at(browser, server, contexts, "/spider/1-suit/deal/10", START)
    expect_score(page, 500)
    play(page, data["moves"][0])
    expect_score(page, 499)
    page.click("#btn-undo")
    expect(page.locator("#c-moves")).to_have_text("0")
    expect_score(page, 498)
    assert stored(page, "kosynka.game.v1.spider-1")["undos"] == 1
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect_score(page, 498)  # kept with the game, asked for by the shell's first request
    assert not page.js_errors


def test_a_win_with_a_hint_is_assisted_and_its_best_kept_apart(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """One move from a Spider win, a hint is asked for: the winning move's answer scores as
    the library does, the win dialog shows the score (assisted), the time, the moves, the
    streak and the account, and the statistics keep the best score among games with hints."""
    data = won_line("spider1_deal10_win.json")
    moves = data["moves"]
    saved = {
        "record": {
            "game": "spider",
            "rules": {"suits": 1},
            "deal": {"number": 10, "numbering": "kpat", "source": "chosen"},
            "moves": moves[:-1],
        },
        "counted": True,
        "elapsed": 300_000,
    }
    page = open_at(
        browser,
        server,
        contexts,
        "/spider/1-suit",
        START,
        paused=True,
        storage={"kosynka.game.v1.spider-1": saved},
    )
    want = 500 - len(moves) + 100 * 8  # every run leaves by the end
    expect_score(page, 500 - (len(moves) - 1) + 100 * 7)
    page.click("#btn-hint")
    expect(page.locator("#board .hinted").first).to_be_visible()
    play(page, moves[-1])
    dialog = page.locator("#dlg-win")
    expect(dialog).to_be_visible()
    assert page.inner_text("#win-score") == str(want) == page.inner_text("#c-score")
    assert page.inner_text("#win-moves") == str(len(moves))
    assert page.inner_text("#win-time") == "5:00"
    assert page.inner_text("#win-streak") == "1 win in a row"
    assert page.locator("#win-assisted").is_visible()
    page.click("#win-account summary")
    steps = page.locator("#win-steps li").all_inner_texts()
    assert steps[0] == "the start: +500"
    rows = sum(1 for m in moves if m == "s")
    assert steps[1:] == [
        f"a move × {len(moves) - rows}: -{len(moves) - rows}",
        "a run of King to Ace removed × 8: +800",
        f"a row dealt × {rows}: -{rows}",
    ]
    stats = stored(page, "kosynka.stats.v1")["spider-1"]
    assert stats["bestHelped"] == {"standard": want} and "best" not in stats
    page.click('#dlg-win button[value="stay"]')
    page.click("#btn-stats")
    body = page.inner_text("#stats-body")
    assert "Best score with hints" in body and str(want) in body
    assert not page.js_errors


def test_a_resumed_game_is_scored_as_it_was_saved_without_the_server(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """A saved game comes back with its score at once (scored as it was saved: time, undos),
    made in the browser: the page asks the server's API nothing."""
    page = open_at(browser, server, contexts, "/klondike/draw-1/deal/76?passes=1", START)
    for move, _, _ in DEAL76[:2]:
        play(page, move)
    expect_score(page, 15)
    url = page.url
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    expect_score(page, 15)
    assert asked == []
    assert not page.js_errors


def test_the_score_is_in_every_games_top_strip(
    browser: Any, server: str, contexts: list[Any]
) -> None:
    """Each game's page, on a phone, shows its starting score in the top strip, in full."""
    for path, start in (("/klondike", 0), ("/freecell", 0), ("/spider/4-suits", 500)):
        page = open_at(browser, server, contexts, path, START, width=360, height=740)
        expect_score(page, start)
        box = page.locator("#c-score").bounding_box()
        assert box is not None and box["width"] > 5 and box["x"] + box["width"] < 360
        assert score(page) == start
        assert not page.js_errors
