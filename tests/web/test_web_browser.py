"""The game in a real browser: Debian's chromium (through Playwright) against ``kosynka serve``
started by the fixtures. Every move here is made by taps, clicks or keys, as a player would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from kosynka import Klondike, KlondikeRules, Move
from tests.web.web_helpers import moves_shown, wait_moves

ROW = ["stock", "waste", None, "f0", "f1", "f2", "f3"]


def card(page: Any, code: str) -> Any:
    return page.locator(f'#board .card[data-card="{code}"]')


def tap_card(page: Any, code: str) -> None:
    """Tap the visible top strip of a card (cards on it cover the rest)."""
    card(page, code).click(position={"x": 12, "y": 6})


def tap_stock(page: Any) -> None:
    pile = page.locator('#board [data-key="stock"]')
    if pile.count():
        pile.click()
    else:
        page.locator('#board .slot[data-pile="stock"]').click()


def play_by_taps(page: Any, move: str) -> None:
    """Make one move the way a player does: tap the stock, or tap a card then a lit place."""
    before = moves_shown(page)
    if move in ("s", "r"):
        tap_stock(page)
    else:
        code, dest = move.split(">")
        tap_card(page, code)
        pile = "f" if dest == "f" else f"c{int(dest) - 1}"
        sel = (
            '#board .target[data-pile^="f"]'
            if pile == "f"
            else f'#board .target[data-pile="{pile}"]'
        )
        page.locator(sel).first.click(position={"x": 12, "y": 6})
    wait_moves(page, before + 1)


def table_state(page: Any) -> list[tuple[str, str, str]]:
    """Every card element on the table: its card (or key), pile and place."""
    rows: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('#board .card')].map(
            el => [el.dataset.card || el.dataset.key, el.dataset.pile, el.style.transform])"""
    )
    return sorted((a, b, c) for a, b, c in rows)


def test_win_deal_by_taps_then_collect(page_factory: Any, winning_line: dict[str, Any]) -> None:
    moves = winning_line["moves"]
    game = Klondike(winning_line["deal"], rules=KlondikeRules(draw=1))
    page = page_factory(f"/klondike/draw-1/deal/{winning_line['deal']}")
    assert page.inner_text("#deal-link") == f"#{winning_line['deal']}"
    played = 0
    while game.face_down_count():
        play_by_taps(page, moves[played])
        game.push(Move.parse(moves[played]))
        played += 1
        assert int(page.inner_text("#c-down")) == game.face_down_count()
    assert int(page.inner_text("#c-stock")) == game.stock_count()
    collect = page.locator("#btn-collect")
    collect.wait_for(state="visible")
    collect.click()
    page.wait_for_selector("#dlg-win[open]", timeout=30000)
    assert "52" in page.inner_text("#win-text")
    assert page.locator('#board .card[data-pile^="f"]').count() >= 4
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('kosynka.stats.v1'))")
    assert stats["draw-1"]["won"] == 1 and stats["draw-1"]["played"] == 1
    assert stats["draw-1"]["fewestMoves"] == moves_shown(page)
    assert not page.js_errors


def test_refused_move_names_the_rule_and_snaps_back(page_factory: Any) -> None:
    game = Klondike(9)
    refused = None
    for i in range(7):
        for j in range(7):
            src = game.column(i)[-1]
            m = Move(src, j)
            if i != j and (reason := game.explain(m)) is not None:
                refused = (src.text(), j, reason)
                break
        if refused:
            break
    assert refused is not None
    code, dest, reason = refused
    page = page_factory("/klondike/draw-1/deal/9")
    before = table_state(page)
    tap_card(page, code)
    top = game.column(dest)[-1].text()
    tap_card(page, top)
    page.wait_for_selector("#toast.show")
    assert page.inner_text("#toast") == reason.en
    expect(page.locator("#announce")).to_have_text(reason.en)
    assert moves_shown(page) == 0
    page.wait_for_timeout(300)
    assert table_state(page) == before
    # Dragging onto a refused place springs back too.
    box = card(page, code).bounding_box()
    target = card(page, top).bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + 6)
    page.mouse.down()
    page.mouse.move(target["x"] + 20, target["y"] + 30, steps=6)
    page.mouse.up()
    page.wait_for_timeout(400)
    assert moves_shown(page) == 0 and table_state(page) == before


def test_reload_restores_the_same_move(page_factory: Any, winning_line: dict[str, Any]) -> None:
    page = page_factory("/klondike/draw-1/deal/9")
    for m in winning_line["moves"][:5]:
        play_by_taps(page, m)
    before = table_state(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert moves_shown(page) == 5
    assert table_state(page) == before
    assert page.url.endswith("/klondike/draw-1/deal/9")


def test_undo_and_redo(page_factory: Any, winning_line: dict[str, Any]) -> None:
    page = page_factory("/klondike/draw-1/deal/9")
    play_by_taps(page, winning_line["moves"][0])
    after_one = table_state(page)
    play_by_taps(page, winning_line["moves"][1])
    after_two = table_state(page)
    page.keyboard.press("Control+z")
    wait_moves(page, 1)
    page.wait_for_timeout(250)
    assert table_state(page) == after_one
    page.keyboard.press("Control+y")
    wait_moves(page, 2)
    page.wait_for_timeout(250)
    assert table_state(page) == after_two
    page.click("#btn-undo")
    wait_moves(page, 1)
    page.click("#btn-undo")
    wait_moves(page, 0)
    assert page.locator("#btn-undo").is_disabled()
    page.keyboard.press("Control+Shift+z")
    wait_moves(page, 1)
    page.click("#btn-redo")
    wait_moves(page, 2)
    page.wait_for_timeout(250)
    assert table_state(page) == after_two
    assert page.locator("#btn-redo").is_disabled()


def test_double_tap_sends_home(page_factory: Any) -> None:
    page = page_factory("/klondike/draw-1/deal/9")
    card(page, "AD").dblclick(position={"x": 12, "y": 6})
    wait_moves(page, 1)
    assert card(page, "AD").get_attribute("data-pile") == "f0"


def test_draw_three_plays_only_the_top_card(page_factory: Any) -> None:
    game = Klondike(12345, rules=KlondikeRules(draw=3))
    game.push(Move.draw())
    shown = [c.text() for c in game.waste()]
    page = page_factory("/klondike/draw-3/deal/12345")
    assert page.get_attribute("#draw3", "aria-pressed") == "true"
    tap_stock(page)
    wait_moves(page, 1)
    waste = page.locator('#board .card[data-pile="waste"]')
    assert waste.count() == 3
    assert int(page.inner_text("#c-stock")) == 21
    for code in shown[:-1]:
        assert card(page, code).get_attribute("role") == "img"
        tap_card(page, code)
        assert page.locator("#board .selected").count() == 0
    top = shown[-1]
    assert card(page, top).get_attribute("role") == "button"
    tap_card(page, top)
    assert card(page, top).get_attribute("class").count("selected") == 1


def focused_pile(page: Any) -> str | None:
    pile: str | None = page.evaluate(
        "() => { const e = document.activeElement;"
        " return e && e.closest('#board') ? e.dataset.pile : null; }"
    )
    return pile


def _pos(pile: str) -> int:
    """A pile's place from the left: its column, or its place in the top row."""
    return int(pile[1:]) if pile.startswith("c") else ROW.index(pile)


def key_to_pile(page: Any, pile: str) -> None:
    """Move keyboard focus to ``pile`` with the arrow keys only."""
    for _ in range(40):
        if focused_pile(page) is not None:
            break
        page.keyboard.press("Tab")
    assert focused_pile(page) is not None, "Tab never reached the table"
    for _ in range(30):
        here = focused_pile(page)
        if here == pile:
            return
        here_top = not here.startswith("c")
        want_top = not pile.startswith("c")
        if here_top != want_top:
            page.keyboard.press("ArrowUp" if want_top else "ArrowDown")
            continue
        page.keyboard.press("ArrowRight" if _pos(pile) > _pos(here) else "ArrowLeft")
    raise AssertionError(f"could not reach {pile} by keys (at {focused_pile(page)})")


def test_moves_by_keyboard_alone(page_factory: Any, winning_line: dict[str, Any]) -> None:
    page = page_factory("/klondike/draw-1/deal/9")
    game = Klondike(9)
    for count, m in enumerate(winning_line["moves"][:5], start=1):  # AD>f AS>f 2S>f s s
        move = Move.parse(m)
        if move.card is None:
            key_to_pile(page, "stock")
            page.keyboard.press("Enter")
        else:
            col = next(i for i in range(7) if move.card in game.face_up(i))
            key_to_pile(page, f"c{col}")
            page.keyboard.press("Enter")
            assert page.locator("#board .selected").count() >= 1
            key_to_pile(page, "f0" if move.to == 7 else f"c{move.to}")
            page.keyboard.press("Enter")
        wait_moves(page, count)
        game.push(move)
    # D draws from the stock, whatever has the focus.
    page.keyboard.press("d")
    wait_moves(page, 6)
    # The table is one tab stop (arrow keys move inside it).
    assert page.locator('#board [tabindex="0"]').count() == 1
    # Escape puts a picked-up card back.
    key_to_pile(page, "waste")
    page.keyboard.press("Enter")
    assert page.locator("#board .selected").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#board .selected").count() == 0
    assert page.evaluate("() => document.activeElement.matches(':focus-visible')")


def test_accessible_names_in_both_languages(page_factory: Any) -> None:
    game = Klondike(9)
    top = game.column(6)[-1]
    page = page_factory("/klondike/draw-1/deal/9")
    assert card(page, top.text()).get_attribute("aria-label") == f"{top.name('en')}, column 7"
    down = "#board .card.down:not(.stockpile)"
    assert page.locator(down).first.get_attribute("aria-label") == "face-down card"
    ru = page_factory("/klondike/draw-1/deal/9", locale="ru-RU")
    assert ru.evaluate("() => document.documentElement.lang") == "ru"
    assert card(ru, top.text()).get_attribute("aria-label") == f"{top.name('ru')}, столбец 7"
    assert ru.locator(down).first.get_attribute("aria-label") == "карта рубашкой вверх"
    assert "Ходы" in ru.inner_text(".status")
    ru.click("#btn-lang")
    assert ru.evaluate("() => document.documentElement.lang") == "en"
    assert "Moves" in ru.inner_text(".status")


def test_screenshots_phone_and_desktop(
    page_factory: Any, winning_line: dict[str, Any], artifacts: Path, server: str
) -> None:
    for width, height in ((360, 740), (1280, 800)):
        page = page_factory("/klondike/draw-1/deal/9", width=width, height=height)
        for m in winning_line["moves"][:12]:
            play_by_taps(page, m)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        for code in ("KD", "QC"):
            box = card(page, code).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        page.wait_for_timeout(300)  # let the last card land
        page.screenshot(path=str(artifacts / f"web-{width}.png"))
        assert not page.js_errors
        foreign = [u for u in page.urls if not u.startswith(server) and not u.startswith("data:")]
        assert not foreign, f"the page loaded files from other sites: {foreign}"


def test_drag_and_drop_moves_a_card(page_factory: Any) -> None:
    game = Klondike(2)
    move = next(m for m in game.legal_moves if m.card is not None and m.to < 7)
    assert move.card is not None
    page = page_factory("/klondike/draw-1/deal/2")
    src = card(page, move.card.text()).bounding_box()
    dest = card(page, game.column(move.to)[-1].text()).bounding_box()
    page.mouse.move(src["x"] + 12, src["y"] + 8)
    page.mouse.down()
    page.mouse.move(dest["x"] + 20, dest["y"] + 40, steps=8)
    page.mouse.up()
    wait_moves(page, 1)
    assert card(page, move.card.text()).get_attribute("data-pile") == f"c{move.to}"
    game.push(move)
    assert int(page.inner_text("#c-down")) == game.face_down_count()


def test_auto_move_option_and_its_undo(page_factory: Any) -> None:
    page = page_factory("/klondike/draw-1/deal/9")
    page.click("#btn-options")
    page.check("#opt-auto")
    page.click("#dlg-options button[value=ok]")
    card(page, "AD").dblclick(position={"x": 12, "y": 6})
    wait_moves(page, 3)  # AD home, then the game sends AS and 2S (safe) by itself
    assert card(page, "2S").get_attribute("data-pile").startswith("f")
    page.keyboard.press("Control+z")  # one undo takes back the move and what followed it
    wait_moves(page, 0)
    page.keyboard.press("Control+y")
    wait_moves(page, 3)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('kosynka.options.v1')).auto")
    page.keyboard.press("Control+z")
    wait_moves(page, 0)
