"""The dead-end detectors (``kosynka.games.<game>.deadend``) against an exhaustive search.

The reference here knows nothing of the detectors' shortcuts: from a position it follows every
legal move the real rules engine lists (``legal_move_list``, ``push``), remembers every
position by the engine's own ``key()``, and stops at the first move that makes progress (a
face-down card turned up, more cards home than at the start, a row dealt, a run removed). A
position is dead when the search runs out of positions without progress. It is run on many
small endgames made at random (few cards left, so that the whole no-progress part of the game
can be walked), for every rule option, and both answers must come up often.

Then some dead ends made by hand, and ``outcome()`` saying them.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

import pytest

from kosynka.cards import ALL_CARDS, Card
from kosynka.errors import InvalidPositionError
from kosynka.games.base import Outcome, Termination
from kosynka.games.freecell import FreeCell, FreeCellRules
from kosynka.games.freecell import deadend as freecell_deadend
from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.games.klondike import deadend as klondike_deadend
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider import deadend as spider_deadend
from kosynka.games.spider.rules import Move

REFERENCE_LIMIT = 5_000
"""The most positions the reference walks; an endgame larger than this is not used."""
DETECTOR_LIMIT = 10**6
"""The detectors' bound in the comparison: far more than any endgame used needs."""


def _cards(text: str) -> list[Card]:
    """Cards from ``"AH 2S TD"``."""
    return [Card.parse(t) for t in text.split()]


# --------------------------------------------------------------------------- the reference
def reference_dead(
    game: Any,
    progressed: Callable[[Any], bool],
    key: Callable[[Any], Any] | None = None,
    limit: int = 0,
) -> bool | None:
    """True when no sequence of legal moves from ``game`` reaches a position where
    ``progressed`` holds; False when one does; None when more than ``limit`` positions
    (:data:`REFERENCE_LIMIT` when 0) would have to be walked. Positions are told apart by
    ``key`` (the game's own ``key()`` when None)."""
    key_of = key or (lambda g: g.key())
    limit = limit or REFERENCE_LIMIT
    seen = {key_of(game)}
    pending = deque([game.copy(stack=False)])
    while pending:
        here = pending.popleft()
        for move in here.legal_move_list():
            after = here.copy(stack=False)
            after.push(move)
            if progressed(after):
                return False
            k = key_of(after)
            if k not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(k)
                pending.append(after)
    return True


def klondike_progress(start: Klondike) -> Callable[[Any], bool]:
    """Progress from ``start``: a face-down card turned up, or more cards home than now."""
    down, home = start.face_down_count(), sum(start.foundation_counts())
    return lambda g: g.face_down_count() < down or sum(g.foundation_counts()) > home


def freecell_progress(start: FreeCell) -> Callable[[Any], bool]:
    """Progress from ``start``: more cards home than now."""
    home = sum(start.foundation_counts())
    return lambda g: sum(g.foundation_counts()) > home


def spider_key(game: Spider) -> Any:
    """The Spider position with its columns' order forgotten (Spider's rules never ask where a
    column lies; two decks often deal many columns alike)."""
    columns = zip(map(tuple, game._cols), game._hidden, strict=True)
    return tuple(sorted(columns)), game.stock_count()


def spider_progress(start: Spider) -> Callable[[Any], bool]:
    """Progress from ``start``: a face-down card turned up, a row dealt or a run removed."""
    down, stock, runs = start.face_down_count(), start.stock_count(), start.runs_removed()
    return lambda g: (
        g.face_down_count() < down or g.stock_count() < stock or g.runs_removed() > runs
    )


# --------------------------------------------------------------------------- small endgames
def _top_cards(rng: random.Random, left: list[int]) -> tuple[list[int], list[int]]:
    """Foundation counts with ``left[s]`` cards of suit ``s`` left over, and the left-over
    cards (the highest of each suit)."""
    found = [13 - n for n in left]
    cards = [s * 13 + r for s in range(4) for r in range(found[s], 13)]
    return found, cards


def _one_colour_up(
    rng: random.Random, most: int, few: int
) -> tuple[list[int], list[int], list[int]]:
    """Cards left over mostly of one colour: ``most`` of the two suits of one colour, ``few``
    of the other two, spread at random. Return the foundation counts, the cards to bury (the
    ones each foundation needs next, and the other colour's but for one or two) and the cards
    to show (the rest: one colour but for one or two, so that few cards fit on one another,
    as in the dead ends of play)."""
    black = rng.random() < 0.5
    main = (0, 3) if black else (1, 2)
    left = [0] * 4
    for n, suits in ((most, main), (few, tuple(s for s in range(4) if s not in main))):
        for _ in range(n):
            s = rng.choice([s for s in suits if left[s] < 12])
            left[s] += 1
    found, cards = _top_cards(rng, left)
    nexts = [s * 13 + found[s] for s in range(4) if found[s] < 13]
    other = [c for c in cards if c // 13 not in main and c not in nexts]
    rng.shuffle(other)
    strays = rng.choice((0, 0, 1, 2))
    shown = [c for c in cards if c // 13 in main and c not in nexts] + other[:strays]
    buried = nexts + other[strays:]
    rng.shuffle(buried)
    rng.shuffle(shown)
    return found, buried, shown


def _split(rng: random.Random, cards: list[int], piles: int, full: bool) -> list[list[int]]:
    """``cards`` dealt at random into ``piles`` piles (every pile holding one when ``full``
    and there are enough cards)."""
    out: list[list[int]] = [[] for _ in range(piles)]
    rest = list(cards)
    if full and len(rest) >= piles:
        for p in out:
            p.append(rest.pop())
    for c in rest:
        out[rng.randrange(piles)].append(c)
    return out


def _ordered_tail(rng: random.Random, col: list[int], keep: int = 0) -> None:
    """Sometimes sort part of ``col``'s top (above its lowest ``keep`` cards) into ranks going
    down (as play builds runs), so that runs move too."""
    if len(col) - keep >= 2 and rng.random() < 0.5:
        k = rng.randrange(2, len(col) - keep + 1)
        col[-k:] = sorted(col[-k:], key=lambda c: (-(c % 13), c))


def klondike_endgames(count: int, seed: int, rules: KlondikeRules | None = None) -> list[Klondike]:
    """``count`` small Klondike endgames under ``rules`` (None: every rule option at random):
    four to seven columns holding face down the cards the foundations need next and most of
    one colour's cards, under the other colour's face up (and a stray or two), the rest in the
    stock and the waste: few cards fit on one another, as in the dead ends of play."""
    rng = random.Random(seed)
    games: list[Klondike] = []
    chosen = rules
    while len(games) < count:
        rules = chosen or KlondikeRules(
            draw=rng.choice((1, 3)),
            passes=rng.choice((None, None, 1, 2, 3)),
            foundation_return=rng.random() < 0.5,
        )
        found, buried, shown = _one_colour_up(rng, rng.randint(9, 14), rng.randint(5, 9))
        n_cols = min(rng.choice((5, 6, 7, 7, 7, 7)), len(shown), len(buried))
        cols: list[list[int]] = [[c] for c in buried[:n_cols]]
        for c in buried[n_cols:]:
            cols[rng.randrange(n_cols)].append(c)
        hidden = [len(col) for col in cols]
        for col in cols:
            col.append(shown.pop())
        for col, down in zip(cols, hidden, strict=True):
            if shown and rng.random() < 0.3:
                col.append(shown.pop())
            _ordered_tail(rng, col, down)
        cards = shown
        cols += [[] for _ in range(7 - len(cols))]
        hidden += [0] * (7 - len(hidden))
        cut = rng.randint(0, len(cards))
        order = rng.sample(range(7), 7)
        passes = rules.passes
        games.append(
            Klondike.from_position(
                [[ALL_CARDS[c] for c in cols[i]] for i in order],
                [hidden[i] for i in order],
                [ALL_CARDS[c] for c in cards[:cut]],
                [ALL_CARDS[c] for c in cards[cut:]],
                found,
                pass_number=1 if passes is None else rng.randint(1, passes),
                rules=rules,
            )
        )
    return games


def freecell_endgames(count: int, seed: int) -> list[FreeCell]:
    """``count`` small FreeCell endgames of every rule option (0 to 4 free cells, cards back
    from the foundations or not): the cards the foundations need next and most of one
    colour's cards low in the columns, the other colour's above them and in the free cells,
    most often every cell full."""
    rng = random.Random(seed)
    games: list[FreeCell] = []
    while len(games) < count:
        rules = FreeCellRules(
            cells=rng.choice((0, 1, 1, 2, 2, 3, 4)), foundation_return=rng.random() < 0.5
        )
        found, buried, shown = _one_colour_up(rng, rng.randint(10, 15), rng.randint(4, 8))
        full = rng.random() < 0.9
        n_cells = rules.cells if full else rng.randint(0, rules.cells)
        n_cells = min(n_cells, len(shown))
        cells, shown = shown[:n_cells], shown[n_cells:]
        cols: list[list[int]] = [[] for _ in range(8)]
        for c in buried:
            cols[rng.randrange(8)].append(c)
        for col in cols:
            if shown and (col or rng.random() < 0.9):
                col.append(shown.pop())
        for c in shown:
            cols[rng.randrange(8)].append(c)
        for col in cols:
            _ordered_tail(rng, col, 1)
        rng.shuffle(cols)
        games.append(
            FreeCell.from_position(
                [[ALL_CARDS[c] for c in col] for col in cols],
                [ALL_CARDS[c] for c in cells],
                found,
                rules=rules,
            )
        )
    return games


def spider_endgames(count: int, seed: int) -> list[Spider]:
    """``count`` small Spider endgames of each suit count: one or two suits' worth of cards
    left (13 or 26), many face down, mostly no stock (with ten cards or more on the table and
    a row in the stock, an empty column can always be filled), some with one or two rows."""
    rng = random.Random(seed)
    games: list[Spider] = []
    while len(games) < count:
        suits = rng.choice((1, 2, 4))
        rules = SpiderRules(suits=suits)
        in_play = [s.value for s in rules.suits_in_play]
        runs = [s for s in in_play for _ in range(rules.copies)]
        rng.shuffle(runs)
        left = rng.choice((1, 2))
        kept, removed = runs[:left], runs[left:]
        cards = [s * 13 + r for s in kept for r in range(13)]
        rng.shuffle(cards)
        rows = rng.choice((0, 0, 0, 1, 2)) if left == 2 else rng.choice((0, 0, 0, 1))
        stock, table = cards[: rows * 10], cards[rows * 10 :]
        n_cols = min(len(table), rng.choice((10, 10, 10, 9, 8, 6)))
        cols = _split(rng, table, n_cols, True) + [[] for _ in range(10 - n_cols)]
        hidden = []
        for col in cols:
            _ordered_tail(rng, col)
            hidden.append(max(0, len(col) - rng.choice((1, 1, 2, 3))))
        try:
            game = Spider.from_position(
                [[ALL_CARDS[c] for c in col] for col in cols],
                hidden,
                [ALL_CARDS[c] for c in stock],
                removed,
                rules=rules,
            )
        except InvalidPositionError:  # a finished run sorted into a column
            continue
        games.append(game)
    return games


# --------------------------------------------------------------------------- agreement
def _agree(
    games: list[Any], detector: Any, progress: Any, key: Any = None, limit: int = 0
) -> tuple[int, int]:
    """Check the detector against the reference on every game the reference can walk; return
    how many were dead and how many not. The detector is given room enough never to stop at
    its bound (the answer at the bound is "not dead", which is another test's matter)."""
    dead = alive = 0
    for game in games:
        want = reference_dead(game, progress(game), key, limit)
        if want is None:
            continue
        got = detector.search(game, limit=DETECTOR_LIMIT)
        assert not got.bound_hit, game.view()
        assert got.dead == want, (want, game.rules, game.view())
        dead += want
        alive += not want
    return dead, alive


def test_klondike_agrees_with_exhaustive_search() -> None:
    dead, alive = _agree(klondike_endgames(600, 27), klondike_deadend, klondike_progress)
    assert dead >= 120 and alive >= 300, (dead, alive)


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("passes", [None, 1, 2])
@pytest.mark.parametrize("back", [True, False])
def test_klondike_every_rule_option(draw: int, passes: int | None, back: bool) -> None:
    rules = KlondikeRules(draw=draw, passes=passes, foundation_return=back)
    seed = draw * 100 + (passes or 0) * 10 + back
    games = klondike_endgames(120, seed, rules)
    dead, alive = _agree(games, klondike_deadend, klondike_progress)
    assert dead >= 6 and alive >= 40, (dead, alive)


def test_freecell_agrees_with_exhaustive_search() -> None:
    dead, alive = _agree(freecell_endgames(400, 27), freecell_deadend, freecell_progress)
    assert dead >= 30 and alive >= 250, (dead, alive)


def test_spider_agrees_with_exhaustive_search() -> None:
    dead, alive = _agree(
        spider_endgames(300, 27), spider_deadend, spider_progress, spider_key, 1000
    )
    assert dead >= 50 and alive >= 180, (dead, alive)


# --------------------------------------------------------------------------- dead ends by hand
def _klondike_cycling(rules: KlondikeRules, stock: str = "", spades: int = 11) -> Klondike:
    """Nine cards face down; the stock (7D JD QD 7H JH QH) can be turned for ever and a red
    queen laid on KS (and JS back on it, when the rules allow), but nothing else ever moves:
    no card goes home, no column empties, no face-down card turns up. ``stock`` adds cards at
    the bottom of the stock; ``spades`` is the spades foundation's count."""
    return Klondike.from_position(
        [
            _cards("4D KD"),
            _cards("4H KH"),
            _cards("5D TD 9D"),
            _cards("5H TH 9H"),
            _cards("6D 8D"),
            _cards("6H QS 8H"),
            _cards("KS"),
        ],
        [1, 1, 2, 2, 1, 2, 0],
        _cards(f"{stock} QH JH 7H QD JD 7D"),
        foundations=[13, 3, 3, spades],
        rules=rules,
    )


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("passes", [None, 1, 3])
@pytest.mark.parametrize("back", [True, False])
def test_klondike_stock_cycling_for_ever_is_lost(draw: int, passes: int | None, back: bool) -> None:
    game = _klondike_cycling(KlondikeRules(draw=draw, passes=passes, foundation_return=back))
    assert game.face_down_count() == 9 and not game.is_stuck()
    assert game.is_dead_end() and game.outcome() == Outcome(Termination.STUCK)
    for _ in range(60):  # 35 passes and more (as far as the rules allow): only the stock moves
        stock_moves = [m for m in game.legal_move_list() if m.card is None]
        if not stock_moves:
            break
        game.push(stock_moves[0])
    assert game.face_down_count() == 9 and game.outcome() == Outcome(Termination.STUCK)
    assert reference_dead(game, klondike_progress(game)) is True


def test_klondike_one_card_more_makes_it_live() -> None:
    # The same with JS still to go home, at the bottom of the stock: turned up, it goes home.
    for back in (True, False):
        rules = KlondikeRules(draw=3, passes=2, foundation_return=back)
        live = _klondike_cycling(rules, "JS", spades=10)
        assert not live.is_dead_end() and live.outcome() is None


def test_klondike_nothing_playable_at_all() -> None:
    # Every card left is red: none fits on another, the kings have no empty column, the cards
    # the foundations need are face down. The stock turns for ever; nothing else moves.
    game = Klondike.from_position(
        [
            _cards("4D KD"),
            _cards("4H KH"),
            _cards("5D 6D QD"),
            _cards("5H QH"),
            _cards("6H 7D JD"),
            _cards("7H JH"),
            _cards("8D TD"),
        ],
        [1, 1, 2, 1, 2, 1, 1],
        _cards("TH 9D 9H 8H"),
        foundations=[13, 3, 3, 13],
        rules=KlondikeRules(),
    )
    assert game.face_down_count() == 9 and game.is_stuck() and game.is_dead_end()
    assert game.outcome() == Outcome(Termination.STUCK)


def test_freecell_dead_ends_by_hand() -> None:
    # Deal 1 with no free cell: no move at all. With one, 8C into it leaves only TC>7 to and
    # fro, and no card ever goes home (the exhaustive search agrees).
    for back in (True, False):
        none = FreeCell(1, rules=FreeCellRules(cells=0, foundation_return=back))
        assert none.is_stuck() and none.outcome() == Outcome(Termination.STUCK)
        game = FreeCell(1, rules=FreeCellRules(cells=1, foundation_return=back))
        assert not game.is_dead_end() and game.outcome() is None
        game.push_text("8C>c")
        assert not game.is_stuck() and game.is_dead_end()
        assert game.outcome() == Outcome(Termination.STUCK)
        assert reference_dead(game, freecell_progress(game), None, 50_000) is True


def _spider_locked() -> Spider:
    """Ten columns hiding cards under tops that fit nowhere (3 3 5 5 7 7 9 9 J, and K 2): the
    2 goes to and fro between the 3s, nothing else moves, no stock."""
    cols = ["AS 3S", "AS 3S", "2S 5S", "4S 5S", "4S 7S", "6S 7S", "6S 8S 9S", "8S TS 9S"]
    cols += ["TS QS JS JS", "QS KS KS 2S"]
    return Spider.from_position(
        [_cards(c) for c in cols],
        [1, 1, 1, 1, 1, 1, 2, 2, 3, 2],
        removed=[3] * 6,
        rules=SpiderRules(suits=1),
    )


def test_spider_dead_ends_by_hand() -> None:
    game = _spider_locked()
    assert not game.is_stuck() and game.is_dead_end()
    assert game.outcome() == Outcome(Termination.STUCK)
    assert reference_dead(game, spider_progress(game), spider_key) is True
    # A row left in the stock, but three cards on the table can never fill ten columns.
    short = Spider.from_position(
        [_cards("QS"), _cards("5S"), _cards("2S")] + [[] for _ in range(7)],
        [0] * 10,
        _cards("AS 3S 4S 6S 7S 8S 9S TS JS KS"),
        removed=[3] * 7,
        rules=SpiderRules(suits=1),
    )
    assert not short.is_stuck() and short.is_dead_end()
    assert short.outcome() == Outcome(Termination.STUCK)


def test_spider_empty_columns_filled_then_a_row_dealt() -> None:
    # Nothing face down, no run to finish: the only progress is a row dealt, refused while a
    # column is empty. Filling one (a top card moved into it) is no progress; the search goes
    # on and fills the next, and then the row can be dealt: not a dead end.
    tops = ["KS 5S", "QS 7S", "JS 9S", "TS 2S", "AS 4S", "3S 6S", "8S JS"]
    stock = _cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
    for last in (["QS KS"], ["QS", "KS"]):
        cols = [_cards(c) for c in tops + last]
        game = Spider.from_position(
            cols + [[] for _ in range(10 - len(cols))],
            [0] * 10,
            stock,
            removed=[3] * 6,
            rules=SpiderRules(suits=1),
        )
        assert game.explain(Move.deal()) is not None  # a column is empty
        assert not game.is_dead_end() and game.outcome() is None
        assert reference_dead(game, spider_progress(game), spider_key) is False


def test_the_bound_says_not_dead_and_says_so() -> None:
    game = _klondike_cycling(KlondikeRules())
    found = klondike_deadend.search(game, limit=1)
    assert not found.dead and found.bound_hit
    assert klondike_deadend.search(game).dead
    for detector, won in (
        (klondike_deadend, Klondike(1)),
        (freecell_deadend, FreeCell(1)),
        (spider_deadend, Spider(1)),
    ):
        assert not detector.search(won).dead


def test_cards_taken_back_for_nothing_stay_home() -> None:
    c = [Card.parse(t).index for t in ("AC", "2C", "AD", "AH", "3D", "3H")]
    ac, two_c, ad, ah, three_d, three_h = c
    # Nothing lies on an ace; 2C helps back only if a red ace can come onto it.
    assert klondike_deadend.useless_returns([5, 0, 0, 0], set()) == {ac}
    assert klondike_deadend.useless_returns([5, 0, 0, 0], {ad, ah}) == {ac, two_c}
    # 4C's red threes are face down, but 3C under it is worth taking back: so is 4C.
    assert klondike_deadend.useless_returns([5, 0, 0, 0], {three_d, three_h}) == {ac}
    # FreeCell: only KS left out, nothing is worth taking back. With the hearts out, a black
    # card a heart can lie on is, and so is a red card such a black card can lie on, but for
    # the aces and 2D (only the black aces, useless, could lie on it).
    assert len(freecell_deadend.useless_returns([13, 13, 13, 12])) == 51
    useless = freecell_deadend.useless_returns([13, 13, 0, 13])
    assert useless == {Card.parse(t).index for t in ("AC", "AD", "2D", "AS")}
