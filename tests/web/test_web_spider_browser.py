"""The Spider pages in a real browser: Debian's chromium (through Playwright) against
``kosynka serve``. Moves are made by taps, drags or keys, as a player would; the engine follows
along to check what the page shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from kosynka.games.spider import Move, Spider, SpiderRules
from kosynka.games.spider.reasons import DEAL_ONTO_EMPTY_COLUMN, RUN_NOT_ORDERED
from tests.web.web_helpers import moves_shown, tap, wait_moves


def card_in(page: Any, column: int, code: str) -> Any:
    """The topmost copy of ``code`` in ``column`` (0-based)."""
    return page.locator(f'#board .card[data-pile="c{column}"][data-card="{code}"]').last


def play_by_taps(page: Any, game: Spider, text: str) -> None:
    """Tap the stock for a deal, or the card then its lit column; check the page took it."""
    before = moves_shown(page)
    move = game.parse_move(text)
    if move.card is None:
        tap(page, page.locator('#board [data-key="stock"]'), 10, 10)
    else:
        assert move.source is not None
        tap(page, card_in(page, move.source, move.card.text()))
        tap(page, page.locator(f'#board .target[data-pile="c{move.to}"]'))
    game.push(move)
    wait_moves(page, before + 1)


def check_counters(page: Any, game: Spider) -> None:
    assert page.inner_text("#c-runs") == f"{game.runs_removed()}/8"
    assert int(page.inner_text("#c-down")) == game.face_down_count()
    assert int(page.inner_text("#c-rows")) == game.rows_left()


def table_state(page: Any) -> list[tuple[str, str, str]]:
    rows: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll('#board .card')].map(
            el => [el.dataset.card || el.dataset.key, el.dataset.pile, el.style.transform])"""
    )
    return sorted((a, b, c) for a, b, c in rows)


def seeded(suits: int, deal: int, moves: list[str]) -> dict[str, Any]:
    """localStorage holding a Spider game in progress."""
    record = {
        "game": "spider",
        "rules": {"suits": suits},
        "deal": {"number": deal, "numbering": "kpat", "source": "chosen"},
        "moves": moves,
    }
    game = {"record": record, "redo": [], "autos": [], "elapsed": 0, "counted": True,
            "wonCounted": False}  # fmt: skip
    return {f"kosynka.game.v1.spider-{suits}": game}


def test_one_suit_deal_by_taps_to_a_removed_run(
    page_factory: Any, spider_line: dict[str, Any]
) -> None:
    page = page_factory("/spider/1-suit/deal/10", motion="reduce")
    assert page.get_attribute("#suits1", "aria-pressed") == "true"
    game = Spider(10, rules=SpiderRules(suits=1))
    check_counters(page, game)
    refused = False
    for k, text in enumerate(spider_line["moves"][: spider_line["first_run"]]):
        if not refused and game.empty_columns():
            # The deal button is refused, with its reason, while a column is empty.
            page.click("#btn-deal")
            page.wait_for_selector("#toast.show")
            assert page.inner_text("#toast") == DEAL_ONTO_EMPTY_COLUMN.en
            assert game.explain(Move.deal()) == DEAL_ONTO_EMPTY_COLUMN
            assert moves_shown(page) == k
            refused = True
        play_by_taps(page, game, text)
        check_counters(page, game)
    assert refused and game.runs_removed() == 1
    assert page.locator('#board .card[data-pile="f0"]').count() == 13
    top = page.locator('#board .card[data-pile="f0"]:not(.inert)')
    assert top.get_attribute("data-card") == "KS"
    expect(page.locator("#announce")).to_contain_text("run of spades is complete")
    assert not page.js_errors


def test_the_last_move_wins(page_factory: Any, spider_line: dict[str, Any]) -> None:
    moves = spider_line["moves"]
    game = Spider(10, rules=SpiderRules(suits=1))
    for text in moves[:-1]:
        game.push(game.parse_move(text))
    page = page_factory("/spider/1-suit", storage=seeded(1, 10, moves[:-1]))
    wait_moves(page, len(moves) - 1)
    assert page.url.endswith("/spider/1-suit/deal/10")
    check_counters(page, game)
    play_by_taps(page, game, moves[-1])
    assert game.is_won()
    page.wait_for_selector("#dlg-win[open]", timeout=30000)
    assert "eight runs" in page.inner_text("#win-text")
    assert page.locator('#board .card[data-pile^="f"]').count() == 104
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('kosynka.stats.v1'))")
    assert stats["spider-1"]["won"] == 1 and stats["spider-1"]["fewestMoves"] == len(moves)
    assert not page.js_errors


def test_reload_undo_keyboard_and_a_lower_copy(
    page_factory: Any, spider_line: dict[str, Any]
) -> None:
    moves = spider_line["moves"]
    page = page_factory("/spider/1-suit", storage=seeded(1, 10, moves[:30]), locale="ru-RU")
    wait_moves(page, 30)
    game = Spider(10, rules=SpiderRules(suits=1))
    for text in moves[:30]:
        game.push(game.parse_move(text))
    assert "Собрано" in page.inner_text(".status")
    # Move 31 (by keyboard) leaves two face-up two of spades in column 8, the lower one
    # under other cards.
    move = game.parse_move(moves[30])
    assert move.source is not None and move.card is not None
    target = card_in(page, move.source, move.card.text())
    target.focus()
    page.keyboard.press("Enter")
    assert page.locator("#board .selected").count() >= 1
    for _ in range(12):
        here = page.evaluate("() => document.activeElement.dataset.pile")
        if here == f"c{move.to}":
            break
        page.keyboard.press("ArrowRight" if int(here[1:]) < move.to else "ArrowLeft")
    page.keyboard.press("Enter")
    wait_moves(page, 31)
    game.push(move)
    check_counters(page, game)
    after = table_state(page)
    # The lower copy does not head a run: tapping it is refused on the spot, in the engine's
    # words, and it is not left taken up.
    up = [c.text() for c in game.face_up(7)]
    assert up.count("2S") == 2 and up[-1] == "2S"
    index = game.face_down_count(7) + up.index("2S")
    lower = page.locator(f'#board .card[data-pile="c7"][data-index="{index}"]')
    assert lower.get_attribute("data-card") == "2S"
    lower.click(position={"x": 6, "y": 4})
    assert page.locator("#board .target").count() == 0
    page.wait_for_selector("#toast.show")
    assert page.inner_text("#toast") == RUN_NOT_ORDERED.ru
    expect(page.locator("#board .selected")).to_have_count(0)
    assert moves_shown(page) == 31
    # Reload: the same table; then undo and redo.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    wait_moves(page, 31)
    assert table_state(page) == after
    page.keyboard.press("Control+z")
    wait_moves(page, 30)
    page.click("#btn-redo")
    wait_moves(page, 31)
    page.wait_for_timeout(300)
    assert table_state(page) == after
    assert not page.js_errors


def test_ten_columns_on_a_phone(page_factory: Any, artifacts: Path, server: str) -> None:
    game = Spider(3, rules=SpiderRules(suits=4))
    moves: list[str] = []
    for _ in range(3):  # a few rows dealt and some moves, so the columns are long
        while True:
            m = next((m for m in game.legal_move_list() if m.card is not None), None)
            if m is None or len(moves) > 60:
                break
            game.push(m)
            moves.append(str(m))
            if len(moves) % 7 == 0:
                break
        if game.explain(Move.deal()) is None:
            game.push(Move.deal())
            moves.append("s")
    page = page_factory(
        "/spider/4-suits", width=360, height=740, storage=seeded(4, 3, moves), motion="reduce"
    )
    wait_moves(page, len(moves))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    # Every card fits across the screen, and every face-up card covered by the next one down
    # its column still shows its rank and suit.
    problems = page.evaluate(
        """() => {
          const out = [];
          const cards = [...document.querySelectorAll('#board .card')];
          for (const el of cards) {
            const r = el.getBoundingClientRect();
            if (r.left < 0 || r.right > 360) out.push('outside ' + el.dataset.key);
          }
          for (let c = 0; c < 10; c++) {
            const col = cards.filter(e => e.dataset.pile === 'c' + c && e.classList.contains('up'))
              .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
            for (let k = 0; k + 1 < col.length; k++) {
              const next = col[k + 1].getBoundingClientRect().top;
              for (const part of col[k].querySelectorAll('.r, .i')) {
                const bottom = part.getBoundingClientRect().bottom;
                if (bottom > next + 0.5) out.push('hidden ' + col[k].dataset.key);
              }
            }
          }
          return out;
        }"""
    )
    assert not problems
    # Controls stay at least 44 px.
    for el in page.locator(
        "header button:visible, header a:visible, footer button:visible, "
        ".status button:visible, .status a:visible"
    ).all():
        box = el.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, el.evaluate("e => e.outerHTML")
    # A move by taps on the phone.
    m = next(m for m in game.legal_move_list() if m.card is not None)
    assert m.source is not None and m.card is not None
    card_in(page, m.source, m.card.text()).click(position={"x": 4, "y": 3})
    page.locator(f'#board .target[data-pile="c{m.to}"]').click(position={"x": 4, "y": 3})
    wait_moves(page, len(moves) + 1)
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts / "spider-360.png"))
    foreign = [u for u in page.urls if not u.startswith(server) and not u.startswith("data:")]
    assert not foreign
    assert not page.js_errors
