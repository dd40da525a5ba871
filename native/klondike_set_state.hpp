// kosynka's Klondike core, the position as the abstract search keeps it (see set_solve in
// klondike_search.hpp).
//
// The tableau is kept as three things: the face-down cards of each column together with the
// face-up card that lies directly on them (its "root"), and the set of all face-up cards. Every
// other face-up card lies on a face-up card one rank higher of the other colour; which of two
// twins (same rank, same colour) carries it is forgotten. That loses nothing: when the twin a
// run should lie on is free, one legal move puts the run there. So, in a class of twins
// (a rank and a colour), the number of cards with nothing on them is the number of face-up
// cards of the class less the number of non-root face-up cards one rank lower of the other
// colour, and any card of a class with at least one free card can be played as if it were free.
//
// The position is then fixed by how many cards of each column are still in their first place
// (face-down cards and root), the foundations and the talon: the face-up cards are all the rest.
// That makes a key that is exact for this abstraction (one 64-bit word for any position with a
// talon of up to about 24 cards, two words otherwise), and many more positions fall together
// than when the columns are kept card by card.
//
// Moves: a free card home; a talon card home or onto the tableau; a foundation card back onto
// the tableau; a root (with everything on it) onto the tableau, which turns up the next
// face-down card or empties the column. Moving a run between twins, or a king between empty
// columns, changes nothing here and is never a search step.
#pragma once

#include <cstdint>
#include <vector>

#include "klondike_state.hpp"

namespace kosynka::klondike {

// Bit of a card: rank0 * 4 + slot, slots 0 and 1 black (clubs, spades), 2 and 3 red (diamonds,
// hearts): a class of twins is a pair of adjacent bits, and its twin bit is `bit ^ 1`.
inline constexpr int kSlotOfSuit[4] = {0, 2, 3, 1};  // C D H S
inline constexpr int kSuitOfSlot[4] = {0, 3, 1, 2};
inline constexpr uint64_t kAll = (uint64_t(1) << 52) - 1;
inline constexpr uint64_t kLow = 0x5555555555555ULL;     // low bit of each class
inline constexpr uint64_t kPairLo = 0x3333333333333ULL;  // first class of each rank
inline constexpr uint64_t kKings = uint64_t(0xF) << 48;
using common::kOtherColour;
using common::kTwinSuit;

inline int bit_of(int card) { return (card % 13) * 4 + kSlotOfSuit[card / 13]; }
inline int card_of(int b) { return kSuitOfSlot[b & 3] * 13 + (b >> 2); }
inline int suit_of_bit(int b) { return kSuitOfSlot[b & 3]; }
inline uint64_t one(int b) { return uint64_t(1) << b; }
// Per class, the number of its cards in x (a two-bit field at the class's low bit).
inline uint64_t class_count(uint64_t x) { return (x & kLow) + ((x >> 1) & kLow); }
// The two classes of every rank exchanged (black <-> red).
inline uint64_t swap_colour(uint64_t x) { return ((x >> 2) & kPairLo) | ((x & kPairLo) << 2); }
inline int ctz(uint64_t x) { return __builtin_ctzll(x); }
// Bits set in x, without needing the popcnt instruction (the core is built for any x86-64).
inline int bit_count(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((x * 0x0101010101010101ULL) >> 56);
}
// By suit and foundation height: the bits of the cards on that foundation (home), and the bit
// of the card that goes there next (next; 0 when complete).
struct FoundationBits {
  uint64_t home[4][14], next[4][14];
  constexpr FoundationBits() : home(), next() {
    for (int s = 0; s < 4; ++s)
      for (int r = 0; r < 13; ++r) {
        next[s][r] = uint64_t(1) << (r * 4 + kSlotOfSuit[s]);
        home[s][r + 1] = home[s][r] | next[s][r];
      }
  }
};
inline constexpr FoundationBits kFoundationBits{};

enum SKind : uint8_t { kPileHome = 0, kTalonHome = 1, kRoot = 2, kTalonPile = 3, kHomePile = 4 };

// kPileHome: a = card bit; kTalonHome, kTalonPile: a = talon index, b = 1 when a recycle is
// needed; kHomePile: a = suit; kRoot: a = column.
struct SMove {
  uint8_t kind, a, b;
};

struct SUndo {
  uint8_t kind, a, b, card;
  int8_t column;  // the column whose root left, or -1
  uint8_t old_p, orig;
  int16_t old_pass;
};

// What the previous move did, for the moves that commute with it (see moves()).
struct SLast {
  int kind = -1;     // -1: nothing known (first move, or safe moves followed it)
  int card = 0;      // the card put on the tableau (kTalonPile, kHomePile), or turned up (kRoot)
  int column = 0;    // kRoot: the column the root left
  bool emptied = false;  // kRoot that left its column empty
};

class SState {
 public:
  Rules rules;
  int flags = 0;  // the search's switches (see SetOptions::flags)
  uint8_t pile[kColumns][kMaxPile];  // per column: face-down cards then the root, as bits
  int d[kColumns];                   // cards of pile[] still in place (0: the column lost them)
  int8_t root_col[52];               // by bit: the column whose root it is, or -1
  uint64_t vis = 0, roots = 0;       // face-up tableau cards; roots of columns with d > 0
  int found[4];                      // by suit C D H S
  uint8_t talon[kMaxPile], orig[kMaxPile];  // bits in drawing order; index in the first talon
  int n = 0, p = 0, passno = 1;
  uint64_t tmask = 0;  // first-talon indices still in the talon
  uint64_t tbits = 0;  // the talon's cards, as bits

  bool build(const Position& pos);

  bool can_recycle() const { return rules.passes == 0 || passno < rules.passes; }
  bool free_talon() const { return rules.draw == 1 && rules.passes == 0; }
  bool is_won() const { return found[0] + found[1] + found[2] + found[3] == 52; }
  bool trivially_won() const {
    for (int i = 0; i < kColumns; ++i)
      if (d[i] > 1) return false;
    return n == 0 || free_talon();
  }
  int home() const { return found[0] + found[1] + found[2] + found[3]; }

  uint64_t home_next() const {
    const auto& t = kFoundationBits.next;
    return t[0][found[0]] | t[1][found[1]] | t[2][found[2]] | t[3][found[3]];
  }
  // A card that may go home at once, without trying anything else first: both cards of the
  // other colour one rank lower can go home too (their foundations are at rank - 2 or more)
  // and its twin's foundation is at rank - 3 or more. Whatever would have lain on it can go
  // home instead, and so can whatever would have lain on that; nothing lower is left.
  bool safe(int b) const {
    const int r = (b >> 2) + 1;
    if (r <= 2) return true;
    const int s = suit_of_bit(b);
    return found[kOtherColour[s][0]] >= r - 2 && found[kOtherColour[s][1]] >= r - 2 &&
           found[kTwinSuit[s]] >= r - 3;
  }
  // Cards of classes with at least one free card (each class as both its bits).
  uint64_t free_classes() const {
    const uint64_t all_roots = roots | (vis & kKings);
    const uint64_t carried = swap_colour(class_count(vis & ~all_roots)) << 4;
    const uint64_t e = class_count(vis) - (carried & kAll);
    const uint64_t low = (e | (e >> 1)) & kLow;
    return low | (low << 1);
  }
  // A column is taken when it has a root (one of `roots`) or, having lost its first cards, a
  // face-up king at its foot (a king lies nowhere else but at a root).
  int empty_columns() const { return kColumns - bit_count(roots | (vis & kKings)); }
  int reachable(uint8_t* idx, uint8_t* rec) const {
    return talon_reach(p, n, rules.draw, can_recycle(), idx, rec);
  }
  uint64_t reach_mask() const { return talon_reach_mask(p, n, rules.draw); }
  void key(uint64_t& a, uint64_t& b, bool with_p) const {
    a = 0;
    for (int i = 0; i < kColumns; ++i) a = (a << 6) | uint64_t(d[i]);
    for (int s = 0; s < 4; ++s) a = (a << 4) | uint64_t(found[s]);
    a = (a << 6) | uint64_t(with_p ? p : 0);
    const uint64_t pass = rules.passes == 0 ? 0 : uint64_t(std::min(passno, 2047));
    b = tmask | (pass << 52) | (uint64_t(1) << 63);
  }

  // The talon cards drawing can bring to the top of the waste: as bits, and (unless every
  // card is within reach: Draw 1, unlimited passes, count -1) as (index, recycle) pairs.
  struct Reach {
    uint64_t bits = 0, tmask = 0;
    int count = 0, p = -1, n = -1, passno = -1;
    uint8_t idx[2 * kMaxPile], rec[2 * kMaxPile];
    uint8_t at[52];  // by card bit, for the cards within reach: its pair's place in idx/rec
  };
  // Worked out again only when the talon has changed (most moves leave it as it was).
  const Reach& reach() const {
    Reach& r = reach_;
    if (r.p == p && r.n == n && r.passno == passno && r.tmask == tmask) return r;
    r.p = p;
    r.n = n;
    r.passno = passno;
    r.tmask = tmask;
    if (free_talon()) {
      r.count = -1;
      r.bits = tbits;
      return r;
    }
    r.count = reachable(r.idx, r.rec);
    uint64_t m = 0;
    for (int k = 0; k < r.count; ++k) {
      m |= one(talon[r.idx[k]]);
      r.at[talon[r.idx[k]]] = uint8_t(k);
    }
    r.bits = m;
    return r;
  }
  // The macro move that takes talon card `b` (within reach) out of the talon.
  SMove talon_move(SKind kind, int b, const Reach& r) const {
    if (r.count < 0) {
      int j = 0;
      while (talon[j] != b) ++j;
      return SMove{kind, uint8_t(j), uint8_t(p > 0 && j < p - 1)};
    }
    const int k = r.at[b];
    return SMove{kind, r.idx[k], r.rec[k]};
  }
  void moves(std::vector<SMove>& out, const SLast& last) const;
  // Whether bringing back the top card of foundation `s` (rank `r`) can lead anywhere: a card
  // that could lie on it is among `avail` (roots, talon cards within reach, foundation tops);
  // or its twin is face up and next to go home (the class gains a free card, so a card lying
  // on the twin can lie on it instead and the twin can go home); or, under it, a card of the
  // same suit is worth bringing back in turn. Nothing else changes when a card comes back and
  // nothing is put on it.
  bool worth_return(int s, int r, uint64_t avail) const {
    const uint64_t next = home_next();
    for (; r >= 2; --r) {
      const int b = (r - 1) * 4 + kSlotOfSuit[s];
      if (avail & children_of(b)) return true;
      if ((vis & next) >> (b ^ 1) & 1) return true;
      if (r - 1 < 2 || safe(b - 4)) return false;
    }
    return false;
  }
  uint64_t foundation_tops() const {
    uint64_t m = 0;
    for (int t = 0; t < 4; ++t)
      if (found[t]) m |= one((found[t] - 1) * 4 + kSlotOfSuit[t]);
    return m;
  }
  // A stronger test for the start of a search: the largest set S of cards still in their
  // first place such that each card of S is under another card of S or has no way out: it is
  // not a king, a lower card of its suit is beneath it or in S (so it cannot go home), and each
  // card it could lie on is beneath it or under a card of S (or home for good). No card of S
  // can ever be the first of S to leave, so S is stuck for good; when it is not empty the game
  // is lost.
  bool stuck() const {
    const uint64_t home = rules.ret ? 0 : home_mask();
    uint64_t in_s = 0;
    for (int i = 0; i < kColumns; ++i)
      for (int j = 0; j < d[i]; ++j) in_s |= one(pile[i][j]);
    bool changed = true;
    while (changed && in_s) {
      changed = false;
      uint64_t covered = 0;  // cards beneath a card of S
      for (int i = 0; i < kColumns; ++i)
        for (int j = d[i] - 1; j > 0; --j)
          if (in_s >> pile[i][j] & 1) {
            covered |= below_[i][j];
            break;
          }
      for (int i = 0; i < kColumns; ++i) {
        bool above_in_s = false;
        for (int j = d[i] - 1; j >= 0; --j) {
          const int b = pile[i][j];
          if (!(in_s >> b & 1)) continue;
          bool keep = above_in_s;
          if (!keep && (b >> 2) != 12) {
            const uint64_t below = below_[i][j];
            const bool no_home = (lower_same_[b] & (below | in_s)) != 0;
            const bool no_place = !(parents_of(b) & ~(below | covered | home));
            keep = no_home && no_place;
          }
          if (keep) {
            above_in_s = true;
          } else {
            in_s &= ~one(b);
            changed = true;
          }
        }
      }
    }
    return in_s != 0;
  }
  uint64_t home_mask() const {
    const auto& t = kFoundationBits.home;
    return t[0][found[0]] | t[1][found[1]] | t[2][found[2]] | t[3][found[3]];
  }
  // Without foundation return, true when cards `newly` going home left some card still in its
  // first place with no way out, so the game is lost: a card with a lower card of its own suit
  // beneath it in the same column (so it cannot go home first), and both cards it could lie
  // on beneath it as well or home. The position before was not lost this way (see stuck()),
  // the cards beneath a card never change and cards only go home, so only a card that could
  // lie on one of `newly` needs a look. `home` is home_mask().
  bool dead_after(uint64_t newly, uint64_t home) const {
    for (uint64_t h = newly; h; h &= h - 1) {
      for (uint64_t m = children_of(ctz(h)); m; m &= m - 1) {
        const int b = ctz(m);
        const int i = first_col_[b];
        if (i < 0) continue;
        const int j = first_j_[b];
        if (j == 0 || j >= d[i]) continue;
        const uint64_t below = below_[i][j];
        if ((lower_same_[b] & below) && !(parents_of(b) & ~(below | home))) return true;
      }
    }
    return false;
  }
  // The cards `b` could lie on (one rank higher, other colour), and that could lie on it.
  static uint64_t parents_of(int b) { return swap_colour(uint64_t(3) << (b & ~1)) << 4; }
  static uint64_t children_of(int b) { return swap_colour(uint64_t(3) << (b & ~1)) >> 4; }
  uint64_t below_[kColumns][kMaxPile];  // cards beneath pile[i][j] in its column
  uint64_t lower_same_[52];             // by bit: the lower cards of its suit
  // By bit, for a card dealt face down or as a column's root: its column and its place there
  // (first_col_ is -1 for the other cards).
  int8_t first_col_[52];
  uint8_t first_j_[52];
  mutable Reach reach_;                 // see reach()
  SUndo apply(const SMove& m);
  void undo(const SUndo& u);
  void autoplay(std::vector<SUndo>& out, std::vector<SMove>* done);

 private:
  void unroot(int i) {
    const int b = pile[i][d[i] - 1];
    roots &= ~one(b);
    root_col[b] = -1;
    if (--d[i] > 0) {
      const int nb = pile[i][d[i] - 1];
      vis |= one(nb);
      roots |= one(nb);
      root_col[nb] = int8_t(i);
    }
  }
  void reroot(int i) {
    if (d[i] > 0) {
      const int nb = pile[i][d[i] - 1];
      vis &= ~one(nb);
      roots &= ~one(nb);
      root_col[nb] = -1;
    }
    const int b = pile[i][d[i]++];
    roots |= one(b);
    root_col[b] = int8_t(i);
  }
};

}  // namespace kosynka::klondike
