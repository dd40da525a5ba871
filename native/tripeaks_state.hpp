// kosynka's TriPeaks core, the position: the peaks' shape and the ranks next to each other.
//
// Cards are indices suit * 13 + rank - 1 (suits C, D, H, S = 0..3). The rules are those of
// src/kosynka/games/tripeaks/rules.py: 28 places, the three peaks' tops (0..2), their middle
// rows (3..8), the row of nine (9..17) and the bottom row of ten (18..27); place i < 18 is
// covered by places i + STEP[i] and the one after it. A move plays an uncovered card whose rank
// is next to the waste top's onto the waste, or turns the stock's next card (`s`).
//
// A position is three small numbers (see the key in tripeaks_search.cpp): the places still
// holding a card, how many stock cards have been turned and the waste top's rank;
// src/kosynka/solver/_tripeaks_py.py is the pure-Python reference of the same search and says
// why it is complete.
#pragma once

#include <cstdint>

namespace kosynka::tripeaks {

constexpr int kPlaces = 28;
constexpr int kCovered = 18;   // the places of the peaks, each covered by two others
constexpr int kMaxStock = 52;  // at most the rest of the pack

// The peaks' shape, per place: the places covering it, the places it covers, and at any depth
// the places covering the cards that cover it but not it (`above`: all leave while it is still
// covered) and the places it covers (`below`: none leaves before it).
struct Shape {
  uint32_t cover[kPlaces];
  uint32_t covered[kPlaces];
  uint32_t above[kPlaces];
  uint32_t below[kPlaces];
  Shape();
};
extern const Shape kShape;

// The places of `mask` that no place of `mask` covers.
uint32_t free_places(uint32_t mask);

// For each rank 1..13 (0 unused), the bitmask of the ranks next to it: one above and one below,
// King and Ace next to each other when `wrap`.
struct Neighbours {
  uint32_t bits[14];
  explicit Neighbours(bool wrap);
};

}  // namespace kosynka::tripeaks
