// The FreeCell referee's one entry for other C++ files (the range runner): the rules written
// apart from the search (freecell_referee.cpp), which this header keeps apart too: it names
// nothing of the search's files.
#pragma once

#include <string>
#include <vector>

namespace kosynka::freecell_referee {

struct Verdict {
  int made = 0;     // moves made before the first illegal one (all of them when legal)
  std::string why;  // why the next move was refused; empty when every move was legal
  bool won = false;  // every card home at the end
};

// Make the moves of `codes` (card * 16 + destination) from the position and judge them.
// Throws std::invalid_argument for a position that is not a deck of 52 cards in 8 columns.
Verdict referee_line(const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
                     const std::vector<int>& found, bool cards_back, const std::vector<int>& codes);

}  // namespace kosynka::freecell_referee
