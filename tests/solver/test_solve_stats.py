"""The examples in the solver's docstrings run and give what they say."""

from __future__ import annotations

import pytest

import kosynka.solver
import kosynka.solver.stats


def test_wilson_interval_edges() -> None:
    lo, hi = kosynka.solver.stats.wilson_interval(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    lo, hi = kosynka.solver.stats.wilson_interval(10, 10)
    assert hi == pytest.approx(1.0) and 0.65 < lo < 0.8
    assert kosynka.solver.stats.wilson_interval(0, 0) == (0.0, 1.0)
