"""Checking what the library claims (``kosynka library verify``): every stored winning line
replays to a win, and every deal stored as unwinnable is decided again by the solver (all of
them, or a sample picked at random: proving a deal unwinnable is the costly half). Rows the
library cannot read (a game this version does not know, rules or a verdict it cannot read)
are claims nobody can check: they are reported, never passed over (:func:`unreadable`, which
``kosynka library stats`` reports too).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from kosynka.errors import KosynkaError
from kosynka.games import game_names, game_spec
from kosynka.library.build import (
    DEFAULT_MAX_STATES,
    Progress,
    _worker_signals,
    numbering_of,
    rules_of,
)
from kosynka.library.grading import GRADES
from kosynka.library.storage import LibraryError, open_library

VERDICTS: Final = ("solved", "unsolvable", "limit")
"""The verdicts a row may hold: winnable (with its line), unwinnable, undecided."""
REDECIDE_FLOOR: Final = 200_000
"""The fewest states the solver may search to decide a stored unwinnable deal again."""
REDECIDE_FACTOR: Final = 4
"""... and how many times the states the row says its proof took (the same solver takes the
same states; another implementation may take a few times more)."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    """Rows of one kind that cannot be read: their game, rules and verdict as stored, how many,
    and why."""

    game: str
    rules: str
    verdict: str
    rows: int
    why: str

    def line(self) -> str:
        """One line for a report: which rows, how many, why."""
        rows = f"{self.rows} row{'s' if self.rows != 1 else ''}"
        return f"{self.game} {self.rules!r} ({self.verdict}, {rows}): {self.why}"


def rules_unreadable(game: str, rules: str) -> str | None:
    """Why ``game``'s rules stored as ``rules`` cannot be read, or None when they can: a game
    this version knows, and rules that read back as the same text."""
    if game not in game_names():
        return "a game this version does not know"
    try:
        text = str(rules_of(game, rules).text())
    except KosynkaError as exc:
        return str(exc)
    if text != rules:
        return f"rules not written as this version writes them ({text!r})"
    return None


def why_unreadable(game: str, rules: str, verdict: str, grade: str | None) -> str | None:
    """Why a row of ``game``, ``rules``, ``verdict`` and ``grade`` cannot be read, or None when
    it can: readable rules (:func:`rules_unreadable`), a known verdict, and a grade only on a
    winnable deal, one of :data:`~kosynka.library.grading.GRADES`."""
    bad_rules = rules_unreadable(game, rules)
    if bad_rules is not None:
        return bad_rules
    if verdict not in VERDICTS:
        return f"an unknown verdict (expected {', '.join(VERDICTS)})"
    if grade is not None and (verdict != "solved" or grade not in GRADES):
        return f"a grade {grade!r} on a {verdict} deal"
    return None


def unreadable(tally: Iterable[tuple[str, str, str, str | None, int]]) -> list[Unreadable]:
    """The rows of ``tally`` (game, rules, verdict, grade, rows: the library's
    :meth:`~kosynka.library.storage.Library.tally`) that cannot be read, by kind."""
    out: dict[tuple[str, str, str, str], int] = {}
    for game, rules, verdict, grade, n in tally:
        why = why_unreadable(game, rules, verdict, grade)
        if why is not None:
            key = (game, rules, verdict, why)
            out[key] = out.get(key, 0) + n
    return [Unreadable(g, r, v, n, why) for (g, r, v, why), n in sorted(out.items())]


def redecide(game: str, rules: str, deal: int, max_states: int) -> tuple[str, int]:
    """Decide deal ``deal`` of ``game`` under ``rules`` (stored text) again with at most
    ``max_states`` states: the verdict (``solved``, ``unsolvable`` or ``limit``) and the
    length of the winning line found (0 for none)."""
    from kosynka.solver import solve

    spec = game_spec(game)
    start = spec.deal(deal, rules_of(game, rules), numbering_of(game))
    res = solve(start, max_states=max_states)
    return res.status.value, len(res.moves)


def _redecide_all(jobs: list[tuple[str, str, int, int]]) -> list[tuple[str, int]]:
    """:func:`redecide` over several deals (one task for a worker)."""
    return [redecide(*job) for job in jobs]


@dataclass
class VerifyReport:
    """What ``verify`` checked and found."""

    games: list[str] = field(default_factory=list)
    lines: int = 0
    """Winning lines replayed."""
    lines_good: int = 0
    unwinnable: int = 0
    """Deals stored as unwinnable (of the games checked)."""
    redecided: int = 0
    """... of them decided again."""
    sampled: bool = False
    seed: int | None = None
    confirmed: int = 0
    undecided: int = 0
    """Deals stored as undecided: they claim nothing."""
    failed: list[str] = field(default_factory=list)
    """Claims found wrong, and rows that cannot be read."""
    unconfirmed: list[str] = field(default_factory=list)
    """Unwinnable claims the solver could not decide again within its limit."""


def verify_library(
    db: str | None,
    games: Sequence[str] | None = None,
    *,
    sample: int | None = None,
    seed: int | None = None,
    max_states: int | None = None,
    jobs: int = 1,
    progress: bool = False,
    on_start: Callable[[int], None] | None = None,
) -> VerifyReport:
    """Check the claims of ``games``' rows (every game's when None) in the library ``db``:
    replay every winning line,
    decide every unwinnable deal again (or ``sample`` of them picked at random with ``seed``,
    a new one when None), each within ``max_states`` states (default: :data:`REDECIDE_FACTOR`
    times what its proof took, at least :data:`REDECIDE_FLOOR`, at most the build's
    default), on ``jobs`` processes; rows of those games that cannot be read are failures.
    ``on_start`` is told how many deals are decided again before the solving starts."""
    from kosynka.solver.verify import SolutionError, verify_line

    claims: list[dict[str, Any]] = []
    with open_library(db, create=False, readonly=True) as lib:
        chosen_games = list(games) if games is not None else list(lib.contents())
        report = VerifyReport(games=chosen_games)
        for bad in unreadable(t for t in lib.tally() if t[0] in chosen_games):
            report.failed.append(f"cannot be read: {bad.line()}")
        for game in chosen_games:
            if game not in game_names():
                continue  # reported above
            for rec in lib.records(game=game):
                rules, verdict = str(rec["rules"]), str(rec["verdict"])
                if why_unreadable(game, rules, verdict, rec["grade"]) is not None:
                    continue  # reported above, kind by kind
                where = f"{game} {rules} deal {rec['deal']}"
                if verdict == "limit":
                    report.undecided += 1
                elif verdict == "unsolvable":
                    claims.append(rec)
                else:
                    report.lines += 1
                    try:
                        start = game_spec(game).deal(
                            int(rec["deal"]), rules_of(game, rules), numbering_of(game)
                        )
                        verify_line(start, (rec["solution"] or "").split())
                        report.lines_good += 1
                    except (SolutionError, KosynkaError) as exc:
                        report.failed.append(f"{where}: {exc}")
    report.unwinnable = len(claims)
    chosen = claims
    if sample is not None and sample < len(claims):
        report.sampled = True
        report.seed = seed if seed is not None else 1 + secrets.randbelow(999_999)
        chosen = sorted(
            random.Random(report.seed).sample(claims, sample),
            key=lambda r: (r["game"], r["rules"], r["deal"]),
        )
    report.redecided = len(chosen)
    if on_start is not None:
        on_start(len(chosen))
    work = [
        (
            str(r["game"]),
            str(r["rules"]),
            int(r["deal"]),
            max_states
            or min(DEFAULT_MAX_STATES, max(REDECIDE_FLOOR, REDECIDE_FACTOR * int(r["states"]))),
        )
        for r in chosen
    ]
    for (game, rules, deal, limit), (verdict, moves) in zip(
        work, _decide(work, jobs, progress), strict=True
    ):
        where = f"{game} {rules} deal {deal}"
        if verdict == "unsolvable":
            report.confirmed += 1
        elif verdict == "solved":
            report.failed.append(
                f"{where}: stored as unwinnable, but the solver wins it (a line of {moves} moves)"
            )
        else:
            report.unconfirmed.append(
                f"{where}: stored as unwinnable; no verdict within {limit:,} states"
            )
    return report


def _decide(
    work: list[tuple[str, str, int, int]], jobs: int, progress: bool
) -> Iterable[tuple[str, int]]:
    """The verdicts of ``work`` (in its order), on ``jobs`` processes."""
    bar = Progress(len(work), enabled=progress)
    try:
        if jobs <= 1 or len(work) <= 1:
            for job in work:
                yield redecide(*job)
                bar.advance(1)
            return
        size = max(1, min(8, len(work) // (jobs * 4)))
        chunks = [work[i : i + size] for i in range(0, len(work), size)]
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)), initializer=_worker_signals
        ) as pool:
            for results in pool.map(_redecide_all, chunks):
                yield from results
                bar.advance(len(results))
    except (OSError, RuntimeError) as exc:
        raise LibraryError(f"cannot decide the deals again: {exc}") from None
    finally:
        bar.finish()
