"""FreeCell's position text, fc-solve's board format and standard notation: round trips,
format detection and the messages bad input gets."""

from __future__ import annotations

import json
import unittest

import pytest

from kosynka.cards import Card
from kosynka.errors import IllegalMoveError, InvalidNotationError, InvalidPositionError
from kosynka.games.freecell import CELL, CELL_SLOT, FreeCell, FreeCellRules, Move
from kosynka.games.freecell.notation import (
    detect_format,
    format_fcs,
    format_position,
    format_text,
    parse_fcs,
    parse_position,
    parse_standard_line,
    parse_text,
)
from tests.games.freecell.freecell_board import EMPTY6, board

DEAL1_TEXT = (
    "freecell cells=4 return=on | tableau JD KD 2S 4C 3S 6D 6S / 2D KC KS 5C TD 8S 9C /"
    " 9H 9S 9D TS 4S 8D 2H / JC 5S QD QH TH QS 6H / 5D AD JS 4H 8H 6C / 7H QC AS AC 2C 3D /"
    " 7C KH AH 4D JH 8C / 5H 3H 3C 7S 7D TC | cells - - - - | foundations - - - -"
)
DEAL1_FCS = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C
: 9H 9S 9D TS 4S 8D 2H
: JC 5S QD QH TH QS 6H
: 5D AD JS 4H 8H 6C
: 7H QC AS AC 2C 3D
: 7C KH AH 4D JH 8C
: 5H 3H 3C 7S 7D TC
"""


def mid_game() -> FreeCell:
    """Deal 1 after a few moves: cards in the cells, on the foundations, an empty column."""
    g = FreeCell(1)
    for token in [
        "5a",
        "5b",
        "5c",
        "5d",
        "5h",
        "b2",
        "8b",
        "a8",
        "7a",
        "b7",
        "58",
        "6b",
        "65",
        "6h",
        "5h",
        "6h",
        "76",
    ]:
        g.push(g.parse_standard(token))
    return g


class TestPositionText(unittest.TestCase):
    def test_deal_one(self) -> None:
        assert format_text(FreeCell(1)) == DEAL1_TEXT
        assert parse_text(DEAL1_TEXT) == FreeCell(1)

    def test_round_trip_mid_game(self) -> None:
        g = mid_game()
        text = format_text(g)
        assert "foundations" in text and parse_text(text) == g
        assert format_text(parse_text(text)) == text

    def test_rules_in_the_header(self) -> None:
        for rules in (FreeCellRules(0, False), FreeCellRules(1, True), FreeCellRules(3, False)):
            g = FreeCell(7, rules=rules)
            text = format_text(g)
            assert text.startswith(f"freecell {rules.text()} |")
            back = parse_text(text)
            assert back == g and back.rules == rules
        assert "| cells |" in format_text(FreeCell(7, rules=FreeCellRules(cells=0)))

    def test_missing_header_fields_take_defaults(self) -> None:
        text = DEAL1_TEXT.replace("cells=4 return=on ", "")
        assert parse_text(text).rules == FreeCellRules()

    def test_tens_line_breaks_and_case(self) -> None:
        text = DEAL1_TEXT.replace("TD", "10D").replace(" / ", "\n/\n").replace("|", "\n|")
        assert parse_text(text) == FreeCell(1)
        assert parse_text(DEAL1_TEXT.replace("JD", "jd", 1)) == FreeCell(1)

    def test_errors_name_the_problem(self) -> None:
        cases = [
            (DEAL1_TEXT.replace("freecell", "klondike"), "start with the game name 'freecell'"),
            (DEAL1_TEXT.replace("cells=4", "cells=9"), "cells must be 0..4"),
            (DEAL1_TEXT.replace("cells=4", "cells=x"), "whole number"),
            (DEAL1_TEXT.replace("return=on", "return=maybe"), "on or off"),
            (DEAL1_TEXT.replace("return=on", "draw=1"), "unknown header field"),
            (DEAL1_TEXT.replace("return=on", "cells=4"), "given twice"),
            (DEAL1_TEXT.replace(" | foundations - - - -", ""), "4 sections"),
            (DEAL1_TEXT.replace("tableau", "columns"), "expected the section 'tableau'"),
            (DEAL1_TEXT.replace(" / 5H", " 5H"), "8 columns"),
            (DEAL1_TEXT.replace("JD KD", "JD ZZ"), "unknown token 'ZZ' in column 1"),
            (DEAL1_TEXT.replace("KD 2S", "KS 2S"), "duplicate card KS"),
            (DEAL1_TEXT.replace("JD KD 2S", "JD 2S"), "found 51; missing: KD"),
            (DEAL1_TEXT.replace("cells - - - -", "cells - - - - -"), "too many free cells"),
            (DEAL1_TEXT.replace("cells - - - -", "cells - -"), "too few free cells"),
            (DEAL1_TEXT.replace("foundations - - - -", "foundations - -"), "4 entries"),
            (DEAL1_TEXT.replace("foundations - - - -", "foundations AD - - -"), "is for C"),
            (DEAL1_TEXT.replace(" 6S / 2D", " / 2D"), "missing: 6S"),
            (DEAL1_TEXT.replace("2D KC KS 5C TD 8S 9C", ""), "column 2 is blank"),
        ]
        for text, message in cases:
            with pytest.raises(InvalidPositionError, match=message):
                parse_text(text)

    def test_card_twice_with_a_foundation(self) -> None:
        with pytest.raises(InvalidPositionError, match="duplicate card AC"):
            parse_text(DEAL1_TEXT.replace("foundations - - - -", "foundations AC - - -"))


class TestFcsBoards(unittest.TestCase):
    def test_deal_one(self) -> None:
        assert format_fcs(FreeCell(1)) == DEAL1_FCS
        assert parse_fcs(DEAL1_FCS) == FreeCell(1)

    def test_bare_columns_as_the_generators_write_them(self) -> None:
        bare = "\n".join(line[2:] for line in DEAL1_FCS.splitlines()[2:])
        assert parse_fcs(bare) == FreeCell(1)
        assert parse_fcs(bare.replace("TD", "10D")) == FreeCell(1)
        assert "10D" in format_fcs(FreeCell(1), ten="10")
        assert parse_fcs(format_fcs(FreeCell(1), ten="10")) == FreeCell(1)

    def test_round_trip_mid_game_with_an_empty_column(self) -> None:
        g = mid_game()
        text = format_fcs(g)
        assert "\n:\n" in text
        assert parse_fcs(text) == g
        assert "Foundations: H-0 C-2 D-A S-A\nFreecells: 8C 3D 4H JS\n" in text

    def test_foundations_line(self) -> None:
        g = board(["* 6S", *["-"] * 7], foundations="AC KD 5H -")
        text = format_fcs(g)
        assert text.startswith("Foundations: H-5 C-A D-K S-0\n")
        back = parse_fcs(text.replace("Foundations: H-5 C-A D-K S-0", "Founds: H-5 C-A S-0 D-K"))
        assert back == g
        assert parse_fcs(text.replace("H-5 C-A D-K S-0", "d-k h-5 c-1")) == g

    def test_fc_solve_blank_slots(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], cells="- QD - KC")
        lines = format_fcs(g).splitlines()
        assert lines[1] == "Freecells: - QD - KC"
        for written in ("Freecells:      QD      KC", "FC:      QD      KC  "):
            assert parse_fcs("\n".join([lines[0], written, *lines[2:]])) == g
        h = board(["* 7C", "KD", *EMPTY6], cells="TS KH QS")
        lines = format_fcs(h).splitlines()
        assert parse_fcs("\n".join([lines[0], "Freecells:  TS  KH  QS    ", *lines[2:]])) == h
        assert parse_fcs("\n".join([lines[0], "Freecells: TS KH QS", *lines[2:]])) == h

    def test_rules_come_from_the_caller(self) -> None:
        rules = FreeCellRules(cells=2, foundation_return=False)
        g = FreeCell(3, rules=rules)
        text = format_fcs(g)
        assert "Freecells: - -\n" in text
        assert parse_fcs(text, rules) == g
        assert "Freecells" not in format_fcs(FreeCell(3, rules=FreeCellRules(cells=0)))
        assert parse_position(text, "fcs", rules).rules == rules

    def test_too_many_cells_for_the_rules(self) -> None:
        g = board(["* 7C", "KD", *EMPTY6], cells="5S 5H 5D")
        text = format_fcs(g)
        with pytest.raises(InvalidPositionError, match="too many free cells"):
            parse_fcs(text, FreeCellRules(cells=2))
        with pytest.raises(InvalidPositionError, match="too many free cells"):
            parse_fcs(text.replace("5D -", "5D 4H 4S"), FreeCellRules(cells=4))
        # Empty slots beyond the rules' cells are fine.
        two = board(["* 7C", "KD", *EMPTY6], cells="5S", rules=FreeCellRules(cells=2))
        assert parse_fcs(format_fcs(two).replace("5S -", "5S - - -"), two.rules) == two

    def test_errors_name_the_problem(self) -> None:
        lines = DEAL1_FCS.splitlines()
        cases = [
            ("\n".join(lines[:-1]), "8 column lines"),
            (DEAL1_FCS.replace("5H 3H", "5H AX"), "unknown token 'AX' in column 8"),
            (DEAL1_FCS + "4C\n", "more than 8 columns"),
            (DEAL1_FCS.replace("KD 2S", "ZZ 2S"), r"unknown token 'ZZ' in column 1 \(line 3\)"),
            (DEAL1_FCS.replace("H-0", "H-X"), "bad foundation 'H-X' on line 1"),
            (DEAL1_FCS.replace("C-0", "H-0"), "foundation H is given twice"),
            (DEAL1_FCS.replace("H-0", "H-2"), "duplicate card 2H: in foundation H and in column 3"),
            (DEAL1_FCS + "Foundations: H-0\n", "a second Foundations line"),
            (DEAL1_FCS + "FC: -\n", "a second Freecells line"),
            (DEAL1_FCS.replace("KD 2S", "KS 2S"), "duplicate card KS"),
            (DEAL1_FCS.replace("JD KD", "JD"), "missing: KD"),
            (DEAL1_FCS.replace("- - - -", "ZZ - - -"), "unknown token 'ZZ' in the free cells"),
        ]
        for text, message in cases:
            with pytest.raises(InvalidPositionError, match=message):
                parse_fcs(text)


class TestDetect(unittest.TestCase):
    def test_claims_its_own(self) -> None:
        assert detect_format(DEAL1_TEXT) == "text"
        assert detect_format("  \n" + DEAL1_TEXT.upper()) == "text"
        assert detect_format(DEAL1_FCS) == "fcs"
        assert detect_format("\n".join(DEAL1_FCS.splitlines()[2:])) == "fcs"
        assert detect_format("Freecells: 3H\n" + DEAL1_FCS) == "fcs"
        bare = "\n".join(line[2:] for line in DEAL1_FCS.splitlines()[2:])
        assert detect_format(bare) == "fcs"
        assert detect_format(":\n" * 8) == "fcs"

    def test_leaves_others_alone(self) -> None:
        klondike = (
            "klondike draw=1 passes=unlimited return=on pass=1 | tableau JD / 5d 2D / - / - / -"
            " / - / - | stock - | waste - | foundations - - - -"
        )
        solvitaire = json.dumps({"tableau piles": [["JD"]], "stock": [], "foundations": []})
        for text in (klondike, solvitaire, "", "   ", "hello world", "spider suits=4 | ..."):
            assert detect_format(text) is None, text
        ten_columns = "\n".join(["AS 2S"] * 10)
        assert detect_format(ten_columns) is None

    def test_parse_position_detects(self) -> None:
        assert parse_position(DEAL1_TEXT) == FreeCell(1)
        assert parse_position(DEAL1_FCS) == FreeCell(1)
        with pytest.raises(InvalidPositionError, match="not a FreeCell position"):
            parse_position("klondike draw=1 | ...")
        with pytest.raises(InvalidNotationError, match="unknown format"):
            parse_position(DEAL1_TEXT, "solvitaire")
        with pytest.raises(InvalidNotationError, match="unknown format"):
            format_position(FreeCell(1), "json")
        assert format_position(FreeCell(1), "fcs") == DEAL1_FCS


class TestStandardNotation(unittest.TestCase):
    def test_tokens(self) -> None:
        g = FreeCell(1)
        m = g.parse_standard("5a")
        assert m == Move.parse("6C>c")  # cell a is the first empty one: the same as 'c'
        g.push(m)
        assert g.parse_standard("5c") == Move(Card.parse("8H"), CELL_SLOT + 2)
        assert g.parse_standard("5b") == Move.parse("8H>c")
        assert g.parse_standard("a8") == Move.parse("6C>8")
        assert g.parse_standard("ah") == Move.parse("6C>f")
        assert g.parse_standard("7h") == Move.parse("8C>f")
        assert g.parse_standard(" 12 ") == Move.parse("6S>2")
        assert g.standard(Move.parse("8H>c")) == "5b"
        assert g.standard(Move.parse("8H>c4")) == "5d"
        h = board(["* 7D", *["-"] * 7], cells="- 6C")
        assert h.standard(Move.parse("6C>1")) == "b1"
        assert h.standard(Move.parse("6C>2")) == "b2"
        assert h.parse_standard("b1") == Move.parse("6C>1")

    def test_run_onto_a_card_without_a_count(self) -> None:
        # As fc-solve's -snx writes it: '12' onto a card moves the run that fits there.
        g = board(["* 9S 8H 7C", "TD", "3H", "3S", "7D", "4D", "3C", "QC"])
        assert g.parse_standard("12") == Move.parse("9S>2")
        assert g.parse_standard("12v3") == Move.parse("9S>2")
        assert g.parse_standard("12v1") == Move.parse("7C>2")
        assert g.standard(Move.parse("9S>2")) == "12v3"
        assert g.parse_standard("13") == Move.parse("7C>3")  # nothing fits: the top card
        assert g.explain(g.parse_standard("13")) is not None

    def test_into_an_empty_column(self) -> None:
        g = board(["* 9S 8H 7C", "-", "3H", "3S", "7D", "4D", "3C", "QC"])
        assert g.parse_standard("12") == Move.parse("7C>2")
        assert g.parse_standard("12v2") == Move.parse("8H>2")
        assert g.standard(Move.parse("9S>2")) == "12v3"
        assert g.standard(Move.parse("7C>2")) == "12"
        big = board(
            [
                "* "
                + " ".join(f"{r}{s}" for r, s in zip("KQJT98765432", "SHCDSHCDSHCD", strict=True)),
                *["-"] * 7,
            ]
        )
        assert big.standard(Move.parse("JC>2")) == "12va"

    def test_foundation_return_extension(self) -> None:
        g = board(["* 6S", *["-"] * 7], foundations="- - 5H -")
        assert g.parse_standard("hh1") == Move.parse("5H>1")
        assert g.standard(Move.parse("5H>1")) == "hh1"
        with pytest.raises(InvalidNotationError, match="foundation is empty"):
            g.parse_standard("hs1")

    def test_bad_tokens(self) -> None:
        g = mid_game()
        cases = [
            ("", "not a standard-notation move"),
            ("9a", "not a standard-notation move"),
            ("5e", "not a standard-notation move"),
            ("ha", "a move from the foundations is written"),
            ("5h", "column 5 is empty"),
            ("a3v2", "'v' count belongs to column-to-column"),
            ("12vff", "holds"),
            ("12v0", "not 0"),
        ]
        for token, message in cases:
            with pytest.raises(InvalidNotationError, match=message):
                g.parse_standard(token)
        with pytest.raises(InvalidNotationError, match="free cell a is empty"):
            board(["* 7D", *["-"] * 7], cells="- 6C").parse_standard("ah")
        small = FreeCell(1, rules=FreeCellRules(cells=2))
        with pytest.raises(InvalidNotationError, match="no free cell c"):
            small.parse_standard("c1")
        with pytest.raises(IllegalMoveError):
            g.standard(Move.parse("AH>c"))

    def test_parse_a_whole_line(self) -> None:
        moves = parse_standard_line(FreeCell(1), "5a 5b 5c")
        assert [str(m) for m in moves] == ["6C>c", "8H>c", "4H>c"]
        with pytest.raises(IllegalMoveError):
            parse_standard_line(FreeCell(1), "5a 5b 5c 5d 5h 5h")
        assert CELL == 9
