"""Figures over many solver runs: the winnable share with its Wilson interval, and percentiles."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(
    successes: int, trials: int, z: float = 1.959963984540054
) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (95% by default: ``z`` is the normal
    distribution's 97.5% quantile). The ends are exact: 0 when nothing succeeded, 1 when
    everything did; (0, 1) for no trials. ``successes`` outside 0..``trials`` is a ValueError.

    >>> lo, hi = wilson_interval(90, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.826, 0.945)
    >>> lo, hi = wilson_interval(0, 10)
    >>> lo, round(hi, 4)
    (0.0, 0.2775)
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in 0..{trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by the nearest-rank method; 0.0 for no values.

    >>> percentile([5, 1, 3, 2, 4], 50)
    3
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summarize(rows: Sequence[dict[str, object]]) -> dict[str, object]:
    """The summary of solver result rows (each with ``status``, ``ms``, ``card_moves``): counts,
    decided and winnable shares (winnable among decided positions, with a 95% Wilson interval)
    and median/p90/p99/max milliseconds."""
    count = len(rows)
    solved = sum(1 for r in rows if r["status"] == "solved")
    unsolvable = sum(1 for r in rows if r["status"] == "unsolvable")
    limit = count - solved - unsolvable
    decided = solved + unsolvable
    ms = [float(r["ms"]) for r in rows]  # type: ignore[arg-type]
    card = [int(r["card_moves"]) for r in rows if r["status"] == "solved"]  # type: ignore[call-overload]
    lo, hi = wilson_interval(solved, decided)
    return {
        "count": count,
        "solved": solved,
        "unsolvable": unsolvable,
        "limit": limit,
        "decided_share": round(decided / count, 6) if count else 0.0,
        "winnable_share": round(solved / decided, 6) if decided else 0.0,
        "winnable_ci95": [round(lo, 6), round(hi, 6)],
        "median_ms": round(percentile(ms, 50), 3),
        "p90_ms": round(percentile(ms, 90), 3),
        "p99_ms": round(percentile(ms, 99), 3),
        "max_ms": round(max(ms), 3) if ms else 0.0,
        "mean_card_moves": round(sum(card) / len(card), 2) if card else 0.0,
    }
