"""Every Klondike rule and every reason code, using the seeds' own examples as positions."""

from __future__ import annotations

import random
import unittest
from typing import ClassVar

import pytest

from kosynka import IllegalMoveError, Klondike, KlondikeRules, Move
from kosynka.games.base import Termination
from kosynka.games.klondike.reasons import CODES
from tests.games.klondike.klondike_positions import position


def code(game: Klondike, move: str) -> str | None:
    """The reason code for ``move`` in ``game`` (None when legal)."""
    reason = game.explain(Move.parse(move))
    return None if reason is None else reason.code


class TestDeal(unittest.TestCase):
    def test_fresh_deal_shape(self) -> None:
        for draw in (1, 3):
            game = Klondike(7, rules=KlondikeRules(draw=draw))
            assert [len(game.column(i)) for i in range(7)] == [1, 2, 3, 4, 5, 6, 7]
            assert [game.face_down_count(i) for i in range(7)] == [0, 1, 2, 3, 4, 5, 6]
            assert game.face_down_count() == 21
            assert game.stock_count() == 24
            assert game.waste() == []
            assert game.foundation_counts() == (0, 0, 0, 0)
            assert game.pass_number == 1
            assert game.moves_made == 0


class TestTableauBuilding(unittest.TestCase):
    """Down by one rank, alternating colours (seed 000, 'Законные ходы на игровом поле')."""

    def test_black_eight_on_red_nine(self) -> None:
        g = position(["* 9H", "8S", "-", "-", "-", "-", "-"])
        assert code(g, "8S>1") is None

    def test_red_queen_on_black_king(self) -> None:
        g = position(["* KC", "QD", "-", "-", "-", "-", "-"])
        assert code(g, "QD>1") is None

    def test_black_eight_on_black_nine_is_colour(self) -> None:
        g = position(["* 9C", "8S", "-", "-", "-", "-", "-"])
        assert code(g, "8S>1") == "colour"

    def test_red_eight_on_black_ten_is_rank(self) -> None:
        g = position(["* TC", "8H", "-", "-", "-", "-", "-"])
        assert code(g, "8H>1") == "rank"

    def test_red_nine_on_black_eight_is_rank(self) -> None:
        g = position(["* 8C", "9H", "-", "-", "-", "-", "-"])
        assert code(g, "9H>1") == "rank"

    def test_rank_is_checked_before_colour(self) -> None:
        g = position(["* TH", "8H", "-", "-", "-", "-", "-"])
        assert code(g, "8H>1") == "rank"

    def test_any_suit_of_the_other_colour(self) -> None:
        for target in ("9D", "9H"):
            g = position(["* " + target, "8C", "-", "-", "-", "-", "-"])
            assert code(g, "8C>1") is None


class TestEmptyColumn(unittest.TestCase):
    """Only a King or a run led by a King (seed 000, 'Что можно положить в пустой столбец')."""

    def test_lone_king(self) -> None:
        g = position(["* 2C", "-", "KS", "-", "-", "-", "-"])
        assert code(g, "KS>2") is None

    def test_king_with_queen(self) -> None:
        g = position(["* 2C", "-", "3c KH QS", "-", "-", "-", "-"])
        assert code(g, "KH>2") is None

    def test_king_queen_jack_run(self) -> None:
        g = position(["* 2C", "-", "3c KS QH JC", "-", "-", "-", "-"])
        assert code(g, "KS>2") is None

    def test_queen_alone_needs_king(self) -> None:
        g = position(["* 2C", "-", "QS", "-", "-", "-", "-"])
        assert code(g, "QS>2") == "empty-needs-king"

    def test_run_led_by_jack(self) -> None:
        g = position(["* 2C", "-", "JS TH", "-", "-", "-", "-"])
        assert code(g, "JS>2") == "empty-needs-king"

    def test_king_then_same_colour_queen(self) -> None:
        g = position(["* 2C", "-", "KS QC", "-", "-", "-", "-"])
        assert code(g, "KS>2") == "run-not-ordered"

    def test_face_down_king(self) -> None:
        g = position(["* 2C", "-", "ks 7H", "-", "-", "-", "-"])
        assert code(g, "KS>2") == "face-down"

    def test_king_from_the_waste(self) -> None:
        g = position(["* 2C", "-", "-", "-", "-", "-", "-"], waste="KH")
        assert code(g, "KH>2") is None


class TestFoundations(unittest.TestCase):
    """One suit, Ace to King, one card at a time (seed 000, 'Как работают дома')."""

    def test_five_of_clubs_on_four_of_clubs(self) -> None:
        g = position(["* 5C", "-", "-", "-", "-", "-", "-"], foundations="4C - - -")
        assert code(g, "5C>f") is None

    def test_five_of_clubs_not_on_four_of_spades(self) -> None:
        g = position(["* 5C", "-", "-", "-", "-", "-", "-"], foundations="- - - 4S")
        assert code(g, "5C>f") == "foundation-order"

    def test_red_ace_does_not_take_black_two(self) -> None:
        g = position(["* 2C", "-", "-", "-", "-", "-", "-"], foundations="- - AH -")
        assert code(g, "2C>f") == "foundation-order"

    def test_empty_foundation_takes_only_an_ace(self) -> None:
        g = position(["* 2C", "AD", "-", "-", "-", "-", "-"])
        assert code(g, "2C>f") == "foundation-order"
        assert code(g, "AD>f") is None

    def test_no_skipping(self) -> None:
        g = position(["* 4C", "-", "-", "-", "-", "-", "-"], foundations="2C - - -")
        assert code(g, "4C>f") == "foundation-order"

    def test_only_the_top_card_goes_home(self) -> None:
        g = position(["* 5C 4D", "-", "-", "-", "-", "-", "-"], foundations="4C - - -")
        assert code(g, "5C>f") == "foundation-one-card"

    def test_from_the_waste_top(self) -> None:
        g = position(["* 9C", "-", "-", "-", "-", "-", "-"], waste="2H AH")
        assert code(g, "AH>f") is None
        assert code(g, "2H>f") == "not-available"

    def test_win(self) -> None:
        g = position(["KS", "-", "-", "-", "-", "-", "-"], foundations="KC KD KH QS")
        assert g.outcome() is None
        g.push(Move.parse("KS>f"))
        assert g.is_won()
        outcome = g.outcome()
        assert outcome is not None and outcome.won
        assert outcome.termination is Termination.WON


class TestFoundationReturn(unittest.TestCase):
    def test_return_on(self) -> None:
        g = position(["* 6C", "-", "-", "-", "-", "-", "-"], foundations="- - 5H -")
        assert code(g, "5H>1") is None
        g.push(Move.parse("5H>1"))
        assert g.foundation_counts() == (0, 0, 4, 0)
        assert [str(c) for c in g.face_up(0)] == ["6C", "5H"]

    def test_return_off(self) -> None:
        rules = KlondikeRules(foundation_return=False)
        g = position(["* 6C", "-", "-", "-", "-", "-", "-"], foundations="- - 5H -", rules=rules)
        assert code(g, "5H>1") == "foundation-return-off"
        assert all(m.card is None or m.to == 7 for m in g.legal_moves)

    def test_return_still_checks_the_tableau_rule(self) -> None:
        g = position(["* 7C", "-", "-", "-", "-", "-", "-"], foundations="- - 5H -")
        assert code(g, "5H>1") == "rank"
        g = position(["* 6D", "-", "-", "-", "-", "-", "-"], foundations="- - 5H -")
        assert code(g, "5H>1") == "colour"

    def test_king_back_to_an_empty_column(self) -> None:
        g = position(["* 2C", "-", "-", "-", "-", "-", "-"], foundations="- - KH -")
        assert code(g, "KH>2") is None

    def test_covered_foundation_card(self) -> None:
        g = position(["* 6C", "-", "-", "-", "-", "-", "-"], foundations="- - 5H -")
        assert code(g, "4H>1") == "not-available"


class TestRuns(unittest.TestCase):
    """Ordered face-up runs move as a unit (seed 000, 'Как перемещаются последовательности')."""

    cols: ClassVar[list[str]] = ["* TC", "-", "-", "3c 9H 8S 7D 6C", "-", "8C", "-"]

    def test_whole_run(self) -> None:
        g = position(self.cols)
        assert code(g, "9H>1") is None
        g.push(Move.parse("9H>1"))
        assert [str(c) for c in g.face_up(0)] == ["TC", "9H", "8S", "7D", "6C"]
        # The exposed face-down card turns up as part of the same move.
        assert g.face_down_count(3) == 0
        assert [str(c) for c in g.face_up(3)] == ["3C"]
        assert g.moves_made == 1

    def test_shorter_suffix(self) -> None:
        g = position(self.cols)
        assert code(g, "7D>6") is None

    def test_lone_top_card(self) -> None:
        g = position(["* TC", "-", "7H", "3c 9H 8S 7D 6C", "-", "8C", "-"])
        assert code(g, "6C>3") is None

    def test_chosen_card_must_fit(self) -> None:
        g = position(self.cols)
        assert code(g, "8S>1") == "rank"

    def test_mixed_colour_group(self) -> None:
        g = position(["* TC", "-", "-", "3c 9H 8D", "-", "-", "-"])
        assert code(g, "9H>1") == "run-not-ordered"

    def test_rank_gap_group(self) -> None:
        g = position(["* TC", "-", "-", "3c 9H 7S", "-", "-", "-"])
        assert code(g, "9H>1") == "run-not-ordered"

    def test_face_down_card_never_moves(self) -> None:
        g = position(self.cols)
        assert code(g, "3C>1") == "face-down"


class TestWorkedExample(unittest.TestCase):
    """Seed 000's full example: three legal moves in one position."""

    def setUp(self) -> None:
        self.g = position(
            ["* 2H", "jd TS", "-", "2d 4C", "5s 9H 8S 7D", "-", "-"],
            waste="KH",
            foundations="3C - - -",
        )

    def test_run_onto_black_ten(self) -> None:
        assert code(self.g, "9H>2") is None
        self.g.push(Move.parse("9H>2"))
        assert [str(c) for c in self.g.face_up(4)] == ["5S"]

    def test_king_from_waste_to_empty_column(self) -> None:
        assert code(self.g, "KH>7") is None

    def test_four_of_clubs_home(self) -> None:
        assert code(self.g, "4C>f") is None

    def test_move_list(self) -> None:
        moves = {str(m) for m in self.g.legal_moves}
        assert {"9H>2", "4C>f", "KH>3", "KH>6", "KH>7", "r"} <= moves


class TestStock(unittest.TestCase):
    def test_draw_one_example(self) -> None:
        """Seed 000: a black 7 comes up, goes onto a red 8, exposing the 2H for its foundation."""
        g = position(["* 8D", "-", "-", "-", "-", "-", "-"], stock="QS 7C", waste="2H",
                     foundations="- - AH -")  # fmt: skip
        g.push(Move.parse("s"))
        assert str(g.waste()[-1]) == "7C"
        assert code(g, "2H>f") == "not-available"
        g.push(Move.parse("7C>1"))
        assert code(g, "2H>f") is None

    def test_draw_three_only_top_plays(self) -> None:
        """Seed 000's Draw 3 example: red 6, black J, 3C turned; only the 3C plays."""
        rules = KlondikeRules(draw=3)
        g = position(["* 4H", "QD", "7S", "-", "-", "-", "-"], stock="5C 3C JS 6D",
                     foundations="2C - - -", rules=rules)  # fmt: skip
        g.push(Move.parse("s"))
        assert [str(c) for c in g.waste()] == ["6D", "JS", "3C"]
        assert g.stock_count() == 1
        assert code(g, "6D>3") == "not-available"
        assert code(g, "JS>2") == "not-available"
        g.push(Move.parse("3C>f"))
        assert code(g, "6D>3") == "not-available"
        g.push(Move.parse("JS>2"))
        assert code(g, "6D>3") is None

    def test_draw_three_takes_fewer_at_the_end(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="5C 3C",
                     rules=KlondikeRules(draw=3))  # fmt: skip
        g.push(Move.parse("s"))
        assert [str(c) for c in g.waste()] == ["3C", "5C"]
        assert g.stock_count() == 0

    def test_recycle_restores_order(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="5C 3C 9D")
        for _ in range(3):
            g.push(Move.parse("s"))
        assert code(g, "s") == "stock-empty"
        g.push(Move.parse("r"))
        assert g.pass_number == 2
        assert [str(c) for c in g.stock()] == ["5C", "3C", "9D"]
        assert g.waste() == []

    def test_recycle_needs_an_empty_stock(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="5C 3C", waste="9D")
        assert code(g, "r") == "nothing-to-recycle"

    def test_nothing_to_recycle(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"])
        assert code(g, "r") == "nothing-to-recycle"
        assert code(g, "s") == "stock-empty"

    def test_pass_limits(self) -> None:
        for passes in (1, 2, 3):
            g = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="5C 3C",
                         rules=KlondikeRules(passes=passes))  # fmt: skip
            for _ in range(passes - 1):
                g.push(Move.parse("s"))
                g.push(Move.parse("s"))
                g.push(Move.parse("r"))
            g.push(Move.parse("s"))
            g.push(Move.parse("s"))
            assert g.pass_number == passes
            assert code(g, "r") == "pass-limit"
            assert Move.parse("r") not in g.legal_moves

    def test_unlimited_passes(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="5C")
        for n in range(2, 12):
            g.push(Move.parse("s"))
            g.push(Move.parse("r"))
            assert g.pass_number == n

    def test_card_in_stock_not_available(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"], stock="3C 5C")
        assert code(g, "3C>1") == "not-available"


class TestSamePlace(unittest.TestCase):
    def test_same_column(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"])
        assert code(g, "4H>1") == "same-place"

    def test_foundation_to_foundation(self) -> None:
        g = position(["* 4H", "-", "-", "-", "-", "-", "-"], foundations="AC - - -")
        assert code(g, "AC>f") == "same-place"


class TestUndoRedo(unittest.TestCase):
    def test_push_pop_redo(self) -> None:
        g = Klondike(11)
        start = g.key()
        moves = []
        for _ in range(40):
            move = next(iter(g.legal_moves))
            moves.append(move)
            g.push(move)
        after = g.key()
        for _ in range(40):
            g.pop()
        assert g.key() == start and g.moves_made == 0
        for _ in range(40):
            g.redo()
        assert g.key() == after and g.move_stack == moves

    def test_new_move_clears_redo(self) -> None:
        g = Klondike(11)
        g.push(Move.draw())
        g.pop()
        assert g.can_redo()
        first = next(m for m in g.legal_moves if m != Move.draw())
        g.push(first)
        assert not g.can_redo()

    def test_illegal_push_leaves_position(self) -> None:
        g = Klondike(11)
        before = g.key()
        with pytest.raises(IllegalMoveError) as info:
            g.push(Move.parse("KS>f"))
        assert info.value.reason.code in CODES
        assert g.key() == before and g.moves_made == 0

    def test_pop_empty(self) -> None:
        with pytest.raises(IndexError):
            Klondike(11).pop()


class TestStuck(unittest.TestCase):
    def test_fresh_deal_not_stuck(self) -> None:
        assert not Klondike(1).is_stuck()

    def test_stuck_when_nothing_ever_moves(self) -> None:
        rules = KlondikeRules(foundation_return=False)
        g = position(["* 2C", "5D", "-", "-", "-", "-", "-"], stock="8H 9S", rules=rules)
        assert not list(m for m in g.legal_moves if m.card is not None)
        assert g.is_stuck()
        outcome = g.outcome()
        assert outcome is not None and outcome.termination is Termination.STUCK

    def test_not_stuck_when_a_card_comes_up_later(self) -> None:
        # No card move now, but the 4C deep in the stock fits the red 5 after a few draws.
        rules = KlondikeRules(foundation_return=False)
        g = position(["* 2C", "5D", "-", "-", "-", "-", "-"], stock="4C 8H 9S", rules=rules)
        assert not list(m for m in g.legal_moves if m.card is not None)
        assert not g.is_stuck()

    def test_draw_three_can_hide_a_card_forever(self) -> None:
        rules = KlondikeRules(foundation_return=False, draw=3)
        # Draw 3 over five cards turns JS, then QH, on top, pass after pass: the 4C that
        # would fit the red 5 never comes up, so the game is stuck.
        g = position(["* 2C", "5D", "-", "-", "-", "-", "-"], stock="QH 4C JS 9S 8H",
                     rules=rules)  # fmt: skip
        tops = []
        probe = g.copy()
        for _ in range(6):
            probe.push(Move.draw() if probe.stock_count() else Move.recycle())
            if probe.waste():
                tops.append(str(probe.waste()[-1]))
        assert "4C" not in tops
        assert g.is_stuck()
        # In Draw 1 the same cards are not stuck: the 4C comes up.
        g1 = position(["* 2C", "5D", "-", "-", "-", "-", "-"], stock="QH 4C JS 9S 8H",
                      rules=KlondikeRules(foundation_return=False))  # fmt: skip
        assert not g1.is_stuck()

    def test_card_reachable_only_after_a_recycle(self) -> None:
        rules = KlondikeRules(foundation_return=False)
        g = position(["* 2C", "5D", "-", "-", "-", "-", "-"], waste="4C 8H", rules=rules)
        assert g.stock_count() == 0
        assert not g.is_stuck()

    def test_pass_limit_makes_stuck(self) -> None:
        rules = KlondikeRules(foundation_return=False, passes=1)
        g = position(["* 2C", "5D", "-", "-", "-", "-", "-"], waste="4C 8H", stock="9S",
                     rules=rules)  # fmt: skip
        # 4C is under 8H and the stock can never be turned over again.
        assert g.is_stuck()


def test_every_code_has_both_languages() -> None:
    from kosynka.errors import Reason
    from kosynka.games.klondike import reasons as R

    reasons = [v for v in vars(R).values() if isinstance(v, Reason)]
    assert {r.code for r in reasons} == set(CODES)
    for r in reasons:
        assert r.en and r.ru and r.en != r.ru


@pytest.mark.parametrize("draw", [1, 3])
def test_the_position_after_a_move_made_for_a_search_is_the_position_push_makes(
    draw: int,
) -> None:
    """``Klondike._after`` (a new game sharing the lists a move leaves, for the hint's line
    search) gives the position ``push`` gives, for every legal move along random games (cards
    back from home among them), and leaves the game it starts from as it was."""
    rng = random.Random(draw)
    kinds: set[str] = set()
    for number in range(1, 9):
        game = Klondike(number, rules=KlondikeRules(draw=draw, passes=3))
        for _ in range(150):
            legal = game.legal_move_list()
            if not legal:
                break
            before = game._snapshot()
            for move in legal:
                after = game.copy(stack=False)
                after.push(move)
                made = game._after(move)
                assert made._snapshot() == after._snapshot(), move
                assert made.move_stack == [] and game._snapshot() == before
                kinds.add(
                    "back"
                    if move.card and game.foundation_top(move.card.suit) == move.card
                    else str(move)
                    if move.card is None
                    else "card"
                )
            game.push(rng.choice(legal))
    assert {"s", "r", "card", "back"} <= kinds
