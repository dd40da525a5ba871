"""The end of a Klondike game on the page: a dialog (not a passing message) when no move can
ever help, the full-information solver's "the win was lost at move N" when the player asks,
and the button that takes the game back there. Hints never judge the deal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka import Klondike, KlondikeRules
from tests.web.klondike_web import columns_shown, open_menu, players_line, position, record
from tests.web.klondike_web import saved as saved_game

NO_RETURN = KlondikeRules(draw=1, foundation_return=False)
STANDARD = KlondikeRules(draw=1)


@pytest.fixture(scope="module")
def stuck_line() -> list[str]:
    """Deal 71 (Draw 1, cards never come back from the foundations) as the no-peek player
    plays it, up to its 63rd move (the four of spades home), after which no card can ever move;
    the win was lost at move 10."""
    return players_line(71, NO_RETURN, until_stuck=True)


@pytest.fixture(scope="module")
def lost_line() -> list[str]:
    """Deal 6 (Draw 1, the standard rules), the first 40 moves of the no-peek player's line,
    which loses the win at move 11 (the game is lost, though cards can still move)."""
    return players_line(6, STANDARD)[:40]


def analysis_calls(page: Any) -> int:
    return sum(u.endswith("/api/klondike/analysis") for u in page.urls)


def inside_viewport(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and box["y"] + box["height"] <= size["height"]
    )


@pytest.mark.core  # for its speed: the analysis ends within its time
@pytest.mark.parametrize(
    ("width", "height", "locale"), [(360, 740, "ru-RU"), (740, 360, "en-US"), (1280, 800, "en-US")]
)
def test_a_stuck_game_opens_the_end_dialog_and_goes_back_to_where_the_win_was_lost(
    page_at: Any, stuck_line: list[str], width: int, height: int, locale: str, artifacts: Path
) -> None:
    ru = locale == "ru-RU"
    storage = saved_game(record(71, stuck_line[:-1], foundation_return=False))
    page = page_at("/klondike/draw-1/deal/71?return=0", width, height, locale, storage=storage)
    assert page.locator("#dlg-end[open]").count() == 0
    assert stuck_line[-1] == "4S>f"
    # The four of spades home (a double tap): with no way back, now nothing can ever move.
    page.locator('#board .card[data-card="4S"]').dblclick(position={"x": 10, "y": 6})
    dialog = page.locator("#dlg-end[open]")
    expect(dialog).to_be_visible()
    # The stock can still be turned, so moves remain, but none of them can help: the title says
    # so, and the text says plainly that the game is lost.
    assert page.inner_text("#end-h") == (
        "Полезных ходов не осталось" if ru else "No useful moves left"
    )
    assert ("эту партию уже не выиграть" if ru else "this game can no longer be won") in (
        page.inner_text("#end-text")
    )
    assert ("«Ещё можно выиграть?»" if ru else "“Still winnable?”") in page.inner_text("#end-tip")
    names = ["Отменить", "Заново", "Новая сдача"] if ru else ["Undo", "Restart", "New deal"]
    for name in names:
        button = dialog.get_by_role("button", name=name, exact=True)
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, name
        assert inside_viewport(page, button), name
    assert analysis_calls(page) == 0  # the solver is asked only when the player asks
    ask = page.locator("#end-ask")
    assert inside_viewport(page, ask)
    ask.click()
    expect(page.locator("#end-answer")).to_contain_text("ходу 10" if ru else "move 10")
    jump = page.locator("#end-jump")
    expect(jump).to_have_text("Вернуться к ходу 10" if ru else "Go back to move 10")
    page.screenshot(path=str(artifacts / f"klondike-end-{width}x{height}.png"))
    jump.click()
    expect(page.locator("#c-moves")).to_have_text("9")
    assert page.locator("#dlg-end[open]").count() == 0
    assert columns_shown(page) == position(71, stuck_line[:9], NO_RETURN)
    # The moves after it can be made again, one by one.
    assert page.locator("#btn-redo").is_enabled()
    page.click("#btn-redo")
    expect(page.locator("#c-moves")).to_have_text("10")
    assert analysis_calls(page) == 1
    assert not page.js_errors


def test_the_end_dialog_offers_undo_restart_and_a_new_deal(
    page_at: Any, stuck_line: list[str]
) -> None:
    """A stuck game reloaded shows the dialog again; each of its buttons does what it says."""
    storage = saved_game(record(71, stuck_line, foundation_return=False))
    page = page_at("/klondike/draw-1/deal/71?return=0", 360, 740, storage=storage)
    expect(page.locator("#dlg-end[open]")).to_be_visible()
    page.click("#dlg-end button[value=undo]")
    expect(page.locator("#c-moves")).to_have_text(str(len(stuck_line) - 1))
    page.locator('#board .card[data-card="4S"]').dblclick(position={"x": 10, "y": 6})
    expect(page.locator("#dlg-end[open]")).to_be_visible()
    page.click("#dlg-end button[value=restart]")
    expect(page.locator("#c-moves")).to_have_text("0")
    assert columns_shown(page) == position(71, [], NO_RETURN)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#dlg-end[open]").count() == 0
    stuck = page_at("/", 1280, 800, storage=storage)
    expect(stuck.locator("#dlg-end[open]")).to_be_visible()
    stuck.click("#dlg-end button[value=new]")
    expect(stuck.locator("#deal-link")).not_to_have_text("#71")
    assert stuck.inner_text("#c-moves") == "0"


@pytest.mark.parametrize(("width", "height", "locale"), [(360, 740, "ru-RU"), (1280, 800, "en-US")])
def test_a_deal_lost_from_its_first_position_offers_a_new_deal_only(
    page_at: Any, width: int, height: int, locale: str
) -> None:
    """Draw 3 deal 10 is lost before any move (the dead-end search proves it as it is dealt):
    the dialog says the deal cannot be won from its first position and offers a new deal, not
    Undo or Restart (nothing to take back), nor where the win was lost (it never existed)."""
    ru = locale == "ru-RU"
    assert Klondike(10, rules=KlondikeRules(draw=3)).outcome() is not None
    page = page_at("/klondike/draw-3/deal/10", width, height, locale)
    dialog = page.locator("#dlg-end[open]")
    expect(dialog).to_be_visible()
    assert page.inner_text("#c-moves") == "0"
    title = "Эту сдачу не выиграть" if ru else "This deal cannot be won"
    assert page.inner_text("#end-h") == title
    assert ("с первой позиции" if ru else "from its first position") in page.inner_text("#end-text")
    for name in ["Отменить", "Заново"] if ru else ["Undo", "Restart"]:
        expect(dialog.get_by_role("button", name=name, exact=True)).to_have_count(0)
    assert page.locator("#end-ask").is_hidden() and page.locator("#end-tip").is_hidden()
    new = dialog.get_by_role("button", name="Новая сдача" if ru else "New deal", exact=True)
    assert inside_viewport(page, new)
    new.click()
    expect(page.locator("#deal-link")).not_to_have_text("#10")
    assert page.locator("#dlg-end[open]").count() == 0
    assert page.inner_text("#c-moves") == "0"
    assert not page.js_errors


@pytest.mark.core  # for its speed: the analysis ends within its time
@pytest.mark.parametrize(("width", "height", "locale"), [(360, 740, "ru-RU"), (1280, 800, "en-US")])
def test_still_winnable_is_in_the_menu_and_asks_only_when_pressed(
    page_at: Any, lost_line: list[str], width: int, height: int, locale: str
) -> None:
    """The "Still winnable?" button sits in the menu of a game in play (no option turns it
    on); the solver is asked only when it is pressed, and a hint never judges the deal."""
    ru = locale == "ru-RU"
    page = page_at("/", width, height, locale, storage=saved_game(record(6, lost_line)))
    # "Still winnable?" is in the menu from the start, with no option to dig for.
    open_menu(page)
    expect(page.locator("#btn-analysis")).to_be_visible()
    assert page.locator("#opt-winnable").count() == 0
    # A hint speaks of the next move only, never of whether the deal can still be won.
    page.click("body", position={"x": 5, "y": height // 2})
    page.click("#btn-hint")
    page.wait_for_selector("#toast.show")
    said = page.evaluate("() => window.__toasts")
    assert said and not [s for s in said if "no longer" in s or "уже не" in s]
    assert analysis_calls(page) == 0
    open_menu(page)
    page.click("#btn-analysis")
    answer = page.locator("#end-answer")
    expect(answer).to_contain_text("ходу 11" if ru else "The win was lost at move 11")
    expect(answer).to_contain_text("если знать закрытые карты" if ru else "hidden cards were known")
    page.click("#end-jump")
    expect(page.locator("#c-moves")).to_have_text("10")
    assert columns_shown(page) == position(6, lost_line[:10], STANDARD)
    # From here a win still exists, and the page says so in the server's honest words.
    open_menu(page)
    page.click("#btn-analysis")
    expect(answer).to_have_text(
        "Эту партию ещё можно выиграть, если знать закрытые карты."
        if ru
        else "This deal could still be won if the hidden cards were known."
    )
    assert page.locator("#end-jump").is_hidden()
    page.click("#end-close")
    assert analysis_calls(page) == 2
    assert not page.js_errors
