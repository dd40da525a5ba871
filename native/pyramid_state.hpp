// kosynka's Pyramid core, the position: the pyramid's shape, the talon and the position key.
//
// Cards are indices suit * 13 + rank - 1 (suits C, D, H, S = 0..3). The rules are those of
// src/kosynka/games/pyramid/rules.py: 28 cards in seven rows, place i of row r covered by
// places p + r + 1 and p + r + 2 (p its index); a move removes two available cards whose ranks
// add up to 13, or an available King alone; `s` turns the stock's top card onto the waste; `r`
// turns the waste over into a new stock when the stock is empty, within the pass limit.
//
// The search sees the stock and the waste as one row of cards, the talon: the waste bottom to
// top, then the stock from its top card down. `s` moves the boundary between the two one card
// on and `r` puts it back to 0, so the talon's order never changes and cards only leave it. A
// position is then four small numbers (see Node); src/kosynka/solver/_pyramid_py.py is the
// pure-Python reference of the same search and says why it is complete.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common.hpp"

namespace kosynka::pyramid {

constexpr int kPlaces = 28;
constexpr int kRows = 7;
constexpr int kMaxTalon = 24;
constexpr int kKing = 13;

// The pyramid's shape, per place: the places covering it, the places it covers, and the same
// at any depth (`below`: covering it, all gone before it is available; `above`: covered by it,
// none available before it is gone).
struct Shape {
  uint32_t cover[kPlaces];     // the two places covering p (none: bottom row)
  uint32_t uncovers[kPlaces];  // the one or two places p covers
  uint32_t below[kPlaces];
  uint32_t above[kPlaces];
  Shape();
};
extern const Shape kShape;

// The places of `pmask` that no place of `pmask` covers.
uint32_t free_places(uint32_t pmask);

// The position as the Python side hands it over.
struct Position {
  std::vector<int> places;  // the card on each of the 28 places, -1 when gone
  std::vector<int> talon;   // the waste bottom to top, then the stock from its top card down
  int waste_count = 0;      // how many of the talon's cards are the waste
  int pass_number = 1;      // the pass under way (1 on the first)
};

// The rules' options the search needs.
struct Rules {
  int passes = 3;  // 1, 2, 3, or 0 for unlimited
  bool goal_all = false;
};

// A search position: pmask the places still holding a card, tmask the talon cards still in
// play, b the boundary (talon cards below it are the waste; kept one past the waste's top card,
// 0 when the waste is empty), pass the pass under way; free the available pyramid places.
struct Node {
  uint32_t pmask, free, tmask;
  int b, pass;
};

// The position key: pmask, tmask and b in 57 bits (bit 63 set, so that no key is zero).
inline uint64_t node_key(const Node& n) {
  return uint64_t(n.pmask) | uint64_t(n.tmask) << 28 | uint64_t(n.b) << 52 | uint64_t(1) << 63;
}

// Move text: a King alone ("KS") or a pair, the higher rank first ("8H+5C").
std::string king_text(int card);
std::string pair_text(int a, int b);

}  // namespace kosynka::pyramid
