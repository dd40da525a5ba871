"""Nothing a bad address can break: page addresses that lead nowhere get a page in the player's
language; deal numbers beyond a browser's exact numbers travel as digits; graded sources are
offered only where there are deals for the rules."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kosynka import Klondike
from tests.web.web_helpers import record


@pytest.mark.parametrize(
    "path",
    ["/klondike/draw-9/deal/abc", "/klondike/draw-1/deal/-5", "/klondike/draw-1/deal/1/extra"],
)
def test_a_bad_deal_address_gets_a_page_in_the_players_language(
    client: TestClient, path: str
) -> None:
    ru = client.get(path, headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert ru.status_code == 404 and ru.headers["content-type"].startswith("text/html")
    assert "Такой страницы нет" in ru.text and 'href="/klondike"' in ru.text
    en = client.get(path, headers={"accept-language": "en-GB"})
    assert "No such page" in en.text and "<script" not in en.text
    # The API keeps its JSON errors.
    api = client.post("/api/klondike/nowhere", json={})
    assert api.status_code == 404 and api.json()["error"] == "not-found"


def test_deal_numbers_above_2_53_travel_as_digits(client: TestClient) -> None:
    big = 2**60 + 12345
    r = client.post(
        "/api/klondike/view", json={"record": {**record(), "deal": {"number": str(big)}}}
    )
    assert r.status_code == 200, r.text
    cols = r.json()["view"]["columns"]
    game = Klondike(big)
    assert [c["up"] for c in cols] == [[c.text() for c in game.face_up(i)] for i in range(7)]
    # The same deal as a JSON number (exact in Python) gives the same view.
    same = client.post("/api/klondike/view", json={"record": {**record(), "deal": {"number": big}}})
    assert same.json()["view"]["columns"] == cols
    bad = client.post("/api/klondike/view", json={"record": {**record(), "deal": {"number": "01"}}})
    assert bad.status_code == 422


def test_graded_sources_exist_only_for_graded_rules(client: TestClient) -> None:
    for draw in (1, 3):
        got = client.post("/api/klondike/sources", json={"rules": {"draw": draw}}).json()
        assert got == {"easy": True, "normal": True, "hard": True, "random": True}
    for rules in ({"draw": 1, "passes": 3}, {"draw": 3, "foundation_return": False}):
        got = client.post("/api/klondike/sources", json={"rules": rules}).json()
        assert got == {"easy": False, "normal": False, "hard": False, "random": True}
