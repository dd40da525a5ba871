"""The browser's deals, held to the Python's for every game: the same deal of the day for every
variant, grade and date (random dates from ``KOSYNKA_TWIN_SEED``, as many as
``KOSYNKA_TWIN_GAMES`` asks), the same sources for the starter library's rules and others, a
SHA-256 that agrees with hashlib's; bad deal numbers and numberings refused in the same words,
and fresh random numbers in the same range."""

from __future__ import annotations

import datetime
import hashlib
import random
from typing import Any

import pytest

from kosynka.errors import InvalidNotationError, KosynkaError
from kosynka.games import game_spec
from kosynka.games.numbering import TYPABLE
from kosynka.library.daily import daily_deal, variants
from kosynka.library.starter import starter_index
from kosynka.web.games import adapter_of
from kosynka.web.routes.data import deals_file
from tests.web.twin.harness import Differ, Node, python_service, twin_games, twin_seed
from tests.web.web_helpers import web_games

GAMES = tuple(web_games())


def _file(game: str) -> dict[str, Any]:
    adapter = adapter_of(game)
    assert adapter is not None
    return deals_file(adapter)


def test_sha256_agrees_with_hashlib(node: Node) -> None:
    rng = random.Random(twin_seed())
    texts = ["", "abc", "é|ж|♠", "x" * 55, "x" * 56, "x" * 64, "y" * 200]
    texts += [
        "".join(chr(rng.randint(32, 0x44F)) for _ in range(rng.randint(0, 90))) for _ in range(30)
    ]
    for text in texts:
        got = node.ok(op="module", path="local/sha256.js", fn="sha256", args=[text])
        digest = bytes(got[str(i)] for i in range(32)) if isinstance(got, dict) else bytes(got)
        assert digest == hashlib.sha256(text.encode()).digest(), text


@pytest.mark.parametrize("game", GAMES)
def test_deals_of_the_day_are_the_pythons(node: Node, game: str) -> None:
    rng = random.Random(twin_seed())
    file = _file(game)
    kinds = variants(game)
    days = [datetime.date(2026, 12, 1), datetime.date(2027, 1, 1), datetime.date(2028, 12, 31)]
    days += [
        datetime.date(2000, 1, 1) + datetime.timedelta(days=rng.randint(0, 20000))
        for _ in range(twin_games(4))
    ]
    for day in days:
        for grade in ("easy", "normal", "hard"):
            choice = {k: rng.choice(v) for k, v in kinds.items()}
            py = daily_deal(day, game, grade, choice)
            js = node.ok(
                op="module",
                path="local/deals.js",
                fn="dailyDeal",
                args=[file, day.isoformat(), grade, choice],
            )
            assert js["number"] == py.number, (game, day, grade, choice)
            assert js["numbering"] == py.numbering
            assert js["pool"] == py.pool
            assert js["rules"] == {f: getattr(py.rules, f) for f in js["rules"]}


@pytest.mark.parametrize("game", GAMES)
def test_sources_are_the_pythons(node: Node, game: str) -> None:
    service = python_service(game)
    file = _file(game)
    spec = game_spec(game)
    rules_sets = [s["rules"] for s in file["sets"]]
    # Rules the starter library does not cover: each option moved off its default.
    for option in spec.options:
        for s in file["sets"][:1]:
            for value in getattr(option, "values", None) or ():
                changed = {**s["rules"], option.name: value}
                if option.name in changed and changed not in rules_sets:
                    rules_sets.append(changed)
    for rules in rules_sets:
        model = service.models.sources_request(rules=rules)
        py = service.sources(model.rules).model_dump()  # type: ignore[attr-defined]
        js = node.ok(op="module", path="local/deals.js", fn="sources", args=[file, rules])
        assert js == py, rules


@pytest.mark.parametrize("game", GAMES)
def test_the_deals_file_reads_back_as_the_starter_library(node: Node, game: str) -> None:
    """The deal numbers travel as gaps; the page reads them back as every starter deal."""
    file = _file(game)
    read = node.ok(op="module", path="local/deals.js", fn="readDeals", args=[file])
    index = starter_index(game)
    assert [s["text"] for s in read["sets"]] == [s["text"] for s in file["sets"]]
    for s in read["sets"]:
        for grade, numbers in s["grades"].items():
            assert numbers == sorted(index[(s["text"], grade)]), (game, s["text"], grade)


def test_a_graded_pick_avoids_the_deals_excluded(node: Node) -> None:
    file = _file("klondike")
    rules = file["sets"][0]["rules"]
    easy = sorted(starter_index("klondike")[(file["sets"][0]["text"], "easy")])
    exclude = easy[:-1]
    for _ in range(5):
        got = node.ok(
            op="module", path="local/deals.js", fn="pick", args=[file, rules, "easy", exclude]
        )
        assert got == easy[-1]
    got = node.ok(op="module", path="local/deals.js", fn="pick", args=[file, rules, "easy", easy])
    assert got in easy  # every deal had: any deal of the grade rather than none


@pytest.mark.parametrize("game", GAMES)
def test_bad_deal_numbers_are_refused_in_the_pythons_words(node: Node, game: str) -> None:
    """Each game's browser deals refuse what its Python deals refuse, in the same words: an
    unknown numbering, a number that is no whole number, one out of range."""
    spec = game_spec(game)
    default = spec.default_numbering()
    path = f"games/{game}/deals.js"
    cases: list[tuple[Any, str]] = [(0, default), (-3, default), ("12a", default), ("", default)]
    cases += [(1.5, default), (True, default), (None, default), (1, "nonesuch")]
    for numbering in spec.numberings:
        top = spec.max_deal(numbering)
        cases += [(top + 1, numbering), (str(top + 1), numbering)]
    for number, numbering in cases:
        wanted = number if not isinstance(number, str) or not number.isdigit() else int(number)
        try:
            spec.check_deal_number(wanted, numbering)
        except InvalidNotationError as err:
            said = node.ask(op="module", path=path, fn="checkDealNumber", args=[number, numbering])
            assert "error" in said, (game, number, numbering)
            assert said["error"].split("\n")[0].endswith(f": {err}"), (game, number, said)
        else:
            raise AssertionError(f"{game} took {number!r} in {numbering}")


def _api_number(number: int) -> int | str:
    """A deal number as the API carries it: digits above 2**53 - 1."""
    return number if number <= 2**53 - 1 else str(number)


@pytest.mark.parametrize("game", GAMES)
def test_records_of_numbers_past_the_end_are_refused_alike(node: Node, game: str) -> None:
    """A record whose deal number is past its numbering's end, or whose numbering the game
    lacks, is refused by the browser where the server refuses it, in the same words."""
    differ = Differ(game, node)
    spec = game_spec(game)
    rules = _file(game)["sets"][0]["rules"]
    for numbering in spec.numberings:
        top = spec.max_deal(numbering)
        for number in (top + 1, top * 10**5):
            record = differ.record(rules, _api_number(number), numbering)  # type: ignore[arg-type]
            differ.refused_record(record)
            answer = node.ask(op="view", game=game, record=record, score=None)
            with pytest.raises(KosynkaError) as refused:
                spec.check_deal_number(number, numbering)
            assert answer["error"] == str(refused.value), (numbering, number)
    # A numbering the game does not have (the API's schema refuses it first; the twin says it
    # as the spec).
    record = differ.record(rules, 5, "windows")
    answer = node.ask(op="view", game=game, record=record, score=None)
    with pytest.raises(KosynkaError) as refused:
        spec.check_numbering("windows")
    assert answer == {"error": str(refused.value), "where": "record.deal"}


@pytest.mark.parametrize("game", GAMES)
def test_random_deal_numbers_are_deals(node: Node, game: str) -> None:
    """The browser's fresh random numbers lie where Python's do (up to 10**12, numbers people
    can still type, or the numbering's end when it comes first), differ from each other, and
    deal the same table in both."""
    differ = Differ(game, node)
    spec = game_spec(game)
    rules = _file(game)["sets"][0]["rules"]
    for numbering in spec.numberings:
        top = min(spec.max_deal(numbering), TYPABLE)
        numbers = [
            node.ok(op="twin", game=game, fn="randomNumber", args=[numbering]) for _ in range(20)
        ]
        assert all(isinstance(n, int) and 1 <= n <= top for n in numbers), numbers
        assert len(set(numbers)) > 15, numbers
        assert all(1 <= spec.random_deal_number(numbering) <= top for _ in range(20))
        differ.position(differ.record(rules, numbers[0], numbering), f"{numbering} {numbers[0]}")
