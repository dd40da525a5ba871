"""Deals of the day: the same deal for a date everywhere (another process, another hash seed),
no deal twice within 366 days over whole years (leap years and century years included) for
every game, variant and grade of the shipped starter library, what happens with smaller
libraries, every daily deal a graded starter deal whose winning line replays, and bad dates,
grades and variants refused with a clear message."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from typing import Any

import pytest

from kosynka.errors import InvalidNotationError
from kosynka.games import game_spec
from kosynka.library.daily import (
    DAYS,
    SPLIT_FROM,
    daily_deal,
    day_deal,
    parse_date,
    variant_rules,
    variants,
    year_order,
)
from kosynka.library.grading import GRADES
from kosynka.library.starter import starter_index
from kosynka.library.storage import LibraryError

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("klondike", {"draw": 1}),
    ("klondike", {"draw": 3}),
    ("freecell", {}),
    ("spider", {"suits": 1}),
    ("spider", {"suits": 2}),
    ("spider", {"suits": 4}),
    ("pyramid", {"passes": 1, "goal": "pyramid"}),
    ("pyramid", {"passes": None, "goal": "all"}),
    ("tripeaks", {"wrap": False, "open": True}),
]
EVERY_RULE_SET: list[tuple[str, dict[str, Any]]] = [
    *VARIANTS[:6],
    *(("pyramid", {"passes": p, "goal": g}) for g in ("pyramid", "all") for p in (3, 2, 1, None)),
    *(("tripeaks", {"wrap": w, "open": o}) for o in (False, True) for w in (True, False)),
]
"""Every daily variant: each starter rule set of each game."""


def days(first: datetime.date, last: datetime.date) -> list[datetime.date]:
    """Every day from ``first`` to ``last``, both included."""
    return [first + datetime.timedelta(n) for n in range((last - first).days + 1)]


def test_the_variants_are_the_starter_libraries() -> None:
    assert variants("klondike") == {"draw": (1, 3)}
    assert variants("spider") == {"suits": (1, 2, 4)}
    assert variants("freecell") == {}
    assert variant_rules("klondike", {"draw": 3}).text() == "draw=3 passes=unlimited return=on"
    assert variant_rules("spider").text() == "suits=2"  # the default suit count
    assert variant_rules("freecell", {}).text() == "cells=4 return=on"
    assert variants("pyramid") == {"passes": (3, 2, 1, None), "goal": ("pyramid", "all")}
    assert variants("tripeaks") == {"wrap": (True, False), "open": (False, True)}
    # None is a value of Pyramid's passes (unlimited), not "the default" as for Klondike's draw.
    assert variant_rules("pyramid", {"passes": None}).text() == "passes=unlimited goal=pyramid"
    assert variant_rules("pyramid", {"goal": "all"}).text() == "passes=3 goal=all"
    assert variant_rules("klondike", {"draw": None}).text() == "draw=1 passes=unlimited return=on"
    assert variant_rules("tripeaks", {"open": True}).text() == "wrap=on open=on"
    assert variant_rules("tripeaks").text() == "wrap=on open=off"
    with pytest.raises(InvalidNotationError, match="passes 3, 2, 1, None, not 4"):
        variant_rules("pyramid", {"passes": 4})


def test_every_rule_set_has_its_own_deals_of_the_day() -> None:
    day = datetime.date(2026, 12, 1)
    for game in ("pyramid", "tripeaks"):
        sets = [v for g, v in EVERY_RULE_SET if g == game]
        for grade in GRADES:
            deals = [daily_deal(day, game, grade, v) for v in sets]
            assert len({d.rules for d in deals}) == len(sets)
            for deal, variant in zip(deals, sets, strict=True):
                assert {k: getattr(deal.rules, k) for k in variant} == variant
                assert deal.pool == 1000


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_no_deal_twice_within_366_days_over_whole_years(game: str, variant: dict[str, Any]) -> None:
    # 1999-2005 (2000 a leap century year, 2004 a leap year) and 2099-2101 (2100 no leap year):
    # every day's deal, and for each deal the days between its comings.
    spans = [
        (datetime.date(1999, 1, 1), datetime.date(2005, 12, 31)),
        (datetime.date(2099, 1, 1), datetime.date(2101, 12, 31)),
    ]
    for grade in GRADES:
        for first, last in spans:
            seen: dict[int, datetime.date] = {}
            per_year: dict[int, set[int]] = {}
            for day in days(first, last):
                number = daily_deal(day, game, grade, variant).number
                if number in seen:
                    assert (day - seen[number]).days >= DAYS, (grade, day, seen[number])
                seen[number] = day
                per_year.setdefault(day.year, set()).add(number)
            for year, numbers in per_year.items():
                length = 366 if year in (2000, 2004) else 365
                assert len(numbers) == length, (grade, year)  # a whole year, no repeat


def test_the_same_deal_in_another_process() -> None:
    # Another interpreter with another string-hash seed computes the same deals (the order
    # comes from SHA-256, never from Python's hash or random).
    code = (
        "import datetime\n"
        "from kosynka.library.daily import daily_deal\n"
        "d = datetime.date(2026, 12, 1)\n"
        "print(daily_deal(d, 'freecell', 'hard').number,"
        " daily_deal(d, 'klondike', 'easy', {'draw': 3}).number,"
        " daily_deal(d, 'spider', 'normal', {'suits': 4}).number)\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    day = datetime.date(2026, 12, 1)
    here = [
        daily_deal(day, "freecell", "hard").number,
        daily_deal(day, "klondike", "easy", {"draw": 3}).number,
        daily_deal(day, "spider", "normal", {"suits": 4}).number,
    ]
    assert done.stdout.split() == [str(n) for n in here]


def test_the_deals_of_1_december_2026_stay_what_they_are() -> None:
    # An address of a daily deal must open the same deal in every release that ships the same
    # starter library: these are the deals the order gives for that day.
    day = datetime.date(2026, 12, 1)
    assert [daily_deal(day, "freecell", g).number for g in GRADES] == [2712, 238, 1020]
    assert [daily_deal(day, "klondike", g, {"draw": 1}).number for g in GRADES] == [933, 2964, 763]
    assert [daily_deal(day, "spider", g, {"suits": 4}).number for g in GRADES] == [14442, 1056, 406]


@pytest.mark.parametrize(("game", "variant"), EVERY_RULE_SET)
def test_a_daily_deal_is_a_graded_starter_deal_whose_line_wins(
    game: str, variant: dict[str, Any]
) -> None:
    spec = game_spec(game)
    for grade in GRADES:
        deal = daily_deal(datetime.date(2027, 3, 14), game, grade, variant)
        assert deal.number in starter_index(game)[(deal.rules.text(), grade)]
        assert deal.pool == len(starter_index(game)[(deal.rules.text(), grade)]) >= SPLIT_FROM
        assert deal.facts.grade == grade and deal.facts.deal == deal.number
        played = spec.deal(deal.number, deal.rules, deal.numbering)
        played.replay(deal.facts.solution.split())
        assert played.is_won()
        data = deal.to_json()
        assert data["number"] == deal.number and "solution" not in data
        assert data["line_moves"] == len(deal.facts.solution.split())


def test_a_year_spreads_over_the_grade_and_the_years_differ() -> None:
    first = [
        daily_deal(d, "freecell", "easy").number
        for d in days(datetime.date(2026, 1, 1), datetime.date(2026, 1, 31))
    ]
    assert first != sorted(first)  # not the library's order
    other = [
        daily_deal(d, "freecell", "easy").number
        for d in days(datetime.date(2028, 1, 1), datetime.date(2028, 1, 31))
    ]
    assert first != other  # the same half (even years), another order


def test_smaller_libraries() -> None:
    key = "test|rules|easy"
    # From 732 deals on: two halves, one for even years and one for odd ones.
    deals = list(range(1, SPLIT_FROM + 1))
    even, odd = set(year_order(deals, key, 2026)), set(year_order(deals, key, 2027))
    assert len(even) == len(odd) == DAYS and not even & odd and even | odd == set(deals)
    assert set(year_order(deals, key, 2028)) == even
    # 731 deals: the whole grade every year; a year has no repeat, but a deal may come back
    # the next year.
    deals = list(range(1, SPLIT_FROM))
    order = year_order(deals, key, 2028)
    assert sorted(order) == deals
    leap = days(datetime.date(2028, 1, 1), datetime.date(2028, 12, 31))
    year = [order[n] for n in range(len(leap))]
    assert len(year) == len(set(year)) == 366
    assert [day_deal(deals, key, d) for d in leap[::61]] == year[::61]
    # 100 deals: the year's order again from its start, so no repeat within 100 days of a
    # year, and every deal three or four times a year.
    deals = list(range(500, 600))
    order = year_order(deals, key, 2026)
    plain = days(datetime.date(2026, 1, 1), datetime.date(2026, 12, 31))
    year = [order[n % 100] for n in range(len(plain))]
    assert [day_deal(deals, key, d) for d in plain[::37]] == year[::37]
    for i in range(len(year) - 100):
        assert len(set(year[i : i + 100])) == 100
    assert {year.count(n) for n in deals} == {3, 4}
    # None: no deal of the day.
    with pytest.raises(LibraryError, match="no deals"):
        day_deal([], key, datetime.date(2026, 1, 1))
    # The order depends on the key (game, rules, grade), not only on the deals.
    assert year_order(range(1, 400), "a", 2026) != year_order(range(1, 400), "b", 2026)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2026-02-30", "no such date: 2026-02-30 (February 2026 has 28 days)"),
        ("2027-02-29", "February 2027 has 28 days"),
        ("2026-04-31", "April 2026 has 30 days"),
        ("2026-13-01", "a month is 01 to 12"),
        ("2026-00-10", "a month is 01 to 12"),
        ("2026-01-00", "January 2026 has 31 days"),
        ("0000-01-01", "there is no year 0"),
        ("9" * 5000, "(5,000 characters); expected YYYY-MM-DD"),
        ("2026-1-1", "expected YYYY-MM-DD, such as 2026-12-01"),
        ("2026-01-01\n", "expected YYYY-MM-DD"),
        ("12/01/2026", "expected YYYY-MM-DD"),
        ("\uff12\uff10\uff12\uff16-01-01", "expected YYYY-MM-DD"),  # full-width digits
        ("", "expected YYYY-MM-DD"),
    ],
)
def test_bad_dates_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError) as err:
        parse_date(text)
    assert message in str(err.value) and len(str(err.value)) < 200


def test_good_dates() -> None:
    assert parse_date("2028-02-29") == datetime.date(2028, 2, 29)
    assert parse_date("0001-01-01") == datetime.date(1, 1, 1)
    assert parse_date("9999-12-31") == datetime.date(9999, 12, 31)
    assert daily_deal(datetime.date(1, 1, 1), "spider", "hard", {"suits": 1}).number > 0
    assert daily_deal(datetime.date(9999, 12, 31), "klondike", "hard").number > 0


def test_bad_grades_and_variants_are_refused() -> None:
    day = datetime.date(2026, 12, 1)
    with pytest.raises(InvalidNotationError, match="unknown grade 'medium'"):
        daily_deal(day, "freecell", "medium")
    with pytest.raises(InvalidNotationError, match="have draw 1, 3, not 2"):
        daily_deal(day, "klondike", "easy", {"draw": 2})
    with pytest.raises(InvalidNotationError, match="no variants by suits"):
        daily_deal(day, "freecell", "easy", {"suits": 2})
    with pytest.raises(InvalidNotationError, match="no variants by passes"):
        daily_deal(day, "klondike", "easy", {"passes": 3})
    with pytest.raises(InvalidNotationError, match="unknown game"):
        daily_deal(day, "chess", "easy")
