// kosynka's FreeCell core, the prover (see freecell_prove.hpp and bench/solver_freecell.md).
#include "freecell_prove.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace kosynka::freecell {

namespace {

using common::Key;
using common::Status;
using Clock = std::chrono::steady_clock;

// Why the workers stop: nothing yet, a limit of the run, a full table, or a won position.
enum Stop : int { kGoOn, kTime, kStates, kMemory, kWon };

// The memory of a table whose prover is done, kept for the next prover of this process when
// keep_tables(true) was called: a batch of counts (`kosynka solve --min-cells`) then touches
// each page of its tables once, not once per prover. Touching fresh memory is slow on virtual
// machines (on ours, 4 GiB of fresh huge pages take 5-9 s to touch, the same memory touched
// again 0.4 s), and it was a fifth to a quarter of the prover's time on a count that fills
// gigabytes.
struct KeptTable {
  std::mutex m;
  bool keep = false;
  common::ZeroedMemory mem;
  size_t bytes = 0;  // the bytes reserved
  size_t dirty = 0;  // the bytes from its start that may not be zero

  // Hold no memory (what is held is let go).
  void release() {
    mem = common::ZeroedMemory();
    bytes = dirty = 0;
  }
};

KeptTable& kept() {
  static KeptTable k;
  return k;
}

// The positions met, shared by the workers: open addressing with linear probing over slots of
// two 64-bit words (a key, never all zero: word a is never 0 and word b's low bit is set, which
// merges keys only where 127 of their 128 bits agree), a slot claimed by a compare-and-swap on
// word a. A probe never wraps around: it runs on past the last slot into kOverflow more (a
// run of occupied slots that long is beyond any chance at three quarters full; if one came,
// the table would count as full, a limit and never a wrong verdict).
//
// The table doubles in place at three quarters full, up to a number of bytes, while every
// other worker waits outside it (Gate): its memory is reserved for the largest table at the
// start and the pages are touched only as it grows, so a doubling touches only the upper
// half's fresh pages (touching fresh memory is where most of a doubling's time goes) and no
// memory is given back and taken again. How a doubling keeps every key findable: see grow().
class Seen {
 public:
  static constexpr size_t kFlush = 64;  // new keys a worker counts before adding them to size()
  static constexpr size_t kOverflow = 4096;

  Seen(size_t max_bytes, int workers)
      : max_bytes_(max_bytes), slack_(workers > 1 ? size_t(workers) * kFlush : 0) {
    size_t top = kFirst;
    while (top * sizeof(Key) < max_bytes_) top *= 2;
    reserved_ = (top + kOverflow) * sizeof(Key);
    {
      KeptTable& k = kept();
      std::lock_guard<std::mutex> lock(k.m);
      if (k.keep && k.mem.data() && k.bytes == reserved_) {
        mem_ = std::move(k.mem);
        dirty_ = k.dirty;
        k.release();
      }
    }
    if (!mem_.data()) mem_ = common::ZeroedMemory(reserved_);
    words_ = static_cast<uint64_t*>(mem_.data());
    cap_ = kFirst;
    mask_ = cap_ - 1;
    zero(0, (cap_ + kOverflow) * sizeof(Key));
  }
  ~Seen() {
    KeptTable& k = kept();
    std::lock_guard<std::mutex> lock(k.m);
    const size_t dirty = std::max(dirty_, (cap_ + kOverflow) * sizeof(Key));
    // Keep the biggest memory, and of two as big the one touched further.
    if (k.keep && (!k.mem.data() || reserved_ > k.bytes ||
                   (reserved_ == k.bytes && dirty > k.dirty))) {
      k.mem = std::move(mem_);
      k.bytes = reserved_;
      k.dirty = dirty;
    }
  }
  Seen(const Seen&) = delete;
  Seen& operator=(const Seen&) = delete;
  // 1 when `k` is new (now kept), 0 when met before, -1 when the table is full. `mine`: the
  // caller's new keys not yet added to the count. Safe beside other insert() calls.
  int insert(const Key& k, size_t mine) {
    if (broken_.load(std::memory_order_relaxed) ||
        (cap_ * sizeof(Key) >= max_bytes_ && (used() + mine + slack_ + 1) * 4 > cap_ * 3))
      return -1;
    const int r = put(words_, mask_, cap_ + kOverflow, word_a(k), k.b | 1);
    if (r < 0) broken_.store(true, std::memory_order_relaxed);
    return r;
  }
  void prefetch(const Key& k) const { __builtin_prefetch(&words_[2 * (word_a(k) & mask_)]); }
  void add(size_t n) { used_.fetch_add(n, std::memory_order_relaxed); }
  size_t used() const { return used_.load(std::memory_order_relaxed); }
  size_t bytes() const { return cap_ * sizeof(Key); }
  // Whether `extra` more keys (beyond `mine`, the caller's not yet counted) would make the
  // table double (false when it may not grow).
  bool grows_within(size_t extra, size_t mine = 0) const {
    return (used() + mine + slack_ + extra) * 4 > cap_ * 3 && cap_ * sizeof(Key) < max_bytes_;
  }

  // Double the table in place, moving the keys with `threads` threads; every worker must be
  // outside it. A key whose home slot was h (its word a's low bits) has home h or h + n in the
  // table of 2n slots. The keys in the old overflow slots (from n on, now the upper half) are
  // taken out first. Then the old slots are walked upwards, each key taken out of its slot and
  // put again from its new home: one going to h + n probes only the upper half and the new
  // overflow, where there are only keys put again; one going to h probes from h to its own
  // slot (free now), and every slot on that way, lying in the same run of occupied slots
  // before it, has been walked already, so it too passes only keys put again, and no key is
  // taken out from in front of a key put again. With several threads, each walks a stripe
  // that starts at a free slot, so a run of occupied slots, and the way of every key in it,
  // lies in one stripe. The keys taken out first go last.
  void grow(int threads) {
    const size_t n = cap_;
    std::vector<std::pair<uint64_t, uint64_t>> spilled;
    for (size_t j = n; j < n + kOverflow; ++j) {
      if (words_[2 * j]) {
        spilled.emplace_back(words_[2 * j], words_[2 * j + 1]);
        words_[2 * j] = words_[2 * j + 1] = 0;
      }
    }
    cap_ = 2 * n;
    mask_ = cap_ - 1;
    zero((n + kOverflow) * sizeof(Key), (cap_ + kOverflow) * sizeof(Key));
    uint64_t* const w = words_;
    const size_t mask = mask_, limit = cap_ + kOverflow;
    std::atomic<bool>& broken = broken_;
    auto walk = [w, mask, limit, &broken](size_t from, size_t to) {
      for (size_t j = from; j < to; ++j) {
        const uint64_t a = w[2 * j];
        if (!a) continue;
        const uint64_t b = w[2 * j + 1];
        std::atomic_ref<uint64_t>(w[2 * j]).store(0, std::memory_order_relaxed);
        std::atomic_ref<uint64_t>(w[2 * j + 1]).store(0, std::memory_order_relaxed);
        if (put(w, mask, limit, a, b) < 0) broken.store(true);
      }
    };
    if (threads < 2 || n < (size_t(1) << 20)) {
      walk(0, n);
    } else {
      std::vector<size_t> at{0};  // the stripes' first slots, each free but the first
      for (int t = 1; t < threads; ++t) {
        size_t j = std::max(at.back(), n / size_t(threads) * size_t(t));
        while (j < n && w[2 * j]) ++j;
        at.push_back(j);
      }
      at.push_back(n);
      std::vector<std::thread> helpers;
      for (int t = 1; t < threads; ++t)
        helpers.emplace_back(walk, at[size_t(t)], at[size_t(t) + 1]);
      walk(at[0], at[1]);
      for (auto& h : helpers) h.join();
    }
    for (const auto& [a, b] : spilled)
      if (put(w, mask, limit, a, b) < 0) broken.store(true);
  }

 private:
  static constexpr size_t kFirst = size_t(1) << 16;  // slots of the first table
  size_t max_bytes_, slack_;
  size_t reserved_ = 0;  // the bytes of mem_: the largest table and its overflow slots
  size_t dirty_ = 0;     // the bytes from mem_'s start that an earlier prover may have left
  common::ZeroedMemory mem_;
  uint64_t* words_ = nullptr;
  size_t cap_ = 0, mask_ = 0;
  std::atomic<size_t> used_{0};
  std::atomic<bool> broken_{false};  // a key found no slot before the end: the table is full

  // Zero the bytes [from, to) of the table's memory where an earlier prover may have left
  // keys (memory never touched is zero already).
  void zero(size_t from, size_t to) {
    to = std::min(to, dirty_);
    if (from < to) std::memset(reinterpret_cast<char*>(words_) + from, 0, to - from);
  }

  // A key's first word as kept (never 0: 0 marks an empty slot).
  static uint64_t word_a(const Key& k) { return k.a ? k.a : 1; }

  // Put the key (a, b) in the table `words` whose home slots are a's bits under `mask`,
  // probing up to slot `limit`: 1 when new, 0 when there, -1 when it found no slot.
  static int put(uint64_t* words, size_t mask, size_t limit, uint64_t a, uint64_t b) {
    for (size_t i = size_t(a) & mask; i < limit; ++i) {
      std::atomic_ref<uint64_t> sa(words[2 * i]), sb(words[2 * i + 1]);
      uint64_t x = sa.load(std::memory_order_acquire);
      if (x == 0) {
        if (sa.compare_exchange_strong(x, a, std::memory_order_acq_rel)) {
          sb.store(b, std::memory_order_release);
          return 1;
        }
      }
      if (x == a) {
        uint64_t y;
        while ((y = sb.load(std::memory_order_acquire)) == 0) {
        }  // claimed, its second word on the way
        if (y == b) return 0;
      }
    }
    return -1;
  }
};

// What the workers share: the table and the way into it, the positions handed from a busy
// worker to an idle one, the limits of the run and why it stops.
struct Shared {
  Shared(size_t table_bytes, int workers) : seen(table_bytes, workers), workers(workers) {}

  Seen seen;
  const int workers;

  // The table's gate: a worker works inside it; one that must double the table asks the others
  // to step out (`want`), waits until none is in, doubles it and lets them back.
  std::mutex gate;
  std::condition_variable gate_cv;
  int inside = 0;
  bool growing = false;
  std::atomic<bool> want{false};
  double growth_seconds = 0;  // how long the table's last doubling took

  // Positions handed over: each with the search moves from the root to it, in the table and
  // not yet expanded.
  struct Task {
    Node pos;
    std::vector<Move> line;
  };
  std::mutex pool_m;
  std::condition_variable pool_cv;
  std::vector<Task> pool;
  int idle = 0;                  // workers waiting for a position
  std::atomic<int> hungry{0};    // the same, read by busy workers at every step
  std::atomic<int> pooled{0};    // positions in `pool`, read by busy workers at every step
  bool exhausted = false;        // every worker idle with nothing handed over: no position left

  // The run's limits and why it stops.
  Clock::time_point deadline;
  uint64_t state_cap = 0;  // 0: none
  std::atomic<uint64_t> states{0};
  std::atomic<int> stop{kGoOn};
  std::mutex won_m;
  std::vector<Move> won_line;  // the search moves from the root to a won position

  void halt(Stop why) {
    int expected = kGoOn;
    stop.compare_exchange_strong(expected, why);
    std::lock_guard<std::mutex> lock(pool_m);
    pool_cv.notify_all();
  }
  bool stopping() const { return stop.load(std::memory_order_relaxed) != kGoOn; }

  void enter() {
    std::unique_lock<std::mutex> lock(gate);
    gate_cv.wait(lock, [this] { return !growing; });
    ++inside;
  }
  void leave() {
    std::lock_guard<std::mutex> lock(gate);
    --inside;
    gate_cv.notify_all();
  }
  // Called from inside when the table is about to double: doubles it (or waits while another
  // worker does), then goes on inside.
  void grow() {
    std::unique_lock<std::mutex> lock(gate);
    if (growing) {  // another worker doubles it: wait outside
      --inside;
      gate_cv.notify_all();
      gate_cv.wait(lock, [this] { return !growing; });
      ++inside;
      return;
    }
    growing = true;
    want.store(true);
    --inside;
    gate_cv.wait(lock, [this] { return inside == 0; });
    const auto t0 = Clock::now();
    seen.grow(workers);
    growth_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    growing = false;
    want.store(false);
    ++inside;
    gate_cv.notify_all();
  }
  // Step out while another worker doubles the table (asked at every step).
  void yield_to_growth() {
    if (!want.load(std::memory_order_relaxed)) return;
    leave();
    enter();
  }
};

// One worker: a depth first search over the positions not met before (by any worker), each
// position's children looked up together when it is expanded. A worker that runs dry takes a
// position handed over by a busy one; a busy one hands over the children it has yet to search
// at its deepest position while some worker waits.
class Worker {
 public:
  Worker(const State& root, Shared& sh, bool first) : st_(root), sh_(sh), start_root_(first) {}

  // Search until the run stops (a limit, a full table, a win or no position left).
  void run() {
    sh_.enter();
    next_check_ = states_ + kCheckEvery;
    flushed_states_ = states_;
    go();
    sh_.seen.add(mine_);
    mine_ = 0;
    sh_.states.fetch_add(states_ - flushed_states_);
    sh_.leave();
  }

 private:
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
  Shared& sh_;
  bool start_root_;             // the root is still to be kept and expanded by this worker
  std::vector<Move> prefix_;    // the search moves from the root to this worker's start
  std::vector<Move> kids_;
  std::vector<Frame> stack_;
  std::vector<Move> made_;
  size_t mine_ = 0;  // new positions not yet added to the table's count
  uint64_t states_ = 0, next_check_ = 0, flushed_states_ = 0;

  // Whether the table is about to double and that would end past the deadline (a doubling
  // moves twice the keys of the last one and, a table of gigabytes missing the caches and
  // faulting in fresh pages, takes two to four times as long; four is assumed): then the run
  // stops before the next child is made, so that a time limit is kept to within a fraction of
  // a second even with a table of gigabytes, and the next run goes on from there.
  bool growth_too_late() const {
    return sh_.growth_seconds > 0 && sh_.seen.grows_within(kMaxMoves, mine_) &&
           Clock::now() + std::chrono::duration_cast<Clock::duration>(
                              std::chrono::duration<double>(4 * sh_.growth_seconds)) >
               sh_.deadline;
  }

  void go() {
    if (start_root_) {
      start_root_ = false;
      if (sh_.seen.insert(st_.key(), mine_) < 0) {
        sh_.halt(kMemory);
        return;
      }
      ++mine_;
      if (expand()) return;
    }
    while (!sh_.stopping()) {
      if (stack_.empty()) {
        if (!take()) return;
        if (expand()) return;
        continue;
      }
      Frame& f = stack_.back();
      undo_to(f.made_mark);
      if (f.next == f.end) {
        kids_.resize(f.begin);
        stack_.pop_back();
        continue;
      }
      if (growth_too_late()) {
        sh_.halt(kTime);
        return;
      }
      if (sh_.hungry.load(std::memory_order_relaxed) >
          sh_.pooled.load(std::memory_order_relaxed)) {
        hand_over(f);
        continue;
      }
      sh_.yield_to_growth();
      const Move m = kids_[f.next++];
      f.via_next = m;
      st_.play(m, made_, nullptr);
      if (expand()) return;
    }
  }

  // Undo the single moves made on the path since there were `mark` of them.
  void undo_to(size_t mark) {
    while (made_.size() > mark) {
      st_.undo(made_.back());
      made_.pop_back();
    }
  }

  // The search moves from the root to the current position.
  std::vector<Move> line() const {
    std::vector<Move> out = prefix_;
    for (const Frame& f : stack_) out.push_back(f.via_next);
    return out;
  }

  // Hand the later half of the frame's children yet to be searched to the waiting workers
  // (the frame's position is the current one).
  void hand_over(Frame& f) {
    const uint32_t give = (f.end - f.next + 1) / 2;
    std::vector<Shared::Task> tasks;
    std::vector<Move> base = line();
    base.pop_back();  // the top frame's move: to the child searched before, not this position
    for (uint32_t n = f.end - give; n < f.end; ++n) {
      const Move m = kids_[n];
      const size_t mark = made_.size();
      st_.play(m, made_, nullptr);
      Shared::Task t;
      st_.store(t.pos);
      t.line = base;
      t.line.push_back(m);
      tasks.push_back(std::move(t));
      undo_to(mark);
    }
    f.end -= give;
    std::lock_guard<std::mutex> lock(sh_.pool_m);
    for (auto& t : tasks) sh_.pool.push_back(std::move(t));
    sh_.pooled.store(int(sh_.pool.size()));
    sh_.pool_cv.notify_all();
  }

  // Wait, outside the table, for a position handed over and make it the current one; false
  // when the run stops or no position is left.
  bool take() {
    sh_.seen.add(mine_);
    mine_ = 0;
    sh_.leave();
    std::unique_lock<std::mutex> lock(sh_.pool_m);
    ++sh_.idle;
    sh_.hungry.fetch_add(1);
    if (sh_.idle == sh_.workers && sh_.pool.empty()) {
      sh_.exhausted = true;
      sh_.pool_cv.notify_all();
    }
    sh_.pool_cv.wait(lock, [this] {
      return !sh_.pool.empty() || sh_.exhausted || sh_.stopping();
    });
    sh_.hungry.fetch_sub(1);
    --sh_.idle;
    if (sh_.pool.empty()) {
      lock.unlock();
      sh_.enter();
      return false;
    }
    Shared::Task t = std::move(sh_.pool.back());
    sh_.pool.pop_back();
    sh_.pooled.store(int(sh_.pool.size()));
    lock.unlock();
    sh_.enter();
    st_.load(t.pos);
    prefix_ = std::move(t.line);
    made_.clear();
    kids_.clear();
    return true;
  }

  // Make every move of the current position once (the states), keep the children not met
  // before as a new frame, in the order of their moves' priorities; true when the run stops
  // here (a child is won, with `won_line` then the line, or the table is full: the frame is
  // not pushed).
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
          std::vector<Move> won = line();
          won.push_back(order[i].move);
          {
            std::lock_guard<std::mutex> lock(sh_.won_m);
            if (sh_.won_line.empty()) sh_.won_line = std::move(won);
          }
          sh_.halt(kWon);
          return true;
        }
        k = st_.key();
        undo_to(mark);
      }
      keys[i] = RawKey{k.a, k.b};
      sh_.seen.prefetch(k);
    }
    states_ += uint64_t(count);
    if (sh_.seen.grows_within(size_t(count), mine_)) sh_.grow();
    const uint32_t begin = uint32_t(kids_.size());
    for (int i = 0; i < count; ++i) {
      const int fresh = sh_.seen.insert(Key{keys[i].a, keys[i].b}, mine_);
      if (fresh < 0) {
        kids_.resize(begin);
        sh_.halt(kMemory);
        return true;
      }
      if (fresh) {
        ++mine_;
        kids_.push_back(order[i].move);
      }
    }
    if (mine_ >= Seen::kFlush) {
      sh_.seen.add(mine_);
      mine_ = 0;
    }
    stack_.push_back(Frame{begin, uint32_t(kids_.size()), begin, uint32_t(mark), Move{}});
    if (states_ >= next_check_) {
      next_check_ = states_ + kCheckEvery;
      const uint64_t unflushed = states_ - flushed_states_;
      const uint64_t all = sh_.states.fetch_add(unflushed) + unflushed;
      flushed_states_ = states_;
      if (sh_.state_cap && all >= sh_.state_cap) sh_.halt(kStates);
      if (Clock::now() > sh_.deadline) sh_.halt(kTime);
    }
    return false;
  }
};

}  // namespace

struct Prover::Impl {
  State root;
  std::vector<int> head;  // the safe moves home at the root
  std::unique_ptr<Shared> shared;
  std::vector<std::unique_ptr<Worker>> workers;
  double seconds = 0;
};

Prover::Prover(const Position& pos, size_t table_bytes, int threads)
    : impl_(std::make_unique<Impl>(Impl{State(pos), {}, nullptr, {}, 0})) {
  if (threads < 1 || threads > kMaxThreads)
    throw std::invalid_argument("the prover runs 1 to " + std::to_string(kMaxThreads) +
                                " threads, not " + std::to_string(threads));
  State& root = impl_->root;
  root.digging = false;
  root.to_cell = true;
  std::vector<Move> made;
  root.autoplay(made, &impl_->head);
  if (root.is_won()) return;
  impl_->shared = std::make_unique<Shared>(table_bytes, threads);
  for (int w = 0; w < threads; ++w)
    impl_->workers.push_back(std::make_unique<Worker>(root, *impl_->shared, w == 0));
}

Prover::~Prover() = default;

ProveResult Prover::run(double time_limit, uint64_t max_states) {
  ProveResult out;
  auto& res = out.result;
  if (!impl_->shared) {
    res.status = Status::kSolved;
    res.line = impl_->head;
    return out;
  }
  Shared& sh = *impl_->shared;
  const auto start = Clock::now();
  if (sh.stop == kTime || sh.stop == kStates) sh.stop = kGoOn;  // a new run lifts them
  sh.deadline = time_limit < 0 ? Clock::time_point::max()
                               : start + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(time_limit));
  sh.state_cap = max_states ? sh.states.load() + max_states : 0;
  if (sh.stop == kGoOn && !sh.exhausted) {
    std::vector<std::thread> others;
    for (size_t w = 1; w < impl_->workers.size(); ++w)
      others.emplace_back([this, w] { impl_->workers[w]->run(); });
    impl_->workers[0]->run();
    for (auto& t : others) t.join();
  }
  impl_->seconds += std::chrono::duration<double>(Clock::now() - start).count();
  const int why = sh.stop;
  res.status = why == kWon                       ? Status::kSolved
               : why == kGoOn && sh.exhausted ? Status::kUnsolvable
                                              : Status::kLimit;
  if (res.status == Status::kLimit)
    res.limit = why == kMemory ? "memory" : why == kStates ? "states" : "time";
  res.states = sh.states.load();
  res.unique_states = sh.seen.used();
  out.table_bytes = sh.seen.bytes();
  out.seconds = impl_->seconds;
  if (res.status == Status::kSolved) {
    res.line = impl_->head;
    State st = impl_->root;
    std::vector<Move> made;
    for (const Move& m : sh.won_line) st.play(m, made, &res.line);
  }
  return out;
}

void keep_tables(bool keep) {
  KeptTable& k = kept();
  std::lock_guard<std::mutex> lock(k.m);
  k.keep = keep;
  if (!keep) k.release();
}

ProveResult prove(const Position& pos, const ProveLimits& limits) {
  Prover prover(pos, limits.table_bytes, limits.threads);
  return prover.run(limits.time_limit, limits.max_states);
}

}  // namespace kosynka::freecell
