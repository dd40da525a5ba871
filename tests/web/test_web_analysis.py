"""Klondike hints use only what the player sees and the game so far; the full-information solver
speaks only when asked ("still winnable?", "the win was lost at move N")."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from kosynka import Klondike, KlondikeRules, Move
from kosynka.games.klondike.player import Player, hint
from kosynka.solver import solve
from kosynka.web import create_app
from kosynka.web.settings import Settings
from tests.web.web_helpers import record


def _reshuffled_hidden(game: Klondike, seed: int) -> Klondike:
    """The same visible position with the face-down cards and the stock dealt differently."""
    rng = random.Random(seed)
    hidden = [c for i in range(7) for c in game.column(i)[: game.face_down_count(i)]]
    hidden += game.stock()
    rng.shuffle(hidden)
    columns = []
    for i in range(7):
        down = game.face_down_count(i)
        columns.append([hidden.pop() for _ in range(down)] + game.face_up(i))
    return Klondike.from_position(
        columns,
        [game.face_down_count(i) for i in range(7)],
        hidden,
        game.waste(),
        game.foundation_counts(),
        rules=game.rules,
    )


def test_a_hint_never_peeks() -> None:
    for deal in range(1, 30):
        game = Klondike(deal, rules=KlondikeRules(draw=1 + 2 * (deal % 2)))
        assert hint(game) == hint(_reshuffled_hidden(game, deal))


def test_following_hints_never_cycles_the_stock_for_nothing() -> None:
    """Between two card moves the hints never ask for more than one round of the stock."""
    for deal in range(1, 25):
        rules = KlondikeRules(draw=1 + 2 * (deal % 2))
        start = Klondike(deal, rules=rules)
        game = start.copy()
        talon = game.stock_count()
        history: list[Move] = []
        stock_run = 0
        for _ in range(150):
            move = hint(start, history)
            if move is None:
                break
            history.append(move)
            game.push(move)
            if move.card is None:
                stock_run += 1
                assert stock_run <= -(-talon // rules.draw) + 2, (deal, len(history))
            else:
                stock_run = 0
            if game.is_won():
                break


def test_klondike_hints_do_not_ask_the_solver() -> None:
    client = TestClient(create_app())
    for deal in (6, 11982):
        r = client.post("/api/klondike/hint", json={"record": record(deal)})
        body = r.json()
        assert r.status_code == 200 and body["kind"] in ("heuristic", "draw")
        assert body["winnable"] is None  # never a verdict the player did not ask for
        assert "can no longer be won" not in body["en"]


def _lost_game() -> tuple[int, list[str]]:
    """Deal 6 (Draw 1, winnable) as the player loses it: its moves."""
    game = Klondike(6, rules=KlondikeRules(draw=1))
    player = Player(game, 0)
    moves: list[str] = []
    while len(moves) < 400 and not game.is_won():
        m = player.choose(make=True)
        if m is None:
            break
        moves.append(str(m))
    return 6, moves


def test_analysis_finds_the_move_that_lost_the_win() -> None:
    deal, moves = _lost_game()
    client = TestClient(create_app(Settings(analysis_time=30)))
    start = client.post("/api/klondike/analysis", json={"record": record(deal)}).json()
    assert start["status"] == "winnable" and start["lost_at"] is None
    assert "hidden cards were known" in start["en"]
    body = client.post("/api/klondike/analysis", json={"record": record(deal, moves=moves)})
    got = body.json()
    assert body.status_code == 200 and got["status"] == "lost", got
    n = got["lost_at"]
    assert isinstance(n, int) and 0 < n < len(moves)
    assert f"move {n + 1}" in got["en"] and f"ходу {n + 1}" in got["ru"]
    # After n moves a win existed; after n + 1 it did not.
    rules = KlondikeRules(draw=1)
    before, after = Klondike(deal, rules=rules), Klondike(deal, rules=rules)
    before.replay(moves[:n])
    after.replay(moves[: n + 1])
    assert solve(before, time_limit=30).solved
    assert not solve(after, time_limit=30).solved


def test_analysis_is_a_solver_share() -> None:
    """Solver time is one share per address: a hint the solver cannot answer in time spends
    it, and an analysis is then refused (before its body is read) while moves still play."""
    settings = Settings(client_solver_per_s=0.01, client_solver_burst=0.1, refusal_delay=0.01)
    client = TestClient(create_app(settings))
    hard = {"game": "freecell", "rules": {"cells": 1}, "deal": {"number": 454883}}
    hint = client.post("/api/freecell/hint", json={"record": hard}).json()
    assert hint["winnable"] is None  # no answer within the hint's half second
    r = client.post("/api/klondike/analysis", json={"record": record(6)})
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert "solver time" in r.json()["message"]
    assert (
        client.post("/api/klondike/move", json={"record": record(6), "move": "s"}).status_code
        == 200
    )
