"""Every TriPeaks rule and every refusal, with its English and Russian words."""

from __future__ import annotations

import unittest

import pytest

from kosynka.errors import IllegalMoveError, Reason
from kosynka.games.base import Termination
from kosynka.games.tripeaks import COVERS, ROWS, XS, Move, TriPeaks, TriPeaksRules
from kosynka.games.tripeaks import reasons as R
from kosynka.games.tripeaks.notation import parse_text
from tests.games.tripeaks.tripeaks_board import edited, swapped

# Deal 1: places Jd 2d 9h | Jc 5d 7h 7c 5h Kd | Kc 9s 5s Ad Qc Kh 3h 2s Ks |
#         9D QD JS AS AH 3C 4C 5C TS QH; waste 4H; stock AC 4D 7S ...


def reason(game: TriPeaks, move: str) -> Reason | None:
    """Why ``move`` is refused in ``game`` (None when legal)."""
    return game.explain(Move.parse(move))


def won_position() -> TriPeaks:
    """A position whose table is cleared (the stock still holds cards)."""
    game = TriPeaks(1)
    table = [game.place(i) for i in range(28)]
    text = (
        f"tripeaks | table {' '.join(['--'] * 28)}"
        f" | waste 4H {' '.join(str(c) for c in table)} | stock AC 4D"
    )
    rest = [c for c in game.stock()[2:]]
    return parse_text(text.replace("4H ", "4H " + " ".join(str(c) for c in rest) + " ", 1))


class TestStructure(unittest.TestCase):
    def test_covers_are_pysolfc_step(self) -> None:
        assert COVERS[:9] == ((3, 4), (5, 6), (7, 8), (9, 10), (10, 11), (12, 13), (13, 14),
                              (15, 16), (16, 17))  # fmt: skip
        assert all(COVERS[i] == (i + 9, i + 10) for i in range(9, 18))
        assert all(COVERS[i] == () for i in range(18, 28))

    def test_covering_places_lie_half_a_card_to_each_side_one_row_down(self) -> None:
        for i in range(18):
            left, right = COVERS[i]
            assert ROWS[left] == ROWS[right] == ROWS[i] + 1
            assert (XS[left], XS[right]) == (XS[i] - 1, XS[i] + 1)
        assert XS[18:] == tuple(range(0, 19, 2))
        assert XS[:3] == (3, 9, 15)

    def test_view(self) -> None:
        game = TriPeaks(1)
        view = game.view()
        assert view.columns == () and view.face_down == ()
        assert [str(c) for c in view.waste] == ["4H"]
        assert view.stock == tuple(game.stock()) and str(view.stock[0]) == "AC"
        assert len(view.places) == 28
        top = view.places[0]
        assert (str(top.card), top.face_up, top.row, top.x) == ("JD", False, 0, 3)
        assert top.covered_by == (3, 4)
        bottom = view.places[27]
        assert (str(bottom.card), bottom.face_up, bottom.row, bottom.x) == ("QH", True, 3, 18)
        assert bottom.covered_by == ()
        game.push_text("5C")
        assert game.view().places[25].card is None


class TestPlay(unittest.TestCase):
    def test_fresh_deal(self) -> None:
        game = TriPeaks(1)
        assert game.table_count() == 28 and game.face_down_count() == 18
        assert game.stock_count() == 23 and [str(c) for c in game.waste()] == ["4H"]
        assert [str(m) for m in game.legal_moves] == ["3C", "5C", "s"]
        assert game.outcome() is None

    def test_one_above_and_one_below(self) -> None:
        game = TriPeaks(1)
        game.push_text("5C")  # 5 on 4
        assert str(game.waste_top()) == "5C"
        game.push_text("4C")  # 4 on 5
        game.push_text("3C")  # 3 on 4
        assert [str(c) for c in game.waste()] == ["4H", "5C", "4C", "3C"]
        assert game.place(23) is None and game.place(24) is None and game.place(25) is None

    def test_stock_move(self) -> None:
        game = TriPeaks(1)
        game.push_text("s")
        assert str(game.waste_top()) == "AC" and game.stock_count() == 22
        game.pop()
        assert str(game.waste_top()) == "4H" and game.stock_count() == 23

    def test_king_and_ace_wrap(self) -> None:
        game = swapped(TriPeaks(1), "4H", "KS")  # the waste shows KS; AS and AH lie free
        assert [str(m) for m in game.legal_moves] == ["QD", "AS", "AH", "QH", "s"]
        no_wrap = swapped(TriPeaks(1), "4H", "KS", rules=TriPeaksRules(wrap=False))
        assert [str(m) for m in no_wrap.legal_moves] == ["QD", "QH", "s"]
        ace = swapped(TriPeaks(1), "4H", "AC")  # the waste shows an Ace; no King is free
        assert reason(ace, "2S") is not None  # 2S is face down on the table

    def test_turn_up_exactly_when_both_covers_are_gone(self) -> None:
        # Place 14 (Kh) is covered by places 23 (3C) and 24 (4C).
        game = TriPeaks(1)
        game.push_text("3C")  # 3 on 4: one cover gone
        assert not game.is_face_up(14)
        assert reason(game, "KH") == R.FACE_DOWN
        game.push_text("4C")  # 4 on 3: the second cover gone, KH turns up with this move
        assert game.is_face_up(14)
        assert game.moves_made == 2
        assert reason(game, "KH") == R.not_next(13, 4)
        game.pop()
        assert not game.is_face_up(14)

    def test_won(self) -> None:
        game = won_position()
        assert game.is_won() and game.stock_count() == 2
        outcome = game.outcome()
        assert outcome is not None and outcome.termination is Termination.WON
        assert list(game.legal_moves) == []
        assert reason(game, "s") == R.GAME_OVER

    def test_stuck(self) -> None:
        game = TriPeaks(1)
        while game.stock_count():
            game.push_text("s")
        assert str(game.waste_top()) == "6H"
        assert [str(m) for m in game.legal_moves] == ["5C"]
        assert game.outcome() is None
        game.push_text("5C")
        game.push_text("4C")
        game.push_text("3C")  # 4C then 3C; then nothing: AH is not next to 3C
        assert [str(m) for m in game.legal_moves] == []
        outcome = game.outcome()
        assert outcome is not None and outcome.termination is Termination.STUCK
        assert not outcome.won

    def test_push_refuses_with_reason(self) -> None:
        game = TriPeaks(1)
        with pytest.raises(IllegalMoveError) as info:
            game.push_text("9D")
        assert info.value.reason.code == "rank"
        assert game.moves_made == 0 and str(game.waste_top()) == "4H"

    def test_check_line(self) -> None:
        checked = TriPeaks(1).check_line(["5C", "4C", "9D"])
        assert [str(m) for m in checked.moves] == ["5C", "4C"]
        assert checked.refused is not None and checked.refused.index == 2
        assert checked.refused.reason is not None and checked.refused.reason.code == "rank"


class TestReasons(unittest.TestCase):
    """Each refusal fires, with its code and its words in both languages."""

    def check(self, got: Reason | None, code: str, en: str, ru: str) -> None:
        assert got is not None
        assert (got.code, got.en, got.ru) == (code, en, ru)
        assert got.message("en") == en and got.message("ru") == ru

    def test_game_over(self) -> None:
        self.check(
            reason(won_position(), "AC"),
            "game-over",
            "The game is won: the peaks are cleared, and nothing moves any more.",
            "Игра выиграна: все три вершины разобраны, ходить больше нечем.",
        )

    def test_stock_empty(self) -> None:
        game = TriPeaks(1)
        for _ in range(23):
            game.push_text("s")
        self.check(
            reason(game, "s"),
            "stock-empty",
            "The stock is empty, and in TriPeaks it is not dealt again.",
            "Колода кончилась, а в «Трёх вершинах» её не пересдают.",
        )

    def test_in_stock(self) -> None:
        self.check(
            reason(TriPeaks(1), "AC"),
            "not-available",
            "That card is still in the stock; only the cards of the peaks are played onto the"
            " waste.",
            "Эта карта ещё в колоде; в сброс кладут только карты с вершин.",
        )

    def test_on_waste(self) -> None:
        self.check(
            reason(TriPeaks(1), "4H"),
            "not-available",
            "That card is on the waste already.",
            "Эта карта уже лежит в сбросе.",
        )

    def test_face_down(self) -> None:
        self.check(
            reason(TriPeaks(1), "JD"),
            "face-down",
            "The card is face down; it turns up when both cards covering it are gone.",
            "Эта карта лежит рубашкой вверх; она откроется, когда уйдут обе закрывающие её карты.",
        )

    def test_covered_by_two(self) -> None:
        game = TriPeaks(1, rules=TriPeaksRules(open=True))
        self.check(
            reason(game, "5S"),  # place 11, under 20 (JS) and 21 (AS)
            "covered",
            "The 5 is covered by the Jack and the Ace.",
            "Пятёрку закрывают валет и туз.",
        )
        self.check(
            reason(game, "JD"),  # place 0, under 3 (JC) and 4 (5D)
            "covered",
            "The Jack is covered by the Jack and the 5.",
            "Валета закрывают валет и пятёрка.",
        )

    def test_covered_by_one(self) -> None:
        game = edited(TriPeaks(1), ["QD"], rules=TriPeaksRules(open=True))
        self.check(
            reason(game, "KC"),  # place 9, under 18 (9D) and 19 (gone)
            "covered",
            "The King is covered by the 9.",
            "Короля закрывает девятка.",
        )
        self.check(
            reason(game, "9S"),  # place 10, under 19 (gone) and 20 (JS)
            "covered",
            "The 9 is covered by the Jack.",
            "Девятку закрывает валет.",
        )

    def test_wrap_off(self) -> None:
        game = swapped(TriPeaks(1), "4H", "KS", rules=TriPeaksRules(wrap=False))
        self.check(
            reason(game, "AS"),
            "wrap-off",
            "King and Ace are not next to each other in these rules.",
            "По этим правилам король и туз не считаются соседними.",
        )
        ace = swapped(TriPeaks(1), "4H", "AC", rules=TriPeaksRules(wrap=False))
        ace = swapped(ace, "QH", "KC")  # a King free in the bottom row, an Ace on the waste
        assert reason(ace, "KC") == R.WRAP_OFF

    def test_rank(self) -> None:
        self.check(
            reason(TriPeaks(1), "9D"),
            "rank",
            "A 9 does not go on a 4: a card goes on the waste only one rank above or below its"
            " top card.",
            "Девятку нельзя положить на четвёрку: карта идёт в сброс, только если она на ранг"
            " старше или младше верхней карты сброса.",
        )
        game = TriPeaks(1)
        game.push_text("5C")
        game.push_text("4C")
        game.push_text("3C")
        got = reason(game, "AH")
        assert got is not None and got.en.startswith("An Ace does not go on a 3:")
        assert got.ru.startswith("Туза нельзя положить на тройку:")
        game.pop()
        got = reason(game, "QH")
        assert got is not None and got.en.startswith("A Queen does not go on a 4:")

    def test_every_code_fires(self) -> None:
        fired = {
            r.code
            for r in (
                reason(won_position(), "s"),
                reason(TriPeaks(1), "AC"),
                reason(TriPeaks(1), "JD"),
                reason(TriPeaks(1, rules=TriPeaksRules(open=True)), "JD"),
                reason(swapped(TriPeaks(1), "4H", "KS", TriPeaksRules(wrap=False)), "AH"),
                reason(TriPeaks(1), "9D"),
            )
            if r is not None
        }
        game = TriPeaks(1)
        for _ in range(23):
            game.push_text("s")
        fired.add(game.explain(Move.stock()).code)  # type: ignore[union-attr]
        assert fired == set(R.CODES)

    def test_every_reason_has_both_languages(self) -> None:
        for value in vars(R).values():
            if isinstance(value, Reason):
                assert value.en and value.ru and value.code in R.CODES
        for rank in range(1, 14):
            for other in range(1, 14):
                r = R.not_next(rank, other)
                assert r.en[0].isupper() and r.ru[0].isupper() and "{" not in r.en + r.ru
                c = R.covered(rank, (other,))
                assert "{" not in c.en + c.ru
