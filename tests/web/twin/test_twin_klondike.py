"""Klondike's rules in the browser (``static/js/games/klondike``), held to the Python package:
random games to the end under every rule set the page can make (Draw 1 and 3; passes
unlimited, 1 and 3; cards back from the foundations on and off) in both numberings, every
answer compared after every move (views, legal moves, refusals, the auto option's safe moves,
scores and their accounts, outcomes with the dead-end search); the deals of many numbers in
both numberings (PySolFC's Mersenne Twister above 2**53 and up to 10**20 - 1 included); the
perft goldens; the dead-end search position for position (its verdict, whether it hit its
bound and how many positions it built) on the dead-end tests' endgames and on positions of
play; and records the server refuses, refused at the same part."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kosynka.cards import ALL_CARDS, CARD_RANK, CARD_RED
from kosynka.games.klondike import Klondike, KlondikeRules
from kosynka.games.klondike import deadend as klondike_deadend
from kosynka.games.klondike.deals import klondike_layout
from kosynka.library.starter import starter_index
from tests.games.test_dead_ends import _klondike_cycling, klondike_endgames
from tests.web.twin.harness import (
    Differ,
    Node,
    golden_rows,
    play_games,
    position_json,
    twin_games,
    twin_seed,
)

GAME = "klondike"
SAFE = 2**53 - 1
PERFT_FILE = Path(__file__).resolve().parents[2] / "data" / "klondike" / "perft.txt"
RULE_SETS = [
    {"draw": draw, "passes": passes, "foundation_return": back}
    for draw in (1, 3)
    for passes in (None, 1, 3)
    for back in (True, False)
]
"""Every rule set the page can make."""


def api_number(number: int) -> int | str:
    """A deal number as the API carries it: digits above 2**53 - 1."""
    return number if number <= SAFE else str(number)


def engine_rules(rules: dict[str, Any]) -> KlondikeRules:
    """The engine's rules for the API's rules."""
    return KlondikeRules(
        draw=rules["draw"], passes=rules["passes"], foundation_return=rules["foundation_return"]
    )


def random_pysol(rng: random.Random) -> int:
    """A PySolFC deal number: the Microsoft generator's, the Mersenne Twister's, above 2**53,
    near the top."""
    kind = rng.randrange(4)
    if kind == 0:
        return rng.randint(1, 31999)
    if kind == 1:
        return rng.randint(32000, 10**12)
    if kind == 2:
        return rng.randint(2**53, 10**20 - 1)
    return 10**20 - rng.randint(1, 1000)


@functools.cache
def easy_deals(draw: int) -> list[int]:
    """The starter library's easy deals of Draw ``draw`` (PySolFC numbers): what the page
    deals by default."""
    return sorted(starter_index(GAME).get((KlondikeRules(draw=draw).text(), "easy"), ()))


def random_deal(rng: random.Random, rules: dict[str, Any]) -> tuple[dict[str, Any], int, str]:
    """``rules`` with a deal: an easy one of the starter library (as the page deals), or a
    random one in a random numbering (the number as the API carries it)."""
    easy = easy_deals(rules["draw"])
    if easy and rng.random() < 0.35:
        return rules, rng.choice(easy), "pysol"
    if rng.random() < 0.5:
        return rules, api_number(random_pysol(rng)), "pysol"  # type: ignore[return-value]
    return rules, rng.randint(1, 2**32 - 1), "kpat"


# --------------------------------------------------------------------------- the moves tried
ODD_TEXTS = [
    "S", " s ", "R", "r\t", "x", "", ">", "AH>", ">f", "AH>8", "AH>0", "AH>01", "ah > F",
    "10h>3", "1s>f", "T♦>2", "k♠ > 1", "ZZ>1", "AH>f>f", "AH>ff", "A H>1", "AH\u3000>\u00a02",
    "AHH>1", "7C>٣", "7C>" + "0" * 120 + "1", "7C>" + "9" * 120, "s s", "rr",
]  # fmt: skip
"""Move texts spelt every way the parser reads or refuses."""


def visible_cards(view: dict[str, Any]) -> list[str]:
    """Every card the view shows: face-up column cards, the waste, the foundation tops."""
    cards = [c for col in view["columns"] for c in col["up"]]
    cards += view["waste"]
    cards += [f["top"] for f in view["foundations"] if f["top"]]
    return cards


def make_candidates(rng: random.Random) -> Callable[[dict[str, Any]], list[str]]:
    """``candidates(view)``: the legal moves, every shown card to every place, some cards of
    the stock and face-down ones, the stock moves, odd spellings."""

    def candidates(view: dict[str, Any]) -> list[str]:
        out = list(view["legal"])
        dests = [*(str(k) for k in range(1, 8)), "f"]
        for card in visible_cards(view):
            out += [f"{card}>{d}" for d in dests]
        hidden = rng.sample(ALL_CARDS, 6)
        out += [f"{c}>{rng.choice(dests)}" for c in hidden]
        out += ["s", "r", "s", "r"]
        out += rng.sample(ODD_TEXTS, 3)
        return out

    return candidates


class Player:
    """Chooses moves the way that makes games end: moves that turn a card up, cards home,
    waste cards into the tableau, the stock; seldom a card back from home or a card moved
    between columns for nothing. It reads
    the view that ``candidates`` was last called with (the harness asks for candidates just
    before it picks)."""

    def __init__(self, rng: random.Random) -> None:
        self.view: dict[str, Any] = {}
        self.base = make_candidates(rng)

    def candidates(self, view: dict[str, Any]) -> list[str]:
        self.view = view
        return self.base(view)

    def pick(self, rng: random.Random, legal: list[str]) -> str:
        view = self.view
        tops = {f["top"] for f in view["foundations"] if f["top"]}
        uncovering = {
            col["up"][0] for col in view["columns"] if col["down"] and col["up"]
        }  # the bottom face-up card of a column hiding cards
        home = [m for m in legal if m.endswith(">f")]
        turn = [m for m in legal if m.split(">")[0] in uncovering]
        waste = view["waste"][-1:] if view["waste"] else []
        from_waste = [m for m in legal if m.split(">")[0] in waste and not m.endswith(">f")]
        other = [m for m in legal if ">" in m and m.split(">")[0] not in tops]
        stock = [m for m in legal if ">" not in m]
        for group, chance in ((turn, 0.95), (home, 0.9), (from_waste, 0.7), (other, 0.1)):
            if group and rng.random() < chance:
                return rng.choice(group)
        if stock and rng.random() < 0.9:
            return stock[0]
        return rng.choice(legal)


# --------------------------------------------------------------------------- random games
def test_random_games_agree(node: Node) -> None:
    differ = Differ(GAME, node)
    rng = random.Random(twin_seed() * 7)
    player = Player(rng)
    turn = itertools.count()
    games = twin_games(36)

    def deal(r: random.Random) -> tuple[dict[str, Any], int, str]:
        return random_deal(r, RULE_SETS[next(turn) % len(RULE_SETS)])

    counts = play_games(
        differ,
        seed=twin_seed(),
        games=games,
        deal=deal,
        candidates=player.candidates,
        pick=player.pick,
        max_moves=300,
    )
    print(counts)
    assert counts["games"] == games
    assert counts["moves"] > 40 * games, counts
    assert counts["refusals"] > 4 * counts["moves"], counts
    assert counts["won"] >= 1 + games // 20 and counts["stuck"] >= games // 4, counts


# --------------------------------------------------------------------------- deals
def _layout_text(number: int, numbering: str) -> dict[str, list[Any]]:
    layout = klondike_layout(number, numbering)
    return {
        "columns": [[str(c) for c in col] for col in layout.columns],
        "stock": [str(c) for c in layout.stock],
    }


def test_deals_are_the_pythons(node: Node) -> None:
    node.load(GAME)
    rng = random.Random(twin_seed())
    pysol = [1, 2, 3, 617, 11982, 31998, 31999, 32000, 32001, 100000, 123456789, 10**15 + 7]
    pysol += [2**32 - 1, 2**32, 2**32 + 1, 2**53 - 1, 2**53, 2**53 + 1, 2**64 - 1, 2**64, 2**64 + 1]
    pysol += [10**20 - k for k in range(1, 6)]
    pysol += [random_pysol(rng) for _ in range(twin_games(60))]
    kpat = [1, 2, 1000, 2**31 - 1, 2**31, 2**32 - 1]
    kpat += [rng.randint(1, 2**32 - 1) for _ in range(twin_games(30))]
    for numbering, numbers in (("pysol", pysol), ("kpat", kpat)):
        for n in numbers:
            got = node.ok(op="twin", game=GAME, fn="layout", args=[api_number(n), numbering])
            assert got == _layout_text(n, numbering), (n, numbering)


def test_deals_match_pysol_cards_and_kpat(node: Node) -> None:
    # The goldens the Python's own deal tests use: pysol_cards' layouts of PySolFC's game
    # numbers and KPat deal 1's first row.
    from tests.games.klondike.test_klondike_deals import pysol_reference

    node.load(GAME)
    for n in (1, 617, 31999, 32000, 123456789, 10**15 + 7):
        columns, talon = pysol_reference(n)
        got = node.ok(op="twin", game=GAME, fn="layout", args=[api_number(n), "pysol"])
        assert got["columns"] == columns, n
        assert got["stock"][::-1] == talon, n
    got = node.ok(op="twin", game=GAME, fn="layout", args=[1, "kpat"])
    assert [col[0] for col in got["columns"]] == ["JD", "2D", "9H", "JC", "5D", "7H", "7C"]


# --------------------------------------------------------------------------- refused records
def test_refused_records_are_refused_at_the_same_move(node: Node) -> None:
    differ = Differ(GAME, node)
    base = differ.record(RULE_SETS[0], 5, "pysol")
    for moves in (["r"], ["s", "KS>f"], ["s", "s", "7S>5", "7S>5"], ["AH>1"], ["s"] * 25):
        differ.refused_record({**base, "moves": moves})
    one_pass = differ.record({"draw": 3, "passes": 1, "foundation_return": False}, 7, "kpat")
    differ.refused_record({**one_pass, "moves": ["s"] * 8 + ["r"]})


# --------------------------------------------------------------------------- perft
def read_perft() -> list[tuple[int, str, dict[str, Any], int, int]]:
    rows = []
    for deal, numbering, draw, passes, ret, depth, nodes, _unique in golden_rows(PERFT_FILE):
        rules = {
            "draw": int(draw),
            "passes": None if passes == "-" else int(passes),
            "foundation_return": ret == "on",
        }
        rows.append((int(deal), numbering, rules, int(depth), int(nodes)))
    return rows


def test_perft_goldens(node: Node) -> None:
    differ = Differ(GAME, node)
    rows = read_perft()
    assert len(rows) >= 40
    for deal, numbering, rules, depth, nodes in rows:
        record = differ.record(rules, deal, numbering)
        got = node.ok(op="perft", game=GAME, record=record, depth=depth)
        assert got == nodes, (deal, numbering, rules, depth)


# --------------------------------------------------------------------------- dead ends
def api_rules(rules: KlondikeRules) -> dict[str, Any]:
    """The API's rules for the engine's."""
    return {
        "draw": rules.draw,
        "passes": rules.passes,
        "foundation_return": rules.foundation_return,
    }


def compare_search(node: Node, game: Klondike, limits: tuple[int, ...]) -> list[bool]:
    """Compare the dead-end searches of ``game`` under each bound in ``limits`` (verdict, bound
    hit, positions built); whether each hit its bound."""
    hits = []
    pos = position_json(game)
    for limit in limits:
        py = klondike_deadend.search(game, limit)
        js = node.ok(op="twin", game=GAME, fn="deadEnd", args=[api_rules(game.rules), pos, limit])
        assert js == {"dead": py.dead, "boundHit": py.bound_hit, "positions": py.positions}, (
            limit,
            game.rules,
            game.view(),
        )
        hits.append(py.bound_hit)
    return hits


def compare_positioned(node: Node, game: Klondike) -> str | None:
    """Compare the legal moves and outcome of ``game``'s position; the outcome."""
    py_outcome = game.outcome()
    want = None if py_outcome is None else py_outcome.termination.value
    got = node.ok(
        op="positioned",
        game=GAME,
        rules=api_rules(game.rules),
        position=position_json(game),
        ask=["legal", "outcome", "position"],
    )
    assert got["legal"] == [str(m) for m in game.legal_move_list()], game.view()
    assert got["outcome"] == want, (game.rules, game.view())
    assert got["position"] == position_json(game)
    texts = [f"{c}>{d}" for c in ALL_CARDS for d in (*"1234567", "f")] + ["s", "r"]
    py: list[str | None] = []
    for text in texts:
        reason = game.explain(game.parse_move(text))
        py.append(None if reason is None else f"{reason.code}: {reason.en}")
    js = node.ok(
        op="twin",
        game=GAME,
        fn="explainAt",
        args=[api_rules(game.rules), position_json(game), texts],
    )
    assert js == py, game.view()
    return want


def test_dead_end_endgames_agree(node: Node) -> None:
    node.load(GAME)
    outcomes: dict[str | None, int] = {"stuck": 0, None: 0}
    games = klondike_endgames(twin_games(200), twin_seed() + 27)
    for draw in (1, 3):
        for passes in (None, 1, 2, 3):
            for back in (True, False):
                rules = KlondikeRules(draw=draw, passes=passes, foundation_return=back)
                games += klondike_endgames(max(2, twin_games(200) // 40), twin_seed(), rules)
    hits = 0
    for game in games:
        outcomes[compare_positioned(node, game)] += 1
        hits += sum(compare_search(node, game, (klondike_deadend.LIMIT, 25, 7)))
    assert outcomes["stuck"] >= len(games) // 10 and outcomes[None] >= len(games) // 3, outcomes
    assert hits >= 10, hits


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("passes", [None, 1, 3])
@pytest.mark.parametrize("back", [True, False])
def test_dead_ends_by_hand(node: Node, draw: int, passes: int | None, back: bool) -> None:
    node.load(GAME)
    game = _klondike_cycling(KlondikeRules(draw=draw, passes=passes, foundation_return=back))
    assert compare_positioned(node, game) == "stuck"
    for _ in range(40):  # only the stock moves: it stays lost
        stock_moves = [m for m in game.legal_move_list() if m.card is None]
        if not stock_moves:
            break
        game.push(stock_moves[0])
        assert compare_positioned(node, game) == "stuck"
    live = _klondike_cycling(
        KlondikeRules(draw=draw, passes=passes, foundation_return=back), "JS", spades=10
    )
    assert compare_positioned(node, live) is None
    compare_search(node, live, (klondike_deadend.LIMIT, 3))


def _played_positions(rng: random.Random, count: int) -> list[Klondike]:
    """Positions of random games played in Python (card moves preferred, so that the tableau
    fills with face-up cards and the searches grow)."""
    out: list[Klondike] = []
    while len(out) < count:
        rules = engine_rules(rng.choice(RULE_SETS))
        game = Klondike(rng.randint(1, 10**9), rules=rules)
        for step in range(rng.randint(20, 200)):
            legal = game.legal_move_list()
            if not legal:
                break
            cards = [m for m in legal if m.card is not None]
            game.push(rng.choice(cards) if cards and rng.random() < 0.6 else legal[-1])
            if step % 17 == 16:
                out.append(game.copy(stack=False))
    return out


def test_dead_end_search_of_positions_in_play(node: Node) -> None:
    node.load(GAME)
    rng = random.Random(twin_seed() + 3)
    for game in _played_positions(rng, twin_games(60)):
        compare_search(node, game, (klondike_deadend.LIMIT, 20, 5))
        compare_positioned(node, game)


def _chain(rng: random.Random, king: int, free: dict[int, list[int]]) -> list[int]:
    """A run from the king ``king`` (a card index) down, each card of the other colour taken
    from ``free`` (suits left, by rank), two to ten cards long."""
    run = [king]
    for rank in range(12, 12 - rng.randint(1, 9), -1):
        red = CARD_RED[run[-1]] == 0
        suits = [s for s in free[rank] if (s in (1, 2)) == red]
        if not suits:
            break
        suit = rng.choice(suits)
        free[rank].remove(suit)
        run.append(suit * 13 + rank - 1)
    return run


def _crowded(rng: random.Random, rules: KlondikeRules) -> Klondike:
    """A position whose no-progress part is large: four kings heading long runs of cards the
    other runs' cards fit on (over face-down cards), no empty column, the aces and threes face
    down, three columns topped by a two that fits nowhere, the rest in the stock and the
    waste. Nothing goes home and nothing turns up for a long while, or ever."""
    free = {rank: [0, 1, 2, 3] for rank in range(1, 13)}
    runs = [_chain(rng, s * 13 + 12, free) for s in (3, 0, 2, 1)]
    rest = [s * 13 + rank - 1 for rank in range(1, 13) for s in free[rank]]
    twos = [c for c in rest if CARD_RANK[c] == 2][:3]
    others = [c for c in rest if c not in twos and CARD_RANK[c] not in (1, 3)]
    rng.shuffle(others)
    cut = rng.randint(0, len(others) // 2)
    down = [c for c in rest if CARD_RANK[c] in (1, 3)] + others[:cut]
    talon = others[cut:]
    rng.shuffle(down)
    cols: list[list[int]] = [down[i::7] for i in range(7)]
    hidden = [len(col) for col in cols]
    for i, run in enumerate(runs):
        cols[i] += run
    for i, two in enumerate(twos):
        cols[4 + i].append(two)
    split = rng.randint(0, len(talon))
    return Klondike.from_position(
        [[ALL_CARDS[c] for c in col] for col in cols],
        hidden,
        [ALL_CARDS[c] for c in talon[:split]],
        [ALL_CARDS[c] for c in talon[split:]],
        rules=rules,
    )


def test_dead_end_search_of_crowded_positions(node: Node) -> None:
    # Searches that build thousands of positions: the same verdicts, the same bound hit at
    # the same count, under the game's bound and under others.
    node.load(GAME)
    rng = random.Random(twin_seed() + 5)
    hits = dead = 0
    for k in range(twin_games(24)):
        game = _crowded(rng, engine_rules(RULE_SETS[k % len(RULE_SETS)]))
        found = compare_search(node, game, (klondike_deadend.LIMIT, 500))
        hits += found[0]
        dead += klondike_deadend.search(game).dead
        compare_positioned(node, game)
    assert hits >= 2 and dead >= 2, (hits, dead)
