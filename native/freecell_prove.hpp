// kosynka's FreeCell core, the prover: one complete depth-first search made to exhaust large
// search spaces (the few-free-cell counts of `kosynka solve --min-cells`), apart from the
// portfolio of freecell_search.* (see bench/solver_freecell.md, "The fewest free cells").
//
// It searches the moves of freecell_state.* with the safe moves home and without the digging
// shortcuts (State::digging false, State::to_cell true: every move of the rules, a run moving
// as one supermove), so when it runs dry every position reachable from the root has been
// tried and the position is proved lost. What it adds to the portfolio's depth-first search:
// a position's children are looked up in the table all at once when it is expanded (their
// keys found without making the moves where no card goes home, their table slots loaded
// together, so that the misses of a table of gigabytes overlap),
// only the new ones are kept to be searched, the table may grow to a given number of bytes,
// and a run stops at its limits for the next to go on where it stopped. Its pure-Python twin
// (src/kosynka/solver/_freecell_prove_py.py) searches the same positions in the same order.
// Its checks: tests/solver/test_freecell_prove.py (every verdict against the exhaustive search
// of the Python rules on endgames with 0-2 free cells, the twin state for state, and the
// portfolio's verdicts on deals).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "freecell_state.hpp"

namespace kosynka::freecell {

// What the prover may spend: seconds (< 0: no limit), states (0: no limit) and the bytes of
// its table of positions (16 a slot, at most three quarters full; the memory of the largest
// table is reserved at the start and touched as the table doubles in place, so a process
// holds at most this and 64 KiB more).
struct ProveLimits {
  double time_limit = -1;
  uint64_t max_states = 0;
  size_t table_bytes = size_t(4) << 30;
  int threads = 1;
};

// The most threads a prover runs.
constexpr int kMaxThreads = 64;

// Where a prover stands: the verdict (a limit names "time", "states" or "memory"), the winning
// line as engine move codes (card * 16 + destination) when won, the states (moves tried) and
// positions kept so far, the table's bytes and the seconds spent in all its runs.
struct ProveResult {
  common::SearchResult<int> result;
  size_t table_bytes = 0;
  double seconds = 0;
};

// The prover of one position, which can go on where it stopped: run() searches until a verdict
// or the limits of that run (a time or state limit may be lifted by the next run; a full table
// stays full). The rules' foundation return is honoured.
class Prover {
 public:
  // `threads` (1..kMaxThreads) search together on one table of positions (see the class
  // comment). Throws std::invalid_argument for another number.
  Prover(const Position& pos, size_t table_bytes, int threads = 1);
  ~Prover();
  Prover(const Prover&) = delete;
  Prover& operator=(const Prover&) = delete;
  // Go on for at most `time_limit` more seconds (< 0: no limit) and `max_states` more states
  // (0: no limit); where it stands then.
  ProveResult run(double time_limit, uint64_t max_states);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Whether the memory of a prover's table is kept, when the prover is done, for the next
// prover of this process with the same table bytes (a batch of counts touches its tables' pages
// once, not once per prover); false also lets the kept memory go. Off at the start.
void keep_tables(bool keep);

// Decide `pos` with the prover alone, in one run.
ProveResult prove(const Position& pos, const ProveLimits& limits);

}  // namespace kosynka::freecell
