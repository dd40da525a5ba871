"""Spider's rules in the browser (``static/js/games/spider/``) held to the Python rules.

Random games with one, two and four suits and both numberings are played in both, every answer
compared after every move (views, move answers, refusals, full positions, scores); the moves
are chosen mostly by the game's no-peek player (:mod:`kosynka.games.spider.player`), so that
one-suit games are won and the others end at dead ends, and written now and then as a player
may type them (``3:10h > 7``, the short form ``9♥>7``). Then the goldens the Python tests use:
the deals KPat and PySolFC print, perft counts, the stored endings and the random endgames of
``tests/games/test_dead_ends.py`` (legal moves, outcome and the dead-end search count for
count, at its bound and at small bounds), positions met in play where the search is long,
unreadable move text (the same words) and records the server refuses.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kosynka.games.spider import SPEC, Spider, SpiderRules
from kosynka.games.spider import deadend as spider_deadend
from kosynka.games.spider import player as spider_player
from kosynka.games.spider.notation import parse_text
from kosynka.web.schemas import deal_number_for_json
from tests.games.spider.test_spider_deals import PYSOL_GAMES, read_golden
from tests.games.test_dead_ends import spider_endgames
from tests.web.twin.harness import (
    Differ,
    Node,
    compare_table,
    golden_rows,
    play_games,
    position_json,
    pysol_number,
    respell_card,
    twin_games,
    twin_seed,
)

DATA = Path(__file__).parents[2] / "data" / "spider"
SUITS = (1, 2, 4)
UNREADABLE = [
    "", " ", "x", ">", ">3", "3:", "3:9H", "9H>", "9H>>1", "0:9H>1", "11:9H>1", "3:9H>0",
    "3:9H>11", "3:ZZ>4", "3:9H>g", "3::9H>4", ":9H>4", "3:9H>1>2", "s>1", "ss", "3:9H>ff",
    "٣:9H>1", "3:9H>" + "1" * 101, "9" * 101 + ":9H>1", "3:9H>\x07", "3:Q'>1", "3:11H>2",
    "3:9X>1", "-1:9H>1", "3:9H>-1", "1.0:9H>2",
]  # fmt: skip
"""Texts that are no move (each must be unreadable in both, with the same words)."""
SPELLINGS = ["s", "S", " s ", "3:9h > 7", "3 : 10♥>7", "10:1S>f", "1:a♠>F", "3:9H>007", "9H>7"]
"""Texts a player may type (read as a move, or refused, or ambiguous: the same in both)."""


def respell(rng: random.Random, text: str) -> str:
    """``text`` (``3:9H>7``) as a player might type it: another case, ``10``, suit symbols,
    blanks, or the short form without the column."""
    if text == "s":
        return rng.choice(["s", "S", " s"])
    col, rest = text.split(":")
    card, dest = rest.split(">")
    card = respell_card(rng, card)
    head = "" if rng.random() < 0.3 else f"{col}:"
    return f" {head}{card} > {dest}" if rng.random() < 0.5 else f"{head}{card}>{dest}"


class Tracker(Differ):
    """A Differ that remembers the last record viewed: the player picks its moves in it."""

    last: dict[str, Any]

    def view(
        self, record: dict[str, Any], score: dict[str, Any] | None, where: str
    ) -> dict[str, Any]:
        self.last = record
        return super().view(record, score, where)


class Player:
    """Chooses the moves of the random games: mostly the hint player's move (the no-peek
    player that remembers the game so far, so that games are won, or run into dead ends rather
    than to and fro), else a random one, card moves more often than rows; now and then
    respelled. :meth:`candidates` sees each view before :meth:`pick` is asked (as
    ``play_games`` calls them), and the hint player follows the record the tracker saw last
    (made anew after an undo)."""

    def __init__(self, differ: Tracker, seed: int, smart: float) -> None:
        self.differ = differ
        self.rng = random.Random(seed)
        self.smart = smart
        self.view: dict[str, Any] = {}
        self.hints: spider_player.Player | None = None
        self.deal: Any = None
        self.followed: list[str] = []

    def follow(self) -> spider_player.Player:
        """The hint player, having followed the moves of the last record viewed."""
        record = self.differ.last
        moves = record["moves"]
        deal = (record["rules"]["suits"], record["deal"]["number"], record["deal"]["numbering"])
        n = len(self.followed)
        if self.hints is None or deal != self.deal or moves[:n] != self.followed:
            game = SPEC.deal(int(deal[1]), SpiderRules(suits=deal[0]), deal[2])
            assert isinstance(game, Spider)
            self.hints, self.deal, self.followed = spider_player.Player(game), deal, []
        for text in moves[len(self.followed) :]:
            self.hints.follow(self.hints.game.parse_move(text))
            self.followed.append(text)
        return self.hints

    def candidates(self, view: dict[str, Any]) -> list[str]:
        """Move texts to ask about in ``view``: the legal moves, every face-up card (and some
        cards not there) to several places, in both forms, and unreadable texts."""
        self.view = view
        rng = self.rng
        out = list(view["legal"])
        for i, col in enumerate(view["columns"]):
            for code in col["up"]:
                for to in [*rng.sample(range(1, 11), 3), "f", i + 1]:
                    out.append(f"{i + 1}:{code}>{to}")
                out.append(f"{code}>{rng.randint(1, 10)}")
            ghost = "A23456789TJQK"[rng.randrange(13)] + "CDHS"[rng.randrange(4)]
            out.append(f"{i + 1}:{ghost}>{rng.randint(1, 10)}")
            out.append(f"{ghost}>{rng.randint(1, 10)}")
        out += ["s", "s", *rng.sample(UNREADABLE, 3), *rng.sample(SPELLINGS, 2)]
        return out

    def pick(self, rng: random.Random, legal: list[str]) -> str:
        """The move to play among ``legal``."""
        cards = [t for t in legal if t != "s"]
        text = rng.choice(cards) if cards and rng.random() < 0.8 else rng.choice(legal)
        if rng.random() < self.smart:
            move = self.follow().choose()
            if move is not None:
                text = str(move)
        if rng.random() < 0.1:
            typed = respell(rng, text)
            try:  # a short form another column's copy could make too is ambiguous
                same = str(self.follow().game.parse_move(typed)) == text
            except ValueError:
                same = False
            text = typed if same else text
        return text


def dealer(suits_cycle: list[int]) -> Any:
    """``deal(rng)`` for ``play_games``: the suit counts in turn, numbers of both numberings
    (pysol numbers below and above 32,000 and past 2**53 - 1, sent as digits)."""
    turn = iter(range(10**9))

    def deal(rng: random.Random) -> tuple[dict[str, Any], Any, str]:
        rules = {"suits": suits_cycle[next(turn) % len(suits_cycle)]}
        roll = rng.random()
        if roll < 0.5:
            return rules, rng.randint(1, 2**31 - 1), "kpat"
        return rules, pysol_number(rng, roll, 0.7, 0.85), "pysol"

    return deal


# ----------------------------------------------------------------------------- random games
def test_random_games_every_suit_count(node: Node) -> None:
    differ = Tracker("spider", node)
    player = Player(differ, twin_seed(), smart=0.9)
    games = twin_games(10)
    counts = play_games(
        differ,
        seed=twin_seed(),
        games=games,
        deal=dealer([1, 1, 2, 4]),
        candidates=player.candidates,
        pick=player.pick,
        max_moves=400,
    )
    assert counts["games"] == games
    assert counts["won"] >= 1 and counts["stuck"] >= 1, counts
    assert counts["refusals"] >= 5 * counts["moves"], counts
    print(counts)


def test_random_games_mostly_random_moves(node: Node) -> None:
    # Few of the player's moves: long games (long records replayed), cards shuffled to and
    # fro, dead ends of every kind.
    differ = Tracker("spider", node)
    player = Player(differ, twin_seed() + 1, smart=0.3)
    games = twin_games(3)
    counts = play_games(
        differ,
        seed=twin_seed() + 1,
        games=games,
        deal=dealer([1, 4, 2]),
        candidates=player.candidates,
        pick=player.pick,
        max_moves=350,
    )
    assert counts["games"] == games and counts["stuck"] >= 1, counts
    print(counts)


# ----------------------------------------------------------------------------- whole lines
def follow_line(
    differ: Differ, rules: dict[str, Any], number: Any, numbering: str, moves: list[str]
) -> dict[str, Any]:
    """Play ``moves`` from a deal in both, comparing every answer; the last view."""
    record = differ.record(rules, number, numbering)
    score = {"scoring": None, "seconds": 12.5, "undos": 3, "hints": 0, "carry": None}
    where = f"{rules} deal {number} {numbering}"
    view = differ.view(record, score, where)
    for i, text in enumerate(moves):
        answer = differ.move(record, text, i % 2 == 0, score, f"{where} move {i}")
        assert answer["accepted"] and answer["applied"] == [text], (where, i, answer)
        record = {**record, "moves": [*record["moves"], text]}
        view = differ.view(record, score, f"{where} move {i}")
        if i % 10 == 0:
            differ.position(record, f"{where} move {i}")
    differ.position(record, where)
    return view


def player_line(rules: dict[str, Any], number: int, numbering: str) -> list[str]:
    """The moves the hint player makes from a deal until it has none to offer."""
    game = SPEC.deal(number, SpiderRules(**rules), numbering)
    assert isinstance(game, Spider)
    player = spider_player.Player(game)
    line: list[str] = []
    while len(line) < 600:
        move = player.choose()
        if move is None:
            break
        player.follow(move)
        line.append(str(move))
    return line


def test_the_players_lines_to_the_end(node: Node) -> None:
    # The hint player's whole games: one-suit deals it wins (KPat 1, PySolFC 1), one it loses
    # (PySolFC 2), a two-suit deal it wins (KPat 3), and random deals of every suit count.
    differ = Differ("spider", node)
    rng = random.Random(twin_seed())
    deals: list[tuple[dict[str, Any], Any, str]] = [
        ({"suits": 1}, 1, "kpat"),
        ({"suits": 1}, 1, "pysol"),
        ({"suits": 1}, 2, "pysol"),
        ({"suits": 2}, 3, "kpat"),
    ]
    for k in range(twin_games(3)):
        numbering = rng.choice(["kpat", "pysol"])
        deals.append(({"suits": SUITS[k % 3]}, rng.randint(1, 2**31 - 1), numbering))
    ends = {"won": 0, "stuck": 0, None: 0}
    for rules, number, numbering in deals:
        view = follow_line(differ, rules, number, numbering, player_line(rules, number, numbering))
        ends[view["outcome"]] += 1
        if view["outcome"] == "won":
            assert view["score"]["steps"], view["score"]
    assert ends["won"] >= 3, ends


def long_line(rules: dict[str, Any], number: int, rng: random.Random, length: int) -> list[str]:
    """Up to ``length`` moves from a KPat deal, mostly the no-peek player's, else random."""
    game = Spider(number, rules=SpiderRules(**rules))
    line: list[str] = []
    while len(line) < length and not game.is_won():
        legal = game.legal_move_list()
        if not legal:
            break
        move = spider_player.best_move(game, rng) if rng.random() < 0.7 else None
        move = move or rng.choice(legal)
        game.push(move)
        line.append(str(move))
    return line


def test_long_records(node: Node) -> None:
    # Games of hundreds of moves, as the page replays them: the view of every 50th prefix and
    # of prefixes at random (undoing far back, then coming forward again), with their scores.
    differ = Differ("spider", node)
    rng = random.Random(twin_seed())
    longest = 0
    for k in range(twin_games(3)):
        rules = {"suits": SUITS[k % 3]}
        number = rng.randint(1, 2**31 - 1)
        line = long_line(rules, number, rng, 700)
        longest = max(longest, len(line))
        record = differ.record(rules, number, "kpat")
        score = {"scoring": "standard", "seconds": None, "undos": 7, "hints": 1, "carry": None}
        cuts = [*range(0, len(line) + 1, 50), len(line), *rng.sample(range(len(line) + 1), 10)]
        for n in cuts:
            prefix = {**record, "moves": line[:n]}
            differ.view(prefix, score, f"{rules} deal {number}, {n} moves")
            differ.position(prefix, f"{rules} deal {number}, {n} moves")
    assert longest >= 500, longest


# ----------------------------------------------------------------------------- deals
def golden_tokens(position: dict[str, Any]) -> tuple[list[list[str]], list[str]]:
    """A twin's position written like the golden files (face-down cards lower-case)."""
    columns = [
        [t if j >= down else t[:-1] + t[-1].lower() for j, t in enumerate(col)]
        for col, down in zip(position["columns"], position["face_down"], strict=True)
    ]
    return columns, position["stock"]


def test_deals_are_kpats_and_pysolfcs(node: Node) -> None:
    differ = Differ("spider", node)
    for suits, number, columns, stock in read_golden("kpat_deals.txt"):
        record = differ.record({"suits": int(suits)}, number, "kpat")
        got = node.ok(op="position", game="spider", record=record)
        assert golden_tokens(got) == (columns, stock), (suits, number)
    for game, number, columns, stock in read_golden("pysol_deals.txt"):
        suits = PYSOL_GAMES[game]
        if suits < 4:  # PySolFC's one- and two-suit games use clubs where we use spades
            columns = [[t.replace("C", "S").replace("c", "s") for t in c] for c in columns]
            stock = [t.replace("C", "S") for t in stock]
        record = differ.record({"suits": suits}, deal_number_for_json(number), "pysol")  # type: ignore[arg-type]
        got = node.ok(op="position", game="spider", record=record)
        assert golden_tokens(got) == (columns, stock), (game, number)


def test_deals_either_side_of_each_border(node: Node) -> None:
    # PySolFC's generators change at 32,000; numbers past 2**53 - 1 come as digits; the
    # largest deal of each numbering; random deals of each suit count.
    differ = Differ("spider", node)
    rng = random.Random(twin_seed())
    numbers: list[tuple[Any, str]] = [(1, "kpat"), (2**31 - 1, "kpat"), (2**31 - 2, "kpat")]
    numbers += [(n, "pysol") for n in (1, 31999, 32000, 32001, 2**32 - 1, 2**32, 2**53 - 1)]
    numbers += [(str(n), "pysol") for n in (2**53, 2**64 - 1, 2**64, 10**20 - 1)]
    numbers += [(rng.randint(1, 2**31 - 1), "kpat") for _ in range(twin_games(10))]
    numbers += [(str(rng.randint(2**53, 10**20 - 1)), "pysol") for _ in range(twin_games(10))]
    for number, numbering in numbers:
        for suits in SUITS:
            record = differ.record({"suits": suits}, number, numbering)
            differ.position(record, f"{suits} suits, deal {number} {numbering}")


# ----------------------------------------------------------------------------- perft
def test_perft_golden(node: Node) -> None:
    differ = Differ("spider", node)
    for row in golden_rows(DATA / "perft.txt"):
        deal, numbering, suits, depth, nodes, _unique = row
        record = differ.record({"suits": int(suits)}, int(deal), numbering)
        got = node.ok(op="perft", game="spider", record=record, depth=int(depth))
        assert got == int(nodes), row


# ----------------------------------------------------------------------------- dead ends
def compare_position(node: Node, game: Spider, where: str, limits: tuple[int, ...] = ()) -> Any:
    """Compare the legal moves, outcome, full position and dead-end search (at its bound and
    at ``limits``) of ``game`` in both; the search's answer."""
    rules = {"suits": game.rules.suits}
    compare_table(node, "spider", rules, game, where)
    position = position_json(game)
    found = None
    for limit in (spider_deadend.LIMIT, *limits):
        py = spider_deadend.search(game, limit)
        js = node.ok(op="twin", game="spider", fn="deadEndSearch", args=[rules, position, limit])
        assert js == {"dead": py.dead, "bound_hit": py.bound_hit, "positions": py.positions}, (
            where,
            limit,
        )
        found = found or py
    return found


def test_stored_endings(node: Node) -> None:
    node.load("spider")
    lines = [ln for ln in (DATA / "endings.txt").read_text().splitlines() if ln[:1] in "wl"]
    assert len(lines) >= 40
    searched = 0
    for line in lines:
        _verdict, _seen, text = line.split(" ", 2)
        game = parse_text(text)
        searched += compare_position(node, game, line, (1, 2, 10)).positions > 1
    assert searched >= 10, searched


def test_random_endgames_of_the_dead_end_tests(node: Node) -> None:
    node.load("spider")
    dead = alive = 0
    for k, game in enumerate(spider_endgames(twin_games(150), twin_seed() + 27)):
        found = compare_position(node, game, f"endgame {k}", (3, 40, 400))
        dead += found.dead
        alive += not found.dead
    assert dead >= 10 and alive >= 10, (dead, alive)
    print("endgames", dead, alive)


def test_searches_met_in_play(node: Node) -> None:
    # Positions of games the player plays in Python where the search has work to do: long
    # ones, and those that reach the bound and answer "not dead".
    node.load("spider")
    rng = random.Random(twin_seed())
    searched = bound = 0
    for g in range(twin_games(6)):
        suits = SUITS[g % 3]
        game = Spider(rng.randint(1, 2**31 - 1), rules=SpiderRules(suits=suits))
        for step in range(300):
            if game.is_won() or not game.legal_move_list():
                break
            found = spider_deadend.search(game)
            if found.positions > 1 and rng.random() < 0.3:
                compare_position(node, game, f"game {g} move {step}", (50,))
                searched += 1
                bound += found.bound_hit
            move = spider_player.best_move(game, rng) if rng.random() < 0.85 else None
            if move is None:
                move = rng.choice(game.legal_move_list())
            game.push(move)
    assert searched >= 20 and bound >= 1, (searched, bound)
    print("searched in play", searched, bound)


# ----------------------------------------------------------------------------- refusals
def test_unreadable_texts_have_the_same_words(node: Node) -> None:
    differ = Differ("spider", node)
    # KPat's one-suit deal 5: 8S face up in columns 3 and 6, QS in 7 and 8, so the short form
    # is ambiguous in both its ways (two columns could make the move; none can, for different
    # reasons), or resolved (one column can; both refused alike).
    record = differ.record({"suits": 1}, 5, "kpat")
    game = differ.service.replay(differ.service.models.record(**record))
    dests = [*range(1, 11), "f"]
    texts = [*UNREADABLE, *SPELLINGS]
    texts += [f"{c}>{to}" for i in range(10) for c in game.face_up(i) for to in dests]
    texts += [f"{c}>{to}" for c in ("AS", "AH", "7S") for to in (1, 4)]
    ambiguous = 0
    for text in texts:
        try:
            py: str | None = str(game.parse_move(text))
            want = None
        except ValueError as exc:
            py, want = None, str(exc)
            ambiguous += "ambiguous" in want
        answer = node.ask(op="move", game="spider", record=record, move=text, auto=False)
        if want is None:
            assert "error" not in answer, (text, answer)
            assert answer["ok"]["applied"] in ([], [py]), (text, answer)
        else:
            assert answer.get("where") == "move" and answer["error"] == want, (text, answer)
    assert ambiguous >= 6, ambiguous
    differ.refusals(record, texts, "deal 5")


def test_records_the_server_refuses(node: Node) -> None:
    differ = Differ("spider", node)
    record = differ.record({"suits": 4}, 1, "kpat")
    # A legal start, then a move refused (a row while a column is empty is refused later on).
    legal = differ.view(record, None, "deal 1")["legal"]
    bad = [
        [legal[0], "1:7C>f"],
        [legal[0], legal[0]],
        ["s", "s", "s", "s", "s", "s"],
        ["1:KC>2"],
        ["2:3S>2"],
    ]
    for moves in bad:
        differ.refused_record({**record, "moves": moves})
    # A short form whose card lies face up in two columns that could both make the move.
    for text in ("8S>2", "QS>4"):
        differ.refused_record({**differ.record({"suits": 1}, 5, "kpat"), "moves": [text]})
