"""The FreeCell page in a real browser: Debian's chromium (through Playwright) against
``kosynka serve``. Every move is made by taps, drags or keys, as a player would; the engine
follows along to check what the page shows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka.games.freecell import FreeCell, Move
from kosynka.games.freecell.reasons import supermove_too_long
from kosynka.web.games.freecell import ADAPTER
from tests.web.web_helpers import moves_shown, tap, wait_moves

DATA = Path(__file__).parent / "data"
SUITS = "CDHS"


@pytest.fixture(scope="module")
def win_line() -> dict[str, Any]:
    """The recorded winning line of deal 15 with the auto option (see its ``about``)."""
    data: dict[str, Any] = json.loads((DATA / "freecell15_auto_win.json").read_text())
    return data


def card(page: Any, code: str) -> Any:
    return page.locator(f'#board .card[data-card="{code}"]')


def tap_card(page: Any, code: str) -> None:
    """Tap the visible top strip of a card (cards on it cover the rest)."""
    card(page, code).click(position={"x": 8, "y": 5})


def target_for(move: Move) -> str:
    """The selector of the lit place a move goes to."""
    if move.to == 8:
        return f'#board .target[data-pile="f{move.card.suit}"]'
    if move.is_to_cell:
        return '#board .target[data-pile^="cell"]'
    return f'#board .target[data-pile="c{move.to}"]'


def play_by_taps(page: Any, game: FreeCell, move: Move, auto: bool = False) -> None:
    """Tap the card, then its lit destination; check the page took the move (and, with the
    auto option, the safe cards that follow it) as the engine does."""
    before = moves_shown(page)
    tap(page, card(page, move.card.text()), 8, 5)
    tap(page, page.locator(target_for(move)).first, 8, 5)
    game.push(move)
    n = 1
    while auto and not game.is_won() and (safe := ADAPTER.safe_moves(game)):
        game.push(safe[0])
        n += 1
    wait_moves(page, before + n)


def table_state(page: Any) -> list[tuple[str, str, str]]:
    rows: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('#board .card')].map(
            el => [el.dataset.key, el.dataset.pile, el.style.transform])"""
    )
    return sorted((a, b, c) for a, b, c in rows)


def saved_game(record: dict[str, Any]) -> dict[str, Any]:
    """What the page keeps in localStorage for a game in progress."""
    return {
        "kosynka.game.v1.freecell": {
            "record": record, "redo": [], "autos": [], "elapsed": 0, "counted": True,
            "wonCounted": False,
        }
    }  # fmt: skip


def record(deal: int, moves: list[str]) -> dict[str, Any]:
    return {
        "game": "freecell",
        "rules": {"cells": 4, "foundation_return": True},
        "deal": {"number": deal, "numbering": "ms", "source": "chosen"},
        "moves": moves,
    }


def test_win_a_deal_by_taps(
    page_factory: Any, win_line: dict[str, Any], freecell_line: list[str]
) -> None:
    # Reduced motion (the page then moves cards without sliding) keeps this long game quick.
    page = page_factory(f"/freecell/deal/{win_line['deal']}", motion="reduce")
    assert page.inner_text("#deal-link") == f"#{win_line['deal']}"
    page.click("#btn-options")
    page.check("#opt-auto")
    page.click("#dlg-options button[value=ok]")
    game = FreeCell(win_line["deal"])
    for text in win_line["moves"]:
        play_by_taps(page, game, Move.parse(text), auto=True)
    assert game.is_won()  # the last safe cards went home by themselves
    page.wait_for_selector("#dlg-win[open]", timeout=30000)
    assert "52" in page.inner_text("#win-text")
    assert int(page.inner_text("#c-home")) == 52
    assert page.locator('#board .card[data-pile^="f"]').count() >= 4
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('kosynka.stats.v1'))")
    assert stats["freecell"]["won"] == 1 and stats["freecell"]["played"] == 1
    assert stats["freecell"]["fewestMoves"] == moves_shown(page) == len(freecell_line)
    assert not page.js_errors


def test_collect_once_every_column_is_in_order(
    page_factory: Any, win_line: dict[str, Any], freecell_line: list[str]
) -> None:
    line = freecell_line
    game = FreeCell(win_line["deal"])
    for k, text in enumerate(line):  # the first position the plain collect finishes
        game.push(Move.parse(text))
        if ADAPTER.collect_possible(game):
            line = line[: k + 1]
            break
    page = page_factory("/freecell", storage=saved_game(record(win_line["deal"], line)))
    wait_moves(page, len(line))
    assert int(page.inner_text("#c-home")) == sum(game.foundation_counts()) < 52
    assert int(page.inner_text("#c-free")) == game.free_cell_count()
    # "Max run": the longest group that can move onto a card, which the supermove rule would
    # put far above anything a column can hold here (several empty columns).
    on_cards = sum(len(game.column(i)) for i in range(8))
    assert game.supermove_limit() > 12
    assert int(page.inner_text("#c-longest")) == min(12, on_cards - 1)
    collect = page.locator("#btn-collect")
    collect.wait_for(state="visible")
    collect.click()
    page.wait_for_selector("#dlg-win[open]", timeout=30000)
    assert int(page.inner_text("#c-home")) == 52
    assert not page.js_errors


def _supermove_setup() -> tuple[list[str], Move, Move]:
    """A line from deal 15 to a position where an ordered run is too long to move onto a card
    for the room the board has, and the line's next moves free the room for it: (the line,
    the refused move, the move that frees a cell)."""
    game = FreeCell(15)
    line: list[str] = []
    # The player's own line of deal 15 reaches such a position; look for the first one.
    data = json.loads((DATA / "freecell15_auto_win.json").read_text())
    for text in data["moves"]:
        for m in _run_moves(game):
            reason = game.explain(m)
            if reason is not None and reason.code == "supermove-too-long":
                free = _freeing_move(game, m)
                if free is not None:
                    return line, m, free
        move = Move.parse(text)
        game.push(move)
        line.append(text)
        while safe := ADAPTER.safe_moves(game):
            game.push(safe[0])
            line.append(str(safe[0]))
    raise AssertionError("no refused supermove on the recorded line")


def _run_moves(game: FreeCell) -> Iterator[Move]:
    """Moves of an ordered run (two cards or more) onto the top card of another column."""
    for i in range(8):
        col = game.column(i)
        j = len(col) - 1
        while j > 0 and col[j - 1].rank == col[j].rank + 1 and col[j - 1].is_red != col[j].is_red:
            j -= 1
            for k in range(8):
                if k != i and game.column(k):
                    yield Move(col[j], k)


def _freeing_move(game: FreeCell, refused: Move) -> Move | None:
    """A move out of a free cell, onto a column other than the run's, after which ``refused``
    becomes legal."""
    for m in game.legal_move_list():
        if m.card not in game.cells() or m.to == refused.to or m.to >= 8:
            continue
        probe = game.copy(stack=False)
        probe.push(m)
        if probe.explain(refused) is None:
            return m
    return None


def test_refused_supermove_names_the_rule_then_goes_once_there_is_room(page_factory: Any) -> None:
    line, refused, free = _supermove_setup()
    game = FreeCell(15)
    for text in line:
        game.push(Move.parse(text))
    reason = game.explain(refused)
    assert reason is not None and reason.code == "supermove-too-long"
    page = page_factory("/freecell", storage=saved_game(record(15, line)))
    wait_moves(page, len(line))
    assert int(page.inner_text("#c-longest")) == game.supermove_limit()
    before = table_state(page)
    tap_card(page, refused.card.text())
    top = game.column(refused.to)[-1].text()
    assert page.locator(f'#board .target[data-card="{top}"]').count() == 0  # not lit
    tap_card(page, top)
    page.wait_for_selector("#toast.show")
    assert page.inner_text("#toast") == reason.en == supermove_too_long(game.supermove_limit()).en
    expect(page.locator("#announce")).to_have_text(reason.en)
    assert moves_shown(page) == len(line)
    page.wait_for_timeout(300)
    assert table_state(page) == before
    # Free a cell: the same run now moves as one move.
    play_by_taps(page, game, free)
    play_by_taps(page, game, refused)
    group = game.column(refused.to)
    moved = group[group.index(refused.card) :]
    assert len(moved) >= 2
    for c in moved:
        assert card(page, c.text()).get_attribute("data-pile") == f"c{refused.to}"
    assert not page.js_errors


def test_reload_keeps_the_game_and_undo_redo(page_factory: Any, win_line: dict[str, Any]) -> None:
    page = page_factory("/freecell/deal/15")
    game = FreeCell(15)
    for text in win_line["moves"][:3]:
        play_by_taps(page, game, Move.parse(text))
    after_three = table_state(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert moves_shown(page) == 3
    assert table_state(page) == after_three
    assert page.url.endswith("/freecell/deal/15")
    play_by_taps(page, game, Move.parse(win_line["moves"][3]))
    page.keyboard.press("Control+z")
    wait_moves(page, 3)
    page.wait_for_timeout(250)
    assert table_state(page) == after_three
    page.click("#btn-undo")
    wait_moves(page, 2)
    page.click("#btn-redo")
    wait_moves(page, 3)
    page.keyboard.press("Control+y")
    wait_moves(page, 4)
    assert page.locator("#btn-redo").is_disabled()


def test_double_tap_home_drag_and_free_cells(page_factory: Any) -> None:
    game = FreeCell(15)
    page = page_factory("/freecell/deal/15")
    # A double tap sends a card home when it can go there...
    ace = game.column(0)[-1]
    assert ace.text() == "AH" and game.explain(Move(ace, 8)) is None
    card(page, "AH").dblclick(position={"x": 8, "y": 5})
    wait_moves(page, 1)
    assert card(page, "AH").get_attribute("data-pile") == "f2"
    game.push(Move(ace, 8))
    # ... and into a free cell when it cannot.
    top = game.column(1)[-1]
    assert game.explain(Move(top, 8)) is not None
    card(page, top.text()).dblclick(position={"x": 8, "y": 5})
    wait_moves(page, 2)
    assert card(page, top.text()).get_attribute("data-pile") == "cell0"
    game.push(Move(top, 9))
    assert int(page.inner_text("#c-free")) == 3
    # A tap lights every empty free cell; a tap on the third one puts the card there.
    second = game.column(2)[-1]
    tap_card(page, second.text())
    assert page.locator('#board .slot.target[data-pile^="cell"]').count() == 3
    page.click('#board .slot[data-pile="cell2"]')
    wait_moves(page, 3)
    assert card(page, second.text()).get_attribute("data-pile") == "cell2"
    game.push(Move(second, 12))
    # Drag a card from a free cell to a column that takes it, or to the last empty cell.
    move = next((m for m in game.legal_move_list() if m.card in (top, second) and m.to < 8), None)
    moving = move.card if move else top
    # Once the card has landed: a card still in flight takes no input (the press would go to
    # what lies under it).
    expect(page.locator("#board .card.moving")).to_have_count(0)
    src = card(page, moving.text()).bounding_box()
    if move is not None:
        dest = card(page, game.column(move.to)[-1].text()).bounding_box()
    else:
        dest = page.locator('#board .slot[data-pile="cell3"]').bounding_box()
    page.mouse.move(src["x"] + 10, src["y"] + 8)
    page.mouse.down()
    page.mouse.move(dest["x"] + 20, dest["y"] + 30, steps=8)
    page.mouse.up()
    wait_moves(page, 4)
    want = f"c{move.to}" if move is not None else "cell3"
    assert card(page, moving.text()).get_attribute("data-pile") == want
    assert not page.js_errors


def test_phone_layout_russian_and_keyboard(page_factory: Any, artifacts: Path, server: str) -> None:
    page = page_factory("/freecell/deal/15", width=360, height=740, locale="ru-RU")
    assert page.evaluate("() => document.documentElement.lang") == "ru"
    assert "В домах" in page.inner_text(".status")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    for el in page.locator(
        "header button:visible, header a:visible, footer button:visible, "
        "header select:visible, .status button:visible, .status a:visible"
    ).all():
        box = el.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, el.evaluate("e => e.outerHTML")
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('#board .card')].map(e => e.getBoundingClientRect())"
        ".map(r => [r.left, r.right])"
    )
    assert len(boxes) == 52 and all(a >= 0 and b <= 360 for a, b in boxes)
    game = FreeCell(15)
    top = game.column(0)[-1]
    assert card(page, top.text()).get_attribute("aria-label") == f"{top.name('ru')}, столбец 1"
    # Keyboard: Tab into the table, Enter picks up column 1's top card, Up (past the column's
    # cards) reaches the first free cell, Enter puts it there.
    for _ in range(40):
        if page.evaluate("() => !!document.activeElement.closest('#board')"):
            break
        page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.dataset.pile")
    assert focused == "c0"
    page.keyboard.press("Enter")
    assert page.locator("#board .selected").count() == 1
    for _ in range(10):  # up the column's cards, then to the free cell above it
        page.keyboard.press("ArrowUp")
        if page.evaluate("() => document.activeElement.dataset.pile") == "cell0":
            break
    assert page.evaluate("() => document.activeElement.dataset.pile") == "cell0"
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    assert card(page, top.text()).get_attribute("data-pile") == "cell0"
    expect(page.locator("#announce")).to_contain_text("свободную ячейку")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "freecell-360.png"))
    foreign = [u for u in page.urls if not u.startswith(server) and not u.startswith("data:")]
    assert not foreign
    assert not page.js_errors


def test_a_deal_number_out_of_range_says_so_in_words(page_factory: Any) -> None:
    # One past Microsoft's last deal: the not-found page in the player's words, with the way
    # back to the game; the last deal itself is a game.
    page = page_factory("/freecell/deal/8589934592", ready=False, console_errors=False)
    assert page.title() == "No such page"
    assert "There is no game at this address." in page.inner_text("body")
    assert page.locator('a[href="/freecell"]').count() == 1
    last = page_factory("/freecell/deal/8589934591")
    assert last.inner_text("#deal-link") == "#8589934591"
