"""Random TriPeaks games: the invariants every position keeps, whatever is played (seeds you can
raise with ``TRIPEAKS_GAMES``)."""

from __future__ import annotations

import os
import random
import unittest

from kosynka.cards import ALL_CARDS
from kosynka.games.tripeaks import COVERS, Move, TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.notation import format_text, parse_text

GAMES = int(os.environ.get("TRIPEAKS_GAMES", "40"))
_ALL_MOVES = [Move.play(c) for c in ALL_CARDS] + [Move.stock()]


def playouts(games: int) -> list[tuple[TriPeaks, random.Random]]:
    """``games`` fresh deals under varied rules, each with its own seeded generator."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        rules = TriPeaksRules(wrap=seed % 3 != 2, open=seed % 5 == 4)
        number = rng.choice([rng.randrange(1, 32000), rng.randrange(32000, 10**20)])
        out.append((TriPeaks(number, rules=rules), rng))
    return out


def check_position(test: unittest.TestCase, game: TriPeaks) -> None:
    """The invariants of one position."""
    view = game.view()
    cards = [p.card for p in view.places if p.card is not None] + list(view.waste)
    cards += list(view.stock)
    test.assertEqual(len(cards), 52)
    test.assertEqual(len(set(cards)), 52)
    for i, p in enumerate(view.places):
        if p.card is None:
            continue
        free = all(view.places[q].card is None for q in p.covered_by)
        # A face-down card turns up exactly when both cards covering it are gone.
        test.assertEqual(p.face_up, True if game.rules.open else free, (i, format_text(game)))
    legal = game.legal_move_list()
    by_explain = [m for m in _ALL_MOVES if game.explain(m) is None]
    test.assertEqual(set(legal), set(by_explain))
    test.assertEqual(len(legal), len(set(legal)))
    where = {p.card: i for i, p in enumerate(view.places) if p.card is not None}
    order = [where[m.card] if m.card is not None else 28 for m in legal]
    test.assertEqual(order, sorted(order))  # card moves in the places' order, then s
    for m in legal:
        test.assertEqual(game.parse_move(str(m)), m)
    outcome = game.outcome()
    if game.is_won():
        test.assertTrue(outcome is not None and outcome.won)
    elif not legal:
        test.assertTrue(outcome is not None and not outcome.won)
    else:
        test.assertIsNone(outcome)


class TestPlayouts(unittest.TestCase):
    def test_random_playouts(self) -> None:
        for game, rng in playouts(GAMES):
            start = format_text(game)
            texts = [start]
            while True:
                check_position(self, game)
                legal = game.legal_move_list()
                if not legal:
                    break
                before = game._snapshot()
                move = rng.choice(legal)
                game.push(move)
                texts.append(format_text(game))
                if rng.random() < 0.2:  # take it back and make it again
                    self.assertEqual(game.pop(), move)
                    self.assertEqual(game._snapshot(), before)
                    self.assertEqual(format_text(game), texts[-2])
                    self.assertEqual(game.redo(), move)
            self.assertEqual(parse_text(texts[-1]), game)
            # Taking every move back restores each position exactly.
            for text in reversed(texts[:-1]):
                game.pop()
                self.assertEqual(format_text(game), text)
            self.assertEqual(format_text(game), start)

    def test_turned_cards_turn_with_the_move_that_frees_them(self) -> None:
        for game, rng in playouts(GAMES // 2):
            while (legal := game.legal_move_list()) and not game.rules.open:
                move = rng.choice(legal)
                before = [game.is_face_up(i) for i in range(28)]
                place = next((i for i in range(28) if game.place(i) == move.card), None)
                game.push(move)
                for q in range(28):
                    if game.place(q) is None or before[q] == game.is_face_up(q):
                        continue
                    # Only a card whose last cover just left turns up.
                    self.assertIn(place, COVERS[q])
                    self.assertTrue(all(game.place(r) is None for r in COVERS[q]))

    def test_copy_is_independent(self) -> None:
        game = TriPeaks(7)
        game.push_text("s")
        twin = game.copy()
        fresh = game.copy(stack=False)
        twin.push(twin.legal_move_list()[0])
        self.assertNotEqual(twin, game)
        self.assertEqual(fresh, game)
        self.assertEqual(fresh.moves_made, 0)
        self.assertEqual(twin.moves_made, 2)
        self.assertEqual(game.key(), fresh.key())

    def test_key_ignores_the_waste_below_its_top(self) -> None:
        a = TriPeaks(1)
        a.replay(["3C", "4C", "5C"])
        b = TriPeaks(1)
        b.replay(["5C", "4C", "3C"])
        # a: waste 4H 3C 4C 5C; b: waste 4H 5C 4C 3C: different tops, different keys.
        self.assertNotEqual(a.key(), b.key())
        c = TriPeaks(1)
        c.replay(["5C", "4C", "3C", "s"])
        d = TriPeaks(1)
        d.replay(["3C", "4C", "5C", "s"])
        self.assertEqual(c.key(), d.key())  # both show AC on the same table and stock
        self.assertNotEqual(c, d)
