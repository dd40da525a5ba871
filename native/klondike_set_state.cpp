// kosynka's Klondike core, the position as the abstract search keeps it (see
// klondike_set_state.hpp).
#include "klondike_set_state.hpp"

#include <cstring>
#include <stdexcept>

namespace kosynka::klondike {

bool SState::build(const Position& pos) {
  rules = pos.rules;
  std::memset(root_col, -1, sizeof root_col);
  std::memset(first_col_, -1, sizeof first_col_);
  if (pos.columns.size() != kColumns || pos.hidden.size() != kColumns || pos.found.size() != 4)
    throw std::invalid_argument("a Klondike position has 7 columns and 4 foundations");
  for (int i = 0; i < kColumns; ++i) {
    const auto& col = pos.columns[i];
    const int h = pos.hidden[i];
    d[i] = 0;
    if (col.empty()) continue;
    if (h < 0 || h >= int(col.size()) || col.size() > kMaxPile) return false;
    for (size_t k = size_t(h) + 1; k < col.size(); ++k)
      if (!fits_on(col[k], col[k - 1])) return false;
    for (int k = 0; k <= h; ++k) {
      pile[i][k] = uint8_t(bit_of(col[k]));
      below_[i][k] = k ? below_[i][k - 1] | one(pile[i][k - 1]) : 0;
      first_col_[pile[i][k]] = int8_t(i);
      first_j_[pile[i][k]] = uint8_t(k);
    }
    d[i] = h + 1;
    for (size_t k = size_t(h); k < col.size(); ++k) vis |= one(bit_of(col[k]));
    roots |= one(pile[i][h]);
    root_col[pile[i][h]] = int8_t(i);
  }
  for (int b = 0; b < 52; ++b) {
    lower_same_[b] = 0;
    for (int r = 0; r < (b >> 2); ++r) lower_same_[b] |= one(r * 4 + (b & 3));
  }
  if (pos.talon.size() > kMaxPile) return false;
  n = int(pos.talon.size());
  p = pos.waste;
  for (int k = 0; k < n; ++k) {
    talon[k] = uint8_t(bit_of(pos.talon[k]));
    orig[k] = uint8_t(k);
    tmask |= one(k);
    tbits |= one(talon[k]);
  }
  for (int s = 0; s < 4; ++s) found[s] = pos.found[s];
  passno = pos.pass_number;
  return true;
}

void SState::moves(std::vector<SMove>& out, const SLast& in_last) const {
  const SLast last = (flags & 2) ? SLast{} : in_last;
  const uint64_t fc = free_classes();
  const uint64_t free_cards = fc & vis;
  const uint64_t next = home_next();
  const int empties = empty_columns();
  // Cards that may be put on the tableau: one rank below a class with a free card, other colour.
  const uint64_t placeable = (swap_colour(fc) >> 4) | (empties > 0 ? kKings : 0);

  // Moves that commute with the previous one are tried in one order only.
  //  * After a card Y is put on the tableau (from the talon or a foundation), a root move or
  //    a card going home that does not use Y (lie on Y's class, or go home from Y's twin)
  //    could have come first and is left out; a root that empties its column is kept (after
  //    it only a king may follow, see below). A talon card going home could have gone first
  //    too, unless Y came from the talon under Draw 3 or a pass limit; and with Draw 1 and
  //    unlimited passes, of two talon cards put down independently the lower goes second.
  //  * After a root moves and turns a card c up, a card going home other than c (or its
  //    twin) could have gone first, and so could a talon card; another root moving could have
  //    moved first unless it lies on c's class or comes from a later column.
  //  * After a root moves off the last card of its column, only a king may follow: an empty
  //    column is good for nothing else.
  const bool after_place = last.kind == kTalonPile || last.kind == kHomePile;
  const bool after_reveal = last.kind == kRoot && !last.emptied;
  const bool after_empty = last.kind == kRoot && last.emptied;
  const bool refined = !(flags & 4);
  const int lc = last.card;
  auto uses_last = [&](int b) { return (parents_of(b) >> lc) & 1; };
  // With Draw 1 and unlimited passes a talon card Y put on the tableau must be used by the
  // next move: a card put on Y's class, or Y's twin going home; or the next move brings a card
  // back from the foundations (which may be needed first, to uncover the card that will lie
  // on Y). Any other line from there can leave Y in the talon (it stays within reach) and put
  // it down just before its first use: until then Y's place on the tableau only takes a free
  // card of its parent's class.
  const bool use_y = last.kind == kTalonPile && free_talon() && !(flags & 64);

  // With foundation return, a free card that does not lie on a face-down card and can go home
  // may go home at once: it can always come back (it stays the top of its foundation until a
  // higher card of its suit goes home, and the place it left stays free). So when there is one,
  // the lowest such card X goes home, or its twin goes home, or the next move puts a card on
  // X's class (or brings a card back from the foundations); every other move can as well come
  // after X goes home. (When X's class has one free card, X going home leaves its twin covered:
  // the twin going home is the one move that X going home can take away.)
  const uint64_t all_roots = roots | (vis & kKings);
  const uint64_t redundant =
      (rules.ret && !(flags & 1) && !after_empty && !use_y) ? free_cards & next & ~all_roots
                                                                : 0;
  const int red_x = redundant ? ctz(redundant) : -1;
  auto onto_x = [&](int b) { return red_x >= 0 && (parents_of(b) >> red_x & 1); };

  // 1. Free tableau cards home.
  uint64_t ph = free_cards & next;
  if (redundant) ph &= one(red_x) | one(red_x ^ 1);
  if (after_reveal) ph &= uint64_t(3) << (lc & ~1);
  if (after_place) ph &= one(lc ^ 1);
  if (after_empty) ph = 0;
  for (uint64_t m = ph; m; m &= m - 1) out.push_back({kPileHome, uint8_t(ctz(m)), 0});

  const Reach& rch = this->reach();
  const uint64_t reach = rch.bits;
  // 2. Talon cards home.
  const bool th_ok = !redundant && !after_reveal && !after_empty && last.kind != kHomePile &&
                     !(last.kind == kTalonPile && free_talon());
  if (th_ok)
    for (uint64_t m = reach & next; m; m &= m - 1)
      out.push_back(talon_move(kTalonHome, ctz(m), rch));

  // 3. Roots onto the tableau (columns with the most face-down cards first). Only roots that
  // can be put somewhere are sorted (usually none or one).
  int order[kColumns], no = 0;
  for (uint64_t m = roots & placeable; m; m &= m - 1) {
    const int i = root_col[ctz(m)];
    int at = no++;
    while (at > 0 && (d[order[at - 1]] < d[i] || (d[order[at - 1]] == d[i] && order[at - 1] > i))) {
      order[at] = order[at - 1];
      --at;
    }
    order[at] = i;
  }
  // Emptying a column only helps a king that could then come down into it (worked out when
  // first needed).
  int king_waits = -1;
  auto a_king_waits = [&]() {
    if (king_waits < 0) {
      bool w = (tbits & kKings) != 0;
      if (rules.ret)
        for (int s = 0; s < 4 && !w; ++s) w = found[s] == 13;
      for (int i = 0; i < kColumns && !w; ++i) w = d[i] > 1 && (pile[i][d[i] - 1] >> 2) == 12;
      king_waits = w;
    }
    return king_waits > 0;
  };
  for (int oi = 0; oi < no; ++oi) {
    const int i = order[oi];
    const int b = pile[i][d[i] - 1];
    const bool king = (b >> 2) == 12;
    const bool empties_col = d[i] == 1;
    if (empties_col && (king || !a_king_waits())) continue;
    if (after_empty && !king) continue;
    if (redundant && !onto_x(b)) continue;
    if (after_place && !empties_col && !uses_last(b)) continue;
    if (use_y && !uses_last(b)) continue;
    if (refined && after_reveal && !empties_col && !uses_last(b) && i < last.column) continue;
    out.push_back({kRoot, uint8_t(i), 0});
  }

  // 4. Talon cards onto the tableau (not one that may as well go home).
  for (uint64_t m = reach & placeable; m; m &= m - 1) {
    const int b = ctz(m);
    if ((next >> b & 1) && safe(b)) continue;
    if (after_empty && (b >> 2) != 12) continue;
    if (redundant && !onto_x(b)) continue;
    if (last.kind == kTalonPile && free_talon() && !uses_last(b) && b > lc) continue;
    if (use_y && !uses_last(b)) continue;
    out.push_back(talon_move(kTalonPile, b, rch));
  }

  // 5. Foundation cards back, when not safe to put straight back. (A card may come back only
  // to reach the one beneath it, so nothing else is asked of it.)
  if (rules.ret) {
    const uint64_t avail = roots | (vis & kKings) | reach | foundation_tops();
    for (int s = 0; s < 4; ++s) {
      const int r = found[s];
      if (r < 2) continue;
      const int b = (r - 1) * 4 + kSlotOfSuit[s];
      if (!(placeable >> b & 1) || safe(b)) continue;
      if (after_empty && r != 13) continue;
      if (!(flags & 128) && !worth_return(s, r, avail)) continue;
      out.push_back({kHomePile, uint8_t(s), 0});
    }
  }
}

SUndo SState::apply(const SMove& m) {
  SUndo u{m.kind, m.a, m.b, 0, -1, uint8_t(p), 0, int16_t(passno)};
  switch (m.kind) {
    case kPileHome: {
      const int b = m.a;
      u.card = uint8_t(b);
      vis &= ~one(b);
      ++found[suit_of_bit(b)];
      if (root_col[b] >= 0) {
        u.column = root_col[b];
        unroot(u.column);
      }
      break;
    }
    case kTalonHome:
    case kTalonPile: {
      const int j = m.a;
      const int b = talon[j];
      u.card = uint8_t(b);
      u.orig = orig[j];
      tmask &= ~one(orig[j]);
      tbits &= ~one(b);
      std::memmove(&talon[j], &talon[j + 1], size_t(n - j - 1));
      std::memmove(&orig[j], &orig[j + 1], size_t(n - j - 1));
      --n;
      p = j;
      if (m.b) ++passno;
      if (m.kind == kTalonHome)
        ++found[suit_of_bit(b)];
      else
        vis |= one(b);
      break;
    }
    case kHomePile: {
      const int s = m.a;
      const int b = (found[s] - 1) * 4 + kSlotOfSuit[s];
      u.card = uint8_t(b);
      --found[s];
      vis |= one(b);
      break;
    }
    default: {  // kRoot
      const int i = m.a;
      u.card = pile[i][d[i] - 1];
      u.column = int8_t(i);
      unroot(i);
      break;
    }
  }
  return u;
}

void SState::undo(const SUndo& u) {
  const int b = u.card;
  switch (u.kind) {
    case kPileHome:
      if (u.column >= 0) reroot(u.column);
      vis |= one(b);
      --found[suit_of_bit(b)];
      break;
    case kTalonHome:
    case kTalonPile: {
      const int j = u.a;
      std::memmove(&talon[j + 1], &talon[j], size_t(n - j));
      std::memmove(&orig[j + 1], &orig[j], size_t(n - j));
      talon[j] = uint8_t(b);
      orig[j] = u.orig;
      tmask |= one(u.orig);
      tbits |= one(b);
      ++n;
      p = u.old_p;
      passno = u.old_pass;
      if (u.kind == kTalonHome)
        --found[suit_of_bit(b)];
      else
        vis &= ~one(b);
      break;
    }
    case kHomePile:
      ++found[u.a];
      vis &= ~one(b);
      break;
    default:
      reroot(u.column);
      break;
  }
}

void SState::autoplay(std::vector<SUndo>& out, std::vector<SMove>* done) {
  bool progress = true;
  while (progress) {
    progress = false;
    const uint64_t cand = free_classes() & vis & home_next();
    for (uint64_t m = cand; m; m &= m - 1) {
      const int b = ctz(m);
      if (safe(b)) {
        const SMove mv{kPileHome, uint8_t(b), 0};
        out.push_back(apply(mv));
        if (done) done->push_back(mv);
        progress = true;
        break;
      }
    }
    if (progress || !free_talon()) continue;
    // With Draw 1 and unlimited passes every talon card is always within reach; with
    // foundation return as well, a talon card that can go home may as well go when the card
    // beneath it on the foundation is one that may go home at once (so is never wanted back):
    // the talon card can come back from the foundation to anywhere it could have come to from
    // the talon, for it stays on top until it is back in play, or until a card that may go
    // home at once covers it (and then it is not wanted any more).
    const bool eager = rules.ret && !(flags & 32);
    for (uint64_t m = tbits & home_next(); m; m &= m - 1) {
      const int b = ctz(m);
      if (safe(b) || (eager && ((b >> 2) == 0 || safe(b - 4)))) {
        const SMove mv = talon_move(kTalonHome, b, reach());
        out.push_back(apply(mv));
        if (done) done->push_back(mv);
        progress = true;
        break;
      }
    }
  }
}

// The talon-free relaxation: a proof of loss that often needs far fewer positions than the
// search (see "Proofs of loss" in bench/solver_klondike.md for the argument).
//
// In it the cards of the talon are never used up. Each card that was in the talon when the
// search began, and is not home, is always within reach (as under Draw 1 with unlimited
// passes), and it counts as a card to lie on, without being put down, whenever it could be put
// down: a free card of its parent class (or one of the parent class's talon cards that could be
// put down in turn) would take it, or it is a king and a column is empty. Everything the real
// game can do, under any draw and pass rules, the relaxation can do, and putting a talon card
// down changes nothing in it; so a position is fixed by how many cards of each column are
// still in their first place and the foundations (everything else follows). When no relaxed
// line turns up every face-down card, no real line does either, and the game is lost.
}  // namespace kosynka::klondike
