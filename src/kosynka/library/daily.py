"""Deals of the day: for a date, a game, its variant and a grade, one deal of the shipped starter
library, the same for every player, with no server state.

**Which date.** The date is part of the request (and of a daily deal's address,
``/daily/2026-12-01/freecell/hard``): the deal is a pure function of the date, so an address
opens the same deal anywhere, whatever the time zone of whoever opens it. "Today" is the
player's own local date, chosen by the page (the command line uses the machine's): a player's
deal of the day changes at their own midnight, as a daily puzzle in a newspaper does, not at
midnight in London. A player in Vladivostok (UTC+10) and one in Kaliningrad (UTC+2) have
different "todays" for eight hours of each day, but when one sends the other the address of
the 1st of December they play the same deal. When a request names no date, the API uses the
date in UTC.

**Which deal.** The deals of the grade for the variant's rules in the starter library
(:mod:`kosynka.library.starter`, built with 1,000 a grade for every variant and at least 732
since Klondike's were graded again), never a user's own library, so everyone draws from the
same deals; sorted by number, they are put in an order that only the date's year decides: each
deal ranked by the SHA-256 of the game, its rules, the grade, the year and the deal number (a
keyed permutation that any machine and any Python version computes alike). The day of the year
is the index. The deal of a day is therefore fixed as long as the shipped starter library is: a
release with a rebuilt one deals other deals of the day, past days' included (a test pins one
day's deals, so that such a change is seen).

**No repeats.** With at least 732 deals (2 × 366), as the shipped library has, the deals are
first split into two halves, the same every year (ranked by a digest that leaves the year
out): even years draw from one half and odd years from the other. Within a year the days
take different places of one permutation, so different deals; two days of consecutive years
draw from disjoint halves. So a deal never comes back within 366 days: the nearest two days
that may share one are a year apart at least (31 December and 1 January of the year after the
next, in the same half). With 366 to 731 deals the whole grade is permuted each year: no
repeat within a calendar year. With fewer than 366 the year's permutation is used again from
its start: no repeat within that many days of one year. A library with none of a grade has no
deal of the day for it (:class:`~kosynka.library.storage.LibraryError`).

>>> import datetime
>>> deal = daily_deal(datetime.date(2026, 12, 1), "freecell", "hard")
>>> deal.grade, deal.numbering, deal.rules.text()
('hard', 'ms', 'cells=4 return=on')
>>> deal == daily_deal(parse_date("2026-12-01"), "freecell", "hard")
True
"""

from __future__ import annotations

import calendar
import datetime
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from kosynka.errors import InvalidNotationError
from kosynka.games import game_spec
from kosynka.games.base import GameSpec
from kosynka.library.build import numbering_of
from kosynka.library.grading import GRADES, starter_rules_of
from kosynka.library.starter import StarterDeal, read_starter, starter_index
from kosynka.library.storage import LibraryError

DAYS: Final = 366
"""The most days a year has."""
SPLIT_FROM: Final = 2 * DAYS
"""The fewest deals a grade needs for the two yearly halves (no repeat within 366 days)."""
_DATE: Final = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def parse_date(text: str) -> datetime.date:
    """A date written ``YYYY-MM-DD`` (years 0001 to 9999); raise ``InvalidNotationError``
    saying what is wrong (not a date, year 0, no 13th month, no 30th of February).

    >>> parse_date("2028-02-29")
    datetime.date(2028, 2, 29)
    >>> parse_date("2026-02-30")
    Traceback (most recent call last):
    ...
    kosynka.errors.InvalidNotationError: no such date: 2026-02-30 (February 2026 has 28 days)
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"a date must be text YYYY-MM-DD, not {type(text).__name__}")
    if len(text) > 40:
        raise InvalidNotationError(
            f"not a date: {text[:12]!r}... ({len(text):,} characters); expected YYYY-MM-DD"
        )
    match = _DATE.fullmatch(text)
    if match is None:
        raise InvalidNotationError(f"not a date: {text!r}; expected YYYY-MM-DD, such as 2026-12-01")
    year, month, day = (int(g) for g in match.groups())
    if year == 0:
        raise InvalidNotationError("no such date: there is no year 0 (the years start at 0001)")
    if not 1 <= month <= 12:
        raise InvalidNotationError(f"no such date: {text} (a month is 01 to 12)")
    last = calendar.monthrange(year, month)[1]
    if not 1 <= day <= last:
        raise InvalidNotationError(
            f"no such date: {text} ({calendar.month_name[month]} {year} has {last} days)"
        )
    return datetime.date(year, month, day)


def _rank(*parts: object) -> bytes:
    """The digest that orders deals: SHA-256 of the parts joined by ``|``."""
    return hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()


def year_order(deals: Sequence[int], key: str, year: int) -> tuple[int, ...]:
    """The order in which ``year``'s days draw from ``deals`` (the grade's deals, ``key`` naming
    the game, rules and grade): the day of the year ``d`` (1 for 1 January) gets entry
    ``(d - 1) % len(result)``. From :data:`SPLIT_FROM` deals on, only the half of ``deals``
    that the year's parity draws from, else all of them."""
    pool = sorted(set(deals))
    if len(pool) >= SPLIT_FROM:
        halved = sorted(pool, key=lambda n: (_rank(key, "half", n), n))
        cut = len(halved) // 2
        pool = halved[:cut] if year % 2 == 0 else halved[cut:]
    return tuple(sorted(pool, key=lambda n: (_rank(key, year, n), n)))


def day_deal(deals: Sequence[int], key: str, day: datetime.date) -> int:
    """The deal of ``day`` among ``deals`` (see :func:`year_order`)."""
    return _pick(year_order(deals, key, day.year), day)


def _pick(order: Sequence[int], day: datetime.date) -> int:
    """The entry of ``order`` (a year's order) for ``day``."""
    if not order:
        raise LibraryError(f"no deals to choose the deal of {day.isoformat()} from")
    return order[(day.timetuple().tm_yday - 1) % len(order)]


@lru_cache(maxsize=256)
def _order(game: str, rules_text: str, grade: str, year: int) -> tuple[int, ...]:
    """:func:`year_order` of a grade of the starter library, remembered (a page asks for the
    same days again and again)."""
    deals = starter_index(game).get((rules_text, grade), ())
    return year_order(deals, f"{game}|{rules_text}|{grade}", year)


def variants(game: str | GameSpec) -> dict[str, tuple[Any, ...]]:
    """The rule options that tell ``game``'s daily variants apart (a game's name or its spec),
    with their values: Klondike ``{"draw": (1, 3)}``, Spider ``{"suits": (1, 2, 4)}``, Pyramid
    ``{"passes": (3, 2, 1, None), "goal": ("pyramid", "all")}``, FreeCell none (the options in
    which the starter library's rule sets differ; none for a game without a starter
    library)."""
    spec = game if isinstance(game, GameSpec) else game_spec(game)
    sets = starter_rules_of(spec.name)
    out: dict[str, tuple[Any, ...]] = {}
    for opt in spec.options:
        values = tuple(dict.fromkeys(getattr(r, opt.name) for r in sets))
        if len(values) > 1:
            out[opt.name] = values
    return out


def variant_rules(game: str, choice: Mapping[str, Any] | None = None) -> Any:
    """The rules of ``game``'s daily variant named by ``choice`` (an option of
    :func:`variants` and its value, such as ``{"draw": 3}``; an option left out, or None
    where None is none of its values, takes its default: Pyramid's ``{"passes": None}`` is
    unlimited passes); raise ``InvalidNotationError`` for an option or value with no daily
    deals."""
    spec = game_spec(game)
    kinds = variants(spec.name)
    given = {k: v for k, v in (choice or {}).items() if v is not None or None in kinds.get(k, ())}
    for name, value in given.items():
        if name not in kinds:
            tells = ", ".join(kinds) or "nothing: it has one"
            raise InvalidNotationError(
                f"{spec.name}'s daily deals have no variants by {name} (they differ by {tells})"
            )
        if value not in kinds[name]:
            allowed = ", ".join(str(v) for v in kinds[name])
            raise InvalidNotationError(
                f"{spec.name}'s daily deals have {name} {allowed}, not {value!r}"
            )
    defaults = {o.name: o.default for o in spec.options if o.name in kinds}
    wanted = {**defaults, **given}
    for rules in starter_rules_of(spec.name):
        if all(getattr(rules, k) == v for k, v in wanted.items()):
            return rules
    raise LibraryError(f"{spec.name} has no starter library for {wanted}")


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """The deal of the day of one game, variant and grade: its ``number`` (in the library's
    ``numbering``), the ``rules`` it was proven winnable and graded under, what the starter
    library knows of it (``facts``) and how many deals of the grade it was chosen from
    (``pool``)."""

    date: datetime.date
    game: str
    rules: Any
    grade: str
    number: int
    numbering: str
    facts: StarterDeal
    pool: int

    def to_json(self) -> dict[str, Any]:
        """The deal of the day as a JSON object (without the winning line)."""
        f = self.facts
        return {
            "date": self.date.isoformat(),
            "game": self.game,
            "rules": self.rules.text(),
            "grade": self.grade,
            "number": self.number,
            "numbering": self.numbering,
            "pool": self.pool,
            "difficulty": f.score,
            "player_games": f.heur_runs,
            "player_wins": f.heur_wins,
            "player_mean_moves": f.heur_mean_moves,
            "solver_states": f.states,
            "line_moves": len(f.solution.split()),
        }


@lru_cache(maxsize=8)
def _facts(game: str) -> dict[tuple[str, int], StarterDeal]:
    """The starter library's rows of ``game`` by (rules text, deal number)."""
    return {(d.rules_text, d.deal): d for d in read_starter(game=game)}


def daily_deal(
    day: datetime.date,
    game: str,
    grade: str,
    variant: Mapping[str, Any] | None = None,
) -> DailyDeal:
    """The deal of the day ``day`` of ``game`` in ``grade`` (``easy``, ``normal``, ``hard``)
    and the variant ``variant`` names (see :func:`variant_rules`). Raise
    ``InvalidNotationError`` for a grade or variant that does not exist and
    :class:`~kosynka.library.storage.LibraryError` when the starter library has no deal of
    the grade."""
    spec = game_spec(game)
    if grade not in GRADES:
        raise InvalidNotationError(
            f"unknown grade {str(grade)[:40]!r} (expected one of: {', '.join(GRADES)})"
        )
    if not isinstance(day, datetime.date):
        raise InvalidNotationError(f"a day must be a date, not {type(day).__name__}")
    rules = variant_rules(spec.name, variant)
    text = rules.text()
    order = _order(spec.name, text, grade, day.year)
    if not order:
        raise LibraryError(f"the starter library has no {grade} {spec.name} deal for {text}")
    number = _pick(order, day)
    return DailyDeal(
        date=day,
        game=spec.name,
        rules=rules,
        grade=grade,
        number=number,
        numbering=numbering_of(spec.name),
        facts=_facts(spec.name)[(text, number)],
        pool=len(starter_index(spec.name)[(text, grade)]),
    )
