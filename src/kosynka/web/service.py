"""The game service: records in, views out, for one game. No HTTP here, and no rules (those
live in the game's package); this module replays records, reads positions for the player through
the game's web adapter and calls the solver and the deal library.
"""

from __future__ import annotations

import datetime
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Collection, Hashable, Sequence
from typing import Any

from fastapi import HTTPException
from pydantic import BaseModel

from kosynka import scoring
from kosynka.errors import IllegalMoveError, KosynkaError
from kosynka.games.base import Game
from kosynka.hindsight import HintPlayer, chance_percent, hint_player
from kosynka.plural import en_count, ru_count
from kosynka.web import bridges, schemas
from kosynka.web.games.base import Table, WebAdapter, ended
from kosynka.web.settings import Settings


class RecordError(ValueError):
    """A game record that cannot be replayed; ``where`` points at the bad part."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


_RecordKey = tuple[Hashable, ...]


class ReplayCache:
    """Replayed positions by record, least recently used dropped first.

    A player's next request usually carries the same moves plus one, so the position after the
    previous request is found here and only the new move is played. Games are stored without
    their move stacks (copies are handed out), so the cache cannot be changed from outside."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[_RecordKey, Table] = OrderedDict()
        self._lock = threading.Lock()

    def has(self, key: _RecordKey) -> bool:
        """True when ``key``'s position is cached."""
        with self._lock:
            return key in self._items

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


def chance_words(chance: float, hopeless: bool) -> tuple[str, str]:
    """A hint's chance in words, in English and Russian: "About 60% to win from here." (in
    steps of 5%, never 0% or 100% when a sample went the other way); when every move lost in
    all of its samples, that, and that this move keeps the most in play."""
    if hopeless:
        return (
            "No move wins in any of the samples of the hidden cards; this one keeps the most "
            "in play.",
            "Ни один ход не выигрывает ни в одной пробе скрытых карт; этот оставляет больше "
            "всего возможностей.",
        )
    percent = chance_percent(chance)
    return (
        f"About {percent}% to win from here.",
        f"Шансы выиграть отсюда — около {percent}%.",
    )


def history_keys(game: Game[Any]) -> set[Hashable]:
    """The keys of every position ``game`` has had (its move stack, read back on a copy), the
    one now included."""
    probe = game.copy()
    keys = {probe.key()}
    while probe.move_stack:
        probe.pop()
        keys.add(probe.key())
    return keys


LINE_CACHE = 50_000
"""How many positions of the solver's lines :func:`solver_hint` remembers (in each process)."""
_lines: OrderedDict[Hashable, tuple[Any, Hashable]] = OrderedDict()
"""Positions of the solver's lines (by key), each with the line's next move and the key of
the position it leads to: the hints along a line the player follows are that line's moves."""
_lines_lock = threading.Lock()


def _remember_line(game: Game[Any], moves: Sequence[Any]) -> None:
    """Note every position of the winning line ``moves`` from ``game`` with its next move."""
    probe = game.copy(stack=False)
    steps: list[tuple[Hashable, Any, Hashable]] = []
    for move in moves:
        key = probe.key()
        probe.push(move)
        steps.append((key, move, probe.key()))
    with _lines_lock:
        for key, move, nxt in steps:
            _lines[key] = (move, nxt)
            _lines.move_to_end(key)
        while len(_lines) > LINE_CACHE:
            _lines.popitem(last=False)


def _line_move(game: Game[Any], had: Collection[Hashable]) -> Any | None:
    """The next move of a remembered winning line through ``game``'s position, when it is legal
    here, leads where the line went and to no position in ``had``; else None."""
    with _lines_lock:
        step = _lines.get(game.key())
    if step is None:
        return None
    move, nxt = step
    if move not in game.legal_moves:
        return None
    probe = game.copy(stack=False)
    probe.push(move)
    key = probe.key()
    return move if key == nxt and key not in had else None


def solver_hint(
    game: Game[Any], had: Collection[Hashable], seconds: float
) -> tuple[Any | None, bool | None]:
    """The next move of a winning line from ``game`` that leads to no position in ``had``, and
    whether ``game`` is winnable (None: not decided in time). A line hinted before goes on
    (its positions are remembered, so a player who follows the hints follows one line, not a
    new search's at every move); else the solver's line; when its first move leads back to a
    position in ``had``, of the other legal moves to new positions the one from which the
    solver finds the shortest line, within ``seconds`` more in all (a winning line through a
    position had is no hint: the player would go round a circle)."""
    move = _line_move(game, had)
    if move is not None:
        return move, True
    ans = bridges.solve(game, seconds)
    winnable = {"solved": True, "unsolvable": False}.get(ans.status)
    if ans.status != "solved" or not ans.moves:
        return None, winnable
    first = ans.moves[0]
    probe = game.copy(stack=False)
    probe.push(first)
    if probe.key() not in had:
        _remember_line(game, ans.moves)
        return first, True
    deadline = time.monotonic() + seconds
    best: tuple[int, Any, Game[Any], list[Any]] | None = None
    for move in game.generate_legal_moves():
        left = deadline - time.monotonic()
        if left <= 0.01:
            break
        probe = game.copy(stack=False)
        probe.push(move)
        if probe.key() in had:
            continue
        line = bridges.solve(probe, min(left, max(seconds / 4, 0.05)))
        if line.status == "solved" and (best is None or len(line.moves) < best[0]):
            best = (len(line.moves), move, probe, list(line.moves))
    if best is None:
        return None, True
    _, move, probe, rest = best
    _remember_line(game, [move])
    _remember_line(probe, rest)
    return move, True


class GameService:
    """Replays one game's records and answers with views, hints, collect lines and new deals."""

    def __init__(self, adapter: WebAdapter, settings: Settings) -> None:
        self.adapter = adapter
        self.spec = adapter.spec
        self.settings = settings
        self.models = schemas.game_models(
            adapter.spec, adapter.title, adapter.rules_model, adapter.move_pattern
        )
        self._cache = ReplayCache(settings.cache_size)
        try:
            kept: frozenset[str] = frozenset(scoring.scoring_module(self.spec.name).CUMULATIVE)
        except KosynkaError:
            kept = frozenset()
        self._cumulative = kept
        """The game's scorings kept from game to game (they take a carry)."""
        self._collect_cache: OrderedDict[Hashable, list[Any] | None] = OrderedDict()
        self._collect_lock = threading.Lock()

    # ----------------------------------------------------------------- replay
    @staticmethod
    def _key(record: Any, moves: Sequence[str]) -> _RecordKey:
        """The cache key of a record with ``moves``: the rules, the deal and a 128-bit digest
        of the moves (a long move list is not kept in memory once per cached position)."""
        d = record.deal
        digest = hashlib.blake2b("\n".join(moves).encode(), digest_size=16).digest()
        rules = tuple(record.rules.model_dump().values())
        number = schemas.deal_number_of(d.number)
        return (record.game, rules, number, d.numbering, len(moves), digest)

    def _push_all(self, table: Table, texts: Sequence[str], first_index: int) -> None:
        """Play ``texts`` on ``table``, naming the first one that cannot be read or played."""
        for i, text in enumerate(texts, start=first_index):
            try:
                move = table.game.parse_move(text)
            except KosynkaError as exc:
                raise RecordError(f"record.moves[{i}]", str(exc)) from None
            try:
                self._push(table, move, i)
            except IllegalMoveError as exc:
                raise RecordError(
                    f"record.moves[{i}]",
                    f"{move} cannot be played there: {exc.reason.code}: {exc.reason.en}",
                ) from None

    def _push(self, table: Table, move: Any, index: int) -> None:
        """Make ``move``, move ``index`` of the record, on ``table`` (the adapter's push),
        keeping its scores (each of the table's tallies sees the move made)."""
        tallies = table.tallies
        game = table.game
        if len(tallies) == 1:  # the usual case, without the lists below
            (tally,) = tallies.values()
            note = tally.before(game, move)
            self.adapter.push(table, move)
            tally.after(game, move, note, index)
            return
        notes = [(t, t.before(game, move)) for t in tallies.values()]
        self.adapter.push(table, move)
        for t, note in notes:
            t.after(game, move, note, index)

    def work_size(self, kind: str, record: Any) -> int:
        """About how many moves a ``kind`` request on ``record`` replays (what its cost is
        estimated from before it runs): for a view, a move or a collect the moves the replay
        cache cannot save; for a hint every move (the hint's player replays the game with its
        memory, or the game is replayed with its history); for an analysis every move at each
        step of its binary search."""
        texts = record.moves
        n = len(texts)
        if kind == "hint":
            return n
        if kind == "analysis":
            return n * max(1, n.bit_length())
        if self._cache.has(self._key(record, texts)):
            return 0
        if texts and self._cache.has(self._key(record, texts[:-1])):
            return 1
        return n

    def replay(self, record: Any) -> Game[Any]:
        """The position after the record's moves; raise :class:`RecordError` if it cannot be
        rebuilt (a malformed or illegal move)."""
        return self.table(record).game

    def table(self, record: Any) -> Table:
        """The replayed record (see :meth:`replay`) with what the page shows beyond it."""
        texts = record.moves
        key = self._key(record, texts)
        table = self._cache.get(key)
        if table is not None:
            return table
        if texts:
            table = self._cache.get(self._key(record, texts[:-1]))
            if table is not None:
                self._push_all(table, texts[-1:], len(texts) - 1)
                self._cache.put(key, table)
                return table
        try:
            game = self.spec.deal(
                schemas.deal_number_of(record.deal.number),
                self.adapter.rules_of(record.rules),
                record.deal.numbering,
            )
        except KosynkaError as exc:
            raise RecordError("record.deal", str(exc)) from None
        table = self.adapter.new_table(game)
        table.tallies = scoring.tallies(game)
        self._push_all(table, texts, 0)
        self._cache.put(key, table)
        return table

    # ----------------------------------------------------------------- views
    def view(self, table: Table, moves: Sequence[str], score: Any = None) -> schemas.View:
        """What the player sees of ``table`` (reached by ``moves``): face-down cards only as
        counts, the legal moves, the counters and whether collecting is possible; with
        ``score`` (a score request) the score too."""
        game = table.game
        parts = self.adapter.view_parts(table, moves)
        outcome = game.outcome()
        collect = (
            outcome is None
            and self.adapter.collect_possible(game)
            and self.collect_line(game) is not None
        )
        # The score as a plain dict, validated with the view (quicker than a model of its own).
        scored: dict[str, Any] = {
            "score": None if score is None else self.score_view(table, len(moves), score)
        }
        return schemas.View(
            **parts,
            **scored,
            legal=[str(m) for m in game.legal_moves],
            can_undo=bool(moves),
            outcome=None if outcome is None else outcome.termination.value,
            collect=collect,
        )

    def record_view(self, record: Any, score: Any = None) -> schemas.View:
        """Replay ``record`` and return its view (scored as ``score`` asks, when given)."""
        return self.view(self.table(record), record.moves, score)

    # ----------------------------------------------------------------- scores
    def score_view(self, table: Table, moves: int, req: Any) -> dict[str, Any] | None:
        """The score of ``table`` (``moves`` moves made) as the score request ``req`` asks, as
        the view's ``score`` (:class:`~kosynka.web.schemas.ScoreView`, validated with the
        view): from the tally kept with the replay, so scoring costs no second replay. The
        scoring asked for when the rules are played by it, else the game's default; a carry
        counts only in a cumulative scoring. None for a game without scorings."""
        tallies = table.tallies
        if not tallies:
            return None
        name = req.scoring if req.scoring in tallies else next(iter(tallies))
        cumulative = name in self._cumulative
        play = scoring.Play(req.seconds, req.undos, req.hints, req.carry if cumulative else None)
        game = table.game
        won = game.is_won()
        # The total without writing out the account, but for a won game (its steps are shown).
        ledger = tallies[name].finish(game, moves, play)
        return {
            "scoring": name,
            "scorings": list(tallies),
            "cumulative": cumulative,
            "score": ledger.score,
            "game_points": ledger.score - (play.carry or 0),
            "won": won,
            "assisted": play.hints > 0,
            "steps": [st.to_json() for st in ledger.steps] if won else None,
        }

    # ----------------------------------------------------------------- moves
    def move(self, req: Any) -> schemas.MoveResponse:
        """Try ``req.move``: accepted with the moves to append (the move, then any safe moves
        when ``auto`` is set), or refused with the rule's reason."""
        table = self.table(req.record)
        game = table.game
        try:
            move = game.parse_move(req.move)
        except KosynkaError as exc:
            raise RecordError("move", str(exc)) from None
        reason = game.explain(move)
        moves = list(req.record.moves)
        if reason is not None:
            return schemas.MoveResponse(
                accepted=False,
                applied=[],
                reason=schemas.ReasonView(code=reason.code, en=reason.en, ru=reason.ru),
                view=self.view(table, moves, req.score),
            )
        applied = [move]
        self._push(table, move, len(moves))
        if req.auto:
            while not game.is_won():
                safe = self.adapter.safe_moves(game)
                if not safe:
                    break
                self._push(table, safe[0], len(moves) + len(applied))
                applied.append(safe[0])
        texts = [str(m) for m in applied]
        moves.extend(texts)
        self._cache.put(self._key(req.record, moves), table)
        return schemas.MoveResponse(
            accepted=True, applied=texts, view=self.view(table, moves, req.score)
        )

    # ----------------------------------------------------------------- collect
    def collect_line(self, game: Game[Any]) -> list[Any] | None:
        """A checked line that finishes ``game``, or None: first the game's plain way, then
        the solver. Either line is replayed through the rules before it is offered. Results are
        cached by position."""
        if not self.adapter.collect_possible(game):
            return None
        key = (game.name, game.rules, game.key())
        with self._collect_lock:
            if key in self._collect_cache:
                self._collect_cache.move_to_end(key)
                return self._collect_cache[key]
        line = self.adapter.plain_collect(game)
        if line is None:
            ans = bridges.solve(game, self.settings.collect_time)
            line = ans.moves if ans.status == "solved" else None
        with self._collect_lock:
            self._collect_cache[key] = line
            while len(self._collect_cache) > self.settings.cache_size:
                self._collect_cache.popitem(last=False)
        return line

    def collect(self, record: Any) -> schemas.CollectResponse:
        """The moves that finish the record's game, when they provably do."""
        line = self.collect_line(self.replay(record))
        if line is None:
            return schemas.CollectResponse(available=False, moves=[])
        return schemas.CollectResponse(available=True, moves=[str(m) for m in line])

    # ----------------------------------------------------------------- hints
    def hint(self, record: Any) -> schemas.HintResponse:
        """A suggested move. Where the player sees every card the solver would look at (the
        adapter's ``solver_may_hint``, by game: always, once nothing is hidden, or never) the
        next move of a winning line when the solver finds one in time; otherwise,
        and as the fallback, the adapter's hint from what the player sees, which knows the
        game so far and never leads back to a position it has had. A game that is over by its
        ``outcome()`` (won, or lost whatever the hidden cards are) gets no move: ``won`` or
        ``stuck``."""
        game = self.replay(record)
        end = ended(game)
        if end is not None:
            return self._hint_response(game, None, end, True if end == "won" else None)
        winnable: bool | None = None
        if self.adapter.solver_may_hint(game):
            played = self._with_history(record)
            move, winnable = solver_hint(game, history_keys(played), self.settings.hint_time)
            if move is not None:
                return self._hint_response(game, move, "solver", True)
            # No line in time, or none that avoids the positions the game has had (a hint
            # never undoes the player's moves): the player's move, which avoids them.
            move, kind = self.adapter.heuristic_hint(played)
        else:
            start = self.spec.deal(
                schemas.deal_number_of(record.deal.number),
                self.adapter.rules_of(record.rules),
                record.deal.numbering,
            )
            player = hint_player(self.spec.name)
            if player is not None:
                return self._sampled_hint(player, start, record.moves, game)
            move, kind = self.adapter.fair_hint(start, record.moves, game)
        return self._hint_response(game, move, kind, winnable)

    def _sampled_hint(
        self, player: HintPlayer, start: Game[Any], texts: Sequence[str], game: Game[Any]
    ) -> schemas.HintResponse:
        """The game's hint player (``kosynka.games.<name>.seen``) on the record's game: it reads
        only what the player has seen, samples the rest and gives the move with its chance.
        The seed is the number of moves made, so the same record gets the same hint; a
        crowded server gives it less time (:func:`kosynka.web.bridges.hint_seconds`)."""
        played = start.copy(stack=False)
        for text in texts:
            played.push(played.parse_move(text))
        seconds = bridges.hint_seconds()
        if seconds is None:
            choice = player.hint(played, seed=len(texts))
        else:
            choice = player.hint(played, seed=len(texts), time_limit=seconds)
        if choice.move is None:
            return self._hint_response(game, None, "none", None)
        move = choice.move[0]
        response = self._hint_response(game, move, self.adapter.hint_kind(move), None)
        if choice.chance is None:
            return response
        en, ru = chance_words(choice.chance, choice.hopeless)
        return response.model_copy(
            update={
                "chance": round(choice.chance, 3),
                "en": f"{response.en} {en}",
                "ru": f"{response.ru} {ru}",
            }
        )

    # ----------------------------------------------------------------- analysis
    def analysis(self, record: Any) -> schemas.AnalysisResponse:
        """Could the game still be won if the hidden cards were known? And when it could not,
        after which move was the win lost? Every position before a winnable one is winnable
        too (play on to it, then win), so along the record the answer turns from winnable to
        lost at most once: a binary search over the record's prefixes finds where. Each prefix
        gets a share of the time budget; a prefix the solver cannot decide in time leaves the
        answer unknown."""
        texts = list(record.moves)
        budget = self.settings.analysis_time
        deadline = time.monotonic() + budget

        def verdict(n: int) -> bool | None:
            left = deadline - time.monotonic()
            if left <= 0.01:
                return None
            rec = record.model_copy(update={"moves": texts[:n]})
            ans = bridges.solve(self.replay(rec), min(left, max(budget / 4, 0.05)))
            return {"solved": True, "unsolvable": False}.get(ans.status)

        game = self.replay(record)
        start = self.spec.deal(
            schemas.deal_number_of(record.deal.number),
            self.adapter.rules_of(record.rules),
            record.deal.numbering,
        )
        hidden = start.hidden_count() > 0  # (a game may deal every card face up)
        if game.is_won():
            return self._analysis("winnable", None, hidden)
        now = verdict(len(texts))
        if now is None:
            return self._analysis("unknown", None, hidden)
        if now:
            return self._analysis("winnable", None, hidden)
        lo, hi = -1, len(texts)  # verdict(lo) winnable (or before the deal), verdict(hi) lost
        while hi - lo > 1:
            mid = (lo + hi) // 2
            v = verdict(mid)
            if v is None:
                return self._analysis("lost", None, hidden)
            if v:
                lo = mid
            else:
                hi = mid
        return self._analysis("lost", max(lo, 0) if lo >= 0 else 0, hidden)

    @staticmethod
    def _analysis(status: str, lost_at: int | None, hidden: bool) -> schemas.AnalysisResponse:
        """Word an analysis in both languages; ``hidden``: the game deals cards face down (the
        solver's answer is then what could be done if they were known)."""
        if_known_en = " if the hidden cards were known" if hidden else ""
        if_known_ru = ", если знать закрытые карты" if hidden else ""
        if status == "winnable":
            en = f"This deal could still be won{if_known_en}."
            ru = f"Эту партию ещё можно выиграть{if_known_ru}."
        elif status == "unknown":
            en = "The solver could not tell in time whether this deal can still be won."
            ru = "Решатель не успел понять, можно ли ещё выиграть эту партию."
        elif lost_at is None:
            en = "This deal can no longer be won."
            ru = "Эту партию уже не выиграть."
            if hidden:
                en = "Even with the hidden cards known, this deal can no longer be won."
                ru = "Даже если знать закрытые карты, эту партию уже не выиграть."
        elif lost_at == 0:
            en = "This deal could not be won from the start."
            ru = "Эту партию нельзя было выиграть с начала."
            if hidden:
                en = "Even with every hidden card known, this deal could not be won from the start."
                ru = "Даже если знать все закрытые карты, эту партию нельзя было выиграть с начала."
        else:
            en = (
                f"The win was lost at move {lost_at + 1}: after "
                f"{en_count(lost_at, 'move', 'moves')} it could still have been won{if_known_en}."
            )
            ru = (
                f"Выигрыш был упущен на ходу {lost_at + 1}: после "
                f"{ru_count(lost_at, 'хода', 'ходов', 'ходов')} партию ещё можно было "
                f"выиграть{if_known_ru}."
            )
        return schemas.AnalysisResponse(
            status=status,  # type: ignore[arg-type]
            lost_at=lost_at if status == "lost" else None,
            en=en,
            ru=ru,
        )

    def _with_history(self, record: Any) -> Game[Any]:
        """The record's game with its move stack, so that a player that avoids the positions
        already had (as some adapters' players do) never hints a way back; the record replays
        (it just did)."""
        game = self.spec.deal(
            schemas.deal_number_of(record.deal.number),
            self.adapter.rules_of(record.rules),
            record.deal.numbering,
        )
        for text in record.moves:
            game.push(game.parse_move(text))
        return game

    def _hint_response(
        self, game: Game[Any], move: Any, kind: str, winnable: bool | None
    ) -> schemas.HintResponse:
        """Word a hint in ``game``'s position in both languages."""
        en, ru = self.adapter.hint_words(game, move, kind)
        if kind != "won" and winnable is False:
            en += " (The solver shows this deal can no longer be won.)"
            ru += " (Решатель показал, что эту партию уже не выиграть.)"
        return schemas.HintResponse(
            move=None if move is None else str(move),
            kind=kind,  # type: ignore[arg-type]
            winnable=winnable,
            en=en,
            ru=ru,
        )

    # ----------------------------------------------------------------- new deals
    def sources(self, rules_model: BaseModel) -> schemas.SourcesResponse:
        """Which graded sources have deals for these rules (a page shows the others as
        unavailable rather than serving a random deal under a grade's name)."""
        graded = self.adapter.graded_sources(self.adapter.rules_of(rules_model))
        return schemas.SourcesResponse(**graded)

    def new_game(self, req: Any) -> BaseModel:
        """A new deal from ``req.source``. Graded sources ask the deal library; when it is
        missing or has nothing left, a random deal the solver proves winnable is served and
        the response says so (never a made-up grade)."""
        rules = self.adapter.rules_of(req.rules)
        exclude = set(req.exclude)
        note: str | None = None
        source: str = req.source
        number: int | None = None
        graded_numbering = self.adapter.library_numbering()
        if req.source != "random" and req.numbering == graded_numbering:
            present, number = self.adapter.library_pick(req.source, rules, exclude)
            if number is None:
                note = (
                    f"no {req.source} deal in the deal library"
                    if present
                    else "the deal library is not installed"
                )
        elif req.source != "random":
            note = f"graded deals use the {graded_numbering} numbering"
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
            number = self._fresh_random(req.numbering, exclude)
        models = self.models
        record = models.record(
            rules=req.rules,
            deal=models.deal(
                number=schemas.deal_number_for_json(number),
                numbering=req.numbering,
                source=source,
            ),
            moves=[],
        )
        return models.new_response(
            record=record, view=self.record_view(record, req.score), note=note
        )

    # ----------------------------------------------------------------- deals of the day
    def daily(self, query: Any) -> BaseModel:
        """The deal of the day the query names (:mod:`kosynka.library.daily`): its record,
        ready to play (source ``daily``, the rules it was graded under), its first view and
        what the starter library knows of it. With no date, the date in UTC."""
        from kosynka.library.daily import daily_deal, variants

        day = query.date if query.date is not None else datetime.datetime.now(datetime.UTC).date()
        variant = {name: getattr(query, name) for name in variants(self.spec)}
        try:
            deal = daily_deal(day, self.spec.name, query.grade, variant)
        except KosynkaError as exc:  # the starter library lacks the grade: nothing to serve
            raise HTTPException(503, f"no deal of the day: {exc}") from None
        models = self.models
        rules_model = self.adapter.rules_model
        rules = rules_model(**{f: getattr(deal.rules, f) for f in rules_model.model_fields})
        record = models.record(
            rules=rules,
            deal=models.deal(
                number=schemas.deal_number_for_json(deal.number),
                numbering=deal.numbering,
                source="daily",
            ),
            moves=[],
        )
        facts = deal.to_json()
        return models.daily_response(
            date=day.isoformat(),
            grade=deal.grade,
            record=record,
            view=self.record_view(record, self._daily_score(query)),
            facts=schemas.DailyFacts(**{k: facts[k] for k in schemas.DailyFacts.model_fields}),
        )

    def _daily_score(self, query: Any) -> Any:
        """The score request of a deal of the day's first view: its ``scoring``, when the
        query names one (nothing played yet)."""
        if query.scoring is None:
            return None
        return self.models.score_request(scoring=query.scoring)

    def _winnable_random(self, rules: Any, numbering: str, exclude: set[int]) -> int | None:
        """A random deal the solver proves winnable, or None when it cannot within the tries."""
        if not bridges.has_solver(self.spec.name):
            return None
        for _ in range(self.settings.winnable_tries):
            number = self._fresh_random(numbering, exclude)
            ans = bridges.solve(
                self.spec.deal(number, rules, numbering), self.settings.winnable_time
            )
            if ans.status == "unavailable":
                return None
            if ans.status == "solved":
                return number
        return None

    def _fresh_random(self, numbering: str, exclude: set[int]) -> int:
        """A random deal number not in ``exclude``."""
        while True:
            number = self.spec.random_deal_number(numbering)
            if number not in exclude:
                return number
