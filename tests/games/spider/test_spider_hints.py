"""Spider's hints (the no-peek :class:`Player` with the game's memory): they never lead back to
a position the game has had, never shuffle cards for long without a gain, say so when nothing
helps, and read no face-down card. The deals are the ones issue 27 reported circling: 2 suits
#1247586768 (9♥ moved between two columns), 4 suits #1345069927 (Q♣ back and forth)."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.player import MAX_IDLE, Player, best_move

ISSUE_DEALS = [(1247586768, 2), (1345069927, 4)]


def follow_hints(player: Player, limit: int = 1500) -> list[str]:
    """Play the player's hints until it has none (or ``limit`` moves); the moves made."""
    made: list[str] = []
    while len(made) < limit:
        move = player.choose()
        if move is None:
            break
        player.follow(move)
        made.append(str(move))
    return made


# Deal 7 (2 suits) is where the hints moved J♠, Q♥ and 3♠ to and fro for 20 moves.
@pytest.mark.parametrize(("deal", "suits"), [*ISSUE_DEALS, (7, 2), (3, 1)])
def test_following_the_hints_never_comes_back_nor_to_and_fro(deal: int, suits: int) -> None:
    player = Player(Spider(deal, rules=SpiderRules(suits=suits)))
    seen: set[Hashable] = {player.game.key()}
    last: dict[object, tuple[object, object, int]] = {}
    gains = made = longest = 0
    while made < 1500:
        move = player.choose()
        if move is None:
            break
        player.follow(move)
        made += 1
        key = player.game.key()
        assert key not in seen, f"hint {made} ({move}) went back to a position already had"
        seen.add(key)
        longest = max(longest, player.idle)
        gains += player.idle == 0
        if move.card is not None:
            before = last.get(move.card)
            assert before != (move.to, move.source, gains), f"hint {made} ({move}) went back"
            last[move.card] = (move.source, move.to, gains)
    assert 20 < made < 1500  # it plays, and it stops: no hint is a shuffle
    assert longest <= MAX_IDLE
    assert player.game.is_won() or player.choose() is None


@pytest.mark.parametrize(("deal", "suits"), ISSUE_DEALS)
def test_after_99_moves_of_shuffling_the_hints_avoid_every_position_had(
    deal: int, suits: int
) -> None:
    """A game played 99 moves by the memoryless player and then by cards moved at random
    (positions repeat, as in the issue's games); the hints from there lead to no position of
    the whole game, and offer only a gain (or nothing) after so long without one."""
    rng = random.Random(deal)
    player = Player(Spider(deal, rules=SpiderRules(suits=suits)))
    had: set[Hashable] = {player.game.key()}
    for n in range(99):
        move = best_move(player.game, seed=n)
        if move is None:
            move = rng.choice([m for m in player.game.legal_move_list() if m.card is not None])
        player.follow(move)
        had.add(player.game.key())
    assert player.idle > MAX_IDLE  # the shuffling gained nothing for a long while
    down, runs = player.game.face_down_count(), player.game.runs_removed()
    for _ in range(200):
        move = player.choose()
        if move is None:
            break
        before = (player.game.face_down_count(), player.game.runs_removed(), player.idle)
        player.follow(move)
        assert player.game.key() not in had
        had.add(player.game.key())
        # Past MAX_IDLE a hint must gain: a card turned up, a run removed, a row dealt or
        # more cards in suit (the player's idle count starts again).
        assert before[2] < MAX_IDLE or player.idle == 0, move
    assert player.game.face_down_count() <= down and player.game.runs_removed() >= runs


def scrambled_start(start: Spider, keep_down: list[int], seed: int) -> Spider:
    """``start`` with the cards that lie deepest face down in each column (``keep_down[i]`` of
    column i) dealt again at random among those places: the two games show the same cards
    until one of those would turn up."""
    rng = random.Random(seed)
    pool = [c for i in range(10) for c in start.column(i)[: keep_down[i]]]
    shuffled = list(pool)
    while shuffled == pool:
        rng.shuffle(shuffled)
    columns, k = [], 0
    for i in range(10):
        col = start.column(i)
        columns.append(shuffled[k : k + keep_down[i]] + col[keep_down[i] :])
        k += keep_down[i]
    return Spider.from_position(
        columns,
        [start.face_down_count(i) for i in range(10)],
        start.stock(),
        start.removed(),
        rules=start.rules,
    )


@pytest.mark.parametrize(("deal", "suits"), [*ISSUE_DEALS, (7, 2)])
def test_the_hints_read_no_face_down_card(deal: int, suits: int) -> None:
    """Two games that differ only in cards that stay face down all along get the same hint at
    every move."""
    start = Spider(deal, rules=SpiderRules(suits=suits))
    first = Player(start.copy(stack=False))
    made = follow_hints(first)
    end = first.game
    keep = [end.face_down_count(i) for i in range(10)]
    assert sum(keep) >= 2
    other = scrambled_start(start, keep, deal)
    assert other.key() != start.key()
    second = Player(other)
    for n, text in enumerate(made):
        move = second.choose()
        assert move is not None and str(move) == text, (n, text, move)
        second.follow(move)
    assert second.choose() is None
