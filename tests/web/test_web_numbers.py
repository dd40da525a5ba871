"""Numbers the web reads: integers too long for Python get a 422 naming the field, deal numbers
are ASCII digits only (in page addresses and in the API), raw page templates are not served."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kosynka.web.settings import TEMPLATES_DIR
from tests.web.web_helpers import record

LONG = "9" * 5000


def _post(client: TestClient, path: str, text: str) -> tuple[int, dict[str, object]]:
    r = client.post(path, content=text, headers={"content-type": "application/json"})
    return r.status_code, r.json()


@pytest.mark.parametrize(
    ("path", "body", "where"),
    [
        ("/api/klondike/view", f'{{"record": {{"deal": {{"number": {LONG}}}}}}}', "deal.number"),
        (
            "/api/klondike/view",
            f'{{"record": {{"rules": {{"passes": {LONG}}}, "deal": {{"number": 1}}}}}}',
            "record.rules.passes",
        ),
        (
            "/api/klondike/move",
            f'{{"record": {{"deal": {{"number": 1}}}}, "move": -{LONG}}}',
            "move",
        ),
        (
            "/api/klondike/view",
            f'{{"record": {{"deal": {{"number": 1}}, "moves": ["s", {LONG}]}}}}',
            "record.moves[1]",
        ),
        ("/api/klondike/new", f'{{"exclude": [1, {LONG}]}}', "exclude[1]"),
        (
            "/api/freecell/view",
            f'{{"record": {{"game": "freecell", "rules": {{"cells": {LONG}}}, '
            '"deal": {"number": 1}}}',
            "record.rules.cells",
        ),
        (
            "/api/spider/new",
            f'{{"rules": {{"suits": {LONG}}}}}',
            "rules.suits",
        ),
    ],
)
def test_an_integer_over_4300_digits_is_a_422_naming_its_field(
    client: TestClient, path: str, body: str, where: str
) -> None:
    status, got = _post(client, path, body)
    assert status == 422, got
    assert got["error"] == "invalid-request"
    message = str(got["message"])
    assert where in message and "number too long: 5000 digits" in message, message
    assert "JSON" not in message


def test_a_deal_number_as_text_is_ascii_digits(client: TestClient) -> None:
    for text, says in [
        ("٣", "ASCII digits"),
        ("12345\n", "ASCII digits"),
        ("1" * 31, "number too long: 31 digits"),
        ("1" * 5000, "number too long: 5000 digits"),
    ]:
        rec = record()
        rec["deal"]["number"] = text
        r = client.post("/api/klondike/view", json={"record": rec})
        assert r.status_code == 422, (text, r.text)
        assert says in r.json()["message"] and "record.deal.number" in r.json()["message"]
    rec = record()
    rec["deal"]["number"] = "12345"
    assert client.post("/api/klondike/view", json={"record": rec}).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/freecell/deal/٣",
        "/freecell/deal/3٣",
        "/klondike/draw-1/deal/²",
        "/klondike/draw-3/deal/１２",
        "/spider/2-suits/deal/١٢",
        "/freecell/deal/0",
        "/freecell/deal/" + "1" * 31,
    ],
)
def test_a_page_address_takes_only_ascii_deal_numbers(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 404 and "No such page" in r.text


def test_page_addresses_with_ascii_deal_numbers_serve_the_game(client: TestClient) -> None:
    for path in ["/freecell/deal/3", "/freecell/deal/0617", "/klondike/draw-3/deal/12345"]:
        r = client.get(path)
        assert r.status_code == 200 and "content-security-policy" in r.headers, path


@pytest.mark.parametrize(
    "name",
    [
        "index.html",
        "games/klondike/rules-en.html",
        "games/klondike/rules-ru.html",
        "games/freecell/rules-en.html",
    ],
)
def test_page_templates_are_not_served_raw(client: TestClient, name: str) -> None:
    assert (TEMPLATES_DIR / name).is_file()
    page = client.get("/")
    version = page.text.split('"/static/v-')[1].split("/")[0]
    for path in (f"/static/{name}", f"/static/v-{version}/{name}"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert "{{" not in r.text


def test_every_answer_has_a_referrer_policy(client: TestClient) -> None:
    answers = [
        client.get("/"),
        client.get("/rules/en"),
        client.get("/nowhere"),
        client.get("/static/js/main.js"),
        client.post("/api/klondike/view", json={"record": record()}),
        client.post("/api/klondike/view", json={}),
    ]
    for r in answers:
        assert r.headers["referrer-policy"] == "no-referrer", r.url
