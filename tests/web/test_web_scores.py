"""Scores in the API (issue 29, item 2): every view, move and new deal asked with ``score`` is
scored by the library (:mod:`kosynka.scoring`) from the replay the answer was made from, with
no second replay; the figures equal the library's own on the whole line (random games of every
game, a won game with its account, a Klondike game worked out by hand in both scorings); a
scoring the record's rules are not played by gives way to the game's default and says so; bad
score requests are a 422 naming the field."""

from __future__ import annotations

import datetime
import json
import random
import warnings
from pathlib import Path
from typing import Any

import pytest

from kosynka.games.base import game_spec
from kosynka.games.klondike import KlondikeRules
from kosynka.library.daily import daily_deal
from kosynka.scoring import score_record, tallies
from kosynka.web import create_app
from kosynka.web.settings import Settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

DATA = Path(__file__).parent / "data"


ROOMY = Settings(client_work_per_s=100, client_work_burst=10_000)
"""Shares these tests never reach (they make hundreds of requests from one client)."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The app in process (every request through FastAPI, as over HTTP)."""
    return TestClient(create_app(ROOMY))


def rec(
    game: str, number: int, rules: dict[str, Any], moves: list[str], numbering: str
) -> dict[str, Any]:
    """A game record as the page keeps it."""
    return {
        "game": game,
        "rules": rules,
        "deal": {"number": number, "numbering": numbering, "source": "chosen"},
        "moves": moves,
    }


def library(record: dict[str, Any], scoring: str, **play: Any) -> Any:
    """The library's score of ``record`` (the oracle the API is held to)."""
    spec = game_spec(record["game"])
    rules = spec.make_rules(**record["rules"])
    return score_record(
        record["game"],
        record["deal"]["number"],
        record["moves"],
        scoring,
        rules=rules,
        numbering=record["deal"]["numbering"],
        **play,
    )


# Klondike deal 76 (PySolFC numbers), Draw 1 with one pass (Vegas' own rules, so both scorings
# score it), each move worked out by hand: (move, standard score after it, Vegas after it).
DEAL76 = [
    ("AH>f", 15, -47),  # column 6's ace home +10, the card under it turned +5; Vegas +5
    ("s", 15, -47),  # 6H to the waste
    ("s", 15, -47),  # 7C
    ("s", 15, -47),  # 6C
    ("6C>2", 20, -47),  # the waste onto 7D: +5
    ("5D>2", 25, -47),  # column 5's 5D onto 6C, a card turned: +5
    ("s", 25, -47),  # 2H
    ("2H>f", 35, -42),  # the waste home: +10; Vegas +5
    ("2H>5", 20, -47),  # back from its foundation onto column 5: -15; Vegas -5
]
DEAL76_RULES = {"draw": 1, "passes": 1, "foundation_return": True}


def test_a_klondike_game_worked_by_hand_in_both_scorings(client: TestClient) -> None:
    """Move by move through the API, standard and Vegas, the hand-worked figures; at 75 s the
    standard score loses 2 points for every 10 seconds (-14: 6), Vegas counts no time; carried
    in, Vegas adds the running total."""
    moves: list[str] = []
    for move, standard, vegas in DEAL76:
        for scoring, want in (("standard", standard), ("vegas", vegas)):
            body = {
                "record": rec("klondike", 76, DEAL76_RULES, moves, "pysol"),
                "move": move,
                "score": {"scoring": scoring},
            }
            r = client.post("/api/klondike/move", json=body)
            assert r.status_code == 200, r.text
            got = r.json()
            assert got["accepted"], (move, got)
            score = got["view"]["score"]
            assert (score["scoring"], score["score"]) == (scoring, want), move
            assert score["scorings"] == ["standard", "vegas"] and not score["won"]
        moves.append(move)
    record = rec("klondike", 76, DEAL76_RULES, moves, "pysol")
    timed = client.post(
        "/api/klondike/view",
        json={"record": record, "score": {"scoring": "standard", "seconds": 75}},
    ).json()["view"]["score"]
    assert timed["score"] == 6 and timed["game_points"] == 6 and timed["steps"] is None
    carried = client.post(
        "/api/klondike/view",
        json={"record": record, "score": {"scoring": "vegas", "seconds": 75, "carry": 100}},
    ).json()["view"]["score"]
    assert (carried["score"], carried["game_points"], carried["cumulative"]) == (53, -47, True)


def test_vegas_gives_way_to_standard_under_other_rules(client: TestClient) -> None:
    """Unlimited passes are not Vegas' rules: asked for Vegas, the answer is the standard
    score, says so, and takes no carry."""
    record = rec(
        "klondike", 76, {"draw": 1, "passes": None, "foundation_return": True}, ["AH>f"], "pysol"
    )
    score = client.post(
        "/api/klondike/view", json={"record": record, "score": {"scoring": "vegas", "carry": 500}}
    ).json()["view"]["score"]
    assert score["scoring"] == "standard" and score["scorings"] == ["standard"]
    assert (score["score"], score["game_points"], score["cumulative"]) == (15, 15, False)
    # Without a score request there is no score.
    assert (
        client.post("/api/klondike/view", json={"record": record}).json()["view"]["score"] is None
    )


def random_line(
    client: TestClient, record: dict[str, Any], rng: random.Random, n: int
) -> list[str]:
    """Up to ``n`` random legal moves from the API's views (cards home more often)."""
    game = record["game"]
    moves: list[str] = []
    view = client.post(f"/api/{game}/view", json={"record": record}).json()["view"]
    for _ in range(n):
        if not view["legal"]:
            break
        home = [m for m in view["legal"] if m.endswith(">f")]
        move = rng.choice(home) if home and rng.random() < 0.7 else rng.choice(view["legal"])
        r = client.post(
            f"/api/{game}/move", json={"record": {**record, "moves": moves}, "move": move}
        )
        moves.extend(r.json()["applied"])
        view = r.json()["view"]
    return moves


CASES = [
    ("klondike", 5, {"draw": 1, "passes": None, "foundation_return": True}, "pysol", "standard"),
    ("klondike", 6, {"draw": 3, "passes": None, "foundation_return": True}, "pysol", "standard"),
    ("klondike", 7, {"draw": 3, "passes": 3, "foundation_return": True}, "pysol", "vegas"),
    ("freecell", 8, {"cells": 4, "foundation_return": True}, "ms", "standard"),
    ("spider", 9, {"suits": 1}, "kpat", "standard"),
]


@pytest.mark.parametrize(("game", "number", "rules", "numbering", "scoring"), CASES)
def test_scores_equal_the_librarys_move_by_move(
    client: TestClient, game: str, number: int, rules: dict[str, Any], numbering: str, scoring: str
) -> None:
    """Along a random game, each move's answer (scored from the cached replay plus the move)
    and a fresh view of the whole record equal the library's score of the line, with time,
    undos, hints and a carry."""
    rng = random.Random(number)
    line = random_line(client, rec(game, number, rules, [], numbering), rng, 160)
    assert len(line) >= 40
    play = {"seconds": 123.5, "undos": 3, "hints": 2}
    if scoring == "vegas":
        play["carry"] = -30
    for i, move in enumerate(line):
        body = {
            "record": rec(game, number, rules, line[:i], numbering),
            "move": move,
            "score": {"scoring": scoring, **play},
        }
        got = client.post(f"/api/{game}/move", json=body).json()
        assert got["applied"][0] == move
        want = library(
            rec(game, number, rules, line[: i + len(got["applied"])], numbering), scoring, **play
        )
        score = got["view"]["score"]
        assert (score["scoring"], score["score"], score["game_points"]) == (
            scoring,
            want.total,
            want.game_points,
        ), i
        assert score["assisted"] is True and score["won"] is want.won
    fresh = TestClient(create_app(ROOMY))  # nothing cached: the whole record replayed
    whole = rec(game, number, rules, line, numbering)
    score = fresh.post(
        f"/api/{game}/view", json={"record": whole, "score": {"scoring": scoring, **play}}
    ).json()["view"]["score"]
    assert score["score"] == library(whole, scoring, **play).total


def won_records() -> list[dict[str, Any]]:
    """Won games: recorded lines of Klondike and Spider, and FreeCell's deal of the day of 1
    December 2026 (hard) played by the starter library's winning line."""
    out = []
    for file, game, rules in (
        (
            "deal9_draw1_win.json",
            "klondike",
            {"draw": 1, "passes": None, "foundation_return": True},
        ),
        ("spider1_deal10_win.json", "spider", {"suits": 1}),
    ):
        data = json.loads((DATA / file).read_text())
        out.append(rec(game, data["deal"], rules, data["moves"], data["numbering"]))
    deal = daily_deal(datetime.date(2026, 12, 1), "freecell", "hard")
    rules = {"cells": deal.rules.cells, "foundation_return": deal.rules.foundation_return}
    out.append(rec("freecell", deal.number, rules, deal.facts.solution.split(), deal.numbering))
    return out


@pytest.mark.parametrize("record", won_records(), ids=lambda r: str(r["game"]))
def test_a_won_game_comes_with_its_account(client: TestClient, record: dict[str, Any]) -> None:
    """At a win the score comes with its account, step by step, the library's, adding up to
    the score (time bonus and all)."""
    game = record["game"]
    got = client.post(
        f"/api/{game}/view", json={"record": record, "score": {"seconds": 200, "undos": 1}}
    ).json()["view"]
    assert got["outcome"] == "won"
    score = got["score"]
    want = library(record, "standard", seconds=200, undos=1)
    assert score["won"] and score["score"] == want.total and not score["assisted"]
    assert score["steps"] == [s.to_json() for s in want.steps]
    assert sum(s["change"] for s in score["steps"]) == score["score"]


def test_new_deals_and_deals_of_the_day_are_scored_from_the_start(client: TestClient) -> None:
    """A new deal's first view and a deal of the day's carry the score of no move yet: 500 in
    Spider, the stake in Vegas, 0 in FreeCell."""
    spider = client.post(
        "/api/spider/new", json={"rules": {"suits": 1}, "source": "random", "score": {}}
    ).json()
    assert spider["view"]["score"]["score"] == 500
    vegas = client.post(
        "/api/klondike/new",
        json={"rules": {"draw": 3, "passes": 3}, "source": "random", "score": {"scoring": "vegas"}},
    ).json()
    assert (vegas["view"]["score"]["scoring"], vegas["view"]["score"]["score"]) == ("vegas", -52)
    daily = client.get("/api/freecell/daily?date=2026-12-01&grade=hard&scoring=standard").json()
    assert daily["view"]["score"]["score"] == 0
    # A deal of the day is played under the rules it was graded by (unlimited passes): asked
    # for Vegas, its score is the standard one.
    daily = client.get("/api/klondike/daily?date=2026-12-01&grade=easy&draw=3&scoring=vegas").json()
    assert daily["view"]["score"]["scoring"] == "standard"
    assert client.get("/api/spider/daily?date=2026-12-01").json()["view"]["score"] is None


@pytest.mark.parametrize(
    ("score", "where"),
    [
        ({"scoring": "golf"}, "score.scoring"),
        ({"seconds": -1}, "score.seconds"),
        ({"seconds": "60"}, "score.seconds"),
        ({"seconds": 1e300}, "score.seconds"),
        ({"undos": -2}, "score.undos"),
        ({"hints": 1.5}, "score.hints"),
        ({"hints": True}, "score.hints"),
        ({"carry": 10**20}, "score.carry"),
        ({"points": 5}, "score.points"),
    ],
)
def test_bad_score_requests_are_422_naming_the_field(
    client: TestClient, score: dict[str, Any], where: str
) -> None:
    record = rec("klondike", 76, DEAL76_RULES, [], "pysol")
    r = client.post("/api/klondike/view", json={"record": record, "score": score})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["problems"][0]["where"] == where and len(body["message"]) < 300
    r = client.get("/api/klondike/daily?date=2026-12-01&scoring=golf")
    assert r.status_code == 422 and r.json()["problems"][0]["where"].endswith("scoring")


def test_scoring_costs_no_second_replay() -> None:
    """A scored view of a record nobody asked for before replays its moves once (each move
    made on the table once: the score comes from the tally kept along), and a scored move on a
    cached record makes only the move."""
    from kosynka.web.games import adapter_of
    from kosynka.web.service import GameService

    adapter = adapter_of("klondike")
    assert adapter is not None
    service = GameService(adapter, Settings())
    made: list[Any] = []
    push = adapter.push

    def counting(table: Any, move: Any) -> None:
        made.append(move)
        push(table, move)

    mp = pytest.MonkeyPatch()
    mp.setattr(adapter, "push", counting)
    try:
        moves = [m for m, _, _ in DEAL76]
        models = service.models
        record = models.record.model_validate(rec("klondike", 76, DEAL76_RULES, moves, "pysol"))
        score = models.score_request(scoring="vegas", seconds=10.0)
        assert service.record_view(record, score).score.score == -47  # type: ignore[union-attr]
        assert len(made) == len(moves)
        made.clear()
        req = models.move_request.model_validate(
            {"record": record.model_dump(), "move": "s", "score": {"scoring": "standard"}}
        )
        assert service.move(req).view.score.score == 20  # type: ignore[union-attr]
        assert len(made) == 1
    finally:
        mp.undo()


def test_a_tally_and_its_copy_go_their_own_ways() -> None:
    """A copied tally shares the account so far, and each goes on alone."""
    game = game_spec("klondike").deal(76, KlondikeRules(draw=1, passes=1), "pysol")
    tally = tallies(game)["standard"]
    from kosynka.scoring import Play

    for text in ("AH>f", "s", "s", "s"):
        move = game.parse_move(text)
        note = tally.before(game, move)
        game.advance(move)
        tally.after(game, move, note, 0)
    branch = tally.copy()
    other = game.copy(stack=False)
    move = other.parse_move("6C>2")
    note = branch.before(other, move)
    other.advance(move)
    branch.after(other, move, note, 4)
    assert tally.total(game, 4, Play()) == 15 and branch.total(other, 5, Play()) == 20
    assert [s.code for s in branch.result(other, 5, Play()).steps] == [
        "home",
        "turned",
        "waste-to-tableau",
    ]
    assert len(tally.result(game, 4, Play()).steps) == 2
