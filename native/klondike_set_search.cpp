// kosynka's Klondike core, the abstract search (see set_solve in klondike_search.hpp and
// klondike_set_state.hpp), its talon-free relaxation, and its line turned back into engine
// moves.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "klondike_search.hpp"
#include "klondike_set_state.hpp"

namespace kosynka::klondike {
namespace {

// States of the search before the talon-free relaxation's first turn (see set_solve).
constexpr uint64_t kRelaxFirst = 2048;

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
// with unlimited passes, see set_solve). At most 2^25 slots (768 MiB).
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
// The exact State (klondike_state.hpp) follows the abstract line; where the abstract line plays a
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

SearchResult set_solve(const Position& pos, const Limits& limits, const SetOptions& opt,
                        bool* supported) {
  const uint64_t max_states = limits.max_states, plain_first = opt.plain_first;
  const bool shortest = opt.shortest;
  // The searches after the first look.
  const SetOptions then{false, 0, opt.flags, opt.verdict_only};
  if (plain_first && pos.rules.ret && !shortest) {
    const common::Budget began(limits);
    Position plain = pos;
    plain.rules.ret = false;
    const uint64_t cap = max_states ? std::min(plain_first, max_states) : plain_first;
    SearchResult first = set_solve(plain, Limits{limits.time_limit, cap}, then, supported);
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
    SearchResult rest = set_solve(
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
    if (opt.verdict_only) return res;
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

}  // namespace kosynka::klondike
