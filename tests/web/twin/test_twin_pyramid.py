"""Pyramid's rules in the browser (``static/js/games/pyramid``), held to the Python package:
random games to the end under every rule set the page can make (passes 1, 2, 3 and unlimited;
the pyramid or every card to clear), every answer compared after every move (views with the
places, legal moves, refusals, the auto option's Kings, scores and their accounts, outcomes);
the solver's winning lines played through both; the refusals' words in both languages; tables
made from positions; the deals of many numbers (PySolFC's goldens, its Mersenne Twister above
2**53 and up to 10**20 - 1 included); records the server refuses, refused at the same part."""

from __future__ import annotations

import random
from typing import Any

from kosynka.cards import ALL_CARDS, CARD_RANK
from kosynka.errors import KosynkaError
from kosynka.games.pyramid import Pyramid, PyramidRules
from kosynka.games.pyramid.deals import pyramid_layout
from kosynka.solver import solve
from tests.games.pyramid.test_pyramid_deals import read_goldens
from tests.web.twin.harness import (
    Differ,
    Node,
    compare_table,
    play_games,
    position_json,
    respell_card,
    twin_games,
    twin_seed,
)

GAME = "pyramid"
SAFE = 2**53 - 1
RULE_SETS = [
    {"passes": passes, "goal": goal} for passes in (1, 2, 3, None) for goal in ("pyramid", "all")
]
"""Every rule set the page can make."""


def api_number(number: int) -> int | str:
    """A deal number as the API carries it: digits above 2**53 - 1."""
    return number if number <= SAFE else str(number)


def engine_rules(rules: dict[str, Any]) -> PyramidRules:
    """The engine's rules for the API's rules."""
    return PyramidRules(passes=rules["passes"], goal=rules["goal"])


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


# --------------------------------------------------------------------------- the moves tried
ODD_TEXTS = [
    "S", " s ", "R", "r\t", "x", "", "+", "KS+", "+KS", "KS+QS+AS", "ks", "K♠", "13S", "8h + 5c",
    "5C+8H", "AH+AH", "QH+1h", "T♦+3c", "ZZ", "8H+ZZ", "s s", "rr", "KS\u3000", "8H\u00a0+5C",
]  # fmt: skip
"""Move texts spelt every way the parser reads or refuses."""


def shown_cards(view: dict[str, Any]) -> list[str]:
    """Every card the view shows: the places', the waste's top, the stock's top."""
    return [p["card"] for p in view["places"] if p["card"]] + view["waste"] + view["stock"]


class Player:
    """Chooses moves the way that makes games end: removals mostly (a King or a pair), the
    stock when nothing is removed, sometimes the stock anyway. It reads the view that
    ``candidates`` was last called with (the harness asks for candidates just before it
    picks)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def candidates(self, view: dict[str, Any]) -> list[str]:
        """The legal moves, pairs of the shown cards (legal or not), Kings and cards alone,
        cards of the stock and the waste below their tops, the stock moves, odd spellings."""
        rng = self.rng
        out = list(view["legal"])
        shown = shown_cards(view)
        for _ in range(10):
            if len(shown) >= 2:
                a, b = rng.sample(shown, 2)
                out.append(f"{respell_card(rng, a)}+{b}")
        out += [c for c in shown if c[0] == "K"] + rng.sample(shown, min(2, len(shown)))
        hidden = rng.sample(ALL_CARDS, 4)
        out += [str(c) for c in hidden[:2]]
        out += [f"{hidden[2]}+{hidden[3]}"]
        partner = [c for c in ALL_CARDS if shown and CARD_RANK[c.index] + rank(shown[0]) == 13]
        if partner:
            out.append(f"{shown[0]}+{rng.choice(partner)}")
        out += ["s", "r", "s", "r"]
        out += rng.sample(ODD_TEXTS, 3)
        return out

    def pick(self, rng: random.Random, legal: list[str]) -> str:
        """A removal nine times out of ten when there is one, else a stock move."""
        removals = [m for m in legal if m not in ("s", "r")]
        if removals and rng.random() < 0.9:
            return rng.choice(removals)
        return rng.choice(legal)


def rank(card: str) -> int:
    """The rank 1..13 of a card's text."""
    return "A23456789TJQK".index(card[0]) + 1


# --------------------------------------------------------------------------- random games
def test_random_games_agree(node: Node) -> None:
    differ = Differ(GAME, node)
    rng = random.Random(twin_seed() * 7)
    player = Player(rng)
    games = twin_games(24)
    turn = iter(range(10**9))

    def deal(r: random.Random) -> tuple[dict[str, Any], int, str]:
        rules = RULE_SETS[next(turn) % len(RULE_SETS)]
        return rules, api_number(random_pysol(r)), "pysol"  # type: ignore[return-value]

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
    assert counts["moves"] > 20 * games, counts
    assert counts["refusals"] > 4 * counts["moves"], counts
    assert counts["stuck"] >= games // 4, counts


def test_winning_lines_agree(node: Node) -> None:
    """The solver's winning lines, played through both with their scores: the pyramid cleared
    (and the bonus), the stock and the waste cleared too under the goal ``all``."""
    differ = Differ(GAME, node)
    rng = random.Random(twin_seed())
    wins = 0
    for number in [1, 2, 3, *(rng.randint(1, 10**6) for _ in range(twin_games(8)))]:
        for rules in (RULE_SETS[4], RULE_SETS[7]):
            result = solve(Pyramid(number, rules=engine_rules(rules)), time_limit=5)
            if result.status != "solved":
                continue
            record = differ.record(rules, number, "pysol")
            score = {"scoring": "standard", "seconds": 12.0, "undos": 1, "hints": 0}
            where = f"deal {number} {rules}"
            for k, move in enumerate(result.moves):
                answer = differ.move(record, str(move), False, score, f"{where} {k}")
                record = {**record, "moves": [*record["moves"], *answer["applied"]]}
            view = differ.view(record, score, where)
            differ.position(record, where)
            assert view["outcome"] == "won", where
            assert view["score"]["steps"], where
            wins += 1
    assert wins >= 4, wins


# --------------------------------------------------------------------------- refusals in words
def test_refusals_in_both_languages(node: Node) -> None:
    """Every refusal's code and words (both languages, the cards named in them) in positions
    of play under every rule set."""
    node.load(GAME)
    rng = random.Random(twin_seed() * 3)
    player = Player(rng)
    codes: set[str] = set()
    for g in range(twin_games(16)):
        rules = RULE_SETS[g % len(RULE_SETS)]
        game = Pyramid(random_pysol(rng), rules=engine_rules(rules))
        for _ in range(rng.randint(0, 120)):
            legal = game.legal_move_list()
            if not legal:
                break
            game.push(rng.choice(legal))
        pos = position_json(game)
        view = {
            "legal": [str(m) for m in game.legal_moves],
            "places": [{"card": None if c is None else str(c)} for c in game.places()],
            "waste": [str(c) for c in game.waste()[-1:]],
            "stock": [str(c) for c in game.stock()[:1]],
        }
        texts = player.candidates(view) + [str(c) for c in rng.sample(ALL_CARDS, 6)]
        got = node.ok(op="twin", game=GAME, fn="explainAt", args=[rules, pos, texts])
        for text, js in zip(texts, got, strict=True):
            try:
                move = game.parse_move(text)
            except KosynkaError:
                assert js == "unreadable", text
                continue
            reason = game.explain(move)
            want = None if reason is None else f"{reason.code}: {reason.en} | {reason.ru}"
            assert js == want, (text, game.view())
            if reason is not None:
                codes.add(reason.code)
    assert {"rank-sum", "covered", "not-a-king", "not-available", "gone"} <= codes, codes


# --------------------------------------------------------------------------- positions
def test_tables_from_positions(node: Node) -> None:
    """A table made from any position (positions of play, a won one, one with no legal move)
    has the Python's legal moves, outcome and position."""
    node.load(GAME)
    rng = random.Random(twin_seed() * 5)
    for g in range(twin_games(20)):
        rules = RULE_SETS[g % len(RULE_SETS)]
        game = Pyramid(random_pysol(rng), rules=engine_rules(rules))
        for _ in range(rng.randint(0, 200)):
            legal = game.legal_move_list()
            if not legal:
                break
            game.push(rng.choice(legal))
        compare_table(node, GAME, rules, game, f"game {g}")
    # The pyramid gone, the stock not: won under "pyramid", not under "all".
    cleared = Pyramid.from_position([None] * 28, [ALL_CARDS[12], ALL_CARDS[25]], [])
    rules = {"passes": 3, "goal": "pyramid"}
    compare_table(node, GAME, rules, cleared, "cleared")
    all_rules = PyramidRules(passes=3, goal="all")
    cleared_all = Pyramid.from_position(
        [None] * 28, [ALL_CARDS[12], ALL_CARDS[25]], [], rules=all_rules
    )
    compare_table(node, GAME, {"passes": 3, "goal": "all"}, cleared_all, "cleared, all")
    # No pair, no King, the last pass over: stuck.
    deal = pyramid_layout(5)
    places = list(deal.places)
    one_pass = PyramidRules(passes=1)
    stuck = Pyramid.from_position(places, [], list(deal.stock), pass_number=1, rules=one_pass)
    compare_table(node, GAME, {"passes": 1, "goal": "pyramid"}, stuck, "no stock, one pass")


# --------------------------------------------------------------------------- deals
def _layout_text(number: int) -> dict[str, list[str]]:
    layout = pyramid_layout(number)
    return {"places": [str(c) for c in layout.places], "stock": [str(c) for c in layout.stock]}


def test_deals_are_the_pythons(node: Node) -> None:
    node.load(GAME)
    rng = random.Random(twin_seed())
    numbers = [1, 2, 3, 617, 31998, 31999, 32000, 32001, 100000, 123456789, 10**15 + 7]
    numbers += [2**32 - 1, 2**32, 2**53 - 1, 2**53, 2**53 + 1, 2**64 - 1, 2**64, 2**64 + 1]
    numbers += [10**20 - k for k in range(1, 6)]
    numbers += [random_pysol(rng) for _ in range(twin_games(60))]
    for n in numbers:
        got = node.ok(op="twin", game=GAME, fn="layout", args=[api_number(n), "pysol"])
        assert got == _layout_text(n), n


def test_deals_match_pysols_goldens(node: Node) -> None:
    """The layouts PySolFC's own dealing code printed (``tests/data/pyramid``)."""
    node.load(GAME)
    goldens = read_goldens()
    assert len(goldens) >= 8
    for number, _generator, places, stock in goldens:
        got = node.ok(op="twin", game=GAME, fn="layout", args=[api_number(number), "pysol"])
        assert got == {"places": places, "stock": stock}, number


# --------------------------------------------------------------------------- refused records
def test_refused_records_are_refused_at_the_same_move(node: Node) -> None:
    differ = Differ(GAME, node)
    base = differ.record(RULE_SETS[0], 1, "pysol")
    for moves in (["r"], ["JD+2D"], ["s", "KS"], ["QH+AH", "QH+AH"], ["s"] * 25, ["AH+AH"]):
        differ.refused_record({**base, "moves": moves})
    one_pass = differ.record({"passes": 1, "goal": "pyramid"}, 1, "pysol")
    differ.refused_record({**one_pass, "moves": ["s"] * 24 + ["r"]})
