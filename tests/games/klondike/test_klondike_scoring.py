"""Klondike's scorings (Windows standard and Vegas) against games worked out by hand, move by
move in the comments, and properties over random playouts: the steps add up to the score, the
standard score never goes below 0, undo then redo gives the same score, Vegas counts the cards
home."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka.cards import Card
from kosynka.errors import InvalidNotationError
from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.scoring import LineError, Score, score_game, score_line, score_record


def cards(text: str) -> list[Card]:
    """Cards from space-separated text."""
    return [Card.parse(t) for t in text.split()]


def endgame(draw: int = 1, passes: int | None = None, stock: str | None = None) -> Klondike:
    """Every foundation up to its 9; in play: KS in column 1, QH on a face-down TC in column 2,
    KH on a face-down TD in column 3, QS in column 4, columns 5-7 empty, and the ten other
    cards in the stock (its last card is drawn first)."""
    return Klondike.from_position(
        columns=[cards("KS"), cards("TC QH"), cards("TD KH"), cards("QS"), [], [], []],
        face_down=[0, 1, 1, 0, 0, 0, 0],
        stock=cards(stock or "KD KC QD QC JH JS TS JD JC TH"),
        foundations=(9, 9, 9, 9),
        rules=KlondikeRules(draw=draw, passes=passes),
    )


# The Draw 1 game, every standard step worked by hand: (move, change, score after it).
DRAW1_GAME = [
    ("s", 0, 0),  # TH to the waste
    ("TH>f", +10, 10),  # waste to its foundation: +10
    ("s", 0, 10),  # JC
    ("JC>2", +5, 15),  # waste to the tableau (on QH): +5
    ("QH>1", +5, 20),  # QH and JC onto KS: column to column 0, TC turned up: +5
    ("TC>f", +10, 30),  # column to foundation: +10
    ("JC>f", +10, 40),  # column to foundation: +10
    ("JC>1", -15, 25),  # back from its foundation onto QH: -15
    ("s", 0, 25),  # JD
    ("JD>4", +5, 30),  # waste to the tableau (on QS): +5
    ("s", 0, 30),  # TS
    ("TS>f", +10, 40),
    ("s", 0, 40),  # JS
    ("JS>f", +10, 50),
    ("s", 0, 50),  # JH
    ("JH>f", +10, 60),
    ("s", 0, 60),  # QC
    ("s", 0, 60),  # QD
    ("s", 0, 60),  # KC
    ("s", 0, 60),  # KD: the stock is empty
    ("r", -60, 0),  # Draw 1 recycle: -100, but never below 0: -60
    ("s", 0, 0),  # QC again
    ("JC>f", +10, 10),
    ("QC>f", +10, 20),
    ("KH>2", +5, 25),  # KH to the empty column 2, TD turned up: +5
    ("TD>f", +10, 35),
    ("JD>f", +10, 45),
    ("QS>f", +10, 55),
    ("s", 0, 55),  # QD
    ("QD>f", +10, 65),
    ("QH>f", +10, 75),
    ("s", 0, 75),  # KC
    ("KC>f", +10, 85),
    ("s", 0, 85),  # KD
    ("KD>f", +10, 95),
    ("KH>f", +10, 105),
    ("KS>f", +10, 115),  # every card home: won
]


def replayed(score: Score) -> list[tuple[int, int]]:
    """(move index, score after it) of each step made by a move, the last step of each."""
    out: dict[int, int] = {}
    for step in score.steps:
        if step.move is not None:
            out[step.move] = step.score
    return sorted(out.items())


def test_draw1_game_by_hand_untimed() -> None:
    moves = [m for m, _, _ in DRAW1_GAME]
    score = score_line(endgame(), moves)
    assert score.scoring == "standard" and score.won and score.moves == 37
    assert score.total == 115  # untimed: no time taken off, no bonus
    expected = {i: after for i, (_, change, after) in enumerate(DRAW1_GAME) if change}
    assert dict(replayed(score)) == expected
    # The step of the floored recycle keeps both what the rule says and what it did.
    recycle = next(s for s in score.steps if s.code == "recycle")
    assert (recycle.points, recycle.change, recycle.score, recycle.text) == (-100, -60, 0, "r")
    # Move 5 (QH>1) earned only the turned card; column to column earns nothing.
    assert [(s.code, s.change) for s in score.steps if s.move == 4] == [("turned", 5)]
    assert sum(s.change for s in score.steps) == score.total


def test_draw1_game_by_hand_timed_with_bonus() -> None:
    moves = [m for m, _, _ in DRAW1_GAME]
    # 125 seconds: 12 whole tens of seconds cost 2 each (115 - 24 = 91), then the win in
    # more than 30 seconds earns 700,000 // 125 = 5,600: 5,691.
    score = score_line(endgame(), moves, seconds=125.9)
    assert [(s.code, s.points, s.score) for s in score.steps[-2:]] == [
        ("time", -24, 91),
        ("time-bonus", 5600, 5691),
    ]
    assert score.total == 5691
    # 30 seconds exactly is no game of more than 30 seconds: 115 - 6, no bonus.
    assert score_line(endgame(), moves, seconds=30).total == 109
    # Lost games get no bonus, only the time taken off (which stops at 0).
    assert score_line(endgame(), moves[:6], seconds=3000).total == 0


def test_draw3_recycles_after_the_fourth_pass_cost_20() -> None:
    # Draw 3 from a stock arranged so that TH, then JC, then JD show first.
    game = endgame(draw=3, stock="KD KC QD QC JH JS TS TH JC JD")
    script = [
        ("s", 0),  # JD JC TH to the waste, TH on top
        ("TH>f", 10),  # +10
        ("JC>2", 15),  # waste to tableau: +5
        ("JD>4", 20),  # +5
        ("s", 20),  # TS JS JH
        ("JH>f", 30),  # +10
        ("s", 30),  # QC QD KC
        ("s", 30),  # KD: the stock is empty
        ("r", 30),  # recycle 1 (pass 2): free
        ("s", 30),
        ("s", 30),
        ("r", 30),  # recycle 2 (pass 3): free
        ("s", 30),
        ("s", 30),
        ("r", 30),  # recycle 3 (pass 4): free
        ("s", 30),
        ("s", 30),
        ("r", 10),  # recycle 4 (pass 5): -20
        ("s", 10),
        ("s", 10),
        ("r", 0),  # recycle 5: -20, stopped at 0
        ("s", 0),
        ("s", 0),
        ("r", 0),  # recycle 6: -20 at 0 changes nothing
    ]
    score = score_line(game, [m for m, _ in script])
    after = dict(replayed(score))
    for i, (_, expected) in enumerate(script):
        last = max((k for k in after if k <= i), default=None)
        assert (after[last] if last is not None else 0) == expected, (i, script[i])
    recycles = [(s.move, s.points, s.change) for s in score.steps if s.code == "recycle"]
    assert recycles == [(17, -20, -20), (20, -20, -10), (23, -20, 0)]
    assert score.total == 0


def test_vegas_by_hand_with_a_carry() -> None:
    game = endgame(draw=3, passes=3, stock="KD KC QD QC JH JS TS TH JC JD")
    moves = ["s", "TH>f", "JC>2", "TH>2", "TH>f", "JD>4", "s", "JH>f"]
    # The stake -52; TH home +5 (-47); JC to the tableau 0; TH back from home -5 (-52);
    # TH home again +5 (-47); JD to the tableau 0; JH home +5 (-42). No floor, no time.
    alone = score_line(game, moves, "vegas", seconds=600)
    assert alone.total == -42 and alone.game_points == -42
    assert [s.score for s in alone.steps] == [-52, -47, -52, -47, -42]
    assert [s.move for s in alone.steps] == [None, 1, 3, 4, 7]
    # Cumulative: the 100 carried in from the games before, then this game's -42.
    kept = score_line(game, moves, "vegas", carry=100)
    assert [(s.code, s.score) for s in kept.steps[:2]] == [("carried", 100), ("stake", 48)]
    assert kept.total == 58 and kept.game_points == -42
    # The same moves in the standard scoring: +10 +5 -15 +10 +5 +10 = 25.
    assert score_line(game, moves).total == 25


def test_vegas_needs_its_own_pass_limit() -> None:
    with pytest.raises(InvalidNotationError, match=r"1 pass through the stock in Draw 1.*passes 1"):
        score_line(endgame(draw=1), ["s"], "vegas")
    with pytest.raises(InvalidNotationError, match=r"3 passes.*passes=2"):
        score_line(endgame(draw=3, passes=2), ["s"], "vegas")
    assert score_line(endgame(draw=1, passes=1), ["s"], "vegas").total == -52
    # A Draw 1 Vegas game has one pass: its recycle is refused by the rules.
    with pytest.raises(LineError, match="pass-limit") as err:
        score_line(endgame(draw=1, passes=1), ["s"] * 10 + ["r"], "vegas")
    assert err.value.index == 10 and err.value.reason is not None


def test_undo_takes_the_points_back_and_costs_nothing() -> None:
    game = endgame()
    for m, _, _ in DRAW1_GAME[:8]:
        game.push_text(m)
    assert score_game(game).total == 25
    game.pop()  # JC>1 taken back: its -15 goes back
    assert score_game(game, undos=1).total == 40
    game.pop()  # JC>f taken back: its +10 goes back
    assert score_game(game, undos=2).total == 30
    game.redo()
    game.redo()
    assert score_game(game, undos=2).total == 25
    # However many undos: Klondike charges nothing for them.
    assert score_game(game, undos=5).total == score_game(game).total == 25


def test_a_hint_changes_no_points_but_makes_the_game_assisted() -> None:
    moves = [m for m, _, _ in DRAW1_GAME]
    plain = score_line(endgame(), moves, seconds=100)
    helped = score_line(endgame(), moves, seconds=100, hints=3)
    assert helped.total == plain.total and helped.assisted and not plain.assisted
    assert helped.to_json()["assisted"] is True and helped.to_json()["hints"] == 3


def test_bad_values_are_refused() -> None:
    for kw in ({"seconds": -1}, {"seconds": float("nan")}, {"undos": -1}, {"hints": True}):
        with pytest.raises(InvalidNotationError):
            score_line(endgame(), ["s"], **kw)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="unknown scoring 'windows'"):
        score_line(endgame(), ["s"], "windows")
    with pytest.raises(InvalidNotationError, match="takes no carry"):
        score_line(endgame(), ["s"], carry=10)
    with pytest.raises(LineError, match=r"move 2 \(JD>9\)"):
        score_line(endgame(), ["s", "JD>9"])


def test_a_real_deal_record_scores_as_its_game_does() -> None:
    game = Klondike(12345, rules=KlondikeRules(draw=3))
    rng = random.Random(5)
    for _ in range(150):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.push(rng.choice(moves))
    texts = [str(m) for m in game.move_stack]
    by_record = score_record("klondike", 12345, texts, rules=KlondikeRules(draw=3), seconds=77)
    assert by_record == score_game(game, seconds=77)


@settings(max_examples=40, deadline=None)
@given(
    deal=st.integers(1, 10**6),
    draw=st.sampled_from([1, 3]),
    choices=st.lists(st.integers(0, 40), min_size=1, max_size=120),
    seconds=st.one_of(st.none(), st.integers(0, 5000)),
)
def test_properties_over_random_playouts(
    deal: int, draw: int, choices: list[int], seconds: int | None
) -> None:
    game = Klondike(deal, rules=KlondikeRules(draw=draw, passes=draw), numbering="kpat")
    for c in choices:
        moves = list(game.legal_moves)
        if c == 0 and game.move_stack:
            game.pop()
        elif moves:
            game.push(moves[c % len(moves)])
    for scoring in ("standard", "vegas"):
        score = score_game(game, scoring, seconds=seconds)
        # The steps add up to the score, and each step's score is the running sum.
        running = 0
        for step in score.steps:
            running += step.change
            assert step.score == running
        assert running == score.total
        if scoring == "standard":
            assert all(s.score >= 0 for s in score.steps)
        else:  # Vegas counts the cards home and nothing else
            assert score.total == -52 + 5 * sum(game.foundation_counts())
        if game.move_stack:
            last = game.pop()
            game.push(last)  # taken back and made again: the same score
            assert score_game(game, scoring, seconds=seconds) == score
