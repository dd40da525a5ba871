"""The figures over many runs (``kosynka.solver.stats``): the one Wilson interval every count of
wins is printed with (the solver's summaries, the library's grades, the benches)."""

from __future__ import annotations

import pytest

from kosynka.solver.stats import wilson_interval


def test_wilson_interval_edges() -> None:
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    lo, hi = wilson_interval(10, 10)
    assert hi == pytest.approx(1.0) and 0.65 < lo < 0.8
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(80, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.7112, 0.8666)
    assert wilson_interval(0, 10)[0] == 0.0 and round(wilson_interval(0, 10)[1], 4) == 0.2775
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
