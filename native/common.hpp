// What the three search cores share (kosynka::common): the card tables, position keys and the
// mixing functions that make them, the hash table every search keeps its positions in (and the
// key set built on it), and a search's limits, budget and result.
//
// Cards are indices suit * 13 + rank - 1 (suits C, D, H, S = 0..3; diamonds and hearts red);
// Spider's two decks repeat the values. The FreeCell referee (freecell_referee.cpp) uses none
// of this: it shares no code with the searches.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#ifdef __linux__
#include <sys/mman.h>
#endif

namespace kosynka::common {

// ------------------------------------------------------------------------------------ cards
// Per card index: rank 1..13, suit 0..3, colour (1 for red).
struct CardTables {
  uint8_t rank[52], suit[52], red[52];
  constexpr CardTables() : rank(), suit(), red() {
    for (int c = 0; c < 52; ++c) {
      rank[c] = uint8_t(c % 13 + 1);
      suit[c] = uint8_t(c / 13);
      red[c] = uint8_t(c >= 13 && c < 39);
    }
  }
};
inline constexpr CardTables kCards{};

inline int rank_of(int c) { return kCards.rank[c]; }
inline int suit_of(int c) { return kCards.suit[c]; }
inline bool is_red(int c) { return kCards.red[c]; }
// True when `card` may lie on `target` in Klondike's and FreeCell's tableau: one rank lower, of
// the other colour.
inline bool fits_on(int card, int target) {
  return kCards.rank[target] == kCards.rank[card] + 1 && kCards.red[target] != kCards.red[card];
}
// True when `card` lies in suit on `target` (Spider's runs): the same suit, one rank lower.
inline bool in_suit_on(int card, int target) { return target == card + 1 && kCards.rank[card] != 13; }

// By suit: the two suits of the other colour, and the other suit of the same colour.
inline constexpr int kOtherColour[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};
inline constexpr int kTwinSuit[4] = {3, 2, 1, 0};

// How kosynka writes a card: rank then suit ("7C", "TD", "AS").
inline constexpr char kRankText[] = "A23456789TJQK";
inline constexpr char kSuitText[] = "CDHS";
inline void append_card(std::string& out, int c) {
  out += kRankText[c % 13];
  out += kSuitText[c / 13];
}

// ----------------------------------------------------------------------- keys and mixing
// A position key of 128 bits (two independent 64-bit lanes).
struct Key {
  uint64_t a = 0, b = 0;
  bool operator==(const Key& o) const { return a == o.a && b == o.b; }
};

// The finaliser of SplitMix64, and the generator itself: the next number of the sequence whose
// state is `x`. The random tables of the position keys are filled from it with fixed seeds, so
// keys are the same from run to run.
inline uint64_t splitmix_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
inline uint64_t splitmix64(uint64_t& x) { return splitmix_mix(x += 0x9E3779B97F4A7C15ULL); }

// Fill every word of `tables` (arrays of uint64_t, of any number of dimensions), one table
// after another, in order with the next numbers of the sequence whose state is `seed`.
template <class... Tables>
void fill_random(uint64_t& seed, Tables&... tables) {
  auto fill = [&seed](auto& self, auto& table) -> void {
    for (auto& x : table) {
      if constexpr (std::is_same_v<std::remove_cvref_t<decltype(x)>, uint64_t>)
        x = splitmix64(seed);
      else
        self(self, x);
    }
  };
  (fill(fill, tables), ...);
}

// A 64-bit mixing function (the finaliser of MurmurHash3), for keys that are not random by
// themselves.
inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDULL;
  z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ULL;
  return z ^ (z >> 33);
}

// ----------------------------------------------------------------------------- hash tables
// Zeroed memory for a hash table: from calloc while small (most searches are short), else
// mapped and asked for huge pages (a big table is probed at random, and with small pages most
// probes would also miss the TLB).
class ZeroedMemory {
 public:
  ZeroedMemory() = default;
  explicit ZeroedMemory(size_t bytes) {
#ifdef __linux__
    constexpr size_t kHuge = size_t(2) << 20;
    if (bytes < kHuge) {  // no system call
      base_ = data_ = std::calloc(bytes, 1);
      if (!base_) throw std::bad_alloc();
      small_ = true;
      return;
    }
    len_ = bytes + kHuge;
    // No reserve: a table's memory may be reserved for its largest size and touched only as
    // it grows (the FreeCell prover's).
    void* p = mmap(nullptr, len_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    base_ = p;
    const uintptr_t a = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~uintptr_t(kHuge - 1);
    data_ = reinterpret_cast<void*>(a);
    madvise(data_, bytes, MADV_HUGEPAGE);
#else
    base_ = data_ = std::calloc(bytes, 1);
    if (!base_) throw std::bad_alloc();
#endif
  }
  ZeroedMemory(const ZeroedMemory&) = delete;
  ZeroedMemory& operator=(const ZeroedMemory&) = delete;
  ZeroedMemory(ZeroedMemory&& o) noexcept { swap(o); }
  ZeroedMemory& operator=(ZeroedMemory&& o) noexcept {
    swap(o);
    return *this;
  }
  ~ZeroedMemory() {
    if (!base_) return;
#ifdef __linux__
    if (small_)
      std::free(base_);
    else
      munmap(base_, len_);
#else
    std::free(base_);
#endif
  }
  void* data() const { return data_; }

 private:
  void *base_ = nullptr, *data_ = nullptr;
  size_t len_ = 0;
  bool small_ = false;
  void swap(ZeroedMemory& o) {
    std::swap(base_, o.base_);
    std::swap(data_, o.data_);
    std::swap(len_, o.len_);
    std::swap(small_, o.small_);
  }
};

// How a hash table grows: its first number of slots (a power of two, made at the first
// insert), the load at which it doubles (load_num / load_den of its slots in use), and the
// size in bytes from which it no longer grows (it is then full at that load).
struct TableShape {
  size_t first_slots;
  unsigned load_num, load_den;
  size_t max_bytes = SIZE_MAX;
};

// The one hash table of the searches: open addressing with linear probing over slots of
// Traits::Slot, a trivially copyable struct holding a key and what the search keeps with it.
// Traits gives static functions: empty(slot) (true for an all-zero slot, and only for one),
// same(slot, probe) (the two hold the same key) and hash(slot) (where a key's probe starts;
// the bits below the number of slots are used).
template <class Traits>
class HashTable {
 public:
  using Slot = typename Traits::Slot;

  explicit HashTable(const TableShape& shape) : shape_(shape) {}
  size_t size() const { return used_; }
  size_t bytes() const { return cap_ * sizeof(Slot); }
  // Whether adding `extra` more keys would make the table double (false when it may not grow).
  bool grows_within(size_t extra) const {
    return cap_ && (used_ + extra) * shape_.load_den > cap_ * shape_.load_num &&
           cap_ * sizeof(Slot) < shape_.max_bytes;
  }

  // The slot holding the key of `probe`: the one found (`inserted` false), or a new one that
  // is a copy of `probe` (`inserted` true). nullptr when the table is full.
  Slot* find_or_insert(const Slot& probe, bool& inserted) {
    if ((used_ + 1) * shape_.load_den > cap_ * shape_.load_num && !grow()) return nullptr;
    size_t i = size_t(Traits::hash(probe)) & mask_;
    while (true) {
      Slot& s = slots_[i];
      if (Traits::empty(s)) {
        s = probe;
        ++used_;
        inserted = true;
        return &s;
      }
      if (Traits::same(s, probe)) {
        inserted = false;
        return &s;
      }
      i = (i + 1) & mask_;
    }
  }
  // Start loading the slot where the probe for `probe`'s key starts (a lookup follows soon).
  void prefetch(const Slot& probe) const {
    if (cap_) __builtin_prefetch(&slots_[size_t(Traits::hash(probe)) & mask_]);
  }

 private:
  TableShape shape_;
  ZeroedMemory mem_;
  Slot* slots_ = nullptr;
  size_t cap_ = 0, mask_ = 0, used_ = 0;

  bool grow() {
    if (!cap_) {
      resize(shape_.first_slots);
      return true;
    }
    if (cap_ * sizeof(Slot) >= shape_.max_bytes) return false;
    resize(cap_ * 2);
    return true;
  }
  void resize(size_t n) {
    ZeroedMemory fresh(n * sizeof(Slot));
    Slot* ns = static_cast<Slot*>(fresh.data());
    const size_t nmask = n - 1;
    for (size_t j = 0; j < cap_; ++j) {
      const Slot& s = slots_[j];
      if (Traits::empty(s)) continue;
      size_t i = size_t(Traits::hash(s)) & nmask;
      while (!Traits::empty(ns[i])) i = (i + 1) & nmask;
      ns[i] = s;
    }
    mem_ = std::move(fresh);
    slots_ = ns;
    cap_ = n;
    mask_ = nmask;
  }
};

// A set of 128-bit keys (the positions a search has met), on the hash table above. The zero
// key is kept as (1, 0).
class KeySet {
 public:
  explicit KeySet(const TableShape& shape) : table_(shape) {}
  // Add `k`; true when it was not there yet.
  bool insert(const Key& k) {
    bool inserted = false;
    table_.find_or_insert(stored(k), inserted);
    return inserted;
  }
  // Add `k` where a full table must be told apart: 1 when it was new (now kept), 0 when it was
  // there, -1 when the table is at its size limit and `k` could not be kept.
  int try_insert(const Key& k) {
    bool inserted = false;
    if (!table_.find_or_insert(stored(k), inserted)) return -1;
    return inserted ? 1 : 0;
  }
  void prefetch(const Key& k) const { table_.prefetch(stored(k)); }
  size_t size() const { return table_.size(); }
  size_t bytes() const { return table_.bytes(); }
  bool grows_within(size_t extra) const { return table_.grows_within(extra); }

 private:
  struct Traits {
    using Slot = Key;
    static bool empty(const Key& s) { return !(s.a | s.b); }
    static bool same(const Key& s, const Key& k) { return s == k; }
    static uint64_t hash(const Key& k) { return k.a; }
  };
  static Key stored(const Key& k) { return (k.a | k.b) ? k : Key{1, 0}; }
  HashTable<Traits> table_;
};

// --------------------------------------------------------------- limits, budget and result
using Clock = std::chrono::steady_clock;

// What a search may spend: seconds (< 0: no limit) and states (0: no limit); `stop`, when
// given, ends it as its time limit would once it is set (searches running side by side, one of
// which has decided).
struct Limits {
  double time_limit = -1;
  uint64_t max_states = 0;
  const std::atomic<bool>* stop = nullptr;
};

// A search's limits and what it has spent of them.
struct Budget {
  Clock::time_point start = Clock::now();
  Limits limits;
  uint64_t states = 0;  // spent so far

  explicit Budget(const Limits& l) : limits(l) {}
  double seconds() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  bool out_of_states() const { return limits.max_states && states >= limits.max_states; }
  // Reads the clock: callers ask every so many states.
  bool out_of_time() const {
    return (limits.stop && limits.stop->load(std::memory_order_relaxed)) ||
           (limits.time_limit >= 0 && seconds() > limits.time_limit);
  }
  // When the time limit runs out (Clock::time_point::max() without one).
  Clock::time_point deadline() const {
    if (limits.time_limit < 0) return Clock::time_point::max();
    return start + std::chrono::duration_cast<Clock::duration>(
                       std::chrono::duration<double>(limits.time_limit));
  }
};

enum class Status { kSolved, kUnsolvable, kLimit };

inline const char* status_text(Status s) {
  return s == Status::kSolved ? "solved" : s == Status::kUnsolvable ? "unsolvable" : "limit";
}

// What a search ends with; Step is a move of the line it returns (move text, or a move code).
template <class Step>
struct SearchResult {
  Status status = Status::kUnsolvable;
  std::string limit;        // "", "time" or "states"
  std::vector<Step> line;   // the winning line when solved
  uint64_t states = 0;         // positions generated (moves tried)
  uint64_t unique_states = 0;  // positions kept in the transposition tables
};

}  // namespace kosynka::common
