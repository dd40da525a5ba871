""" "Still winnable?" and "Where was the win lost?" in the games whose table is made of places
(Pyramid, TriPeaks): the full-information solver's verdict on a game's start, and on a game
played to a loss by always taking the first legal move, the move after which no win was left."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from kosynka.games import Game, game_spec
from kosynka.solver import solve
from kosynka.web import create_app
from kosynka.web.games import adapter_of
from kosynka.web.settings import Settings
from tests.web.web_helpers import web_games

PLACES_GAMES = [g for g in web_games() if game_spec(g).deal(1).view().places]
"""The registered games with a web adapter whose table is made of places."""


def lost_game(game: str) -> tuple[int, dict[str, Any], list[str]]:
    """A deal of ``game`` the solver wins, its default rules as the API writes them, and the
    moves of a game that always took the first legal move and lost it."""
    adapter = adapter_of(game)
    assert adapter is not None
    model = adapter.rules_model()
    rules = adapter.rules_of(model)
    for number in range(1, 200):
        start: Game[Any] = adapter.spec.deal(number, rules, adapter.page_numbering)
        if not solve(start, max_states=2_000_000).solved:
            continue
        board = start.copy()
        moves: list[str] = []
        while board.outcome() is None:
            move = board.legal_move_list()[0]
            board.push(move)
            moves.append(str(move))
        if not board.is_won():
            return number, model.model_dump(), moves
    raise AssertionError(f"no lost {game} game among deals 1-199")


@pytest.mark.parametrize("game", PLACES_GAMES)
def test_analysis_finds_the_move_that_lost_the_win(game: str) -> None:
    number, rules, moves = lost_game(game)
    adapter = adapter_of(game)
    assert adapter is not None

    def rec(played: list[str]) -> dict[str, Any]:
        deal = {"number": number, "numbering": adapter.page_numbering, "source": "chosen"}
        return {"game": game, "rules": rules, "deal": deal, "moves": played}

    client = TestClient(create_app(Settings(analysis_time=30)))
    start = client.post(f"/api/{game}/analysis", json={"record": rec([])}).json()
    assert start["status"] == "winnable" and start["lost_at"] is None, start
    body = client.post(f"/api/{game}/analysis", json={"record": rec(moves)})
    got = body.json()
    assert body.status_code == 200 and got["status"] == "lost", got
    n = got["lost_at"]
    assert isinstance(n, int) and 0 <= n < len(moves)
    assert f"move {n + 1}" in got["en"] and f"ходу {n + 1}" in got["ru"]
    # After n moves a win existed; after n + 1 it did not.
    model = adapter.rules_of(adapter.rules_model(**rules))
    before = adapter.spec.deal(number, model, adapter.page_numbering)
    after = adapter.spec.deal(number, model, adapter.page_numbering)
    before.replay(moves[:n])
    after.replay(moves[: n + 1])
    assert solve(before, max_states=2_000_000).solved
    assert solve(after, max_states=2_000_000).status == "unsolvable"
