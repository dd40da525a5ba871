"""Every FreeCell rule and every reason code, with the spec's own examples as positions."""

from __future__ import annotations

import unittest

import pytest

from kosynka.cards import Card
from kosynka.errors import IllegalMoveError, InvalidNotationError
from kosynka.games.base import Termination
from kosynka.games.freecell import CELL, CELL_SLOT, FOUNDATION, FreeCell, FreeCellRules, Move
from kosynka.games.freecell import reasons as R
from kosynka.games.freecell.notation import format_text
from tests.games.freecell.freecell_board import EMPTY6, board, code


class TestDeal(unittest.TestCase):
    def test_fresh_deal_shape(self) -> None:
        game = FreeCell(1)
        assert [len(game.column(i)) for i in range(8)] == [7, 7, 7, 7, 6, 6, 6, 6]
        assert game.cells() == [None] * 4
        assert game.foundation_counts() == (0, 0, 0, 0)
        assert game.moves_made == 0
        assert [str(game.column(i)[0]) for i in range(8)] == [
            "JD",
            "2D",
            "9H",
            "JC",
            "5D",
            "7H",
            "7C",
            "5H",
        ]

    def test_cells_option_sizes_the_cells(self) -> None:
        for n in range(5):
            game = FreeCell(1, rules=FreeCellRules(cells=n))
            assert game.cells() == [None] * n
            assert game.rules.text() == f"cells={n} return=on"

    def test_bad_rules(self) -> None:
        for bad in (-1, 5, True, "4"):
            with pytest.raises(InvalidNotationError, match="cells"):
                FreeCellRules(cells=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="foundation_return"):
            FreeCellRules(foundation_return="on")  # type: ignore[arg-type]
        assert FreeCellRules(foundation_return=False).text() == "cells=4 return=off"

    def test_view(self) -> None:
        game = board(["* 7C", "6H", *EMPTY6], cells="5D", foundations="AC - AH -")
        view = game.view()
        assert view.face_down == (0,) * 8
        assert view.cells == (Card.parse("5D"), None, None, None)
        assert view.foundations[0] == (Card.parse("AC"),)
        assert view.foundations[2] == (Card.parse("AH"),)
        assert view.top(1) == Card.parse("6H") and view.top(2) is None
        assert view.stock == () and view.waste == ()
        assert view.foundation_count() == 2


class TestTableau(unittest.TestCase):
    """Down by one rank in alternating colours (the spec's 'Порядок игрового поля')."""

    def test_six_of_hearts_on_seven_of_clubs(self) -> None:
        g = board(["* 7C", "6H", *EMPTY6])
        assert code(g, "6H>1") is None
        g.push_text("6H>1")
        assert [str(c) for c in g.column(0)[-2:]] == ["7C", "6H"]

    def test_six_of_diamonds_on_seven_of_hearts_is_colour(self) -> None:
        g = board(["* 7H", "6D", *EMPTY6])
        assert code(g, "6D>1") == "colour"

    def test_rank_is_checked_before_colour(self) -> None:
        g = board(["* TH", "8H", *EMPTY6])
        assert code(g, "8H>1") == "rank"
        g = board(["* 8C", "9H", *EMPTY6])
        assert code(g, "9H>1") == "rank"

    def test_any_card_fills_an_empty_column(self) -> None:
        g = board(["* 7C", "5D", "-", "KS", *["-"] * 4])
        assert code(g, "5D>3") is None
        assert code(g, "KS>3") is None
        assert code(g, "7C>3") is None  # a single card from a long column

    def test_a_run_fills_an_empty_column(self) -> None:
        g = board(["* 9S 8H 7C", "-", "5D", "5S", "5H", "5C", "6D", "6S"])
        assert code(g, "9S>2") is None
        g.push_text("9S>2")
        assert [str(c) for c in g.column(1)] == ["9S", "8H", "7C"]


class TestCells(unittest.TestCase):
    """A free cell takes any one card when empty (the spec's 'Свободные ячейки')."""

    def test_any_card_to_the_first_empty_cell(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], cells="- 5S")
        assert code(g, "KD>c") is None
        g.push_text("KD>c")
        assert [str(c) if c else "-" for c in g.cells()] == ["KD", "5S", "-", "-"]
        g.push_text("7C>c")
        assert [str(c) if c else "-" for c in g.cells()] == ["KD", "5S", "7C", "-"]

    def test_a_named_cell(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], cells="- 5S")
        assert code(g, "KD>c4") is None
        g.push_text("KD>c4")
        assert [str(c) if c else "-" for c in g.cells()] == ["-", "5S", "-", "KD"]
        reason = g.explain(Move.parse("7C>c2"))
        assert reason is not None and reason.code == "cells-full" and "2" in reason.en
        assert "2" in reason.ru

    def test_a_cell_the_rules_do_not_have(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], rules=FreeCellRules(cells=2))
        reason = g.explain(Move.parse("KD>c3"))
        assert reason is not None and reason.code == "cells-full" and "2" in reason.en

    def test_cells_full(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], cells="5S 5H 5C 5D")
        assert code(g, "KD>c") == "cells-full"
        assert g.explain(Move.parse("KD>c")) is R.CELLS_FULL

    def test_no_cells_at_all(self) -> None:
        rules = FreeCellRules(cells=0)
        g = board(["* 7C", "KD", *EMPTY6], rules=rules)
        assert code(g, "KD>c") == "cells-full"
        assert code(g, "KD>c1") == "cells-full"
        game = FreeCell(1, rules=rules)
        assert not any(m.is_to_cell for m in game.legal_moves)
        assert game.supermove_limit() == 1

    def test_a_cell_takes_one_card(self) -> None:
        g = board(["* 8S 7H", *["-"] * 7])
        assert code(g, "8S>c") == "cell-one-card"
        assert code(g, "7H>c") is None

    def test_cell_card_to_column_foundation_and_empty_column(self) -> None:
        g = board(["* 7C", "-", "5S", "5H", "5C", "5D", "6D", "6S"], cells="6H AS")
        assert code(g, "6H>1") is None
        assert code(g, "6H>2") is None
        assert code(g, "AS>f") is None
        assert code(g, "6H>3") == "rank"
        g.push_text("AS>f")
        assert g.cells()[1] is None and g.foundation_count(3) == 1

    def test_cell_card_to_a_cell_is_same_place(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], cells="- 5S")
        assert code(g, "5S>c") == "same-place"
        assert code(g, "5S>c2") == "same-place"
        assert code(g, "5S>c1") == "same-place"


class TestFoundations(unittest.TestCase):
    """Built up by suit from the Ace; a top card may come back to a column, never to a cell."""

    def test_ace_then_two_of_the_same_suit(self) -> None:
        g = board(["* 2D", "AD", "2C", *["-"] * 5])
        assert code(g, "2D>f") == "foundation-order"
        assert code(g, "AD>f") is None
        g.push_text("AD>f")
        assert code(g, "2D>f") is None
        assert code(g, "2C>f") == "foundation-order"

    def test_only_the_top_card_goes_home(self) -> None:
        g = board(["* AD KS", *["-"] * 7])
        assert code(g, "KS>f") == "foundation-order"
        assert code(g, "AD>f") == "run-not-ordered"  # the group is asked before the count
        g = board(["* 2H AS", *["-"] * 7], foundations="- - AH -")
        assert code(g, "2H>f") == "foundation-one-card"  # an ordered pair, but two cards

    def test_foundation_card_back_to_the_tableau_not_to_a_cell(self) -> None:
        g = board(["* 6S", *EMPTY6, "-"], foundations="- - 5H -")
        assert code(g, "5H>1") is None
        assert code(g, "5H>2") is None  # an empty column takes any card
        assert code(g, "5H>c") == "foundation-to-cell"
        assert code(g, "5H>c3") == "foundation-to-cell"
        g.push_text("5H>1")
        assert g.foundation_count(2) == 4
        assert str(g.column(0)[-1]) == "5H"

    def test_foundation_return_off(self) -> None:
        rules = FreeCellRules(foundation_return=False)
        g = board(["* 6S", *EMPTY6, "-"], foundations="- - 5H -", rules=rules)
        assert code(g, "5H>1") == "foundation-return-off"
        assert code(g, "5H>2") == "foundation-return-off"
        assert code(g, "5H>c") == "foundation-return-off"  # the source is asked first
        assert not any(m.card == Card.parse("5H") for m in g.legal_moves)

    def test_only_the_foundation_top_is_available(self) -> None:
        g = board(["* 6S", "-", "5C", *["-"] * 5], foundations="- - 5H -")
        assert code(g, "4H>2") == "not-available"
        assert code(g, "4H>c") == "not-available"
        assert code(g, "4H>f") == "not-available"

    def test_foundation_top_to_its_foundation_is_same_place(self) -> None:
        g = board(["* 6S", *["-"] * 7], foundations="- - 5H -")
        assert code(g, "5H>f") == "same-place"

    def test_won(self) -> None:
        g = board(["KH", "-", "-", "-", "-", "-", "-", "-"], foundations="KC KD QH KS")
        assert not g.is_won() and g.outcome() is None
        g.push_text("KH>f")
        assert g.is_won()
        outcome = g.outcome()
        assert outcome is not None and outcome.won and outcome.termination is Termination.WON


class TestSupermove(unittest.TestCase):
    """Group moves fit the room: (1 + empty cells) * 2 ** empty columns, the destination not
    counted when it is an empty column (the spec's 'Вмещаемость последовательности')."""

    RUN6 = "* 9S 8H 7C 6D 5S 4H"

    def test_six_card_run_refused_then_accepted_once_cells_free_up(self) -> None:
        # Three cells taken, one empty column: (1 + 1) * 2 = 4 cards at most.
        g = board([self.RUN6, "TD", "-", "3S", "7D", "4D", "3C", "QC"], cells="6C 8C JD")
        reason = g.explain(Move.parse("9S>2"))
        assert reason is not None and reason.code == "supermove-too-long"
        assert "4" in reason.en and "4" in reason.ru
        assert g.supermove_limit() == 4
        with pytest.raises(IllegalMoveError) as err:
            g.push_text("9S>2")
        assert err.value.reason.code == "supermove-too-long"
        # Free a cell: JD goes onto QC. Now (1 + 2) * 2 = 6.
        g.push_text("JD>8")
        assert g.supermove_limit() == 6
        assert code(g, "9S>2") is None
        g.push_text("9S>2")
        assert [str(c) for c in g.column(1)] == ["TD", "9S", "8H", "7C", "6D", "5S", "4H"]

    def test_six_card_run_with_all_cells_free_and_no_empty_column(self) -> None:
        g = board([self.RUN6, "TD", "3H", "3S", "7D", "4D", "3C", "QC"])
        reason = g.explain(Move.parse("9S>2"))
        assert reason is not None and reason.code == "supermove-too-long"
        assert "5" in reason.en and "5" in reason.ru
        assert code(g, "8H>2") is None or code(g, "8H>2") == "rank"
        assert code(g, "6D>3") == "rank"

    def test_empty_destination_does_not_count(self) -> None:
        # Four empty cells, one empty column that is the destination: 5 cards, not 10.
        g = board([self.RUN6, "TD", "-", "3S", "7D", "4D", "3C", "QC"])
        reason = g.explain(Move.parse("9S>3"))
        assert reason is not None and reason.code == "supermove-too-long"
        assert "5" in reason.en
        assert code(g, "8H>3") is None  # five cards fit
        assert code(g, "9S>2") is None  # onto a card the empty column counts: 10

    def test_the_limit_formula(self) -> None:
        full_run = ["9S", "8H", "7C", "6D", "5S", "4H", "3C", "2D"]
        for taken in range(5):
            for empties in range(4):
                free = 4 - taken
                limit = (1 + free) * 2**empties
                limit_empty = (1 + free) * 2 ** (empties - 1) if empties else 0
                for size in range(1, 9):
                    cols = ["* " + " ".join(full_run[:size]), "TD", "KC", "KS", "QC", "QS"]
                    cols += ["JC", "JS"]
                    for k in range(empties):
                        cols[4 + k] = "-"
                    g = board(cols, cells=" ".join(["KD", "KH", "QD", "QH"][:taken]))
                    assert g.supermove_limit() == limit
                    assert g.supermove_limit(to_empty_column=True) == limit_empty
                    onto = g.explain(Move.parse("9S>2"))
                    expect = None if size <= limit else "supermove-too-long"
                    assert (onto.code if onto else None) == expect, (taken, empties, size)
                    if onto is not None:
                        assert str(limit) in onto.en and str(limit) in onto.ru
                    if empties:
                        into = g.explain(Move.parse("9S>5"))
                        expect = None if size <= limit_empty else "supermove-too-long"
                        assert (into.code if into else None) == expect, (taken, empties, size)
                    assert (Move.parse("9S>2") in g.legal_moves) == (size <= limit)

    def test_a_run_must_be_ordered(self) -> None:
        g = board(["* 9S 8H 7H", "TD", *EMPTY6])
        assert code(g, "9S>2") == "run-not-ordered"
        g = board(["* 9S 7H", "TD", *EMPTY6])
        assert code(g, "9S>2") == "run-not-ordered"


class TestReasonOrder(unittest.TestCase):
    """A move that breaks two rules gets the first: source, group, destination, room."""

    def test_not_available_before_foundation_to_cell(self) -> None:
        g = board(["* 6S", *["-"] * 7], foundations="- - 5H -")
        assert code(g, "4H>c") == "not-available"

    def test_return_off_before_foundation_to_cell(self) -> None:
        rules = FreeCellRules(foundation_return=False)
        g = board(["* 6S", *["-"] * 7], foundations="- - 5H -", rules=rules)
        assert code(g, "5H>c") == "foundation-return-off"

    def test_same_place_before_the_group(self) -> None:
        g = board(["* 9S 7H", *["-"] * 7])
        assert code(g, "9S>1") == "same-place"

    def test_group_before_destination(self) -> None:
        # An unordered group onto a card of the wrong rank: the group is asked first.
        g = board(["* 9S 7H", "8C", *EMPTY6])
        assert code(g, "9S>2") == "run-not-ordered"
        # An unordered group to a full set of cells: not ordered, then one card, then full.
        g = board(["* 9S 7H", "8H 5C", *EMPTY6], cells="KC KD KH KS")
        assert code(g, "9S>c") == "run-not-ordered"
        assert code(g, "8H>c") == "run-not-ordered"
        g = board(["* 9S 8H", *["-"] * 7], cells="KC KD KH KS")
        assert code(g, "9S>c") == "cell-one-card"
        # An ordered pair to a foundation that wants neither card.
        g = board(["* 3D 2S", *["-"] * 7])
        assert code(g, "3D>f") == "foundation-one-card"

    def test_destination_before_room(self) -> None:
        run = "* 9S 8H 7C 6D 5S 4H"
        # The long run onto a card of the wrong rank, then of the wrong colour.
        g = board([run, "JD", "3H", "3S", "7D", "4D", "3C", "QC"], cells="KC KD KH KS")
        assert code(g, "9S>2") == "rank"
        g = board([run, "TS", "3H", "3D", "7D", "4D", "3C", "QC"], cells="KC KD KH KS")
        assert code(g, "9S>2") == "colour"
        g = board([run, "TD", "3H", "3S", "7D", "4D", "3C", "QC"], cells="KC KD KH KS")
        assert code(g, "9S>2") == "supermove-too-long"

    def test_every_code_is_used_and_listed(self) -> None:
        assert set(R.CODES) == {
            "not-available", "same-place", "foundation-return-off", "foundation-to-cell",
            "run-not-ordered", "cell-one-card", "foundation-one-card", "cells-full",
            "foundation-order", "rank", "colour", "supermove-too-long",
        }  # fmt: skip
        for reason in (R.supermove_too_long(1), R.supermove_too_long(2), R.cell_taken(0)):
            assert reason.en and reason.ru and reason.code in R.CODES
        # The number of cards takes its noun's plural form (accusative after "перенести").
        forms = {1: "карту", 2: "карты", 5: "карт", 11: "карт", 21: "карту", 22: "карты"}
        for n, word in {**forms, 25: "карт"}.items():
            assert R.supermove_too_long(n).ru.endswith(f"только {n} {word}."), n
            assert f"only {n} {'card' if n == 1 else 'cards'} move" in R.supermove_too_long(n).en


class TestMoveText(unittest.TestCase):
    def test_parse_and_write(self) -> None:
        cases = {
            "9h>3": "9H>3",
            "10d > 8": "TD>8",
            "AH>F": "AH>f",
            "5s>C": "5S>c",
            "5s>c3": "5S>c3",
            "5s>cd": "5S>c4",
        }
        for text, canon in cases.items():
            move = Move.parse(text)
            assert move.text() == canon and str(move) == canon
            assert Move.parse(canon) == move
            assert eval(repr(move)) == move
        assert Move.parse("5S>c").to == CELL and Move.parse("5S>c").cell_slot is None
        assert Move.parse("5S>c2").to == CELL_SLOT + 1 and Move.parse("5S>c2").cell_slot == 1
        assert Move.parse("5S>f").to == FOUNDATION and not Move.parse("5S>f").is_to_cell
        assert Move.to_cell(Card.parse("5S"), 2) == Move.parse("5S>c3")
        assert Move.to_cell(Card.parse("5S")) == Move.parse("5S>c")
        assert Move.to_column(Card.parse("5S"), 0) == Move.parse("5S>1")
        assert Move.to_foundation(Card.parse("5S")) == Move.parse("5S>f")

    def test_bad_text(self) -> None:
        for bad in ("9H>9", "9H>0", "9H>c5", "9H>ce", "9H", "9H>", ">3", "XX>1", "s", "9H>h"):
            with pytest.raises(InvalidNotationError):
                Move.parse(bad)
        with pytest.raises(InvalidNotationError):
            Move(Card.parse("9H"), 14)


class TestHistory(unittest.TestCase):
    def test_push_pop_redo(self) -> None:
        g = FreeCell(1)
        start = format_text(g)
        g.push_text("8C>c")
        after = format_text(g)
        g.push_text("6C>c")
        assert g.pop() == Move.parse("6C>c")
        assert format_text(g) == after
        assert g.can_redo()
        assert g.redo() == Move.parse("6C>c")
        g.pop()
        g.pop()
        assert format_text(g) == start and g.moves_made == 0
        with pytest.raises(IndexError):
            g.pop()
        g.redo()
        g.push_text("TC>c")  # a different move forgets the rest of the redo line
        assert not g.can_redo()

    def test_illegal_move_leaves_the_position(self) -> None:
        g = FreeCell(1)
        before = format_text(g)
        with pytest.raises(IllegalMoveError) as err:
            g.push_text("6S>1")
        assert err.value.reason.code == "same-place"
        assert format_text(g) == before and g.moves_made == 0

    def test_advance_and_replay(self) -> None:
        g = FreeCell(1)
        g.replay(["8C>c", Move.parse("6C>c")])
        h = FreeCell(1)
        h.advance(Move.parse("8C>c"))
        h.advance(Move.parse("6C>c"))
        assert h == g and h.moves_made == 0
        with pytest.raises(IllegalMoveError):
            h.advance(Move.parse("JH>2"))
        assert h == g

    def test_copy_and_key(self) -> None:
        g = FreeCell(5)
        c = g.copy()
        c.push_text(str(next(iter(c.legal_moves))))
        assert g.moves_made == 0 and c.moves_made == 1
        assert c.copy(stack=False).moves_made == 0
        # The same cards in other cells: the same key, but not equal positions.
        a = board(["* 7C", "KD", *EMPTY6], cells="5S 5H")
        b = board(["* 7C", "KD", *EMPTY6], cells="- 5H - 5S")
        assert a.key() == b.key() and a != b

    def test_stuck(self) -> None:
        rules = FreeCellRules(cells=0)
        g = board(["* KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS"], rules=rules)
        assert list(g.legal_moves) == [] and not g.legal_moves
        outcome = g.outcome()
        assert outcome is not None and outcome.termination is Termination.STUCK
        assert not outcome.won

    def test_legal_moves_view(self) -> None:
        g = FreeCell(1)
        moves = list(g.legal_moves)
        assert len(g.legal_moves) == len(moves) == 8
        assert Move.parse("6S>c") in g.legal_moves
        assert Move.parse("6S>c2") not in moves and Move.parse("6S>c2") in g.legal_moves
        assert Move.parse("AH>f") not in g.legal_moves
