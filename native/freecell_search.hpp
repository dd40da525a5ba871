// kosynka's FreeCell core, the searches: a portfolio of depth-first and best-first searches
// taking turns, and shorter lines (see bench/solver_freecell.md for the design and why each
// rule is sound).
//
// The Python reference (src/kosynka/solver/_freecell_py.py) searches the same space in the same
// order: the same moves, the same safe moves home, the same scores, the same searches and the
// same schedule, so the two agree on every verdict, on the number of states and on the line.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "freecell_state.hpp"

namespace kosynka::freecell {

// One search of the portfolio: the weights of the score's figures and how much each move made
// so far counts against a position (more: shorter lines, more positions tried).
struct Strategy {
  std::array<int, kFeatures> w{};
  int depth_weight = 0;
  int kind = 0;         // 0 best first, 1 depth first in priority order
  bool digging = true;  // the search's moves include kDigHome and kDigCol
  // The search's moves include a column's top card to a free cell on its own. Without them a
  // card goes to a free cell only on the way to a digging move's target: far fewer positions,
  // but not every position is reachable, so such a search running dry proves nothing (it
  // drops out, kNodes) and only the complete ones decide a lost game.
  bool to_cell = true;
  // A depth-first search's move priorities get a random 0..noise-1 added (xorshift64 from
  // `seed`): the same moves in another order, for a portfolio of differently lucky searches.
  int noise = 0;
  uint64_t seed = 0;
  // The search runs only when the rules have at least `min_cells` and at most `max_cells` free
  // cells.
  int min_cells = 0;
  int max_cells = 99;
  // A best-first search keeps at most this many positions (0: the portfolio's cap).
  size_t node_cap = 0;
};

using common::Limits;
using common::Status;
using SearchResult = common::SearchResult<int>;  // the line as engine move codes (card * 16 + to)

// The searches that take turns and their schedule (see run_phase in freecell_search.cpp).
struct Portfolio {
  std::vector<Strategy> strategies;
  // The states of a search's turn: in the first round, then doubling each round up to the last.
  uint64_t first_quota = 0, last_quota = 0;
  size_t node_cap = 0;  // positions a best-first search keeps, unless its strategy says
  // With foundation return, the states the game without it gets first (see solve()).
  uint64_t first_phase_states = 0;
};

// The built-in portfolio (see bench/solver_freecell.md).
const Portfolio& built_in_portfolio();

// A portfolio for experiments: each strategy as kFeatures weights, the depth weight, the kind,
// digging 0/1 and, optionally, to_cell 0/1, then noise and seed, then min_cells, max_cells and
// node_cap; the schedule, how many positions a best-first search keeps and how many states the
// game without return gets first when the rules have return. Empty or 0: the built-in
// strategies or value. Throws std::invalid_argument for a strategy of another length.
Portfolio experiment_portfolio(const std::vector<std::vector<int>>& strategies,
                               uint64_t first_quota, uint64_t last_quota, size_t node_cap,
                               uint64_t first_phase_states);

// Decide `pos` within `limits` with `portfolio`. With `short_line`, search with strategies that
// favour fewer moves and take detours out of the line (never longer than the default line).
SearchResult solve(const Position& pos, const Limits& limits, bool short_line,
                   const Portfolio& portfolio = built_in_portfolio());

// Decide `pos` with each search of `portfolio` on a thread of its own, at once, instead of
// taking turns: each searches as a portfolio of that search alone would, within `limits` (the
// states are each one's), and when one has decided the others stop. The verdict is the first
// search's in the portfolio's order of those that decided (a win with its line, or a loss by
// a complete search run dry); the states and positions are all the searches' together.
SearchResult solve_apart(const Position& pos, const Limits& limits, bool short_line,
                         const Portfolio& portfolio);


// What one search run ends with.
enum class Run { kSolved, kUnsolvable, kQuota, kNodes, kTime, kTable };

// The limits of a whole solve and what its searches have spent, over all their runs.
struct Budget : common::Budget {
  using common::Budget::Budget;
  uint64_t unique = 0;  // positions kept
};

// One search alone from `root`, to its end or `quota` states: strategy `s` (a best-first one
// keeps at most `node_cap` positions unless `s` says), or the complete depth-first search when
// `s` is null. `path` gets its line of search moves when it wins.
Run run_alone(const State& root, const Strategy* s, size_t node_cap, uint64_t quota,
              Budget& budget, std::vector<Move>& path);

// The engine move codes of a line of search moves from `root` (safe moves home included).
std::vector<int> line_codes(const State& root, const std::vector<Move>& path);

}  // namespace kosynka::freecell
