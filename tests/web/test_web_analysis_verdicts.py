""" "Still winnable?" on deals that unsound prunings call lost (Draw 3 with a pass limit, cards
back on): the page's analysis answers from the same searches as the command line, so it must
say winnable, and its line must be one the rules accept."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from kosynka import Klondike, KlondikeRules
from kosynka.solver import solve
from kosynka.web import create_app
from kosynka.web.settings import Settings
from tests.web.web_helpers import record

ONCE_LOST = [
    (329871450512256615, 2),
    (313140350241699608, 2),
    (253967068079212905, 3),
    (69697470939975864, 3),
]
"""PySolFC deal numbers and pass limits (Draw 3, return on) with a win unsound prunings miss."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    """The web app with room for a full analysis."""
    return TestClient(create_app(Settings(analysis_time=30)))


@pytest.mark.core  # for its speed: the whole game is proved within the analysis time
@pytest.mark.parametrize(("deal", "passes"), ONCE_LOST)
def test_still_winnable_says_winnable_from_the_deal(
    client: TestClient, deal: int, passes: int
) -> None:
    body = client.post(
        "/api/klondike/analysis", json={"record": record(deal, draw=3, passes=passes)}
    )
    got = body.json()
    assert body.status_code == 200 and got["status"] == "winnable", got
    assert got["lost_at"] is None


@pytest.mark.parametrize(("deal", "passes"), ONCE_LOST[:2])
def test_still_winnable_midgame_after_the_winning_lines_first_moves(
    client: TestClient, deal: int, passes: int
) -> None:
    """Part way along a winning line the analysis still says winnable (the position carries
    its pass number and talon as the page's record does)."""
    rules = KlondikeRules(draw=3, passes=passes, foundation_return=True)
    result = solve(Klondike(deal, rules=rules), time_limit=30)
    assert result.solved and result.moves
    texts = [str(m) for m in result.moves[: len(result.moves) // 2]]
    body = client.post(
        "/api/klondike/analysis",
        json={"record": record(deal, draw=3, passes=passes, moves=texts)},
    )
    got = body.json()
    assert body.status_code == 200 and got["status"] == "winnable", got
