// kosynka's Klondike core, the searches: the exact depth-first search over the position card by
// card (the twin of the Python reference), and the abstract search (klondike_set_*), faster, the
// default.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "klondike_state.hpp"

namespace kosynka::klondike {

using common::Limits;
using common::Status;
using SearchResult = common::SearchResult<std::string>;  // the line as engine moves

// Decide `pos` within `limits`. With `shortest`, go on after the first win looking for a line
// with fewer card moves (within a budget of further states).
SearchResult solve(const Position& pos, const Limits& limits, bool shortest);

// The abstract search (klondike_set_search.cpp): the tableau is kept as which cards are face up,
// which face-up card lies directly on each column's face-down cards, and the face-down cards; not
// which of two twins (same rank and colour) a run lies on. Its line is turned back into engine
// moves (moving a run between twins where needed) before it is returned. `supported` is false
// for positions it cannot represent (face-up cards out of sequence, a column of only face-down
// cards); the exact search above handles those.
struct SetOptions {
  // The line found is shortened by taking out detours (see shorten()).
  bool shortest = false;
  // With foundation return on and not `shortest`, first look at most this many states for a
  // line that never brings a card back (such a line is one of the real rules too, and usually
  // shorter); the states it spends count against the state limit.
  uint64_t plain_first = 0;
  // Switches for tests and experiments (0 in normal use): 1 turns off the redundant-card rule,
  // 2 the commuting-move filters, 4 their refinements, 32 eager talon cards, 64 the rule that a
  // talon card put down is used next, 128 the test that a card coming back can lead anywhere,
  // 256 the talon-free relaxation; 8 keeps keys in the wide table even when they would pack
  // into one word.
  int flags = 0;
  // Only the verdict is wanted: a won search leaves its line empty instead of writing it out.
  bool verdict_only = false;
};
SearchResult set_solve(const Position& pos, const Limits& limits, const SetOptions& opt,
                        bool* supported);
// The talon-free relaxation of set_solve alone, from `pos` (after the cards that may go home
// at once have gone): 1 when it proves the game lost, 0 when it does not, -1 when it looked at
// `max_states` positions (0: no limit) first; `states` gets how many it looked at.
int relaxed_verdict(const Position& pos, uint64_t max_states, uint64_t* states);

}  // namespace kosynka::klondike
