"""Every game's starter library shipped in the package: graded winnable deals for each of its
starter rule sets, one schema for all, each grade following from its stored figures, lines
that replay to a win, harder grades harder for the no-peek player, and each game's "new deal"
serving them; writing and reading a starter file; picking a deal of a grade."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.cli import main
from kosynka.games import game_names, game_spec
from kosynka.library import (
    GRADES,
    BuildSpec,
    LibraryError,
    build,
    open_library,
    read_starter,
    write_starter,
)
from kosynka.library.daily import SPLIT_FROM
from kosynka.library.grading import regrader_of, starter_rules_of
from kosynka.library.starter import (
    PART_BYTES,
    STARTER_FIELDS,
    StarterDeal,
    counts_for,
    part_paths,
    pick,
    starter_path,
    write_rows,
)
from kosynka.solver.verify import verify_line
from kosynka.web.games import adapter_of
from tests.library.library_helpers import SMALL_STATES

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from kosynka.web import create_app
from kosynka.web.settings import Settings

MIN_PER_GRADE = SPLIT_FROM
"""Deals per rule set and grade each game's shipped starter library must hold: enough for a
deal of the day that never comes back within 366 days (:data:`kosynka.library.daily.SPLIT_FROM`).
Every file was built with 1,000 a grade; Klondike's deals and Spider's were then graded again
by the player behind the hint, which moved some between grades."""
PER_RULE_SET = 3000
"""Deals per rule set of every shipped starter library but those of :data:`OTHER_SIZES`."""
OTHER_SIZES = {("spider", f"suits={n}"): 2196 for n in (1, 2, 4)}
"""Rule sets shipped with another number of deals: Spider's, graded again by the stage player
with KPat deals added (1 suit: its normal and hard deals of 1-14000; 2 suits: its normal deals
of 1-13000; 4 suits: its easy, normal and hard ones of 1-27000) until each grade held
:data:`MIN_PER_GRADE`, then the 732 lowest-numbered deals of each grade kept (the deal lists a
first visit loads for playing offline stay small)."""
GAMES = tuple(g for g in game_names() if starter_rules_of(g))
"""The registered games whose library grades deals: each ships a starter library."""


def rules_in(path: Path) -> set[str]:
    """The rule sets of the rows of the one file ``path`` (not its parts)."""
    import csv
    import gzip

    with gzip.open(path, "rt", encoding="utf-8", newline="") as fh:
        return {row["rules"] for row in csv.DictReader(fh)}


@pytest.fixture(scope="module", params=GAMES)
def shipped(request: pytest.FixtureRequest) -> tuple[str, list[StarterDeal]]:
    game: str = request.param
    deals = read_starter(game=game)
    assert deals, f"no {game} starter library at {starter_path(game)}"
    return game, deals


def test_every_rule_set_and_grade_is_full(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    path = starter_path(game)
    assert path is not None and path.name == f"starter-{game}.csv.gz"
    parts = part_paths(path)
    if len(parts) > 1:  # one file a rule set, each no larger than it must be
        assert len(parts) == len(starter_rules_of(game))
        assert all(len(rules_in(p)) == 1 for p in parts)
    else:
        assert path.stat().st_size <= PART_BYTES
    for rules in starter_rules_of(game):
        for g in GRADES:
            n = sum(1 for d in starter if d.rules == rules and d.grade == g)
            assert n >= MIN_PER_GRADE, f"{game} {rules.text()} {g}: only {n} deals"
        assert all(n >= MIN_PER_GRADE for n in counts_for(game, rules).values())
        expected = OTHER_SIZES.get((game, rules.text()), PER_RULE_SET)
        assert sum(1 for d in starter if d.rules == rules) == expected
    keys = [(d.rules_text, d.deal) for d in starter]
    assert len(keys) == len(set(keys))


def test_grades_follow_from_their_figures(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    regrade = regrader_of(game)
    assert regrade is not None
    for d in starter:
        rec: dict[str, Any] = {
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


def test_winning_lines_replay_to_a_win(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    spec = game_spec(game)
    rng = random.Random(2026)
    for d in rng.sample(starter, 200):
        verify_line(spec.deal(d.deal, d.rules, None), d.solution.split())


def test_harder_grades_are_harder_for_the_player(
    shipped: tuple[str, list[StarterDeal]],
) -> None:
    """The no-peek player wins easy deals more often than normal ones and normal ones more
    often than hard ones, or (where it wins too seldom to tell) gets further on them."""
    game, starter = shipped
    for rules in starter_rules_of(game):
        wins, progress = [], []
        for g in GRADES:
            mine = [d for d in starter if d.rules == rules and d.grade == g]
            wins.append(sum(d.heur_wins for d in mine) / sum(d.heur_runs for d in mine))
            progress.append(sum(d.heur_mean_home for d in mine) / len(mine))
        assert wins[0] >= wins[1] >= wins[2], (game, rules.text(), wins)
        assert wins[0] > wins[2] or progress[0] > progress[1] > progress[2], (game, rules.text())


def test_pick_and_the_page_serve_graded_deals(shipped: tuple[str, list[StarterDeal]]) -> None:
    game, starter = shipped
    client = TestClient(create_app(Settings()))
    adapter = adapter_of(game)
    assert adapter is not None
    for rules in starter_rules_of(game):
        hard = sorted(d.deal for d in starter if d.rules == rules and d.grade == "hard")
        assert pick(game, "hard", rules, exclude=set(hard[:-1])) == hard[-1]
        assert pick(game, "hard", rules, exclude=set(hard)) is None
        for seed in range(3):
            assert pick(game, "hard", rules, {1, 2, 3}, rng=random.Random(seed)) in set(hard)
        fields = adapter.rules_model.model_fields
        model = {f: getattr(rules, f) for f in fields if hasattr(rules, f)}
        assert adapter.rules_of(adapter.rules_model(**model)) == rules
        body = client.post(f"/api/{game}/new", json={"source": "easy", "rules": model}).json()
        deal = body["record"]["deal"]
        assert deal["source"] == "easy" and body.get("note") is None, body
        mine = {d.deal for d in starter if d.rules == rules}
        assert int(deal["number"]) in mine
        sources = client.post(f"/api/{game}/sources", json={"rules": model}).json()
        assert all(sources[g] for g in GRADES), sources
    with pytest.raises(LibraryError, match="unknown grade"):
        pick(game, "expert", starter_rules_of(game)[0])


def test_rules_outside_the_starter_sets_have_no_starter_deals() -> None:
    assert pick("klondike", "easy", KlondikeRules(draw=1, passes=3)) is None


def test_pick_uses_the_users_library(tmp_path: Path) -> None:
    db = str(tmp_path / "mine.sqlite")
    spec = BuildSpec(
        "klondike", KlondikeRules(draw=1, foundation_return=False), max_states=SMALL_STATES, runs=1
    )
    build(spec, list(range(1, 4)), db=db, jobs=1, progress=False)
    with open_library(db) as lib:
        recs = [r for r in lib.records() if r["grade"]]
    assert recs, "some of deals 1-3 should be winnable"
    r = recs[0]
    same = {x["deal"] for x in recs if x["grade"] == r["grade"]}
    rules = KlondikeRules(draw=1, foundation_return=False)
    for _ in range(5):
        assert pick("klondike", r["grade"], rules, db=db) in same
    assert pick("klondike", r["grade"], rules, same, db=db) is None


def test_write_and_read_a_starter_file(tmp_path: Path) -> None:
    db = str(tmp_path / "work.sqlite")
    spec = BuildSpec("klondike", KlondikeRules(draw=1), max_states=SMALL_STATES, runs=1)
    build(spec, list(range(1, 5)), db=db, jobs=1, progress=False)
    out = tmp_path / "starter-klondike.csv.gz"
    written = write_starter(db, out, per_grade=2, game="klondike")
    assert {rules for rules, _grade in written} == {r.text() for r in starter_rules_of("klondike")}
    deals = read_starter(out, game="klondike")
    assert len(deals) == sum(written.values())
    assert all(n <= 2 for n in written.values())
    for d in deals:
        verify_line(Klondike(d.deal, rules=d.rules), d.solution.split())
    out.write_bytes(b"not gzip")
    with pytest.raises(LibraryError, match="cannot be read"):
        read_starter(out, game="klondike")


def test_a_large_library_is_written_one_file_a_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kosynka.library import starter

    shipped = read_starter(game="spider")
    rows = [
        {f: getattr(d, "rules_text" if f == "rules" else f) for f in STARTER_FIELDS}
        for d in shipped
        if d.deal <= 40
    ]
    out = tmp_path / "starter-spider.csv.gz"
    monkeypatch.setattr(starter, "PART_BYTES", 1_000)
    write_rows(rows, out)
    parts = part_paths(out)
    assert [p.name for p in parts] == [
        "starter-spider.csv.gz",
        "starter-spider.2.csv.gz",
        "starter-spider.3.csv.gz",
    ]
    assert [rules_in(p) for p in parts] == [
        {"suits=1"},
        {"suits=2"},
        {"suits=4"},
    ]
    again = read_starter(out, game="spider")
    assert [(d.rules_text, d.deal, d.solution) for d in again] == sorted(
        (d.rules_text, d.deal, d.solution) for d in shipped if d.deal <= 40
    )
    monkeypatch.setattr(starter, "PART_BYTES", 10_000_000)
    write_rows(rows, out)  # small enough again: one file, the parts gone
    assert part_paths(out) == [out]
    assert not (tmp_path / "starter-spider.2.csv.gz").exists()
    assert len(read_starter(out, game="spider")) == len(rows)


def test_a_file_of_another_schema_is_refused(tmp_path: Path) -> None:
    import gzip

    out = tmp_path / "old.csv.gz"
    with gzip.open(out, "wt", encoding="utf-8") as fh:
        fh.write(",".join(("draw", *STARTER_FIELDS[1:])) + "\n")
    with pytest.raises(LibraryError, match="unexpected columns"):
        read_starter(out, game="klondike")


def test_command_line_pick_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["library", "pick", "--grade", "normal", "--draw", "3", "--exclude", "1,2"]) == 0
    number = int(capsys.readouterr().out)
    assert number not in (1, 2)
    assert main(["library", "stats", "--starter"]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "hard" in out and "draw=3" in out
    assert main(["library", "pick", "--grade", "easy", "--exclude", "x"]) == 2
