"""The differential tests' two sides: the browser's rules run under Node.js (``driver.mjs``,
the page's own modules) and the Python game service they are held to.

:func:`play_games` plays random games to the end in both and compares, after every move, the
whole answer the page gets: the view (position as the player sees it, legal moves, counters,
outcome, score and its account), the move's answer (what was applied, with the auto option's
safe moves) and the refusal of a sample of illegal moves (the reason's code and both
languages' words), plus the full position (face-down cards included). Seeds and sizes come
from ``KOSYNKA_TWIN_SEED`` and ``KOSYNKA_TWIN_GAMES`` (:func:`twin_seed`, :func:`twin_games`),
so that anyone can run many more games than CI does.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from kosynka.games import game_spec
from kosynka.web.games import adapter_of
from kosynka.web.service import GameService, RecordError
from kosynka.web.settings import Settings
from kosynka.web.texts import game_texts

STATIC = Path(__file__).resolve().parents[3] / "src" / "kosynka" / "web" / "static" / "js"
DRIVER = Path(__file__).with_name("driver.mjs")


def twin_seed() -> int:
    """The seed of the random games (``KOSYNKA_TWIN_SEED``, 1 by default)."""
    return int(os.environ.get("KOSYNKA_TWIN_SEED", "1"))


def twin_games(default: int) -> int:
    """How many random games to play (``KOSYNKA_TWIN_GAMES``, else ``default``: CI's size)."""
    return int(os.environ.get("KOSYNKA_TWIN_GAMES", str(default)))


class TwinFailure(AssertionError):
    """The browser's side answered with an error it should not have."""


class Node:
    """One Node.js process running the driver: ask() sends a request and reads its answer."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            pytest.fail("Node.js is needed for the differential tests (Debian's nodejs)")
        self.proc = subprocess.Popen(
            [node, str(DRIVER), str(STATIC)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.loaded: set[str] = set()

    def ask(self, **req: Any) -> dict[str, Any]:
        """The driver's answer to ``req``: ``{"ok": value}`` or ``{"error": ..., "where"?}``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise TwinFailure(f"the Node.js driver died answering {req.get('op')}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ok(self, **req: Any) -> Any:
        """The driver's value for ``req``; TwinFailure when it answered an error."""
        answer = self.ask(**req)
        if "error" in answer:
            raise TwinFailure(f"{req.get('op')}: {answer['error']}")
        return answer["ok"]

    def load(self, game: str) -> None:
        """Load ``game``'s twin with the words its Python package has."""
        if game not in self.loaded:
            self.ok(op="load", game=game, texts=game_texts(game))
            self.loaded.add(game)

    def close(self) -> None:
        """End the process."""
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    """A Node.js process running the driver, for one test module."""
    n = Node()
    yield n
    n.close()


def python_service(game: str) -> GameService:
    """The server's game service of ``game`` (the reference)."""
    adapter = adapter_of(game)
    assert adapter is not None
    return GameService(adapter, Settings())


def position_json(game: Any) -> dict[str, Any]:
    """The full position (face-down cards named) as the twins' ``position()`` writes it: the
    game's :class:`~kosynka.games.base.PositionView` with cards as text, the pass number where
    the game has one, and in a table made of places each place's card (null once gone) and
    whether it lies face up."""
    v = game.view()
    out: dict[str, Any] = {
        "columns": [[c.text() for c in col] for col in v.columns],
        "face_down": list(v.face_down),
        "cells": [None if c is None else c.text() for c in v.cells],
        "foundations": [[c.text() for c in f] for f in v.foundations],
        "stock": [c.text() for c in v.stock],
        "waste": [c.text() for c in v.waste],
    }
    if hasattr(game, "pass_number"):
        out["pass_number"] = game.pass_number
    if v.places:
        out["places"] = [[None if p.card is None else p.card.text(), p.face_up] for p in v.places]
    return out


def compare_table(node: Node, name: str, rules: dict[str, Any], game: Any, where: str) -> None:
    """Compare the twin's table made from ``game``'s full position under ``rules`` (the API's
    rules of game ``name``) with the Python game: the same legal moves in the same order, the
    same outcome and the same position."""
    position = position_json(game)
    ask = ["legal", "outcome", "position"]
    got = node.ok(op="positioned", game=name, rules=rules, position=position, ask=ask)
    outcome = game.outcome()
    assert got["legal"] == [str(m) for m in game.legal_moves], where
    assert got["outcome"] == (None if outcome is None else outcome.termination.value), where
    assert got["position"] == position, where


def _same_view(py: dict[str, Any], js: dict[str, Any], where: str) -> None:
    """Assert two views agree: every field, but ``collect`` only where the browser decides it
    (where it would ask the server's solver, the Python side may have found a line)."""
    js = dict(js)
    ask = js.pop("collectAsk", False)
    if ask:
        assert js["collect"] is False, where
        js["collect"] = py["collect"]
    if py != js:
        for key in sorted(set(py) | set(js)):
            assert py.get(key) == js.get(key), f"{where}: view field {key!r} differs"
    assert py == js, where


@dataclass
class Differ:
    """Plays records in both implementations and compares what each answers."""

    game: str
    node: Node
    service: GameService = field(init=False)

    def __post_init__(self) -> None:
        self.service = python_service(self.game)
        self.node.load(self.game)

    def record(self, rules: dict[str, Any], number: int, numbering: str) -> dict[str, Any]:
        """A record of a fresh deal."""
        return {
            "game": self.game,
            "rules": rules,
            "deal": {"number": number, "numbering": numbering, "source": "chosen"},
            "moves": [],
        }

    def py_view(self, record: dict[str, Any], score: dict[str, Any] | None) -> dict[str, Any]:
        """The server's view of ``record``."""
        m = self.service.models
        req = m.view_request(record=record, score=score)
        view = self.service.record_view(req.record, req.score)  # type: ignore[attr-defined]
        out: dict[str, Any] = view.model_dump(mode="json")
        return out

    def view(
        self, record: dict[str, Any], score: dict[str, Any] | None, where: str
    ) -> dict[str, Any]:
        """Compare the views of ``record``; the Python one."""
        py = self.py_view(record, score)
        js = self.node.ok(op="view", game=self.game, record=record, score=score)
        _same_view(py, js, where)
        return py

    def move(
        self,
        record: dict[str, Any],
        text: str,
        auto: bool,
        score: dict[str, Any] | None,
        where: str,
    ) -> dict[str, Any]:
        """Compare the answers to a move; the Python one."""
        m = self.service.models
        req = m.move_request(record=record, move=text, auto=auto, score=score)
        py: dict[str, Any] = self.service.move(req).model_dump(mode="json")
        js = self.node.ok(
            op="move", game=self.game, record=record, move=text, auto=auto, score=score
        )
        _same_view(py.pop("view"), js.pop("view"), f"{where}: {text}")
        assert py == js, f"{where}: the answers to {text} differ"
        return py

    def refusals(self, record: dict[str, Any], texts: Sequence[str], where: str) -> int:
        """Compare the refusal codes of ``texts`` in ``record``'s position; how many were
        refused."""
        game = self.service.replay(self.service.models.record(**record))
        py: list[Any] = []
        for text in texts:
            try:
                move = game.parse_move(text)
            except ValueError:
                py.append("unreadable")
                continue
            reason = game.explain(move)
            py.append(None if reason is None else reason.code)
        js = self.node.ok(op="explain", game=self.game, record=record, moves=list(texts))
        js = ["unreadable" if isinstance(x, dict) else x for x in js]
        for text, a, b in zip(texts, py, js, strict=True):
            assert a == b, f"{where}: {text} is {a!r} in Python, {b!r} in the browser"
        return sum(1 for x in py if x not in (None, "unreadable"))

    def position(self, record: dict[str, Any], where: str) -> None:
        """Compare the full positions after ``record``."""
        py = position_json(self.service.replay(self.service.models.record(**record)))
        js = self.node.ok(op="position", game=self.game, record=record)
        assert py == js, f"{where}: positions differ"

    def refused_record(self, record: dict[str, Any]) -> None:
        """A record the server cannot replay is refused by the browser too, at the same part."""
        try:
            self.py_view(record, None)
        except RecordError as exc:
            answer = self.node.ask(op="view", game=self.game, record=record, score=None)
            assert answer.get("where") == exc.where, (answer, exc.where, exc.message)
            return
        raise AssertionError("the Python side replayed the record")


def random_score(rng: random.Random, scorings: Sequence[str]) -> dict[str, Any] | None:
    """A score request as a page sends one (or none)."""
    if rng.random() < 0.1:
        return None
    return {
        "scoring": rng.choice([*scorings, None]),
        "seconds": rng.choice([None, 0.0, 29.5, 31.0, rng.uniform(0, 5000)]),
        "undos": rng.choice([0, 0, 1, rng.randint(0, 200)]),
        "hints": rng.choice([0, 0, 1]),
        "carry": rng.choice([None, 0, rng.randint(-5000, 5000)]),
    }


def pysol_number(rng: random.Random, roll: float, lcg_below: float, mt_below: float) -> int | str:
    """A PySolFC deal number as the API carries it, chosen by ``roll`` (a ``rng.random()`` the
    caller drew): one its LCG deals (below 32,000) when ``roll < lcg_below``, one its Mersenne
    Twister deals up to 10**12 when ``roll < mt_below``, else one past 2**53 - 1, as digits."""
    if roll < lcg_below:
        return rng.randint(1, 31999)
    if roll < mt_below:
        return rng.randint(32000, 10**12)
    return str(rng.randint(2**53, 10**20 - 1))


def respell_card(rng: random.Random, card: str) -> str:
    """``card`` (``TH``) as a player might type it: the rank ``T`` as ``t`` or ``10``, the ace
    as ``a`` or ``1``, the suit in lower case or as a symbol (filled or outline)."""
    rank, suit = card[:-1], card[-1]
    rank = {"T": rng.choice(["T", "t", "10"]), "A": rng.choice(["A", "a", "1"])}.get(rank, rank)
    suit = rng.choice([suit, suit.lower(), "♣♦♥♠"["CDHS".index(suit)], "♧♢♡♤"["CDHS".index(suit)]])
    return rank + suit


def golden_rows(path: Path) -> list[list[str]]:
    """The rows of a golden data file (perft counts, solutions): each line that is not blank
    and no ``#`` comment, split at its blanks."""
    return [
        line.split()
        for line in path.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]


def play_games(
    differ: Differ,
    *,
    seed: int,
    games: int,
    deal: Callable[[random.Random], tuple[dict[str, Any], int, str]],
    candidates: Callable[[dict[str, Any]], list[str]],
    max_moves: int = 400,
    pick: Callable[[random.Random, list[str]], str] | None = None,
) -> dict[str, int]:
    """Play ``games`` random games (``deal(rng)``: rules, number, numbering) in both
    implementations, comparing after every move; ``candidates(view)`` gives move texts to ask
    about (legal and illegal ones), ``pick`` chooses the move to play among the legal ones.
    Returns counts: games, moves, refusals compared, wins, losses (stuck)."""
    rng = random.Random(seed)
    spec = game_spec(differ.game)
    from kosynka.scoring import scorings

    names = list(scorings(spec.name))
    counts = {"games": 0, "moves": 0, "refusals": 0, "won": 0, "stuck": 0}
    for g in range(games):
        rules, number, numbering = deal(rng)
        record = differ.record(rules, number, numbering)
        score = random_score(rng, names)
        where = f"seed {seed} game {g} ({rules}, deal {number} {numbering})"
        view = differ.view(record, score, where)
        differ.position(record, where)
        for step in range(max_moves):
            here = f"{where} move {step}"
            texts = candidates(view)
            counts["refusals"] += differ.refusals(
                record, rng.sample(texts, min(12, len(texts))), here
            )
            if view["outcome"] is not None or not view["legal"]:
                break
            text = pick(rng, view["legal"]) if pick else rng.choice(view["legal"])
            answer = differ.move(record, text, rng.random() < 0.3, score, here)
            record = {**record, "moves": [*record["moves"], *answer["applied"]]}
            counts["moves"] += 1
            if rng.random() < 0.05 and record["moves"]:  # an undo, as the page sends it
                record = {**record, "moves": record["moves"][:-1]}
                if score is not None:
                    score = {**score, "undos": score["undos"] + 1}
            view = differ.view(record, score, here)
            if step % 7 == 0 or view["outcome"] is not None:
                differ.position(record, here)
        counts["games"] += 1
        if view["outcome"] == "won":
            counts["won"] += 1
        elif view["outcome"] == "stuck":
            counts["stuck"] += 1
    return counts
