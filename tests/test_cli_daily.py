"""``kosynka daily``: the deals of the day on the command line, every game, variant and grade
or one of them, as lines or JSON, and bad dates, grades and variants refused with one line and
exit status 2."""

from __future__ import annotations

import datetime
import io
import json
import subprocess
import sys

import pytest

from kosynka.cli import main
from kosynka.games import game_names
from kosynka.library.daily import daily_deal
from kosynka.library.grading import starter_rules_of


def call(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(args), out)
    return code, out.getvalue()


def test_every_deal_of_a_day() -> None:
    code, text = call("daily", "--date", "2026-12-01")
    assert code == 0
    lines = text.splitlines()
    sets = sum(len(starter_rules_of(g)) for g in game_names())
    assert len(lines) == 3 * sets and sets >= 6  # each rule set of each game, 3 grades
    assert all(line.startswith("2026-12-01  ") for line in lines)
    hard = next(line for line in lines if " freecell " in line and " hard " in line)
    assert "deal 1020 (ms)" in hard and "winning line" in hard


def test_one_deal_as_json() -> None:
    code, text = call("daily", "--date", "2028-02-29", "--suits", "4", "--grade", "hard", "--json")
    assert code == 0
    (row,) = [json.loads(line) for line in text.splitlines()]
    deal = daily_deal(datetime.date(2028, 2, 29), "spider", "hard", {"suits": 4})
    assert row == deal.to_json()
    assert row["game"] == "spider" and row["rules"] == "suits=4" and row["numbering"] == "kpat"


def test_a_variant_flag_names_its_game_and_today_is_the_local_date() -> None:
    code, text = call("daily", "--draw", "3")
    assert code == 0
    lines = text.splitlines()
    today = datetime.date.today().isoformat()
    assert len(lines) == 3 and all("klondike  draw=3" in line for line in lines)
    assert all(
        line.startswith(today)
        or line.startswith(
            (datetime.date.today() - datetime.timedelta(1)).isoformat()  # run across midnight
        )
        for line in lines
    )


@pytest.mark.parametrize(
    ("args", "rules"),
    [
        (["--passes", "unlimited", "--goal", "all"], ["passes=unlimited goal=all"]),
        (["--passes", "1"], ["passes=1 goal=pyramid", "passes=1 goal=all"]),  # either goal
        (["--no-wrap", "--open"], ["wrap=off open=on"]),
        (["--open"], ["wrap=on open=on", "wrap=off open=on"]),
    ],
)
def test_pyramid_and_tripeaks_variant_flags(args: list[str], rules: list[str]) -> None:
    code, text = call("daily", "--date", "2026-12-01", *args, "--grade", "hard", "--json")
    assert code == 0
    rows = [json.loads(line) for line in text.splitlines()]
    assert [row["rules"] for row in rows] == rules
    for row in rows:
        game = "pyramid" if "goal" in row["rules"] else "tripeaks"
        deal = daily_deal(datetime.date(2026, 12, 1), game, "hard", rules_choice(row["rules"]))
        assert row == deal.to_json() and row["numbering"] == "pysol"


def rules_choice(text: str) -> dict[str, object]:
    """The daily variant of stored rules text (``passes=unlimited goal=all``)."""
    values = {"on": True, "off": False, "unlimited": None}
    out: dict[str, object] = {}
    for part in text.split():
        key, _, value = part.partition("=")
        out[key] = values[value] if value in values else int(value) if value.isdigit() else value
    return out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2026-02-30"], "--date: no such date: 2026-02-30 (February 2026 has 28"),
        (["--date", "0000-01-01"], "there is no year 0"),
        (["--date", "9" * 5000], "(5,000 characters); expected YYYY-MM-DD"),
        (["--grade", "medium"], "--grade must be one of easy, normal, hard"),
        (["--suits", "3"], "--suits: suits must be 1, 2 or 4"),
        (["--draw", "2"], "--draw: draw must be 1 or 3"),
        (["--game", "freecell", "--draw", "3"], "freecell has no daily variants by --draw"),
        (["--draw", "3", "--suits", "1"], "variants of different games"),
        (["--passes", "4"], "--passes: passes must be"),
        (["--draw", "3", "--open"], "variants of different games"),
        (["--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = call("daily", *args)
    assert code == 2 and out == ""
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("kosynka: error: ") and message in lines[0]


def test_the_real_command_line_exits_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kosynka", "daily", "--date", "2026-02-30"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "kosynka: error: --date: no such date: 2026-02-30 (February 2026 has 28 days)\n"
    )
