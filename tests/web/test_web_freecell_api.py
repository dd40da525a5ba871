"""FreeCell's JSON API and pages through FastAPI's TestClient: views (free cells, foundations in
suit order, the counters), moves accepted and refused with the rule's reason, named free cells,
the auto option, hints in words, the plain collect, and every bad record a 422 naming the field."""

from __future__ import annotations

import copy
import warnings
from typing import Any

import pytest

from kosynka.cards import Card
from kosynka.games.freecell import FreeCell, FreeCellRules, Move
from kosynka.web.games.freecell import ADAPTER, columns_in_order

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from kosynka.web.settings import Settings


def record(number: int = 1, moves: list[str] | None = None, **rules: Any) -> dict[str, Any]:
    return {
        "game": "freecell",
        "rules": {"cells": 4, "foundation_return": True, **rules},
        "deal": {"number": number, "numbering": "ms", "source": "chosen"},
        "moves": moves or [],
    }


def test_view_of_a_fresh_deal(client: TestClient) -> None:
    r = client.post("/api/freecell/view", json={"record": record(1)})
    assert r.status_code == 200
    view = r.json()["view"]
    game = FreeCell(1)
    assert view["columns"] == [
        {"down": 0, "up": [c.text() for c in game.column(i)]} for i in range(8)
    ]
    assert view["columns"][0]["up"][:2] == ["JD", "KD"]  # Microsoft's deal 1
    assert view["cells"] == [None, None, None, None]
    assert [f["suit"] for f in view["foundations"]] == ["C", "D", "H", "S"]
    assert all(f["count"] == 0 and f["top"] is None for f in view["foundations"])
    assert view["counters"] == {"moves": 0, "home": 0, "free_cells": 4, "longest": 5}
    assert view["waste"] == []
    assert view["legal"] == [str(m) for m in game.legal_moves]
    assert view["can_undo"] is False and view["outcome"] is None and view["collect"] is False
    r = client.post("/api/freecell/view", json={"record": record(1, cells=2)})
    view = r.json()["view"]
    assert view["cells"] == [None, None] and view["counters"]["longest"] == 3


def test_moves_to_named_cells_home_and_back(client: TestClient) -> None:
    game = FreeCell(15)
    top = game.column(1)[-1].text()
    r = client.post("/api/freecell/move", json={"record": record(15), "move": f"{top}>c3"})
    body = r.json()
    assert body["accepted"] is True and body["applied"] == [f"{top}>c3"]
    view = body["view"]
    assert view["cells"] == [None, None, top, None]
    assert view["counters"] == {"moves": 1, "home": 0, "free_cells": 3, "longest": 4}
    # The named cell is taken now: refused with the reason, in both languages.
    other = game.column(2)[-1].text()
    r = client.post(
        "/api/freecell/move", json={"record": record(15, [f"{top}>c3"]), "move": f"{other}>c3"}
    )
    body = r.json()
    assert body["accepted"] is False and body["applied"] == []
    assert body["reason"]["code"] == "cells-full" and "3" in body["reason"]["en"]
    assert body["reason"]["ru"] and body["view"]["counters"]["moves"] == 1
    # AH lies on top of column 1 of deal 15: home, then back down is refused (nothing fits).
    r = client.post("/api/freecell/move", json={"record": record(15), "move": "AH>f"})
    assert r.json()["view"]["foundations"][2] == {"suit": "H", "count": 1, "top": "AH"}
    r = client.post("/api/freecell/move", json={"record": record(15, ["AH>f"]), "move": "AH>c"})
    assert r.json()["reason"]["code"] == "foundation-to-cell"
    r = client.post(
        "/api/freecell/move",
        json={"record": record(15, ["AH>f"], foundation_return=False), "move": "AH>1"},
    )
    assert r.json()["reason"]["code"] == "foundation-return-off"


def test_a_refused_supermove_names_the_room(client: TestClient, freecell_line: list[str]) -> None:
    game = FreeCell(15)
    line = freecell_line
    for k, text in enumerate(line):
        for i in range(8):
            col = game.column(i)
            if len(col) < 2:
                continue
            for j in range(len(col) - 1):
                for dest in range(8):
                    m = Move(col[j], dest)
                    reason = game.explain(m)
                    if reason is None or reason.code != "supermove-too-long":
                        continue
                    r = client.post(
                        "/api/freecell/move", json={"record": record(15, line[:k]), "move": str(m)}
                    )
                    body = r.json()
                    assert body["accepted"] is False
                    assert body["reason"] == {"code": reason.code, "en": reason.en, "ru": reason.ru}
                    limit = body["view"]["counters"]["longest"]
                    assert limit == game.supermove_limit() and str(limit) in reason.en
                    return
        game.push(Move.parse(text))
    raise AssertionError("no refused supermove on the line")


def test_auto_sends_safe_cards_home(client: TestClient) -> None:
    r = client.post("/api/freecell/move", json={"record": record(15), "move": "AH>f", "auto": True})
    applied = r.json()["applied"]
    game = FreeCell(15)
    game.push(Move.parse("AH>f"))
    expected = ["AH>f"]
    while safe := ADAPTER.safe_moves(game):
        game.push(safe[0])
        expected.append(str(safe[0]))
    assert applied == expected
    assert r.json()["view"]["counters"]["home"] == len(expected)


def test_hint_is_a_legal_move_in_words(client: TestClient) -> None:
    r = client.post("/api/freecell/hint", json={"record": record(1)})
    body = r.json()
    assert r.status_code == 200 and body["kind"] in ("heuristic", "solver")
    game = FreeCell(1)
    move = Move.parse(body["move"])
    assert game.explain(move) is None
    assert body["en"].startswith(("Move the", "Put the")) and body["ru"]


def test_describe_every_kind_of_move() -> None:
    seven = Card.parse("7C")
    assert ADAPTER.describe(Move.parse("7C>f")) == (
        "Move the seven of clubs to its foundation.",
        "Отправьте семёрку треф в дом.",
    )
    assert ADAPTER.describe(Move.to_cell(seven)) == (
        "Put the seven of clubs in a free cell.",
        "Положите семёрку треф в свободную ячейку.",
    )
    assert ADAPTER.describe(Move.to_cell(seven, 1))[0] == "Put the seven of clubs in free cell 2."
    assert ADAPTER.describe(Move.parse("7C>4"))[1] == "Переложите семёрку треф в столбец 4."


def test_collect_once_the_columns_are_in_order(
    client: TestClient, freecell_line: list[str]
) -> None:
    game = FreeCell(15)
    moves: list[str] = []
    for text in freecell_line:
        game.push(Move.parse(text))
        moves.append(text)
        if columns_in_order(game) and not game.is_won():
            break
    r = client.post("/api/freecell/view", json={"record": record(15, moves)})
    assert r.json()["view"]["collect"] is True
    r = client.post("/api/freecell/view", json={"record": record(15, moves[:-1])})
    assert r.json()["view"]["collect"] is False
    body = client.post("/api/freecell/collect", json={"record": record(15, moves)}).json()
    assert body["available"] is True
    for text in body["moves"]:
        assert text.endswith(">f")
        game.push(Move.parse(text))
    assert game.is_won()
    r = client.post("/api/freecell/collect", json={"record": record(15)})
    assert r.json() == {"available": False, "moves": []}


def test_columns_in_order_means_the_plain_collect_finishes() -> None:
    for n in (1, 15, 617):
        game = FreeCell(n, rules=FreeCellRules())
        assert not columns_in_order(game)
        assert ADAPTER.plain_collect(game) is None or game.is_won()


def test_new_random_deal_in_microsoft_numbers(client: TestClient) -> None:
    r = client.post("/api/freecell/new", json={"rules": {"cells": 3}})
    body = r.json()
    assert r.status_code == 200
    deal = body["record"]["deal"]
    assert deal["numbering"] == "ms" and 1 <= deal["number"] <= 2**33 - 1
    assert body["record"]["rules"] == {"cells": 3, "foundation_return": True}
    assert len(body["view"]["cells"]) == 3
    # Graded deals come from the starter library for the default rules; other rules have none
    # (the page shows those sources as unavailable), and a request gets a proven deal and a note.
    r = client.post("/api/freecell/new", json={"source": "easy"})
    assert r.status_code == 200 and r.json()["record"]["deal"]["source"] == "easy"
    r = client.post("/api/freecell/new", json={"source": "easy", "rules": {"cells": 3}})
    assert r.status_code == 200 and "no easy deal" in r.json()["note"]
    assert r.json()["record"]["deal"]["source"] == "random-winnable"


BAD_RECORDS = [
    ("rules", {"cells": 5}, "record.rules.cells"),
    ("rules", {"cells": -1}, "record.rules.cells"),
    ("rules", {"cells": "4"}, "record.rules.cells"),
    ("rules", {"cells": True}, "record.rules.cells"),
    ("rules", {"foundation_return": "yes"}, "record.rules.foundation_return"),
    ("rules", {"draw": 1}, "record.rules.draw"),
    ("deal", {"number": 0}, "record.deal.number"),
    ("deal", {"number": 5, "numbering": "kpat"}, "record.deal.numbering"),
    ("moves", ["ZZ>3"], "record.moves[0]"),
    ("moves", ["AH>9"], "record.moves[0]"),
    ("moves", ["s"], "record.moves[0]"),
    ("game", "spider", "record.game"),
]


@pytest.mark.parametrize(("field", "value", "where"), BAD_RECORDS)
def test_bad_record_is_a_422_naming_the_field(
    client: TestClient, field: str, value: Any, where: str
) -> None:
    rec = copy.deepcopy(record(15))
    rec[field] = value
    r = client.post("/api/freecell/view", json={"record": rec})
    body = r.json()
    assert r.status_code == 422, body
    assert any(p["where"] == where for p in body["problems"]), body
    assert body["message"]


def test_an_illegal_recorded_move_names_its_rule(client: TestClient) -> None:
    """Well formed but refused by the rules, or a deal beyond the numbering: 409."""
    r = client.post("/api/freecell/view", json={"record": record(15, ["AH>f", "AH>f"])})
    assert r.status_code == 409
    problem = r.json()["problems"][0]
    assert problem["where"] == "record.moves[1]" and "same-place" in problem["message"]
    rec = record(15)
    rec["deal"]["number"] = 2**33
    r = client.post("/api/freecell/view", json={"record": rec})
    assert r.status_code == 409 and r.json()["problems"][0]["where"] == "record.deal"
    r = client.post("/api/freecell/move", json={"record": record(15), "move": "10H>0"})
    assert r.status_code == 422 and r.json()["problems"][0]["where"] == "move"


def test_pages_and_rules(client: TestClient) -> None:
    for path in ("/freecell", "/freecell/deal/11982"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert 'data-game="freecell"' in r.text and "{{" not in r.text
        assert "<title>FreeCell — kosynka</title>" in r.text
        assert "/static/v-" in r.text and "js/games/freecell.js" in r.text
        csp = r.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "script-src 'self';" in csp and "http" not in csp
        for link in ('href="/klondike"', 'href="/spider/1-suit"', 'href="/spider/4-suits"'):
            assert link in r.text
    assert client.get("/freecell/deal/x1").status_code == 404
    assert client.head("/freecell").status_code == 200
    en = client.get("/rules/freecell/en")
    ru = client.get("/rules/freecell/ru")
    assert en.status_code == ru.status_code == 200
    assert "(1 + <i>c</i>) × 2<sup><i>e</i></sup>" in en.text and "Свободная ячейка" in ru.text
    assert client.get("/rules/freecell/de").status_code == 404
    assert client.get("/rules/hearts/en").status_code == 404
    assert client.get("/rules/klondike/ru").text == client.get("/rules/ru").text
    schema = client.get("/api/openapi.json").json()
    assert "FreeCellGameRecord" in schema["components"]["schemas"]
    assert "FreeCellRulesModel" in schema["components"]["schemas"]
    assert "/api/freecell/move" in schema["paths"]


def test_hints_never_lead_back_to_a_position_of_the_game() -> None:
    """Without the game's history the player would send a card straight back where it came
    from on this line; the service hands the heuristic the whole game, so it does not."""
    from kosynka.web.service import GameService

    service = GameService(ADAPTER, Settings())
    game = FreeCell(1)
    seen = {game.key()}
    moves: list[str] = []
    for _ in range(60):
        bare = game.copy(stack=False)  # the position alone, as a replay gives it
        move, _kind = ADAPTER.heuristic_hint(bare)
        assert move is not None
        probe = game.copy(stack=False)
        probe.push(move)
        if probe.key() in seen:
            break
        game.push(move)
        seen.add(game.key())
        moves.append(str(move))
    else:
        raise AssertionError("the bare hint never went back on this line")
    models = service.models
    rec = models.record(deal=models.deal(number=1), moves=moves)
    hint = service.hint(rec)
    assert hint.move is not None
    probe = game.copy(stack=False)
    probe.push(Move.parse(hint.move))
    assert probe.key() not in seen


def test_max_run_is_what_can_move_onto_a_card() -> None:
    """The counter is the supermove limit capped at twelve cards (the most that can lie on a
    card) and at what the columns hold besides the card it goes onto."""
    from kosynka.cards import ALL_CARDS, Card
    from kosynka.solver import solve
    from kosynka.web.games.freecell import longest_run

    game = FreeCell(15)
    assert longest_run(game) == game.supermove_limit() == 5
    won = FreeCell(1)
    won.replay(solve(won).moves)
    assert won.is_won() and longest_run(won) == 0
    # The kings of clubs and diamonds alone in the columns, the rest home: the rule would let
    # 40 cards move (4 free cells, 3 empty columns), the columns hold one card to move.
    few = FreeCell.from_position(
        [[Card.parse("KC")], [Card.parse("KD")], [], [], [], [], [], []],
        foundations=(12, 12, 13, 13),
    )
    assert few.supermove_limit() == 5 * 2**6 and longest_run(few) == 1
    # All 52 cards in four columns, four columns empty: 80 cards by the rule, 12 on a card.
    deep = FreeCell.from_position(
        [list(ALL_CARDS[13 * s : 13 * s + 13]) for s in range(4)] + [[]] * 4
    )
    assert deep.supermove_limit() == 5 * 2**4 and longest_run(deep) == 12
