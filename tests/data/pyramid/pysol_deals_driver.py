"""Print PySolFC's Pyramid deals by running PySolFC's own code headless: how
``pysol_deals.txt`` beside this file was made (see its header). Not part of the test suite: it
needs PySolFC's ``pysollib`` on the path, which kosynka never ships.

Real PySolFC code used: pysolrandom.construct_random (the game number's generator),
Game.createCards (the deck in PySolFC's order, from the registered GameInfo of game 38),
Game.shuffle, Pyramid._createPyramid (the 28 places and their blockmap), Pyramid.startGame,
DealRow_StackMethods.dealRow / dealToStacks and FaceUpWasteTalonStack.dealCards /
WasteTalonStack.dealCards. Only the canvas-facing primitives (moveMove, flipMove, ...) are
mocked, as plain list operations.
"""

import sys
from typing import Any

from pysollib.acard import AbstractCard
from pysollib.game import Game
from pysollib.gamedb import GAME_DB
from pysollib.games.pyramid import Pyramid
from pysollib.mfxutil import Struct
from pysollib.pysolrandom import construct_random
from pysollib.stack import DealRow_StackMethods, FaceUpWasteTalonStack

SUITS = "CSHD"  # PySolFC's suit numbers 0..3
RANKS = "A23456789TJQK"


class Card(AbstractCard):  # type: ignore[misc]  # pysollib has no types
    """A card that can say its text (rank, then suit), and turn without a canvas."""

    def showBack(self, unhide: int = 1) -> None:
        self.face_up = 0

    def showFace(self, unhide: int = 1) -> None:
        self.face_up = 1

    def text(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]


class Pile:
    """A stack stand-in: its cards and what FaceUpWasteTalonStack reads of it."""

    def __init__(self, game: Any, name: str) -> None:
        self.game = game
        self.name = name
        self.cards: list[Any] = []
        self.cap = Struct(max_cards=999)
        self.blockmap: list[Any] = []
        self.x = self.y = 0

    def addCard(self, card: Any, unhide: int = 1, update: int = 1) -> None:
        self.cards.append(card)

    def getCard(self) -> Any:
        return self.cards[-1] if self.cards else None


class Talon(Pile, DealRow_StackMethods):  # type: ignore[misc]  # pysollib has no types
    """The talon: PySolFC's own dealing methods on a plain pile."""

    max_rounds = 3
    num_deal = 1
    round = 1
    dealRow = DealRow_StackMethods.dealRow
    dealToStacks = DealRow_StackMethods.dealToStacks
    canFlipCard = FaceUpWasteTalonStack.canFlipCard
    dealCards = FaceUpWasteTalonStack.dealCards

    def fillStack(self) -> None:
        if self.canFlipCard():
            self.game.singleFlipMove(self)

    def flipMove(self) -> None:
        self.game.flipMove(self)


class MockLayout:
    """Card sizes for Pyramid._createPyramid (positions are not used)."""

    XS = 2
    YS = 2


class MockGame:
    """The game: PySolFC's own deck, shuffle, pyramid and startGame on list-based stacks."""

    S_DEAL = 1
    createCards = Game.createCards
    shuffle = Game.shuffle
    _shuffleHook = Game._shuffleHook
    _createPyramid = Pyramid._createPyramid
    startGame = Pyramid.startGame
    PYRAMID_Y_FACTOR = 2
    demo = 0

    def __init__(self, number: int) -> None:
        self.gameinfo = GAME_DB.get(38)
        assert self.gameinfo.name == "Pyramid"
        self.app = Struct(speech=Struct(speak=lambda *a: None), opt=Struct(animations=0))
        self.top = None
        talon, waste = Talon(self, "talon"), Pile(self, "waste")
        talon.waste = waste
        self.s = Struct(talon=talon, waste=waste, rows=[])
        self.RowStack_Class = lambda x, y, game: Pile(game, "row")
        self.s.rows = self._createPyramid(MockLayout(), 0, 0, 7)
        self.cards = self.createCards()
        self.random = construct_random(str(number))
        self.shuffle()
        self.startGame()

    def _createCard(self, id: int, deck: int, suit: int, rank: int, x: int, y: int) -> Card:
        return Card(id, deck, suit, rank, game=self, x=x, y=y)

    def enterState(self, state: int) -> int:
        return 0

    def leaveState(self, old: int) -> None:
        pass

    def startDealSample(self) -> None:
        pass

    def stopSamples(self) -> None:
        pass

    def playSample(self, *a: Any, **k: Any) -> None:
        pass

    def parseCard(self, card: Any) -> str:
        return ""

    def flipMove(self, stack: Any) -> None:
        c = stack.cards[-1]
        c.face_up = not c.face_up

    singleFlipMove = flipMove

    def moveMove(self, n: int, frm: Any, to: Any, frames: int = -1, shadow: int = -1) -> None:
        moved = frm.cards[-n:]
        del frm.cards[-n:]
        to.cards.extend(moved)

    def flipAndMoveMove(self, frm: Any, to: Any, frames: int = -1) -> None:
        self.flipMove(frm)
        self.moveMove(1, frm, to)

    def fillStack(self, stack: Any) -> None:
        pass


def main() -> None:
    """Print the deals of the game numbers given as arguments."""
    for arg in sys.argv[1:]:
        number = int(arg)
        g = MockGame(number)
        rows = g.s.rows
        assert len(rows) == 28 and all(len(r.cards) == 1 and r.cards[0].face_up for r in rows)
        # blockmap: place n is covered by places k, k+1 of the next row
        blocks = [[rows.index(b) for b in r.blockmap] for r in rows]
        waste = g.s.waste.cards
        talon = g.s.talon.cards
        assert len(waste) == 1 and len(talon) == 23 and talon[-1].face_up
        stock = [waste[0], *reversed(talon)]  # top to bottom: the order they come
        print(
            number,
            type(g.random).__name__,
            "places",
            " ".join(r.cards[0].text() for r in rows),
            "| stock",
            " ".join(c.text() for c in stock),
        )
        assert blocks == [
            [p + r + 1, p + r + 2] if r < 6 else []
            for p, r in enumerate(r for r in range(7) for _ in range(r + 1))
        ]


if __name__ == "__main__":
    main()
