"""TriPeaks' scoring (the classic streak scoring, see the module): a run's cards score 1, 2,
3, ...; a stock card costs 5 and starts the run over; the peaks earn 15, 15 and 30."""

from __future__ import annotations

from kosynka.games.tripeaks import TriPeaks
from kosynka.games.tripeaks import scoring as S
from kosynka.games.tripeaks.player import play
from kosynka.scoring import Play


def expected_total(deal: int, line: list[str]) -> int:
    """The score of ``line`` from ``deal`` counted here move by move from the rules."""
    game = TriPeaks(deal)
    total, run, cleared = 0, 0, 0
    for text in line:
        game.push(game.parse_move(text))
        if text == "s":
            total += S.STOCK_CARD
            run = 0
            continue
        run += 1
        total += run
        now = sum(1 for p in S.PEAK_TOPS if game.place(p) is None)
        if now > cleared:
            total += S.PEAK_BONUSES[cleared]
            cleared = now
    return total


def test_a_won_game_s_score_adds_up() -> None:
    deal = next(d for d in range(1, 30) if play(TriPeaks(d)).won)
    line = list(play(TriPeaks(deal)).line)
    score = S.score(TriPeaks(deal), line, "standard", Play())
    assert score.total == expected_total(deal, line)
    peaks = [s.points for s in score.steps if s.code == "peak"]
    assert peaks == list(S.PEAK_BONUSES)
    runs = [s.points for s in score.steps if s.code == "run-card"]
    assert len(runs) == 28 and max(runs) >= 2


def test_a_run_scores_one_more_each_card_and_the_stock_starts_it_over() -> None:
    score = S.score(TriPeaks(1), ["3C", "s"], "standard", Play())  # deal 1: 3C goes on the 4H
    assert [(s.code, s.points) for s in score.steps] == [("run-card", 1), ("stock-card", -5)]
    assert score.total == -4  # the score may go below 0
    game = TriPeaks(1)
    line = []
    while len(line) < 3:
        cards = [m for m in game.legal_move_list() if m.is_card_move]
        if not cards:
            break
        game.push(cards[0])
        line.append(str(cards[0]))
    steps = S.score(TriPeaks(1), line, "standard", Play()).steps
    assert [s.points for s in steps if s.code == "run-card"] == list(range(1, len(line) + 1))


def test_lost_games_score_the_same_way() -> None:
    for deal in range(1, 8):
        line = list(play(TriPeaks(deal), seed=3).line)
        assert S.score(TriPeaks(deal), line, "standard", Play()).total == expected_total(deal, line)


def test_time_undos_and_hints_change_no_points() -> None:
    line = list(play(TriPeaks(2)).line)
    plain = S.score(TriPeaks(2), line, "standard", Play()).total
    busy = S.score(TriPeaks(2), line, "standard", Play(seconds=300, undos=4, hints=2)).total
    assert plain == busy


def test_every_step_has_its_words_in_both_languages() -> None:
    for en, ru in S.WORDS.values():
        assert en and ru and en != ru
    S.check_rules("standard", TriPeaks(1).rules)
    assert S.SCORINGS == ("standard",) and not S.CUMULATIVE
