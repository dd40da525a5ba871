"""Verdicts under every pass rule: limits from 1 to 10^9 and unlimited, pass numbers near each
limit, Draw 1 and 3, return on and off.

An "unsolvable" verdict is never replayed, so a wrong one can only be caught by comparing
verdicts. These tests compare the compiled and the Python solver with each other and with an
exhaustive search over the rules engine (``tests/solver/test_klondike_oracle.py``), on
positions where the pass rule is written in large numbers, and check the fact the solver's
normalisation rests on: a position never needs more recycles than it has talon cards.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike.notation import format_text, parse_text
from kosynka.solver import SolveStatus, available_implementations, check_limits, solve
from kosynka.solver.klondike import drop_idle_passes, normalized
from tests.common import run_program
from tests.solver.test_klondike_oracle import oracle, random_endgame

NATIVE = "native" in available_implementations("klondike")

# Limits where the compiled core once cut the pass number (2047 in a key, int16 in undo
# records, int32 at the binding) and beyond.
EDGES = [2, 3, 2046, 2047, 2048, 2049, 32767, 32768, 32769, 2**31 - 1, 2**31, 2**31 + 1, 10**9]


def with_pass_rule(game: Klondike, passes: int | None, pass_number: int) -> Klondike:
    """``game``'s position under another pass limit and pass number (through the position
    text, as a user would write it)."""
    text = format_text(game)
    header, rest = text.split("|", 1)
    words = [w for w in header.split() if not w.startswith("passes=") and not w.startswith("pass=")]
    limit = "unlimited" if passes is None else str(passes)
    return parse_text(f"{' '.join(words)} passes={limit} pass={pass_number} |{rest}")


def small_form(game: Klondike) -> Klondike:
    """The same position with the recycles still allowed written as pass 1 of ``left + 1``
    (or unlimited): the rules engine allows exactly the same moves."""
    passes = game.rules.passes
    if passes is None:
        return with_pass_rule(game, None, 1)
    return with_pass_rule(game, passes - game.pass_number + 1, 1)


def talon_count(game: Klondike) -> int:
    return game.stock_count() + len(game.waste())


def test_the_reported_position_is_solved() -> None:
    """KPat deal 94, Draw 3, written as pass 2047 of 2048: one recycle left, like pass 1 of 2."""
    deal = Klondike(94, rules=KlondikeRules(draw=3), numbering="kpat")
    far = with_pass_rule(deal, 2048, 2047)
    near = with_pass_rule(deal, 2, 1)
    for impl in available_implementations("klondike"):
        a = solve(far, implementation=impl, time_limit=60)
        b = solve(near, implementation=impl, time_limit=60)
        assert a.status is b.status is SolveStatus.SOLVED, impl
        assert sum(1 for m in a.moves if str(m) == "r") <= 1


def test_a_limit_saturates_at_the_talon_size() -> None:
    """The fact behind :func:`normalized`, checked on the rules engine alone: with at least as
    many recycles left as talon cards, the verdict is the one with unlimited passes; and only
    the recycles left matter, not the pass number."""
    rng = random.Random(20261130)
    checked = saturated_lost = 0
    while checked < 25:
        rules = KlondikeRules(draw=rng.choice([1, 3]), foundation_return=rng.random() < 0.5)
        game = random_endgame(rng, rules, rng.randint(6, 9))
        t = talon_count(game)
        if not 2 <= t <= 5:
            continue
        free = oracle(game)
        if free is None:
            continue
        verdicts = []
        for left in range(t + 2):
            truth = oracle(with_pass_rule(game, 1 + left, 1), cap=5_000)
            if left == t - 1:
                assert truth == oracle(with_pass_rule(game, 7 + left, 7), cap=5_000)
            verdicts.append(truth)
        assert verdicts[t:] == [free, free], (format_text(game), verdicts)
        # More recycles never hurt.
        known = [v for v in verdicts if v is not None]
        assert known == sorted(known)
        saturated_lost += not free
        checked += 1
    assert saturated_lost >= 2


@st.composite
def pass_rules(draw: st.DrawFn) -> tuple[int | None, int]:
    """A pass limit (unlimited, small, or at an edge, or anywhere up to 10^9) and a pass
    number at or near it."""
    passes = draw(
        st.one_of(
            st.none(),
            st.integers(1, 6),
            st.sampled_from(EDGES),
            st.integers(1, 10**9),
        )
    )
    if passes is None:
        return None, draw(st.one_of(st.just(1), st.sampled_from(EDGES), st.integers(1, 10**9)))
    back = draw(st.integers(0, 6))
    return passes, max(1, passes - back)


@settings(
    max_examples=50,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    draw=st.sampled_from([1, 3]),
    ret=st.booleans(),
    rule=pass_rules(),
)
def test_verdicts_agree_under_any_pass_rule(
    seed: int, draw: int, ret: bool, rule: tuple[int | None, int]
) -> None:
    rng = random.Random(seed)
    base = random_endgame(rng, KlondikeRules(draw=draw, foundation_return=ret), rng.randint(6, 10))
    passes, pass_number = rule
    game = with_pass_rule(base, passes, pass_number)
    truth = oracle(small_form(game))
    verdicts = {}
    for impl in available_implementations("klondike"):
        res = solve(game, implementation=impl, time_limit=30)
        assert res.status is not SolveStatus.LIMIT
        verdicts[impl] = res.solved
        if res.solved:  # solve() replayed it under the real rules already; check once more
            replay = game.copy(stack=False)
            replay.replay(res.moves)
            assert replay.is_won()
    assert len(set(verdicts.values())) == 1, (format_text(game), verdicts)
    if truth is not None:
        assert next(iter(verdicts.values())) == truth, (format_text(game), verdicts)


def test_normalized_forms() -> None:
    game = Klondike(7, rules=KlondikeRules(draw=3), numbering="kpat")  # 24 talon cards
    same, compact = normalized(game)
    assert same is game and not compact
    far = with_pass_rule(game, 10**9, 10**9 - 3)  # three recycles left
    small, compact = normalized(far)
    assert (small.rules.passes, small.pass_number, compact) == (4, 1, False)
    assert small.key()[:5] == far.key()[:5]
    many = with_pass_rule(game, 10**9, 10**9 - 24)  # as many recycles as talon cards
    free, compact = normalized(many)
    assert (free.rules.passes, free.pass_number, compact) == (None, 1, True)
    unlimited = with_pass_rule(game, None, 2**40)
    one, compact = normalized(unlimited)
    assert (one.rules.passes, one.pass_number, compact) == (None, 1, False)
    # The caller's game is never changed.
    assert far.rules.passes == 10**9 and far.pass_number == 10**9 - 3


def test_idle_passes_are_dropped() -> None:
    """A winning line padded with passes that play no talon card still wins once they are
    dropped, within a limit of one recycle per talon card."""
    game = Klondike(94, rules=KlondikeRules(draw=3), numbering="kpat")
    res = solve(game)
    assert res.solved
    line = [str(m) for m in res.moves]
    assert "r" in line
    board = game.copy(stack=False)
    padded: list[str] = []

    def play(m: str) -> None:
        board.push_text(m)
        padded.append(m)

    for m in line:
        play(m)
        if m == "r":  # go round twice more without playing a talon card
            for _ in range(2):
                while board.stock_count():
                    play("s")
                play("r")
    assert board.is_won()
    assert padded.count("r") == 3 * line.count("r")
    lean = drop_idle_passes(game, padded)
    assert lean.count("r") <= line.count("r")
    tight = with_pass_rule(game, lean.count("r") + 1, 1)
    tight.replay(lean)
    assert tight.is_won()


@pytest.mark.core
def test_the_core_refuses_pass_values_it_cannot_hold() -> None:
    from kosynka.solver import _core  # type: ignore[attr-defined]

    args = ([[] for _ in range(7)], [0] * 7, [], 0, [13] * 4)
    for pass_number, passes in [(2047, 2048), (1, 4096), (3, 2)]:
        with pytest.raises(ValueError):
            _core.klondike_solve(*args, pass_number, 1, passes, True, -1.0, 0, False)


def test_limits_far_beyond_reach_are_no_limits() -> None:
    assert check_limits(None, 2**64) == (None, None)
    assert check_limits(1e300, None) == (None, None)
    assert check_limits(float("inf"), 5) == (None, 5)
    for bad_time in (0, -1, float("nan"), "5", True):
        with pytest.raises(ValueError):
            check_limits(bad_time, None)  # type: ignore[arg-type]
    for bad_states in (0, -5, 1.5, True, "9"):
        with pytest.raises(ValueError):
            check_limits(None, bad_states)  # type: ignore[arg-type]
    game = Klondike(3, numbering="kpat")
    assert solve(game, max_states=2**64).status is not SolveStatus.LIMIT


SHORT_DEALS = [1001, 1021, 3, 17, 42, 77, 1100, 1150]


@pytest.mark.core  # for its speed: whole deals searched twice
@pytest.mark.parametrize("deal", SHORT_DEALS)
def test_short_lines_are_never_longer(deal: int) -> None:
    game = Klondike(deal, rules=KlondikeRules(draw=1), numbering="kpat")
    plain = solve(game)
    if not plain.solved:
        pytest.skip("not winnable")
    short = solve(game, short=True)
    assert short.solved
    assert short.card_moves <= plain.card_moves


def test_cli_big_pass_values_and_deep_json(tmp_path: pytest.TempPathFactory) -> None:
    deal = Klondike(94, rules=KlondikeRules(draw=3), numbering="kpat")
    huge = format_text(with_pass_rule(deal, 2**40, 2**31 + 5))
    for cmd in ("solve", "show", "moves"):
        r = run_program(cmd, "-", stdin=huge)
        assert r.returncode == 0, r.stderr
        assert "Traceback" not in r.stderr
    assert "solved" in run_program("solve", "-", stdin=huge).stdout
    deep = '{"a":' * 100_000 + "1" + "}" * 100_000
    for cmd in ("solve", "show", "moves"):
        r = run_program(cmd, "-", stdin=deep)
        assert r.returncode == 2
        assert "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        assert "nested too deeply" in r.stderr


def test_rules_replace_keeps_validation() -> None:
    """normalized() builds rules with dataclasses.replace, which runs the checks again."""
    with pytest.raises(ValueError):
        dataclasses.replace(KlondikeRules(), passes=0)
