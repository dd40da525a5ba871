"""TriPeaks' JSON API and pages through FastAPI's TestClient: the view (the 28 places, face-down
cards never named, the waste's top card, the counters with the run), moves accepted or refused
with the rule's reason in English and Russian, hints in words, undo (a shorter record), the
proven finish once every card is seen, a won game, bad rules a 422."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pytest

from kosynka.games.tripeaks import Move, TriPeaks, TriPeaksRules
from kosynka.solver import solve
from kosynka.web.games.tripeaks import ADAPTER

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

DEAL = 1
"""A deal the solver wins with the default rules (wrap on, the peaks closed)."""


def record(moves: list[str] | None = None, number: int = DEAL, **rules: Any) -> dict[str, Any]:
    """A TriPeaks record of ``moves`` from deal ``number`` (default rules unless given)."""
    return {
        "game": "tripeaks",
        "rules": {"wrap": True, "open": False, **rules},
        "deal": {"number": number, "numbering": "pysol", "source": "chosen"},
        "moves": moves or [],
    }


@pytest.fixture(scope="module")
def line() -> list[str]:
    """A winning line of :data:`DEAL`, found by the solver."""
    result = solve(TriPeaks(DEAL), time_limit=10)
    assert result.status == "solved" and result.moves
    return [str(m) for m in result.moves]


def view_of(client: TestClient, moves: list[str], **rules: Any) -> dict[str, Any]:
    """The view of ``moves`` from :data:`DEAL`."""
    r = client.post("/api/tripeaks/view", json={"record": record(moves, **rules)})
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()["view"]
    return view


def test_the_view_hides_the_face_down_cards(client: TestClient) -> None:
    r = client.post("/api/tripeaks/view", json={"record": record()})
    view = r.json()["view"]
    game = TriPeaks(DEAL)
    assert view["columns"] == [] and view["foundations"] == [] and view["stock"] == []
    assert [p["card"] for p in view["places"]] == [None] * 18 + [
        str(game.place(i)) for i in range(18, 28)
    ]
    assert all(p["filled"] for p in view["places"])
    assert [p["row"] for p in view["places"]] == [0] * 3 + [1] * 6 + [2] * 9 + [3] * 10
    assert view["places"][0]["covered_by"] == [3, 4]
    assert view["waste"] == [str(game.waste_top())]
    assert view["counters"] == {
        "moves": 0,
        "peaks": 28,
        "face_down": 18,
        "stock": 23,
        "waste": 1,
        "run": 0,
    }
    assert view["legal"] == [str(m) for m in game.legal_moves]
    # Nothing but the face-up cards and the waste's top is named anywhere in the answer.
    named = re.findall(r'"((?:[2-9TJQKA])[CDHS])"', r.text)
    shown = [p["card"] for p in view["places"] if p["card"]] + view["waste"]
    assert sorted(set(named)) == sorted(shown)
    opened = view_of(client, [], open=True)
    assert all(p["card"] for p in opened["places"]) and opened["counters"]["face_down"] == 0


def test_moves_count_the_run_and_undo_takes_one_back(client: TestClient, line: list[str]) -> None:
    game = TriPeaks(DEAL)
    runs = []
    run = 0
    for text in line[:12]:
        move = game.parse_move(text)
        game.push(move)
        run = run + 1 if move.card is not None else 0
        runs.append(run)
    for n in range(1, 13):
        assert view_of(client, line[:n])["counters"]["run"] == runs[n - 1]
    r = client.post("/api/tripeaks/move", json={"record": record(line[:1]), "move": line[1]})
    body = r.json()
    assert body["accepted"] is True and body["applied"] == [line[1]]
    assert body["view"]["can_undo"] is True
    # Undo is the record without its last move: the view before the move again.
    assert view_of(client, line[:1])["counters"]["moves"] == 1
    assert body["view"] == view_of(client, line[:2])


def test_refusals_name_the_rule_in_both_languages(client: TestClient) -> None:
    game = TriPeaks(DEAL)
    cards = {
        "face-down": str(game.place(0)),
        "rank": next(
            str(game.place(i))
            for i in range(18, 28)
            if Move.parse(str(game.place(i))) not in game.legal_move_list()
        ),
    }
    for code, text in cards.items():
        r = client.post("/api/tripeaks/move", json={"record": record(), "move": text})
        body = r.json()
        reason = game.explain(Move.parse(text))
        assert reason is not None and reason.code == code
        assert body["accepted"] is False
        assert body["reason"] == {"code": reason.code, "en": reason.en, "ru": reason.ru}
        assert body["reason"]["en"] != body["reason"]["ru"]
    opened = TriPeaks(DEAL, rules=TriPeaksRules(open=True))
    top = str(opened.place(0))
    r = client.post("/api/tripeaks/move", json={"record": record(open=True), "move": top})
    assert r.json()["reason"]["code"] == "covered"


def test_hints_in_words(client: TestClient) -> None:
    r = client.post("/api/tripeaks/hint", json={"record": record()})
    body = r.json()
    assert r.status_code == 200 and body["kind"] in ("heuristic", "draw")
    assert TriPeaks(DEAL).explain(Move.parse(body["move"])) is None
    assert body["en"] and body["ru"]
    assert ADAPTER.describe(Move.parse("7C")) == (
        "Play the seven of clubs onto the waste.",
        "Положите семёрку треф в сброс.",
    )
    assert ADAPTER.describe(Move.stock()) == (
        "Turn a card from the stock.",
        "Откройте карту из колоды.",
    )
    assert ADAPTER.safe_moves(TriPeaks(DEAL)) == []


FINISH_DEAL = 4
"""A deal whose solver line deals the stock out with a card still on the peaks."""


def test_the_finish_is_offered_once_every_card_is_seen(client: TestClient) -> None:
    result = solve(TriPeaks(FINISH_DEAL), time_limit=10)
    assert result.status == "solved"
    moves = [str(m) for m in result.moves]
    game = TriPeaks(FINISH_DEAL)
    seen_at = None
    for n, text in enumerate(moves):
        game.push(game.parse_move(text))
        if game.stock_count() == 0 and game.face_down_count() == 0 and not game.is_won():
            seen_at = n + 1
            break
    assert seen_at is not None

    def rec(k: int, extra: list[str] | None = None) -> dict[str, Any]:
        return record(moves[:k] + (extra or []), number=FINISH_DEAL)

    r = client.post("/api/tripeaks/collect", json={"record": rec(seen_at - 1)})
    assert r.json() == {"available": False, "moves": []}
    view = client.post("/api/tripeaks/view", json={"record": rec(seen_at)}).json()["view"]
    assert view["collect"] is True
    body = client.post("/api/tripeaks/collect", json={"record": rec(seen_at)}).json()
    assert body["available"] is True and body["moves"]
    done = client.post("/api/tripeaks/view", json={"record": rec(seen_at, body["moves"])})
    assert done.json()["view"]["outcome"] == "won"
    # Every card seen: the hint is the solver's, a move of a winning line.
    hint = client.post("/api/tripeaks/hint", json={"record": rec(seen_at)}).json()
    assert hint["kind"] == "solver" and hint["winnable"] is True
    assert hint["move"] in view["legal"]


def test_a_won_game(client: TestClient, line: list[str]) -> None:
    view = view_of(client, line)
    assert view["outcome"] == "won" and view["counters"]["peaks"] == 0
    assert not any(p["filled"] for p in view["places"]) and view["legal"] == []
    r = client.post("/api/tripeaks/hint", json={"record": record(line)})
    assert r.json()["kind"] == "won" and r.json()["move"] is None
    r = client.post("/api/tripeaks/move", json={"record": record(line), "move": "s"})
    assert r.json()["reason"]["code"] == "game-over"


def test_bad_rules_are_a_422(client: TestClient) -> None:
    for rules in ({"wrap": "yes"}, {"open": 1}, {"wrap": True, "passes": 1}):
        bad = record()
        bad["rules"] = rules
        r = client.post("/api/tripeaks/view", json={"record": bad})
        assert r.status_code == 422, rules
    assert ADAPTER.rules_of(ADAPTER.rules_model(wrap=False, open=True)) == TriPeaksRules(
        wrap=False, open=True
    )


def test_pages(client: TestClient) -> None:
    for path in ("/tripeaks", "/tripeaks/deal/1000", "/daily/2026-12-04/tripeaks/easy"):
        r = client.get(path)
        assert r.status_code == 200 and 'data-game="tripeaks"' in r.text, path
    page = client.get("/tripeaks").text
    assert '<a href="/tripeaks" data-variant="tripeaks"' in page
    # Each rule set the page offers has deals of the day at an address of its own.
    assert ADAPTER.daily_parts == (
        "tripeaks",
        "tripeaks/closed",
        "tripeaks/closed-no-wrap",
        "tripeaks/open",
        "tripeaks/open-no-wrap",
    )
    for part in ADAPTER.daily_parts:
        r = client.get(f"/daily/2026-12-04/{part}/hard")
        assert r.status_code == 200 and 'data-game="tripeaks"' in r.text, part
    assert client.get("/daily/2026-12-04/tripeaks/ajar/hard").status_code == 404
    assert ADAPTER.spec.titles == {"en": "TriPeaks", "ru": "Три вершины"}
