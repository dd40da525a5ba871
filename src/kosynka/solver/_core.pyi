"""
kosynka's search cores (C++20), one set of functions per game: <game>_...
"""

from collections.abc import Sequence


def klondike_solve(columns: Sequence[Sequence[int]], hidden: Sequence[int], talon: Sequence[int], waste: int, found: Sequence[int], pass_number: int, draw: int, passes: int, ret: bool, time_limit: float, max_states: int, short_line: bool) -> tuple[str, str, list[str], int, int]:
    """
    Decide a position: (status, limit, engine moves, states, unique states).
    """

def klondike_set_solve(columns: Sequence[Sequence[int]], hidden: Sequence[int], talon: Sequence[int], waste: int, found: Sequence[int], pass_number: int, draw: int, passes: int, ret: bool, time_limit: float, max_states: int, short_line: bool = False, plain_first: int = 0, flags: int = 0) -> tuple[str, str, list[str], int, int]:
    """
    Decide a position with the abstract search: (status, limit, engine moves, states, unique states); status 'unsupported' when the position has face-up cards out of sequence. With foundation return on, plain_first > 0 first looks that many states for a line that never brings a card back. flags: switches for tests and experiments (0 in normal use; see SetOptions in the core).
    """

def klondike_relaxed_verdict(columns: Sequence[Sequence[int]], hidden: Sequence[int], talon: Sequence[int], waste: int, found: Sequence[int], pass_number: int, draw: int, passes: int, ret: bool, max_states: int = 0) -> tuple[str, int]:
    """
    The abstract search's talon-free relaxation alone: ('lost' | 'open' | 'limit', positions looked at). 'lost' proves the position cannot be won; 'open' proves nothing.
    """

class KlondikeTemplate:
    """
    A Klondike position some of whose cards are placeholders: card 52 + k stands for the k-th card of a filling of the unseen places (there are `unseen`), so that one table is judged on many fillings without being made again for each. The position and rules as klondike_set_solve takes them.
    """

    def __init__(self, columns: Sequence[Sequence[int]], hidden: Sequence[int], talon: Sequence[int], waste: int, found: Sequence[int], pass_number: int, draw: int, passes: int, ret: bool, unseen: int) -> None: ...

    def solved(self, fill: Sequence[int], max_states: int, plain_first: int = 0) -> bool:
        """
        Whether the abstract search (the exact one when it cannot represent the position) wins the position with its placeholders filled by `fill` (the cards of the unseen places in order, each 0..51) within max_states states (0: no limit); its line is not written out.
        """

def klondike_legal_moves(columns: Sequence[Sequence[int]], hidden: Sequence[int], talon: Sequence[int], waste: int, found: Sequence[int], pass_number: int, draw: int, passes: int, ret: bool) -> list[str]:
    """
    Every legal engine move of a position, as move text (for checks against the engine).
    """

def klondike_macro_moves(columns: Sequence[Sequence[int]], hidden: Sequence[int], talon: Sequence[int], waste: int, found: Sequence[int], pass_number: int, draw: int, passes: int, ret: bool) -> list[tuple[int, int, int, int]]:
    """
    The search's macro moves of a position, best first (for checks against the reference).
    """

class FreeCellPortfolio:
    """
    The searches that take turns in a FreeCell solve and their schedule, for experiments: each strategy as 12 weights, a depth weight, a kind and digging, then optionally to_cell, noise and seed, min_cells, max_cells and node_cap; the quotas of states of the first and last rounds, how many positions a best-first search keeps and how many states the game without foundation return gets first when the rules have it. An empty list or 0 keeps the built-in strategies or value.
    """

    def __init__(self, strategies: Sequence[Sequence[int]] = [], first_quota: int = 0, last_quota: int = 0, node_cap: int = 0, first_phase_states: int = 0) -> None: ...

def freecell_solve(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, time_limit: float, max_states: int, short_line: bool = False, portfolio: FreeCellPortfolio | None = None, apart: bool = False) -> tuple[str, str, list[int], int, int]:
    """
    Decide a FreeCell position (columns bottom to top as card indices, one entry per free cell of the rules with -1 for an empty one, foundation counts C, D, H, S): (status, limit, engine move codes card * 16 + destination, states, unique states). time_limit < 0 and max_states 0 mean no limit; portfolio None is the built-in one. apart: each search of the portfolio on a thread of its own, at once (each with these limits; the others stop when one decides), instead of taking turns.
    """

def freecell_play(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, weights: Sequence[float], seeds: Sequence[int], max_moves: int) -> list[tuple[bool, int, int, list[int], bool]]:
    """
    The human-like player's games from a position, one per seed (the twin of kosynka.games.freecell.player.play): (won, moves, cards home, move codes card * 16 + to, stuck) each.
    """

def freecell_ms_columns(number: int) -> list[list[int]]:
    """
    The eight columns (bottom to top, card indices) of Microsoft FreeCell deal `number` (1..2^33-1, FreeCell Pro's numbers above 2^31).
    """

def freecell_solve_ms(numbers: Sequence[int], cells: int, ret: bool, time_limit: float, max_states: int, short_line: bool = False, portfolio: FreeCellPortfolio | None = None) -> list[tuple[str, str, list[int], int, int, float, int, str]]:
    """
    Deal, decide and referee Microsoft FreeCell deals: per deal (status, limit, engine move codes, states, unique states, search seconds, the referee's first refused move or -1, why). time_limit < 0 and max_states == 0 mean no limit; portfolio None is the built-in one.
    """

def freecell_solve_ms_rows(numbers: Sequence[int], cells: int, ret: bool, time_limit: float, max_states: int, short_line: bool = False, portfolio: FreeCellPortfolio | None = None) -> list[tuple[str, str, str, int, int, float, int, str]]:
    """
    freecell_solve_ms with each deal's row written in the core: per deal (the JSON row `kosynka solve --json` prints, status, limit, moves, states, search seconds, the referee's first refused move or -1, why); no Python object per move.
    """

def freecell_ms_text(seconds: float) -> str:
    """
    The milliseconds of a JSON row as the core writes them: Python's repr(round(seconds * 1000, 3)).
    """

def freecell_single_search(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, strategy: int, no_return: bool, max_states: int = 0, portfolio: FreeCellPortfolio | None = None) -> tuple[str, str, list[int], int, int]:
    """
    One search alone (best first with the portfolio's strategy, or depth first when strategy < 0), for tests.
    """

def freecell_search_moves(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, no_return: bool = False) -> list[list[int]]:
    """
    The search's moves of a position after its safe moves home, in order, as (kind, src, dst, count) (for checks against the Python reference).
    """

def freecell_features(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, no_return: bool = False) -> list[int]:
    """
    The figures the search's score weighs, of a position after its safe moves home.
    """

def freecell_legal_moves(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool) -> list[str]:
    """
    Every legal move of a position as kosynka move text (for checks against the engine).
    """

def freecell_python_random(seed: int, count: int) -> list[int]:
    """
    The first numbers Python's random.Random(seed).getrandbits(32) gives, from the core's own generator (for tests).
    """

class FreeCellProver:
    """
    The prover of one FreeCell position (the complete depth-first search of freecell_prove.cpp), which can go on where it stopped: made from the position (columns bottom to top as card indices, one entry per free cell with -1 for an empty one, foundation counts C, D, H, S, foundation return), the bytes its table of positions may grow to and the threads that search together (1: the same positions in the same order as its pure-Python twin; more: the same verdicts, the order left to the threads).
    """

    def __init__(self, columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, table_bytes: int, threads: int = 1) -> None: ...

    def run(self, time_limit: float, max_states: int) -> tuple[str, str, list[int], int, int, int, float]:
        """
        Go on for at most time_limit more seconds (< 0: no limit) and max_states more states (0: no limit): (status, limit, engine move codes card * 16 + destination, states, positions kept, table bytes, seconds), the counts over all runs so far. A limit is "time", "states" or "memory" (the table is full: no later run goes on).
        """

def freecell_keep_tables(keep: bool) -> None:
    """
    Whether the memory of a FreeCellProver's table is kept, when the prover is done, for the next prover of this process with the same table bytes (a batch of counts then touches its tables' pages once, not once per prover); False also lets the kept memory go.
    """

def freecell_referee(columns: Sequence[Sequence[int]], cells: Sequence[int], found: Sequence[int], ret: bool, codes: Sequence[int]) -> tuple[int, str, bool, list[list[int]], list[int], list[int]]:
    """
    Referee a FreeCell line apart from the search: make the moves of `codes` (card * 16 + destination) from the position, stopping at the first illegal one. Returns (moves made, why the next was refused or '', won, columns, cells, foundation counts).
    """

def spider_solve(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int], time_limit: float, max_states: int, pruned: bool = True, exhaustive: bool = True, first_budget: int = 0) -> tuple[str, str, list[str], int, int]:
    """
    Decide a Spider position: (status, limit, move texts, states, unique states).
    """

def spider_shorten(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int], line: Sequence[str], depth: int) -> list[str]:
    """
    A winning line with detours cut out (positions reaching a later one in at most `depth` moves).
    """

def spider_stage_game(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int], stage_states: int, final_states: int, weights: Sequence[int] = [], look: Sequence[int] = []) -> tuple[bool, int, int, int]:
    """
    The no-peek stage player's game played on: (won, moves, face-down cards left, runs removed); the pruned search within `final_states` positions once every card is seen and the stock gone. `weights` (down, brk, fit, empty) replace the stage player's own; `look` (leaves, cards, states, seed) makes it look past each stage's ends.
    """

def spider_stage_line(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int], stage_states: int, look: Sequence[int] = []) -> list[str]:
    """
    The no-peek stage plan's moves: to the best position where a card turns up within `stage_states` positions (with `look`, leaves, cards, states, seed, the one whose look past it scores best), else to the best one a row can be dealt on, and the deal.
    """

def spider_legal_moves(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int]) -> list[str]:
    """
    Every legal move of a Spider position as move text, in the engine's order.
    """

def spider_pruned_moves(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int]) -> list[str]:
    """
    The moves the pruned best-first search tries from a position, in order.
    """

def spider_ordered_moves(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int]) -> list[str]:
    """The exhaustive search's moves of a position, best first."""

def spider_evaluate(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int]) -> int:
    """The searches' evaluation of a position (lower is better)."""

def spider_expand(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int], moves: Sequence[int]) -> list[str]:
    """
    The text of a line of search moves (codes), moves of several runs written out as single moves.
    """

def spider_play(columns: Sequence[Sequence[int]], hidden: Sequence[int], stock: Sequence[int], removed: Sequence[int], seed: int, max_moves: int = 1500, line: bool = False) -> tuple[bool, int, int, int, int, int, list[int]]:
    """
    Play a Spider game from a position as kosynka.games.spider.player.play does (the same moves for the same seed): (won, moves, card moves, runs removed, face-down left, rows left, the moves as codes when `line`: -1 a row dealt, else (source * 52 + card) * 11 + destination).
    """

def pyramid_solve(places: Sequence[int], talon: Sequence[int], waste_count: int, pass_number: int, passes: int, goal_all: bool, time_limit: float, max_states: int) -> tuple[str, str, list[str], int, int]:
    """
    Decide a Pyramid position (places: the card on each of the 28 places, -1 when gone; talon: the waste bottom to top, then the stock top card first; passes 0: unlimited): (status, limit, move texts, states, unique states).
    """

def tripeaks_search(places: Sequence[int], stock: Sequence[int], top: int, wrap: bool, time_limit: float, max_states: int) -> tuple[str, str, list[str], int, int]:
    """
    Decide a TriPeaks position (places: the card on each of the 28 places, -1 when gone; stock: the next to turn first; top: the waste's top card; time_limit < 0 and max_states 0: no such limit): (status, limit, move texts, states, unique states).
    """
