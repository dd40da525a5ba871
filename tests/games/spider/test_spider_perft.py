"""Spider perft: leaf counts of the move tree from deals of every suit count, by the move
generator, against golden counts made by a brute force over every nameable move (each card of
each column to each column, and a dealt row, kept when ``explain`` passes it).

The golden file (tests/data/spider/perft.txt) was made with the brute force below; the test
walks the tree with :meth:`Spider.legal_move_list`, so the two definitions of "legal" are held
to each other, finished runs leaving by themselves and rows dealt included.
"""

from __future__ import annotations

from pathlib import Path

from kosynka.games.spider import Spider, SpiderRules
from kosynka.games.spider.rules import COLUMNS, DEAL, Move
from tests.perft_tree import perft

PERFT_FILE = Path(__file__).parents[2] / "data" / "spider" / "perft.txt"


def brute_force_moves(game: Spider) -> set[Move]:
    """Every nameable move whose explanation is None: an independent definition of legal."""
    out = set()
    for src in range(COLUMNS):
        for card in game.view().columns[src]:
            for to in range(COLUMNS):
                move = Move(src, card, to)
                if game.explain(move) is None:
                    out.add(move)
    deal = Move(None, None, DEAL)
    if game.explain(deal) is None:
        out.add(deal)
    return out


def read_perft() -> list[tuple[int, str, int, int, int, int]]:
    rows = []
    for line in PERFT_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            deal, numbering, suits, depth, nodes, unique = line.split()
            rows.append((int(deal), numbering, int(suits), int(depth), int(nodes), int(unique)))
    return rows


def test_perft_golden() -> None:
    rows = read_perft()
    assert len(rows) >= 7 and {r[2] for r in rows} == {1, 2, 4}
    for deal, numbering, suits, depth, nodes, unique in rows:
        game = Spider(deal, rules=SpiderRules(suits=suits), numbering=numbering)
        seen: set[object] = set()
        assert perft(game, depth, seen) == nodes, (deal, numbering, suits, depth)
        assert len(seen) == unique, (deal, numbering, suits, depth)


def test_the_generator_lists_exactly_the_brute_forces_moves() -> None:
    """At every node two moves deep from each golden deal, the generator's moves are the brute
    force's, each once."""
    for deal, numbering, suits, _, _, _ in read_perft():
        game = Spider(deal, rules=SpiderRules(suits=suits), numbering=numbering)
        frontier = [game]
        for _ in range(2):
            nxt = []
            for g in frontier:
                listed = g.legal_move_list()
                assert len(listed) == len(set(listed)) and set(listed) == brute_force_moves(g)
                for m in listed:
                    child = g.copy()
                    child.push(m)
                    nxt.append(child)
            frontier = nxt
