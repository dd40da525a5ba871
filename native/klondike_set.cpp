// kosynka's abstract Klondike search (see set_search in klondike.hpp).
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
#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "klondike.hpp"

namespace kosynka {
namespace {

// Bit of a card: rank0 * 4 + slot, slots 0 and 1 black (clubs, spades), 2 and 3 red (diamonds,
// hearts): a class of twins is a pair of adjacent bits, and its twin bit is `bit ^ 1`.
constexpr int kSlotOfSuit[4] = {0, 2, 3, 1};  // C D H S
constexpr int kSuitOfSlot[4] = {0, 3, 1, 2};
constexpr uint64_t kAll = (uint64_t(1) << 52) - 1;
constexpr uint64_t kLow = 0x5555555555555ULL;     // low bit of each class
constexpr uint64_t kPairLo = 0x3333333333333ULL;  // first class of each rank
constexpr uint64_t kKings = uint64_t(0xF) << 48;
constexpr auto& kOtherSuits = common::kOtherColour;
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
constexpr FoundationBits kFoundationBits{};

// States of the search before the talon-free relaxation's first turn (see set_search).
constexpr uint64_t kRelaxFirst = 2048;

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
    return found[kOtherSuits[s][0]] >= r - 2 && found[kOtherSuits[s][1]] >= r - 2 &&
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
class Relaxation {
 public:
  // Takes `st`'s position as the start; later it reads only what never changes in `st` (the
  // cards of each column's first places and what lies beneath them), so `st` may go on.
  explicit Relaxation(const SState& st) : st_(st), ret_(st.rules.ret) {
    talon0_ = st.tbits;
    fixed_ = kAll & ~talon0_;
    for (int i = 0; i < kColumns; ++i) {
      d0_[i] = st.d[i];
      cols_[i] = st.d[i] ? st.below_[i][st.d[i] - 1] | one(st.pile[i][st.d[i] - 1]) : 0;
      // Face-up cards that are neither in the first talon nor in place: they never change.
      fixed_ &= ~cols_[i];
    }
    for (int s = 0; s < 4; ++s) found0_[s] = st.found[s];
  }

  // Looks at up to `budget` more positions: 1 when the game is lost (no relaxed line turns
  // every face-down card up), 0 when it is not shown lost (a relaxed line does), -1 when the
  // budget ran out first, or the clock passed `deadline` (the next call goes on from there).
  // `states` counts the positions.
  int verdict(uint64_t budget,
              std::chrono::steady_clock::time_point deadline =
                  std::chrono::steady_clock::time_point::max()) {
    if (done_ >= 0) return done_;
    if (!started_) {
      started_ = true;
      const uint64_t k0 = pack(d0_, found0_);
      bool ins;
      seen_.insert(k0, ins);
      stack_.push_back(k0);
    }
    const uint64_t stop = states + budget;
    int d[kColumns], f[4];
    bool ins;
    const bool timed = deadline != std::chrono::steady_clock::time_point::max();
    while (!stack_.empty()) {
      if (states >= stop) return -1;
      if (timed && (states & 4095) == 0 && std::chrono::steady_clock::now() > deadline) return -1;
      const uint64_t k = stack_.back();
      stack_.pop_back();
      unpack(k, d, f);
      bool open = true;
      for (int i = 0; i < kColumns && open; ++i) open = d[i] <= 1;
      if (open) return done_ = 0;
      uint64_t next[kColumns + 8];
      const int nn = successors(d, f, next);
      for (int q = 0; q < nn; ++q) {
        if (!seen_.insert(next[q], ins)) return done_ = 0;  // too big to finish: give up
        if (!ins) continue;
        ++states;
        stack_.push_back(next[q]);
      }
    }
    return done_ = 1;
  }
  uint64_t states = 0;

 private:
  // The positions met: nonzero keys (keys have a bit above the 37 they use). Its slots are
  // made at the first insert: most searches end before the relaxation's first turn.
  struct SeenTraits {
    using Slot = uint64_t;
    static bool empty(uint64_t s) { return s == 0; }
    static bool same(uint64_t s, uint64_t k) { return s == k; }
    static uint64_t hash(uint64_t k) { return (k * 0x9E3779B97F4A7C15ULL) >> 20; }
  };
  class Table {
   public:
    // Add `key` (`inserted`: it was new); false when the table is full.
    bool insert(uint64_t key, bool& inserted) {
      return table_.find_or_insert(key, inserted) != nullptr;
    }

   private:
    common::HashTable<SeenTraits> table_{
        common::TableShape{size_t(1) << 12, 3, 4, (size_t(1) << 26) * sizeof(uint64_t)}};
  };

  static uint64_t pack(const int* d, const int* f) {
    uint64_t k = 1;
    for (int i = 0; i < kColumns; ++i) k = (k << 3) | uint64_t(d[i]);
    for (int s = 0; s < 4; ++s) k = (k << 4) | uint64_t(f[s]);
    return k;
  }
  static void unpack(uint64_t k, int* d, int* f) {
    for (int s = 3; s >= 0; --s, k >>= 4) f[s] = int(k & 15);
    for (int i = kColumns - 1; i >= 0; --i, k >>= 3) d[i] = int(k & 7);
  }

  int successors(const int* d, const int* f, uint64_t* out) const {
    const auto& fb = kFoundationBits;
    const uint64_t home = fb.home[0][f[0]] | fb.home[1][f[1]] | fb.home[2][f[2]] | fb.home[3][f[3]];
    const uint64_t next = fb.next[0][f[0]] | fb.next[1][f[1]] | fb.next[2][f[2]] | fb.next[3][f[3]];
    uint64_t roots = 0, gone = 0;  // roots; cards that left their first place
    for (int i = 0; i < kColumns; ++i) {
      if (d[i] > 0) roots |= one(st_.pile[i][d[i] - 1]);
      if (d[i] < d0_[i]) gone |= cols_[i] & ~st_.below_[i][d[i]];
    }
    const uint64_t talon = talon0_ & ~home;
    const uint64_t vis = (fixed_ | gone | roots) & ~home;
    const uint64_t kings_up = roots | (vis & kKings);
    const int empties = kColumns - bit_count(kings_up);
    // Per class (rank r, colour c: bits 4r+2c and 4r+2c+1) it has room for a card when its
    // face-up cards, with its talon cards if they could be put down, outnumber the face-up
    // non-root cards that lie on the class. Worked out from the kings down, since whether a
    // talon card could be put down depends on the class above.
    const uint64_t cnt = class_count(vis);
    const uint64_t car = swap_colour(class_count(vis & ~kings_up)) << 4 & kAll;
    const uint64_t tcnt = class_count(talon);
    uint64_t avail = 0;  // low bit of each class with room
    for (int r = 12; r >= 0; --r) {
      for (int c = 0; c < 2; ++c) {
        const int sh = r * 4 + c * 2;
        int room = int(cnt >> sh & 3) - int(car >> sh & 3);
        const int t = int(tcnt >> sh & 3);
        if (t) {
          const bool can_put = r == 12 ? empties > 0 : (avail >> ((r + 1) * 4 + (1 - c) * 2) & 1);
          if (can_put) room += t;
        }
        if (room > 0) avail |= one(sh);
      }
    }
    avail = (avail | avail << 1) & kAll;
    const uint64_t placeable = (swap_colour(avail) >> 4) | (empties > 0 ? kKings : 0);
    const uint64_t home_ok = talon | (vis & avail);
    int n = 0, nd[kColumns], nf[4];
    std::memcpy(nd, d, sizeof nd);
    std::memcpy(nf, f, sizeof nf);
    if (ret_)
      for (int s = 0; s < 4; ++s) {
        if (f[s] < 2) continue;
        const int c = (f[s] - 1) * 4 + kSlotOfSuit[s];
        if (!(placeable >> c & 1)) continue;
        --nf[s];
        out[n++] = pack(nd, nf);
        ++nf[s];
      }
    for (uint64_t m = next & home_ok; m; m &= m - 1) {
      const int c = ctz(m), s = suit_of_bit(c);
      ++nf[s];
      if (roots >> c & 1) {
        const int i = st_.first_col_[c];
        --nd[i];
        out[n++] = pack(nd, nf);
        ++nd[i];
      } else {
        out[n++] = pack(nd, nf);
      }
      --nf[s];
    }
    for (int i = 0; i < kColumns; ++i) {
      if (d[i] == 0) continue;
      const int r = st_.pile[i][d[i] - 1];
      if ((r >> 2) == 12 && d[i] == 1) continue;
      if (!(placeable >> r & 1)) continue;
      --nd[i];
      out[n++] = pack(nd, nf);
      ++nd[i];
    }
    return n;
  }

  const SState& st_;
  bool ret_;
  uint64_t talon0_ = 0, fixed_ = 0;
  uint64_t cols_[kColumns];  // the cards in their first place at the start, by column
  int d0_[kColumns], found0_[4];
  std::vector<uint64_t> stack_;
  Table seen_;
  bool started_ = false;
  int done_ = -1;
};

// Open addressing on the 128-bit key; each slot also keeps the talon positions covered (Draw 3
// with unlimited passes, see set_search). At most 2^25 slots (768 MiB).
constexpr size_t kMaxSetSlots = size_t(1) << 25;

class SetTable {
 public:
  struct Slot {
    uint64_t a, b, positions;
  };
  size_t size() const { return table_.size(); }
  Slot* find_or_insert(uint64_t a, uint64_t b, bool& inserted) {
    return table_.find_or_insert(Slot{a, b, 0}, inserted);
  }

 private:
  struct Traits {
    using Slot = SetTable::Slot;
    static bool empty(const Slot& s) { return s.b == 0; }  // b always has its top bit set
    static bool same(const Slot& s, const Slot& p) { return s.a == p.a && s.b == p.b; }
    static uint64_t hash(const Slot& s) { return mix64(s.a ^ mix64(s.b)); }
  };
  common::HashTable<Traits> table_{
      common::TableShape{size_t(1) << 12, 1, 2, kMaxSetSlots * sizeof(Slot)}};
};

// The same for positions whose key packs into 63 bits (any position with a talon of up to
// about 24 cards): 8 bytes a slot, or 16 with the talon positions (Draw 3), so much more of
// the table stays in cache.
template <int Words>
class PackedTable {
 public:
  struct Slot {
    uint64_t w[Words];
  };
  size_t size() const { return table_.size(); }
  // The slot's second word (talon positions) or, with one word, a scratch word.
  uint64_t* find_or_insert(uint64_t key, bool& inserted) {
    Slot* s = table_.find_or_insert(probe(key), inserted);
    if (!s) return nullptr;
    return Words > 1 ? &s->w[Words - 1] : &scratch_;
  }
  void prefetch(uint64_t key) const { table_.prefetch(probe(key)); }

 private:
  struct Traits {
    using Slot = PackedTable::Slot;
    static bool empty(const Slot& s) { return s.w[0] == 0; }
    static bool same(const Slot& s, const Slot& p) { return s.w[0] == p.w[0]; }
    static uint64_t hash(const Slot& s) { return mix64(s.w[0]); }
  };
  static Slot probe(uint64_t key) {
    Slot s{};
    s.w[0] = key + 1;  // 0 marks an empty slot
    return s;
  }
  // Allocated on first use, small (most searches are short).
  common::HashTable<Traits> table_{common::TableShape{size_t(1) << 9, 3, 4, kMaxSetSlots * 24}};
  uint64_t scratch_ = 0;
};

// Packs SState::key into one word: each column's count in its own radix, the foundations, the
// talon cards left (one bit per card of the first talon), the talon position and the pass.
struct Packer {
  bool ok = false;
  uint64_t radix[kColumns];
  int n0 = 0;
  bool with_p = false;
  uint64_t passes = 0;
  void init(const SState& st, bool wp) {
    with_p = wp;
    n0 = st.tmask ? 64 - __builtin_clzll(st.tmask) : 0;  // the width of tmask
    passes = uint64_t(st.rules.passes);
    unsigned __int128 cap = 1;
    for (int i = 0; i < kColumns; ++i) {
      radix[i] = uint64_t(st.d[i]) + 1;
      cap *= radix[i];
    }
    cap <<= 16;
    cap <<= n0;
    if (with_p) cap *= uint64_t(n0 + 1);
    if (passes) cap *= passes + 1;
    ok = !(st.flags & 8) && n0 <= 52 && cap < (unsigned __int128)1 << 63 &&
         (passes == 0 || st.passno <= int(passes + 1));
  }
  uint64_t pack(const SState& st) const {
    uint64_t v = 0;
    for (int i = 0; i < kColumns; ++i) v = v * radix[i] + uint64_t(st.d[i]);
    v = (v << 16) | uint64_t(st.found[0] | st.found[1] << 4 | st.found[2] << 8 | st.found[3] << 12);
    v = (v << n0) | st.tmask;
    if (with_p) v = v * uint64_t(n0 + 1) + uint64_t(st.p);
    if (passes) v = v * (passes + 1) + uint64_t(std::min<uint64_t>(uint64_t(st.passno), passes));
    return v;
  }
};

// A move's child position, worked out when the move is generated (packed keys only).
struct Child {
  uint64_t key, reach;
  int p;
};

struct SFrame {
  size_t moves_begin, moves_end, next;
  SUndo undo;
  size_t autos_begin;
  bool has_undo;
  bool keyed;  // children[] holds the keys of this frame's moves
};

struct SLimit {
  const char* which;
};

// ---------------------------------------------------------------- back to engine moves
// The exact State from klondike.cpp follows the abstract line; where the abstract line plays a
// card that is not on top, its twin is, and the cards on it move there first.
class Realizer {
 public:
  explicit Realizer(const Position& pos, std::vector<std::string>& line)
      : st_(pos), line_(line) {
    line_.reserve(512);
    steps_.reserve(128);
  }

  void play(const SMove& m) {
    switch (m.kind) {
      case kPileHome: {
        const int card = card_of(m.a);
        int c = -1, j = -1;
        locate(card, c, j);
        if (j + 1 < st_.len[c]) {
          const int twin_col = column_topped_by(card_of(m.a ^ 1));
          if (twin_col < 0) throw std::logic_error("set search: no free twin to move a run onto");
          step(Macro{kColumn, uint8_t(c), uint8_t(j + 1), uint8_t(twin_col)});
        }
        step(Macro{kColumn, uint8_t(c), uint8_t(j), kFound});
        break;
      }
      case kTalonHome:
        step(Macro{kTalon, m.a, m.b, kFound});
        break;
      case kTalonPile:
        step(Macro{kTalon, m.a, m.b, uint8_t(target_for(st_.talon[m.a], -1))});
        break;
      case kHomePile: {
        const int card = m.a * 13 + st_.found[m.a] - 1;
        step(Macro{kReturn, m.a, 0, uint8_t(target_for(card, -1))});
        break;
      }
      default: {
        const int i = m.a;
        const int j = st_.hid[i];
        step(Macro{kColumn, uint8_t(i), uint8_t(j), uint8_t(target_for(st_.cols[i][j], i))});
        break;
      }
    }
  }
  void finish() { st_.finish(&line_); }
  // The card moves played so far, as (card, destination) pairs.
  const std::vector<std::pair<uint8_t, uint8_t>>& steps() const { return steps_; }

 private:
  State st_;
  std::vector<std::string>& line_;
  std::vector<std::pair<uint8_t, uint8_t>> steps_;

  void step(const Macro& m) {
    const int card = m.kind == kColumn ? st_.cols[m.src][m.detail]
                     : m.kind == kTalon ? st_.talon[m.src]
                                        : m.src * 13 + st_.found[m.src] - 1;
    steps_.emplace_back(uint8_t(card), m.dest);
    st_.apply(m, &line_);
  }
  void locate(int card, int& c, int& j) const {
    for (int i = 0; i < kColumns; ++i)
      for (int k = st_.hid[i]; k < st_.len[i]; ++k)
        if (st_.cols[i][k] == card) {
          c = i;
          j = k;
          return;
        }
    throw std::logic_error("set search: a card to play is not face up in the tableau");
  }
  int column_topped_by(int card) const {
    for (int i = 0; i < kColumns; ++i)
      if (st_.len[i] && st_.cols[i][st_.len[i] - 1] == card) return i;
    return -1;
  }
  // A column the card can be put on: an empty one for a king, else one whose top card is one
  // rank higher and of the other colour.
  int target_for(int card, int except) const {
    for (int i = 0; i < kColumns; ++i) {
      if (i == except) continue;
      if (card % 13 == 12 ? st_.len[i] == 0
                          : st_.len[i] && fits_on(card, st_.cols[i][st_.len[i] - 1]))
        return i;
    }
    throw std::logic_error("set search: no column to put a card on");
  }
};

// Plays card moves given as (card, destination) on the exact position, drawing (and
// recycling) as needed to reach a talon card; true when every move is legal and the position
// is then won or trivially won (the rest is played out). Appends engine moves to `line`.
bool card_replay(const Position& pos, const std::vector<std::pair<uint8_t, uint8_t>>& steps,
                 std::vector<std::string>* line) {
  State st(pos);
  auto fits_dest = [&st](int card, int dest, int from_col) {
    if (dest == kFound) return st.found[card / 13] == card % 13;
    if (dest == from_col) return false;
    const int len = st.len[dest];
    if (card % 13 == 12) return len == 0;
    if (!len) return false;
    return fits_on(card, st.cols[dest][len - 1]);
  };
  for (const auto& [card, dest] : steps) {
    bool done = false;
    for (int c = 0; c < kColumns && !done; ++c)
      for (int j = st.hid[c]; j < st.len[c]; ++j)
        if (st.cols[c][j] == card) {
          if (dest == kFound && j != st.len[c] - 1) return false;
          if (!fits_dest(card, dest, c)) return false;
          st.apply(Macro{kColumn, uint8_t(c), uint8_t(j), dest}, line);
          done = true;
          break;
        }
    if (done) continue;
    uint8_t idx[2 * kMaxPile], rec[2 * kMaxPile];
    const int n = st.reachable(idx, rec);
    for (int k = 0; k < n && !done; ++k)
      if (st.talon[idx[k]] == card) {
        if (!fits_dest(card, dest, -1)) return false;
        st.apply(Macro{kTalon, idx[k], rec[k], dest}, line);
        done = true;
      }
    if (done) continue;
    const int s = card / 13;
    if (st.rules.ret && dest != kFound && st.found[s] == card % 13 + 1) {
      if (!fits_dest(card, dest, -1)) return false;
      st.apply(Macro{kReturn, uint8_t(s), 0, dest}, line);
      continue;
    }
    return false;
  }
  if (!st.is_won() && !st.trivially_won()) return false;
  std::vector<std::string> scratch;
  st.finish(line ? line : &scratch);
  return true;
}

// Shortens a winning line by taking out detours: a card move that can simply be left out,
// a card move together with the next move of the same card, or a card move replaced by that
// next move (the card goes straight where it would end up). Each change is kept only when
// the whole line still replays to a win.
void shorten(const Position& pos, std::vector<std::pair<uint8_t, uint8_t>>& steps) {
  bool improved = true;
  int rounds = 0;
  while (improved && rounds++ < 4) {
    improved = false;
    for (size_t i = steps.size(); i-- > 0;) {
      if (i >= steps.size()) continue;
      size_t j = i + 1;
      while (j < steps.size() && steps[j].first != steps[i].first) ++j;
      std::vector<std::pair<uint8_t, uint8_t>> trial;
      auto attempt = [&](int mode) {
        trial.clear();
        for (size_t k = 0; k < steps.size(); ++k) {
          if (k == i) {
            if (mode == 2) trial.emplace_back(steps[i].first, steps[j].second);
            continue;
          }
          if (k == j && mode >= 1) continue;
          trial.push_back(steps[k]);
        }
        if (!card_replay(pos, trial, nullptr)) return false;
        steps.swap(trial);
        return true;
      };
      if (attempt(0) || (j < steps.size() && (attempt(1) || attempt(2)))) improved = true;
    }
  }
}

}  // namespace

int relaxed_verdict(const Position& pos, uint64_t max_states, uint64_t* states) {
  SState st;
  if (!st.build(pos)) throw std::invalid_argument("face-up cards out of sequence");
  { State check(pos); }
  std::vector<SUndo> autos;
  st.autoplay(autos, nullptr);
  Relaxation relax(st);
  const int v = relax.verdict(max_states ? max_states : ~uint64_t(0) >> 1);
  *states = relax.states;
  return v;
}

SearchResult set_search(const Position& pos, const Limits& limits, const SetOptions& opt,
                        bool* supported) {
  const uint64_t max_states = limits.max_states, plain_first = opt.plain_first;
  const bool shortest = opt.shortest;
  const SetOptions then{false, 0, opt.flags};  // the searches after the first look
  if (plain_first && pos.rules.ret && !shortest) {
    const common::Budget began(limits);
    Position plain = pos;
    plain.rules.ret = false;
    const uint64_t cap = max_states ? std::min(plain_first, max_states) : plain_first;
    SearchResult first = set_search(plain, Limits{limits.time_limit, cap}, then, supported);
    if (!*supported) return first;
    if (first.status == Status::kSolved) return first;
    if (max_states && first.states >= max_states) {
      first.status = Status::kLimit;
      first.limit = "states";
      return first;
    }
    double left = limits.time_limit;
    if (left >= 0) {
      left -= began.seconds();
      if (left <= 0) {
        first.status = Status::kLimit;
        first.limit = "time";
        return first;
      }
    }
    SearchResult rest = set_search(
        pos, Limits{left, max_states ? max_states - first.states : 0}, then, supported);
    rest.states += first.states;
    rest.unique_states += first.unique_states;
    return rest;
  }
  common::Budget budget(limits);
  SearchResult res;
  SState st;
  st.flags = opt.flags;
  *supported = st.build(pos);
  if (!*supported) return res;
  // Validate the deck the way the exact State does (it throws on a bad position).
  { State check(pos); }

  std::vector<SUndo> autos;
  std::vector<SMove> root_autos;
  st.autoplay(autos, &root_autos);
  autos.clear();
  const bool cover = pos.rules.passes == 0 && pos.rules.draw > 1;
  const bool with_p = pos.rules.passes != 0;
  SetTable seen;
  PackedTable<1> packed1;
  PackedTable<2> packed2;
  Packer packer;
  packer.init(st, with_p);
  bool inserted;
  uint64_t ka, kb;
  // The packed table in use (with talon positions under Draw 3 and unlimited passes).
  auto find_packed = [&](uint64_t k) {
    return cover ? packed2.find_or_insert(k, inserted) : packed1.find_or_insert(k, inserted);
  };
  auto packed_size = [&]() { return cover ? packed2.size() : packed1.size(); };
  // The slot's talon positions of a position: nullptr when the table is full.
  auto lookup = [&]() -> uint64_t* {
    if (packer.ok) return find_packed(packer.pack(st));
    st.key(ka, kb, with_p);
    SetTable::Slot* sl = seen.find_or_insert(ka, kb, inserted);
    return sl ? &sl->positions : nullptr;
  };
  *lookup() = st.reach_mask();

  std::vector<SMove> path;
  std::vector<std::vector<SMove>> path_autos;  // autoplays after each path move
  bool won = st.is_won() || st.trivially_won();
  const bool lost = !won && st.stuck();
  uint64_t& states = budget.states;
  std::vector<SMove> best_path;
  // The relaxation gets a turn when the search has made kRelaxFirst states, and again each time
  // the states have doubled, each turn with half as many positions as the search has made:
  // it never costs more than about a third of the work, and a loss it proves ends the search.
  Relaxation relax(st);
  uint64_t relax_at = (opt.flags & 256) ? 0 : kRelaxFirst;
  bool relax_lost = false;
  std::vector<std::vector<SMove>> best_autos;

  if (!won && !lost) {
    std::vector<SMove> moves;
    std::vector<SFrame> stack;
    moves.reserve(1 << 12);
    std::vector<SUndo> scratch;
    std::vector<Child> children;  // parallel to moves when keys pack
    // The moves worth trying here; with packed keys and a table too big for the cache, each
    // child's key too (and its table slot starts loading: a probe that misses the cache costs
    // more than a move). While the table is small, most searches end before trying more than
    // a few of the moves made, so keys are worked out only for the moves tried.
    constexpr size_t kKeyAhead = size_t(1) << 14;
    auto gen = [&](const SLast& last) -> bool {
      const size_t mb = moves.size();
      st.moves(moves, last);
      if (!packer.ok || packed_size() < kKeyAhead) return false;
      children.resize(moves.size());
      for (size_t k = mb; k < moves.size(); ++k) {
        const SUndo cu = st.apply(moves[k]);
        const size_t a0 = scratch.size();
        st.autoplay(scratch, nullptr);
        Child& c = children[k];
        c.key = packer.pack(st);
        if (cover) {
          c.p = st.p;
          c.reach = st.reach_mask();
          packed2.prefetch(c.key);
        } else {
          packed1.prefetch(c.key);
        }
        for (size_t a = scratch.size(); a > a0; --a) st.undo(scratch[a - 1]);
        scratch.resize(a0);
        st.undo(cu);
      }
      return true;
    };
    const bool keyed0 = gen(SLast{});
    stack.push_back(SFrame{0, moves.size(), 0, SUndo{}, 0, false, keyed0});
    std::vector<SMove> auto_log;  // autoplays of the frames on the stack, in order
    std::vector<size_t> auto_log_at;
    try {
      while (!stack.empty()) {
        SFrame& f = stack.back();
        if (f.next >= f.moves_end) {
          if (f.has_undo) {
            for (size_t a = autos.size(); a > f.autos_begin; --a) st.undo(autos[a - 1]);
            autos.resize(f.autos_begin);
            auto_log.resize(auto_log_at.back());
            auto_log_at.pop_back();
            st.undo(f.undo);
            path.pop_back();
          }
          moves.resize(f.moves_begin);
          if (f.keyed) children.resize(f.moves_begin);
          stack.pop_back();
          continue;
        }
        const size_t mi = f.next++;
        const SMove m = moves[mi];
        ++states;
        if (budget.out_of_states()) throw SLimit{"states"};
        if (states == relax_at) {
          const uint64_t before = relax.states;
          const int v = relax.verdict(relax_at / 2, budget.deadline());
          states += relax.states - before;
          relax_at = v < 0 ? states * 2 : 0;
          if (v == 1) {
            relax_lost = true;
            break;
          }
        }
        if ((states & 4095) == 0 && budget.out_of_time()) throw SLimit{"time"};
        if (f.keyed) {
          // The child's key was worked out when the moves were made: a known position is
          // passed over without playing the move at all.
          const Child& c = children[mi];
          uint64_t* positions = find_packed(c.key);
          if (!positions) throw SLimit{"states"};
          if (!inserted && (!cover || (*positions >> c.p & 1))) continue;
          if (cover) *positions |= c.reach;
        }
        const uint64_t home_before = pos.rules.ret ? 0 : st.home_mask();
        const SUndo u = st.apply(m);
        const size_t autos_begin = autos.size(), log_begin = auto_log.size();
        st.autoplay(autos, &auto_log);
        // Takes back the move and the autoplays after it.
        auto take_back = [&]() {
          for (size_t a = autos.size(); a > autos_begin; --a) st.undo(autos[a - 1]);
          autos.resize(autos_begin);
          auto_log.resize(log_begin);
          st.undo(u);
        };
        if (!f.keyed) {
          uint64_t* positions = lookup();
          if (!positions) throw SLimit{"states"};
          bool prune;
          if (cover) {
            prune = !inserted && (*positions >> st.p & 1);
            if (!prune) *positions |= st.reach_mask();
          } else {
            prune = !inserted;
          }
          if (prune) {
            take_back();
            continue;
          }
        }
        const uint64_t home_after = pos.rules.ret ? 0 : st.home_mask();
        if (home_after != home_before && st.dead_after(home_after & ~home_before, home_after)) {
          take_back();
          continue;
        }
        path.push_back(m);
        auto_log_at.push_back(log_begin);
        if (st.is_won() || st.trivially_won()) {
          won = true;
          best_path = path;
          // Split the autoplay log per path move.
          best_autos.assign(path.size(), {});
          for (size_t k = 0; k < path.size(); ++k) {
            const size_t lo = auto_log_at[k];
            const size_t hi = k + 1 < path.size() ? auto_log_at[k + 1] : auto_log.size();
            best_autos[k].assign(auto_log.begin() + long(lo), auto_log.begin() + long(hi));
          }
          break;
        }
        SLast last;
        if (autos.size() == autos_begin) {
          last.kind = m.kind;
          if (m.kind == kRoot) {
            const int i = m.a;
            last.column = i;
            if (st.d[i] > 0) {
              last.card = st.pile[i][st.d[i] - 1];
            } else {
              last.emptied = (u.card >> 2) != 12;
              if (!last.emptied) last.kind = -1;
            }
          } else if (m.kind == kTalonPile || m.kind == kHomePile) {
            last.card = u.card;
          } else {
            last.kind = -1;
          }
        }
        const size_t mb = moves.size();
        const bool keyed = gen(last);
        stack.push_back(SFrame{mb, moves.size(), mb, u, autos_begin, true, keyed});
      }
    } catch (const SLimit& hit) {
      res.status = Status::kLimit;
      res.limit = hit.which;
    }
  }
  res.states = states;
  res.unique_states = packer.ok ? packed_size() : seen.size();
  if (won) {
    res.status = Status::kSolved;
    res.limit.clear();
    Realizer real(pos, res.line);
    for (const SMove& m : root_autos) real.play(m);
    for (size_t k = 0; k < best_path.size(); ++k) {
      real.play(best_path[k]);
      for (const SMove& m : best_autos[k]) real.play(m);
    }
    real.finish();
    if (shortest) {
      std::vector<std::pair<uint8_t, uint8_t>> steps = real.steps();
      shorten(pos, steps);
      std::vector<std::string> line;
      if (card_replay(pos, steps, &line)) res.line.swap(line);
    }
  } else if (res.status != Status::kLimit || relax_lost) {
    res.status = Status::kUnsolvable;
  }
  return res;
}

}  // namespace kosynka
