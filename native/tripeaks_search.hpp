// kosynka's TriPeaks core, the search: a complete depth-first search with a transposition table,
// the same search as src/kosynka/solver/_tripeaks_py.py (the same moves in the same order, the
// same prune and the same count of states), whose docstring proves it complete.
#pragma once

#include <string>
#include <vector>

#include "common.hpp"
#include "tripeaks_state.hpp"

namespace kosynka::tripeaks {

using common::Limits;
using common::Status;
using SearchResult = common::SearchResult<std::string>;  // the line as move text

// Decide the position `places` (the card on each of the 28 places, -1 when gone), `stock` (the
// next to turn first), `top` (the waste's top card), King and Ace next to each other when
// `wrap`, within `limits`: solved (with a winning line of move text: a card's text, or "s"),
// unsolvable (every line tried or pruned soundly) or limit ("time" or "states"; "states" too
// when the transposition table reaches its size limit).
SearchResult solve(const std::vector<int>& places, const std::vector<int>& stock, int top,
                   bool wrap, const Limits& limits);

}  // namespace kosynka::tripeaks
