"""Hints that play fair and never circle, asked over real HTTP of a running ``kosynka serve``:
Spider's and Klondike's hints come from their hint players (samples of the cards the player has
not seen, with a chance to win), FreeCell's from the solver; with no useful move the hint has no
move and says so in English and Russian (kind ``none``), and kind ``stuck`` once the game is
over by ``outcome()``."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.games.freecell import FreeCell
from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.player import Player as SpiderPlayer
from kosynka.web import bridges, service
from kosynka.web.games.base import ended
from kosynka.web.games.spider import ADAPTER as SPIDER
from kosynka.web.games.spider import SpiderHints
from kosynka.web.service import chance_words, history_keys, solver_hint
from tests.games.spider.spider_positions import position

NONE_WORDS = (
    "No useful move: undo or start a new deal.",
    "Полезных ходов нет: отмените ход или начните новую сдачу.",
)
DEAL_WORDS = (
    "No useful move: deal a new row from the stock.",
    "Полезных ходов нет: раздайте из колоды новый ряд.",
)
KINGS = ["KC", "KC", "KD", "KD", "KH", "KH", "KS", "KS"]
STUCK_WORDS = (
    "No move can help any more: this game is lost. Undo or start a new deal.",
    "Ни один ход уже не поможет: партия проиграна. Отмените ход или начните новую сдачу.",
)


def ask(server: str, game: str, record: dict[str, Any]) -> dict[str, Any]:
    """POST /api/<game>/hint with ``record``; the answer's JSON."""
    req = urllib.request.Request(
        f"{server}/api/{game}/hint",
        data=json.dumps({"record": record}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=60) as r:
        assert r.status == 200
        body: dict[str, Any] = json.loads(r.read())
    return body


def spider_record(number: int, suits: int, moves: list[str]) -> dict[str, Any]:
    """A Spider game record as the page keeps it."""
    return {
        "game": "spider",
        "rules": {"suits": suits},
        "deal": {"number": number, "numbering": "kpat", "source": "chosen"},
        "moves": moves,
    }


def klondike_record(number: int, draw: int, moves: list[str]) -> dict[str, Any]:
    """A Klondike game record as the page keeps it."""
    return {
        "game": "klondike",
        "rules": {"draw": draw, "passes": None, "foundation_return": True},
        "deal": {"number": number, "numbering": "pysol", "source": "chosen"},
        "moves": moves,
    }


def spider_line(number: int, suits: int) -> list[str]:
    """The moves of a game that follows Spider's hints until they end."""
    player = SpiderPlayer(Spider(number, rules=SpiderRules(suits=suits)))
    made: list[str] = []
    while (move := player.choose()) is not None:
        player.follow(move)
        made.append(str(move))
    return made


def test_spider_hints_come_from_the_hint_player_with_their_chance(server: str) -> None:
    """On the issue's 2-suit deal #1247586768, at the deal, after some moves and where the
    rule-based player deals its first row: the page's hint is the hint player's (samples of the
    unseen cards, no solver while cards are hidden), a legal move whose kind is its own, with
    the chance in words in both languages; a row to deal says so first."""
    number, suits = 1247586768, 2
    line = spider_line(number, suits)
    assert "s" in line
    game = Spider(number, rules=SpiderRules(suits=suits))
    points = {0, 20, line.index("s")}
    for n, text in enumerate([*line, None]):
        if n in points:
            assert not SPIDER.solver_may_hint(game)
            body = ask(server, "spider", spider_record(number, suits, line[:n]))
            move = game.parse_move(body["move"])
            assert game.is_legal(move), n
            assert body["kind"] == SPIDER.hint_kind(move) != "solver"
            chance = body["chance"]
            assert chance is not None and 0.0 <= chance <= 1.0
            said = {chance_words(chance, hopeless) for hopeless in (False, True)}
            assert any(body["en"].endswith(en) and body["ru"].endswith(ru) for en, ru in said)
            if body["kind"] == "deal":
                assert body["en"].startswith(DEAL_WORDS[0]) and body["ru"].startswith(DEAL_WORDS[1])
        if text is None or n > max(points):
            break
        game.push(game.parse_move(text))


def test_spider_hint_at_the_end_says_the_game_is_over(server: str) -> None:
    """Where the rule-based player has nothing more to offer on deal #1247586768 (2 suits), the
    page answers with no move and the words for the end, ``stuck`` when ``outcome()`` calls
    the game lost, or with a hint player's move that is legal there."""
    number, suits = 1247586768, 2
    line = spider_line(number, suits)
    game = Spider(number, rules=SpiderRules(suits=suits))
    for text in line:
        game.push(game.parse_move(text))
    body = ask(server, "spider", spider_record(number, suits, line))
    end = ended(game)
    if end is not None:
        assert body["move"] is None and body["kind"] == end
        assert (body["en"], body["ru"]) == STUCK_WORDS
    elif body["move"] is None:
        assert body["kind"] == "none" and (body["en"], body["ru"]) == NONE_WORDS
    else:
        assert game.is_legal(game.parse_move(body["move"]))


def test_klondike_says_no_useful_move_in_both_languages(server: str) -> None:
    """Deal 38 (Draw 3) drawn through twice without a card moved (the first pass is the look
    through the stock): only a new pass is legal, and a pass that changed nothing would only
    repeat itself, so the hint has no move: kind ``none`` and the words in English and Russian
    (the game is not over by ``outcome()``)."""
    game = Klondike(38, rules=KlondikeRules(draw=3))
    draws = ["s"] * -(-game.stock_count() // 3)
    for text in [*draws, "r", *draws]:
        game.push(game.parse_move(text))
    assert [str(m) for m in game.legal_moves] == ["r"] and ended(game) is None
    body = ask(server, "klondike", klondike_record(38, 3, [*draws, "r", *draws]))
    assert body["kind"] == "none" and body["move"] is None and body["chance"] is None
    assert (body["en"], body["ru"]) == NONE_WORDS


def test_klondike_hint_says_its_chance_in_both_languages(server: str) -> None:
    """While cards are hidden, the hint is the hint player's (samples of the unseen cards):
    a legal move, its chance, and the chance in words in both languages."""
    game = Klondike(4, rules=KlondikeRules(draw=3))
    made: list[str] = []
    for _ in range(3):
        made.append("s")
        game.push(game.parse_move("s"))
    body = ask(server, "klondike", klondike_record(4, 3, made))
    assert body["move"] in {str(m) for m in game.legal_moves}
    assert body["kind"] in {"heuristic", "draw", "recycle"}
    chance = body["chance"]
    assert chance is not None and 0.0 <= chance <= 1.0
    assert "% to win from here." in body["en"] and "Шансы выиграть отсюда" in body["ru"]


def test_freecell_still_answers_from_the_solver(server: str) -> None:
    record = {
        "game": "freecell",
        "rules": {"cells": 4, "foundation_return": True},
        "deal": {"number": 1, "numbering": "ms", "source": "chosen"},
        "moves": [],
    }
    body = ask(server, "freecell", record)
    assert body["kind"] == "solver" and body["winnable"] is True and body["move"]
    record["moves"] = [body["move"]]
    body = ask(server, "freecell", record)
    assert body["kind"] == "solver" and body["move"]


def test_stuck_words() -> None:
    """``stuck`` says no card can move when none can, and otherwise that no move can help."""
    stuck = position(["* " + KINGS[0], *KINGS[1:], "AH", "AS"])
    assert next(stuck.generate_legal_moves(), None) is None
    assert SpiderHints(stuck).hint() == (None, "stuck")
    assert SPIDER.hint_words(stuck, None, "stuck") == (
        "No card can move any more.",
        "Больше ни одна карта не сдвинется.",
    )
    assert SPIDER.hint_words(Spider(1), None, "stuck") == STUCK_WORDS
    assert SPIDER.hint_words(Spider(1), None, "none") == NONE_WORDS


@pytest.mark.parametrize("suits", [1, 4])
def test_spider_hint_at_the_deal_is_sampled(server: str, suits: int) -> None:
    """The hint at a fresh deal is the hint player's, with a chance from its samples, not the
    solver's line (which would read the face-down cards)."""
    body = ask(server, "spider", spider_record(1345069927, suits, []))
    game = Spider(1345069927, rules=SpiderRules(suits=suits))
    assert game.is_legal(game.parse_move(body["move"])) and body["kind"] == "heuristic"
    assert body["chance"] is not None and body["winnable"] is None


def test_the_solver_hint_takes_another_winning_move_rather_than_go_back() -> None:
    """When the solver's line would lead to a position the game has had, the hint is another
    move to a new position from which the solver finds a line (FreeCell deal 1, with the
    position after the solver's first move marked as had)."""
    game = FreeCell(1)
    first, winnable = solver_hint(game, set(), 1.0)
    assert first is not None and winnable is True
    after = game.copy(stack=False)
    after.push(first)
    move, winnable = solver_hint(game, {game.key(), after.key()}, 1.0)
    assert move is not None and move != first and winnable is True
    probe = game.copy(stack=False)
    probe.push(move)
    assert probe.key() not in {game.key(), after.key()}
    assert bridges.solve(probe, 1.0).status == "solved"
    game.push(move)
    assert history_keys(game) == {game.copy(stack=False).key(), FreeCell(1).key()}


def test_hints_that_are_followed_follow_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Following FreeCell's hints from the deal wins without a position twice and with one
    search: each hint after the first is the next move of the line found then."""
    service._lines.clear()
    calls: list[int] = []
    solve = bridges.solve

    def counted(game: Any, seconds: float) -> Any:
        calls.append(1)
        return solve(game, seconds)

    monkeypatch.setattr(bridges, "solve", counted)
    game = FreeCell(1)
    had = {game.key()}
    while not game.is_won():
        move, winnable = solver_hint(game, had, 1.0)
        assert move is not None and winnable is True
        game.push(move)
        assert game.key() not in had
        had.add(game.key())
    assert len(calls) == 1
