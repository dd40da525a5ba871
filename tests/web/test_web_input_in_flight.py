"""Taps while cards are in flight (motion on, as most players have it), in Debian's chromium:
a card flying to another pile takes no input, so a tap lands on the card the player sees under
it; a tap made while a move is under way (its cards landing before a finished run leaves) waits
for the move's table instead of being lost.

The position is the one issue 40 met: Spider 2 suits deal 303 (easy), on the starter library's
winning line. Its move 72, ``3:2S>6``, completes a run in column 6, which flies to the first
place for runs, over column 3; the line's next move is ``8:6H>3``, the 6 of hearts onto the
7 of hearts the run flies over."""

from __future__ import annotations

from typing import Any

import pytest

from kosynka.library.starter import read_starter
from tests.web.page_extras import stored
from tests.web.test_web_spider_browser import card_in, seeded
from tests.web.web_helpers import moves_shown, wait_moves

DEAL = 303
RUN_MOVE = 72  # the index of 3:2S>6 on the line (72 moves made before it)

# Every press on the page is noted: where it was, whether a card in flight covered that
# point, and the moves counter at that moment.
WATCH = """() => {
  window.presses = [];
  addEventListener("pointerdown", (e) => {
    const flying = [...document.querySelectorAll("#board .card.moving")].some((c) => {
      const r = c.getBoundingClientRect();
      const x = e.clientX, y = e.clientY;
      return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
    });
    presses.push({ flying, moves: document.getElementById("c-moves").textContent });
  }, true);
}"""

# Resolves with the point at the top of the 7 of hearts in column 3 (the side the run flies to,
# where its cards slow down as they arrive) the moment a card in flight covers it; null if none
# does within 3 s.
UNDER_FLIGHT = """() => new Promise((done) => {
  const seven = document.querySelector('#board .card[data-pile="c2"][data-card="7H"]');
  const t0 = performance.now();
  const look = () => {
    const s = seven.getBoundingClientRect();
    const x = s.left + s.width / 2, y = s.top + 4;
    for (const c of document.querySelectorAll("#board .card.moving")) {
      const r = c.getBoundingClientRect();
      const inside = x > r.left + 2 && x < r.right - 2 && y > r.top + 2 && y < r.bottom - 2;
      if (inside) return done([x, y]);
    }
    if (performance.now() - t0 > 3000) return done(null);
    requestAnimationFrame(look);
  };
  look();
})"""
ATTEMPTS = 8  # a card crosses a point in a few frames: the tap may come just after it


@pytest.fixture(scope="module")
def line() -> list[str]:
    """The starter library's winning line of Spider 2 suits deal 303."""
    row = next(
        r
        for r in read_starter(game="spider")
        if r.deal == DEAL and r.rules_text == "suits=2" and r.solution
    )
    moves = row.solution.split()
    assert moves[RUN_MOVE] == "3:2S>6" and moves[RUN_MOVE + 1] == "8:6H>3"
    return moves


def centre(page: Any, locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + 6


def open_before_the_run(page_factory: Any, line: list[str]) -> Any:
    page = page_factory(f"/spider/2-suits/deal/{DEAL}", storage=seeded(2, DEAL, line[:RUN_MOVE]))
    wait_moves(page, RUN_MOVE)
    assert not page.still  # motion on: the cards fly
    page.evaluate(WATCH)
    return page


def played(page: Any) -> list[str]:
    moves: list[str] = stored(page, "kosynka.game.v1.spider-2")["record"]["moves"]
    return moves


def test_a_tap_under_a_flying_run_lands_on_the_card_beneath(
    page_factory: Any, line: list[str]
) -> None:
    """The tap on the 7 of hearts lands on it while the run flies over it: every try makes the
    move; the test tries again until one tap was made with a card in flight over that point."""
    for _ in range(ATTEMPTS):
        page = open_before_the_run(page_factory, line)
        # The run's last card goes onto column 6: the run is complete and flies off.
        page.mouse.click(*centre(page, card_in(page, 2, "2S")))
        page.mouse.click(*centre(page, page.locator('#board .target[data-pile="c5"]')))
        wait_moves(page, RUN_MOVE + 1)
        # At once, the 6 of hearts, then the lit 7 of hearts while the run flies over it.
        page.mouse.click(*centre(page, card_in(page, 7, "6H")))
        assert page.locator('#board .target[data-pile="c2"][data-card="7H"]').count() == 1
        point = page.evaluate(UNDER_FLIGHT)
        if point is None:  # no frame showed a card over it (a machine too busy to draw)
            page.context.close()
            continue
        page.mouse.click(*point)
        wait_moves(page, RUN_MOVE + 2)
        assert played(page)[-1] == "8:6H>3" == line[RUN_MOVE + 1]
        assert page.locator("#toast.show.warn").count() == 0
        assert page.inner_text("#c-runs") == "1/8"
        assert not page.js_errors
        if page.evaluate("presses")[-1]["flying"]:
            return
        page.context.close()
    raise AssertionError(f"in {ATTEMPTS} tries no tap came while a card flew over the 7 of hearts")


def test_taps_while_the_move_is_under_way_are_made_once_it_is_shown(
    page_factory: Any, line: list[str]
) -> None:
    page = open_before_the_run(page_factory, line)
    six = centre(page, card_in(page, 7, "6H"))
    seven = centre(page, card_in(page, 2, "7H"))
    page.mouse.click(*centre(page, card_in(page, 2, "2S")))
    # The move, then at once the 6 of hearts and the 7 of hearts: both taps come while the
    # move is under way (its cards land, then the run leaves), and neither is lost.
    page.mouse.click(*centre(page, page.locator('#board .target[data-pile="c5"]')))
    page.mouse.click(*six)
    page.mouse.click(*seven)
    presses = page.evaluate("presses")
    assert [p["moves"] for p in presses[-2:]] == [str(RUN_MOVE)] * 2, "a tap came too late"
    wait_moves(page, RUN_MOVE + 2)
    assert played(page)[-2:] == line[RUN_MOVE : RUN_MOVE + 2]
    assert page.locator("#toast.show.warn").count() == 0
    assert moves_shown(page) == RUN_MOVE + 2
    assert not page.js_errors
