"""Every variant's address without a deal number (``/klondike/draw-3``, ``/spider/1-suit``) is a
page, offline too, and opens that variant: its game in progress if one is kept, else a new deal
of it (a game of another variant kept under the same key gives way, as to a deal's address)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from kosynka.web.games import adapter_of
from tests.web.klondike_web import saved
from tests.web.page_extras import stored
from tests.web.test_web_offline import config_of, shell_for
from tests.web.test_web_spider_browser import seeded
from tests.web.web_helpers import moves_shown, record, web_games

ADAPTERS = [adapter_of(name) for name in web_games()]
DEAL_SUFFIX = "/deal/{number}"


def variant_addresses() -> list[tuple[str, str]]:
    """(game, address) of every variant's page: each deal address's part before ``/deal/``."""
    out = []
    for adapter in ADAPTERS:
        for pattern, _ in adapter.pages():
            if pattern.endswith(DEAL_SUFFIX):
                out.append((adapter.spec.name, pattern[: -len(DEAL_SUFFIX)]))
    return out


def test_the_variant_addresses_are_the_ones_players_type() -> None:
    assert {path for _, path in variant_addresses()} == {
        "/klondike/draw-1",
        "/klondike/draw-3",
        "/freecell",
        "/spider/1-suit",
        "/spider/2-suits",
        "/spider/4-suits",
        "/pyramid",
        "/tripeaks",
    }


@pytest.mark.parametrize(("game", "path"), variant_addresses())
def test_every_variant_address_is_its_games_page(client: TestClient, game: str, path: str) -> None:
    for address in (path, path + "/"):
        r = client.get(address)
        assert r.status_code == 200, address
        assert f'data-game="{game}"' in r.text
    # Offline, the service worker answers it with its game's page.
    config = config_of(client.get("/sw.js").text)
    shell = shell_for(config["routes"], path)
    assert shell is not None and f'data-game="{game}"' in client.get(shell).text


def klondike_game(page: Any) -> dict[str, Any]:
    game: dict[str, Any] = stored(page, "kosynka.game.v1")
    return game


@pytest.mark.parametrize("draw", [1, 3])
def test_a_draw_address_deals_that_draw(page_factory: Any, draw: int) -> None:
    page = page_factory(f"/klondike/draw-{draw}")
    assert klondike_game(page)["record"]["rules"]["draw"] == draw
    assert re.search(rf"/klondike/draw-{draw}/deal/\d+$", page.url), page.url
    assert page.get_attribute(f"#draw{draw}", "aria-pressed") == "true"
    assert stored(page, "kosynka.options.v1")["draw"] == draw
    assert not page.js_errors


def test_a_draw_address_keeps_that_draws_game_and_replaces_the_other(
    page_factory: Any,
) -> None:
    # A Draw 3 game in progress: /klondike/draw-3 opens it as it was.
    page = page_factory("/klondike/draw-3", storage=saved(record(12, draw=3, moves=["s"])))
    assert moves_shown(page) == 1
    assert page.url.endswith("/klondike/draw-3/deal/12")
    # The same game kept, /klondike/draw-1 deals a new Draw 1 game instead.
    page = page_factory("/klondike/draw-1", storage=saved(record(12, draw=3, moves=["s"])))
    rec = klondike_game(page)["record"]
    assert rec["rules"]["draw"] == 1 and rec["moves"] == []
    assert moves_shown(page) == 0
    assert re.search(r"/klondike/draw-1/deal/\d+$", page.url), page.url
    # The game's own address still opens the game kept, whatever its draw.
    page = page_factory("/klondike", storage=saved(record(12, draw=3, moves=["s"])))
    assert moves_shown(page) == 1 and page.url.endswith("/klondike/draw-3/deal/12")
    assert not page.js_errors


@pytest.mark.parametrize("suits", [1, 4])
def test_a_suit_count_address_keeps_its_game_or_deals_one(page_factory: Any, suits: int) -> None:
    page = page_factory(f"/spider/{suits}-suit{'s' if suits > 1 else ''}")
    rec = stored(page, f"kosynka.game.v1.spider-{suits}")["record"]
    assert rec["rules"]["suits"] == suits and rec["moves"] == []
    page = page_factory(
        f"/spider/{suits}-suit{'s' if suits > 1 else ''}",
        storage=seeded(suits, 10, ["s"]),
    )
    assert moves_shown(page) == 1 and page.url.endswith("/deal/10")
    assert not page.js_errors
