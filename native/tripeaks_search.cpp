// kosynka's TriPeaks core, the search (see tripeaks_search.hpp and the reference's docstring in
// src/kosynka/solver/_tripeaks_py.py for why it is complete and why the prune is sound).
#include "tripeaks_search.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace kosynka::tripeaks {

namespace {

constexpr uint64_t kCheckEvery = 4096;  // states tried between two looks at the clock

// The transposition table's slot, one word: the position's key (see Search::key).
struct Seen {
  using Slot = uint64_t;
  static bool empty(const Slot& s) { return !s; }
  static bool same(const Slot& s, const Slot& t) { return s == t; }
  static uint64_t hash(const Slot& s) { return common::mix64(s); }
};

struct LimitReached {
  const char* which;
};

// A table card to play as the search orders them: best first by score, then by place (higher
// first), as the reference's sort of (score, place, free) tuples does.
struct Play {
  int score, p;
  uint32_t nfree;
};

class Search {
 public:
  Search(const std::vector<int>& places, const std::vector<int>& stock, int top, bool wrap,
         const Limits& limits)
      : nb_(wrap), budget_(limits), seen_({size_t(1) << 12, 3, 4, size_t(1) << 30}) {
    for (int p = 0; p < kPlaces; ++p) {
      card_[p] = places[p];
      prank_[p] = card_[p] >= 0 ? common::rank_of(card_[p]) : 0;
      if (card_[p] >= 0) mask0_ |= 1u << p;
    }
    for (int p = 0; p < kPlaces; ++p)
      if (card_[p] >= 0)
        for (int r = 1; r <= 13; ++r)
          if (nb_.bits[r] >> prank_[p] & 1) adj_[r] |= 1u << p;
    for (int p = 0; p < kPlaces; ++p)
      if (card_[p] >= 0)
        partners_[p] = adj_[prank_[p]] & ~kShape.above[p] & ~kShape.below[p] & ~(1u << p);
    nstock_ = int(stock.size());
    for (int i = 0; i < nstock_; ++i) {
      srank_[i] = common::rank_of(stock[i]);
      for (int r = 1; r <= 13; ++r)
        if (nb_.bits[r] >> srank_[i] & 1) ++snb_[r];
    }
    t0_ = common::rank_of(top);
  }

  SearchResult run() {
    SearchResult r;
    bool won = false;
    try {
      if (!mask0_) {
        won = true;
      } else {
        bool lost = false;
        for (uint32_t m = mask0_; m && !lost; m &= m - 1) {
          const int p = std::countr_zero(m);
          lost = !can_leave(mask0_, p, t0_);
        }
        won = !lost && dfs(mask0_, free_places(mask0_), 0, t0_);
      }
    } catch (const LimitReached& e) {
      r.status = Status::kLimit;
      r.limit = e.which;
      r.states = budget_.states;
      r.unique_states = seen_.size();
      return r;
    }
    r.status = won ? Status::kSolved : Status::kUnsolvable;
    if (won) {
      for (int p : path_) {
        std::string text;
        if (p < 0)
          text = "s";
        else
          common::append_card(text, card_[p]);
        r.line.push_back(std::move(text));
      }
    }
    r.states = budget_.states;
    r.unique_states = seen_.size();
    return r;
  }

 private:
  Neighbours nb_;
  common::Budget budget_;
  common::HashTable<Seen> seen_;
  uint64_t next_check_ = kCheckEvery;
  int card_[kPlaces] = {}, prank_[kPlaces] = {};
  uint32_t adj_[14] = {};       // adj_[r]: the places whose card's rank is next to r
  uint32_t partners_[kPlaces] = {};  // the places whose card may be the top when p's is free
  int srank_[kMaxStock] = {};
  int snb_[14] = {};            // snb_[r]: stock cards not yet turned of a rank next to r
  int nstock_ = 0, t0_ = 0;
  uint32_t mask0_ = 0;
  std::vector<int> path_;       // places played, -1 for a stock card turned

  // True when place p's card (in `mask`) still has a card it could go on: a stock card not yet
  // turned, the top of rank `top`, or a table card that may be the top when p's card is free.
  bool can_leave(uint32_t mask, int p, int top) const {
    const int rx = prank_[p];
    return snb_[rx] || (nb_.bits[rx] >> top & 1) || (mask & partners_[p]);
  }

  // True when burying a card of rank t under one of rank `top` leaves a card of `mask` (of a
  // rank next to t) with no card it could ever go on.
  bool stranded(uint32_t mask, int t, int top) const {
    for (uint32_t m = mask & adj_[t]; m; m &= m - 1)
      if (!can_leave(mask, std::countr_zero(m), top)) return true;
    return false;
  }

  // One more state tried: stop at a limit (the clock read every kCheckEvery states).
  void count_state() {
    ++budget_.states;
    if (budget_.out_of_states()) throw LimitReached{"states"};
    if (budget_.states >= next_check_) {
      next_check_ = budget_.states + kCheckEvery;
      if (budget_.out_of_time()) throw LimitReached{"time"};
    }
  }

  // The position key: mask, k and (when a table card goes on the top) t, bit 63 set so that no
  // key is zero. A top no table card fits is as good as any other such: only the stock moves
  // on it.
  uint64_t key(uint32_t mask, int k, int t) const {
    return uint64_t(mask) | uint64_t(k) << 28 | uint64_t((mask & adj_[t]) ? t : 0) << 34 |
           uint64_t(1) << 63;
  }

  // True when the position can be won; the winning moves are left in path_.
  bool dfs(uint32_t mask, uint32_t free, int k, int t) {
    if (!mask) return true;
    bool inserted = false;
    if (!seen_.find_or_insert(key(mask, k, t), inserted))
      throw LimitReached{"states"};  // the table is at its size limit
    if (!inserted) return false;
    // the table cards that go on the top, best first
    Play moves[kPlaces];
    int nmoves = 0;
    for (uint32_t m = free & adj_[t]; m; m &= m - 1) {
      const int p = std::countr_zero(m);
      const uint32_t rest = mask & ~(1u << p);
      uint32_t nfree = free & ~(1u << p);
      int opened = 0;
      for (uint32_t c = kShape.covered[p]; c; c &= c - 1) {
        const int q = std::countr_zero(c);
        if ((rest >> q & 1) && !(rest & kShape.cover[q])) {
          nfree |= 1u << q;
          ++opened;
        }
      }
      const int cont = (nfree & adj_[prank_[p]]) ? 1 : 0;
      moves[nmoves++] = Play{opened * 2 + cont, p, nfree};
    }
    std::sort(moves, moves + nmoves, [](const Play& a, const Play& b) {
      return a.score != b.score ? a.score > b.score : a.p > b.p;
    });
    for (int i = 0; i < nmoves; ++i) {
      const Play& mv = moves[i];
      count_state();
      const int r = prank_[mv.p];
      const uint32_t rest = mask & ~(1u << mv.p);
      if (!stranded(rest, t, r)) {
        path_.push_back(mv.p);
        if (dfs(rest, mv.nfree, k, r)) return true;
        path_.pop_back();
      }
    }
    if (k < nstock_) {
      count_state();
      const int s = srank_[k];
      for (uint32_t b = nb_.bits[s]; b; b &= b - 1) --snb_[std::countr_zero(b)];
      bool won = false;
      if (!stranded(mask, t, s)) {
        path_.push_back(-1);
        won = dfs(mask, free, k + 1, s);
        if (!won) path_.pop_back();
      }
      for (uint32_t b = nb_.bits[s]; b; b &= b - 1) ++snb_[std::countr_zero(b)];
      if (won) return true;
    }
    return false;
  }
};

}  // namespace

SearchResult solve(const std::vector<int>& places, const std::vector<int>& stock, int top,
                   bool wrap, const Limits& limits) {
  if (places.size() != size_t(kPlaces)) throw std::invalid_argument("28 places expected");
  if (stock.size() > size_t(kMaxStock))
    throw std::invalid_argument("too many stock cards");
  for (int c : places)
    if (c < -1 || c >= 52) throw std::invalid_argument("a card index is out of range");
  for (int c : stock)
    if (c < 0 || c >= 52) throw std::invalid_argument("a card index is out of range");
  if (top < 0 || top >= 52) throw std::invalid_argument("the top card's index is out of range");
  return Search(places, stock, top, wrap, limits).run();
}

}  // namespace kosynka::tripeaks
