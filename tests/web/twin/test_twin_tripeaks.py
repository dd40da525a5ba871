"""TriPeaks' rules in the browser (``static/js/games/tripeaks``), held to the Python package:
random games to the end under every rule set the page can make (King and Ace next to each
other or not; the peaks closed or open), every answer compared after every move (views with
the places and the run, face-down cards never named, legal moves, refusals, scores, outcomes);
the
solver's winning lines played through both; the refusals' words in both languages (the ranks
named in them); tables made from positions; the deals of many numbers (PySolFC's goldens, its
Mersenne Twister above 2**53 and up to 10**20 - 1 included); records the server refuses,
refused at the same part. Scores and their accounts (the run, the peaks' bonuses) are part of
every view compared."""

from __future__ import annotations

import random
from typing import Any

from kosynka.cards import ALL_CARDS
from kosynka.errors import KosynkaError
from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from kosynka.games.tripeaks.deals import tripeaks_layout
from kosynka.solver import solve
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

GAME = "tripeaks"
SAFE = 2**53 - 1
RULE_SETS = [{"wrap": wrap, "open": is_open} for wrap in (True, False) for is_open in (False, True)]
"""Every rule set the page can make."""


def api_number(number: int) -> int | str:
    """A deal number as the API carries it: digits above 2**53 - 1."""
    return number if number <= SAFE else str(number)


def engine_rules(rules: dict[str, Any]) -> TriPeaksRules:
    """The engine's rules for the API's rules."""
    return TriPeaksRules(wrap=rules["wrap"], open=rules["open"])


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
    "S", " s ", "r", "x", "", "+", "7C>f", "7c", "10h", "1s", "T♦", "k♠", "13S", "ZZ", "s s",
    "ss", "KS\u3000", "\u00a0AH", "7C+6D",
]  # fmt: skip
"""Move texts spelt every way the parser reads or refuses."""


class Player:
    """Chooses moves the way a player would: a card of the peaks when one plays, the stock
    otherwise (sometimes the stock anyway)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def candidates(self, view: dict[str, Any]) -> list[str]:
        """The legal moves, every face-up card of the peaks (covered or not, next to the
        waste's top or not), some cards anywhere (face down, in the stock, on the waste), the
        stock move, odd spellings."""
        rng = self.rng
        out = list(view["legal"])
        shown = [p["card"] for p in view["places"] if p["card"]]
        out += [respell_card(rng, c) if rng.random() < 0.2 else c for c in shown]
        out += [str(c) for c in rng.sample(ALL_CARDS, 6)]
        out += view["waste"] + ["s", "s"]
        out += rng.sample(ODD_TEXTS, 3)
        return out

    def pick(self, rng: random.Random, legal: list[str]) -> str:
        """A card nine times out of ten when one plays, else the stock."""
        cards = [m for m in legal if m != "s"]
        if cards and rng.random() < 0.9:
            return rng.choice(cards)
        return rng.choice(legal)


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
        max_moves=200,
    )
    print(counts)
    assert counts["games"] == games
    assert counts["moves"] > 25 * games, counts
    assert counts["refusals"] > 4 * counts["moves"], counts
    assert counts["stuck"] >= games // 2, counts


def test_winning_lines_agree(node: Node) -> None:
    """The solver's winning lines, played through both with their scores: the run counted
    along, the peaks cleared with their bonuses, nothing playable after."""
    differ = Differ(GAME, node)
    rng = random.Random(twin_seed())
    wins = 0
    for number in [1, 4, *(rng.randint(1, 10**6) for _ in range(twin_games(6)))]:
        for rules in RULE_SETS:
            result = solve(TriPeaks(number, rules=engine_rules(rules)), time_limit=5)
            if result.status != "solved":
                continue
            record = differ.record(rules, number, "pysol")
            where = f"deal {number} {rules}"
            score = {"scoring": "standard", "seconds": 40.0, "undos": 2, "hints": 1}
            for k, move in enumerate(result.moves):
                answer = differ.move(record, str(move), k % 2 == 0, score, f"{where} {k}")
                record = {**record, "moves": [*record["moves"], *answer["applied"]]}
                if k % 5 == 0:
                    differ.view(record, score, f"{where} {k}")
            view = differ.view(record, score, where)
            codes = {step["code"] for step in view["score"]["steps"]}
            assert codes == {"run-card", "stock-card", "peak"}, where
            differ.position(record, where)
            assert view["outcome"] == "won", where
            assert differ.refusals(record, ["s", str(ALL_CARDS[0])], where) == 2
            wins += 1
    assert wins >= 4, wins


# --------------------------------------------------------------------------- refusals in words
def test_refusals_in_both_languages(node: Node) -> None:
    """Every refusal's code and words (both languages, the ranks named in them) in positions
    of play under every rule set."""
    node.load(GAME)
    rng = random.Random(twin_seed() * 3)
    player = Player(rng)
    codes: set[str] = set()
    for g in range(twin_games(24)):
        rules = RULE_SETS[g % len(RULE_SETS)]
        game = TriPeaks(random_pysol(rng), rules=engine_rules(rules))
        for _ in range(rng.randint(0, 40)):
            legal = game.legal_move_list()
            if not legal:
                break
            game.push(rng.choice(legal))
        pos = position_json(game)
        view = {
            "legal": [str(m) for m in game.legal_moves],
            "places": [
                {"card": str(c) if c is not None and game.is_face_up(i) else None}
                for i, c in enumerate(game.place(i) for i in range(28))
            ],
            "waste": [str(game.waste_top())],
        }
        texts = player.candidates(view) + [str(c) for c in rng.sample(ALL_CARDS, 10)]
        texts += [str(c) for c in (game.place(i) for i in range(28)) if c is not None]
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
    assert {"rank", "covered", "face-down", "not-available", "wrap-off"} <= codes, codes


# --------------------------------------------------------------------------- positions
def test_tables_from_positions(node: Node) -> None:
    """A table made from any position of play (a won one and a stuck one among them) has the
    Python's legal moves, outcome and position."""
    node.load(GAME)
    rng = random.Random(twin_seed() * 5)
    outcomes: set[str | None] = set()
    for g in range(twin_games(24)):
        rules = RULE_SETS[g % len(RULE_SETS)]
        game = TriPeaks(random_pysol(rng), rules=engine_rules(rules))
        for _ in range(rng.randint(0, 80)):
            legal = game.legal_move_list()
            if not legal:
                break
            cards = [m for m in legal if m.card is not None]
            game.push(rng.choice(cards) if cards and rng.random() < 0.9 else rng.choice(legal))
        compare_table(node, GAME, rules, game, f"game {g}")
        outcome = game.outcome()
        outcomes.add(None if outcome is None else outcome.termination.value)
    won = TriPeaks(1)
    for move in solve(TriPeaks(1), time_limit=5).moves:
        won.push(move)
    compare_table(node, GAME, RULE_SETS[0], won, "won")
    assert {None, "stuck"} <= outcomes, outcomes


# --------------------------------------------------------------------------- deals
def _layout_text(number: int) -> dict[str, Any]:
    layout = tripeaks_layout(number)
    return {
        "places": [str(c) for c in layout.places],
        "waste": str(layout.waste),
        "stock": [str(c) for c in layout.stock],
    }


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
    """The layouts PySolFC's own dealing code printed (``tests/data/tripeaks``): the places
    (PySolFC writes a face-down card in lower case), the waste's card, the stock."""
    from tests.games.tripeaks.tripeaks_board import read_golden

    node.load(GAME)
    goldens = read_golden()
    assert len(goldens) >= 8
    for number, _generator, places, waste, stock in goldens:
        got = node.ok(op="twin", game=GAME, fn="layout", args=[api_number(number), "pysol"])
        assert got == {"places": [p.upper() for p in places], "waste": waste, "stock": stock}


# --------------------------------------------------------------------------- refused records
def test_refused_records_are_refused_at_the_same_move(node: Node) -> None:
    differ = Differ(GAME, node)
    base = differ.record(RULE_SETS[0], 1, "pysol")
    first = tripeaks_layout(1)
    top, bottom = str(first.places[0]), str(first.places[18])
    for moves in ([top], ["9D"], ["s"] * 24, ["3C", "3C"], [str(first.waste)], [bottom, "s"]):
        differ.refused_record({**base, "moves": moves})
