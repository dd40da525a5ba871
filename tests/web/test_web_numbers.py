"""Numbers the web reads: integers too long for Python get a 422 naming the field, deal numbers
are ASCII digits only (in page addresses and in the API), never floats, and page addresses stop
at their numbering's end; JSON nested too deeply is a 400 that says so; raw page templates are
not served."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kosynka.web.settings import TEMPLATES_DIR
from tests.web.web_helpers import record, web_games

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


@pytest.mark.parametrize(
    ("number", "says"),
    [
        ("12345.5", "a deal number is an integer, and 12345.5 is not one"),
        ("9007199254740993.0", "at most 2**53 - 1 (9007199254740992.0 may not be"),
        ("99999999999999999999.0", "at most 2**53 - 1 (1e+20 may not be"),
        ("1e400", "a deal number is an integer, and inf is not one"),
    ],
)
def test_a_deal_number_as_a_float_is_refused_unless_surely_the_integer_written(
    client: TestClient, number: str, says: str
) -> None:
    for path, body, where in [
        ("/api/klondike/view", f'{{"record": {{"deal": {{"number": {number}}}}}}}', "deal.number"),
        ("/api/freecell/new", f'{{"exclude": [1, {number}]}}', "exclude[1]"),
    ]:
        status, got = _post(client, path, body)
        assert status == 422, got
        message = str(got["message"])
        assert where in message and says in message, message


def test_a_whole_float_below_2_to_53_is_the_deal_number_it_spells(client: TestClient) -> None:
    """JSON Schema's integer (what the documented schema says) takes ``5.0``; a float below
    2**53 holds its integer exactly, so it names that deal and no other."""
    for number, deal in [("5.0", 5), ("1e10", 10**10), ("9007199254740991.0", 2**53 - 1)]:
        views = [
            _post(client, "/api/klondike/view", f'{{"record": {{"deal": {{"number": {n}}}}}}}')
            for n in (number, str(deal))
        ]
        assert views[0][0] == 200 and views[0] == views[1], number
    status, got = _post(client, "/api/klondike/new", '{"exclude": [5.0, 1e10]}')
    assert status == 200, got


def test_other_whole_number_fields_still_take_a_float_with_no_fraction(
    client: TestClient,
) -> None:
    rec = record()
    rec["rules"]["passes"] = 3.0
    assert client.post("/api/klondike/view", json={"record": rec}).status_code == 200
    fc = {"game": "freecell", "rules": {"cells": 2.0}, "deal": {"number": 1}}
    assert client.post("/api/freecell/view", json={"record": fc}).status_code == 200


@pytest.mark.parametrize(
    ("path", "last"),
    [
        ("/freecell/deal/{}", 8589934591),
        ("/spider/1-suit/deal/{}", 2147483647),
        ("/spider/4-suits/deal/{}", 2147483647),
        ("/klondike/draw-1/deal/{}", 99999999999999999999),
        ("/klondike/draw-3/deal/{}", 99999999999999999999),
    ],
)
def test_a_page_address_past_its_numberings_end_is_not_found(
    client: TestClient, path: str, last: int
) -> None:
    assert client.get(path.format(last)).status_code == 200
    assert client.get(path.format(f"000{last}")).status_code == 200
    for lang, says in [("en", "No such page"), ("ru", "Такой страницы нет")]:
        r = client.get(path.format(last + 1), headers={"accept-language": lang})
        assert r.status_code == 404 and says in r.text, (path, lang)
        assert r.headers["content-language"] == lang


def test_page_numbering_is_the_page_modules(client: TestClient) -> None:
    """The numbering a page address is checked in is the one its page module reads it in."""
    from kosynka.web.games import adapter_of
    from kosynka.web.settings import STATIC_DIR

    for name in web_games():
        adapter = adapter_of(name)
        assert adapter is not None
        module = (STATIC_DIR / "js" / "games" / f"{name}.js").read_text(encoding="utf-8")
        assert f'  numbering: "{adapter.page_numbering}",' in module, name


@pytest.mark.parametrize("depth", [1000, 100_000])
def test_json_nested_too_deeply_says_so(client: TestClient, depth: int) -> None:
    for inner in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        status, got = _post(client, "/api/klondike/view", '{"record": ' + inner + "}")
        assert status == 400, got
        assert got["error"] == "bad-body" and "nested too deeply" in str(got["message"]), got
