"""Every Spider rule and every reason code, using the spec's own examples as positions."""

from __future__ import annotations

import unittest

import pytest

from kosynka.cards import Card, Suit
from kosynka.errors import IllegalMoveError, InvalidNotationError
from kosynka.games.base import Termination
from kosynka.games.spider import FOUNDATION, Move, Spider, SpiderRules, format_text
from kosynka.games.spider.reasons import ALL, CODES
from tests.common import cards
from tests.games.spider.spider_positions import card_counts, code, full_counts, position

E = ["-"] * 10  # ten empty columns, to be filled in per test


def cols(**given: str) -> list[str]:
    """Ten column texts: ``c1="* TC"`` sets column 1; the rest are empty."""
    out = list(E)
    for name, text in given.items():
        out[int(name[1:]) - 1] = text
    return out


class TestFreshDeal(unittest.TestCase):
    def test_shape(self) -> None:
        for suits in (1, 2, 4):
            for numbering in ("kpat", "pysol"):
                game = Spider(7, rules=SpiderRules(suits=suits), numbering=numbering)
                lengths = sorted(len(game.column(i)) for i in range(10))
                assert lengths == [5] * 6 + [6] * 4
                assert all(game.face_down_count(i) == len(game.column(i)) - 1 for i in range(10))
                assert game.face_down_count() == 44
                assert game.stock_count() == 50 and game.rows_left() == 5
                assert game.runs_removed() == 0 and game.removed() == []
                assert game.moves_made == 0
                assert card_counts(game) == full_counts(suits)

    def test_kpat_columns_one_to_four_hold_six(self) -> None:
        game = Spider(123, rules=SpiderRules(suits=4))
        assert [len(game.column(i)) for i in range(10)] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]

    def test_suits_in_play(self) -> None:
        one = Spider(5, rules=SpiderRules(suits=1))
        assert {c.suit for i in range(10) for c in one.column(i)} == {Suit.SPADES}
        two = Spider(5, rules=SpiderRules(suits=2))
        assert {c.suit for c in two.stock()} == {Suit.SPADES, Suit.HEARTS}

    def test_bad_rules(self) -> None:
        for bad in (0, 3, 5, True, "2"):
            with pytest.raises(InvalidNotationError, match="suits"):
                SpiderRules(suits=bad)  # type: ignore[arg-type]
        assert SpiderRules(suits=4).text() == "suits=4"
        assert SpiderRules().suits == 2


class TestBuilding(unittest.TestCase):
    """Any card goes onto a card one rank higher, whatever its suit (spec: 10♣ is open)."""

    def test_red_and_black_nine_both_go_on_ten_of_clubs(self) -> None:
        g = position(cols(c1="* TC", c2="9H", c3="9C", c4="KS"))
        assert code(g, "2:9H>1") is None
        assert code(g, "3:9C>1") is None
        assert {str(m) for m in g.legal_moves} >= {"2:9H>1", "3:9C>1"}

    def test_rank_must_be_one_lower(self) -> None:
        g = position(cols(c1="* TC", c2="8H", c3="TD", c4="JS"))
        assert code(g, "2:8H>1") == "rank"
        assert code(g, "3:TD>1") == "rank"  # same rank
        assert code(g, "4:JS>1") == "rank"  # higher
        assert code(g, "1:TC>4") is None  # ten on the jack, of another suit

    def test_nothing_goes_on_an_ace(self) -> None:
        g = position(cols(c1="* AS", c2="KH"))
        assert code(g, "2:KH>1") == "rank"


class TestGroups(unittest.TestCase):
    """Only an unbroken descending run of one suit moves as a group."""

    def test_one_suit_run_goes_onto_any_nine(self) -> None:
        for nine in ("9S", "9H", "9C", "9D"):
            g = position(cols(c1="* " + nine, c2="KC 8D 7D 6D"))
            assert code(g, "2:8D>1") is None, nine
            g.push(Move.parse("2:8D>1"))
            assert [str(c) for c in g.face_up(0)] == [nine, "8D", "7D", "6D"]
            assert [str(c) for c in g.column(1)] == ["KC"]

    def test_mixed_suit_run_does_not_move(self) -> None:
        g = position(cols(c1="* 9S", c2="KC 8D 7C 6C"))
        assert code(g, "2:8D>1") == "run-not-one-suit"
        assert code(g, "2:7C>1") == "rank"  # the one-suit part moves, but not onto a nine
        g2 = position(cols(c1="* 8H", c2="KC 8D 7C 6C"))
        assert code(g2, "2:7C>1") is None

    def test_spec_nine_of_spades_eight_seven_of_hearts(self) -> None:
        g = position(cols(c1="* 9S 8H 7H", c2="TD", c3="9C", c4="8S"))
        assert code(g, "1:7H>4") is None  # 7♥ alone
        assert code(g, "1:8H>3") is None  # 8♥–7♥ together
        assert code(g, "1:9S>2") == "run-not-one-suit"  # 9♠–8♥–7♥: the suit changes
        assert [str(c) for c in g.movable_run(0)] == ["8H", "7H"]

    def test_rank_gap_is_not_ordered(self) -> None:
        g = position(cols(c1="* 9S 7S", c2="TD"))
        assert code(g, "1:9S>2") == "run-not-ordered"

    def test_not_ordered_comes_before_not_one_suit(self) -> None:
        # 9S 8H breaks the suit, 8H 6H breaks the order: the order is reported.
        g = position(cols(c1="* 9S 8H 6H", c2="TD"))
        assert code(g, "1:9S>2") == "run-not-ordered"

    def test_a_king_ends_a_run(self) -> None:
        # An ace of the next suit's index must not count as the card under a king.
        g = position(cols(c1="* AD KC", c2="-"), suits=4)
        assert [str(c) for c in g.movable_run(0)] == ["KC"]

    def test_face_down_card_never_moves(self) -> None:
        g = position(cols(c1="* 9s 8S", c2="TD"))
        assert code(g, "1:9S>2") == "face-down"


class TestEmptyColumn(unittest.TestCase):
    """An empty column takes any card or any movable group (not only a King)."""

    def test_red_eight_alone(self) -> None:
        g = position(cols(c1="* 2C 8H", c3="5D"))
        assert code(g, "1:8H>2") is None

    def test_red_eight_heading_a_one_suit_run(self) -> None:
        g = position(cols(c1="* 2C 8H 7H 6H", c3="5D"))
        assert code(g, "1:8H>2") is None
        g.push(Move.parse("1:8H>2"))
        assert [str(c) for c in g.column(1)] == ["8H", "7H", "6H"]

    def test_mixed_group_still_refused(self) -> None:
        g = position(cols(c1="* 2C 8H 7S", c3="5D"))
        assert code(g, "1:8H>2") == "run-not-one-suit"

    def test_every_empty_column_is_offered(self) -> None:
        g = position(cols(c1="* QD", c2="KS"))
        offered = {str(m) for m in g.legal_moves if m.card is not None}
        assert {f"1:QD>{k}" for k in range(3, 11)} <= offered
        assert "1:QD>2" in offered


class TestDealRow(unittest.TestCase):
    ROW = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"

    def full(self) -> list[str]:
        return ["* KD"] + ["KD"] + [f"{r}C" for r in "23456789"]

    def test_one_card_face_up_on_each_column_in_order(self) -> None:
        g = position(self.full(), stock=self.ROW + " JS QS KS AH 2H 3H 4H 5H 6H 7H")
        before = [len(g.column(i)) for i in range(10)]
        hidden = [g.face_down_count(i) for i in range(10)]
        assert code(g, "s") is None
        g.push(Move.deal())
        for i, card in enumerate(cards(self.ROW)):
            assert g.column(i)[-1] == card
            assert len(g.column(i)) == before[i] + 1
            assert g.face_down_count(i) == hidden[i]  # the new card lies face up
        assert [str(c) for c in g.stock()] == [
            "JS",
            "QS",
            "KS",
            "AH",
            "2H",
            "3H",
            "4H",
            "5H",
            "6H",
            "7H",
        ]
        assert g.rows_left() == 1

    def test_refused_while_a_column_is_empty(self) -> None:
        columns = self.full()
        columns[9] = "-"
        g = position(columns, stock=self.ROW)
        assert code(g, "s") == "deal-onto-empty-column"
        assert Move.deal() not in set(g.legal_moves)
        with pytest.raises(IllegalMoveError, match="deal-onto-empty-column"):
            g.push(Move.deal())

    def test_stock_empty(self) -> None:
        g = position(self.full())
        assert code(g, "s") == "stock-empty"

    def test_stock_empty_comes_first(self) -> None:
        columns = self.full()
        columns[4] = "-"
        g = position(columns)
        assert code(g, "s") == "stock-empty"

    def test_stock_of_whole_rows_only(self) -> None:
        from kosynka.errors import InvalidPositionError

        with pytest.raises(InvalidPositionError, match="whole rows"):
            position(self.full(), stock="AS 2S 3S")


KING_TO_TWO_H = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
KING_TO_TWO_S = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


class TestRunRemoval(unittest.TestCase):
    """A complete King-to-Ace run of one suit leaves as part of the move that completes it."""

    def test_removed_by_a_move_and_the_card_under_turns_up(self) -> None:
        g = position(cols(c1="* 5c " + KING_TO_TWO_H, c2="7D AH"))
        hidden = g.face_down_count(0)
        g.push(Move.parse("2:AH>1"))
        assert g.removed() == [Suit.HEARTS]
        assert g.runs_removed() == 1
        assert str(g.column(0)[-1]) == "5C"
        assert g.face_down_count(0) == hidden - 13 + 13 - 1  # the 5♣ was turned up
        assert g.face_up(0) == [Card.parse("5C")]
        assert format_text(g).endswith("| removed H")
        view = g.view()
        assert view.foundations == (tuple(cards(KING_TO_TWO_H + " AH")),)
        assert view.foundation_count() == 13
        # Taking the move back puts the run and the face-down card back.
        g.pop()
        assert g.removed() == [] and g.face_down_count(0) == hidden

    def test_removed_when_a_group_completes_it(self) -> None:
        g = position(cols(c1="* KS QS JS TS 9S", c2="3d 8S 7S 6S 5S 4S 3S 2S AS"))
        g.push(Move.parse("2:8S>1"))
        assert g.removed() == [Suit.SPADES]
        assert g.face_up(1) == [Card.parse("3D")]  # the source's card turned up too

    def test_removed_by_a_dealt_row(self) -> None:
        columns = ["* 6c " + KING_TO_TWO_H] + [f"{r}C" for r in "23456789"] + ["KC"]
        g = position(columns, stock="AH 2D 3D 4D 5D 6D 7D 8D 9D TD")
        g.push(Move.deal())
        assert g.removed() == [Suit.HEARTS]
        assert g.face_up(0) == [Card.parse("6C")]  # turned up in the same move
        assert [str(g.column(i)[-1]) for i in range(1, 10)] == [
            "2D",
            "3D",
            "4D",
            "5D",
            "6D",
            "7D",
            "8D",
            "9D",
            "TD",
        ]
        assert format_text(g).endswith("| stock - | removed H")

    def test_several_at_once_in_column_order(self) -> None:
        for first, second in (("H", "S"), ("S", "H")):
            run = {"H": KING_TO_TWO_H, "S": KING_TO_TWO_S}
            columns = [f"{r}C" for r in "23456789"] + ["KC", "KC"]
            columns[2] = "* 4d " + run[first]
            columns[6] = "5d " + run[second]
            row = ["AD", "2D", "3D", "5D", "6D", "7D", "8D", "9D"]
            row[2:2] = ["A" + first]
            row[6:6] = ["A" + second]
            g = position(columns, stock=" ".join(row))
            g.push(Move.deal())
            assert [s.letter for s in g.removed()] == [first, second]
            assert format_text(g).endswith(f"| removed {first} {second}")
            assert str(g.column(2)[-1]) == "4D" and g.face_down_count(2) == len(g.column(2)) - 1
            assert [str(c) for c in g.column(6)] == ["5D"] and g.face_down_count(6) == 0

    def test_mixed_suit_king_to_ace_stays(self) -> None:
        mixed = "KH QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S"
        g = position(cols(c1="* " + mixed, c2="7D AH"))
        g.push(Move.parse("2:AH>1"))
        assert g.removed() == []
        assert len(g.face_up(0)) == 13

    def test_face_down_king_does_not_complete(self) -> None:
        g = position(cols(c1="* ks QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", c2="7D AS"))
        g.push(Move.parse("2:AS>1"))
        assert g.removed() == []

    def test_the_eighth_run_wins(self) -> None:
        g = position(cols(c1=KING_TO_TWO_H, c2="AH"), removed="H C C D D S S")
        assert not g.is_won() and g.outcome() is None
        g.push(Move.parse("2:AH>1"))
        assert g.is_won()
        outcome = g.outcome()
        assert outcome is not None and outcome.termination is Termination.WON and outcome.won
        assert list(g.legal_moves) == []


class TestFoundationsByHand(unittest.TestCase):
    def test_runs_only(self) -> None:
        g = position(cols(c1="* 2C AH"))
        assert code(g, "1:AH>f") == "runs-only"
        m = g.parse_move("AH>f")
        assert m == Move(0, Card.parse("AH"), FOUNDATION)
        assert g.explain(m) is not None and g.explain(m).code == "runs-only"  # type: ignore[union-attr]
        with pytest.raises(IllegalMoveError, match="runs-only"):
            g.push_text("AH>f")

    def test_group_checks_come_first(self) -> None:
        g = position(cols(c1="* 3C 2H AS"))
        assert code(g, "1:2H>f") == "run-not-one-suit"


class TestReasonOrder(unittest.TestCase):
    """The first broken rule of: the source, the group, the destination."""

    def test_not_available(self) -> None:
        g = position(cols(c1="* TC", c2="9H", c3="9H"))
        assert code(g, "1:9H>2") == "not-available"
        assert code(g, "4:9H>1") == "not-available"  # an empty column holds nothing

    def test_face_down_before_group_and_destination(self) -> None:
        g = position(cols(c1="* 9h 2S", c2="3C"))
        assert code(g, "1:9H>1") == "face-down"  # also same-place and not ordered
        assert code(g, "1:9H>f") == "face-down"

    def test_group_before_destination(self) -> None:
        g = position(cols(c1="* 9H 7H", c2="3C"))
        assert code(g, "1:9H>2") == "run-not-ordered"  # also the wrong rank
        assert code(g, "1:9H>1") == "run-not-ordered"  # also the same place
        g2 = position(cols(c1="* 9H 8S", c2="3C"))
        assert code(g2, "1:9H>2") == "run-not-one-suit"
        assert code(g2, "1:9H>f") == "run-not-one-suit"

    def test_same_place_before_rank(self) -> None:
        g = position(cols(c1="* 9H"))
        assert code(g, "1:9H>1") == "same-place"

    def test_every_code_is_reachable_and_has_both_languages(self) -> None:
        seen = set()
        g = position(cols(c1="* 9h 9S 7S", c2="3C 2S", c3="KD"))
        for text in ("2:9H>1", "1:9H>3", "1:9S>2", "1:7S>1", "2:2S>f", "1:7S>2", "s"):
            c = code(g, text)
            assert c is not None
            seen.add(c)
        g2 = position(cols(c1="* 9H 8S"))
        seen.add(str(code(g2, "1:9H>2")))
        g3 = position(cols(c1="* 9H"), stock="AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
        seen.add(str(code(g3, "s")))
        assert seen == set(CODES)
        for reason in ALL:
            assert reason.en and reason.ru and reason.en != reason.ru
            assert reason.message("ru") == reason.ru
        assert [r.code for r in ALL] == list(CODES)


class TestShortForm(unittest.TestCase):
    """``9H>7`` names a column only when exactly one face-up copy could make the move."""

    def test_unique_copy(self) -> None:
        g = position(cols(c1="* TC", c3="9H", c4="KD"))
        assert g.parse_move("9H>1") == Move.parse("3:9H>1")
        g.push_text("9h>1")
        assert str(g.move_stack[-1]) == "3:9H>1"

    def test_ambiguous_asks_for_the_column(self) -> None:
        g = position(cols(c1="* TC", c3="9H", c5="2S 9H"))
        with pytest.raises(InvalidNotationError, match=r"name the column.*3:9H>1") as info:
            g.parse_move("9H>1")
        assert "3 and 5" in str(info.value)
        with pytest.raises(InvalidNotationError):
            g.push_text("9H>1")
        assert g.parse_move("5:9H>1") == Move.parse("5:9H>1")
        assert not g.is_legal(Move.parse("9H>1"))

    def test_only_one_copy_can_make_it(self) -> None:
        # Two face-up 9♥, but the one in column 5 carries a mixed group.
        g = position(cols(c1="* TC", c3="9H", c5="9H 8S"))
        assert g.parse_move("9H>1") == Move.parse("3:9H>1")

    def test_single_face_up_copy_refused_with_its_reason(self) -> None:
        g = position(cols(c1="* JC", c3="9H"))
        assert g.parse_move("9H>1") == Move.parse("3:9H>1")
        assert code(g, "9H>1") == "rank"

    def test_every_copy_refused_for_one_reason(self) -> None:
        g = position(cols(c1="* JC", c3="9H", c5="9H"))
        assert code(g, "9H>1") == "rank"
        assert code(g, "9H>f") == "runs-only"

    def test_copies_refused_for_different_reasons(self) -> None:
        g = position(cols(c1="* JC", c3="9H", c5="9H 7S"))
        with pytest.raises(InvalidNotationError, match="name the column"):
            g.parse_move("9H>1")

    def test_face_down_and_missing(self) -> None:
        g = position(cols(c1="* TC", c3="9h 4S"), stock="")
        assert code(g, "9H>1") == "face-down"
        g2 = position(cols(c1="* TC"), removed="H H")  # both 9♥ removed in runs
        assert code(g2, "9H>1") == "not-available"


class TestMoveText(unittest.TestCase):
    def test_round_trip(self) -> None:
        for text in ("s", "3:9H>7", "10:TD>1", "1:AH>f", "9H>7", "KS>10"):
            assert str(Move.parse(text)) == text
            assert Move.parse(repr(Move.parse(text))[12:-2]) == Move.parse(text)
        assert Move.parse("3:10h>7") == Move.parse("3:TH>7")
        assert Move.parse(" 3 : 9h > 7 ") == Move(2, Card.parse("9H"), 6)
        assert Move.parse("S").is_deal

    def test_bad_text(self) -> None:
        for bad in ("", "x", "9H", "9H>", ">7", "0:9H>1", "11:9H>1", "3:9H>11", "3:9H>0", "9X>1",
                    "a:9H>1", "3:9H>g", "r"):  # fmt: skip
            with pytest.raises(InvalidNotationError):
                Move.parse(bad)
        with pytest.raises(InvalidNotationError):
            Move(None, None, 3)
        with pytest.raises(InvalidNotationError):
            Move(10, Card.parse("9H"), 3)

    def test_listed_moves_name_their_column(self) -> None:
        game = Spider(1, rules=SpiderRules(suits=4))
        texts = [str(m) for m in game.legal_moves]
        assert texts and all(t == "s" or ":" in t for t in texts)
        assert texts[-1] == "s"


class TestUndoRedo(unittest.TestCase):
    def test_push_pop_redo(self) -> None:
        g = Spider(3, rules=SpiderRules(suits=2))
        start = format_text(g)
        moves = [*list(g.legal_moves)[:1], Move.deal()]
        for m in moves:
            g.push(m)
        after = format_text(g)
        assert g.pop() == Move.deal()
        g.pop()
        assert format_text(g) == start and g.can_redo()
        g.redo()
        g.redo()
        assert format_text(g) == after and not g.can_redo()

    def test_new_move_clears_redo(self) -> None:
        g = Spider(3, rules=SpiderRules(suits=2))
        g.push(Move.deal())
        g.pop()
        first = next(m for m in g.legal_moves if m.card is not None)
        g.push(first)
        assert not g.can_redo()

    def test_illegal_push_leaves_position(self) -> None:
        g = position(cols(c1="* TC", c2="8H"))
        before = format_text(g)
        with pytest.raises(IllegalMoveError) as info:
            g.push_text("2:8H>1")
        assert info.value.reason.code == "rank"
        assert format_text(g) == before and g.moves_made == 0

    def test_pop_and_redo_empty(self) -> None:
        g = Spider(3)
        with pytest.raises(IndexError):
            g.pop()
        with pytest.raises(IndexError):
            g.redo()

    def test_advance_keeps_no_history(self) -> None:
        a = Spider(11, rules=SpiderRules(suits=1))
        b = a.copy()
        moves = [*[m for m in a.legal_moves][:1], Move.deal()]
        for m in moves:
            a.push(m)
            b.advance(m)
        assert a == b and b.move_stack == [] and a.moves_made == 2
        with pytest.raises(IllegalMoveError):
            b.advance(Move.parse("1:AH>f"))


class TestEnd(unittest.TestCase):
    def test_stuck_when_no_move_is_legal(self) -> None:
        tops = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS", "AH", "AS"]
        g = position(["* " + tops[0], *tops[1:]])
        assert list(g.legal_moves) == [] and g.is_stuck()
        outcome = g.outcome()
        assert outcome is not None and outcome.termination is Termination.STUCK

    def test_fresh_deal_goes_on(self) -> None:
        g = Spider(1)
        assert g.outcome() is None and not g.is_stuck()


class TestIdentity(unittest.TestCase):
    def test_copy_is_independent(self) -> None:
        g = Spider(9, rules=SpiderRules(suits=4))
        c = g.copy()
        c.push(Move.deal())
        assert g.stock_count() == 50 and c.stock_count() == 40
        assert g != c and g == Spider(9, rules=SpiderRules(suits=4))

    def test_key_ignores_history_and_rules_count(self) -> None:
        g = Spider(9, rules=SpiderRules(suits=4))
        m = next(m for m in g.legal_moves if m.card is not None)
        h = g.copy()
        h.push(m)
        h.pop()
        assert h.key() == g.key() and h == g
        assert Spider(9, rules=SpiderRules(suits=2)) != g

    def test_repr_and_view(self) -> None:
        g = Spider(9, rules=SpiderRules(suits=4))
        assert repr(g) == "<Spider deal=9 suits=4 moves=0>"
        v = g.view()
        assert len(v.columns) == 10 and v.face_down_count() == 44
        assert v.stock == tuple(g.stock()) and v.cells == () and v.waste == ()
        assert v.foundations == ()
