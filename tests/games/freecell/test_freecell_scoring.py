"""FreeCell's scoring (ours: 10 a card home, and at a win 50,000 / moves played and, when timed,
100,000 / seconds) against games worked out by hand, and properties over random playouts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kosynka.cards import Card
from kosynka.games.freecell import FreeCell
from kosynka.scoring import score_game, score_line


def kings() -> FreeCell:
    """Clubs, diamonds and hearts home up to their queens, spades up to the jack; KS and QS in
    column 1 (QS on top), KH, KD and KC alone in columns 2, 3 and 4."""
    c = Card.parse
    return FreeCell.from_position(
        columns=[[c("KS"), c("QS")], [c("KH")], [c("KD")], [c("KC")], [], [], [], []],
        foundations=(12, 12, 12, 11),
    )


MOVES = ["QS>f", "KS>f", "KH>f", "KH>1", "KH>f", "KD>f", "KC>f"]


def test_the_last_cards_by_hand() -> None:
    score = score_line(kings(), MOVES)
    # QS home +10 (10); KS home +10 (20); KH home +10 (30); KH back to the empty column 1
    # -10 (20); KH home again +10 (30); KD +10 (40); KC +10 (50): won in 7 moves, so the
    # move bonus is 50,000 // 7 = 7,142 (7,192). Untimed: no time bonus.
    assert [(s.code, s.move, s.change, s.score) for s in score.steps] == [
        ("home", 0, 10, 10),
        ("home", 1, 10, 20),
        ("home", 2, 10, 30),
        ("back-from-home", 3, -10, 20),
        ("home", 4, 10, 30),
        ("home", 5, 10, 40),
        ("home", 6, 10, 50),
        ("move-bonus", None, 7142, 7192),
    ]
    assert score.won and score.total == 7192


def test_time_and_undos_by_hand() -> None:
    # One undo: 8 moves played, 50,000 // 8 = 6,250; 45 seconds: 100,000 // 45 = 2,222;
    # 50 + 6,250 + 2,222 = 8,522.
    assert score_line(kings(), MOVES, seconds=45.7, undos=1).total == 8522
    # Under 30 seconds counts as 30: 100,000 // 30 = 3,333; 50 + 7,142 + 3,333 = 10,525.
    assert score_line(kings(), MOVES, seconds=3).total == 10525


def test_an_undone_move_still_counts_as_played() -> None:
    game = kings()
    for m in MOVES[:3]:
        game.push_text(m)
    game.pop()  # KH>f taken back: its 10 goes back
    assert score_game(game, undos=1).total == 20
    for m in MOVES[2:]:
        game.push_text(m)
    # 7 moves in the record and one undo: 8 played, as in the game above.
    assert score_game(game, undos=1, seconds=45).total == 8522


def test_a_game_given_up_scores_its_cards_home() -> None:
    assert score_line(kings(), MOVES[:2], seconds=100).total == 20


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(1, 32000), seed=st.integers(0, 2**32), length=st.integers(0, 150))
def test_properties_over_random_playouts(deal: int, seed: int, length: int) -> None:
    rng = random.Random(seed)
    game = FreeCell(deal)
    for _ in range(length):
        moves = list(game.legal_moves)
        if game.move_stack and rng.random() < 0.1:
            game.pop()
        elif moves:
            game.push(rng.choice(moves))
    score = score_game(game, seconds=rng.randint(0, 900))
    assert sum(s.change for s in score.steps) == score.total
    if not score.won:
        assert score.total == 10 * sum(game.foundation_counts())
    if game.move_stack:
        last = game.pop()
        game.push(last)
        assert score_game(game, seconds=score.play.seconds) == score
