"""Pyramid's JSON API and pages through FastAPI's TestClient: the view (the 28 places, the
stock's top card, the waste's, the counters), moves accepted or refused with the rule's reason
in English and Russian, hints in words, undo (a shorter record), Kings going by themselves with
the auto option, the proven finish once every card is seen, a won game, bad rules a 422."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from kosynka.games.pyramid import Move, Pyramid, PyramidRules
from kosynka.solver import solve
from kosynka.web.games.pyramid import ADAPTER

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

DEAL = 1
"""A deal the solver wins within the default rules (passes 3, the pyramid to clear)."""


def record(moves: list[str] | None = None, number: int = DEAL, **rules: Any) -> dict[str, Any]:
    """A Pyramid record of ``moves`` from deal ``number`` (default rules unless given)."""
    return {
        "game": "pyramid",
        "rules": {"passes": 3, "goal": "pyramid", **rules},
        "deal": {"number": number, "numbering": "pysol", "source": "chosen"},
        "moves": moves or [],
    }


@pytest.fixture(scope="module")
def line() -> list[str]:
    """A winning line of :data:`DEAL`, found by the solver."""
    result = solve(Pyramid(DEAL), time_limit=10)
    assert result.status == "solved" and result.moves
    return [str(m) for m in result.moves]


def view_of(client: TestClient, moves: list[str], **rules: Any) -> dict[str, Any]:
    """The view of ``moves`` from :data:`DEAL`."""
    r = client.post("/api/pyramid/view", json={"record": record(moves, **rules)})
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()["view"]
    return view


def test_the_view_shows_places_the_stock_top_and_the_counters(client: TestClient) -> None:
    view = view_of(client, [])
    game = Pyramid(DEAL)
    assert view["columns"] == [] and view["foundations"] == [] and view["cells"] == []
    assert [p["card"] for p in view["places"]] == [str(c) for c in game.places()]
    assert all(p["filled"] for p in view["places"])
    assert [(p["row"], p["x"]) for p in view["places"][:3]] == [(0, 6), (1, 5), (1, 7)]
    assert view["places"][0]["covered_by"] == [1, 2] and view["places"][27]["covered_by"] == []
    assert view["stock"] == [str(game.stock_top())] and view["waste"] == []
    assert view["counters"] == {
        "moves": 0,
        "pyramid": 28,
        "stock": 24,
        "waste": 0,
        "pass_number": 1,
        "passes": 3,
    }
    assert view["legal"] == [str(m) for m in game.legal_moves]
    assert view["can_undo"] is False and view["outcome"] is None and view["collect"] is False
    unlimited = view_of(client, [], passes=None, goal="all")
    assert unlimited["counters"]["passes"] is None


def test_a_move_then_undo(client: TestClient) -> None:
    r = client.post("/api/pyramid/move", json={"record": record(), "move": "s"})
    body = r.json()
    assert body["accepted"] is True and body["applied"] == ["s"]
    game = Pyramid(DEAL)
    first = game.stock_top()
    game.push(Move.stock())
    after = body["view"]
    assert after["waste"] == [str(first)] and after["stock"] == [str(game.stock_top())]
    assert after["counters"]["stock"] == 23 and after["counters"]["waste"] == 1
    assert after["can_undo"] is True
    # Undo is the record without its last move: after a second move, the first's view again.
    again = client.post("/api/pyramid/move", json={"record": record(["s"]), "move": "s"})
    assert again.json()["view"]["counters"]["stock"] == 22
    assert view_of(client, ["s"]) == after


def test_refusals_name_the_rule_in_both_languages(client: TestClient) -> None:
    game = Pyramid(DEAL)
    for text, code in (("JD+2D", "covered"), ("JD+9H", "rank-sum")):
        r = client.post("/api/pyramid/move", json={"record": record(), "move": text})
        body = r.json()
        reason = game.explain(Move.parse(text))
        assert reason is not None and reason.code == code
        assert body["accepted"] is False
        assert body["reason"] == {"code": reason.code, "en": reason.en, "ru": reason.ru}
        assert body["reason"]["en"] != body["reason"]["ru"]
    r = client.post("/api/pyramid/move", json={"record": record(), "move": "r"})
    assert r.json()["reason"]["en"] == game.explain(Move.redeal()).en  # type: ignore[union-attr]
    assert r.json()["reason"]["code"] == "nothing-to-recycle"


def test_hints_in_words(client: TestClient) -> None:
    r = client.post("/api/pyramid/hint", json={"record": record()})
    body = r.json()
    assert r.status_code == 200 and body["kind"] in ("heuristic", "draw", "recycle")
    assert Pyramid(DEAL).explain(Move.parse(body["move"])) is None
    assert body["en"] and body["ru"] and body["chance"] is not None
    assert ADAPTER.describe(Move.parse("8H+5C")) == (
        "Remove the eight of hearts and the five of clubs.",
        "Уберите восьмёрку червей и пятёрку треф.",
    )
    assert ADAPTER.describe(Move.parse("KS")) == (
        "Remove the king of spades.",
        "Уберите короля пик.",
    )
    assert ADAPTER.describe(Move.redeal())[0] == "Turn the waste over for a new pass."
    move, kind = ADAPTER.heuristic_hint(Pyramid(DEAL))
    assert kind == "heuristic" and move in Pyramid(DEAL).legal_move_list()


def test_a_king_goes_by_itself_with_the_auto_option(client: TestClient, line: list[str]) -> None:
    game = Pyramid(DEAL)
    n = 0
    for n, text in enumerate(line):  # noqa: B007 (n is read after the loop)
        move = game.parse_move(text)
        game.push(move)
        kings = ADAPTER.safe_moves(game)
        if kings and move.cards and len(move.cards) == 2:
            break
    else:
        pytest.fail("no King came free after a pair along the line")
    assert all(len(k.cards) == 1 and k.cards[0].rank == 13 for k in kings)
    r = client.post(
        "/api/pyramid/move", json={"record": record(line[:n]), "move": line[n], "auto": True}
    )
    body = r.json()
    assert body["accepted"] is True and body["applied"][0] == line[n]
    assert str(kings[0]) in body["applied"][1:]


def test_the_finish_is_offered_once_every_card_is_seen(client: TestClient, line: list[str]) -> None:
    game = Pyramid(DEAL)
    seen_at = None
    for n, text in enumerate(line):
        game.push(game.parse_move(text))
        if (game.stock_count() <= 1 or game.pass_number > 1) and not game.is_won():
            seen_at = n + 1
            break
    assert seen_at is not None
    r = client.post("/api/pyramid/collect", json={"record": record(line[: seen_at - 1])})
    assert r.json() == {"available": False, "moves": []}
    assert view_of(client, line[:seen_at])["collect"] is True
    body = client.post("/api/pyramid/collect", json={"record": record(line[:seen_at])}).json()
    assert body["available"] is True and body["moves"]
    assert view_of(client, line[:seen_at] + body["moves"])["outcome"] == "won"
    # Every card seen: the hint is the solver's, a move of a winning line.
    hint = client.post("/api/pyramid/hint", json={"record": record(line[:seen_at])}).json()
    assert hint["kind"] == "solver" and hint["winnable"] is True
    assert hint["move"] in view_of(client, line[:seen_at])["legal"]


def test_a_won_game(client: TestClient, line: list[str]) -> None:
    view = view_of(client, line)
    assert view["outcome"] == "won" and view["counters"]["pyramid"] == 0
    assert not any(p["filled"] for p in view["places"]) and view["legal"] == []
    r = client.post("/api/pyramid/hint", json={"record": record(line)})
    assert r.json()["kind"] == "won" and r.json()["move"] is None
    assert r.json()["en"] == "The game is won." and r.json()["ru"] == "Партия выиграна."


def test_bad_rules_are_a_422(client: TestClient) -> None:
    for rules in ({"passes": 4}, {"goal": "stock"}, {"passes": 3, "draw": 1}):
        bad = record()
        bad["rules"] = rules
        r = client.post("/api/pyramid/view", json={"record": bad})
        assert r.status_code == 422, rules
    assert ADAPTER.rules_of(ADAPTER.rules_model(passes=None, goal="all")) == PyramidRules(
        passes=None, goal="all"
    )


def test_pages(client: TestClient) -> None:
    for path in ("/pyramid", "/pyramid/deal/1000", "/daily/2026-12-04/pyramid/easy"):
        r = client.get(path)
        assert r.status_code == 200 and 'data-game="pyramid"' in r.text, path
    # Each rule set the page offers has deals of the day at an address of its own.
    assert ADAPTER.daily_parts == (
        "pyramid",
        "pyramid/3-passes",
        "pyramid/2-passes",
        "pyramid/1-pass",
        "pyramid/unlimited-passes",
        "pyramid/3-passes-all-cards",
        "pyramid/2-passes-all-cards",
        "pyramid/1-pass-all-cards",
        "pyramid/unlimited-passes-all-cards",
    )
    for part in ADAPTER.daily_parts:
        r = client.get(f"/daily/2026-12-04/{part}/hard")
        assert r.status_code == 200 and 'data-game="pyramid"' in r.text, part
    assert client.get("/daily/2026-12-04/pyramid/4-passes/hard").status_code == 404
    for lang, title in (("en", "Pyramid"), ("ru", "Пирамида")):
        page = client.get(f"/pyramid?lang={lang}", headers={"accept-language": lang}).text
        assert '<a href="/pyramid" data-variant="pyramid"' in page
        assert ADAPTER.spec.titles[lang] == title
