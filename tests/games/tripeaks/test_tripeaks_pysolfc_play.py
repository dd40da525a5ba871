"""TriPeaks played along PySolFC's own games: at every step of each game in
tests/data/tripeaks/pysol_playouts.txt (see its header) the engine allows exactly the moves
PySolFC allowed, in the same order, and ends with the same table, turned cards included."""

from __future__ import annotations

import unittest

from kosynka.games.base import Termination
from kosynka.games.tripeaks import TriPeaks, TriPeaksRules
from tests.games.tripeaks.tripeaks_board import DATA

OPEN = {"22231": False, "22217": True}
"""PySolFC's game ids: Three Peaks, Three Peaks (Open)."""


def read_playouts() -> list[tuple[str, int, str, list[str], list[list[str]], list[str]]]:
    """Per game: (game id, number, won or stuck, moves, legal moves per step, final table)."""
    lines = [
        ln
        for ln in (DATA / "pysol_playouts.txt").read_text().splitlines()
        if ln.strip() and not ln.startswith("#")
    ]
    out = []
    for head, moves, legal, table in zip(
        lines[::4], lines[1::4], lines[2::4], lines[3::4], strict=True
    ):
        game_id, number, end = head.split()
        steps = [s.split() for s in legal.removeprefix("  legal ").split("|")]
        out.append(
            (
                game_id,
                int(number),
                end,
                moves.split()[1:],
                [[] if s == ["-"] else s for s in steps],
                table.split()[1:],
            )
        )
    return out


class TestAlongPysolfc(unittest.TestCase):
    def test_same_moves_at_every_step(self) -> None:
        games = read_playouts()
        assert len(games) == 11 and {end for *_, end, _m, _l, _t in games} == {"won", "stuck"}
        for game_id, number, end, moves, legal, table in games:
            game = TriPeaks(number, rules=TriPeaksRules(open=OPEN[game_id]))
            assert len(legal) == len(moves) + 1
            for step, move in enumerate(moves):
                got = [str(m) for m in game.legal_move_list()]
                assert got == legal[step], (game_id, number, step)
                game.push_text(move)
            assert [str(m) for m in game.legal_move_list()] == legal[-1] == []
            outcome = game.outcome()
            assert outcome is not None
            assert outcome.termination is (Termination.WON if end == "won" else Termination.STUCK)
            ours = []
            for i in range(28):
                card = game.place(i)
                if card is None:
                    ours.append("--")
                else:
                    t = card.text()
                    ours.append(t if game.is_face_up(i) else t[:-1] + t[-1].lower())
            assert ours == table, (game_id, number)
