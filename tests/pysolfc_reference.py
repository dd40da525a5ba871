"""pysol_cards as a reference for PySolFC's game numbers, with PySolFC's own switch between its
two generators.

The PySolFC program deals game #N with the Microsoft generator only for N < 32000
(``construct_random`` in its ``pysolrandom.py``); pysol_cards' ``shuffle`` uses it up to and
including 32000. Everywhere else the two agree, so the reference is pysol_cards with that one
comparison made as the program makes it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pysol_cards.deal_game
from pysol_cards.random import LCRandom31, LCRandom64, MTRandom, ms_rearrange
from pysol_cards.random_base import RandomBase


def _program_shuffle(cards: Any, game_num: int, which_deals: int) -> Any:
    ms = game_num < 32000 or which_deals == RandomBase.DEALS_MS
    r = (
        LCRandom31()
        if ms
        else MTRandom()
        if which_deals == RandomBase.DEALS_PYSOLFC
        else LCRandom64()
    )
    r.setSeed(game_num)
    return r.shuffle(ms_rearrange(cards) if ms else cards)


@contextlib.contextmanager
def as_pysolfc_deals() -> Iterator[None]:
    """Within this block, pysol_cards deals PySolFC games as the PySolFC program does."""
    with mock.patch.object(pysol_cards.deal_game, "shuffle", _program_shuffle):
        yield
