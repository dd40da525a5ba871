"""Spider's starter library shipped in the package: graded winnable deals for one, two and
four suits, each grade following from its stored figures, lines that replay to a win, and the
game's "new deal" serving them."""

from __future__ import annotations

import random
import warnings

import pytest

from kosynka.games.spider import Spider, SpiderRules
from kosynka.library import GRADES
from kosynka.library.graders.spider import regrade
from kosynka.library.starter import StarterDeal, counts_for, pick, read_starter, starter_path
from kosynka.solver.verify import verify_line

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from kosynka.web import create_app
from kosynka.web.settings import Settings

MIN_PER_GRADE = 1000
"""Deals per suit count and grade the shipped starter library must hold."""
SUITS = (1, 2, 4)


@pytest.fixture(scope="module")
def starter() -> list[StarterDeal]:
    deals = read_starter(game="spider")
    assert deals, f"no Spider starter library at {starter_path('spider')}"
    return deals


def test_every_suit_count_and_grade_is_full(starter: list[StarterDeal]) -> None:
    path = starter_path("spider")
    assert path is not None and path.stat().st_size < 8_000_000
    for suits in SUITS:
        rules = SpiderRules(suits=suits)
        for g in GRADES:
            n = sum(1 for d in starter if d.rules == rules and d.grade == g)
            assert n >= MIN_PER_GRADE, f"{suits} suits, {g}: only {n} deals"
        assert all(n >= MIN_PER_GRADE for n in counts_for("spider", rules).values())
    keys = [(d.rules_text, d.deal) for d in starter]
    assert len(keys) == len(set(keys))


def test_grades_follow_from_their_figures(starter: list[StarterDeal]) -> None:
    for d in starter:
        rec = {
            "heur_runs": d.heur_runs,
            "heur_wins": d.heur_wins,
            "heur_mean_moves": d.heur_mean_moves,
            "heur_mean_home": d.heur_mean_home,
            "states": d.states,
            "rules": d.rules_text,
        }
        score, grade = regrade(rec)
        assert score == pytest.approx(d.score, abs=1e-3)
        assert grade == d.grade


def test_winning_lines_replay_to_a_win(starter: list[StarterDeal]) -> None:
    rng = random.Random(2026)
    for d in rng.sample(starter, 60):
        verify_line(Spider(d.deal, rules=d.rules), d.solution.split())


def test_harder_grades_are_harder_for_the_player(starter: list[StarterDeal]) -> None:
    """The no-peek player gets further (and, with one suit, wins more) on easy deals than on
    normal ones, and on normal ones than on hard ones."""
    for suits in SUITS:
        rules = SpiderRules(suits=suits)
        progress = []
        wins = []
        for g in GRADES:
            mine = [d for d in starter if d.rules == rules and d.grade == g]
            progress.append(sum(d.heur_mean_home for d in mine) / len(mine))
            wins.append(sum(d.heur_wins for d in mine) / sum(d.heur_runs for d in mine))
        assert progress[0] > progress[1] > progress[2], (suits, progress)
        if suits == 1:
            assert wins[0] > wins[1] > wins[2], wins


def test_pick_and_the_page_serve_graded_deals(starter: list[StarterDeal]) -> None:
    rules = SpiderRules(suits=2)
    hard = {d.deal for d in starter if d.rules == rules and d.grade == "hard"}
    n = pick("spider", "hard", rules, exclude=set(sorted(hard)[:-1]))
    assert n == sorted(hard)[-1]
    client = TestClient(create_app(Settings()))
    for suits in SUITS:
        body = client.post(
            "/api/spider/new", json={"source": "easy", "rules": {"suits": suits}}
        ).json()
        deal = body["record"]["deal"]
        assert deal["source"] == "easy" and body.get("note") is None, body
        mine = {d.deal for d in starter if d.rules == SpiderRules(suits=suits)}
        assert int(deal["number"]) in mine
        sources = client.post("/api/spider/sources", json={"rules": {"suits": suits}}).json()
        assert all(sources[g] for g in GRADES), sources
