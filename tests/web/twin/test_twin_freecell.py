"""FreeCell's rules in the browser (``static/js/games/freecell/``) held to the Python rules.

Random games under every rule option (0 to 4 free cells, foundation return on and off) and both
numberings are played in both, every answer compared after every move (views, move answers
with the auto option's safe moves, refusals, full positions, scores); the moves are chosen
mostly by the game's own player (:mod:`kosynka.games.freecell.player`), so that games are won
as well as lost, and written now and then as a player may type them (``10h > 3``, ``9♣>c2``).
Then the goldens the Python tests use: perft counts, the deals of every numbering either side
of each border, the dead-end positions (the stored lost endgames, the random endgames of
``tests/games/test_dead_ends.py``, positions met in play: the same search, count for count),
fc-solve's winning lines replayed to the win, and records the server refuses.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from kosynka.cards import ALL_CARDS, Card
from kosynka.games.freecell import FOUNDATION, FreeCell, FreeCellRules, Move
from kosynka.games.freecell import deadend as fc_deadend
from kosynka.games.freecell import player as fc_player
from kosynka.games.freecell.notation import parse_text
from kosynka.games.freecell.reasons import CODES
from tests.games.test_dead_ends import freecell_endgames
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

DATA = Path(__file__).parents[2] / "data" / "freecell"
RULES: list[dict[str, Any]] = [
    {"cells": c, "foundation_return": r} for c in range(5) for r in (True, False)
]
"""Every rule option."""
DESTS = [*(str(k) for k in range(1, 9)), "f", "c", "c1", "c2", "c3", "c4"]
UNREADABLE = [
    "9H>9", "9H>0", "9H>c5", "9H>ce", "9H", "9H>", ">3", "XX>1", "s", "9H>h", "1>1", "9H>>1",
    "11H>1", "9H>c0", "9H>c" + "9" * 101, "9H>" + "1" * 101, "Q'>1", "9H>\x07", "9H>c1x",
]  # fmt: skip
"""Texts that are no move (each must be unreadable in both, with the same words)."""
SPELLINGS = [
    "9h>3", "10d > 8", "AH>F", "5s>C", "5s>c3", "5s>cd", "1♠>f", "t♦ >c2", "Q♡>1", "k♧>C b",
    "9H>c 01", "9H>" + "0" * 120 + "1",
]  # fmt: skip
"""Texts a player may type, each read as a move."""


def card_texts(view: dict[str, Any]) -> list[str]:
    """Every card the view shows: the columns', the free cells' and the foundations' (all of
    them: the cards under a foundation's top are refused as not available)."""
    out = [c for col in view["columns"] for c in col["up"]]
    out += [c for c in view["cells"] if c]
    suits = "CDHS"
    for f in view["foundations"]:
        out += [ALL_CARDS[suits.index(f["suit"]) * 13 + r].text() for r in range(f["count"])]
    return out


def every_candidate(view: dict[str, Any]) -> list[str]:
    """Every card to every destination, the legal moves and some unreadable texts."""
    out = [f"{c}>{d}" for c in card_texts(view) for d in DESTS]
    return [*view["legal"], *out, *UNREADABLE, *SPELLINGS]


def respell(rng: random.Random, text: str) -> str:
    """``text`` as a player might type it (another case, ``10``, suit symbols, blanks)."""
    card, dest = text.split(">")
    card = respell_card(rng, card)
    dest = dest.upper() if rng.random() < 0.5 else dest
    return f" {card} > {dest}" if rng.random() < 0.5 else f"{card}>{dest}"


class Player:
    """Chooses the moves of the random games: mostly the game's player's move (so that games
    are won), else a random one; now and then a move to the first empty free cell is made to a
    named one, and a move is typed in another spelling. :meth:`candidates` sees each view
    before :meth:`pick` is asked (as ``play_games`` calls them)."""

    def __init__(self, seed: int, smart: float) -> None:
        self.rng = random.Random(seed)
        self.smart = smart
        self.rules = FreeCellRules()
        self.view: dict[str, Any] = {}
        self.seen: set[object] = set()

    def start(self, rules: dict[str, Any]) -> None:
        """A new game under ``rules``."""
        self.rules = FreeCellRules(**rules)
        self.seen = set()

    def candidates(self, view: dict[str, Any]) -> list[str]:
        """Move texts to ask about in ``view``: the legal moves, every card to every place,
        unreadable texts."""
        self.view = view
        return every_candidate(view)

    def game(self) -> FreeCell:
        """The position of the last view, in Python."""
        v = self.view
        return FreeCell.from_position(
            [[Card.parse(c) for c in col["up"]] for col in v["columns"]],
            [None if c is None else Card.parse(c) for c in v["cells"]],
            [f["count"] for f in v["foundations"]],
            rules=self.rules,
        )

    def pick(self, rng: random.Random, legal: list[str]) -> str:
        """The move to play among ``legal``."""
        text = rng.choice(legal)
        if rng.random() < self.smart:
            game = self.game()
            self.seen.add(game.key())
            move = fc_player.best_move(game, self.rng, self.seen)
            if move is not None:
                text = str(move)
        if text.endswith(">c") and rng.random() < 0.5:
            empty = [k for k, c in enumerate(self.view["cells"]) if c is None]
            text += str(rng.choice(empty) + 1)
        if rng.random() < 0.1:
            text = respell(rng, text)
        return text


def dealer(player: Player, rules_cycle: list[dict[str, Any]]) -> Any:
    """``deal(rng)`` for ``play_games``: the rule options in turn, numbers of both numberings
    (pysol numbers below and above 32,000 and past 2**53 - 1, sent as digits)."""
    turn = iter(range(10**9))

    def deal(rng: random.Random) -> tuple[dict[str, Any], Any, str]:
        rules = rules_cycle[next(turn) % len(rules_cycle)]
        player.start(rules)
        roll = rng.random()
        if roll < 0.7:
            return rules, rng.randint(1, 2**33 - 1), "ms"
        return rules, pysol_number(rng, roll, 0.8, 0.9), "pysol"

    return deal


# ----------------------------------------------------------------------------- random games
def test_random_games_every_rule_option(node: Node) -> None:
    differ = Differ("freecell", node)
    player = Player(twin_seed(), smart=0.95)
    many = [r for r in RULES if r["cells"] >= 3]
    counts = play_games(
        differ,
        seed=twin_seed(),
        games=twin_games(60),
        deal=dealer(player, RULES + many + many),
        candidates=player.candidates,
        pick=player.pick,
        max_moves=250,
    )
    assert counts["games"] == twin_games(60)
    assert counts["won"] >= 1 and counts["stuck"] >= 1, counts
    assert counts["refusals"] >= 10 * counts["games"], counts
    print(counts)


def test_random_games_with_few_cells(node: Node) -> None:
    # Mostly random moves with no or one free cell: games end stuck and at dead ends often.
    differ = Differ("freecell", node)
    player = Player(twin_seed() + 1, smart=0.5)
    few = [r for r in RULES if r["cells"] <= 1]
    counts = play_games(
        differ,
        seed=twin_seed() + 1,
        games=twin_games(30),
        deal=dealer(player, few),
        candidates=player.candidates,
        pick=player.pick,
        max_moves=120,
    )
    assert counts["stuck"] >= counts["games"] // 3, counts
    print(counts)


# ----------------------------------------------------------------------------- refusals
def played_records(differ: Differ, seed: int, per_rules: int) -> list[dict[str, Any]]:
    """Records reached by the player's moves from random deals under every rule option, some
    long (few free cells and empty columns left), some short."""
    rng = random.Random(seed)
    out = []
    for rules in RULES:
        for _ in range(per_rules):
            number = rng.randint(1, 32000)
            game = FreeCell(number, rules=FreeCellRules(**rules))
            record = differ.record(rules, number, "ms")
            moves = []
            for _ in range(rng.randint(0, 60)):
                if game.outcome() is not None:
                    break
                move = fc_player.best_move(game, rng) if rng.random() < 0.7 else None
                move = move or rng.choice(list(game.legal_moves))
                game.push(move)
                moves.append(str(move))
            out.append({**record, "moves": moves})
    return out


def test_every_refusal_with_its_words(node: Node) -> None:
    """Every card to every place in positions of every rule option: the same code for each, and
    for one move of each code (and of each number in its words) the same answer to the move,
    words in both languages included."""
    differ = Differ("freecell", node)
    seen: dict[tuple[str, str], str] = {}
    compared = 0
    for i, record in enumerate(played_records(differ, twin_seed() + 2, 3)):
        view = differ.view(record, None, f"record {i}")
        texts = every_candidate(view)
        compared += differ.refusals(record, texts, f"record {i}")
        game = differ.service.replay(differ.service.models.record(**record))
        for text in texts:
            try:
                reason = game.explain(game.parse_move(text))
            except ValueError:
                continue
            if reason is not None and (reason.code, reason.en) not in seen:
                seen[reason.code, reason.en] = text
                differ.move(record, text, False, None, f"record {i}")
    assert {code for code, _ in seen} == set(CODES)
    assert len(seen) > len(CODES) + 10  # the templates with several numbers
    assert compared > 5000


def test_unreadable_texts_in_the_same_words(node: Node) -> None:
    differ = Differ("freecell", node)
    record = differ.record(RULES[8], 1, "ms")  # 4 free cells, return on
    texts = [*UNREADABLE, *SPELLINGS, "9H>c\u2028", "9H\u3000>\u00a01", "9H\ufeff>1", "A\x85C>f"]
    answers = node.ok(op="explain", game="freecell", record=record, moves=texts)
    game = FreeCell(1)
    for text, js in zip(texts, answers, strict=True):
        try:
            move = Move.parse(text)
        except ValueError as exc:
            assert js == {"unreadable": str(exc)}, text
            continue
        reason = game.explain(move)
        assert js == (None if reason is None else reason.code), text


def test_records_refused_at_the_same_part(node: Node) -> None:
    differ = Differ("freecell", node)
    game = FreeCell(1)
    for _ in range(12):
        game.push(fc_player.best_move(game, 0) or next(iter(game.legal_moves)))
    moves = [str(m) for m in game.move_stack]
    record = {**differ.record(RULES[8], 1, "ms"), "moves": moves}  # 4 free cells, return on
    view = differ.view(record, None, "deal 1")
    texts = [f"{c}>{d}" for c in card_texts(view) for d in DESTS if not d.startswith("c")]
    illegal = [t for t in texts if t not in view["legal"]]
    bad = [
        {**record, "moves": [*moves[:2], "AH>f", *moves[2:]]},
        {**record, "moves": [*moves, illegal[0], "AH>f"]},
        {**record, "moves": [*moves, illegal[-1]]},
        {**record, "deal": {**record["deal"], "number": 2**33}},
        {**record, "deal": {**record["deal"], "number": str(10**20), "numbering": "pysol"}},
        {**record, "rules": {"cells": 0, "foundation_return": True}, "moves": ["8C>c"]},
        {**record, "rules": {"cells": 1, "foundation_return": True}, "moves": ["8C>c2"]},
        {**record, "moves": ["8C>c", "TC>c1"]},
        {**record, "rules": {"cells": 4, "foundation_return": False}, "moves": ["8C>f"]},
    ]
    for r in bad:
        differ.refused_record(r)


# ----------------------------------------------------------------------------- goldens
def test_perft_golden(node: Node) -> None:
    differ = Differ("freecell", node)
    rows = golden_rows(DATA / "perft.txt")
    for deal, numbering, cells, ret, depth, nodes, _ in rows:
        rules = {"cells": int(cells), "foundation_return": ret == "on"}
        record = differ.record(rules, int(deal), numbering)
        assert node.ok(op="perft", game="freecell", record=record, depth=int(depth)) == int(nodes)
    assert len(rows) >= 8


NUMBERS = [
    1, 2, 3, 164, 617, 11982, 31999, 32000, 32001, 32002, 100_000, 1_234_567,
    2**31 - 1, 2**31, 2**31 + 1, 3_000_000_000, 2**32 - 1, 2**32, 2**32 + 1,
    6_000_000_000, 2**33 - 1,
]  # fmt: skip
"""Deal numbers either side of every border (as in tests/games/freecell/test_freecell_deals.py)."""


def test_deals_of_every_numbering(node: Node) -> None:
    differ = Differ("freecell", node)
    for numbering, numbers in (
        ("ms", NUMBERS),
        ("pysol", [*NUMBERS, 10**12 + 7, 2**53 - 1, 2**53, 10**19, 10**20 - 1]),
    ):
        for n in numbers:
            number = n if n <= 2**53 - 1 else str(n)
            record = differ.record(RULES[0], number, numbering)  # type: ignore[arg-type]
            differ.position(record, f"{numbering} {n}")
            differ.view(record, {"scoring": None}, f"{numbering} {n}")


def positioned(node: Node, game: FreeCell, where: str) -> None:
    """The twin of ``game``'s position: the same legal moves, outcome and dead-end search."""
    rules = {"cells": game.rules.cells, "foundation_return": game.rules.foundation_return}
    compare_table(node, "freecell", rules, game, where)
    pos = position_json(game)
    found = fc_deadend.search(game)
    twin = node.ok(op="twin", game="freecell", fn="deadEndSearch", args=[rules, pos])
    py = {"dead": found.dead, "bound_hit": found.bound_hit, "positions": found.positions}
    assert twin == py, where


def test_dead_end_goldens(node: Node) -> None:
    Differ("freecell", node)  # loads the twin
    lost = [
        parse_text(line)
        for line in (DATA / "lost_endgames.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    for i, game in enumerate(lost):
        positioned(node, game, f"lost endgame {i}")
    endgames = freecell_endgames(400, 27)
    dead = 0
    for i, game in enumerate(endgames):
        positioned(node, game, f"endgame {i}")
        dead += fc_deadend.search(game).dead
    assert dead >= 30
    for back in (True, False):  # test_freecell_dead_ends_by_hand
        for cells in (0, 1):
            game = FreeCell(1, rules=FreeCellRules(cells=cells, foundation_return=back))
            positioned(node, game, f"deal 1 cells={cells}")
            if cells:
                game.push_text("8C>c")
                positioned(node, game, "deal 1 after 8C>c")
    needs_return = (
        "freecell cells=0 return=on | tableau 4H 6H / 9H 8H / 8C 5H / QC KH / 9C 7H / TH TC"
        " / QH KC / JH JC | cells | foundations 7C KD 3H KS"
    )
    for text in (needs_return, needs_return.replace("return=on", "return=off")):
        positioned(node, parse_text(text), text)


def test_dead_end_search_in_play(node: Node) -> None:
    """Every position of random games (moves home half the time) under every rule option,
    until a dead end: the same search, count for count, past the bound too."""
    Differ("freecell", node)
    rng = random.Random(twin_seed() + 4)
    kinds = {"dead": 0, "bound": 0, "open": 0}
    for g in range(twin_games(50)):
        rules = FreeCellRules(cells=g % 5, foundation_return=g % 10 < 5)
        game = FreeCell(rng.randint(1, 10**6), rules=rules)
        for step in range(200):
            moves = game.legal_move_list()
            if not moves or game.is_won():
                break
            home = [m for m in moves if m.to == FOUNDATION]
            game.push(home[0] if home and rng.random() < 0.5 else rng.choice(moves))
            found = fc_deadend.search(game)
            kinds["dead" if found.dead else "bound" if found.bound_hit else "open"] += 1
            positioned(node, game, f"game {g} step {step}")
            if found.dead:
                break
    assert kinds["dead"] >= 10 and kinds["bound"] >= 5, kinds


def test_fcsolve_lines_win_in_the_browser(node: Node) -> None:
    """fc-solve's winning lines, replayed as move text: the twin wins each, with the same
    view and score at every move of the first two and at the end of every one."""
    differ = Differ("freecell", node)
    rows = 0
    for deal, cells, *tokens in golden_rows(DATA / "fcsolve_solutions.txt"):
        rules = {"cells": int(cells), "foundation_return": True}
        board = FreeCell(int(deal), rules=FreeCellRules(cells=int(cells)))
        moves = []
        for token in tokens:
            move = board.parse_standard(token)
            board.push(move)
            moves.append(str(move))
        assert board.is_won()
        record = differ.record(rules, int(deal), "ms")
        score = {"scoring": "standard", "seconds": 95.5, "undos": 3, "hints": 0, "carry": None}
        steps = range(len(moves) + 1) if rows < 2 else [len(moves)]
        for n in steps:
            view = differ.view({**record, "moves": moves[:n]}, score, f"deal {deal} move {n}")
        assert view["outcome"] == "won" and view["score"]["won"], deal
        rows += 1
    assert rows >= 8
