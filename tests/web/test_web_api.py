"""The JSON API through FastAPI's TestClient: views hide face-down cards, moves are accepted or
refused with their reason, hints and collect are real moves, and every bad input is a 4xx JSON
error that names the problem (never a 500)."""

from __future__ import annotations

import copy
import warnings
from typing import Any

import pytest

from kosynka import Klondike, KlondikeRules, Move

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from kosynka.web.settings import Settings
from tests.web.web_helpers import record


def test_view_shows_face_down_cards_only_as_counts(client: TestClient) -> None:
    r = client.post("/api/klondike/view", json={"record": record(12345)})
    assert r.status_code == 200
    view = r.json()["view"]
    game = Klondike(12345)
    assert [c["down"] for c in view["columns"]] == [0, 1, 2, 3, 4, 5, 6]
    assert [c["up"] for c in view["columns"]] == [
        [c.text() for c in game.face_up(i)] for i in range(7)
    ]
    assert view["counters"] == {
        "moves": 0, "face_down": 21, "pass_number": 1, "passes_left": None, "stock": 24,
        "waste": 0, "foundations": 0,
    }  # fmt: skip
    assert sorted(view["legal"]) == sorted(str(m) for m in game.legal_moves)
    hidden = {c.text() for i in range(7) for c in game.column(i)[: game.face_down_count(i)]}
    hidden |= {c.text() for c in game.stock()}
    assert not any(h in r.text for h in hidden), "the view names a face-down card"
    assert view["can_undo"] is False and view["outcome"] is None and view["collect"] is False


def test_move_accepted_then_refused_with_reason(
    client: TestClient, winning_line: dict[str, Any]
) -> None:
    first = winning_line["moves"][0]
    r = client.post("/api/klondike/move", json={"record": record(), "move": first})
    body = r.json()
    assert r.status_code == 200 and body["accepted"] is True and body["applied"] == [first]
    assert body["view"]["counters"]["moves"] == 1 and body["view"]["can_undo"] is True
    r = client.post("/api/klondike/move", json={"record": record(), "move": "KH>f"})
    body = r.json()
    assert body["accepted"] is False and body["applied"] == []
    expected = Klondike(9).explain(Move.parse("KH>f"))
    assert expected is not None
    assert body["reason"] == {"code": expected.code, "en": expected.en, "ru": expected.ru}


def test_auto_sends_safe_cards_home(client: TestClient) -> None:
    # Deal 9 shows the aces of diamonds and spades, and the two of spades lies under the ace:
    # one move with auto sends all three (twos are always safe).
    r = client.post("/api/klondike/move", json={"record": record(), "move": "AD>f", "auto": True})
    assert r.json()["applied"] == ["AD>f", "AS>f", "2S>f"]
    r = client.post("/api/klondike/move", json={"record": record(), "move": "AD>f"})
    assert r.json()["applied"] == ["AD>f"]


def test_foundations_are_shown_in_the_order_aces_arrived(client: TestClient) -> None:
    r = client.post("/api/klondike/view", json={"record": record(moves=["AD>f", "AS>f"])})
    assert [f["suit"] for f in r.json()["view"]["foundations"]] == ["D", "S", "C", "H"]
    r = client.post("/api/klondike/view", json={"record": record(moves=["ad > f", "as>F"])})
    assert [f["suit"] for f in r.json()["view"]["foundations"]] == ["D", "S", "C", "H"]


def test_whole_line_wins_and_collect_finishes(
    client: TestClient, winning_line: dict[str, Any]
) -> None:
    moves = winning_line["moves"]
    game = Klondike(9, rules=KlondikeRules(draw=1))
    cut = 0
    while game.face_down_count():
        game.push(Move.parse(moves[cut]))
        cut += 1
    rec = record(moves=moves[:cut])
    view = client.post("/api/klondike/view", json={"record": rec}).json()["view"]
    assert view["counters"]["face_down"] == 0 and view["collect"] is True
    col = client.post("/api/klondike/collect", json={"record": rec}).json()
    assert col["available"] is True
    game.replay(col["moves"])
    assert game.is_won()
    done = client.post("/api/klondike/view", json={"record": record(moves=moves)}).json()["view"]
    assert done["outcome"] == "won" and done["counters"]["foundations"] == 52
    # Before every card is turned, collecting is never offered.
    early = client.post("/api/klondike/collect", json={"record": record(moves=moves[:5])}).json()
    assert early == {"available": False, "moves": []}


def test_hint_is_a_legal_move(client: TestClient) -> None:
    for number in (1, 9, 12345):
        r = client.post("/api/klondike/hint", json={"record": record(number)})
        body = r.json()
        assert r.status_code == 200 and body["move"] is not None
        assert Klondike(number).explain(Move.parse(body["move"])) is None
        assert body["en"] and body["ru"]


def test_hint_draws_when_only_the_stock_helps(client: TestClient) -> None:
    # Deal 9 after its two aces go home: no other card move turns anything; drawing is offered
    # unless the solver knows a winning line (then its first move, which is legal).
    r = client.post("/api/klondike/hint", json={"record": record(moves=["AD>f", "AS>f", "2S>f"])})
    body = r.json()
    assert body["move"] is not None and body["kind"] in ("solver", "heuristic", "draw")


def test_new_random_deal(client: TestClient) -> None:
    r = client.post("/api/klondike/new", json={"rules": {"draw": 3}, "source": "random"})
    body = r.json()
    assert r.status_code == 200
    assert body["record"]["deal"]["source"] == "random" and body["record"]["rules"]["draw"] == 3
    assert body["record"]["moves"] == [] and body["view"]["counters"]["face_down"] == 21


def test_graded_source_never_fakes_a_grade(client: TestClient) -> None:
    r = client.post("/api/klondike/new", json={"source": "easy"})
    body = r.json()
    assert r.status_code == 200
    src = body["record"]["deal"]["source"]
    assert src in ("easy", "random-winnable", "random")
    if src != "easy":
        assert body["note"]


BAD_RECORDS = [
    ("moves", "s", "record.moves"),
    ("moves", ["s", 7], "record.moves[1]"),
    ("moves", ["s", "7C>9"], "record.moves[1]"),
    ("moves", ["s" * 5000], "record.moves[0]"),
    ("moves", ["s"] * 7000, "record.moves"),
    ("rules", {"draw": 2}, "record.rules.draw"),
    ("rules", {"draw": 1, "passes": 0}, "record.rules.passes"),
    ("rules", {"draw": 1, "passes": "many"}, "record.rules.passes"),
    ("rules", {"draw": 1, "foundation_return": "maybe"}, "record.rules.foundation_return"),
    ("rules", {"draw": 1, "undo": True}, "record.rules.undo"),
    ("deal", {"number": -5}, "record.deal.number"),
    ("deal", {"number": 0}, "record.deal.number"),
    ("deal", {"number": "12x"}, "record.deal.number"),
    ("deal", {"number": "012"}, "record.deal.number"),
    ("deal", {"number": 12, "numbering": "ms"}, "record.deal.numbering"),
    ("deal", {"number": 12, "source": "lucky"}, "record.deal.source"),
    ("game", "freecell", "record.game"),
]


@pytest.mark.parametrize(("field", "value", "where"), BAD_RECORDS)
def test_bad_record_is_a_422_naming_the_field(
    client: TestClient, field: str, value: Any, where: str
) -> None:
    rec = copy.deepcopy(record())
    rec[field] = value
    r = client.post("/api/klondike/view", json={"record": rec})
    body = r.json()
    assert r.status_code == 422, body
    assert body["error"] in ("invalid-request", "invalid-record")
    assert any(p["where"] == where for p in body["problems"]), body
    assert body["message"]


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("moves", ["KH>f"], "record.moves[0]"),
        ("moves", ["s", "KH > 3"], "record.moves[1]"),
        ("deal", {"number": 2**32, "numbering": "kpat"}, "record.deal"),
        ("deal", {"number": 10**30}, "record.deal"),
    ],
)
def test_a_record_the_rules_refuse_is_a_409_naming_the_move(
    client: TestClient, field: str, value: Any, where: str
) -> None:
    """Well formed (the schema accepts it) but it does not replay: a conflict with the game."""
    rec = copy.deepcopy(record())
    rec[field] = value
    r = client.post("/api/klondike/view", json={"record": rec})
    body = r.json()
    assert r.status_code == 409, body
    assert body["error"] == "invalid-record"
    assert [p["where"] for p in body["problems"]] == [where]


@pytest.mark.parametrize(
    ("payload", "where"),
    [
        ({"source": "lucky"}, "source"),
        ({"source": "easy", "rules": {"draw": 5}}, "rules.draw"),
        ({"exclude": [-1.5]}, "exclude[0]"),
        ({"exclude": list(range(2000))}, "exclude"),
    ],
)
def test_bad_new_game_request(client: TestClient, payload: dict[str, Any], where: str) -> None:
    r = client.post("/api/klondike/new", json=payload)
    assert r.status_code == 422
    assert any(p["where"] == where for p in r.json()["problems"])


def test_bad_move_text(client: TestClient) -> None:
    r = client.post("/api/klondike/move", json={"record": record(), "move": "hello"})
    assert r.status_code == 422 and r.json()["problems"][0]["where"] == "move"


def test_not_json_and_missing_fields(client: TestClient) -> None:
    r = client.post(
        "/api/klondike/view", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["problems"][0]["where"] == "body"
    r = client.post("/api/klondike/view", json={})
    assert r.status_code == 422 and r.json()["problems"][0] == {
        "where": "record", "message": "this field is required"
    }  # fmt: skip


def test_body_over_the_limit_is_413(client: TestClient) -> None:
    big = b'{"record": {"moves": ["' + b"s" * 700_000 + b'"]}}'
    r = client.post("/api/klondike/view", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "body-too-large"

    def chunks() -> Any:  # no Content-Length: the limit is found while reading
        for _ in range(100):
            yield b" " * 8192

    r = client.post(
        "/api/klondike/view", content=chunks(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413


def test_pages_and_schema(client: TestClient) -> None:
    home = client.get("/")
    assert home.status_code == 200
    csp = home.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self';" in csp and "http" not in csp
    assert client.get("/klondike/draw-3/deal/12345").headers["content-type"].startswith("text/html")
    assert client.get("/klondike/draw-2/deal/12345").status_code == 404
    assert client.get("/rules/ru").status_code == 200 and "Косынк" in client.get("/rules/ru").text
    assert client.get("/rules/en").status_code == 200
    r = client.get(
        "/rules", headers={"accept-language": "ru-RU,ru;q=0.9,en;q=0.8"}, follow_redirects=False
    )
    assert r.headers["location"] == "/rules/ru"
    r = client.get(
        "/rules", headers={"accept-language": "en-GB,en;q=0.9,ru;q=0.5"}, follow_redirects=False
    )
    assert r.headers["location"] == "/rules/en"
    schema = client.get("/api/openapi.json").json()
    assert (
        "/api/klondike/move" in schema["paths"]
        and "KlondikeGameRecord" in schema["components"]["schemas"]
    )
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"] == "not-found"
    r = client.get("/api/klondike/move")
    assert r.status_code == 405 and r.json()["error"] == "method-not-allowed"


def test_serve_refuses_bad_arguments_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from kosynka.cli import main

    assert main(["serve", "--port", "http"]) == 2
    assert main(["serve", "--workers", "0"]) == 2
    assert main(["serve", "--port", "٨٠٠٠"]) == 2  # only ASCII digits are numbers
    assert main(["serve", "--port", "9" * 5000]) == 2  # no traceback for 5,000 digits
    assert main(["serve", "--workers", "9" * 5000]) == 2
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 6 and all(line.startswith("kosynka: error: ") for line in err)
    assert "not a port number" in err[0] and f"127.0.0.1:{port}" in err[5]
    assert "not a port number" in err[2] and "not a port number" in err[3]
    assert "workers must be" in err[4] and all(len(line) < 200 for line in err)


def test_serve_says_when_it_cannot_make_its_shares_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from kosynka.cli import main
    from tests.common import free_port

    def refuse(**_: Any) -> str:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("kosynka.web.limits.tempfile.mkdtemp", refuse)
    assert main(["serve", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["kosynka: error: cannot make the server's shares table: Permission denied"]


def test_replay_cache_gives_the_same_views_as_a_fresh_replay(winning_line: dict[str, Any]) -> None:
    from kosynka.web.games import adapter_of
    from kosynka.web.service import GameService, RecordError

    klondike = adapter_of("klondike")
    assert klondike is not None
    cached = GameService(klondike, Settings(cache_size=8))
    Record = cached.models.record
    moves = winning_line["moves"]
    for n in range(0, 60, 3):
        rec = Record.model_validate(record(moves=moves[:n]))
        fresh = GameService(klondike, Settings()).record_view(rec)
        assert cached.record_view(rec) == fresh
        assert cached.record_view(rec) == fresh  # now a cache hit
    # A prefix hit followed by an illegal move still names the move.
    bad = Record.model_validate(record(moves=[*moves[:57], "KH>f"]))
    with pytest.raises(RecordError) as err:
        cached.record_view(bad)
    assert err.value.where == "record.moves[57]"


def test_draw_three_fan_shrinks_as_its_cards_are_played(client: TestClient) -> None:
    # Deal 1, Draw 3: the first draw turns 4H AC 4D; 4D goes on column 3, then AC goes home.
    def waste(moves: list[str]) -> list[str]:
        r = client.post("/api/klondike/view", json={"record": record(1, draw=3, moves=moves)})
        shown: list[str] = r.json()["view"]["waste"]
        return shown

    assert waste([]) == []
    assert waste(["s"]) == ["4H", "AC", "4D"]
    assert waste(["s", "4D>3"]) == ["4H", "AC"]
    assert waste(["s", "4D>3", "AC>f"]) == ["4H"]
    # The next draw fans three new cards over the rest.
    assert len(waste(["s", "4D>3", "AC>f", "s"])) == 3
    one = client.post("/api/klondike/view", json={"record": record(1, draw=1, moves=["s", "s"])})
    assert len(one.json()["view"]["waste"]) == 1
