// kosynka's TriPeaks core, the position: the peaks' shape tables and the ranks next to each other.
#include "tripeaks_state.hpp"

namespace kosynka::tripeaks {

namespace {
// PySolFC's ThreePeaks_RowStack.STEP: place i (< 18) is covered by places i + STEP[i] and the
// one after it.
constexpr int kStep[kCovered] = {3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9};
}  // namespace

Shape::Shape() : cover(), covered(), above(), below() {
  for (int p = 0; p < kCovered; ++p) {
    const int q = p + kStep[p];
    cover[p] = (1u << q) | (1u << (q + 1));
    covered[q] |= 1u << p;
    covered[q + 1] |= 1u << p;
  }
  // below: the places covered, at any depth; the covered places have lower numbers, so walking
  // up from place 0 finds every covered place's set complete when it is read.
  for (int p = 0; p < kPlaces; ++p)
    for (int q = 0; q < p; ++q)
      if (covered[p] >> q & 1) below[p] |= (1u << q) | below[q];
  // above: the places covering a card that covers p, at any depth, but not covering p itself;
  // everything covering p at any depth is p's `cover` closure, so take the closure of the
  // covers' covers.
  uint32_t over[kPlaces] = {};  // the places covering p at any depth
  for (int p = kPlaces - 1; p >= 0; --p)
    for (int q = p + 1; q < kPlaces; ++q)
      if (cover[p] >> q & 1) over[p] |= (1u << q) | over[q];
  for (int p = 0; p < kPlaces; ++p)
    for (int q = 0; q < kPlaces; ++q)
      if (cover[p] >> q & 1) above[p] |= over[q];
}

const Shape kShape;

uint32_t free_places(uint32_t mask) {
  uint32_t out = 0;
  for (int p = 0; p < kPlaces; ++p)
    if ((mask >> p & 1) && !(mask & kShape.cover[p])) out |= 1u << p;
  return out;
}

Neighbours::Neighbours(bool wrap) : bits() {
  for (int r = 1; r <= 13; ++r) {
    if (r > 1) bits[r] |= 1u << (r - 1);
    if (r < 13) bits[r] |= 1u << (r + 1);
    if (wrap && (r == 1 || r == 13)) bits[r] |= 1u << (14 - r);
  }
}

}  // namespace kosynka::tripeaks
