"""The FreeCell and Spider starter libraries shipped in the package: graded winnable deals for
each starter rule set (FreeCell's defaults; Spider's one, two and four suits), each grade
following from its stored figures, lines that replay to a win, harder grades harder for the
no-peek player, and each game's "new deal" serving them."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from kosynka.games import game_spec
from kosynka.library import GRADES
from kosynka.library.graders import freecell as freecell_grader
from kosynka.library.graders import spider as spider_grader
from kosynka.library.grading import starter_rules_of
from kosynka.library.starter import StarterDeal, counts_for, pick, read_starter, starter_path
from kosynka.solver.verify import verify_line

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from kosynka.web import create_app
from kosynka.web.settings import Settings

MIN_PER_GRADE = {"spider": 1000, "freecell": 1000}
"""Deals per rule set and grade each game's shipped starter library must hold."""
REGRADE = {"spider": spider_grader.regrade, "freecell": freecell_grader.regrade}
GAMES = tuple(g for g in ("freecell", "spider") if starter_path(g) is not None) or ("spider",)


@pytest.fixture(scope="module", params=GAMES)
def shipped(request: pytest.FixtureRequest) -> tuple[str, list[StarterDeal]]:
    game: str = request.param
    deals = read_starter(game=game)
    assert deals, f"no {game} starter library at {starter_path(game)}"
    return game, deals


def test_every_rule_set_and_grade_is_full(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    path = starter_path(game)
    assert path is not None and path.stat().st_size < 8_000_000
    for rules in starter_rules_of(game):
        for g in GRADES:
            n = sum(1 for d in starter if d.rules == rules and d.grade == g)
            assert n >= MIN_PER_GRADE[game], f"{game} {rules.text()} {g}: only {n} deals"
        assert all(n >= MIN_PER_GRADE[game] for n in counts_for(game, rules).values())
    keys = [(d.rules_text, d.deal) for d in starter]
    assert len(keys) == len(set(keys))


def test_grades_follow_from_their_figures(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    for d in starter:
        rec: dict[str, Any] = {
            "heur_runs": d.heur_runs,
            "heur_wins": d.heur_wins,
            "heur_mean_moves": d.heur_mean_moves,
            "heur_mean_home": d.heur_mean_home,
            "states": d.states,
            "rules": d.rules_text,
        }
        score, grade = REGRADE[game](rec)
        assert score == pytest.approx(d.score, abs=1e-3)
        assert grade == d.grade


def test_winning_lines_replay_to_a_win(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    spec = game_spec(game)
    rng = random.Random(2026)
    for d in rng.sample(starter, 60):
        verify_line(spec.deal(d.deal, d.rules, None), d.solution.split())


def test_harder_grades_are_harder_for_the_player(
    shipped: tuple[str, list[StarterDeal]],
) -> None:
    """The no-peek player gets further on easy deals than on normal ones, and on normal ones
    than on hard ones."""
    game, starter = shipped
    for rules in starter_rules_of(game):
        progress = []
        for g in GRADES:
            mine = [d for d in starter if d.rules == rules and d.grade == g]
            progress.append(sum(d.heur_mean_home for d in mine) / len(mine))
        assert progress[0] > progress[1] > progress[2], (game, rules.text(), progress)


def test_pick_and_the_page_serve_graded_deals(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    client = TestClient(create_app(Settings()))
    for rules in starter_rules_of(game):
        hard = sorted(d.deal for d in starter if d.rules == rules and d.grade == "hard")
        assert pick(game, "hard", rules, exclude=set(hard[:-1])) == hard[-1]
        model = {"suits": rules.suits} if game == "spider" else {}
        body = client.post(f"/api/{game}/new", json={"source": "easy", "rules": model}).json()
        deal = body["record"]["deal"]
        assert deal["source"] == "easy" and body.get("note") is None, body
        mine = {d.deal for d in starter if d.rules == rules}
        assert int(deal["number"]) in mine
        sources = client.post(f"/api/{game}/sources", json={"rules": model}).json()
        assert all(sources[g] for g in GRADES), sources
