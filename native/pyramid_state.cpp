// kosynka's Pyramid core, the position: the pyramid's shape tables and the move texts.
#include "pyramid_state.hpp"

namespace kosynka::pyramid {

Shape::Shape() : cover(), uncovers(), below(), above() {
  for (int r = 0, p = 0; r < kRows; ++r)
    for (int i = 0; i <= r; ++i, ++p)
      if (r < kRows - 1) {
        cover[p] = (1u << (p + r + 1)) | (1u << (p + r + 2));
        uncovers[p + r + 1] |= 1u << p;
        uncovers[p + r + 2] |= 1u << p;
      }
  // At any depth: a place's `below` is its covers and theirs; bottom rows first (higher
  // places cover lower ones, so every cover's set is complete when it is read).
  for (int p = kPlaces - 1; p >= 0; --p)
    for (int q = 0; q < kPlaces; ++q)
      if (cover[p] >> q & 1) below[p] |= (1u << q) | below[q];
  for (int p = 0; p < kPlaces; ++p)
    for (int q = 0; q < kPlaces; ++q)
      if (uncovers[p] >> q & 1) above[p] |= (1u << q) | above[q];
}

const Shape kShape;

uint32_t free_places(uint32_t pmask) {
  uint32_t out = 0;
  for (int p = 0; p < kPlaces; ++p)
    if ((pmask >> p & 1) && !(pmask & kShape.cover[p])) out |= 1u << p;
  return out;
}

std::string king_text(int card) {
  std::string out;
  common::append_card(out, card);
  return out;
}

std::string pair_text(int a, int b) {
  if (common::rank_of(a) < common::rank_of(b)) std::swap(a, b);
  std::string out;
  common::append_card(out, a);
  out += '+';
  common::append_card(out, b);
  return out;
}

}  // namespace kosynka::pyramid
