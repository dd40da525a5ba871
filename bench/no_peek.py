"""Following the hints from the first move: the no-peek player's win rates, as a user gets them.

Runs the installed command line, ``kosynka play GAME --deals A-B [rule flags] --json``, once per
rule set, and prints a Markdown table: deals won with the 95% Wilson interval, the hint's
median, 95th percentile and slowest time, the goal and the published figure beside it.

With ``--lonelybot PATH`` (lonelybot's ``lonecli``, built as ``bench/no_peek.md`` says), Klondike
Draw 3 is played on the same deals by lonelybot's own no-peek player too (``lonecli hop``: 3,000
samples a move, the stock's order known, its face-down cards hidden), each KPat deal given to it
as the exact order of its cards; a second row has its wins, and a line after the table counts
the deals won by both, by one of the two and by neither.

    python bench/no_peek.py --deals 1-200 --jobs 2
    python bench/no_peek.py --deals 1-100 --only klondike-draw-3 spider-2
    python bench/no_peek.py --deals 1-400 --jobs 2 --only klondike-draw-3 --lonelybot /tmp/lonecli
    python bench/no_peek.py --deals 1-2000 --jobs 2 --only klondike-draw-3 --record /tmp/runs/d3

With ``--record DIR`` every deal's result (won or not, its length and the hint's times, not its
moves) is kept in DIR as it ends, so that a run of thousands of deals, stopped part way, goes on
where it stopped when run again with the same DIR, on this machine or another. DIR's
``build.json`` names the package that played: a hash of its Python sources. A package whose
sources differ is refused, so one record never mixes two players. With ``--report`` nothing is
played: the table is that of the deals the record already holds. Records meant to outlive a
machine are kept in ``bench/runs/`` under the commit that was installed to play them.

    python bench/no_peek.py --deals 1-2000 --only spider-1 --record bench/runs/465c840 --report

``--against DIR2`` follows each row with a comparison, deal by deal, with the record of another
build in DIR2. ``--lonelybot-only`` plays only lonelybot's games into the record (they are the
same whatever build of kosynka played beside them), compared with the kosynka games the record
holds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import kosynka
from kosynka import Klondike, KlondikeRules
from kosynka.library import parse_deal_ranges
from kosynka.solver.stats import wilson_interval


@dataclass(frozen=True)
class Variant:
    """One rule set: its name, game and flags, the issue's goal and the best published figure."""

    name: str
    game: str
    flags: tuple[str, ...]
    goal: str
    published: str


VARIANTS = (
    Variant(
        "klondike-draw-1",
        "klondike",
        ("--draw", "1", "--numbering", "kpat"),
        ">= 65%",
        "53.5% (a rule-based player, danielrcollins1/SolitaireSolver)",
    ),
    Variant(
        "klondike-draw-3",
        "klondike",
        ("--draw", "3", "--numbering", "kpat"),
        ">= 48%",
        "47.58% of 15,024 (lonelybot, knowing the stock's order)",
    ),
    Variant(
        "klondike-draw-1-passes-1",
        "klondike",
        ("--draw", "1", "--passes", "1", "--numbering", "kpat"),
        "",
        "none published",
    ),
    Variant(
        "klondike-draw-3-passes-3",
        "klondike",
        ("--draw", "3", "--passes", "3", "--numbering", "kpat"),
        "",
        "none published",
    ),
    Variant("spider-1", "spider", ("--suits", "1"), ">= 95%", "none published"),
    Variant("spider-2", "spider", ("--suits", "2"), ">= 70%", "none published"),
    Variant(
        "spider-4",
        "spider",
        ("--suits", "4"),
        ">= 35%",
        "about 6% (best no-peek program); 48.7% an expert without undo",
    ),
)


def _command(variant: Variant, deals: str, jobs: int, time_limit: float | None) -> list[str]:
    """The ``kosynka play`` command line of ``variant`` on ``deals``."""
    beside = Path(sys.executable).parent / "kosynka"
    exe = str(beside) if beside.exists() else shutil.which("kosynka")
    command = [exe] if exe else [sys.executable, "-m", "kosynka"]
    command += ["play", variant.game, "--deals", deals, *variant.flags, "--json"]
    command += ["--jobs", str(jobs)]
    if time_limit is not None:
        command += ["--time-limit", str(time_limit)]
    return command


def run(variant: Variant, deals: str, jobs: int, time_limit: float | None) -> dict[str, object]:
    """One ``kosynka play`` run: its summary line, with the wall time and the deals won
    (``won_deals``) added."""
    began = time.perf_counter()
    done = subprocess.run(
        _command(variant, deals, jobs, time_limit), capture_output=True, text=True, check=True
    )
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    last = lines[-1]["summary"]
    last["wall_s"] = round(time.perf_counter() - began, 1)
    last["won_deals"] = {int(r["deal"]) for r in lines[:-1] if r["won"]}
    return dict(last)


def _read_rows(path: Path, repair: bool = False) -> list[dict[str, object]]:
    """The whole JSON lines of ``path`` (none when it does not exist). A last line cut short by
    a run stopped in the middle of writing it is left out, and with ``repair`` (before more
    lines are added) dropped from the file too; a reader alone never writes, since a run may
    be adding to the file as it reads."""
    if not path.exists():
        return []
    text = path.read_text()
    rows: list[dict[str, object]] = []
    kept = 0
    for line in text.splitlines(keepends=True):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            break
        kept += len(line)
    if repair and kept < len(text):
        path.write_text(text[:kept])
    return rows


def _ranges(numbers: list[int]) -> str:
    """``numbers`` (sorted) as the shortest list of ranges ``kosynka play`` reads."""
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        parts.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ",".join(parts)


def package_sources_hash() -> str:
    """A hash of the Python sources of the imported ``kosynka`` package (each file's path in
    the package and its bytes): which player a record's games were played by."""
    root = Path(kosynka.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def check_build(record: Path) -> None:
    """Write ``record/build.json`` for a new record; for an old one, stop with a message when
    the installed package is not the one that played it."""
    here = {"kosynka": kosynka.__version__, "sources_sha256": package_sources_hash()}
    path = record / "build.json"
    if not path.exists():
        record.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(here, indent=1) + "\n")
        return
    there = json.loads(path.read_text())
    if there.get("sources_sha256") != here["sources_sha256"]:
        raise SystemExit(
            f"{record} was played by another build of kosynka (sources "
            f"{str(there.get('sources_sha256'))[:12]}, installed {here['sources_sha256'][:12]}): "
            "install the commit it names, or record into a new folder"
        )


CHUNK = 10
"""Deals a worker plays in one ``kosynka play`` of a recorded run: each such run ends with its
hints' median and 95th percentile, so a record stopped part way still has them."""


def _play_into(command: list[str], rows_path: Path, sums_path: Path) -> None:
    """Run one ``kosynka play --json`` command, adding each deal's line (without its moves) to
    ``rows_path`` as it is printed and the summary to ``sums_path``."""
    with (
        rows_path.open("a") as rows,
        subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as proc,
    ):
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith('{"summary"'):
                with sums_path.open("a") as sums:
                    sums.write(json.dumps(json.loads(line)["summary"]) + "\n")
            else:
                row = json.loads(line)
                row.pop("line", None)
                rows.write(json.dumps(row) + "\n")
                rows.flush()
    if proc.returncode:
        raise SystemExit(f"kosynka play stopped with status {proc.returncode}")


def recorded_run(
    variant: Variant,
    deals: str,
    jobs: int,
    time_limit: float | None,
    record: Path,
    play: bool = True,
) -> dict[str, object]:
    """:func:`run` kept in the folder ``record``, so that a run stopped part way goes on where
    it stopped: each deal's result is added to ``VARIANT.jsonl`` as ``kosynka play`` prints it
    (without its moves), deals found there are not played again, and each run that ends adds
    its summary to ``VARIANT.summaries.jsonl``; the deals are played :data:`CHUNK` a worker at a
    time, each a run of its own. The hints' own times are not kept: the median reported is the
    median of those runs' medians, the 95th percentile the highest of theirs (an upper bound),
    the slowest the slowest of every deal's line. With ``play`` false nothing is played: the
    figures are those of the deals of ``deals`` that the record holds."""
    name = variant.name if time_limit is None else f"{variant.name}-t{time_limit:g}"
    rows_path = record / f"{name}.jsonl"
    sums_path = record / f"{name}.summaries.jsonl"
    numbers = parse_deal_ranges(deals)
    rows = _read_rows(rows_path, repair=play)
    have = {int(cast("int", r["deal"])) for r in rows}
    missing = [n for n in numbers if n not in have]
    if missing and play:
        check_build(record)
        step = CHUNK * jobs
        for at in range(0, len(missing), step):
            _play_into(
                _command(variant, _ranges(missing[at : at + step]), jobs, time_limit),
                rows_path,
                sums_path,
            )
        rows = _read_rows(rows_path)
    wanted = set(numbers)
    rows_by_deal = {int(cast("int", r["deal"])): r for r in rows}
    chosen = [rows_by_deal[n] for n in numbers if n in rows_by_deal]
    won = {int(cast("int", r["deal"])) for r in chosen if r["won"]}
    low, high = wilson_interval(len(won), len(chosen))
    sums = [s for s in _read_rows(sums_path) if s]
    return {
        "deals": len(chosen),
        "won": len(won),
        "rate": round(len(won) / len(chosen), 4) if chosen else 0.0,
        "wilson95": [round(low, 4), round(high, 4)],
        "hint_ms_median": (
            round(statistics.median(cast("float", s["hint_ms_median"]) for s in sums), 1)
            if sums
            else 0.0
        ),
        "hint_ms_p95": max((cast("float", s["hint_ms_p95"]) for s in sums), default=0.0),
        "hint_ms_max": max((cast("float", r["hint_ms_max"]) for r in chosen), default=0.0),
        "won_deals": won & wanted,
        "played_deals": {int(cast("int", r["deal"])) for r in chosen},
    }


# lonelybot's cards: value rank * 4 + suit, ranks from the ace (0), suits hearts, diamonds,
# clubs, spades; ours: suit * 13 + rank, suits clubs, diamonds, hearts, spades.
LONELYBOT_SUIT = (2, 1, 0, 3)


def lonelybot_seed(deal: int) -> int:
    """KPat Klondike deal ``deal`` as lonelybot's exact seed: the number of the order of its
    52 cards (lonelybot's ``encode_shuffle``), the seven columns first (column i, from 0: its
    cards bottom to top at places i(i+1)/2 ...), then the stock in drawing order."""
    game = Klondike(deal, rules=KlondikeRules(draw=3), numbering="kpat")
    cards: list[int] = []
    for column in game._cols:
        cards += column
    cards += game._stock[::-1]  # our stock's next card is its last
    order = [(c % 13) * 4 + LONELYBOT_SUIT[c // 13] for c in cards]
    number = 0
    for value in range(51, 0, -1):
        at = order.index(value, 0, value + 1)
        number = number * (value + 1) + at
        order[at], order[value] = order[value], order[at]
    return number


def lonelybot_game(lonecli: str, deal: int) -> tuple[bool, float]:
    """lonelybot's no-peek player on one deal: (won, seconds)."""
    began = time.perf_counter()
    done = subprocess.run(
        [lonecli, "hop", "exact", str(lonelybot_seed(deal))],
        capture_output=True,
        text=True,
        check=True,
    )
    ending = done.stdout.strip().rsplit("\n", 1)[-1]
    if ending not in ("Solved", "Lost"):
        raise SystemExit(f"lonecli hop ended deal {deal} with {ending!r}")
    return ending == "Solved", time.perf_counter() - began


def mcnemar_p(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided test of two players on the same deals: the chance, were they
    equally strong, of a split of the deals won by one of them as uneven as ``only_a`` against
    ``only_b`` or more.

    >>> round(mcnemar_p(36, 49), 3)
    0.193
    """
    n = only_a + only_b
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1)) / 2**n
    return min(1.0, 2 * tail)


def paired(a: set[int], b: set[int], common: set[int]) -> tuple[int, int, int, int, float]:
    """Two players' deals won, ``a`` and ``b``, over the deals ``common`` both played: won by
    both, only by a, only by b, by neither, and McNemar's p of the split."""
    a, b = a & common, b & common
    only_a, only_b = len(a - b), len(b - a)
    return len(a & b), only_a, only_b, len(common - a - b), mcnemar_p(only_a, only_b)


def lonelybot_row(
    lonecli: str,
    numbers: list[int],
    jobs: int,
    ours: set[int],
    record: Path | None,
    play: bool = True,
    ours_played: set[int] | None = None,
) -> None:
    """Play the deals ``numbers`` with lonelybot's player on ``jobs`` threads; print its row
    and the deals won by both, one or neither (``ours`` being the deals kosynka won, of
    ``ours_played`` when given, else of ``numbers``: the comparison is over the deals both
    played). With ``record``, each deal's game is added to ``lonelybot.jsonl`` there as it
    ends, and the deals found there are not played again (lonelybot's player gives the same
    game every time: its seed is the deal's). With ``play`` false, only the deals of
    ``numbers`` found there count."""
    path = record / "lonelybot.jsonl" if record is not None else None
    games: dict[int, tuple[bool, float]] = {}
    if path is not None:
        for r in _read_rows(path, repair=play):
            games[int(cast("int", r["deal"]))] = (
                bool(r["won"]),
                float(cast("float", r["seconds"])),
            )
    if not play:
        numbers = [n for n in numbers if n in games]
        if not numbers:
            print("\nlonelybot: none of these deals is in the record.")
            return
    missing = [n for n in numbers if n not in games]
    with ThreadPoolExecutor(jobs) as pool:
        futures = {pool.submit(lonelybot_game, lonecli, d): d for d in missing}
        for future in as_completed(futures):
            deal = futures[future]
            games[deal] = future.result()
            if path is not None:
                with path.open("a") as out:
                    won, seconds = games[deal]
                    row = {"deal": deal, "won": won, "seconds": round(seconds, 2)}
                    out.write(json.dumps(row) + "\n")
    won = {d for d in numbers if games[d][0]}
    low, high = wilson_interval(len(won), len(numbers))
    median = statistics.median(games[d][1] for d in numbers)
    print(
        f"| lonelybot hop, Draw 3 | {len(numbers)} | {len(won)} | "
        f"{100 * len(won) / len(numbers):.1f}% ({100 * low:.1f}-{100 * high:.1f}) | | "
        f"3,000 samples a move | {median:.2f} s a game | | |"
    )
    common = set(numbers) if ours_played is None else set(numbers) & ours_played
    both, only_ours, only_lb, neither, p = paired(ours, won, common)
    print(
        f"\nThe {len(common)} deals both played: both won {both}, only kosynka {only_ours} "
        f"(kosynka {both + only_ours} in all), only lonelybot {only_lb} (lonelybot "
        f"{both + only_lb}), neither {neither} (McNemar's exact test: p = {p:.2f})."
    )


def against_line(variant: Variant, deals: str, ours: dict[str, object], other: Path) -> str:
    """The deals of ``deals`` won by both, one or neither of this run (``ours``, a
    :func:`recorded_run` result) and the record folder ``other``, over the deals both hold."""
    theirs = recorded_run(variant, deals, 1, None, other, play=False)
    common = cast("set[int]", ours["played_deals"]) & cast("set[int]", theirs["played_deals"])
    both, only_a, only_b, neither, p = paired(
        cast("set[int]", ours["won_deals"]), cast("set[int]", theirs["won_deals"]), common
    )
    return (
        f"\n{variant.name}, the {len(common)} deals both records hold: this {both + only_a}, "
        f"{other.name} {both + only_b}; both won {both}, only this {only_a}, only "
        f"{other.name} {only_b}, neither {neither} (McNemar's exact test: p = {p:.2f}).\n"
    )


def main() -> int:
    """Run the chosen rule sets and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-100", help="deal numbers (KPat's)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per run")
    parser.add_argument("--time-limit", type=float, help="seconds per hint (default: the hint's)")
    parser.add_argument("--only", nargs="*", help="rule sets by name (default: all)")
    parser.add_argument("--lonelybot", help="lonelybot's lonecli: play Draw 3 with it too")
    parser.add_argument(
        "--record",
        type=Path,
        help="a folder keeping every deal's game as it ends; a run stopped part way, run "
        "again with the same folder, plays only the deals not yet there (one folder per build "
        "of the player)",
    )
    parser.add_argument(
        "--report",
        action="store_true",
        help="play nothing: the table of the deals the --record folder holds",
    )
    parser.add_argument(
        "--lonelybot-only",
        action="store_true",
        help="play only lonelybot's games (Draw 3) into the --record folder, compared with "
        "the kosynka games it holds",
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="another record folder (another build): each row is followed by the deals won by "
        "both, by one of the two and by neither, over the deals both hold",
    )
    args = parser.parse_args()
    if args.against is not None and args.record is None:
        parser.error("--against compares a --record folder with another")
    if args.report and args.record is None:
        parser.error("--report reads a --record folder")
    if args.lonelybot_only:
        if args.record is None or args.lonelybot is None:
            parser.error("--lonelybot-only needs --lonelybot and --record")
        (d3,) = [v for v in VARIANTS if v.name == "klondike-draw-3"]
        s = recorded_run(d3, args.deals, args.jobs, args.time_limit, args.record, play=False)
        lonelybot_row(
            args.lonelybot,
            parse_deal_ranges(args.deals),
            args.jobs,
            cast("set[int]", s["won_deals"]),
            args.record,
            play=True,
            ours_played=cast("set[int]", s["played_deals"]),
        )
        return 0
    chosen = [v for v in VARIANTS if not args.only or v.name in args.only]
    print(
        "| rules | deals | won | rate (95% Wilson) | goal | published | hint median | p95 | max |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for v in chosen:
        if args.record is not None:
            s = recorded_run(
                v, args.deals, args.jobs, args.time_limit, args.record, play=not args.report
            )
        else:
            s = run(v, args.deals, args.jobs, args.time_limit)
        low, high = cast("list[float]", s["wilson95"])
        rate = float(s["rate"])  # type: ignore[arg-type]
        print(
            f"| {v.name} | {s['deals']} | {s['won']} | {100 * rate:.1f}% "
            f"({100 * low:.1f}-{100 * high:.1f}) | {v.goal} | {v.published} | "
            f"{s['hint_ms_median']} ms | {s['hint_ms_p95']} ms | {s['hint_ms_max']} ms |",
            flush=True,
        )
        if args.lonelybot and v.name == "klondike-draw-3":
            won_deals = cast("set[int]", s["won_deals"])
            numbers = parse_deal_ranges(args.deals)
            played = cast("set[int]", s["played_deals"]) if args.record else None
            if args.report and played is not None:
                numbers = [n for n in numbers if n in played]
            lonelybot_row(
                args.lonelybot,
                numbers,
                args.jobs,
                won_deals,
                args.record,
                play=not args.report,
                ours_played=played,
            )
        if args.against is not None:
            print(against_line(v, args.deals, s, args.against))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
