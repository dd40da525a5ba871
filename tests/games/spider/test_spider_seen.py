"""The strong no-peek Spider hint: the view holds no hidden card, the hint cannot peek, and it
never leads back to a layout the game has had."""

from __future__ import annotations

import unittest
from collections import Counter

from kosynka.cards import Card
from kosynka.games.spider import Move, Spider, SpiderRules
from kosynka.games.spider.player import hint as rule_hint
from kosynka.games.spider.seen import (
    MAX_LINES,
    OVERRIDE,
    PYTHON_STAGE_STATES,
    STAGE_FINAL_STATES,
    STAGE_STATES,
    SpiderSampler,
    hint,
    hint_from,
    layout_key,
    seen_of,
    table_of,
)
from kosynka.hindsight import start_and_moves
from kosynka.solver import default_implementation
from kosynka.solver.spider import STAGE_LOOK, stage_game, stage_line
from tests.games.spider.spider_positions import trapped_position

NATIVE_CORE = default_implementation("spider") == "native"
STATES = 3_000 if NATIVE_CORE else 300
"""Each solver call's budget in these tests: small, so a test takes well under a second."""
SAMPLES = 6 if NATIVE_CORE else 2


def swapped(game: Spider, a: tuple[int, int], b: tuple[int, int] | None) -> Spider:
    """``game`` with two cards the player has never seen swapped: the face-down card at
    (column, height) ``a`` and the one at ``b``, or the first card of the stock when ``b`` is
    None."""
    cols = [game.column(i) for i in range(10)]
    stock = game.stock()
    ca, ha = a
    if b is None:
        cols[ca][ha], stock[0] = stock[0], cols[ca][ha]
    else:
        cb, hb = b
        cols[ca][ha], cols[cb][hb] = cols[cb][hb], cols[ca][ha]
    return Spider.from_position(
        cols,
        [game.face_down_count(i) for i in range(10)],
        stock,
        game.removed(),
        rules=game.rules,
    )


class TestView(unittest.TestCase):
    def test_view_holds_no_hidden_card(self) -> None:
        for suits in (1, 2, 4):
            game = Spider(7, rules=SpiderRules(suits=suits))
            seen = seen_of(game)
            self.assertEqual(len(seen.unseen), game.face_down_count() + game.stock_count())
            # what is seen and what is not make up the two decks exactly
            deck = Counter(c for i in range(10) for c in game._cols[i]) + Counter(game._stock)
            shown = Counter(c for col in seen.up for c in col) + Counter(seen.unseen)
            self.assertEqual(deck, shown)
            self.assertEqual(seen.down, tuple(game._hidden))
            self.assertEqual(seen.rows, 5)

    def test_table_of_fills_the_unseen_places(self) -> None:
        game = Spider(3, rules=SpiderRules(suits=2))
        game.push(game.legal_move_list()[0])
        seen = seen_of(game)
        hidden = [c for i in range(10) for c in game._cols[i][: game._hidden[i]]]
        hidden += list(game._stock[game._next :])
        table = table_of(seen, hidden)
        self.assertEqual(table.key(), game.key())
        self.assertEqual(layout_key(table), layout_key(game))
        self.assertIn(layout_key(game), seen.had)
        self.assertEqual(len(seen.had), 2)

    def test_same_view_gives_same_hint(self) -> None:
        """Cards the player has not seen swapped: two face-down cards in different columns, or
        a face-down card and a stock card; the hint and its chance are the same."""
        game = Spider(11, rules=SpiderRules(suits=2))
        base = hint(game, seed=3, time_limit=None, max_samples=SAMPLES, max_states=STATES)
        for other in (swapped(game, (0, 1), (6, 2)), swapped(game, (2, 0), None)):
            self.assertNotEqual(other.key(), game.key())
            self.assertEqual(seen_of(other), seen_of(game))
            again = hint(other, seed=3, time_limit=None, max_samples=SAMPLES, max_states=STATES)
            self.assertEqual(again.move, base.move)
            self.assertEqual(again.chance, base.chance)
            self.assertEqual(again.tallies, base.tallies)

    def test_same_view_gives_same_race(self) -> None:
        """The same for the race over lines (the hint where the stage player has no line)."""
        game = Spider(11, rules=SpiderRules(suits=2))
        kw = {"seed": 3, "time_limit": None, "max_samples": SAMPLES, "max_states": STATES}
        base = hint_from(seen_of(game), stage=False, **kw)  # type: ignore[arg-type]
        for other in (swapped(game, (0, 1), (6, 2)), swapped(game, (2, 0), None)):
            again = hint_from(seen_of(other), stage=False, **kw)  # type: ignore[arg-type]
            self.assertEqual(again.move, base.move)
            self.assertEqual(again.tallies, base.tallies)


DEAL_12_TEXT = (
    "5:4S>2 5:4S>1 5:4S>9 5:TS>3 7:3S>1 7:3S>2 7:AS>5 8:8S>4 9:5S>10 1:5S>8 1:3S>10 "
    "2:5S>9 3:JS>2 1:TS>3 2:QS>1 2:9S>1 3:JS>6 4:9S>6 5:2S>8 7:AS>5 s 9:6S>7 9:9S>3 "
    "2:6S>9 2:AS>5 3:TS>6 3:5S>9 3:2S>8 8:3S>4 8:6S>2 2:7S>8 8:8S>6 8:AS>4 4:4S>1 "
    "4:AS>7 2:4S>4 1:5S>2 6:8S>1 s 4:2S>1 4:5S>2 1:3S>2 1:TS>7 4:9S>7 7:JS>4 7:7S>10 "
    "10:8S>4 4:QS>5 10:TS>9 10:6S>1 4:4S>8 7:3S>8 6:KS>4 6:JS>7 6:QS>4 3:AS>2 6:8S>7 "
    "5:2S>1 1:7S>4 6:9S>9 6:QS>3 10:JS>3 2:6S>1 10:8S>9 10:7S>7 9:JS>4 9:7S>4 6:4S>4 "
    "10:QS>9 3:KS>6 3:3S>4 7:JS>9 1:6S>9 2:AS>1 1:AS>2 2:AS>1"
)
DEAL_12_LINE = DEAL_12_TEXT.split()
"""76 moves of 1-suit deal 12 after which four of the columns are empty and three rows are left:
a table where a hint could go back and forth between two layouts."""


class TestHints(unittest.TestCase):
    def test_the_table_of_a_view_has_the_games_layout(self) -> None:
        """The table a view makes counts the rows dealt as the game does, so its layouts and
        the game's can be told apart or matched (the hints' guard against going back)."""
        game = Spider(12, rules=SpiderRules(suits=1))
        for text in DEAL_12_LINE:
            game.push(game.parse_move(text))
        assert game.rows_left() == 3
        table = table_of(seen_of(game), ())
        self.assertEqual(layout_key(table), layout_key(game))
        self.assertEqual(table.rows_left(), 3)

    def test_no_candidate_goes_back_to_a_layout_had(self) -> None:
        """Where the hints once went back and forth (deal 12 above), every candidate line
        reaches only layouts the game has not had."""
        game = Spider(12, rules=SpiderRules(suits=1))
        for text in DEAL_12_LINE:
            game.push(game.parse_move(text))
        seen = seen_of(game)
        sampler = SpiderSampler(seen, "python", None)
        lines = sampler.candidates()
        assert lines
        for line in lines:
            probe = game.copy(stack=False)
            for move in line:
                probe.push(move)
                self.assertNotIn(layout_key(probe), seen.had, [str(m) for m in line])

    def test_hints_never_lead_to_a_layout_had(self) -> None:
        game = Spider(5, rules=SpiderRules(suits=1))
        had = {layout_key(game)}
        for n in range(12 if NATIVE_CORE else 3):
            choice = hint(game, seed=n, time_limit=None, max_samples=2, max_states=STATES)
            assert choice.move is not None
            game.push(choice.move[0])
            key = layout_key(game)
            self.assertNotIn(key, had)
            had.add(key)

    def test_rule_based_move_is_first_and_kept(self) -> None:
        """The rule-based player's move starts the first candidate line, and it is the hint
        when no other line wins a share larger by OVERRIDE."""
        for deal, suits in ((11, 2), (2, 4)):
            game = Spider(deal, rules=SpiderRules(suits=suits))
            prefer = rule_hint(game)
            assert prefer is not None
            seen = seen_of(game)
            self.assertEqual(SpiderSampler(seen, prefer=prefer).candidates()[0][0], prefer)
            choice = hint_from(
                seen,
                prefer=prefer,
                stage=False,
                time_limit=None,
                max_samples=SAMPLES,
                max_states=STATES,
            )
            assert choice.move is not None
            shares = [t.share for t in choice.tallies if t.move[0] == prefer and t.tried]
            best = max(t.share for t in choice.tallies if t.tried)
            # (deal 11: another line wins 1 of 6 samples, the preferred 0: not enough)
            self.assertLess(best - max(shares), OVERRIDE)
            self.assertEqual(choice.move[0], prefer)
            self.assertEqual(choice.chance, max(shares))

    def test_the_preferred_moves_lines_leave_room_for_other_moves(self) -> None:
        """KPat 2-suit deal 1 after the rule-based player's first 11 moves: its next move (QH
        to column 2) starts more lines than there are places; every other first move still has
        its best line weighed."""
        game = Spider(1, rules=SpiderRules(suits=2), numbering="kpat")
        for _ in range(11):
            move = rule_hint(*start_and_moves(game))
            assert move is not None
            game.push(move)
        prefer = rule_hint(*start_and_moves(game))
        assert prefer is not None
        sampler = SpiderSampler(seen_of(game), prefer=prefer)
        lines = sampler.candidates()
        self.assertEqual(len(lines), MAX_LINES)
        self.assertEqual(lines[0][0], prefer)
        mine = sum(1 for line in lines if line[0] == prefer)
        self.assertGreater(mine, 1)  # the places left over go to the preferred move's lines
        self.assertGreaterEqual(len({line[0] for line in lines}), 5)
        ranks = [sampler.rank(line) for line in lines]
        self.assertEqual(ranks, sorted(ranks, reverse=True))  # still best first

    def test_preferred_move_no_line_starts_with_is_a_line(self) -> None:
        """A preferred move that starts no candidate line is added alone, first; with no other
        line winning more samples by OVERRIDE it is the hint."""
        game = Spider(11, rules=SpiderRules(suits=2))
        seen = seen_of(game)
        starts = {ln[0] for ln in SpiderSampler(seen).candidates()}
        other = next(m for m in game.legal_move_list() if m not in starts)
        self.assertEqual(SpiderSampler(seen, prefer=other).candidates()[0], (other,))
        choice = hint_from(
            seen,
            prefer=other,
            stage=False,
            time_limit=None,
            max_samples=SAMPLES,
            max_states=STATES,
        )
        assert choice.move is not None
        kept = next(t for t in choice.tallies if t.move == (other,))
        if choice.move != (other,):
            self.assertGreaterEqual((choice.chance or 0.0) - kept.share, OVERRIDE)
        else:
            self.assertEqual(choice.chance, kept.share)

    def test_hints_leave_a_run_unfinished_when_no_row_could_be_dealt_after(self) -> None:
        """Six runs removed, a row left: the hints fill the empty columns and deal before they
        finish the seventh run (which would leave too few cards for the row), and win."""
        game = trapped_position()
        finish = Move.parse("2:AS>1")
        assert game.is_legal(finish)
        for n in range(80):
            choice = hint(game, seed=n, time_limit=None, max_samples=2, max_states=STATES)
            if choice.move is None:
                break
            if n == 0:
                self.assertNotEqual(choice.move[0], finish)
            game.push(choice.move[0])
        self.assertTrue(game.is_won())

    def test_won_game_has_no_hint(self) -> None:
        game = Spider.from_position([[]] * 10, [0] * 10, [], [3] * 8, rules=SpiderRules(suits=1))
        self.assertTrue(game.is_won())
        choice = hint(game, time_limit=None, max_states=STATES)
        self.assertIsNone(choice.move)

    def test_stuck_game_has_no_hint(self) -> None:
        cols = [
            "2S 7S JS 4S 8S",
            "6S JS 9S 9S 5S",
            "4S KS",
            "AS KS",
            "QS 3S",
            "2S 5S",
            "8S TS",
            "6S 3S",
            "7S TS",
            "QS AS",
        ]
        game = Spider.from_position(
            [[Card.parse(c) for c in col.split()] for col in cols],
            [0] * 10,
            [],
            [3] * 6,
            rules=SpiderRules(suits=1),
        )
        self.assertTrue(game.is_stuck())
        choice = hint(game, time_limit=None, max_states=STATES)
        self.assertIsNone(choice.move)


class TestStagedHints(unittest.TestCase):
    """With two and four suits the hint is the stage player's next stage."""

    def test_the_hint_is_the_stage_players_line_and_its_chance_its_samples(self) -> None:
        game = Spider(11, rules=SpiderRules(suits=2))
        choice = hint(game, seed=1, time_limit=None, max_samples=SAMPLES)
        table = table_of(seen_of(game), seen_of(game).unseen)
        states = STAGE_STATES if NATIVE_CORE else PYTHON_STAGE_STATES
        look = STAGE_LOOK if NATIVE_CORE else None
        texts = stage_line(table, states, default_implementation("spider"), look)
        assert choice.move is not None
        self.assertEqual([str(m) for m in choice.move], texts)
        (tally,) = choice.tallies
        self.assertEqual(tally.tried, SAMPLES)
        self.assertEqual(choice.chance, tally.share)
        self.assertEqual(choice.samples, SAMPLES)

    def test_no_chance_is_sampled_when_none_is_asked_for(self) -> None:
        game = Spider(11, rules=SpiderRules(suits=4))
        choice = hint(game, time_limit=None, max_samples=SAMPLES, estimate=False)
        assert choice.move is not None
        self.assertIsNone(choice.chance)
        self.assertEqual(choice.samples, 0)

    @unittest.skipUnless(NATIVE_CORE, "a whole game of stages at the hint's budget")
    def test_hints_followed_win_where_the_stage_player_wins(self) -> None:
        """KPat 2-suit deals 1-8 (the stage player, looking past its stages as the hint does,
        wins 1-6): following the hints (no chance asked for) wins the deals the stage player's
        game wins and loses the others, and no hint leads back to a layout the game has had
        (the hints are the stage player's moves, each stage played to its first card turned up
        or row dealt, as its game plays them)."""
        for deal in range(1, 9):
            game = Spider(deal, rules=SpiderRules(suits=2))
            staged = stage_game(game, STAGE_STATES, STAGE_FINAL_STATES, look=STAGE_LOOK)
            had = {layout_key(game)}
            for _ in range(400):
                choice = hint(game, time_limit=None, max_samples=2, estimate=False)
                if choice.move is None:
                    break
                game.push(choice.move[0])
                self.assertNotIn(layout_key(game), had)
                had.add(layout_key(game))
            self.assertEqual(game.is_won(), staged.won, f"deal {deal}")
            self.assertEqual(staged.won, deal in (1, 2, 3, 4, 5, 6))

    @unittest.skipUnless(NATIVE_CORE, "a whole game of stages at the hint's budget")
    def test_one_suits_hints_are_the_stage_players_too(self) -> None:
        """With one suit too the hints are the stage player's moves: KPat 1-suit deals 5-9,
        of which its game with the look wins 5, 7 and 8."""
        for deal in range(5, 10):
            game = Spider(deal, rules=SpiderRules(suits=1))
            staged = stage_game(game, STAGE_STATES, STAGE_FINAL_STATES, look=STAGE_LOOK)
            for _ in range(400):
                choice = hint(game, time_limit=None, max_samples=2, estimate=False)
                if choice.move is None:
                    break
                game.push(choice.move[0])
            self.assertEqual(game.is_won(), staged.won, f"deal {deal}")
            self.assertEqual(staged.won, deal in (5, 7, 8))


if __name__ == "__main__":
    unittest.main()
