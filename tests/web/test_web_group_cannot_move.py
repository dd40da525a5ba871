"""A tapped card whose group cannot move, in Debian's chromium at laptop size: the page says
why at once, in the rules' words and the player's language (as every refused move does), and
leaves nothing taken up. A group that could move but that no place takes just now stays taken
up: a tap on a place then says why that place does not take it.

The position is issue 40's: Spider 1 suit deal 2407, column 6 reading 3♠ 9♠ 5♠ 4♠ 3♠ 2♠ A♠ 8♠
7♠ … 2♠ (its upper 2♠ heads 2♠ A♠ 8♠ …, and a lower copy of the 2♠ lies at its foot)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.reasons import RANK, RUN_NOT_ORDERED
from tests.web.test_web_spider_browser import seeded
from tests.web.web_helpers import moves_shown, wait_moves

DEAL = 2407
# Random legal moves from the deal that reach the column issue 40 met.
# fmt: off
LINE = [
    "3:8S>4", "6:7S>2", "10:5S>3", "1:QS>7", "3:6S>2", "4:9S>5", "7:QS>8", "s", "9:7S>8", "6:AS>9",
    "s", "3:JS>2", "1:5S>9", "8:TS>2", "4:4S>9", "9:4S>4", "2:TS>3", "4:4S>9", "9:5S>10", "9:6S>8",
    "10:4S>4", "4:4S>10", "10:4S>4", "s", "9:3S>2", "4:4S>6", "6:4S>4", "s", "2:9S>4", "10:7S>8",
    "8:8S>4", "4:TS>7", "9:2S>2", "7:8S>1", "9:AS>3", "1:7S>10", "10:7S>1", "9:2S>4", "1:7S>10",
    "10:8S>7", "3:AS>4", "7:TS>6", "6:JS>8", "4:4S>9", "9:4S>6", "s", "10:2S>9", "7:7S>6",
    "2:6S>6", "2:4S>5", "2:QS>4", "5:5S>6",
]
# fmt: on
COLUMN = 5  # column 6, 0-based


@pytest.fixture(scope="module")
def game() -> Spider:
    g = Spider(DEAL, rules=SpiderRules(suits=1))
    for text in LINE:
        g.push(g.parse_move(text))
    up = [c.text() for c in g.face_up(COLUMN)]
    assert " ".join(up) == "3S 9S 5S 4S 3S 2S AS 8S 7S 6S 5S 4S 3S 2S"
    return g


def open_page(page_factory: Any, locale: str = "en-US") -> Any:
    page = page_factory("/spider/1-suit", storage=seeded(1, DEAL, LINE), locale=locale)
    wait_moves(page, len(LINE))
    return page


def tap_at(page: Any, game: Spider, k: int) -> None:
    """Tap the face-up card ``k`` of column 6 (on the strip of it the player sees)."""
    index = game.face_down_count(COLUMN) + k
    page.locator(f'#board .card[data-pile="c{COLUMN}"][data-index="{index}"]').click(
        position={"x": 6, "y": 4}
    )


def expect_refused(page: Any, words: str) -> None:
    expect(page.locator("#toast.show")).to_have_text(words)
    expect(page.locator("#announce")).to_have_text(words)
    expect(page.locator("#board .selected")).to_have_count(0)
    assert page.locator("#board .target").count() == 0
    assert moves_shown(page) == len(LINE)


def test_the_upper_two_says_its_cards_are_no_run(page_factory: Any, game: Spider) -> None:
    """Issue 40's tap: the upper 2♠ (a lower copy of the column's 2♠: a move names the topmost
    one) is refused with the engine's ``run-not-ordered``, by its name in the game's texts."""
    page = open_page(page_factory)
    tap_at(page, game, 5)
    expect_refused(page, RUN_NOT_ORDERED.en)
    assert not page.js_errors


def test_a_group_out_of_order_says_why_in_the_players_language(
    page_factory: Any, game: Spider
) -> None:
    """The 9♠ heads 9♠ 5♠ 4♠ …: the twin explains its move to each place alike, and the page
    says that reason in Russian."""
    for to in [*range(10), "f"]:
        if to != COLUMN:
            dest = "f" if to == "f" else str(int(to) + 1)
            move = game.parse_move(f"{COLUMN + 1}:9S>{dest}")
            assert game.explain(move) == RUN_NOT_ORDERED
    page = open_page(page_factory, locale="ru-RU")
    tap_at(page, game, 1)
    expect_refused(page, RUN_NOT_ORDERED.ru)
    assert not page.js_errors


def test_a_run_with_no_place_now_stays_taken_up(page_factory: Any, game: Spider) -> None:
    """The 8♠ heads a run (8♠ to 2♠) that could move, but no column takes it now: it stays
    taken up, nothing is said against it, and a tap on a column gives that column's reason."""
    page = open_page(page_factory)
    tap_at(page, game, 7)
    expect(page.locator("#board .selected")).to_have_count(7)
    page.wait_for_timeout(400)
    assert page.locator("#toast.show").count() == 0
    assert page.locator("#board .target").count() == 0
    page.locator('#board .card[data-pile="c0"]').last.click(position={"x": 6, "y": 4})
    expect(page.locator("#toast.show")).to_have_text(RANK.en)
    assert moves_shown(page) == len(LINE)
    assert not page.js_errors
