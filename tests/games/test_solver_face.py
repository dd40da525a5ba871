"""Each game's public face for the solvers: its position as plain lists
(``solver_position``) and a checked replay of a line (``check_line``; FreeCell's core move
codes: ``check_codes``) that says which move was refused and why."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kosynka.games.base import Game
from kosynka.games.freecell import CELL, FreeCell, FreeCellRules
from kosynka.games.klondike import Klondike, KlondikeRules, Move
from kosynka.games.spider import Spider, SpiderRules

KLONDIKE_RULES = [
    KlondikeRules(draw=1),
    KlondikeRules(draw=3),
    KlondikeRules(draw=1, passes=2, foundation_return=False),
    KlondikeRules(draw=3, passes=3),
]
FREECELL_RULES = [FreeCellRules(cells=c, foundation_return=c % 2 == 0) for c in range(5)]
SPIDER_RULES = [SpiderRules(suits=s) for s in (1, 2, 4)]


def played(game: Game[Any], rng: random.Random, length: int) -> Game[Any]:
    """``game`` after up to ``length`` random legal moves (kept on its move stack)."""
    for _ in range(length):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def random_games(seed: int, count: int = 24) -> list[Game[Any]]:
    """Games of every kind and rule option after random play, each with its moves on its
    stack (the line to check) and at a random depth."""
    rng = random.Random(seed)
    out: list[Game[Any]] = []
    for i in range(count):
        deal = rng.randrange(1, 10**6)
        games: list[Game[Any]] = [
            Klondike(deal, rules=KLONDIKE_RULES[i % 4], numbering="kpat"),
            FreeCell(deal, rules=FREECELL_RULES[i % 5]),
            Spider(deal, rules=SPIDER_RULES[i % 3]),
        ]
        out += [played(g, rng, rng.randrange(0, 120)) for g in games]
    return out


def start_of(game: Game[Any]) -> Game[Any]:
    """The position ``game`` started from (its moves taken back, on a copy)."""
    start = game.copy()
    while start.move_stack:
        start.pop()
    return start.copy(stack=False)


def test_solver_position_is_the_view_in_card_indices() -> None:
    for game in random_games(1):
        v = game.view()
        cols = [[c.index for c in col] for col in v.columns]
        found = [len(f) for f in v.foundations]
        if isinstance(game, Klondike):
            talon = [c.index for c in v.waste] + [c.index for c in v.stock]
            expected: tuple[Any, ...] = (
                cols,
                list(v.face_down),
                talon,
                len(v.waste),
                found,
                game.pass_number,
            )
        elif isinstance(game, FreeCell):
            cells = [-1 if c is None else c.index for c in v.cells]
            expected = (cols, cells, found)
        else:
            assert isinstance(game, Spider)
            removed = [int(s) for s in game.removed()]
            expected = (cols, list(v.face_down), [c.index for c in v.stock], removed)
        assert game.solver_position() == expected  # type: ignore[attr-defined]


def test_solver_position_is_the_callers_to_change() -> None:
    for game in random_games(2, count=3):
        key = game.key()
        for part in game.solver_position():  # type: ignore[attr-defined]
            if isinstance(part, list):
                for item in part:
                    if isinstance(item, list):
                        item.append(0)
                part.append(0)
        assert game.key() == key


def test_a_legal_line_is_made_move_for_move() -> None:
    for game in random_games(3):
        line = list(game.move_stack)
        start = start_of(game)
        before = start.key()
        for given in (line, [str(m) for m in line]):
            checked = start.check_line(given)
            assert checked.refused is None
            assert checked.moves == line
            assert checked.board.key() == game.key()
            assert start.key() == before and not start.move_stack


def test_an_illegal_move_is_refused_where_it_comes_with_its_reason() -> None:
    rng = random.Random(4)
    refused_codes: set[str] = set()
    for game in random_games(5):
        line = list(game.move_stack)
        k = rng.randrange(len(line) + 1)
        at = start_of(game)
        at.replay(line[:k])
        texts = {str(m) for g in (game, start_of(game)) for m in g.legal_moves}
        if not isinstance(game, FreeCell):
            texts.add("s")
        illegal = sorted(t for t in texts if not at.is_legal(at.parse_move(t)))
        if not illegal:
            continue
        bad = rng.choice(illegal)
        given = [str(m) for m in line[:k]] + [bad] + [str(m) for m in line[k:]]
        checked = start_of(game).check_line(given)
        assert checked.refused is not None
        assert (checked.refused.index, checked.refused.move) == (k, bad)
        reason = at.explain(at.parse_move(bad))
        assert reason is not None and checked.refused.reason == reason
        shown = at.parse_move(bad)
        assert checked.refused.why == f"illegal move {shown}: {reason.code}: {reason.en}"
        assert checked.moves == line[:k]
        assert checked.board.key() == at.key()
        refused_codes.add(reason.code)
    assert len(refused_codes) >= 4, refused_codes


@pytest.mark.parametrize("game", [Klondike(1), FreeCell(1), Spider(1)], ids=str)
def test_a_move_that_cannot_be_read_is_refused_without_a_reason(game: Game[Any]) -> None:
    checked = game.check_line(["zz>9"])
    assert checked.refused is not None and checked.refused.index == 0
    assert checked.refused.move == "zz>9" and checked.refused.reason is None
    assert checked.refused.why.startswith("not a card: 'zz'")
    assert checked.moves == [] and checked.board.key() == game.key()


def test_klondikes_runs_of_draws_are_refused_at_the_first_draw_too_many() -> None:
    """Klondike checks a run of draws at once; the answer is the one the rules give draw by
    draw (the general replay of :class:`Game`), up to the first draw too many."""
    for draw, made in ((1, 24), (3, 8)):
        game = Klondike(3, rules=KlondikeRules(draw=draw, passes=1), numbering="kpat")
        for line in (["s"] * 30, [Move.draw()] * 30, ["s"] * made):
            fast = game.check_line(line)
            plain = Game.check_line(game, line)
            assert fast.moves == plain.moves == [Move.draw()] * made
            assert fast.refused == plain.refused
            assert fast.board.key() == plain.board.key()
            if len(line) > made:
                assert fast.refused is not None and fast.refused.index == made
                assert fast.refused.reason is not None
                assert fast.refused.reason.code == "stock-empty"


def test_klondikes_fast_replay_is_the_general_one() -> None:
    rng = random.Random(6)
    for game in random_games(7):
        if not isinstance(game, Klondike):
            continue
        line: list[Any] = [str(m) for m in game.move_stack]
        for _ in range(3):  # draws and recycles slipped in anywhere, legal or not
            line.insert(rng.randrange(len(line) + 1), rng.choice(["s", "r", Move.draw()]))
        start = start_of(game)
        fast, plain = start.check_line(line), Game.check_line(start, line)
        assert fast.moves == plain.moves and fast.refused == plain.refused
        assert fast.board.key() == plain.board.key()


def code_of(move: Any) -> int:
    """A FreeCell move as the solvers' move code ``card * 16 + to`` (a named cell as ``c``)."""
    return int(move.card.index * 16 + min(move.to, CELL))


def test_freecells_move_codes_check_as_its_moves_do() -> None:
    rng = random.Random(8)
    for game in random_games(9):
        if not isinstance(game, FreeCell):
            continue
        start = start_of(game)
        line = list(game.move_stack)
        codes = [code_of(m) for m in line]
        checked = start.check_codes(codes)
        assert checked.refused is None and checked.moves == line
        assert checked.board.key() == game.key()
        k = rng.randrange(len(codes) + 1)
        at = start.check_codes(codes[:k]).board
        bad = next((m for m in at.legal_moves if m.to < CELL), None)
        if bad is None:
            continue
        again = code_of(bad)  # the same move twice: the card is no longer where it was
        wrong = start.check_codes([*codes[:k], code_of(bad), again])
        by_text = start.check_line([*line[:k], bad, bad])
        assert wrong.refused is not None and by_text.refused is not None
        assert wrong.refused.index == by_text.refused.index == k + 1
        assert wrong.refused.reason == by_text.refused.reason
        assert wrong.refused.move == bad and wrong.moves == by_text.moves
    for bad_code in (52 * 16, 5 * 16 + 10, -1):
        refused = FreeCell(1).check_codes([bad_code]).refused
        assert refused is not None and refused.reason is None
        assert refused.why == f"bad move code {bad_code}"
