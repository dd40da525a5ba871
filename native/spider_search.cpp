// kosynka's Spider core, the searches (see spider_search.hpp and bench/solver_spider.md).
#include "spider_search.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace kosynka::spider {

using common::in_suit_on;
using common::rank_of;

// ------------------------------------------------------------------------------- moves
namespace {

// How the pruned search runs: its evaluation, and whether it looks for the newest position
// first among equals.
struct Params {
  Weights w;
  bool newest_first = true;
};

// Whether card move m of st, one that turns no card up, empties no column and lands off suit,
// makes possible a move that does one of those: a group onto the card it leaves on top of its
// source column (in suit, or turning a card up or emptying a column), or that card's own group
// leaving (in suit, or turning a card up or emptying the column). Worked out on the position
// before the move: afterwards the destination's movable group is the group moved (it landed
// off suit) and its top card is the group's top card; no other column changes.
bool enables(const State& st, uint16_t m) {
  int s = move_src(m), d = move_dst(m), k = move_count(m);
  const uint8_t* c = st.col[s];
  int n = st.len[s];
  int xi = n - k - 1;  // the card left on top of the source (face up: no card turns up)
  int x = c[xi];
  int want = rank_of(x) - 1;
  for (int o = 0; o < kCols; ++o) {
    if (o == s) continue;
    if (o == d) {
      // The group moved is d's movable group now; its cards run down from c[n - k], the
      // bottom one at the bottom of d when d was empty.
      int hi = rank_of(c[n - k]), lo = rank_of(c[n - 1]);
      if (want > hi || want < lo) continue;
      int q = hi - want;
      if (in_suit_on(c[n - k + q], x) || (st.len[d] == 0 && q == 0)) return true;
      continue;
    }
    if (st.len[o] == 0) continue;
    int len = st.len[o];
    int lo = len - st.run(o);
    int top_r = rank_of(st.top(o));
    int bottom_r = rank_of(st.col[o][lo]);
    if (want < top_r || want > bottom_r) continue;
    int q = len - 1 - (want - top_r);
    if (in_suit_on(st.col[o][q], x) || q == 0 || q == st.hid[o]) return true;
  }
  int q = xi - st.rl[s][xi] + 1;
  int b = c[q];
  bool reveals = q == 0 || q == st.hid[s];
  for (int o = 0; o < kCols; ++o) {
    if (o == s || (o != d && st.len[o] == 0)) continue;
    int t = o == d ? c[n - 1] : st.top(o);
    if (rank_of(t) == rank_of(b) + 1 && (in_suit_on(b, t) || reveals)) return true;
  }
  return false;
}

}  // namespace

// The moves the pruned search tries, in order (bench/solver_spider.md, "The pruned search"):
// a move that finishes a run alone when there is one; otherwise the legal card moves but
// (1) into an empty column only the first one, and never a whole column; (2) a group that
// lies in suit only onto a card of its suit where it makes a longer run; (3) a move that
// turns no card up, empties no column and lands off suit only when it makes such a move
// possible next (see enables); then moves of several runs at once through the empty columns;
// the deal last. These prunes may lose wins; a verdict of loss never rests on them.
void pruned_move_list(const State& st, std::vector<uint16_t>& moves) {
  moves.clear();
  int top_rank[kCols], runs[kCols];
  int first_empty = -1, best_run = 0, second_run = 0;
  for (int i = 0; i < kCols; ++i) {
    top_rank[i] = st.len[i] ? rank_of(st.top(i)) : 0;
    runs[i] = st.run(i);
    if (!st.len[i] && first_empty < 0) first_empty = i;
    if (runs[i] > best_run) {
      second_run = best_run;
      best_run = runs[i];
    } else if (runs[i] > second_run) {
      second_run = runs[i];
    }
  }
  // The first move (in the legal order: source, group length, destination) that finishes a run
  // (none unless two movable groups add up to 13 cards, or one is 13 long).
  for (int s = 0; s < kCols && (best_run + second_run >= 13 || best_run >= 13); ++s) {
    int n = st.len[s];
    if (!n) continue;
    int r = st.run(s), ts = rank_of(st.top(s));
    int best_k = 99, best_d = -1;
    for (int d = 0; d < kCols; ++d) {
      if (d == s) continue;
      int k;
      if (!st.len[d]) {
        if (r < 13) continue;
        k = 13;
      } else {
        k = top_rank[d] - 1 - ts + 1;  // the group whose bottom card is one rank below d's top
        if (k < 1 || k > r || !in_suit_on(st.col[s][n - k], st.top(d)) || st.run(d) + k < 13)
          continue;
      }
      if (k < best_k) {
        best_k = k;
        best_d = d;
      }
    }
    if (best_d >= 0) {
      moves.push_back(card_move(s, best_d, best_k));
      return;
    }
  }
  // The card moves in the legal order, less the pruned ones. Columns by the rank of their top
  // card (bit masks, so that destinations come in column order).
  unsigned onto[15] = {};
  for (int i = 0; i < kCols; ++i)
    if (st.len[i]) onto[top_rank[i]] |= 1u << i;
  unsigned empty_bit = first_empty >= 0 ? 1u << first_empty : 0;
  for (int s = 0; s < kCols; ++s) {
    int n = st.len[s];
    if (!n) continue;
    const uint8_t* c = st.col[s];
    int r = runs[s];
    for (int k = 1; k <= r; ++k) {
      int b = c[n - k];
      int want = rank_of(b) + 1;
      unsigned dests = (onto[want] | (k == n ? 0 : empty_bit)) & ~(1u << s);
      if (!dests) continue;
      int below = n - k - 1;  // the card under the group
      bool breaks_run = below >= st.hid[s] && in_suit_on(b, c[below]);
      bool reveals = below < st.hid[s];  // turns up a card or empties the column
      for (; dests; dests &= dests - 1) {
        int d = __builtin_ctz(dests);
        bool in_suit_dest = st.len[d] && in_suit_on(b, st.top(d));
        uint16_t m = card_move(s, d, k);
        if (breaks_run) {
          if (!in_suit_dest || st.run(d) + k <= r) continue;
        } else if (!reveals && !in_suit_dest && !enables(st, m)) {
          continue;
        }
        moves.push_back(m);
      }
    }
  }
  if (st.empties) {
    // Several runs going down in rank (any suit) at once, with the empty columns as stopovers:
    // the whole sequence, or from the bottom of one of its runs onto a card of its suit.
    for (int s = 0; s < kCols; ++s) {
      int n = st.len[s];
      if (n == 0) continue;
      const uint8_t* c = st.col[s];
      int j = n - st.run(s);  // bottom of the top run
      int segs = 1;
      while (j > st.hid[s] && rank_of(c[j - 1]) == rank_of(c[j]) + 1) {
        j = j - 1;
        j -= st.rl[s][j] - 1;  // the bottom of the run below
        ++segs;
        bool whole = !(j > st.hid[s] && rank_of(c[j - 1]) == rank_of(c[j]) + 1);
        int want = rank_of(c[j]) + 1;
        for (int d = 0; d < kCols; ++d) {
          if (d == s) continue;
          if (st.len[d] == 0) {
            if (d != first_empty || !whole || j == 0 || segs > (1 << (st.empties - 1))) continue;
          } else {
            if (rank_of(st.top(d)) != want || segs > (1 << st.empties)) continue;
            if (!whole && !in_suit_on(c[j], st.top(d))) continue;
          }
          moves.push_back(card_move(s, d, n - j));
        }
      }
    }
  }
  if (!st.empties && st.dealt < st.rows) moves.push_back(kDeal);
}

// The moves of the exhaustive search, before ordering: every legal move but those its sound
// prunes drop (with the stock gone, a group goes only into the first empty column, and a whole
// column never into an empty one).
void exhaustive_move_list(const State& st, std::vector<uint16_t>& moves) {
  st.legal_moves(moves);
  if (st.stock_left() || !st.empties) return;
  int first_empty = -1;
  for (int i = 0; i < kCols; ++i)
    if (st.len[i] == 0) {
      first_empty = i;
      break;
    }
  size_t w = 0;
  for (uint16_t m : moves) {
    int d = move_dst(m);
    if (st.len[d] == 0 && (d != first_empty || move_count(m) == st.len[move_src(m)])) continue;
    moves[w++] = m;
  }
  moves.resize(w);
}

// Orders `moves` best first by the evaluation of the position each leads to (ties keep the
// generation order).
void order_moves(State& st, std::vector<uint16_t>& moves, const Weights& w) {
  std::vector<std::pair<int, uint16_t>> scored;
  scored.reserve(moves.size());
  for (uint16_t m : moves) {
    Undo u;
    st.apply(m, u);
    scored.emplace_back(st.evaluate(w), m);
    st.undo(u);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (size_t i = 0; i < moves.size(); ++i) moves[i] = scored[i].second;
}

namespace {

// Moves `t` runs from the top of column x onto column y, with the empty columns `free` as
// stopovers (t <= 2 ** free.size()): half of them into one free column (with the others as
// stopovers), the rest onto y, then the first half onto y. Appends the single moves.
void move_runs(State& st, int x, int y, int t, std::vector<int> free, std::vector<uint16_t>& out) {
  if (t == 1) {
    uint16_t m = card_move(x, y, st.run(x));
    out.push_back(m);
    Undo u;
    st.apply(m, u);
    return;
  }
  int f = free.back();
  free.pop_back();
  int a = t / 2;
  move_runs(st, x, f, a, free, out);
  move_runs(st, x, y, t - a, free, out);
  move_runs(st, f, y, a, free, out);
}

}  // namespace

// The line with every move of several runs written out as single moves.
std::vector<uint16_t> single_moves(State st, const std::vector<uint16_t>& line) {
  std::vector<uint16_t> out;
  out.reserve(line.size() * 2);
  for (uint16_t m : line) {
    if (m != kDeal && move_count(m) > st.run(move_src(m))) {
      int s = move_src(m), d = move_dst(m), k = move_count(m);
      int n = st.len[s];
      int segs = 1;
      for (int j = n - k + 1; j < n; ++j) segs += !in_suit_on(st.col[s][j], st.col[s][j - 1]);
      std::vector<int> free;
      for (int i = kCols - 1; i >= 0; --i)
        if (st.len[i] == 0 && i != d) free.push_back(i);
      move_runs(st, s, d, segs, free, out);
      continue;
    }
    out.push_back(m);
    Undo u;
    st.apply(m, u);
  }
  return out;
}

std::vector<std::string> texts(State st, const std::vector<uint16_t>& line) {
  std::vector<std::string> out;
  out.reserve(line.size());
  for (uint16_t m : line) {
    out.push_back(st.move_text(m));
    Undo u;
    st.apply(m, u);
  }
  return out;
}
// ------------------------------------------------------------------------------- searches
namespace {

// The positions a search has met: a set of keys that doubles at five eighths full.
class KeySet : public common::KeySet {
 public:
  KeySet() : common::KeySet(common::TableShape{size_t(1) << 14, 5, 8}) {}
};

// The limits of a solve and what it has spent, with the limit it reached.
struct Budget : common::Budget {
  using common::Budget::Budget;
  std::string hit;  // "states" or "time" once a limit is reached
  // True when a limit is reached (hit names it); `cap` is a further bound on the states
  // (0: none) that is not a limit of the whole search. The clock is read every 256 states.
  bool out(uint64_t cap = 0) {
    if (out_of_states()) {
      hit = "states";
      return true;
    }
    if ((states & 255) == 0 && out_of_time()) {
      hit = "time";
      return true;
    }
    return cap && states >= cap;
  }
  // True when a limit is reached now (the time is read whatever the count).
  bool spent() {
    if (out_of_states()) {
      hit = "states";
      return true;
    }
    if (out_of_time()) {
      hit = "time";
      return true;
    }
    return false;
  }
};

// A position kept by the best-first search: the node it came from, the move, and where its
// packed position starts in the arena.
struct Node {
  uint32_t parent;
  uint16_t move;
  uint64_t offset;
};

struct OpenEntry {
  int32_t score;
  uint32_t seq;
  uint32_t parent;
  uint16_t move;
};

void pack(const State& st, std::vector<uint8_t>& arena) {
  arena.push_back(st.dealt);
  arena.push_back(st.nremoved);
  for (int r = 0; r < st.nremoved; ++r) arena.push_back(st.removed_suits[r]);
  for (int i = 0; i < kCols; ++i) {
    arena.push_back(st.len[i]);
    arena.push_back(st.hid[i]);
    arena.insert(arena.end(), st.col[i], st.col[i] + st.len[i]);
  }
}

// Read a packed position into st (whose stock is already that of the search).
void unpack(const uint8_t* p, State& st) {
  st.dealt = *p++;
  st.nremoved = *p++;
  for (int r = 0; r < st.nremoved; ++r) st.removed_suits[r] = *p++;
  const uint8_t* cards[kCols];
  uint8_t lens[kCols], hids[kCols];
  for (int i = 0; i < kCols; ++i) {
    lens[i] = *p++;
    hids[i] = *p++;
    cards[i] = p;
    p += lens[i];
  }
  st.set_columns(cards, lens, hids);
}

constexpr int kLevels = 6;

// One pruned best-first search under `params` that can be paused and resumed, so that the
// portfolio's settings take turns without throwing work away. The open positions are kept in
// one queue per number of rows dealt, served in turn, so that positions after each dealt row
// get their share whatever their scores.
class BestFirst {
 public:
  BestFirst(const State& root, const Params& params)
      : params_(params), work_(kLevels, root) {
    for (int l = 0; l < kLevels; ++l) {
      cur_[l] = kNone;
      made_ok_[l] = false;
    }
    seen_.insert(root.key());
    nodes_.push_back(Node{0, 0, 0});
    pack(root, arena_);
    lv_ = root.dealt;
    cur_[lv_] = 0;
  }

  // Go on until it wins (1, `line` set), runs out of positions (-1), reaches a limit of
  // `budget` (-2), or has expanded positions until `budget.states` reaches `cap` (0: paused,
  // checked after each position's moves, so a resumed search goes on exactly where it stopped).
  int run(Budget& budget, uint64_t cap, std::vector<uint16_t>& line) {
    while (true) {
      if (pending_pop_) {
        pop_next();
        pending_pop_ = false;
      }
      State& st = work_[lv_];
      uint32_t current = cur_[lv_];
      pruned_move_list(st, moves_);
      // The children are made first (their keys, scores and levels kept, their slots in the
      // transposition set fetched from memory meanwhile), then looked up and queued in the
      // same order: the same search as one child at a time, with fewer stalls on memory.
      size_t n = moves_.size();
      kids_.resize(n);
      for (size_t j = 0; j < n; ++j) {
        uint16_t m = moves_[j];
        Kid& kid = kids_[j];
        if (st.peek(m, params_.w, kid.key, kid.score)) {
          // Most moves: the child's key and score without making the move.
          budget.states++;
          seen_.prefetch(kid.key);
          kid.level = st.dealt;
          if (budget.out()) {
            queue_kids(j + 1, current);
            return -2;
          }
          continue;
        }
        Undo u;
        st.apply(m, u);
        budget.states++;
        if (st.won()) {
          queue_kids(j, current);
          line.assign(1, m);
          for (uint32_t node = current; node != 0; node = nodes_[node].parent)
            line.push_back(nodes_[node].move);
          std::reverse(line.begin(), line.end());
          return 1;
        }
        kid.key = st.key();
        seen_.prefetch(kid.key);
        kid.score = st.evaluate(params_.w);
        kid.level = st.dealt;
        st.undo(u);
        if (budget.out()) {
          queue_kids(j + 1, current);
          return -2;
        }
      }
      queue_kids(n, current);
      if (open_total_ == 0) return -1;
      pending_pop_ = true;
      if (budget.states >= cap) return 0;
    }
  }

  // Positions kept in the transposition set.
  uint64_t kept() const { return seen_.size(); }

 private:
  static constexpr uint32_t kNone = 0xFFFFFFFF;
  struct Worse {
    bool newest_first;
    bool operator()(const OpenEntry& x, const OpenEntry& y) const {
      if (x.score != y.score) return x.score > y.score;
      return newest_first ? x.seq < y.seq : x.seq > y.seq;
    }
  };

  // A child made from the working position: its key, score and rows dealt.
  struct Kid {
    Key key;
    int32_t score;
    uint8_t level;
  };

  // Queue the first `k` children of `kids_` (made by `moves_` from node `parent`) that are
  // new to the transposition set, in order.
  void queue_kids(size_t k, uint32_t parent) {
    for (size_t j = 0; j < k; ++j) {
      const Kid& kid = kids_[j];
      if (seen_.insert(kid.key)) {
        auto& q = open_[kid.level];
        q.push_back(OpenEntry{kid.score, seq_++, parent, moves_[j]});
        std::push_heap(q.begin(), q.end(), Worse{params_.newest_first});
        ++open_total_;
      }
    }
  }

  // Take the best open position of the next queue in turn and make it the working position
  // of its level.
  void pop_next() {
    while (open_[turn_].empty()) turn_ = (turn_ + 1) % kLevels;
    auto& q = open_[turn_];
    std::pop_heap(q.begin(), q.end(), Worse{params_.newest_first});
    OpenEntry e = q.back();
    q.pop_back();
    --open_total_;
    // The parent is at level `turn_` too unless the move is a deal (one level below).
    lv_ = e.move == kDeal ? turn_ - 1 : turn_;
    turn_ = (turn_ + 1) % kLevels;
    State& w = work_[lv_];
    if (cur_[lv_] == kNone || e.parent != cur_[lv_]) {
      if (cur_[lv_] != kNone && made_ok_[lv_] && e.parent == nodes_[cur_[lv_]].parent)
        w.undo(made_[lv_]);
      else
        unpack(arena_.data() + nodes_[e.parent].offset, w);
    }
    w.apply(e.move, made_[lv_]);
    made_ok_[lv_] = true;
    cur_[lv_] = uint32_t(nodes_.size());
    nodes_.push_back(Node{e.parent, e.move, arena_.size()});
    pack(w, arena_);
    if (e.move == kDeal) {
      // The child lives at the next level: hand it over.
      work_[lv_ + 1] = w;
      cur_[lv_ + 1] = cur_[lv_];
      made_[lv_ + 1] = made_[lv_];
      made_ok_[lv_ + 1] = true;
      w.undo(made_[lv_]);
      cur_[lv_] = e.parent;
      made_ok_[lv_] = false;
      lv_ = lv_ + 1;
    }
  }

  Params params_;
  KeySet seen_;
  std::vector<uint8_t> arena_;
  std::vector<Node> nodes_;
  std::vector<OpenEntry> open_[kLevels];
  size_t open_total_ = 0;
  int turn_ = 0;
  uint32_t seq_ = 0;
  std::vector<uint16_t> moves_;
  std::vector<Kid> kids_;
  // One working position per queue: the node last expanded from it (kNone: none yet) and the
  // move that made that node from its parent, so that a child or a sibling of it that comes
  // next from the same queue is reached by a move or two, not read from the arena.
  std::vector<State> work_;
  uint32_t cur_[kLevels];
  Undo made_[kLevels];
  bool made_ok_[kLevels];  // made_[l] is the move that made cur_[l] (unknown after a dealt row)
  int lv_ = 0;
  bool pending_pop_ = false;
};

// The settings the portfolio of pruned searches cycles through.
const Params kPortfolio[] = {
    {{3, 2, 2, 3}, true},
    {{4, 2, 2, 3}, false},
    {{4, 2, 2, 3}, true},
    {{5, 2, 2, 3}, true},
};
constexpr uint64_t kFirstBudget = 50000;

// The exhaustive depth-first search with sound prunes only. Returns 1 (won, `line` set), 0
// (every reachable position searched: lost) or -1 (a limit).
int exhaustive(const State& root, Budget& budget, std::vector<uint16_t>& line, uint64_t& unique) {
  KeySet seen;
  State st = root;
  seen.insert(st.key());
  struct Frame {
    size_t begin, end, next;
    Undo undo;
  };
  std::vector<Frame> stack;
  std::vector<uint16_t> pool;
  std::vector<uint16_t> moves;
  const Weights w{};
  auto push_frame = [&](const Undo& u) {
    exhaustive_move_list(st, moves);
    order_moves(st, moves, w);
    size_t b = pool.size();
    pool.insert(pool.end(), moves.begin(), moves.end());
    stack.push_back(Frame{b, pool.size(), b, u});
  };
  push_frame(Undo{});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.end) {
      Undo u = f.undo;
      pool.resize(f.begin);
      stack.pop_back();
      if (!stack.empty()) st.undo(u);
      continue;
    }
    uint16_t m = pool[f.next++];
    Undo u;
    st.apply(m, u);
    budget.states++;
    if (st.won()) {
      line.clear();
      for (size_t i = 1; i < stack.size(); ++i) line.push_back(stack[i].undo.move);
      line.push_back(m);
      unique += seen.size();
      return 1;
    }
    if (seen.insert(st.key()))
      push_frame(u);
    else
      st.undo(u);
    if (budget.out()) {
      unique += seen.size();
      return -1;
    }
  }
  unique += seen.size();
  return 0;
}

}  // namespace

SearchResult solve(const Position& pos, const Limits& limits, const Options& opt) {
  State root(pos);
  SearchResult r;
  r.status = Status::kLimit;
  if (root.won()) {
    r.status = Status::kSolved;
    return r;
  }
  Budget budget(limits);
  std::vector<uint16_t> line;
  uint64_t unique = 0;
  auto solved = [&](const std::vector<uint16_t>& l) {
    r.status = Status::kSolved;
    r.line = texts(root, single_moves(root, l));
    r.states = budget.states;
    r.unique_states = unique;
    return r;
  };
  if (opt.pruned) {
    // The portfolio: each setting in turn, with a budget that doubles every round, until one
    // wins, one runs out of positions (they all search the same pruned space), or a limit.
    // Without the exhaustive search after it, it has the whole budget; with it, it stops at
    // 90% of the limits so that the exhaustive search gets a share.
    uint64_t budget_now = opt.first_budget ? opt.first_budget : kFirstBudget;
    Budget share = budget;
    if (opt.exhaustive) {
      Limits& l = share.limits;
      if (l.max_states) l.max_states = std::max<uint64_t>(1, l.max_states * 9 / 10);
      if (l.time_limit >= 0) l.time_limit *= 0.9;
    }
    bool exhausted = false;
    {
      // Each setting's search is made at its first turn and kept: a later turn goes on where
      // the last one stopped.
      std::vector<std::unique_ptr<BestFirst>> searches;
      auto kept = [&searches]() {
        uint64_t n = 0;
        for (const auto& b : searches) n += b->kept();
        return n;
      };
      bool stop = false;
      while (!stop) {
        for (size_t i = 0; i < std::size(kPortfolio); ++i) {
          if (searches.size() <= i)
            searches.push_back(std::make_unique<BestFirst>(root, kPortfolio[i]));
          int v = searches[i]->run(share, share.states + budget_now, line);
          if (v == 1) {
            budget.states = share.states;
            unique = kept();
            return solved(line);
          }
          if (v < 0) {
            exhausted = v == -1;
            stop = true;
            break;
          }
        }
        budget_now *= 2;
      }
      unique = kept();
    }
    budget.states = share.states;
    if (!exhausted && !opt.exhaustive) {
      r.limit = share.hit.empty() ? "states" : share.hit;
      r.states = budget.states;
      r.unique_states = unique;
      return r;
    }
  }
  if (!opt.exhaustive || budget.spent()) {
    r.limit = opt.exhaustive ? budget.hit : "states";
    r.states = budget.states;
    r.unique_states = unique;
    return r;
  }
  int v = exhaustive(root, budget, line, unique);
  r.states = budget.states;
  r.unique_states = unique;
  if (v == 1) return solved(line);
  if (v == 0)
    r.status = Status::kUnsolvable;
  else
    r.limit = budget.hit;
  return r;
}

namespace {

struct KeyHash {
  size_t operator()(const Key& k) const { return size_t(k.a ^ (k.b * 0x9E3779B97F4A7C15ULL)); }
};

// The move of st whose text is t; throws when it is not legal.
uint16_t parse_move(const State& st, const std::string& t) {
  std::vector<uint16_t> moves;
  st.legal_moves(moves);
  for (uint16_t m : moves)
    if (st.move_text(m) == t) return m;
  throw std::invalid_argument("not a legal move here: " + t);
}

}  // namespace

namespace {

// `line` (moves from `root`) with detours cut out (see shorten).
std::vector<uint16_t> shorten_moves(const State& root, std::vector<uint16_t> line, int depth) {
  bool changed = true;
  while (changed) {
    changed = false;
    // The positions along the line, and the last index of each.
    std::vector<Key> keys;
    std::unordered_map<Key, size_t, KeyHash> last;
    State st = root;
    keys.push_back(st.exact_key());
    for (uint16_t m : line) {
      Undo u;
      st.apply(m, u);
      keys.push_back(st.exact_key());
    }
    for (size_t i = 0; i < keys.size(); ++i) last[keys[i]] = i;
    st = root;
    std::vector<uint16_t> out;
    std::vector<uint16_t> moves, moves2;
    size_t i = 0;
    while (i < line.size()) {
      // The later position reachable from here that skips the most moves of the line, in one
      // move or (depth 2) two.
      size_t best = i + 1;
      long gain = 0;
      std::vector<uint16_t> via{line[i]};
      st.legal_moves(moves);
      for (uint16_t m : moves) {
        Undo u;
        st.apply(m, u);
        auto it = last.find(st.exact_key());
        if (it != last.end() && long(it->second) - long(i) - 1 > gain) {
          best = it->second;
          gain = long(best) - long(i) - 1;
          via.assign(1, m);
        }
        if (depth >= 2 && !st.won()) {
          st.legal_moves(moves2);
          for (uint16_t m2 : moves2) {
            Undo u2;
            st.apply(m2, u2);
            auto it2 = last.find(st.exact_key());
            if (it2 != last.end() && long(it2->second) - long(i) - 2 > gain) {
              best = it2->second;
              gain = long(best) - long(i) - 2;
              via = {m, m2};
            }
            st.undo(u2);
          }
        }
        st.undo(u);
      }
      if (best > i + via.size()) changed = true;
      for (uint16_t m : via) {
        out.push_back(m);
        Undo u;
        st.apply(m, u);
      }
      i = best;
    }
    line.swap(out);
  }
  return line;
}

}  // namespace

std::vector<std::string> shorten(const Position& pos, const std::vector<std::string>& text,
                                 int depth) {
  State root(pos);
  std::vector<uint16_t> line;
  {
    State st = root;
    for (const std::string& t : text) {
      uint16_t m = parse_move(st, t);
      line.push_back(m);
      Undo u;
      st.apply(m, u);
    }
  }
  return texts(root, shorten_moves(root, std::move(line), depth));
}


// ------------------------------------------------------------------------------- the stage player
// A no-peek player (see spider_search.hpp, stage_line): its game is a run of stages, each ended
// by the first new thing it cannot know beforehand, a card turned up or a row dealt.
namespace {

// The position st holds, as the Python side hands one over (the stock left, whole rows).
Position position_of(const State& st) {
  Position p;
  p.columns.resize(kCols);
  p.hidden.resize(kCols);
  for (int i = 0; i < kCols; ++i) {
    p.columns[i].assign(st.col[i], st.col[i] + st.len[i]);
    p.hidden[i] = st.hid[i];
  }
  for (int k = st.dealt * kRow; k < st.rows * kRow; ++k) p.stock.push_back(st.stock[k]);
  p.removed.assign(st.removed_suits, st.removed_suits + st.nremoved);
  return p;
}

// Where a stage ends (see next_stage).
enum class StageEnd { kNone, kTurned, kDealable };

// One stage: best first (lowest evaluation) over the card moves from st (the pruned search's, or
// with `all_moves` every legal one), at most `budget` positions. A position where a card has
// turned up ends the stage (it is not searched on: what lies under the card is not known yet),
// and st is set to the best such one; when none is met, to the best position with no column
// empty (a row can be dealt on it). kNone (st unchanged) when neither is met. A run is never
// finished where the table would then hold too few cards for a row while rows are left. `path`,
// when given, receives the moves from st to the end.
StageEnd stage(State& st, uint64_t budget, const Weights& w, std::vector<uint16_t>* path = nullptr,
               const Lookahead* la = nullptr);
uint32_t look_ahead(const State& root, std::vector<std::pair<int32_t, uint32_t>> ends,
                    const std::vector<Node>& nodes, const std::vector<uint8_t>& arena,
                    const Weights& w, const Lookahead& la);

StageEnd next_stage(State& st, uint64_t budget, const Weights& w, bool all_moves,
                    std::vector<uint16_t>* path = nullptr, const Lookahead* la = nullptr) {
  struct Entry {
    int32_t score;
    uint32_t seq;
    uint32_t node;
  };
  auto worse = [](const Entry& x, const Entry& y) {
    return x.score != y.score ? x.score > y.score : x.seq > y.seq;
  };
  const int down = st.tot_down;
  std::vector<Entry> open;
  std::vector<Node> nodes;  // every position kept: where it came from and where it is packed
  std::vector<uint8_t> arena;
  KeySet seen;
  seen.insert(st.key());
  nodes.push_back(Node{0, 0, 0});
  pack(st, arena);
  int32_t best_deal = st.empties ? INT32_MAX : st.evaluate(w);
  int32_t best_turn = INT32_MAX;
  uint32_t deal_node = 0, turn_node = 0;
  std::vector<std::pair<int32_t, uint32_t>> ends;  // every turn end, for the look ahead
  open.push_back(Entry{st.evaluate(w), 0, 0});
  uint32_t seq = 1;
  uint64_t states = 0;
  State work = st;
  std::vector<uint16_t> moves;
  while (!open.empty() && states < budget) {
    std::pop_heap(open.begin(), open.end(), worse);
    Entry e = open.back();
    open.pop_back();
    unpack(arena.data() + nodes[e.node].offset, work);
    if (all_moves)
      work.legal_moves(moves);
    else
      pruned_move_list(work, moves);
    for (uint16_t m : moves) {
      if (m == kDeal) continue;
      Undo u;
      work.apply(m, u);
      ++states;
      if (work.stock_left() && work.on_table() < kRow) {
        work.undo(u);  // a run finished too soon: no row could ever be dealt
        continue;
      }
      if (seen.insert(work.key())) {
        int32_t score = work.evaluate(w);
        auto node = uint32_t(nodes.size());
        nodes.push_back(Node{e.node, m, arena.size()});
        pack(work, arena);
        if (work.tot_down < down) {
          // A King turned up at the bottom of its column would score as lying in order: the
          // end is scored as though the card were any other, so the choice reads no card.
          for (int i = 0; i < kCols; ++i)
            if (st.hid[i] && !work.hid[i] && work.len[i] && rank_of(work.col[i][0]) == 13)
              score += w.brk;
          if (la) ends.emplace_back(score, node);
          if (score < best_turn) {
            best_turn = score;
            turn_node = node;
          }
        } else {
          if (work.empties == 0 && score < best_deal) {
            best_deal = score;
            deal_node = node;
          }
          open.push_back(Entry{score, seq++, node});
          std::push_heap(open.begin(), open.end(), worse);
        }
      }
      work.undo(u);
    }
  }
  StageEnd end = StageEnd::kTurned;
  if (la && la->leaves > 1 && ends.size() > 1)
    turn_node = look_ahead(st, std::move(ends), nodes, arena, w, *la);
  uint32_t at = turn_node;
  if (best_turn == INT32_MAX) {
    if (best_deal == INT32_MAX) return StageEnd::kNone;
    end = StageEnd::kDealable;
    at = deal_node;
  }
  if (path) {
    path->clear();
    for (uint32_t n = at; n != 0; n = nodes[n].parent) path->push_back(nodes[n].move);
    std::reverse(path->begin(), path->end());
  }
  if (at) unpack(arena.data() + nodes[at].offset, st);
  return end;
}

// next_stage over the pruned search's moves, then, when that finds no end, over every legal
// move (the pruned moves never break a run of one suit, which filling the columns for a row may
// need).
// The empty columns of st filled so that a row can be dealt, each with one card from the top of
// the tallest column, a card that lies off suit on the one under it first (a run is broken only
// when no other card will do); the moves are appended to `path` when given. False (st
// unchanged) when the table holds too few cards.
bool fill_columns(State& st, std::vector<uint16_t>* path) {
  if (st.on_table() < kRow) return false;
  while (st.empties) {
    int to = 0;
    while (st.len[to]) ++to;
    int from = -1;
    for (int off = 1; off >= 0 && from < 0; --off)
      for (int i = 0; i < kCols; ++i)
        if (st.len[i] >= 2 && (st.run(i) == 1) == bool(off) && (from < 0 || st.len[i] > st.len[from]))
          from = i;
    uint16_t m = card_move(from, to, 1);
    Undo u;
    st.apply(m, u);
    if (path) path->push_back(m);
  }
  return true;
}

// next_stage over the pruned search's moves, then, when that finds no end, over every legal
// move (the pruned moves never break a run of one suit, which filling the columns for a row may
// need); with rows left and still no end, the empty columns filled (fill_columns).
StageEnd stage(State& st, uint64_t budget, const Weights& w, std::vector<uint16_t>* path,
               const Lookahead* la) {
  StageEnd end = next_stage(st, budget, w, false, path, la);
  if (end != StageEnd::kNone) return end;
  end = next_stage(st, budget, w, true, path);
  if (end != StageEnd::kNone || !st.stock_left()) return end;
  if (path) path->clear();
  return fill_columns(st, path) ? StageEnd::kDealable : StageEnd::kNone;
}

// The turn end of `ends` (score, node) to play: of the `la.leaves` best scored, the one whose
// next stage scores best on average over `la.cards` placings of the unseen cards (the same
// placings for every end; drawn from the cards `root` does not show, sorted, so that any placing
// of them gives the same choice).
uint32_t look_ahead(const State& root, std::vector<std::pair<int32_t, uint32_t>> ends,
                    const std::vector<Node>& nodes, const std::vector<uint8_t>& arena,
                    const Weights& w, const Lookahead& la) {
  std::sort(ends.begin(), ends.end());
  if (ends.size() > size_t(la.leaves)) ends.resize(size_t(la.leaves));
  std::vector<int> unseen;
  for (int i = 0; i < kCols; ++i) unseen.insert(unseen.end(), root.col[i], root.col[i] + root.hid[i]);
  for (int k = root.dealt * kRow; k < root.rows * kRow; ++k) unseen.push_back(root.stock[k]);
  std::sort(unseen.begin(), unseen.end());
  std::vector<std::vector<int>> placings(size_t(la.cards), unseen);
  uint64_t x = la.seed ^ (uint64_t(root.tot_down) << 8) ^ uint64_t(root.rows - root.dealt);
  for (auto& p : placings)
    for (size_t k = p.size(); k > 1; --k) std::swap(p[k - 1], p[common::splitmix64(x) % k]);
  int64_t best = INT64_MAX;
  uint32_t chosen = ends.front().second;
  State leaf = root;  // the stock and rows of the search (unpack sets the rest)
  for (const auto& [score, node] : ends) {
    unpack(arena.data() + nodes[node].offset, leaf);
    Position base = position_of(leaf);
    int64_t total = 0;
    for (const auto& p : placings) {
      Position pos = base;
      size_t t = 0;
      for (int i = 0; i < kCols; ++i)  // the cards just turned, then the face-down ones
        for (int k = leaf.hid[i]; k < root.hid[i] && k < leaf.len[i]; ++k)
          pos.columns[size_t(i)][size_t(k)] = p[t++];
      for (int i = 0; i < kCols; ++i)
        for (int k = 0; k < leaf.hid[i]; ++k) pos.columns[size_t(i)][size_t(k)] = p[t++];
      for (auto& c : pos.stock) c = p[t++];
      State next(pos);
      const int32_t before = next.evaluate(w);
      StageEnd end = stage(next, la.states, w);
      total += end == StageEnd::kNone ? before : next.evaluate(w);
    }
    if (total < best) {
      best = total;
      chosen = node;
    }
  }
  return chosen;
}

// `line` from `root` with every stretch that comes back to a position it has passed through
// cut out (the first such return first, again until none is left).
std::vector<uint16_t> without_loops(const State& root, std::vector<uint16_t> line) {
  while (true) {
    std::unordered_map<Key, size_t, KeyHash> at;
    State st = root;
    at.emplace(st.exact_key(), 0);
    size_t from = 0, to = 0;
    for (size_t k = 0; k < line.size(); ++k) {
      Undo u;
      st.apply(line[k], u);
      auto [it, fresh] = at.emplace(st.exact_key(), k + 1);
      if (!fresh) {
        from = it->second;
        to = k + 1;
        break;
      }
    }
    if (to == 0) return line;
    line.erase(line.begin() + long(from), line.begin() + long(to));
  }
}

// The single moves of the next stage from `root` (see stage_line), empty when it has none.
std::vector<uint16_t> stage_moves(const State& root, uint64_t budget, const Weights& w,
                                  const Lookahead* la = nullptr) {
  State st = root;
  std::vector<uint16_t> line;
  StageEnd end = stage(st, budget, w, &line, la);
  if (end == StageEnd::kNone) return {};
  if (end == StageEnd::kDealable) {
    if (!st.stock_left()) return {};
    line.push_back(kDeal);
  }
  // Moves of several runs written out can pass through a position met before (the start
  // among them): the loops and then the detours are cut, the end is the same.
  return shorten_moves(root, without_loops(root, single_moves(root, line)), 1);
}

}  // namespace

std::vector<std::string> stage_line(const Position& pos, uint64_t stage_states,
                                    const Weights& w, const Lookahead& la) {
  State root(pos);
  return texts(root, stage_moves(root, stage_states, w, la.leaves > 1 ? &la : nullptr));
}

StageGame stage_game(const Position& pos, uint64_t stage_states, uint64_t final_states,
                     const Weights& w, const Lookahead& la) {
  State st(pos);
  StageGame g;
  std::vector<uint16_t> path;
  auto done = [&](bool won) {
    g.won = won;
    g.face_down = st.tot_down;
    g.runs_removed = st.nremoved;
    return g;
  };
  while (!st.won() && (st.stock_left() || st.tot_down)) {
    // The stage's moves up to the first that shows something new (a move of several runs
    // written out can turn a card up part way): the hints plan again from there too.
    path = stage_moves(st, stage_states, w, la.leaves > 1 ? &la : nullptr);
    bool shown = false;
    for (uint16_t m : path) {
      const int down = st.tot_down;
      Undo u;
      st.apply(m, u);
      ++g.moves;
      if (m == kDeal || st.tot_down < down) {
        shown = true;
        break;
      }
    }
    if (!shown) return done(false);
  }
  if (st.won()) return done(true);
  Options opt;
  opt.exhaustive = false;
  SearchResult r = solve(position_of(st), Limits{-1, final_states}, opt);
  if (r.status != Status::kSolved) return done(false);
  g.moves += int(r.line.size());
  g.face_down = 0;
  g.runs_removed = kRuns;
  g.won = true;
  return g;
}

}  // namespace kosynka::spider
