"""Klondike's no-peek hint (:mod:`kosynka.games.klondike.seen`): the view holds no card the
player has not seen, two unseen cards swapped give the same hint, the stock is known after a
pass, and hints followed never go round in circles."""

from __future__ import annotations

import itertools

import pytest

from kosynka import Klondike, KlondikeRules
from kosynka.games.klondike.player import is_safe_home
from kosynka.games.klondike.rules import FOUNDATION, Move
from kosynka.games.klondike.seen import (
    MAX_LINES,
    KlondikeSampler,
    _step,
    followed,
    forget_lines,
    hint,
    layout_key,
    position_key,
    safe_home,
    scouting_move,
    seen_of,
    table_of,
)
from kosynka.solver import default_implementation

# Under the pure-Python solver each sample costs far more: fewer and smaller searches.
NATIVE = default_implementation("klondike") == "native"
SAMPLES = 24 if NATIVE else 4
STATES = 20_000 if NATIVE else 1_500


def played(number: int, draw: int, moves: int) -> Klondike:
    """Deal ``number`` after ``moves`` plain moves (the first legal card move, else a draw)."""
    game = Klondike(number, rules=KlondikeRules(draw=draw), numbering="kpat")
    for _ in range(moves):
        legal = list(game.legal_moves)
        if not legal:
            break
        card = [m for m in legal if m.card is not None]
        game.push(card[0] if card else legal[0])
    return game


def swapped(game: Klondike, a: tuple[int, int], b: tuple[int, int]) -> Klondike:
    """``game`` (its moves replayed from its start) with two face-down cards swapped: ``a``
    and ``b`` are (column, index) places."""
    start = game.copy()
    moves = list(start.move_stack)
    while start.move_stack:
        start.pop()
    other = start.copy(stack=False)
    (ca, ia), (cb, ib) = a, b
    other._cols[ca][ia], other._cols[cb][ib] = other._cols[cb][ib], other._cols[ca][ia]
    for move in moves:
        other.push(move)
    return other


def test_the_view_holds_no_face_down_card_and_no_unseen_stock_card() -> None:
    game = played(11, 3, 6)
    seen = seen_of(game)
    cols, hidden, stock, *_ = game._snapshot()
    face_down = {c for col, h in zip(cols, hidden, strict=True) for c in col[:h]}
    shown = {c for col in seen.up for c in col} | set(seen.waste)
    shown |= {c for c in seen.stock if c is not None}
    assert not shown & face_down
    assert seen.pass_number == 1 and set(seen.stock) == {None}
    assert len(seen.unseen) == sum(hidden) + len(stock)
    assert set(seen.unseen) == face_down | set(stock)


def test_after_a_pass_the_stock_is_known_in_its_order() -> None:
    game = Klondike(3, rules=KlondikeRules(draw=1), numbering="kpat")
    while game.stock_count():
        game.push(game.parse_move("s"))
    game.push(game.parse_move("r"))
    seen = seen_of(game)
    assert None not in seen.stock and len(seen.stock) == game.stock_count()
    assert list(seen.stock) == [c.index for c in reversed(game.stock())]


def test_the_view_counts_idle_passes_and_the_moves_since_a_card_was_turned() -> None:
    game = Klondike(3, rules=KlondikeRules(draw=1), numbering="kpat")
    assert (seen_of(game).idle_passes, seen_of(game).since_turned) == (1, 0)
    while game.stock_count():
        game.push(game.parse_move("s"))
    game.push(game.parse_move("r"))
    seen = seen_of(game)
    assert (seen.idle_passes, seen.since_turned) == (2, 25)  # 24 draws and the new pass
    assert not seen.moved_this_pass and seen.known_start is None
    turning = next(m for m in game.legal_moves if m.card is not None and _turns_a_card(game, m))
    game.push(turning)
    game.push(game.parse_move("s"))
    seen = seen_of(game)
    assert (seen.idle_passes, seen.since_turned, seen.moved_this_pass) == (0, 1, True)


def _turns_a_card(game: Klondike, move: Move) -> bool:
    """Whether ``move`` turns a face-down card in ``game``."""
    probe = game.copy(stack=False)
    probe.push(move)
    return sum(probe._hidden) < sum(game._hidden)


@pytest.mark.parametrize("draw", [1, 3])
def test_two_unseen_cards_swapped_give_the_same_hint(draw: int) -> None:
    game = played(5, draw, 4)
    places = [(i, j) for i, h in enumerate(game._hidden) for j in range(h)]
    a, b = places[0], places[-1]
    other = swapped(game, a, b)
    assert other._cols != game._cols  # the tables differ where the player cannot see
    assert seen_of(other) == seen_of(game)
    kw = {"seed": 7, "time_limit": None, "max_samples": SAMPLES, "max_states": STATES}
    first, second = hint(game, **kw), hint(other, **kw)  # type: ignore[arg-type]
    assert first.move == second.move and first.chance == second.chance
    assert first.move is not None and first.chance is not None


@pytest.mark.parametrize(("number", "draw", "passes"), [(403, 3, None), (3, 1, None), (7, 3, 2)])
def test_the_line_search_finds_the_same_lines_whatever_it_remembers(
    number: int, draw: int, passes: int | None
) -> None:
    """The line search keeps the moves of the positions it has been through for the next hint's
    search; the lines it finds, and their ranks, are those of a search that remembers nothing,
    although the remembered positions were reached from other fillings of the unseen places
    (the first pass's searches, where the stock's unseen places are filled too, among them)."""
    game = Klondike(number, rules=KlondikeRules(draw=draw, passes=passes), numbering="kpat")
    line = [after.copy() for after, _ in itertools.islice(followed(game, max_samples=2), 60)]
    views = [seen_of(probe) for probe in [game, *line[:20], *line[20::6]]]
    warm = []  # searched one after another, each remembering what those before it found
    for seen in views:
        sampler = KlondikeSampler(seen)
        lines = sampler.candidates()
        warm.append((lines, [sampler.rank(line) for line in lines]))
    checked = 0
    for seen, (lines, ranks) in zip(views, warm, strict=True):
        forget_lines()
        cold = KlondikeSampler(seen)
        assert cold.candidates() == lines
        assert [cold.rank(line) for line in lines] == ranks
        forget_lines()
        other = KlondikeSampler(seen)
        other._table = table_of(seen, seen.unseen[::-1])  # another filling of the unseen places
        assert other.candidates() == lines
        checked += len(lines) > 1
    assert checked >= 3  # positions with a choice among lines, not only forced moves


@pytest.mark.parametrize(("number", "draw", "passes"), [(401, 3, None), (3, 1, None), (7, 3, 2)])
def test_a_step_of_the_line_search_keys_the_position_it_reaches(
    number: int, draw: int, passes: int | None
) -> None:
    """The line search makes the key of the position after a move from the key before it
    (:func:`~kosynka.games.klondike.seen._step`): it is :func:`position_key` of that position,
    for every legal move along a game (card moves from the waste, the columns and home, draws
    and new passes), and it says whether the move wins or turns a card."""
    rules = KlondikeRules(draw=draw, passes=passes)
    game = Klondike(number, rules=rules, numbering="kpat")
    kinds: set[str] = set()
    for probe in [game] + [
        a.copy() for a, _ in itertools.islice(followed(game, max_samples=2), 80)
    ]:
        for move in probe.legal_move_list():
            after = probe.copy(stack=False)
            after.push(move)
            nxt, key, won, turned = _step(probe, position_key(probe), move)
            assert key == position_key(after) and nxt._snapshot() == after._snapshot()
            assert won == after.is_won() and turned == (sum(after._hidden) < sum(probe._hidden))
            kinds.add(str(move) if move.card is None else "turn" if turned else "card")
    assert {"s", "r", "card", "turn"} <= kinds


@pytest.mark.parametrize("number", [2, 403])
def test_hints_followed_come_back_to_a_position_at_most_once_and_a_lost_game_ends(
    number: int,
) -> None:
    """While a line is left that goes nowhere the game has been, no card move goes back to a
    position; when none is left the hint may go back to a position it has been in once, never
    twice, and start a new pass after a pass that moved no card only once in a row (besides the
    look through the stock). So the hints never go round in circles, and a game that cannot be
    won comes to an end (KPat Draw 3 deal 403 is lost by the hints)."""
    game = Klondike(number, rules=KlondikeRules(draw=3), numbering="kpat")
    seen_before: dict[object, int] = {position_key(game): 1}
    idle_in_a_row = 0
    card_moved = False
    for n in range(400 if NATIVE else 15):
        choice = hint(game, seed=n, time_limit=None, max_samples=4, max_states=STATES)
        if choice.move is None:
            break
        move = choice.move[0]
        guarded = KlondikeSampler(seen_of(game))._lines()
        if str(move) == "r":
            idle_in_a_row = 0 if card_moved else idle_in_a_row + 1
            assert game.pass_number == 1 or idle_in_a_row <= 2, "idle passes without end"
            card_moved = False
        game.push(move)
        key = position_key(game)
        if move.card is not None:
            card_moved = True
            assert seen_before.get(key, 0) < 2, "a card moved to a position a third time"
            assert key not in seen_before or not guarded, "back to a position with a line left"
        seen_before[key] = seen_before.get(key, 0) + 1
    else:
        assert not NATIVE, "the hints went on for 400 moves"


def test_a_safe_card_home_is_the_hint_without_a_race() -> None:
    """Even before the look through the stock."""
    game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
    choice = hint(game, seed=0, time_limit=None, max_samples=SAMPLES, max_states=STATES)
    assert choice.move is not None and len(choice.tallies) == 1
    move = choice.move[0]
    assert move.card is not None and move.card.rank == 1


def test_with_draw_3_a_waste_card_home_is_weighed_not_forced() -> None:
    """Sending a waste card home shifts the stock's later cards in the groups of three (KPat
    Draw 3 deal 1 was winnable before its 2C went home from the waste, and lost after): past the
    look through the stock, the samples weigh it against the other lines. Drawing one card at
    a time, it is still played without a race."""
    game = Klondike(2, rules=KlondikeRules(draw=3), numbering="kpat")
    while (scout := scouting_move(seen_of(game))) is not None:
        game.push(scout)
    game.push(Move.draw())
    ace = Move.parse("AC>f")
    assert game.is_legal(ace) and safe_home(game) is None
    choice = hint(game, seed=0, time_limit=None, max_samples=SAMPLES, max_states=STATES)
    assert len(choice.tallies) > 1
    assert any(t.move[0] == ace for t in choice.tallies)
    assert any(all(m != ace for m in t.move) for t in choice.tallies)

    game = Klondike(2, rules=KlondikeRules(draw=1), numbering="kpat")
    for _ in range(3):
        game.push(Move.draw())
    assert safe_home(game) == ace
    choice = hint(game, seed=0, time_limit=None, max_samples=SAMPLES, max_states=STATES)
    assert choice.move == (ace,) and len(choice.tallies) == 1


def test_a_card_back_from_home_goes_home_again_only_after_something_changed() -> None:
    """KPat Draw 3 deal 416 after the moves below: 5D has come back from home to column 7 with
    the talon elsewhere than when it went home, a position the game has not had. Sending it
    straight home again is "safe" by the rule-based player's measure, but it would only put
    back a tableau the game has had (the hint used to do so again and again until it had no
    move left, with the deal still winnable). A line may pass through such a tableau, never
    end on one."""
    moves = (
        "AC>f s s s s s s s s r QC>5 JD>5 QH>7 s AD>f s 4H>6 3S>6 2C>f s JC>7 s TD>7 s s s s "
        "TC>5 r s s s 3C>f 9D>5 JH>3 s s JS>1 TH>1 s 6D>4 5S>4 AH>f 4C>f s r s s 6C>6 8C>5 "
        "7H>5 AS>f 2S>f KC>6 2D>f 3S>f 4S>f KH>2 s 3D>f s r s 5D>2 9S>1 s 8H>1 7C>1 4D>f 5D>f "
        "TS>3 KS>4 9S>6 QD>4 5D>2 5D>f 9D>3 5D>7"
    )
    game = Klondike(416, rules=KlondikeRules(draw=3), numbering="kpat")
    for text in moves.split():
        game.push(Move.parse(text))
    home = Move.parse("5D>f")
    assert safe_home(game) == home
    seen = seen_of(game)
    lines = KlondikeSampler(seen, prefer=home).candidates()
    assert lines and (home,) not in lines
    for line in lines:
        probe = game.copy(stack=False)
        for move in line:
            probe.push(move)
            assert move.card is None or position_key(probe) not in seen.positions
        assert layout_key(probe) not in seen.had
    choice = hint(game, seed=0, time_limit=None, max_samples=SAMPLES, max_states=STATES)
    assert choice.move is not None and choice.move[0] != home


def test_the_rule_based_moves_lines_leave_room_for_the_others() -> None:
    """KPat Draw 3 deal 6 after the moves below: the rule-based player's KC>1 has lines enough
    to fill every place, and every one of them loses the deal (the solver, seeing every card,
    proves it); the lines that keep it winnable begin with a draw and JH>3 or JH>6, and must
    be weighed."""
    moves = "s s s s s AS>f 2S>f s s s AH>f 2H>f r 9D>5 s s s s s s"
    game = Klondike(6, rules=KlondikeRules(draw=3), numbering="kpat")
    for text in moves.split():
        game.push(Move.parse(text))
    king = Move.parse("KC>1")
    lines = KlondikeSampler(seen_of(game), prefer=king).candidates()
    assert len(lines) == MAX_LINES and lines[0][0] == king  # the rule-based move first
    firsts = {next(m for m in line if m.card is not None) for line in lines}
    assert {Move.parse("JH>3"), Move.parse("JH>6")} <= firsts
    if NATIVE:
        from kosynka.solver.klondike import _decide

        verdicts: dict[bool, set[str]] = {True: set(), False: set()}
        for line in lines:
            probe = game.copy(stack=False)
            for move in line:
                probe.push(move)
            verdicts[line[0] == king].add(_decide("native", probe, None, 200_000, False).status)
        assert verdicts[True] == {"unsolvable"} and "solved" in verdicts[False]


STOPPED = {
    402: (
        "AC>f 2C>f s s s s s s s s r QH>1 5C>3 JC>1 KH>2 s s s s 3C>f 4C>f s 5C>f s s s r s s s s "
        "7S>4 6D>4 6C>f s s TD>1 s s 9S>1 8H>1 r s s s s 3S>7 s s r s s s s s 6C>6 5C>1 TD>3 5C>f "
        "6C>f s r s s s s 3S>5 6C>6 TD>1 6C>f s s r s s s s s s"
    ),
    466: (
        "AC>f AS>f s s s s s s s s r QS>6 KH>1 TH>3 7S>4 s s s s s 6D>4 2S>f s 9H>5 s s r s s 5S>4 "
        "s s s 4D>4 3C>4 s s r s s s 9S>3 8H>3 s s s 3S>f 8S>5 7D>5 AH>f s r s s 2H>f 6S>5 2C>f "
        "3C>f 4C>f s s s s r s s s 3H>f 4H>f s r s s KD>2 QC>2 TD>7 JD>1 9C>7 5H>f s 5C>f s KS>6 r "
        "s TS>1 QH>6 JC>6 TC>7 JH>2 8D>6 6H>f KC>5 s s 9D>1 8C>1 7H>f AD>f 7S>6 8H>f QD>5 JS>5 "
        "4S>f 6C>f 7C>f 8C>f 8D>5 9C>f 8S>1 9H>f TC>f 9S>6 TH>f TD>5 JC>f JH>f QC>f QH>f QD>6 "
        "KC>f QS>2 KH>f KC>1 r KC>f s r s"
    ),
}
"""Games played by following the hints (KPat, Draw 3) to a position where the hint once gave
no move although the deal could still be won."""

LAST_UNSEEN = (
    "AD>f 2D>f AS>f 2S>f AC>f s s s s s s s s r s s s s JS>3 s 6D>1 s s s TD>3 r s 9C>3 s 5S>1 s "
    "s s s s s r s s s s 6C>5 s s 3S>f s r s s s s 4S>f 5S>f s s s r s s s s 9D>7 8S>7 7H>7 AH>f "
    "JD>4 3D>f s TS>4 2C>f s 6S>f 5H>5 4C>5 3H>5 KS>6 QD>6 JC>6 KH>7 QC>7 8H>3 r s s 3C>f s TH>6 "
    "s 9S>6 8D>6 KD>4 4D>f 5D>f 6D>f 7S>f 6C>7 7D>f 8D>f 7H>5 8S>f 9S>f 9D>f TS>f 9C>6 TD>f JS>f "
    "JD>f JC>3 QD>f KD>f KD>1 QD>6 QC>1 QD>f QC>7 KD>f KD>1 QD>6 JD>7 JS>6 JD>f r s s TH>6 s r s "
    "JD>7 s s r QC>1 JD>f TH>3 s s s JD>1 JS>f r s s JC>6 JD>f s JD>1 r s QC>7 JD>f s s JD>7 r "
    "JS>3 JD>f s JD>7 s s TH>3 JD>f r s JD>7 s QC>1 JD>f TH>6 JD>1 TD>3 s r s TS>1 TD>f s s 9H>1 "
    "8C>1 7C>6"
)
"""KPat Draw 3 deal 92 followed by the hints to the first position where one card alone is
unseen (the face-down card of column 3); the hints went on sampling it and lost the game."""


def stopped(number: int) -> Klondike:
    """Deal ``number`` at the end of its game in :data:`STOPPED`."""
    game = Klondike(number, rules=KlondikeRules(draw=3), numbering="kpat")
    for text in STOPPED[number].split():
        game.push(game.parse_move(text))
    return game


def test_when_no_line_is_left_the_hint_takes_a_card_back_from_home_to_go_on() -> None:
    from kosynka.solver.klondike import _decide

    game = stopped(402)  # 6C must come back onto 7H to take the waste's 5H
    assert seen_of(game).unseen
    assert KlondikeSampler(seen_of(game))._lines() == []
    move = hint(game, time_limit=None, max_samples=SAMPLES, max_states=STATES).move
    assert move is not None
    game.push(move[0])
    assert _decide("native", game.copy(stack=False), None, 200_000, False).status == "solved"


def test_with_every_card_seen_hints_followed_keep_to_one_winning_plan() -> None:
    game = stopped(466)  # the solver's lines from two positions each led back to the other
    assert not seen_of(game).unseen
    while not game.is_won() and len(game.move_stack) < 400:
        move = hint(game, time_limit=None, max_samples=2).move
        assert move is not None
        game.push(move[0])
    assert game.is_won()


def test_the_last_unseen_card_is_known_and_hints_followed_win_with_it() -> None:
    game = Klondike(92, rules=KlondikeRules(draw=3), numbering="kpat")
    for text in LAST_UNSEEN.split():
        game.push(game.parse_move(text))
    seen = seen_of(game)
    assert len(seen.unseen) == 1 and seen.known_start is not None
    before = game.copy()
    before.pop()
    assert len(seen_of(before).unseen) == 2 and seen_of(before).known_start is None
    choice = hint(game, time_limit=None, max_samples=2)
    assert choice.chance == 1.0 and choice.samples == 0
    while not game.is_won() and len(game.move_stack) < 600:
        move = hint(game, time_limit=None, max_samples=2).move
        assert move is not None
        game.push(move[0])
    assert game.is_won()


UNWINDING = (
    "s s s s s s s s r s s s 3S>3 4D>4 8S>3 4C>7 s s 8S>5 s s 7H>5 s r s 6S>5 s s KD>2 QC>2 s "
    "5D>5 s 8D>1 AS>f 7S>1 8S>3 AH>f 2D>4 JD>2 s s s r s s s s 4C>7 AD>f 2D>f s r s TS>2 9H>2 "
    "QH>5 2H>f s s s s r s 8C>2 3D>f 7D>2 AC>f KC>6 s s s 6C>2 5H>2 6H>1 5S>1 TC>7 9D>7 JC>6 "
    "8H>5 7C>5 2C>f 3H>f 6D>5 KS>3 4H>f 4C>7 5H>f 5S>5 6H>f KH>4 QD>3 s TD>6 9C>6 3C>f 4C>f 5C>f "
    "6C>f 6D>1 7C>f 6S>2 7H>f 8H>f 7D>7 8C>f 9H>f 9C>f 9D>2 TC>f JS>3 TD>3 JC>f TS>7 QC>4 JS>6 "
    "QC>2 TS>2 QC>4 JS>3 4S>4 JS>6 TS>7 QC>2 JS>3 QC>4"
)
"""KPat Draw 3 deal 31 followed by the hints to where every line the search finds loses in
every sample: three cards face down in column 7, the stock gone, and the win needs JC back from
home onto QH and some 50 moves of unwinding before the next card turns."""


@pytest.mark.skipif(not NATIVE, reason="the rescue's plans need the compiled solver's speed")
def test_when_every_line_loses_the_solver_plans_of_the_placings_rescue_the_game() -> None:
    from kosynka.hindsight import choose
    from kosynka.solver.klondike import _decide

    game = Klondike(31, rules=KlondikeRules(draw=3), numbering="kpat")
    for text in UNWINDING.split():
        game.push(game.parse_move(text))
    seen = seen_of(game)
    assert len(seen.unseen) == 3 and not seen.stock
    assert choose(KlondikeSampler(seen), max_samples=SAMPLES, max_states=1_000).hopeless
    rescue = hint(game, time_limit=None, max_samples=8)
    assert rescue.move is not None and rescue.chance == 1.0 and len(rescue.move) > 20
    for _ in range(12):  # each hint on the way keeps the game winnable
        choice = hint(game, time_limit=None, max_samples=8)
        assert choice.move is not None and choice.chance
        game.push(choice.move[0])
        assert _decide("native", game.copy(stack=False), None, 200_000, False).status == "solved"


def test_a_won_game_has_no_hint() -> None:
    game = Klondike(1, rules=KlondikeRules(draw=1), numbering="kpat")
    from kosynka.solver import solve

    for move in solve(game).moves:
        game.push(move)
    assert game.is_won()
    assert hint(game, time_limit=None, max_samples=2).move is None


@pytest.mark.parametrize("draw", [1, 3])
def test_with_unlimited_passes_the_hint_first_looks_through_the_stock(draw: int) -> None:
    """The first hints draw through the stock (safe cards home on the way) and start a new
    pass; then every talon card is known, and the hint plays on from what the player has
    seen."""
    game = Klondike(4, rules=KlondikeRules(draw=draw), numbering="kpat")
    kw = {"time_limit": None, "max_samples": SAMPLES, "max_states": STATES}
    draws = 0
    while game.pass_number == 1:
        choice = hint(game, seed=len(game.move_stack), **kw)  # type: ignore[arg-type]
        assert choice.move is not None and choice.chance is not None
        move = choice.move[0]
        if move.card is None:
            assert str(move) == ("s" if game.stock_count() else "r")
            draws += move != Move.recycle()
        else:
            assert move.to == FOUNDATION and is_safe_home(game, move.card)
        game.push(move)
    assert draws > 0 and None not in seen_of(game).stock
    assert hint(game, seed=0, **kw).move is not None  # type: ignore[arg-type]


def test_with_limited_passes_the_hint_does_not_spend_one_looking() -> None:
    """A look through the stock would spend one of three passes: the hint plays as it finds."""
    game = Klondike(4, rules=KlondikeRules(draw=3, passes=3), numbering="kpat")
    assert scouting_move(seen_of(game)) is None
    unlimited = Klondike(4, rules=KlondikeRules(draw=3), numbering="kpat")
    assert str(scouting_move(seen_of(unlimited))) == "s"
