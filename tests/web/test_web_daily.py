"""The deal of the day over a real server: ``GET /api/<game>/daily?date=&grade=&<variant>``
answers the library's deal of the day with a record to play (source ``daily``), its first view
and the starter library's facts; the same answer from another server (no server state); the
record plays to a win through the API; no date means the date in UTC; bad dates, grades and
variants are a 422 naming the query field, never a 500."""

from __future__ import annotations

import datetime
import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import pytest

from kosynka.library.daily import daily_deal
from kosynka.library.grading import GRADES
from kosynka.library.starter import starter_index
from kosynka.web.schemas import query_text
from tests.web.web_helpers import serving, web_games

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("freecell", {}),
    ("spider", {"suits": 1}),
    ("spider", {"suits": 2}),
    ("spider", {"suits": 4}),
    ("pyramid", {"passes": 3, "goal": "pyramid"}),
    ("pyramid", {"passes": 1, "goal": "all"}),
    ("pyramid", {"passes": None, "goal": "pyramid"}),
    ("tripeaks", {"wrap": True, "open": False}),
    ("tripeaks", {"wrap": False, "open": True}),
]


def get(base: str, path: str, **query: Any) -> tuple[int, dict[str, Any]]:
    """GET ``path`` with ``query``: the status and the JSON answer."""
    url = f"{base}{path}?{urllib.parse.urlencode(query)}" if query else base + path
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def post(base: str, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST ``body`` as JSON to ``path``: the status and the JSON answer."""
    req = urllib.request.Request(
        base + path, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_the_deal_of_the_day_is_the_librarys(
    server: str, game: str, variant: dict[str, Any]
) -> None:
    day = datetime.date(2026, 12, 1)
    # The query writes unlimited passes as "unlimited" and a switch as true or false.
    query = {name: query_text(value) for name, value in variant.items()}
    for grade in GRADES:
        status, body = get(server, f"/api/{game}/daily", date="2026-12-01", grade=grade, **query)
        assert status == 200, body
        deal = daily_deal(day, game, grade, variant)
        record = body["record"]
        assert body["date"] == "2026-12-01" and body["grade"] == grade
        assert record["game"] == game and record["moves"] == []
        assert record["deal"] == {
            "number": deal.number,
            "numbering": deal.numbering,
            "source": "daily",
        }
        for name, value in variant.items():
            assert record["rules"][name] == value
        facts = deal.to_json()
        assert body["facts"] == {k: facts[k] for k in body["facts"]}
        assert body["facts"]["pool"] == deal.pool and "solution" not in json.dumps(body)
        assert deal.pool == len(starter_index(game)[(deal.rules.text(), grade)])
        assert body["view"]["outcome"] is None and body["view"]["legal"]


def test_another_server_gives_the_same_deals(server: str) -> None:
    queries = [("freecell", {"grade": "hard"}), ("klondike", {"grade": "easy", "draw": 3})]
    with serving() as other:
        for game, query in queries:
            for date in ("2026-12-01", "2027-01-01", "2028-02-29"):
                here = get(server, f"/api/{game}/daily", date=date, **query)
                there = get(other, f"/api/{game}/daily", date=date, **query)
                assert here[0] == there[0] == 200 and here[1] == there[1]


def test_the_record_plays_to_a_win(server: str) -> None:
    status, body = get(server, "/api/spider/daily", date="2026-12-01", grade="easy", suits=1)
    assert status == 200
    deal = daily_deal(datetime.date(2026, 12, 1), "spider", "easy", {"suits": 1})
    record = {**body["record"], "moves": deal.facts.solution.split()}
    status, view = post(server, "/api/spider/view", {"record": record})
    assert status == 200 and view["view"]["outcome"] == "won"


def test_no_date_is_the_date_in_utc(server: str) -> None:
    before = datetime.datetime.now(datetime.UTC).date()
    status, body = get(server, "/api/freecell/daily", grade="normal")
    after = datetime.datetime.now(datetime.UTC).date()
    assert status == 200 and body["date"] in (before.isoformat(), after.isoformat())
    day = datetime.date.fromisoformat(body["date"])
    assert body["record"]["deal"]["number"] == daily_deal(day, "freecell", "normal").number


@pytest.mark.parametrize(
    ("game", "query", "where", "message"),
    [
        ("klondike", {"date": "2026-02-30"}, "query.date", "February 2026 has 28 days"),
        ("klondike", {"date": "0000-01-01"}, "query.date", "there is no year 0"),
        ("freecell", {"date": "9" * 5000}, "query.date", "(5,000 characters); expected"),
        ("spider", {"date": "2026-1-1"}, "query.date", "expected YYYY-MM-DD"),
        ("spider", {"date": "2026-13-01"}, "query.date", "a month is 01 to 12"),
        ("klondike", {"grade": "medium"}, "query.grade", "'easy', 'normal' or 'hard'"),
        ("klondike", {"draw": "2"}, "query.draw", "1 or 3"),
        ("spider", {"suits": "9" * 5000}, "query.suits", "1, 2 or 4"),
        ("freecell", {"draw": "3"}, "query.draw", "unknown field"),
        ("klondike", {"suits": "4"}, "query.suits", "unknown field"),
        ("pyramid", {"passes": "4"}, "query.passes", "3, 2, 1 or unlimited"),
        ("pyramid", {"passes": "null"}, "query.passes", "3, 2, 1 or unlimited"),
        ("pyramid", {"goal": "most"}, "query.goal", "pyramid or all"),
        ("tripeaks", {"wrap": "maybe"}, "query.wrap", "true or false"),
        ("tripeaks", {"open": "1"}, "query.open", "false or true"),
    ],
)
def test_bad_queries_are_422_naming_the_field(
    server: str, game: str, query: dict[str, str], where: str, message: str
) -> None:
    status, body = get(server, f"/api/{game}/daily", **query)
    assert status == 422, body
    assert body["error"] == "invalid-request" and body["problems"][0]["where"] == where
    assert message in body["message"] and len(body["message"]) < 300


def test_the_schema_documents_the_route(server: str) -> None:
    status, schema = get(server, "/api/openapi.json")
    assert status == 200
    for game in web_games():
        op = schema["paths"][f"/api/{game}/daily"]["get"]
        params = {p["name"]: p for p in op["parameters"]}
        assert params["date"]["schema"]["anyOf"][0] == {"type": "string", "format": "date"}
        assert set(params) == {
            "date",
            "grade",
            "scoring",
            *{
                "klondike": {"draw"},
                "spider": {"suits"},
                "pyramid": {"passes", "goal"},
                "tripeaks": {"wrap", "open"},
            }.get(game, set()),
        }
