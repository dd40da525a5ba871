// kosynka's FreeCell core, the searches (see freecell_search.hpp and bench/solver_freecell.md).
#include "freecell_search.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>

namespace kosynka::freecell {

using common::fits_on;
using common::rank_of;
using common::suit_of;

namespace {

// The positions a search has met: a set of keys that doubles at three quarters full.
class KeySet : public common::KeySet {
 public:
  KeySet() : common::KeySet(common::TableShape{1024, 3, 4}) {}
};

// What trying a child gave: a position met before, a new one (kept in the set) or the won one.
enum class Child { kSeen, kNew, kWon };

// Try move `m` of `st`: the single moves it makes are appended to `made` (none when the child
// was met before and no card goes home on the way, since then its key is looked up without
// making the move); the caller undoes them as it needs.
Child try_child(State& st, KeySet& seen, const Move& m, std::vector<Move>& made) {
  Key k;
  if (st.child_key(m, k)) {
    if (!seen.insert(k)) return Child::kSeen;
    st.play(m, made, nullptr);
    return Child::kNew;
  }
  st.play(m, made, nullptr);
  if (st.is_won()) return Child::kWon;
  return seen.insert(st.key()) ? Child::kNew : Child::kSeen;
}

// The built-in portfolio (see bench/solver_freecell.md): depth-first and best-first searches
// take turns with quotas of states that double each round. The order matters for easy deals:
// most are won by the first search within its first quota.
constexpr std::array<int, kFeatures> kTuned = {48, 54, 72, 3, -14, 26, -14, 0, 0, 0, 7, -28};
constexpr std::array<int, kFeatures> kPlayer = {100, 28, 60, 15, -9, 3, -7, 0, 0, 0, 0, 0};
const std::vector<Strategy> kPortfolio = {
    {kTuned, 0, 1, true, false},  // depth first, cells only on the way to a digging move's
                                  // target (not complete: it wins, never proves a loss)
    {kTuned, 0, 0, true, false},  // best first, the same moves (not complete either)
    // two more of the first, their move orders shuffled a little, with 3 or 4 free cells
    {kTuned, 0, 1, true, false, 1000, 1, 3},
    {kTuned, 0, 1, true, false, 1000, 2, 3},
    // the complete ones: best first (with 3 or 4 free cells depth weight 10; with fewer, where
    // lines are longer and the best-first searches fill their cap, depth weight 10 with a
    // quarter of the positions, for the quick wins, then depth weight 50 with four times them),
    {kTuned, 10, 0, false, true, 0, 0, 3},
    {kTuned, 10, 0, false, true, 0, 0, 0, 2, size_t(1) << 15},
    {kTuned, 50, 0, false, true, 0, 0, 0, 2, size_t(1) << 19},
    {kTuned, 0, 1, false},  // depth first (no digging: cheaper, and it exhausts a lost game
                            // sooner),
    // best first on the player's weights (with fewer than 3 free cells, depth weight 20)
    {kPlayer, 0, 0, false, true, 0, 0, 3},
    {kPlayer, 20, 0, false, true, 0, 0, 0, 2}};
constexpr uint64_t kFirstQuota = 1000, kLastQuota = 64000;
// The strategies that short lines add.
const std::vector<Strategy> kShort = {{kPlayer, 20, 0, false}, {kTuned, 20, 0, true}};

// With foundation return, the game without it is searched first for at most this many states
// (see solve()).
constexpr uint64_t kFirstPhaseStates = uint64_t(1) << 22;

constexpr size_t kNodeCap = 1u << 17;          // positions one best-first search keeps, at most
constexpr size_t kTableBytes = size_t(768) << 20;  // the depth-first table, at most

// Sort a short list of (key, move) pairs by key, stably (insertion sort: no allocation).
void sort_moves(std::pair<int, Move>* first, std::pair<int, Move>* last) {
  for (auto* i = first + (first != last); i < last; ++i) {
    const auto x = *i;
    auto* j = i;
    while (j > first && (j - 1)->first > x.first) {
      *j = *(j - 1);
      --j;
    }
    *j = x;
  }
}

// A priority queue (the greatest by operator< first) that keeps its best entry out of the heap
// when it can: a best-first search mostly takes next what it queued last (the child it just
// made, then that child's best move), and those entries then skip the heap's climb and fall.
// It gives the entries in exactly a plain heap's order when no two are equal.
template <class T>
class Queue {
 public:
  bool empty() const { return !has_hot_ && heap_.empty(); }
  void push(const T& e) {
    if (!has_hot_) {
      hot_ = e;
      has_hot_ = true;
      return;
    }
    if (hot_ < e) {
      heap_push(hot_);
      hot_ = e;
    } else {
      heap_push(e);
    }
  }
  T pop() {
    if (has_hot_ && (heap_.empty() || !(hot_ < heap_.front()))) {
      has_hot_ = false;
      return hot_;
    }
    std::pop_heap(heap_.begin(), heap_.end());
    T e = heap_.back();
    heap_.pop_back();
    return e;
  }

 private:
  std::vector<T> heap_;
  T hot_{};
  bool has_hot_ = false;
  void heap_push(const T& e) {
    heap_.push_back(e);
    std::push_heap(heap_.begin(), heap_.end());
  }
};

// The positions a best-first search keeps, in blocks of 1,024 that never move: a search's
// nodes grow without being copied (a doubling array copies every node it held each time).
class Nodes {
 public:
  size_t size() const { return size_; }
  Node& operator[](size_t n) { return blocks_[n >> kShift][n & (kBlock - 1)]; }
  // A new node at the end (its bytes are not cleared: State::store fills it).
  Node& add() {
    if ((size_ & (kBlock - 1)) == 0) blocks_.push_back(std::make_unique_for_overwrite<Node[]>(kBlock));
    Node& n = (*this)[size_];
    ++size_;
    return n;
  }

 private:
  static constexpr int kShift = 10;
  static constexpr size_t kBlock = size_t(1) << kShift;
  std::vector<std::unique_ptr<Node[]>> blocks_;
  size_t size_ = 0;
};

// One search of the portfolio, which can go on where it stopped.
class Search {
 public:
  virtual ~Search() = default;
  // Go on for at most `quota` more states; the line of search moves when solved.
  virtual Run step(uint64_t quota, Budget& budget, std::vector<Move>& path) = 0;
};

// Best-first search with deferred evaluation: the queue holds positions with the moves they
// have not tried yet; a position's turn comes by its cost (minus its score, plus the depth
// weight times its depth), then by its next move's priority, newest first; a move is made (and
// its position scored and queued) only when its turn comes. Complete: when the queue runs dry,
// every position reachable from the root has been tried (unless State::to_cell is false: then
// it stops with kNodes, no verdict). It stops (kNodes) rather than keep more than `node_cap`
// positions.
class BestFirst : public Search {
 public:
  BestFirst(const State& root, const Strategy& strat, size_t node_cap)
      : st_(root), strat_(strat), node_cap_(node_cap) {
    seen_.insert(st_.key());
    add_node(0, Move{}, 0);
  }

  Run step(uint64_t quota, Budget& budget, std::vector<Move>& path) override {
    uint64_t states = 0, next_check = 1024;
    Run outcome = Run::kUnsolvable;
    int64_t won_from = -1;
    Move won_move{};
    while (!queue_.empty()) {
      if (states >= quota) {
        outcome = Run::kQuota;
        break;
      }
      if (states >= next_check) {
        next_check = states + 1024;
        if (budget.out_of_time()) {
          outcome = Run::kTime;
          break;
        }
      }
      const Entry top = queue_.pop();
      const uint32_t n = top.node;
      Info& in = info_[n];
      if (!in.expanded) {
        // Its turn by the bound: list its moves now and queue its best one where it belongs.
        if (current_ != n) {
          st_.load(nodes_[n]);
          current_ = n;
        }
        expand(in);
        if (in.count) {
          queue_.push(Entry{in.cost + all_pri_[in.begin], top.seq, n});
        }
        continue;
      }
      const Move m = all_[in.begin + in.next];
      ++in.next;
      if (in.next < in.count) {
        queue_.push(Entry{in.cost + all_pri_[in.begin + in.next], seq_++, n});
      }
      if (current_ != n) {
        st_.load(nodes_[n]);
        current_ = n;
      }
      ++states;
      tmp_.clear();
      const Child got = try_child(st_, seen_, m, tmp_);
      if (got == Child::kWon) {
        won_from = n;
        won_move = m;
        outcome = Run::kSolved;
        // Back to a stored position, should the search be asked to go on.
        for (auto it = tmp_.rbegin(); it != tmp_.rend(); ++it) st_.undo(*it);
        break;
      }
      if (got == Child::kNew) {
        if (nodes_.size() >= node_cap_) {
          outcome = Run::kNodes;
          break;
        }
        add_node(n, m, info_[n].depth + 1);
        current_ = uint32_t(nodes_.size() - 1);
      } else {
        for (auto it = tmp_.rbegin(); it != tmp_.rend(); ++it) st_.undo(*it);
      }
    }
    if (outcome == Run::kUnsolvable && !st_.to_cell) outcome = Run::kNodes;  // not complete
    budget.states += states;
    budget.unique += seen_.size() - reported_;
    reported_ = seen_.size();
    if (outcome == Run::kSolved) {
      path.clear();
      path.push_back(won_move);
      for (uint32_t i = uint32_t(won_from); i != 0; i = info_[i].from)
        path.push_back(info_[i].move);
      std::reverse(path.begin(), path.end());
    }
    return outcome;
  }

 private:
  struct Info {
    uint32_t from;
    Move move;
    uint32_t begin;  // its moves in `all_`, best first (once expanded)
    uint16_t count, next;
    uint32_t depth;
    int64_t cost;
    bool expanded;
  };
  struct Entry {
    int64_t key;
    uint32_t seq, node;
    // Lower key first, then the newest (no two entries share a sequence number).
    bool operator<(const Entry& o) const { return key != o.key ? key > o.key : seq < o.seq; }
  };
  State st_;
  Strategy strat_;
  size_t node_cap_;
  KeySet seen_;
  size_t reported_ = 0;
  Nodes nodes_;
  std::vector<Info> info_;
  std::vector<Move> all_;
  std::vector<int> all_pri_;  // minus each move's priority
  Queue<Entry> queue_;
  std::vector<Move> tmp_;
  std::vector<std::pair<int, Move>> order_;  // a node's moves by priority, while it is expanded
  uint32_t seq_ = 0;
  uint32_t current_ = 0;  // the node whose position `st_` holds

  // Keep the current position as a new node. Its moves are listed only when its turn comes
  // (most nodes of a search never get one): until then it waits in the queue under a bound,
  // its cost plus the highest priority any move has, which comes no later than its best move
  // would; at that turn it is expanded and queued again under its best move's priority with
  // the same sequence number, so positions are tried in exactly the order of listing every
  // node's moves at once.
  void add_node(uint32_t from, const Move& via, uint32_t depth) {
    const uint32_t id = uint32_t(nodes_.size());
    st_.store(nodes_.add());
    const int64_t cost =
        (int64_t(-st_.score(strat_.w)) + int64_t(strat_.depth_weight) * depth) * 4096;
    info_.push_back(Info{from, via, 0, 0, 0, depth, cost, false});
    queue_.push(Entry{cost - kTopPriority, seq_++, id});
  }

  // List the moves of the node `in` (whose position `st_` holds), best first.
  void expand(Info& in) {
    Move gen[kMaxMoves];
    const int count = st_.moves(gen);
    order_.clear();
    for (int i = 0; i < count; ++i) order_.emplace_back(-st_.priority(gen[i]), gen[i]);
    sort_moves(order_.data(), order_.data() + count);
    in.begin = uint32_t(all_.size());
    in.count = uint16_t(count);
    in.expanded = true;
    for (const auto& [pri, m] : order_) {
      all_.push_back(m);
      all_pri_.push_back(pri);
    }
  }
};

// Depth-first search over the same moves, tried in priority order: complete, and it keeps only
// 16 bytes per position. It stops (kTable) rather than let its table pass kTableBytes. Without
// the moves to a free cell on their own (State::to_cell) it is not complete: running dry, it
// stops with kNodes (no verdict).
class DepthFirst : public Search {
 public:
  explicit DepthFirst(const State& root, int noise = 0, uint64_t seed = 0)
      : st_(root), noise_(noise), rng_(seed * 0x9E3779B97F4A7C15ull + 12345) {
    seen_.insert(st_.key());
    expand(Move{});
  }

  Run step(uint64_t quota, Budget& budget, std::vector<Move>& path) override {
    uint64_t states = 0, next_check = 1024;
    Run outcome = Run::kUnsolvable;
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      while (made_.size() > f.made_mark) {
        st_.undo(made_.back());
        made_.pop_back();
      }
      if (f.next == f.end) {
        kids_.resize(f.begin);
        stack_.pop_back();
        continue;
      }
      if (states >= quota) {
        outcome = Run::kQuota;
        break;
      }
      if (states >= next_check) {
        next_check = states + 1024;
        if (budget.out_of_time()) {
          outcome = Run::kTime;
          break;
        }
        if (seen_.bytes() > kTableBytes) {
          outcome = Run::kTable;
          break;
        }
      }
      const Move m = kids_[f.next++].second;
      ++states;
      const Child got = try_child(st_, seen_, m, made_);
      if (got == Child::kWon) {
        outcome = Run::kSolved;
        path.clear();
        for (size_t j = 1; j < stack_.size(); ++j) path.push_back(stack_[j].via);
        path.push_back(m);
        break;
      }
      if (got == Child::kSeen) continue;
      expand(m);
    }
    if (outcome == Run::kUnsolvable && !st_.to_cell) outcome = Run::kNodes;
    budget.states += states;
    budget.unique += seen_.size() - reported_;
    reported_ = seen_.size();
    return outcome;
  }

 private:
  struct Frame {
    uint32_t begin, end, next;  // the frame's moves in `kids_`
    uint32_t made_mark;         // moves made on the path when the frame's position was reached
    Move via;                   // the search move into it (the root's is unused)
  };
  State st_;
  KeySet seen_;
  size_t reported_ = 0;
  std::vector<std::pair<int, Move>> kids_;
  std::vector<Frame> stack_;
  std::vector<Move> made_;
  int noise_ = 0;
  uint64_t rng_ = 0;

  // The next random addition to a move's priority (0 without noise).
  int jitter() {
    if (!noise_) return 0;
    rng_ ^= rng_ << 13;
    rng_ ^= rng_ >> 7;
    rng_ ^= rng_ << 17;
    return int(rng_ % uint64_t(noise_));
  }

  void expand(const Move& via) {
    Move gen[kMaxMoves];
    const int count = st_.moves(gen);
    const uint32_t begin = uint32_t(kids_.size());
    for (int i = 0; i < count; ++i) {
      const int key = -st_.priority(gen[i]);
      kids_.emplace_back(key - jitter(), gen[i]);
    }
    sort_moves(kids_.data() + begin, kids_.data() + kids_.size());
    stack_.push_back(Frame{begin, uint32_t(kids_.size()), begin, uint32_t(made_.size()), via});
  }
};

// The search of strategy `s`; a best-first one keeps at most `node_cap` positions unless `s`
// says.
std::unique_ptr<Search> make_search(const State& root, const Strategy& s, size_t node_cap) {
  State start = root;
  start.digging = s.digging;
  start.to_cell = s.to_cell;
  if (s.kind == 1) return std::make_unique<DepthFirst>(start, s.noise, s.seed);
  return std::make_unique<BestFirst>(start, s, s.node_cap ? s.node_cap : node_cap);
}

}  // namespace

Run run_alone(const State& root, const Strategy* s, size_t node_cap, uint64_t quota,
              Budget& budget, std::vector<Move>& path) {
  if (!s) return DepthFirst(root).step(quota, budget, path);
  return make_search(root, *s, node_cap)->step(quota, budget, path);
}

std::vector<int> line_codes(const State& root, const std::vector<Move>& path) {
  State st = root;
  std::vector<Move> made;
  std::vector<int> codes;
  for (const Move& m : path) st.play(m, made, &codes);
  return codes;
}

namespace {

// A search move given by cards, the same in every position with the same key: the card moved
// (the deepest of a run) and what it goes onto (a card, kBottom for an empty column, kInCell, or
// kHome).
struct CardMove {
  uint8_t card, onto;
};

CardMove card_move(const State& st, const Move& m) {
  switch (m.kind) {
    case kColCol:
      return CardMove{st.cols[m.src][st.len[m.src] - m.count],
                      st.len[m.dst] ? st.cols[m.dst][st.len[m.dst] - 1] : kBottom};
    case kColCell:
      return CardMove{st.cols[m.src][st.len[m.src] - 1], kInCell};
    case kCellCol:
      return CardMove{st.cell[m.src], st.len[m.dst] ? st.cols[m.dst][st.len[m.dst] - 1] : kBottom};
    case kColHome:
      return CardMove{st.cols[m.src][st.len[m.src] - 1], kHome};
    case kCellHome:
      return CardMove{st.cell[m.src], kHome};
    default:
      return CardMove{uint8_t(m.src * 13 + st.found[m.src] - 1),
                      st.len[m.dst] ? st.cols[m.dst][st.len[m.dst] - 1] : kBottom};
  }
}

// The search move of `cm` in `st` (whose key is that of the position `cm` was taken in).
Move search_move(const State& st, const CardMove& cm) {
  const int c = cm.card;
  auto column_of_top = [&st](int card) {
    for (int j = 0; j < kColumns; ++j)
      if (st.len[j] && st.cols[j][st.len[j] - 1] == card) return j;
    return -1;
  };
  auto dest_col = [&]() {
    if (cm.onto != kBottom) return column_of_top(cm.onto);
    for (int j = 0; j < kColumns; ++j)
      if (!st.len[j]) return j;
    return -1;
  };
  const int p = st.parent[c];
  if (p == kHome) return Move{kHomeCol, uint8_t(c / 13), uint8_t(dest_col()), 1};
  if (p == kInCell) {
    int k = 0;
    while (st.cell[k] != c) ++k;
    if (cm.onto == kHome) return Move{kCellHome, uint8_t(k), uint8_t(c / 13), 1};
    return Move{kCellCol, uint8_t(k), uint8_t(dest_col()), 1};
  }
  int i = 0, at = 0;
  for (; i < kColumns; ++i) {
    bool hit = false;
    for (int j = 0; j < st.len[i]; ++j)
      if (st.cols[i][j] == c) {
        at = j;
        hit = true;
        break;
      }
    if (hit) break;
  }
  if (cm.onto == kHome) return Move{kColHome, uint8_t(i), uint8_t(c / 13), 1};
  if (cm.onto == kInCell) {
    int k = 0;
    while (st.cell[k] != kNone) ++k;
    return Move{kColCell, uint8_t(i), uint8_t(k), 1};
  }
  return Move{kColCol, uint8_t(i), uint8_t(dest_col()), uint8_t(st.len[i] - at)};
}

// Take detours out of a winning line of search moves from `root`: from each position of the
// line, the move that reaches the latest later position of the line (by key) is made instead
// of the line's own move. Never longer; every position on the way is one of the search's.
std::vector<Move> shortcut(const State& root, const std::vector<Move>& path) {
  // The line as single moves (safe moves home left out), the keys of its positions and its
  // moves given by cards.
  std::vector<Move> single, made;
  {
    State st = root;
    for (const Move& m : path) st.play(m, made, nullptr, &single);
  }
  std::vector<Key> keys;
  std::vector<CardMove> steps;
  {
    State st = root;
    keys.push_back(st.key());
    for (const Move& m : single) {
      steps.push_back(card_move(st, m));
      st.play(m, made, nullptr);
      keys.push_back(st.key());
    }
  }
  const size_t n = single.size();
  auto index_of = [&keys](const Key& k, size_t from) -> int {
    for (size_t j = keys.size(); j-- > from;)
      if (keys[j] == k) return int(j);
    return -1;
  };
  std::vector<Move> out;
  Move gen[kMaxMoves];
  State st = root;
  size_t i = 0;
  while (i < n) {
    const int count = st.moves(gen);
    // A move saves the line's moves it jumps over less the single moves it is made of.
    int best_j = int(i) + 1, best_gain = 0;
    Move best = search_move(st, steps[i]);
    for (int g = 0; g < count; ++g) {
      made.clear();
      st.play(gen[g], made, nullptr);
      const int j = index_of(st.key(), i + 2);
      for (auto it = made.rbegin(); it != made.rend(); ++it) st.undo(*it);
      const int cost = gen[g].kind >= kDigHome ? gen[g].count + 1 : 1;
      if (j >= 0 && j - int(i) - cost > best_gain) {
        best_gain = j - int(i) - cost;
        best_j = j;
        best = gen[g];
      }
    }
    made.clear();
    st.play(best, made, nullptr);
    out.push_back(best);
    i = size_t(best_j);
  }
  return out;
}

// Decide `root`: the portfolio's searches take turns, each going on where it stopped, with
// quotas of states that double each round from its first quota up to its last. A search that
// would need too much memory drops out, and so does an incomplete one that has run dry (kNodes:
// it proves nothing); when every one has, the limit is reached. Only a complete search running
// dry (kUnsolvable) proves the game lost.
Run run_phase(const State& root, const Portfolio& pf, Budget& budget, std::vector<Move>& path) {
  const std::vector<Strategy>& portfolio = pf.strategies;
  auto left = [&budget]() -> uint64_t {
    const uint64_t max_states = budget.limits.max_states;
    if (!max_states) return UINT64_MAX;
    return max_states > budget.states ? max_states - budget.states : 0;
  };
  // Each search is made at its first turn: an easy deal is often won by the first one alone.
  std::vector<std::unique_ptr<Search>> searches(portfolio.size());
  // A search made for other numbers of free cells never runs.
  std::vector<bool> dropped(portfolio.size());
  for (size_t k = 0; k < portfolio.size(); ++k)
    dropped[k] = portfolio[k].min_cells > root.rules.cells ||
                 portfolio[k].max_cells < root.rules.cells;
  uint64_t q = pf.first_quota;
  for (;;) {
    bool any = false;
    for (size_t k = 0; k < portfolio.size(); ++k) {
      if (dropped[k]) continue;
      auto& search = searches[k];
      if (!left()) return Run::kQuota;
      if (!search) search = make_search(root, portfolio[k], pf.node_cap);
      const Run r = search->step(std::min(q, left()), budget, path);
      if (r == Run::kSolved || r == Run::kUnsolvable || r == Run::kTime) return r;
      if (r == Run::kNodes || r == Run::kTable) {
        search.reset();
        dropped[k] = true;
        continue;
      }
      any = true;
    }
    if (!any) return Run::kTable;
    q = std::min(q * 2, pf.last_quota);
  }
}

}  // namespace

const Portfolio& built_in_portfolio() {
  static const Portfolio built_in{kPortfolio, kFirstQuota, kLastQuota, kNodeCap, kFirstPhaseStates};
  return built_in;
}

SearchResult solve(const Position& pos, const Limits& limits, bool short_line,
                   const Portfolio& portfolio) {
  SearchResult res;
  Budget budget(limits);
  const uint64_t max_states = limits.max_states;
  State root(pos);
  std::vector<Move> made;
  std::vector<int> head;  // the safe moves home of the position itself
  // First the game without foundation return (its lines are lines of the real rules); when the
  // rules have return and it cannot be won, or has had its share of the states without a
  // verdict, or every search dropped out, the real game.
  root.no_return = true;
  root.autoplay(made, &head);
  std::vector<Move> path;
  Run r = Run::kSolved;
  if (!root.is_won()) {
    // With return, the first phase gets a share of the states: a game lost without return
    // whose proof is long would otherwise be searched twice over, and a limit reached there
    // (a table too big, every search dropped) leaves the real game untried.
    const uint64_t user_max = budget.limits.max_states;
    if (pos.rules.ret) {
      const uint64_t cap = budget.states + portfolio.first_phase_states;
      if (!user_max || cap < user_max) budget.limits.max_states = cap;
    }
    r = run_phase(root, portfolio, budget, path);
    const bool capped = budget.limits.max_states != user_max;
    budget.limits.max_states = user_max;
    const bool hand_over =
        r == Run::kUnsolvable || r == Run::kTable || (r == Run::kQuota && capped);
    if (pos.rules.ret && hand_over) {
      root = State(pos);
      made.clear();
      head.clear();
      root.autoplay(made, &head);
      if (!root.is_won()) r = run_phase(root, portfolio, budget, path);
      else r = Run::kSolved;
    }
  }
  if (r == Run::kSolved && short_line && !path.empty()) {
    // Shorter lines: the default line, the short strategies' lines, each also with detours
    // taken out; the shortest is kept (the first of equals), so never a longer one.
    std::vector<Move> best = path;
    size_t best_len = line_codes(root, path).size();
    auto consider = [&](const std::vector<Move>& line) {
      const size_t n = line_codes(root, line).size();
      if (n < best_len) {
        best = line;
        best_len = n;
      }
    };
    consider(shortcut(root, path));
    for (const Strategy& s : kShort) {
      std::vector<Move> other;
      Budget extra = budget;
      uint64_t& extra_max = extra.limits.max_states;
      extra_max = budget.states + std::max<uint64_t>(4 * budget.states, 200000);
      if (max_states) extra_max = std::min(extra_max, max_states);
      if (run_alone(root, &s, portfolio.node_cap, extra_max - std::min(extra_max, budget.states), extra,
                    other) == Run::kSolved) {
        consider(other);
        consider(shortcut(root, other));
      }
      budget.states = extra.states;
      budget.unique = extra.unique;
    }
    path = best;
  }
  res.states = budget.states;
  res.unique_states = budget.unique;
  switch (r) {
    case Run::kSolved: {
      res.status = Status::kSolved;
      res.line = head;
      const std::vector<int> rest = line_codes(root, path);
      res.line.insert(res.line.end(), rest.begin(), rest.end());
      break;
    }
    case Run::kUnsolvable:
      res.status = Status::kUnsolvable;
      break;
    case Run::kTime:
      res.status = Status::kLimit;
      res.limit = "time";
      break;
    default:
      res.status = Status::kLimit;
      res.limit = "states";
      break;
  }
  return res;
}

SearchResult solve_apart(const Position& pos, const Limits& limits, bool short_line,
                         const Portfolio& portfolio) {
  const size_t n = portfolio.strategies.size();
  if (n < 2) return solve(pos, limits, short_line, portfolio);
  std::atomic<bool> stop{false};
  std::vector<SearchResult> got(n);
  std::vector<std::thread> threads;
  for (size_t k = 0; k < n; ++k) {
    threads.emplace_back([&, k] {
      Portfolio one = portfolio;
      one.strategies = {portfolio.strategies[k]};
      Limits mine = limits;
      mine.stop = &stop;
      got[k] = solve(pos, mine, short_line, one);
      if (got[k].status != Status::kLimit) stop.store(true);
    });
  }
  for (auto& t : threads) t.join();
  SearchResult out;
  out.status = Status::kLimit;
  out.limit = "states";
  for (const SearchResult& r : got) {
    out.states += r.states;
    out.unique_states += r.unique_states;
    if (r.limit == "time") out.limit = "time";
  }
  for (SearchResult& r : got) {
    if (r.status != Status::kLimit) {
      out.status = r.status;
      out.limit.clear();
      out.line = std::move(r.line);
      break;
    }
  }
  return out;
}

Portfolio experiment_portfolio(const std::vector<std::vector<int>>& strategies,
                               uint64_t first_quota, uint64_t last_quota, size_t node_cap,
                               uint64_t first_phase_states) {
  const Portfolio& built_in = built_in_portfolio();
  Portfolio p = built_in;
  if (!strategies.empty()) p.strategies.clear();
  for (const auto& v : strategies) {
    if (v.size() != kFeatures + 3 && v.size() != kFeatures + 4 && v.size() != kFeatures + 6 &&
        v.size() != kFeatures + 9)
      throw std::invalid_argument(
          "kFeatures weights, a depth weight, a kind, digging and optionally to_cell, noise and "
          "seed, min_cells, max_cells and node_cap");
    Strategy s;
    for (int k = 0; k < kFeatures; ++k) s.w[k] = v[k];
    s.depth_weight = v[kFeatures];
    s.kind = v[kFeatures + 1];
    s.digging = v[kFeatures + 2] != 0;
    s.to_cell = v.size() == kFeatures + 3 || v[kFeatures + 3] != 0;
    if (v.size() >= kFeatures + 6) {
      s.noise = v[kFeatures + 4];
      s.seed = uint64_t(v[kFeatures + 5]);
    }
    if (v.size() == kFeatures + 9) {
      s.min_cells = v[kFeatures + 6];
      s.max_cells = v[kFeatures + 7];
      s.node_cap = size_t(v[kFeatures + 8]);
    }
    p.strategies.push_back(s);
  }
  if (first_quota) p.first_quota = first_quota;
  if (last_quota) p.last_quota = last_quota;
  if (node_cap) p.node_cap = node_cap;
  if (first_phase_states) p.first_phase_states = first_phase_states;
  return p;
}

}  // namespace kosynka::freecell
