"""Every Pyramid rule and every refusal, with its words in English and Russian."""

from __future__ import annotations

import unittest

import pytest

from kosynka.cards import Card
from kosynka.errors import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidPositionError,
    Reason,
    ReasonTemplate,
)
from kosynka.games.base import Termination
from kosynka.games.pyramid import SPEC, Move, Pyramid, PyramidRules
from kosynka.games.pyramid import reasons as R
from kosynka.games.pyramid.notation import parse_text

# Deal 1 (PySolFC's numbering), rows top to bottom:
#                JD
#             2D    9H
#          JC    5D    7H
#       7C    5H    KD    KC
#    9S    5S    AD    QC    KH
#  3H    2S    KS    9D    QD    JS
# AS    AH    3C    4C    5C    TS    QH
# stock (top first): 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H

STUCK_TEXT = (
    "pyramid passes=3 goal=pyramid | table KC / KD KH / KS 9C 9D / 9H 9S 8C 8D /"
    " 8H 8S 7C 7D 7H / 7S 6C 6D 6H 6S 5C / 5D 5H 5S 4C 4D 4H 4S | stock - | waste - | pass 1"
)
"""A position where nothing can move: no pair and no King among the free cards, nothing left
to turn."""
EMPTY_TABLE = " / ".join(" ".join(["--"] * n) for n in range(1, 8))
ONE_KING_TEXT = (
    "pyramid passes=3 goal={goal} | table KC " + EMPTY_TABLE[2:] + " | stock QH | waste AH | pass 1"
)
"""The pyramid down to one King; the stock's top and the waste's top make 13."""


def game_after(*moves: str, rules: PyramidRules | None = None, deal: int = 1) -> Pyramid:
    """Deal ``deal`` with ``moves`` made."""
    game = Pyramid(deal, rules=rules)
    game.replay(moves)
    return game


def refusal(game: Pyramid, move: str) -> Reason:
    """The reason ``move`` is refused in ``game`` (fails when it is legal)."""
    reason = game.explain(Move.parse(move))
    assert reason is not None, move
    return reason


class TestMoves(unittest.TestCase):
    def test_fresh_deal(self) -> None:
        game = Pyramid(1)
        assert game.pyramid_count() == 28 and game.stock_count() == 24 and game.waste() == []
        assert str(game.stock_top()) == "4H" and game.waste_top() is None
        assert [str(m) for m in game.legal_moves] == ["QH+AS", "QH+AH", "TS+3C", "s"]
        assert game.outcome() is None and not game.is_won()

    def test_pair_from_the_pyramid(self) -> None:
        game = game_after("AS+QH")
        assert game.places()[21] is None and game.places()[27] is None
        assert game.is_available(15) is False  # 3H still under AH
        assert game.is_available(22) and game.is_available(26)
        with pytest.raises(IllegalMoveError, match="covered by the 5C and the TS"):
            game.push_text("AH+QD")  # QD at place 19 lies under 5C and TS
        game.push_text("TS+3C")
        assert game.is_available(20)  # JS: TS and QH are gone
        assert not game.is_available(19)  # QD: still under 5C
        with pytest.raises(IllegalMoveError, match="covered by the 5C in the row"):
            game.push_text("AH+QD")
        assert game.pyramid_count() == 24 and game.moves_made == 2

    def test_king_and_pair_with_the_stock_and_the_waste(self) -> None:
        game = parse_text(ONE_KING_TEXT.format(goal="all"))
        assert [str(m) for m in game.legal_moves] == ["KC", "QH+AH", "s"]
        game.push_text("ah+qh")  # both tops in one move
        assert game.stock() == [] and game.waste() == []
        assert not game.is_won()
        game.push_text("KC")
        assert game.is_won()
        assert game.outcome() is not None and game.outcome() == game.outcome()
        assert game.outcome().termination is Termination.WON  # type: ignore[union-attr]
        assert list(game.legal_moves) == []
        assert refusal(game, "s") is R.GAME_OVER

    def test_goal_pyramid_is_won_with_cards_left(self) -> None:
        game = parse_text(ONE_KING_TEXT.format(goal="pyramid"))
        game.push_text("KC")
        assert game.is_won() and game.stock_count() == 1
        assert game.outcome() is not None and game.outcome().won  # type: ignore[union-attr]

    def test_turn_and_redeal_keep_the_order(self) -> None:
        game = Pyramid(1, rules=PyramidRules(passes=2))
        first = game.stock()
        game.replay(["s"] * 24)
        assert game.waste() == first and game.stock() == []
        assert [str(m) for m in game.legal_moves][-1] == "r"
        game.push_text("r")
        assert game.stock() == first and game.pass_number == 2 and game.passes_left() == 0
        game.replay(["s"] * 24)
        assert Move.redeal() not in game.legal_moves
        assert refusal(game, "r") is R.PASS_LIMIT

    def test_unlimited_passes(self) -> None:
        game = Pyramid(1, rules=PyramidRules(passes=None))
        for _ in range(5):
            game.replay(["s"] * 24 + ["r"])
        assert game.pass_number == 6 and game.passes_left() is None

    def test_stuck(self) -> None:
        game = parse_text(STUCK_TEXT)
        assert list(game.legal_moves) == []
        outcome = game.outcome()
        assert outcome is not None and outcome.termination is Termination.STUCK

    def test_push_refuses_and_keeps_the_position(self) -> None:
        game = Pyramid(1)
        before = game.copy()
        with pytest.raises(IllegalMoveError, match="covered") as info:
            game.push_text("JD+2D")
        assert info.value.reason == R.covered("JD", ["2D", "9H"])
        assert game == before and game.move_stack == []

    def test_pop_and_redo(self) -> None:
        game = game_after("QH+AS", "s", "s")
        assert game.pop() == Move.stock()
        assert game.stock_count() == 23 and game.can_redo()
        game.redo()
        assert game.stock_count() == 22
        game.pop()
        game.pop()
        game.pop()
        assert game == Pyramid(1)

    def test_copy_is_independent(self) -> None:
        game = Pyramid(1)
        other = game.copy()
        other.push_text("s")
        assert game.stock_count() == 24 and other.stock_count() == 23
        assert game.key() != other.key()
        assert game.copy(stack=False).move_stack == []

    def test_key_counts_passes_only_when_limited(self) -> None:
        a = Pyramid(1, rules=PyramidRules(passes=None))
        b = a.copy()
        b.replay(["s"] * 24 + ["r"])
        assert a.key() == b.key() and a != b
        c = Pyramid(1)
        d = c.copy()
        d.replay(["s"] * 24 + ["r"])
        assert c.key() != d.key()

    def test_check_line(self) -> None:
        line = Pyramid(1).check_line(["s", "QH+AS", "JD+2D"])
        assert line.refused is not None and line.refused.index == 2
        assert line.refused.reason == R.covered("JD", ["2D", "9H"])
        assert len(line.moves) == 2


class TestView(unittest.TestCase):
    def test_places_and_view(self) -> None:
        game = game_after("QH+AS")
        view = game.view()
        assert view.columns == () and view.face_down == ()
        assert [str(c) for c in view.stock][:2] == ["4H", "AC"] and view.waste == ()
        places = view.places
        assert len(places) == 28
        assert places[0].row == 0 and places[0].x == 6 and places[0].covered_by == (1, 2)
        assert places[21].card is None and places[21].x == 0 and places[21].covered_by == ()
        assert places[27].x == 12 and places[27].row == 6
        assert places[15].x == 1 and places[15].covered_by == (21, 22)
        assert all(p.face_up for p in places)
        # The client's check: a place is free when every place covering it is empty.
        free = [
            i
            for i, p in enumerate(places)
            if p.card and not any(places[q].card for q in p.covered_by)
        ]
        assert free == [i for i in range(28) if game.is_available(i)]

    def test_render(self) -> None:
        text = SPEC.render(game_after("QH+AS", "s"))
        lines = text.splitlines()
        assert lines[0].startswith("Pyramid, 3 passes, goal pyramid   pass 1")
        assert lines[2].strip() == "JD"
        assert lines[8].startswith(" --   [AH]")
        assert lines[8].rstrip().endswith("[TS]   --")
        assert "stock [AC] (23)   waste [4H] ( 1)" in text


class TestReasons(unittest.TestCase):
    """Every refusal, with its code and its words in both languages."""

    def cases(self) -> list[tuple[Pyramid, str, Reason, str, str]]:
        """(position, move, reason, words of the English text, words of the Russian text)."""
        stuck = parse_text(STUCK_TEXT)
        won = parse_text(ONE_KING_TEXT.format(goal="pyramid"))
        won.push_text("KC")
        after_pair = game_after("QH+AS")
        return [
            (won, "s", R.GAME_OVER, "won", "выиграна"),
            (Pyramid(1), "5C", R.NOT_A_KING, "Only a King", "только король"),
            (Pyramid(1), "7C+5D", R.rank_sum("7C", "5D", 12), "7C and 5D make 12", "5D дают 12"),
            (Pyramid(1), "QH+QC", R.rank_sum("QH", "QC", 24), "QC make 24, not 13", "QC дают 24"),
            (after_pair, "QH+AH", R.GONE, "already left", "уже убрана"),
            (Pyramid(1), "TD+3C", R.IN_STOCK, "in the stock", "в колоде"),
            (game_after("s", "s", "s"), "QH+AC", R.IN_WASTE, "in the waste", "в сбросе"),
            (
                after_pair,
                "TS+3H",
                R.covered("3H", ["AH"]),
                "3H is still covered by the AH",
                "3H ещё закрыта картой AH",
            ),
            (
                Pyramid(1),
                "JD+2D",
                R.covered("JD", ["2D", "9H"]),
                "by the 2D and the 9H",
                "картами 2D и 9H",
            ),
            (game_after(*["s"] * 24), "s", R.STOCK_EMPTY, "turn the waste", "переверните"),
            (stuck, "s", R.STOCK_AND_WASTE_EMPTY, "so is the waste", "сброс пусты"),
            (Pyramid(1), "r", R.STOCK_NOT_FINISHED, "still has cards", "ещё есть карты"),
            (stuck, "r", R.NOTHING_TO_RECYCLE, "waste is empty", "Сброс пуст"),
            (
                game_after(*["s"] * 24, rules=PyramidRules(passes=1)),
                "r",
                R.PASS_LIMIT,
                "No more passes",
                "больше не осталось",
            ),
        ]

    def test_every_refusal(self) -> None:
        for game, move, reason, en, ru in self.cases():
            got = refusal(game, move)
            assert got == reason, (move, got)
            assert en in got.en and ru in got.ru, (move, got)
            assert got.message("ru") == got.ru and got.message() == got.en

    def test_every_code_and_every_text_fires(self) -> None:
        fired = [refusal(game, move) for game, move, *_ in self.cases()]
        assert {r.code for r in fired} == set(R.CODES)
        declared = [v for k, v in vars(R).items() if k.isupper() and isinstance(v, Reason)]
        assert all(any(r is d for r in fired) for d in declared)
        templates = [v for k, v in vars(R).items() if k.isupper() and isinstance(v, ReasonTemplate)]
        for t in templates:  # each template fired with its own words
            assert any(r.code == t.code and r.en.endswith(t.en.rsplit("}", 1)[-1]) for r in fired)

    def test_rank_sum_words(self) -> None:
        reason = R.rank_sum("JD", "5C", 16)
        assert reason.code == "rank-sum"
        assert reason.en.startswith("JD and 5C make 16, not 13")
        assert reason.ru.startswith("JD и 5C дают 16, а не 13")
        assert R.RANK_SUM.code == "rank-sum"

    def test_sum_is_asked_before_the_cards(self) -> None:
        # JD is covered, but the pair is wrong first.
        assert refusal(Pyramid(1), "JD+5D").code == "rank-sum"
        # The higher card is asked first: 9S covered, 4D in the stock.
        assert refusal(Pyramid(1), "4D+9S") == R.covered("9S", ["3H", "2S"])


class TestRulesAndSpec(unittest.TestCase):
    def test_rules_values(self) -> None:
        assert PyramidRules().text() == "passes=3 goal=pyramid"
        assert PyramidRules(passes=None, goal="all").text() == "passes=unlimited goal=all"
        for bad in (0, 4, True, "3"):
            with pytest.raises(InvalidNotationError, match="passes"):
                PyramidRules(passes=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidNotationError, match="goal"):
            PyramidRules(goal="table")

    def test_spec(self) -> None:
        assert SPEC.name == "pyramid" and SPEC.titles["ru"] == "Пирамида"
        assert [o.name for o in SPEC.options] == ["passes", "goal"]
        assert SPEC.make_rules(passes=None) == PyramidRules(passes=None)
        assert SPEC.rules_from({"goal": "all", "draw": 3}) == PyramidRules(goal="all")
        with pytest.raises(InvalidNotationError, match="unknown Pyramid rule"):
            SPEC.make_rules(draw=3)
        passes, goal = SPEC.options
        assert passes.parse("unlimited") is None and passes.parse("2") == 2
        assert goal.parse("ALL") == "all"
        with pytest.raises(InvalidNotationError):
            passes.parse("4")
        game = SPEC.deal(7, PyramidRules(passes=1))
        assert game.deal_number == 7 and game.rules.passes == 1
        assert SPEC.max_deal() == 10**20 - 1
        assert 1 <= SPEC.random_deal_number() <= SPEC.max_deal()
        text = SPEC.write_position(game)
        assert SPEC.detect_format(text) == "text" and SPEC.detect_format("klondike x") is None
        assert SPEC.read_position(text) == game
        with pytest.raises(InvalidNotationError, match="unknown format"):
            SPEC.read_position(text, "solvitaire")
        with pytest.raises(InvalidNotationError, match="numbering"):
            SPEC.deal(1, numbering="kpat")

    def test_spec_is_ready_to_register(self) -> None:
        # What register_spec checks; the house registers the spec, not this package.
        assert SPEC.game_class is Pyramid and Pyramid.name == SPEC.name

    def test_impossible_positions(self) -> None:
        full = [c for c in Pyramid(1).places()]
        with pytest.raises(InvalidPositionError, match="28 places"):
            Pyramid.from_position(full[:27], Pyramid(1).stock())
        with pytest.raises(InvalidPositionError, match="duplicate"):
            Pyramid.from_position(full, [Card.parse("JD"), *Pyramid(1).stock()[1:]])
        with pytest.raises(InvalidPositionError, match="pairs making 13"):
            Pyramid.from_position(full, Pyramid(1).stock()[1:])
        holed = list(full)
        holed[0] = None  # JD gone, and 2C with it
        stock = [c for c in Pyramid(1).stock() if str(c) != "2C"]
        with pytest.raises(InvalidPositionError, match="place 1 is empty while"):
            Pyramid.from_position(holed, stock)
        with pytest.raises(InvalidPositionError, match="beyond"):
            Pyramid.from_position(full, Pyramid(1).stock(), pass_number=4)
        with pytest.raises(InvalidPositionError, match="at least 1"):
            Pyramid.from_position(full, Pyramid(1).stock(), pass_number=0)
        with pytest.raises(InvalidPositionError, match="malformed"):
            Pyramid.from_position([1] * 28, [])  # type: ignore[list-item]


def test_the_player_sees_all_but_the_stock_under_its_top_card() -> None:
    game = Pyramid(1)
    assert game.hidden_count() == 23
    game.replay(["s"] * 24)
    assert game.hidden_count() == 0
