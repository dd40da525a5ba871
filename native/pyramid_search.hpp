// kosynka's Pyramid core, the search: a complete depth-first search with a transposition table,
// the same search as src/kosynka/solver/_pyramid_py.py (the same moves in the same order, the
// same prunes and the same count of states), whose docstring proves it complete.
#pragma once

#include <string>

#include "common.hpp"
#include "pyramid_state.hpp"

namespace kosynka::pyramid {

using common::Limits;
using common::Status;
using SearchResult = common::SearchResult<std::string>;  // the line as move text

// Decide `pos` under `rules` within `limits`: solved (with a winning line of move text),
// unsolvable (the whole reachable space searched) or limit ("time" or "states"; "states" too
// when the transposition table reaches its size limit).
SearchResult solve(const Position& pos, const Rules& rules, const Limits& limits);

}  // namespace kosynka::pyramid
