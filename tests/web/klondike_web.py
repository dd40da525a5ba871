"""What the Klondike page tests share: a page opened in a fresh browser context (a size, a
locale, something put in storage before the page first loads), the messages it showed, and
the moves and records they need."""

from __future__ import annotations

from typing import Any

from kosynka import Klondike, KlondikeRules, Move
from kosynka.games.klondike.player import Player
from tests.web.web_helpers import open_game_page

SIZES = [(360, 740), (740, 360), (1280, 800)]
"""A phone upright, a phone on its side, a desktop."""

# Every message the page shows (the toast), in order, kept on the window for the tests.
_WATCH_TOASTS = """
window.__toasts = [];
document.addEventListener('DOMContentLoaded', () => {
  const el = document.getElementById('toast');
  if (el) new MutationObserver(() => { if (el.textContent) window.__toasts.push(el.textContent); })
    .observe(el, {childList: true, characterData: true, subtree: true});
});
"""


def open_page(
    browser: Any,
    server: str,
    contexts: list[Any],
    path: str = "/",
    width: int = 1280,
    height: int = 800,
    locale: str = "en-US",
    storage: dict[str, Any] | None = None,
    ready: bool = True,
) -> Any:
    """A Klondike page at ``path`` in a fresh context, without motion, watching the messages
    it shows (:func:`toasts`); ``storage`` values (JSON-encoded unless they are text) are put
    in localStorage before the page first loads (once, not on reloads). The page's own script
    errors are on ``page.js_errors``, the addresses it asked for on ``page.urls``."""
    return open_game_page(
        browser,
        server,
        contexts,
        path,
        width,
        height,
        locale,
        storage,
        "reduce",
        init_script=_WATCH_TOASTS,
        console_errors=False,
        ready=ready,
        ready_timeout=20000,
    )


THINKING = {"Thinking…", "Думаю…"}
"""The notice the page shows while a request takes more than a moment: whether it appears
depends on how busy the machine is, so the tests leave it out."""


def toasts(page: Any) -> list[str]:
    """The messages the page has shown so far (the "thinking" notice left out)."""
    got: list[str] = page.evaluate("() => window.__toasts")
    return [m for m in got if m not in THINKING]


def record(
    number: int | str, moves: list[str] | None = None, draw: int = 1, **rules: Any
) -> dict[str, Any]:
    """A Klondike record as the page keeps it."""
    return {
        "game": "klondike",
        "rules": {"draw": draw, "passes": None, "foundation_return": True, **rules},
        "deal": {"number": number, "numbering": "pysol", "source": "chosen"},
        "moves": moves or [],
    }


def saved(rec: dict[str, Any]) -> dict[str, Any]:
    """Storage holding ``rec`` as the game in progress."""
    return {
        "kosynka.game.v1": {
            "record": rec,
            "redo": [],
            "autos": [],
            "elapsed": 0,
            "counted": True,
            "wonCounted": False,
        }
    }


def players_line(deal: int, rules: KlondikeRules, until_stuck: bool = False) -> list[str]:
    """The no-peek player's moves on ``deal`` until it has nothing to suggest; with
    ``until_stuck``, up to the move after which no card can ever move again (drawing on when
    the player stops before that)."""
    game = Klondike(deal, rules=rules)
    player = Player(game, 0)
    moves: list[str] = []
    while len(moves) < 400 and not game.is_won():
        if until_stuck and game.outcome() is not None:
            return moves
        m = player.choose(make=True)
        if m is None:
            break
        moves.append(str(m))
    while until_stuck and game.outcome() is None and len(moves) < 600:
        stock = next(m for m in game.legal_moves if m.card is None)
        game.push(stock)
        moves.append(str(stock))
    return moves


def position(deal: int | str, moves: list[str], rules: KlondikeRules) -> list[list[str]]:
    """The face-up cards of each column after ``moves``."""
    game = Klondike(int(deal), rules=rules)
    for m in moves:
        game.push(Move.parse(m))
    return [[c.text() for c in game.face_up(i)] for i in range(7)]


def columns_shown(page: Any) -> list[list[str]]:
    """The face-up cards of each column as the page shows them (bottom to top)."""
    got: list[list[str]] = page.evaluate(
        """() => [0,1,2,3,4,5,6].map(i => [...document.querySelectorAll(
            `#board .card.up[data-pile="c${i}"]`)]
            .sort((a, b) => a.dataset.index - b.dataset.index).map(e => e.dataset.card))"""
    )
    return got


def open_menu(page: Any) -> None:
    """On a small screen, open the header's menu (on a wide one everything is on show)."""
    more = page.locator("#btn-more")
    if more.is_visible() and more.get_attribute("aria-expanded") != "true":
        more.click()
