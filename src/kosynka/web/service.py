"""The game service: records in, views out. No HTTP here, and no rules (those live in
:mod:`kosynka.games.klondike`); this module replays records, reads positions for the player and
calls the solver, the deal library and the hint heuristic.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from kosynka.cards import SUIT_LETTERS, Card
from kosynka.deals import random_deal_number
from kosynka.errors import IllegalMoveError, InvalidNotationError, KosynkaError
from kosynka.games.klondike import DRAW, FOUNDATION, Klondike, KlondikeRules, Move
from kosynka.web import bridges, hints, schemas
from kosynka.web.settings import Settings


class RecordError(ValueError):
    """A game record that cannot be replayed; ``where`` points at the bad part."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def rules_of(rules: schemas.Rules) -> KlondikeRules:
    """The engine's rules for the API's rules model."""
    return KlondikeRules(
        draw=rules.draw, passes=rules.passes, foundation_return=rules.foundation_return
    )


_RecordKey = tuple[int, int | None, bool, int, str, int, bytes]


class ReplayCache:
    """Replayed positions by record, least recently used dropped first.

    A player's next request usually carries the same moves plus one, so the position after the
    previous request is found here and only the new move is played. Games are stored without
    their move stacks (copies are handed out), so the cache cannot be changed from outside."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[_RecordKey, Table] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: _RecordKey) -> Table | None:
        """A copy of the cached table for ``key``, or None."""
        with self._lock:
            table = self._items.get(key)
            if table is None:
                return None
            self._items.move_to_end(key)
        return table.copy()

    def put(self, key: _RecordKey, table: Table) -> None:
        """Remember (a copy of) ``table`` as the position of ``key``."""
        snapshot = table.copy()
        with self._lock:
            self._items[key] = snapshot
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


@dataclass(slots=True)
class Table:
    """A replayed game and how many cards of the last draw still lie fanned on the waste (in
    Draw 3 the last draw's cards are spread and shrink back as they are played)."""

    game: Klondike
    fan: int = 0

    def copy(self) -> Table:
        """An independent copy without the game's move history."""
        return Table(self.game.copy(stack=False), self.fan)

    def push(self, move: Move) -> None:
        """Make ``move`` (raise ``IllegalMoveError`` if refused) and follow the fan."""
        game = self.game
        if move.card is None:
            fan = min(game.rules.draw, game.stock_count()) if move.to == DRAW else 0
        else:
            waste = game.waste()
            fan = max(self.fan - 1, 0) if waste and waste[-1] == move.card else self.fan
        game.push(move)
        self.fan = fan


def _parse_moves(texts: Sequence[str]) -> list[Move]:
    """Read every move of a record, naming the first bad one."""
    moves = []
    for i, text in enumerate(texts):
        try:
            moves.append(Move.parse(text))
        except InvalidNotationError as exc:
            raise RecordError(f"record.moves[{i}]", str(exc)) from None
    return moves


def _push_all(table: Table, moves: Sequence[Move], first_index: int) -> None:
    """Play ``moves`` on ``table``, naming the first one the rules refuse."""
    for i, move in enumerate(moves, start=first_index):
        try:
            table.push(move)
        except IllegalMoveError as exc:
            raise RecordError(
                f"record.moves[{i}]",
                f"{move} cannot be played there: {exc.reason.code}: {exc.reason.en}",
            ) from None


class GameService:
    """Replays records and answers with views, hints, collect lines and new deals."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._cache = ReplayCache(settings.cache_size)
        self._collect_cache: OrderedDict[Hashable, list[Move] | None] = OrderedDict()
        self._collect_lock = threading.Lock()

    # ----------------------------------------------------------------- replay
    @staticmethod
    def _key(record: schemas.GameRecord, moves: Sequence[str]) -> _RecordKey:
        """The cache key of a record with ``moves``: the rules, the deal and a 128-bit digest
        of the moves (a long move list is not kept in memory once per cached position)."""
        r = record.rules
        d = record.deal
        digest = hashlib.blake2b("\n".join(moves).encode(), digest_size=16).digest()
        return (r.draw, r.passes, r.foundation_return, d.number, d.numbering, len(moves), digest)

    def replay(self, record: schemas.GameRecord) -> Klondike:
        """The position after the record's moves; raise :class:`RecordError` if it cannot be
        rebuilt (a malformed or illegal move)."""
        return self.table(record).game

    def table(self, record: schemas.GameRecord) -> Table:
        """The replayed record (see :meth:`replay`) with the waste's fan."""
        texts = record.moves
        key = self._key(record, texts)
        table = self._cache.get(key)
        if table is not None:
            return table
        moves = _parse_moves(texts)
        if texts:
            table = self._cache.get(self._key(record, texts[:-1]))
            if table is not None:
                _push_all(table, moves[-1:], len(moves) - 1)
                self._cache.put(key, table)
                return table
        try:
            game = Klondike(
                record.deal.number, rules=rules_of(record.rules), numbering=record.deal.numbering
            )
        except KosynkaError as exc:
            raise RecordError("record.deal", str(exc)) from None
        table = Table(game)
        _push_all(table, moves, 0)
        self._cache.put(key, table)
        return table

    # ----------------------------------------------------------------- views
    def view(self, table: Table, moves: Sequence[str]) -> schemas.View:
        """What the player sees of ``table`` (reached by ``moves``): face-down cards only as
        counts, the waste's top (its fanned cards in Draw 3), the legal moves, the counters and
        whether collecting is possible."""
        game = table.game
        waste = game.waste()
        shown = waste[-max(table.fan, 1) :] if waste else []
        columns = [
            schemas.ColumnView(down=game.face_down_count(i), up=[c.text() for c in game.face_up(i)])
            for i in range(7)
        ]
        foundations = [
            schemas.FoundationView(
                suit=SUIT_LETTERS[s],
                count=game.foundation_count(s),
                top=(t.text() if (t := game.foundation_top(s)) else None),
            )
            for s in _foundation_order(moves)
        ]
        passes = game.rules.passes
        outcome = game.outcome()
        face_down = game.face_down_count()
        counters = schemas.Counters(
            moves=len(moves),
            face_down=face_down,
            pass_number=game.pass_number,
            passes_left=None if passes is None else max(0, passes - game.pass_number),
            stock=game.stock_count(),
            waste=len(waste),
            foundations=sum(game.foundation_counts()),
        )
        collect = face_down == 0 and outcome is None and self.collect_line(game) is not None
        return schemas.View(
            columns=columns,
            waste=[c.text() for c in shown],
            foundations=foundations,
            counters=counters,
            legal=[str(m) for m in game.legal_moves],
            can_undo=bool(moves),
            outcome=None if outcome is None else outcome.termination.value,
            collect=collect,
        )

    def record_view(self, record: schemas.GameRecord) -> schemas.View:
        """Replay ``record`` and return its view."""
        return self.view(self.table(record), record.moves)

    # ----------------------------------------------------------------- moves
    def move(self, req: schemas.MoveRequest) -> schemas.MoveResponse:
        """Try ``req.move``: accepted with the moves to append (the move, then any safe cards
        sent home when ``auto`` is set), or refused with the rule's reason."""
        table = self.table(req.record)
        game = table.game
        try:
            move = Move.parse(req.move)
        except InvalidNotationError as exc:
            raise RecordError("move", str(exc)) from None
        reason = game.explain(move)
        moves = list(req.record.moves)
        if reason is not None:
            return schemas.MoveResponse(
                accepted=False,
                applied=[],
                reason=schemas.ReasonView(code=reason.code, en=reason.en, ru=reason.ru),
                view=self.view(table, moves),
            )
        applied = [move]
        table.push(move)
        if req.auto:
            while not game.is_won():
                safe = hints.safe_home_moves(game)
                if not safe:
                    break
                table.push(safe[0])
                applied.append(safe[0])
        texts = [str(m) for m in applied]
        moves.extend(texts)
        self._cache.put(self._key(req.record, moves), table)
        return schemas.MoveResponse(accepted=True, applied=texts, view=self.view(table, moves))

    # ----------------------------------------------------------------- collect
    def collect_line(self, game: Klondike) -> list[Move] | None:
        """A checked line that finishes ``game`` once every card is face up, or None.

        First the plain way (cards home whenever one can go, otherwise draw or start a new pass),
        which finishes almost every such position; then the solver. Either line is replayed
        through the rules before it is offered. Results are cached by position."""
        if game.face_down_count() != 0 or game.is_won():
            return None
        key = (game.rules, game.pass_number, game.key())
        with self._collect_lock:
            if key in self._collect_cache:
                self._collect_cache.move_to_end(key)
                return self._collect_cache[key]
        line = _plain_collect(game)
        if line is None:
            ans = bridges.solve(game, self.settings.collect_time)
            line = ans.moves if ans.status == "solved" else None
        with self._collect_lock:
            self._collect_cache[key] = line
            while len(self._collect_cache) > self.settings.cache_size:
                self._collect_cache.popitem(last=False)
        return line

    def collect(self, record: schemas.GameRecord) -> schemas.CollectResponse:
        """The moves that finish the record's game, when every card is face up and they do."""
        line = self.collect_line(self.replay(record))
        if line is None:
            return schemas.CollectResponse(available=False, moves=[])
        return schemas.CollectResponse(available=True, moves=[str(m) for m in line])

    # ----------------------------------------------------------------- hints
    def hint(self, record: schemas.GameRecord) -> schemas.HintResponse:
        """The next move of a winning line when the solver finds one in time, otherwise the
        heuristic's choice (see :mod:`kosynka.web.hints`)."""
        game = self.replay(record)
        if game.is_won():
            return _hint_response(None, "won", True)
        ans = bridges.solve(game, self.settings.hint_time)
        winnable = {"solved": True, "unsolvable": False}.get(ans.status)
        if ans.status == "solved" and ans.moves:
            return _hint_response(ans.moves[0], "solver", True)
        h = hints.heuristic_hint(game)
        return _hint_response(h.move, h.kind, winnable)

    # ----------------------------------------------------------------- new deals
    def new_game(self, req: schemas.NewGameRequest) -> schemas.NewGameResponse:
        """A new deal from ``req.source``. Graded sources ask the deal library; when it is
        missing or has nothing left, a random deal the solver proves winnable is served and
        the response says so (never a made-up grade)."""
        rules = rules_of(req.rules)
        exclude = set(req.exclude)
        note: str | None = None
        source: schemas.RecordSource = req.source
        number: int | None = None
        if req.source != "random" and req.numbering == "pysol":
            present, number = bridges.library_pick(req.source, rules, exclude)
            if number is None:
                note = (
                    f"no {req.source} deal in the deal library"
                    if present
                    else "the deal library is not installed"
                )
        elif req.source != "random":
            note = "graded deals use the pysol numbering"
        if number is None and req.source != "random":
            number = self._winnable_random(rules, req.numbering, exclude)
            if number is not None:
                source = "random-winnable"
                note = f"{note}; serving a random deal the solver proved winnable"
            else:
                source = "random"
                note = (
                    f"{note}; no random deal was proven winnable in time (or no solver is "
                    "installed), serving a random deal"
                )
        if number is None:
            number = _fresh_random(req.numbering, exclude)
        record = schemas.GameRecord(
            rules=req.rules,
            deal=schemas.Deal(number=number, numbering=req.numbering, source=source),
            moves=[],
        )
        return schemas.NewGameResponse(record=record, view=self.record_view(record), note=note)

    def _winnable_random(
        self, rules: KlondikeRules, numbering: str, exclude: set[int]
    ) -> int | None:
        """A random deal the solver proves winnable, or None when it cannot within the tries."""
        for _ in range(self.settings.winnable_tries):
            number = _fresh_random(numbering, exclude)
            ans = bridges.solve(
                Klondike(number, rules=rules, numbering=numbering), self.settings.winnable_time
            )
            if ans.status == "unavailable":
                return None
            if ans.status == "solved":
                return number
        return None


def _fresh_random(numbering: str, exclude: set[int]) -> int:
    """A random deal number not in ``exclude``."""
    while True:
        number = random_deal_number(numbering)
        if number not in exclude:
            return number


def _foundation_order(moves: Sequence[str]) -> list[int]:
    """Suit indices in the order their aces reached the foundations (the rest after, in suit
    order): foundations belong to no suit until an ace takes one."""
    order: list[int] = []
    for raw in moves:
        text = raw.replace(" ", "").upper()  # records may spell moves loosely ("ah > f")
        if len(text) == 4 and text[0] == "A" and text[2:] == ">F":
            s = SUIT_LETTERS.find(text[1])
            if s >= 0 and s not in order:
                order.append(s)
                if len(order) == 4:
                    return order
    return order + [s for s in range(4) if s not in order]


def _plain_collect(game: Klondike) -> list[Move] | None:
    """Finish an all-face-up ``game`` by sending cards home whenever one can go (else draw, else
    a new pass); the line, or None when that gets stuck."""
    probe = game.copy(stack=False)
    line: list[Move] = []
    idle = 0  # stock moves since the last card went home
    limit = 2 * (probe.stock_count() + len(probe.waste())) + 4
    while not probe.is_won():
        move = next(
            (m for m in probe.legal_moves if m.card is not None and m.to == FOUNDATION), None
        )
        if move is not None:
            idle = 0
        else:
            move = next((m for m in probe.legal_moves if m.card is None), None)
            idle += 1
            if move is None or idle > limit:
                return None
        probe.push(move)
        line.append(move)
    return line


def _hint_response(
    move: Move | None, kind: schemas.HintKind, winnable: bool | None
) -> schemas.HintResponse:
    """Word a hint in both languages."""
    if move is None:
        if kind == "won":
            en, ru = "The game is won.", "Партия выиграна."
        else:
            en, ru = (
                "No card can move any more, however the stock is turned.",
                "Больше ни одна карта не сдвинется, как ни перебирай колоду.",
            )
    elif move.card is None:
        if move == Move.draw():
            en, ru = "Draw from the stock.", "Возьмите карты из колоды."
        else:
            en, ru = (
                "Turn the waste over for a new pass.",
                "Переверните сброс и начните новый круг.",
            )
    else:
        card: Card = move.card
        if move.to == FOUNDATION:
            en = f"Move the {card.name('en')} to its foundation."
            ru = f"Отправьте {_ru_accusative(card)} в дом."
        else:
            en = f"Move the {card.name('en')} to column {move.to + 1}."
            ru = f"Переложите {_ru_accusative(card)} в столбец {move.to + 1}."
    if kind != "won" and winnable is False:
        en += " (The solver shows this deal can no longer be won.)"
        ru += " (Решатель показал, что эту партию уже не выиграть.)"
    return schemas.HintResponse(
        move=None if move is None else str(move),
        kind=kind,
        winnable=winnable,
        en=en,
        ru=ru,
    )


def _ru_accusative(card: Card) -> str:
    """The card's Russian name in the accusative ("семёрку треф", "туза пик", "короля")."""
    name = card.name("ru")
    rank, _, suit = name.partition(" ")
    if rank.endswith("а"):
        rank = rank[:-1] + "у"
    elif rank in ("туз", "валет", "король"):
        rank = {"туз": "туза", "валет": "валета", "король": "короля"}[rank]
    return f"{rank} {suit}"
