"""Spider's JSON API and pages through FastAPI's TestClient: views (face-down cards only as
counts, the removed runs as foundations, the counters), moves and deals accepted or refused with
the rule's reason, hints in words, and every bad record a 422 naming the field."""

from __future__ import annotations

import copy
import re
import warnings
from typing import Any

import pytest

from kosynka.games.spider import Move, Spider, SpiderRules
from kosynka.games.spider.reasons import RUN_NOT_ORDERED
from kosynka.web.games.spider import ADAPTER

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from kosynka.web.settings import STATIC_DIR


def record(number: int = 10, moves: list[str] | None = None, suits: int = 1) -> dict[str, Any]:
    return {
        "game": "spider",
        "rules": {"suits": suits},
        "deal": {"number": number, "numbering": "kpat", "source": "chosen"},
        "moves": moves or [],
    }


def test_view_hides_face_down_cards(client: TestClient) -> None:
    r = client.post("/api/spider/view", json={"record": record(7, suits=4)})
    assert r.status_code == 200
    view = r.json()["view"]
    game = Spider(7, rules=SpiderRules(suits=4))
    assert [c["down"] for c in view["columns"]] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert [c["up"] for c in view["columns"]] == [
        [c.text() for c in game.face_up(i)] for i in range(10)
    ]
    assert view["foundations"] == [] and view["cells"] == [] and view["waste"] == []
    assert view["counters"] == {"moves": 0, "runs_removed": 0, "face_down": 44, "rows_left": 5}
    assert view["legal"] == [str(m) for m in game.legal_moves]
    assert all(re.fullmatch(r"\d+:\w\w>\d+|s", m) for m in view["legal"])
    # Nothing but the face-up cards is named anywhere in the answer.
    named = re.findall(r'"([2-9TJQKA][CDHS])"', r.text)
    shown = [c for col in view["columns"] for c in col["up"]]
    assert sorted(named) == sorted(shown)
    assert view["can_undo"] is False and view["collect"] is False and view["outcome"] is None


def test_deal_accepted_then_refused_onto_an_empty_column(
    client: TestClient, spider_line: dict[str, Any]
) -> None:
    r = client.post("/api/spider/move", json={"record": record(10), "move": "s"})
    body = r.json()
    assert body["accepted"] is True and body["applied"] == ["s"]
    assert body["view"]["counters"]["rows_left"] == 4
    assert all(len(c["up"]) == 2 for c in body["view"]["columns"])
    game = Spider(10, rules=SpiderRules(suits=1))
    k = 0
    while not game.empty_columns():
        game.push(game.parse_move(spider_line["moves"][k]))
        k += 1
    r = client.post(
        "/api/spider/move", json={"record": record(10, spider_line["moves"][:k]), "move": "s"}
    )
    body = r.json()
    reason = game.explain(Move.deal())
    assert reason is not None and reason.code == "deal-onto-empty-column"
    assert body["accepted"] is False
    assert body["reason"] == {"code": reason.code, "en": reason.en, "ru": reason.ru}
    assert body["view"]["counters"]["moves"] == k


def test_a_finished_run_leaves_in_the_move(client: TestClient, spider_line: dict[str, Any]) -> None:
    first = spider_line["first_run"]
    moves = spider_line["moves"][:first]
    r = client.post("/api/spider/move", json={"record": record(10, moves[:-1]), "move": moves[-1]})
    view = r.json()["view"]
    assert view["foundations"] == [{"suit": "S", "count": 13, "top": "KS"}]
    assert view["counters"]["runs_removed"] == 1
    game = Spider(10, rules=SpiderRules(suits=1))
    for text in moves:
        game.push(game.parse_move(text))
    assert view["counters"]["face_down"] == game.face_down_count()
    assert [c["up"] for c in view["columns"]] == [
        [c.text() for c in game.face_up(i)] for i in range(10)
    ]


def test_refusals_name_the_rule(client: TestClient) -> None:
    game = Spider(10, rules=SpiderRules(suits=1))
    top = game.face_up(0)[-1]
    for text, code in ((f"1:{top}>f", "runs-only"), (f"1:{top}>1", "same-place")):
        r = client.post("/api/spider/move", json={"record": record(10), "move": text})
        body = r.json()
        reason = game.explain(game.parse_move(text))
        assert reason is not None and reason.code == code
        assert body["reason"] == {"code": code, "en": reason.en, "ru": reason.ru}
    rank = next(
        Move.card_move(0, top, k)
        for k in range(1, 10)
        if game.explain(Move.card_move(0, top, k)) is not None
    )
    r = client.post("/api/spider/move", json={"record": record(10), "move": str(rank)})
    assert r.json()["reason"]["code"] == "rank"


def test_an_ambiguous_short_move_asks_for_the_column(client: TestClient) -> None:
    game = Spider(10, rules=SpiderRules(suits=1))
    short = [str(m).split(":")[1] for m in game.legal_moves if m.card is not None]
    text = next(t for t in short if short.count(t) > 1)  # two columns can make it
    r = client.post("/api/spider/move", json={"record": record(10), "move": text})
    assert r.status_code == 409  # well formed; which column it means depends on the position
    problem = r.json()["problems"][0]
    assert problem["where"] == "move" and "name the column" in problem["message"]


def test_hint_and_its_words(client: TestClient, spider_line: dict[str, Any]) -> None:
    r = client.post("/api/spider/hint", json={"record": record(10)})
    body = r.json()
    assert r.status_code == 200 and body["kind"] in ("heuristic", "deal", "solver")
    game = Spider(10, rules=SpiderRules(suits=1))
    assert game.explain(game.parse_move(body["move"])) is None
    assert body["en"] and body["ru"]
    assert ADAPTER.describe(Move.deal()) == (
        "Deal a new row from the stock.",
        "Раздайте из колоды новый ряд.",
    )
    assert ADAPTER.describe(Move.parse("3:9H>7")) == (
        "Move the nine of hearts from column 3 to column 7.",
        "Переложите девятку червей из столбца 3 в столбец 7.",
    )
    r = client.post("/api/spider/collect", json={"record": record(10)})
    assert r.json() == {"available": False, "moves": []}


def test_a_won_game(client: TestClient, spider_line: dict[str, Any]) -> None:
    r = client.post("/api/spider/view", json={"record": record(10, spider_line["moves"])})
    view = r.json()["view"]
    assert view["outcome"] == "won" and view["counters"]["runs_removed"] == 8
    assert len(view["foundations"]) == 8 and all(c["up"] == [] for c in view["columns"])
    r = client.post("/api/spider/hint", json={"record": record(10, spider_line["moves"])})
    assert r.json()["kind"] == "won" and r.json()["move"] is None


def test_new_deal_per_suit_count(client: TestClient) -> None:
    for suits in (1, 2, 4):
        body = client.post("/api/spider/new", json={"rules": {"suits": suits}}).json()
        assert body["record"]["rules"] == {"suits": suits}
        assert body["record"]["deal"]["numbering"] == "kpat"
        assert 1 <= body["record"]["deal"]["number"] <= 2**31 - 1
        assert body["view"]["counters"]["face_down"] == 44


BAD_RECORDS = [
    ("rules", {"suits": 3}, "record.rules.suits"),
    ("rules", {"suits": "4"}, "record.rules.suits"),
    ("rules", {"suits": 4, "draw": 1}, "record.rules.draw"),
    ("deal", {"number": 0}, "record.deal.number"),
    ("deal", {"number": 5, "numbering": "ms"}, "record.deal.numbering"),
    ("moves", ["1:ZZ>3"], "record.moves[0]"),
    ("moves", ["11:AS>3"], "record.moves[0]"),
    ("moves", ["s", "s", "1:AH>0"], "record.moves[2]"),
    ("game", "freecell", "record.game"),
]


@pytest.mark.parametrize(("field", "value", "where"), BAD_RECORDS)
def test_bad_record_is_a_422_naming_the_field(
    client: TestClient, field: str, value: Any, where: str
) -> None:
    rec = copy.deepcopy(record(10))
    rec[field] = value
    r = client.post("/api/spider/view", json={"record": rec})
    body = r.json()
    assert r.status_code == 422, body
    assert any(p["where"] == where for p in body["problems"]), body


def test_a_record_the_rules_refuse_is_a_409(client: TestClient) -> None:
    rec = copy.deepcopy(record(10))
    rec["moves"] = ["s", "s", "1:AH>f"]
    r = client.post("/api/spider/view", json={"record": rec})
    assert r.status_code == 409 and r.json()["problems"][0]["where"] == "record.moves[2]"
    rec = copy.deepcopy(record(10))
    rec["deal"]["number"] = 2**31
    r = client.post("/api/spider/view", json={"record": rec})
    assert r.status_code == 409 and r.json()["problems"][0]["where"] == "record.deal"


def test_pages_and_rules(client: TestClient) -> None:
    for path in ("/spider", "/spider/1-suit", "/spider/2-suits", "/spider/4-suits/deal/1000"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert 'data-game="spider"' in r.text and "js/games/spider.js" in r.text
        assert "{{" not in r.text and 'href="/freecell"' in r.text
    for path in ("/spider/3-suits", "/spider/1-suits", "/spider/2-suits/deal/x", "/spider/deal/5"):
        assert client.get(path).status_code == 404, path
    # The inline script is the same on every game page, so one hash allows it everywhere.
    policies = {
        client.get(p).headers["content-security-policy"]
        for p in ("/", "/freecell", "/spider/2-suits")
    }
    assert len(policies) == 1
    en = client.get("/rules/spider/en")
    ru = client.get("/rules/spider/ru")
    assert en.status_code == ru.status_code == 200
    assert "deal-onto" not in en.text and "Паук" in ru.text and "Spider" in en.text


def test_the_page_refuses_a_lower_copy_with_the_engines_words(client: TestClient) -> None:
    """The page refuses on the spot a move from a lower copy of a card under its twin (a move
    names the column's topmost copy) by the name of the engine's ``run-not-ordered``, whose
    words the game's texts carry: the page module holds no copy of any refusal's words."""
    text = (STATIC_DIR / "js" / "games" / "spider.js").read_text(encoding="utf-8")
    assert '{ refuse: "RUN_NOT_ORDERED" }' in text
    texts = client.get("/texts/spider.json").json()["reasons"]
    assert texts["RUN_NOT_ORDERED"] == {
        "code": RUN_NOT_ORDERED.code,
        "en": RUN_NOT_ORDERED.en,
        "ru": RUN_NOT_ORDERED.ru,
    }
    for reason in texts.values():
        assert reason["en"] not in text and reason["ru"] not in text


def test_following_hints_never_goes_round_in_circles() -> None:
    game = Spider(1, rules=SpiderRules(suits=1))
    seen = {game.key()}
    for _ in range(80):
        move, kind = ADAPTER.heuristic_hint(game)
        assert move is not None and kind in ("heuristic", "deal")
        game.push(move)
        assert game.key() not in seen, f"hint {move} went back to a position already had"
        seen.add(game.key())
        if game.is_won():
            break
    assert game.runs_removed() >= 1


def test_finish_offered_once_nothing_is_hidden_and_the_rest_is_proven(
    client: TestClient, spider_line: dict[str, Any]
) -> None:
    moves: list[str] = spider_line["moves"]
    game = Spider(10, rules=SpiderRules(suits=1))
    first_open = None
    for n, text in enumerate(moves):
        game.push(game.parse_move(text))
        if game.stock_count() == 0 and game.face_down_count() == 0 and not game.is_won():
            first_open = n + 1
            break
    assert first_open is not None
    # One move before every card is seen: no finish, whatever the solver knows.
    before = client.post("/api/spider/view", json={"record": record(10, moves[: first_open - 1])})
    assert before.json()["view"]["collect"] is False
    r = client.post("/api/spider/collect", json={"record": record(10, moves[: first_open - 1])})
    assert r.json() == {"available": False, "moves": []}
    # Every card seen: the solver proves the rest and the finish is offered.
    now = record(10, moves[:first_open])
    assert client.post("/api/spider/view", json={"record": now}).json()["view"]["collect"] is True
    body = client.post("/api/spider/collect", json={"record": now}).json()
    assert body["available"] is True and body["moves"]
    done = client.post(
        "/api/spider/view", json={"record": record(10, now["moves"] + body["moves"])}
    )
    assert done.json()["view"]["outcome"] == "won"
