// kosynka's Pyramid core, the search (see pyramid_search.hpp and the reference's docstring in
// src/kosynka/solver/_pyramid_py.py for the proofs of the forced moves and of the prunes).
#include "pyramid_search.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace kosynka::pyramid {

namespace {

constexpr uint64_t kCheckEvery = 4096;  // states tried between two looks at the clock

// The transposition table's slot, one word: the position's key (node_key) with the lowest pass
// it was entered at in bits 58-61 (0 when passes are unlimited: the pass is then no part of the
// position).
constexpr uint64_t kPassShift = 58;
constexpr uint64_t kPassBits = uint64_t(15) << kPassShift;
struct Seen {
  using Slot = uint64_t;
  static bool empty(const Slot& s) { return !s; }
  static bool same(const Slot& s, const Slot& t) { return ((s ^ t) & ~kPassBits) == 0; }
  static uint64_t hash(const Slot& s) { return common::mix64(s & ~kPassBits); }
};

// A verdict of cleared: the pyramid's places and the talon's counts (talon_key) in one word,
// the waste pile's cards, and the verdict (1 lost, 2 won).
struct Cleared {
  uint64_t cards;
  uint32_t waste, verdict;
};
constexpr uint32_t kAllWaste = ~uint32_t(0);  // the waste of cleared_all's verdicts
struct ClearedTraits {
  using Slot = Cleared;
  static bool empty(const Slot& s) { return !s.cards; }
  static bool same(const Slot& s, const Slot& t) {
    return s.cards == t.cards && s.waste == t.waste;
  }
  static uint64_t hash(const Slot& s) {
    return common::mix64(s.cards ^ uint64_t(s.waste) * 0x9E3779B97F4A7C15ULL);
  }
};

struct LimitReached {
  const char* which;
};

// The bit length of x: one past its highest set bit, 0 for 0.
inline int bit_length(uint32_t x) { return 32 - std::countl_zero(x); }

// A pair or a talon move as the search orders them: best first by score, then by the places
// and talon cards (higher first), as the reference's sort of (score, p, q, i) tuples does.
struct Pair {
  int score, p, q, i;  // p, q: places or -1; i: talon card, -1 for none, -2 for both tops
  bool operator>(const Pair& o) const {
    if (score != o.score) return score > o.score;
    if (p != o.p) return p > o.p;
    if (q != o.q) return q > o.q;
    return i > o.i;
  }
};

class Search {
 public:
  Search(const Position& pos, const Rules& rules, const Limits& limits)
      : rules_(rules),
        budget_(limits),
        seen_({size_t(1) << 12, 3, 4, size_t(1) << 30}),
        cleared_seen_({size_t(1) << 10, 1, 2, size_t(1) << 28}) {
    for (int p = 0; p < kPlaces; ++p) {
      card_[p] = pos.places[p];
      prank_[p] = card_[p] >= 0 ? common::rank_of(card_[p]) : 0;
      if (card_[p] >= 0) {
        pmask0_ |= 1u << p;
        rank_places_[prank_[p]] |= 1u << p;
      }
    }
    for (int p = 0; p < kPlaces; ++p)
      if (card_[p] >= 0)
        partners_[p] =
            rank_places_[13 - prank_[p]] & ~kShape.above[p] & ~kShape.below[p];
    ntalon_ = int(pos.talon.size());
    for (int i = 0; i < ntalon_; ++i) {
      talon_[i] = pos.talon[i];
      trank_[i] = common::rank_of(talon_[i]);
      ++tcount_[trank_[i]];
      rank_talon_[trank_[i]] |= 1u << i;
    }
    tmask0_ = ntalon_ ? uint32_t((uint64_t(1) << ntalon_) - 1) : 0;
    b0_ = bit_length(tmask0_ & ((1u << pos.waste_count) - 1));
    pass0_ = pos.pass_number;
  }

  SearchResult run() {
    SearchResult r;
    bool won = false;
    try {
      static const int kAll[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
      const uint32_t free0 = free_places(pmask0_);
      if (stranded(pmask0_, tmask0_, kAll, 12) ||
          !(rules_.goal_all ? cleared_all(pmask0_, free0, tmask0_, talon_key())
                             : cleared(pmask0_, free0, talon_key())))
        won = !pmask0_ && (!rules_.goal_all || !tmask0_);
      else
        won = dfs(Node{pmask0_, free0, tmask0_, b0_, pass0_});
    } catch (const LimitReached& e) {
      r.status = Status::kLimit;
      r.limit = e.which;
      r.states = budget_.states;
      r.unique_states = seen_.size();
      return r;
    }
    r.status = won ? Status::kSolved : Status::kUnsolvable;
    if (won) r.line = path_;
    r.states = budget_.states;
    r.unique_states = seen_.size();
    return r;
  }

 private:
  Rules rules_;
  common::Budget budget_;
  common::HashTable<Seen> seen_;
  uint64_t next_check_ = 0;
  int card_[kPlaces] = {}, prank_[kPlaces] = {};
  uint32_t partners_[kPlaces] = {};
  uint32_t rank_places_[15] = {}, rank_talon_[15] = {};
  int tcount_[15] = {};
  int talon_[kMaxTalon] = {}, trank_[kMaxTalon] = {};
  int ntalon_ = 0, b0_ = 0, pass0_ = 1;
  uint32_t pmask0_ = 0, tmask0_ = 0;
  std::vector<std::string> path_;
  common::HashTable<ClearedTraits> cleared_seen_;  // cleared's verdicts

  // True when the cards of one of `ranks` that must go cannot all find a partner: each leaves
  // with its own card of the rank making 13 (see the reference's proof).
  bool stranded(uint32_t pmask, uint32_t tmask, const int* ranks, int n) const {
    for (int k = 0; k < n; ++k) {
      const int r = ranks[k], want = 13 - r;
      if (r == kKing) continue;
      const int t = tcount_[want];
      const uint32_t a = pmask & rank_places_[r];
      if (rules_.goal_all && (tmask & rank_talon_[r]) &&
          std::popcount(a) + tcount_[r] > std::popcount(pmask & rank_places_[want]) + t)
        return true;
      const int na = std::popcount(a);
      if (na <= t) continue;
      int place[4], np = 0;
      for (uint32_t m = a; m && np < 4; m &= m - 1) place[np++] = std::countr_zero(m);
      for (unsigned sub = 1; sub < (1u << np); ++sub) {
        const int size = std::popcount(sub);
        if (size <= t) continue;
        uint32_t reach = 0;
        for (int j = 0; j < np; ++j)
          if (sub >> j & 1) reach |= partners_[place[j]];
        if (std::popcount(pmask & reach) + t < size) return true;
      }
    }
    return false;
  }

  // The talon's cards of `wmask` (talon indices) counted as talon_key counts them.
  uint64_t key_of(uint32_t wmask) const {
    uint64_t out = 0;
    for (uint32_t m = wmask; m; m &= m - 1) {
      const int r = trank_[std::countr_zero(m)];
      if (r != kKing) out += uint64_t(1) << 3 * (r - 1);
    }
    return out;
  }

  // True when the pyramid's cards `pmask` (`free` available) could all go were the talon's
  // cards counted in `tkey` (talon_key) at hand at any time and those of `wmask` (talon
  // indices, counted in `wkey`) a pile taken from its top, the highest index first. Such a
  // pile is first looked at as cards at hand at any time too (see the reference's proof).
  bool cleared(uint32_t pmask, uint32_t free, uint64_t tkey, uint32_t wmask = 0,
               uint64_t wkey = 0) {
    if (!pmask) return true;
    const Cleared probe{uint64_t(pmask) | tkey << 28, wmask, 0};
    bool inserted = false;
    const Cleared* got = cleared_seen_.find_or_insert(probe, inserted);
    if (!got) throw LimitReached{"states"};  // the table is at its size limit
    if (!inserted) return got->verdict == 2;
    const bool won = (!wmask || cleared(pmask, free, tkey + wkey)) &&
                     relaxed_moves(pmask, free, tkey, wmask, wkey);
    Cleared* slot = cleared_seen_.find_or_insert(probe, inserted);
    if (!slot) throw LimitReached{"states"};
    slot->verdict = won ? 2 : 1;
    return won;
  }

  // cleared's moves from its position: an available King alone (the pyramid's first, at
  // once), else each pair of the pyramid, a pyramid card with a talon card at hand or the
  // pile's top, and the pile's top with a talon card at hand.
  bool relaxed_moves(uint32_t pmask, uint32_t free, uint64_t tkey, uint32_t wmask,
                     uint64_t wkey) {
    const int w = bit_length(wmask) - 1;
    const int wr = w >= 0 ? trank_[w] : 0;
    const uint32_t wbit = w >= 0 ? 1u << w : 0;
    const uint64_t wone = wr > 0 && wr < kKing ? uint64_t(1) << 3 * (wr - 1) : 0;
    const uint32_t kings = free & rank_places_[kKing];
    if (kings) {
      const int p = std::countr_zero(kings);
      const uint32_t rest = pmask & ~(1u << p);
      return cleared(rest, opened(rest, free, p), tkey, wmask, wkey);
    }
    if (wr == kKing) return cleared(pmask, free, tkey, wmask & ~wbit, wkey);
    for (uint32_t f = free; f; f &= f - 1) {
      const int p = std::countr_zero(f);
      const uint32_t bit = 1u << p;
      const int want = 13 - prank_[p];
      for (uint32_t m = free & rank_places_[want] & ~((bit << 1) - 1); m; m &= m - 1) {
        const int q = std::countr_zero(m);
        const uint32_t rest = pmask & ~bit & ~(1u << q);
        if (cleared(rest, opened(rest, opened(rest, free, p), q), tkey, wmask, wkey)) return true;
      }
      const uint32_t rest = pmask & ~bit;
      const int shift = 3 * (want - 1);
      if ((tkey >> shift & 7) &&
          cleared(rest, opened(rest, free, p), tkey - (uint64_t(1) << shift), wmask, wkey))
        return true;
      if (wr == want && cleared(rest, opened(rest, free, p), tkey, wmask & ~wbit, wkey - wone))
        return true;
    }
    const int shift = 3 * (12 - wr);
    return wbit && (tkey >> shift & 7) &&
           cleared(pmask, free, tkey - (uint64_t(1) << shift), wmask & ~wbit, wkey - wone);
  }

  // True when every card could go, the pyramid's `pmask` (`free` available) and the talon's
  // `tmask` (counted in `tkey`), were every talon card at hand at any time, two of them free to
  // leave together only when no card in play lies between them in the talon (see the
  // reference's proof). The pyramid is first looked at alone (cleared). Its verdicts share
  // cleared's table, told apart by the waste kAllWaste.
  bool cleared_all(uint32_t pmask, uint32_t free, uint32_t tmask, uint64_t tkey) {
    if (!pmask && !tmask) return true;
    const Cleared probe{uint64_t(pmask) | uint64_t(tmask) << 28, kAllWaste, 0};
    bool inserted = false;
    const Cleared* got = cleared_seen_.find_or_insert(probe, inserted);
    if (!got) throw LimitReached{"states"};  // the table is at its size limit
    if (!inserted) return got->verdict == 2;
    const bool won = cleared(pmask, free, tkey) && relaxed_moves_all(pmask, free, tmask, tkey);
    Cleared* slot = cleared_seen_.find_or_insert(probe, inserted);
    if (!slot) throw LimitReached{"states"};
    slot->verdict = won ? 2 : 1;
    return won;
  }

  // cleared_all's moves from its position: an available King alone (the pyramid's first,
  // then the talon's, at once), else each pair of the pyramid, a pyramid card with each talon
  // card of its partner rank, and a talon card with the next in play.
  bool relaxed_moves_all(uint32_t pmask, uint32_t free, uint32_t tmask, uint64_t tkey) {
    uint32_t kings = free & rank_places_[kKing];
    if (kings) {
      const int p = std::countr_zero(kings);
      const uint32_t rest = pmask & ~(1u << p);
      return cleared_all(rest, opened(rest, free, p), tmask, tkey);
    }
    kings = tmask & rank_talon_[kKing];
    if (kings) return cleared_all(pmask, free, tmask & ~(kings & (~kings + 1)), tkey);
    for (uint32_t f = free; f; f &= f - 1) {
      const int p = std::countr_zero(f);
      const uint32_t bit = 1u << p;
      const int want = 13 - prank_[p];
      for (uint32_t m = free & rank_places_[want] & ~((bit << 1) - 1); m; m &= m - 1) {
        const int q = std::countr_zero(m);
        const uint32_t rest = pmask & ~bit & ~(1u << q);
        if (cleared_all(rest, opened(rest, opened(rest, free, p), q), tmask, tkey)) return true;
      }
      const uint32_t rest = pmask & ~bit;
      const uint32_t nfree = opened(rest, free, p);
      const uint64_t one = uint64_t(1) << 3 * (want - 1);
      for (uint32_t m = tmask & rank_talon_[want]; m; m &= m - 1)
        if (cleared_all(rest, nfree, tmask & ~(m & (~m + 1)), tkey - one)) return true;
    }
    for (uint32_t m = tmask; m; m &= m - 1) {
      const uint32_t tb = m & (~m + 1), after = m & (m - 1), nb = after & (~after + 1);
      const int r = trank_[std::countr_zero(tb)];
      if (nb && r + trank_[std::countr_zero(nb)] == 13 &&
          cleared_all(pmask, free, tmask & ~tb & ~nb,
                      tkey - (uint64_t(1) << 3 * (r - 1)) - (uint64_t(1) << 3 * (12 - r))))
        return true;
    }
    return false;
  }

  // tcount_ as cleared reads it.
  uint64_t talon_key() const {
    uint64_t out = 0;
    for (int r = 1; r < kKing; ++r) out |= uint64_t(tcount_[r]) << 3 * (r - 1);
    return out;
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

  // `free` after place p's card leaves `pmask` (pmask already without it).
  static uint32_t opened(uint32_t pmask, uint32_t free, int p) {
    free &= ~(1u << p);
    for (uint32_t m = kShape.uncovers[p]; m; m &= m - 1) {
      const int q = std::countr_zero(m);
      if ((pmask >> q & 1) && !(pmask & kShape.cover[q])) free |= 1u << q;
    }
    return free;
  }

  // The first forced pair, put in `out`: an available card that must go whose rank's partner
  // has one card left in play it could ever leave with, and that card available too. Tried in
  // order: the pyramid's free places, then (goal all) the stock's top, then the waste's.
  bool forced_pair(const Node& n, int st, int wt, Pair& out) const {
    for (uint32_t f = n.free; f; f &= f - 1) {
      const int p = std::countr_zero(f);
      const uint32_t near = n.pmask & partners_[p];
      const uint32_t far = n.tmask & rank_talon_[13 - prank_[p]];
      if (std::popcount(near) + std::popcount(far) != 1) continue;
      if (near & n.free) {
        const int q = std::countr_zero(near);
        out = Pair{0, std::min(p, q), std::max(p, q), -1};
        return true;
      }
      const int i = bit_length(far) - 1;
      if (far && (i == st || i == wt)) {
        out = Pair{0, p, -1, i};
        return true;
      }
    }
    if (rules_.goal_all)
      for (int x : {st, wt}) {
        if (x < 0) continue;
        const int want = 13 - trank_[x];
        const uint32_t near = n.pmask & rank_places_[want];
        const uint32_t far = n.tmask & rank_talon_[want];
        if (std::popcount(near) + std::popcount(far) != 1) continue;
        if (near & n.free) {
          out = Pair{0, std::countr_zero(near), -1, x};
          return true;
        }
        const int i = bit_length(far) - 1;
        if (far && (i == st || i == wt)) {
          out = Pair{0, -1, -1, -2};
          return true;
        }
      }
    return false;
  }

  // True when the position can be won; the winning moves are left in path_.
  bool dfs(const Node& n) {
    if (!n.pmask && (!rules_.goal_all || !n.tmask)) return true;
    const uint64_t at = rules_.passes ? uint64_t(n.pass) : 0;
    bool inserted = false;
    Seen::Slot* slot = seen_.find_or_insert(node_key(n) | at << kPassShift, inserted);
    if (!slot) throw LimitReached{"states"};  // the table is at its size limit
    if (!inserted) {
      if ((*slot >> kPassShift & 15) <= at) return false;
      *slot = (*slot & ~kPassBits) | at << kPassShift;
    }
    if (n.b && n.pass == rules_.passes) {
      // the last pass: the waste is a pile taken from its top (see the reference's proof)
      const uint32_t wmask = n.tmask & ((1u << n.b) - 1);
      const uint64_t wkey = key_of(wmask);
      if (!cleared(n.pmask, n.free, talon_key() - wkey, wmask, wkey)) return false;
    }
    const uint32_t up = n.b < 32 ? n.tmask >> n.b : 0;
    const int st = up ? n.b + std::countr_zero(up) : -1;
    const int wt = bit_length(n.tmask & ((1u << n.b) - 1)) - 1;
    // an available King goes at once (see the reference's proof)
    const uint32_t kings = n.free & rank_places_[kKing];
    if (kings || (st >= 0 && trank_[st] == kKing) || (wt >= 0 && trank_[wt] == kKing)) {
      count_state();
      if (kings) {
        const int p = std::countr_zero(kings);
        const uint32_t rest = n.pmask & ~(1u << p);
        path_.push_back(king_text(card_[p]));
        if (dfs(Node{rest, opened(rest, n.free, p), n.tmask, n.b, n.pass})) return true;
      } else {
        const int i = (st >= 0 && trank_[st] == kKing) ? st : wt;
        const uint32_t rest_t = n.tmask & ~(1u << i);
        const int nb = i == st ? n.b : bit_length(n.tmask & ((1u << i) - 1));
        --tcount_[kKing];
        path_.push_back(king_text(talon_[i]));
        const bool won = dfs(Node{n.pmask, n.free, rest_t, nb, n.pass});
        ++tcount_[kKing];
        if (won) return true;
      }
      path_.pop_back();
      return false;
    }
    Pair moves[40];  // at most 21 pyramid pairs among 7 free places, 14 with a top, 1 of the tops
    int nmoves = 0;
    // a forced pair alone (see the reference's proof)
    const bool forced = forced_pair(n, st, wt, moves[0]);
    if (forced) nmoves = 1;
    for (uint32_t f = forced ? 0 : n.free; f; f &= f - 1) {
      const int p = std::countr_zero(f);
      const uint32_t bit = 1u << p;
      const int want = 13 - prank_[p];
      for (uint32_t m = n.free & rank_places_[want] & ~((bit << 1) - 1); m; m &= m - 1) {
        const int q = std::countr_zero(m);
        const uint32_t rest = n.pmask & ~bit & ~(1u << q);
        const uint32_t nfree = opened(rest, opened(rest, n.free, p), q);
        moves[nmoves++] = Pair{200 + std::popcount(nfree & ~n.free), p, q, -1};
      }
      for (int i : {st, wt})
        if (i >= 0 && trank_[i] == want) {
          const uint32_t rest = n.pmask & ~bit;
          moves[nmoves++] = Pair{100 + std::popcount(opened(rest, n.free, p) & ~n.free), p, -1, i};
        }
    }
    if (!forced && st >= 0 && wt >= 0 && trank_[st] + trank_[wt] == 13)
      moves[nmoves++] = Pair{0, -1, -1, -2};
    std::sort(moves, moves + nmoves, [](const Pair& a, const Pair& b) { return a > b; });
    for (int k = 0; k < nmoves; ++k) {
      const Pair& mv = moves[k];
      count_state();
      Node next = n;
      int texts[2], ntexts = 0, gone[2], ngone = 0;
      for (int x : {mv.p, mv.q})
        if (x >= 0) {
          next.pmask &= ~(1u << x);
          texts[ntexts++] = card_[x];
          gone[ngone++] = prank_[x];
        }
      for (int x : {mv.p, mv.q})
        if (x >= 0) next.free = opened(next.pmask, next.free, x);
      int tgone[2], ntgone = 0;
      if (mv.i == -2) {
        tgone[ntgone++] = st;
        tgone[ntgone++] = wt;
      } else if (mv.i >= 0) {
        tgone[ntgone++] = mv.i;
      }
      bool waste_top_gone = false;
      for (int j = 0; j < ntgone; ++j) {
        const int t = tgone[j];
        next.tmask &= ~(1u << t);
        texts[ntexts++] = talon_[t];
        gone[ngone++] = trank_[t];
        --tcount_[trank_[t]];
        waste_top_gone |= t == wt;
      }
      if (waste_top_gone) next.b = bit_length(next.tmask & ((1u << wt) - 1));
      bool won = false;
      if (!stranded(next.pmask, next.tmask, gone, ngone) &&
          (rules_.goal_all ? cleared_all(next.pmask, next.free, next.tmask, talon_key())
                           : cleared(next.pmask, next.free, talon_key()))) {
        path_.push_back(pair_text(texts[0], texts[1]));
        won = dfs(next);
        if (!won) path_.pop_back();
      }
      for (int j = 0; j < ntgone; ++j) ++tcount_[trank_[tgone[j]]];
      if (won) return true;
    }
    if (forced) return false;
    if (st >= 0) {
      count_state();
      path_.push_back("s");
      if (dfs(Node{n.pmask, n.free, n.tmask, st + 1, n.pass})) return true;
      path_.pop_back();
    } else if (wt >= 0 && (!rules_.passes || n.pass < rules_.passes)) {
      count_state();
      path_.push_back("r");
      if (dfs(Node{n.pmask, n.free, n.tmask, 0, n.pass + 1})) return true;
      path_.pop_back();
    }
    return false;
  }
};

}  // namespace

SearchResult solve(const Position& pos, const Rules& rules, const Limits& limits) {
  if (pos.places.size() != size_t(kPlaces)) throw std::invalid_argument("28 places expected");
  if (pos.talon.size() > size_t(kMaxTalon)) throw std::invalid_argument("at most 24 talon cards");
  if (pos.waste_count < 0 || size_t(pos.waste_count) > pos.talon.size())
    throw std::invalid_argument("waste_count out of range");
  for (int c : pos.places)
    if (c < -1 || c >= 52) throw std::invalid_argument("a card index is out of range");
  for (int c : pos.talon)
    if (c < 0 || c >= 52) throw std::invalid_argument("a card index is out of range");
  // the relaxed games count the talon's cards of a rank in three bits: one deck at most
  uint64_t cards = 0;
  for (const auto* list : {&pos.places, &pos.talon})
    for (int c : *list) {
      if (c < 0) continue;
      if (cards >> c & 1) throw std::invalid_argument("a card appears twice");
      cards |= uint64_t(1) << c;
    }
  if (rules.passes < 0 || rules.passes > 15 || pos.pass_number < 1 ||
      (rules.passes && pos.pass_number > rules.passes))
    throw std::invalid_argument("bad pass numbers");
  return Search(pos, rules, limits).run();
}

}  // namespace kosynka::pyramid
