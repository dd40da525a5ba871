"""The game played in the browser itself: for every variant of every game, after one visit and
with the network off (a reload included), moves, refusals with their reason in both languages,
undo, redo, restart, new deals from the four sources, the deal of the day, the counters and the
score, and a dead end's dialog all work; online, no request is sent per move. Debian's chromium
through Playwright against ``kosynka serve``; the Python rules say what the page must show."""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

from kosynka.games import game_spec
from kosynka.library.daily import daily_deal
from kosynka.library.starter import starter_index
from tests.web.page_extras import card, play, stored, tap_stock
from tests.web.web_helpers import moves_shown, wait_moves


@dataclass(frozen=True)
class Variant:
    """One variant's page: its game, address, rules (as the page's records hold them), where
    the page saves the game, a deal to play and the daily address part and options."""

    game: str
    path: str
    rules: dict[str, Any]
    save_key: str
    deal: int
    daily_part: str
    daily_choice: dict[str, Any]


VARIANTS = [
    Variant(
        "klondike",
        "/klondike/draw-1",
        {"draw": 1, "passes": None, "foundation_return": True},
        "kosynka.game.v1",
        12,
        "klondike/draw-1",
        {"draw": 1},
    ),
    Variant(
        "klondike",
        "/klondike/draw-3",
        {"draw": 3, "passes": None, "foundation_return": True},
        "kosynka.game.v1",
        31,
        "klondike/draw-3",
        {"draw": 3},
    ),
    Variant(
        "freecell",
        "/freecell",
        {"cells": 4, "foundation_return": True},
        "kosynka.game.v1.freecell",
        617,
        "freecell",
        {},
    ),
    Variant(
        "spider",
        "/spider/1-suit",
        {"suits": 1},
        "kosynka.game.v1.spider-1",
        5,
        "spider/1-suit",
        {"suits": 1},
    ),
    Variant(
        "spider",
        "/spider/2-suits",
        {"suits": 2},
        "kosynka.game.v1.spider-2",
        6,
        "spider/2-suits",
        {"suits": 2},
    ),
    Variant(
        "spider",
        "/spider/4-suits",
        {"suits": 4},
        "kosynka.game.v1.spider-4",
        7,
        "spider/4-suits",
        {"suits": 4},
    ),
]
IDS = [v.path.strip("/").replace("/", "-") for v in VARIANTS]

WATCH_TOASTS = """
window.__toasts = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('toast');
  if (el) new MutationObserver(() => { if (el.textContent) window.__toasts.push(el.textContent); })
    .observe(el, {childList: true, characterData: true, subtree: true});
});
"""


def python_game(v: Variant, number: int, moves: list[str] = ()) -> Any:  # type: ignore[assignment]
    """The Python game of ``v``'s deal ``number`` after ``moves``."""
    spec = game_spec(v.game)
    game = spec.deal(number, spec.make_rules(**v.rules), spec.default_numbering())
    for text in moves:
        game.push(game.parse_move(text))
    return game


def card_moves(game: Any) -> list[str]:
    """The legal moves that move a card from one column to another or home (what taps make)."""
    return [str(m) for m in game.legal_moves if ">" in str(m) and "c" not in str(m).split(">")[1]]


def make(page: Any, text: str) -> None:
    """Make a move as a player does: a card's by taps (``play``), a stock move by a tap on the
    stock; wait for it to count."""
    if ">" in text:
        play(page, text)
        return
    before = moves_shown(page)
    tap_stock(page)
    wait_moves(page, before + 1)


def a_move(game: Any) -> str:
    """A card move when there is one, else a stock move; one after which the game goes on
    when there is such a move (Draw 3 starter deal 1037's first card move, 6H>5, leaves it
    stuck, and the end dialog then covers the table)."""
    moves = card_moves(game) + [str(m) for m in game.legal_moves if ">" not in str(m)]
    moves = moves or [str(m) for m in game.legal_moves]
    for text in moves:
        after = game.copy()
        after.push(after.parse_move(text))
        if after.outcome() is None:
            return text
    return moves[0]


def column_refusal(v: Variant, game: Any) -> tuple[str, int, int, Any]:
    """A move of a column's top card onto another column's top card that the rules refuse: the
    move text, the two columns (0-based) and the reason."""
    view = game.view()
    for i, src in enumerate(view.columns):
        for j, dst in enumerate(view.columns):
            if i == j or not src or not dst or view.face_down[i] >= len(src):
                continue
            code = src[-1].text()
            text = f"{i + 1}:{code}>{j + 1}" if v.game == "spider" else f"{code}>{j + 1}"
            reason = game.explain(game.parse_move(text))
            if reason is not None:
                return text, i, j, reason
    raise AssertionError("no refused column move")


def go_offline(page: Any) -> None:
    """Wait until the service worker controls the page, then cut the network and reload."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller")
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")


def tap_refusal(page: Any, v: Variant, game: Any) -> Any:
    """Tap a column's top card, then another column's top card the rules refuse it on; the
    reason."""
    text, i, j, reason = column_refusal(v, game)
    code = text.split(":")[-1].split(">")[0]
    before = moves_shown(page)
    card(page, code, f"c{i}").click(position={"x": 8, "y": 5})
    top = game.view().columns[j][-1].text()
    card(page, top, f"c{j}").click(position={"x": 8, "y": 5})
    page.wait_for_function(
        "(want) => window.__toasts.includes(want)",
        arg=reason.en if page.lang == "en" else reason.ru,
    )
    assert moves_shown(page) == before
    return reason


def new_from(page: Any, source: str) -> None:
    """Take a new deal from ``source`` (choosing it deals one; the game in play, with a move
    made, is left after the question)."""
    before = page.url
    if page.input_value("#source") == source:
        page.click("#btn-new")
    else:
        page.select_option("#source", source)
    page.click("#dlg-confirm button[value=yes]")
    page.wait_for_function("(old) => location.href !== old", arg=before)
    expect(page.locator("#c-moves")).to_have_text("0")


@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_the_game_plays_offline(page_factory: Any, server: str, v: Variant) -> None:
    page = page_factory(f"{v.path}/deal/{v.deal}", init_script=WATCH_TOASTS)
    page.lang = "en"
    go_offline(page)
    assert page.evaluate("navigator.onLine") is False
    game = python_game(v, v.deal)
    rng = random.Random(v.deal)
    moves: list[str] = []
    # Moves, with the counters and the score following.
    for _ in range(4):
        options = card_moves(game) or [str(m) for m in game.legal_moves]
        text = rng.choice(options)
        make(page, text)
        game.push(game.parse_move(text))
        moves.append(text)
    saved = stored(page, v.save_key)["record"]
    assert saved["moves"][: len(moves)] == moves
    assert page.inner_text("#c-score") != ""
    # A refusal names its rule, in English, then in Russian.
    game = python_game(v, v.deal, saved["moves"])
    tap_refusal(page, v, game)
    page.click("#btn-lang")
    page.lang = "ru"
    tap_refusal(page, v, game)
    # A hint needs the server: offline it says so, and the game goes on.
    assert page.get_attribute("body", "data-offline") == "1"
    page.click("#btn-hint")
    said = "() => window.__toasts.some((t) => t.startsWith('Для этого нужен сервер'))"
    page.wait_for_function(said)
    # Undo, redo, restart.
    n = moves_shown(page)
    page.click("#btn-undo")
    wait_moves(page, n - 1)
    page.click("#btn-redo")
    wait_moves(page, n)
    page.click("#btn-restart")
    wait_moves(page, 0)
    # New deals from each source: graded ones from the shipped starter library.
    spec = game_spec(v.game)
    text = spec.make_rules(**v.rules).text()
    for source in ("easy", "normal", "hard", "random"):
        number = int(stored(page, v.save_key)["record"]["deal"]["number"])
        make(page, a_move(python_game(v, number)))
        new_from(page, source)
        rec = stored(page, v.save_key)["record"]
        assert rec["deal"]["source"] == source
        if source != "random":
            assert int(rec["deal"]["number"]) in starter_index(v.game)[(text, source)]
    # The deal of the day.
    today = datetime.date.today()
    deal = daily_deal(today, v.game, "hard", v.daily_choice or None)
    page.goto(f"{server}/daily/{today}/{v.daily_part}/hard")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#deal-link")).to_contain_text(str(deal.number))
    assert not page.js_errors, page.js_errors


def stuck_record(v: Variant, seed: int) -> dict[str, Any]:
    """A record of ``v`` whose game is over, lost: random play (card moves first) until the
    Python rules say stuck."""
    rng = random.Random(seed)
    spec = game_spec(v.game)
    tries = 400
    for _ in range(tries):
        number = rng.randint(1, 30000)
        game = python_game(v, number)
        moves: list[str] = []
        for _ in range(1500):
            if game.outcome() is not None:
                break
            options = card_moves(game) if rng.random() < 0.8 else []
            options = options or [str(m) for m in game.legal_moves]
            text = rng.choice(options)
            game.push(game.parse_move(text))
            moves.append(text)
        outcome = game.outcome()
        if outcome is not None and not outcome.won and len(moves) > 1:
            return {
                "game": v.game,
                "rules": v.rules,
                "deal": {
                    "number": number,
                    "numbering": spec.default_numbering(),
                    "source": "chosen",
                },
                "moves": moves[:-1],
                "last": moves[-1],
            }
    raise AssertionError(f"no lost game found in {tries} tries")


@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_a_dead_end_opens_the_lost_game_dialog_offline(page_factory: Any, v: Variant) -> None:
    rec = stuck_record(v, 1)
    last = rec.pop("last")
    storage = {v.save_key: {"record": rec, "redo": [], "autos": [], "elapsed": 0, "counted": True}}
    path = f"{v.path}/deal/{rec['deal']['number']}"
    page = page_factory(path, storage=storage, init_script=WATCH_TOASTS)
    go_offline(page)
    assert page.locator("#dlg-end[open]").count() == 0
    make(page, last)
    expect(page.locator("#dlg-end[open]")).to_be_visible()


@pytest.mark.parametrize("v", VARIANTS, ids=IDS)
def test_no_request_is_sent_per_move_online(page_factory: Any, v: Variant) -> None:
    page = page_factory(f"{v.path}/deal/{v.deal}")
    page.wait_for_load_state("networkidle")  # what the page loads at first (the worker's files)
    before = len(page.urls)
    game = python_game(v, v.deal)
    for _ in range(6):
        text = a_move(game)
        make(page, text)
        game.push(game.parse_move(text))
    page.click("#btn-undo")
    wait_moves(page, 5)
    page.click("#btn-redo")
    wait_moves(page, 6)
    sent = page.urls[before:]
    assert sent == [], sent
