// kosynka's FreeCell core, the prover (see freecell_prove.hpp and bench/solver_freecell.md).
#include "freecell_prove.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace kosynka::freecell {

namespace {

using common::Key;
using common::Status;

// The positions met: common::KeySet on a table that doubles at three quarters full, up to a
// number of bytes (try_insert says when it is full).
class Seen {
 public:
  explicit Seen(size_t max_bytes) : set_(common::TableShape{size_t(1) << 16, 3, 4, max_bytes}) {}
  // 1 when `k` is new (now kept), 0 when met before, -1 when the table is full.
  int insert(const Key& k) { return set_.try_insert(k); }
  void prefetch(const Key& k) const { set_.prefetch(k); }
  size_t size() const { return set_.size(); }
  size_t bytes() const { return set_.bytes(); }
  bool grows_within(size_t extra) const { return set_.grows_within(extra); }

 private:
  common::KeySet set_;
};

// The search: depth first over the positions not met before, each position's children looked
// up together when it is expanded.
class Search {
 public:
  Search(const State& root, size_t table_bytes) : st_(root), seen_(table_bytes) {}

  // Go on for at most `time_limit` seconds (< 0: none) and `max_states` more states (0: none):
  // kSolved (with `path_` the line of search moves), kUnsolvable, or a limit named in `limit_`.
  Status run(double time_limit, uint64_t max_states) {
    const auto start = Clock::now();
    deadline_ = time_limit < 0 ? Clock::time_point::max()
                               : start + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(time_limit));
    state_cap_ = max_states ? states_ + max_states : 0;
    next_check_ = states_ + kCheckEvery;
    if (limit_ != "memory") limit_.clear();
    const Status out = go();
    seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
    return out;
  }

  uint64_t states() const { return states_; }
  size_t positions() const { return seen_.size(); }
  size_t bytes() const { return seen_.bytes(); }
  double seconds() const { return seconds_; }
  const std::string& limit() const { return limit_; }
  const std::vector<Move>& path() const { return path_; }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr uint64_t kCheckEvery = 4096;  // states between looks at the limits
  struct Ranked {  // a move and its rank in the order the children are searched (lowest first)
    int rank;
    Move move;
  };
  struct RawKey {  // a key without Key's zeroing default
    uint64_t a, b;
  };
  struct Frame {
    uint32_t begin, end, next;  // the frame's new children in `kids_`
    uint32_t made_mark;         // single moves made on the path when the frame was reached
    Move via_next;              // the search move to the child being searched now
  };
  State st_;
  Seen seen_;
  std::vector<Move> kids_;
  std::vector<Frame> stack_;
  std::vector<Move> made_;
  std::vector<Move> path_;
  std::string limit_;
  bool started_ = false, won_ = false;
  uint64_t states_ = 0, next_check_ = 0, state_cap_ = 0;
  Clock::time_point deadline_;
  double seconds_ = 0;
  double growth_seconds_ = 0;  // how long the table's last doubling took

  // Whether the table is about to double and that would end past the deadline (a doubling
  // moves twice the keys of the last one and, a table of gigabytes missing the caches and
  // faulting in fresh pages, takes two to four times as long; four is assumed): then the run stops before the next child is made, so
  // that a time limit is kept to within a fraction of a second even with a table of
  // gigabytes, and the next run goes on from there.
  bool growth_too_late() const {
    return growth_seconds_ > 0 && seen_.grows_within(kMaxMoves) &&
           Clock::now() + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(4 * growth_seconds_)) >
               deadline_;
  }

  Status go() {
    if (won_) return Status::kSolved;
    if (limit_ == "memory") return Status::kLimit;
    if (!started_) {
      started_ = true;
      if (seen_.insert(st_.key()) < 0) {
        limit_ = "memory";
        return Status::kLimit;
      }
      if ((won_ = expand())) return Status::kSolved;
    }
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
      if (!limit_.empty()) return Status::kLimit;
      if (growth_too_late()) {
        limit_ = "time";
        return Status::kLimit;
      }
      const Move m = kids_[f.next++];
      f.via_next = m;
      st_.play(m, made_, nullptr);
      if ((won_ = expand())) return Status::kSolved;
    }
    return limit_.empty() ? Status::kUnsolvable : Status::kLimit;
  }

  // Make every move of the current position once (the states), keep the children not met
  // before as a new frame, in the order of their moves' priorities; true when a child is won
  // (`path_` then holds the line). A limit met on the way is kept in `limit_` (with a full
  // table the frame is not pushed) and go() stops.
  bool expand() {
    // Plain arrays, not zeroed: filled up to `count` before they are read (zeroing 320 keys
    // and moves at every expansion took a tenth of the prover's time).
    Move gen[kMaxMoves];
    const int count = st_.moves(gen);
    Ranked order[kMaxMoves];
    // Highest priority first, moves of equal priority in generation order (an insertion sort:
    // the lists are short, and std::stable_sort's buffer cost a call to malloc each time).
    for (int i = 0; i < count; ++i) {
      const Ranked x{-st_.priority(gen[i]), gen[i]};
      int j = i;
      for (; j > 0 && order[j - 1].rank > x.rank; --j) order[j] = order[j - 1];
      order[j] = x;
    }
    RawKey keys[kMaxMoves];
    const size_t mark = made_.size();
    for (int i = 0; i < count; ++i) {
      Key k;
      if (!st_.child_key(order[i].move, k)) {  // a card goes home: make the move
        st_.play(order[i].move, made_, nullptr);
        if (st_.is_won()) {
          path_.clear();
          for (const Frame& f : stack_) path_.push_back(f.via_next);
          path_.push_back(order[i].move);
          return true;
        }
        k = st_.key();
        while (made_.size() > mark) {
          st_.undo(made_.back());
          made_.pop_back();
        }
      }
      keys[i] = RawKey{k.a, k.b};
      seen_.prefetch(k);
    }
    states_ += uint64_t(count);
    const uint32_t begin = uint32_t(kids_.size());
    const bool growing = seen_.grows_within(size_t(count));
    const auto grow_start = growing ? Clock::now() : Clock::time_point{};
    for (int i = 0; i < count; ++i) {
      const int fresh = seen_.insert(Key{keys[i].a, keys[i].b});
      if (fresh < 0) {
        limit_ = "memory";
        kids_.resize(begin);
        return false;
      }
      if (fresh) kids_.push_back(order[i].move);
    }
    if (growing)
      growth_seconds_ = std::chrono::duration<double>(Clock::now() - grow_start).count();
    stack_.push_back(Frame{begin, uint32_t(kids_.size()), begin, uint32_t(mark), Move{}});
    if (states_ >= next_check_) {
      next_check_ = states_ + kCheckEvery;
      if (state_cap_ && states_ >= state_cap_) limit_ = "states";
      if (Clock::now() > deadline_) limit_ = "time";
    }
    return false;
  }
};

}  // namespace

struct Prover::Impl {
  State root;
  std::vector<int> head;  // the safe moves home at the root
  std::unique_ptr<Search> search;
};

Prover::Prover(const Position& pos, size_t table_bytes) : impl_(std::make_unique<Impl>(Impl{State(pos), {}, nullptr})) {
  State& root = impl_->root;
  root.digging = false;
  root.to_cell = true;
  std::vector<Move> made;
  root.autoplay(made, &impl_->head);
  if (!root.is_won()) impl_->search = std::make_unique<Search>(root, table_bytes);
}

Prover::~Prover() = default;

ProveResult Prover::run(double time_limit, uint64_t max_states) {
  ProveResult out;
  auto& res = out.result;
  Search* s = impl_->search.get();
  if (!s) {
    res.status = Status::kSolved;
    res.line = impl_->head;
    return out;
  }
  res.status = s->run(time_limit, max_states);
  res.limit = res.status == Status::kLimit ? s->limit() : "";
  res.states = s->states();
  res.unique_states = s->positions();
  out.table_bytes = s->bytes();
  out.seconds = s->seconds();
  if (res.status == Status::kSolved) {
    res.line = impl_->head;
    State st = impl_->root;
    std::vector<Move> made;
    for (const Move& m : s->path()) st.play(m, made, &res.line);
  }
  return out;
}

ProveResult prove(const Position& pos, const ProveLimits& limits) {
  Prover prover(pos, limits.table_bytes);
  return prover.run(limits.time_limit, limits.max_states);
}

}  // namespace kosynka::freecell
