"""The no-peek Spider player: sensible hints, whole games that end, and no peeking."""

from __future__ import annotations

import random
import unittest

from kosynka.games.spider import Move, Spider, SpiderRules, format_text, parse_text
from kosynka.games.spider.player import PlayResult, best_move, play
from tests.games.spider.spider_positions import position, trapped_position

RUN_H = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"


def scrambled(game: Spider, seed: int) -> Spider:
    """The same position as a player sees it, with the face-down cards and the stock dealt
    again at random (the card multiset is kept)."""
    rng = random.Random(seed)
    hidden = [c for i in range(10) for c in game.column(i)[: game.face_down_count(i)]]
    pool = hidden + game.stock()
    rng.shuffle(pool)
    columns = []
    k = 0
    for i in range(10):
        h = game.face_down_count(i)
        columns.append(pool[k : k + h] + game.face_up(i))
        k += h
    return Spider.from_position(
        columns,
        [game.face_down_count(i) for i in range(10)],
        pool[k:],
        game.removed(),
        rules=game.rules,
    )


KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]


class TestHints(unittest.TestCase):
    def test_finishing_a_run_comes_first(self) -> None:
        g = position(["* 5c " + RUN_H, "7D AH", "9s 8D", "9C"] + ["-"] * 6)
        assert best_move(g) == Move.parse("2:AH>1")

    def test_a_run_is_not_finished_when_no_row_could_be_dealt_after(self) -> None:
        """1 suit, six runs removed, a row left: finishing the seventh run would leave three
        cards on the table, too few to fill the ten columns for the row (a dead end; KPat
        1-suit deals 12, 25, 44, 56 and 87 were lost so). The player fills the empty columns
        instead."""
        g = trapped_position()
        finish = Move.parse("2:AS>1")
        assert g.is_legal(finish)
        assert best_move(g) != finish
        result = play(g, 0)
        assert result.won, result

    def test_turning_up_a_card_beats_building_in_suit(self) -> None:
        # 8D can go onto 9C (across suits, turning up the card under it); 4S can go onto 5S
        # in suit without turning anything up.
        g = position(["* 8D", "KS 5S", "9C", "QH 4S", "KD", "KD", "KC", "KC", "KH", "KH"])
        assert {str(m) for m in g.legal_moves} == {"1:8D>3", "4:4S>2"}
        assert best_move(g) == Move.parse("1:8D>3")

    def test_builds_in_suit_rather_than_across(self) -> None:
        g = position(["* 8D", "KC 9D", "KH 9C", "QS 8S", "JD", "KD", "KD", "KS", "KS", "KC"])
        assert best_move(g) == Move.parse("1:8D>2")  # turns up a card and lands in suit

    def test_deals_when_nothing_useful_is_left(self) -> None:
        row = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"
        g = position(["* " + KINGS[0], *KINGS[1:], "AH", "AD"], stock=row)
        assert best_move(g) == Move.deal()

    def test_fills_an_empty_column_before_dealing(self) -> None:
        row = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"
        g = position(["* 2D " + KINGS[0], *KINGS[1:], "AH 3C", "-"], stock=row)
        assert Move.deal() not in set(g.legal_moves)
        hint = best_move(g)
        assert hint is not None and hint.card is not None and hint.to == 9
        assert str(hint) in ("1:KC>10", "9:3C>10")

    def test_no_hint_when_stuck(self) -> None:
        g = position(["* " + KINGS[0], *KINGS[1:], "AH", "AS"])
        assert best_move(g) is None

    def test_hint_leaves_the_game_alone(self) -> None:
        g = Spider(4, rules=SpiderRules(suits=2))
        text = format_text(g)
        best_move(g, seed=3)
        assert format_text(g) == text and g.moves_made == 0


class TestNoPeeking(unittest.TestCase):
    def test_same_view_same_moves_until_a_card_turns_up(self) -> None:
        for deal, suits in ((2, 1), (5, 2), (8, 4)):
            g = Spider(deal, rules=SpiderRules(suits=suits))
            other = scrambled(g, deal)
            assert format_text(other) != format_text(g)
            steps = 0
            while steps < 60:
                m = best_move(g, seed=steps)
                assert m == best_move(other, seed=steps), (deal, steps)
                if m is None:
                    break
                down = g.face_down_count()
                g.push(m)
                other.push(m)
                steps += 1
                if g.face_down_count() != down or m.card is None:
                    # What turns up now differs; start again from a new scramble.
                    other = scrambled(g, steps)
            assert steps > 5


class TestPlay(unittest.TestCase):
    def test_wins_an_easy_deal(self) -> None:
        g = Spider(1, rules=SpiderRules(suits=1))
        result = play(g, seed=0)
        assert isinstance(result, PlayResult)
        assert result.won and result.runs_removed == 8 and result.face_down == 0
        assert result.rows_left == 0 and result.moves == result.card_moves + 5
        assert g.moves_made == 0 and g == Spider(1, rules=SpiderRules(suits=1))

    def test_games_end_and_are_repeatable(self) -> None:
        for suits in (2, 4):
            g = Spider(3, rules=SpiderRules(suits=suits))
            a, b = play(g, seed=7), play(g, seed=7)
            assert a == b
            assert not a.won or a.runs_removed == 8
            assert 0 <= a.face_down <= 44 and 0 <= a.rows_left <= 5

    def test_max_moves(self) -> None:
        r = play(Spider(2, rules=SpiderRules(suits=1)), max_moves=5)
        assert r.moves == 5 and not r.won

    def test_from_a_read_position(self) -> None:
        g = parse_text(format_text(Spider(12, rules=SpiderRules(suits=2))))
        r = play(g, seed=1)
        assert r.moves > 0
