"""``kosynka solve --deals`` streams its range (issue 26): ``1-9999999`` builds no list of every
deal number and every job before the first answer (that would take 1.6 GB); the numbers are
read as they are solved, at most a few chunks per worker are out at a time, and rows print as
they come, in order."""

from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from kosynka.cli import main
from kosynka.cli import solve as solve_cli
from kosynka.games import game_spec
from kosynka.solver.stats import summarize

HUGE = "1-9999999"
STREAM_FLAGS = ("--max-states", "50", "--json")


class _StopAfter(io.StringIO):
    """An output that takes ``rows`` lines (after the table's head, when there is one) and then
    behaves like a pipe whose reader has gone (``| head``)."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.left = rows

    def write(self, s: str) -> int:
        if s.strip() and not s.startswith("deal/position"):
            if self.left == 0:
                raise BrokenPipeError
            self.left -= 1
        return super().write(s)


def test_a_range_is_read_into_ranges_not_numbers() -> None:
    spec = game_spec("klondike")
    tracemalloc.start()
    try:
        ranges = solve_cli.parse_deal_range(spec, "1-9999980,5,20-30", "pysol")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ranges == [range(1, 9_999_981), range(5, 6), range(20, 31)]
    assert peak < 100_000


def test_the_first_rows_of_a_huge_range_come_at_once_and_memory_stays_flat() -> None:
    out = _StopAfter(rows=5)
    tracemalloc.start()
    start = time.monotonic()
    try:
        code = main(["solve", "--deals", HUGE, *STREAM_FLAGS], out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 0  # a closed pipe ends the run quietly
    assert time.monotonic() - start < 20
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["deal"] for r in rows] == [1, 2, 3, 4, 5]
    assert peak < 20_000_000  # the numbers and jobs of the range alone took over a gigabyte


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_worker_processes_stream_a_huge_range() -> None:
    """With ``--jobs 2`` the first rows come in seconds and the process stays small (its peak
    resident size, read from /proc, was 2.6 GB before the first row)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "kosynka", "solve", "--deals", HUGE, *STREAM_FLAGS, "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        start = time.monotonic()
        rows = [json.loads(proc.stdout.readline()) for _ in range(40)]
        elapsed = time.monotonic() - start
        status = Path(f"/proc/{proc.pid}/status").read_text()
        peak_kb = int(next(x for x in status.splitlines() if x.startswith("VmHWM:")).split()[1])
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    assert [r["deal"] for r in rows] == list(range(1, 41))  # in order
    assert elapsed < 30
    assert peak_kb < 200_000


def test_workers_are_given_only_a_few_chunks_ahead() -> None:
    """While the first row is waited for, no more numbers are read than the chunks in flight."""
    taken = 0

    def numbers() -> Iterator[int]:
        nonlocal taken
        for n in itertools.count(1):
            taken += 1
            yield n

    spec = game_spec("klondike")
    task: solve_cli._Task = (
        "klondike",
        "pysol",
        spec.make_rules(),
        None,
        50,
        False,
        "text",
        "python",
        False,
        False,
    )
    jobs = 2
    rows = solve_cli._pooled(task, numbers(), jobs)
    first = [next(rows) for _ in range(3)]
    rows.close()
    sizes = [min(2**k, solve_cli.CHUNK) for k in range(solve_cli.IN_FLIGHT_PER_JOB * jobs + 2)]
    assert [r["deal"] for r in first] == [1, 2, 3]
    assert taken <= sum(sizes)


def test_workers_give_the_rows_of_one_process_in_order() -> None:
    argv = ["solve", "--deals", "1-60,7,3-4", "--max-states", "200", "--json"]
    one = io.StringIO()
    two = io.StringIO()
    assert main(argv, one) == 0 and main([*argv, "--jobs", "2"], two) == 0

    def rows(out: io.StringIO) -> list[tuple[object, ...]]:
        lines = [json.loads(x) for x in out.getvalue().splitlines()[:-1]]
        return [(r["deal"], r["status"], r["moves"], r["states"]) for r in lines]

    assert rows(one) == rows(two)
    assert [r[0] for r in rows(one)] == [*range(1, 61), 7, 3, 4]


def test_the_summary_is_kept_compactly_and_exactly() -> None:
    out = io.StringIO()
    assert main(["solve", "--deals", "1-40", "--max-states", "300", "--json"], out) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    rows, summary = lines[:-1], lines[-1]["summary"]
    kept = solve_cli._Summarised()
    for row in rows:
        kept.add(row)
    assert len(kept) == 40 and summarize(kept) == summarize(rows) == summary
    assert {r["status"] for r in rows} >= {"solved", "limit"}
