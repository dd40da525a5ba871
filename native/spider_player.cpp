// The no-peeking Spider player of kosynka.games.spider.player.play, in C++: for the same position
// and seed it makes the same moves (Python's Mersenne Twister and its shuffle are reproduced),
// some hundred times faster, so that a hint can play whole games on samples of the unseen cards
// (kosynka.games.spider.seen). It reads no face-down card and no stock card before the game turns
// it up; it shares no code with the search.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "bindings.hpp"

namespace nb = nanobind;

namespace kosynka::spider {
namespace {

// Python's random.Random for an int seed: MT19937 seeded by init_by_array with the seed's 32-bit
// words, getrandbits, _randbelow by rejection, and shuffle from the last place down.
class PyRandom {
 public:
  explicit PyRandom(uint64_t seed) {
    std::vector<uint32_t> key;
    do {
      key.push_back(uint32_t(seed & 0xffffffffu));
      seed >>= 32;
    } while (seed);
    init_by_array(key);
  }

  uint32_t next32() {
    if (index_ >= N) twist();
    uint32_t y = mt_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  // A number in [0, n), n >= 1, as Python's _randbelow draws it.
  uint32_t below(uint32_t n) {
    int k = 32 - __builtin_clz(n);
    uint32_t r = next32() >> (32 - k);
    while (r >= n) r = next32() >> (32 - k);
    return r;
  }

  template <class T>
  void shuffle(std::vector<T>& x) {
    for (size_t i = x.size(); i > 1;) {
      --i;
      size_t j = below(uint32_t(i + 1));
      std::swap(x[i], x[j]);
    }
  }

 private:
  static constexpr int N = 624;
  static constexpr int M = 397;
  uint32_t mt_[N];
  int index_ = N;

  void init_genrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < N; ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + uint32_t(i);
    index_ = N;
  }

  void init_by_array(const std::vector<uint32_t>& key) {
    init_genrand(19650218u);
    int i = 1;
    size_t j = 0;
    const size_t n = key.size();
    for (size_t k = std::max<size_t>(N, n); k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
      ++i;
      ++j;
      if (i >= N) {
        mt_[0] = mt_[N - 1];
        i = 1;
      }
      if (j >= n) j = 0;
    }
    for (int k = N - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
      ++i;
      if (i >= N) {
        mt_[0] = mt_[N - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000u;
  }

  void twist() {
    for (int k = 0; k < N; ++k) {
      uint32_t y = (mt_[k] & 0x80000000u) | (mt_[(k + 1) % N] & 0x7fffffffu);
      mt_[k] = mt_[(k + M) % N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    index_ = 0;
  }
};

// The scores of kosynka.games.spider.player (higher is better).
constexpr int P_RUN = 10000, P_REVEAL = 1000, P_EMPTY = 800, P_SUIT = 600, P_FREE = 200,
              P_USEFUL = 100, P_SHUFFLE = 10, P_INTO_EMPTY = 5, P_NEVER = -1;
constexpr int REVEAL_SHORT = 10, REVEAL_INTO_EMPTY = 700, REVEAL_IN_SUIT = 50;
constexpr int EXPLORE_MOVES = 20;
constexpr int COLUMNS = 10, ROW = 10, RUNS = 8;

inline int rank(int c) { return c % 13 + 1; }

// A card move: the card at `idx` of column `src` with the cards on it, to column `to`.
struct Cand {
  int src, idx, to;
};

// The table: columns bottom to top, face-down counts, the stock in dealing order from `next`.
struct Table {
  std::array<std::vector<uint8_t>, COLUMNS> cols;
  std::array<int, COLUMNS> hidden{};
  std::vector<uint8_t> stock;
  size_t next = 0;
  int removed = 0;

  bool has_stock() const { return next < stock.size(); }
  int face_down() const {
    int n = 0;
    for (int h : hidden) n += h;
    return n;
  }
  // The number naming a card move whatever the indices (player._code).
  int code(const Cand& c) const { return (c.src * 52 + cols[c.src][c.idx]) * 11 + c.to; }

  // What a player sees: face-down counts, face-up cards, the cards dealt.
  std::string key() const {
    std::string k;
    for (int i = 0; i < COLUMNS; ++i) {
      k.push_back(char(hidden[i]));
      k.append(cols[i].begin() + hidden[i], cols[i].end());
      k.push_back(char(0xff));
    }
    k.push_back(char(next & 0xff));
    return k;
  }

  // Remove the finished runs from the top of column k, turning up the card each leaves.
  void take_runs(int k) {
    for (;;) {
      auto& col = cols[k];
      const size_t n = col.size();
      if (n < 13 || rank(col.back()) != 1 || int(n) - 13 < hidden[k]) return;
      const int top = col.back();
      for (int r = 1; r < 13; ++r)
        if (col[n - 1 - r] != top + r) return;
      col.resize(n - 13);
      ++removed;
      if (!col.empty() && int(col.size()) == hidden[k]) --hidden[k];
    }
  }

  void move(const Cand& c) {
    auto& col = cols[c.src];
    auto& dest = cols[c.to];
    dest.insert(dest.end(), col.begin() + c.idx, col.end());
    col.resize(c.idx);
    if (!col.empty() && int(col.size()) == hidden[c.src]) --hidden[c.src];
    take_runs(c.to);
  }

  void deal() {
    for (int k = 0; k < COLUMNS; ++k) cols[k].push_back(stock[next + k]);
    next += ROW;
    for (int k = 0; k < COLUMNS; ++k) take_runs(k);
  }
};

// Length of the one-suit run ending at index `top` of `col`, not below `low`.
int suited_length(const std::vector<uint8_t>& col, int top, int low) {
  int j = top;
  while (j > low && col[j - 1] == col[j] + 1 && rank(col[j]) != 13) --j;
  return top - j + 1;
}

int suited_links(const Table& t) {
  int n = 0;
  for (int i = 0; i < COLUMNS; ++i) {
    const auto& col = t.cols[i];
    for (size_t j = size_t(t.hidden[i]) + 1; j < col.size(); ++j)
      if (col[j - 1] == col[j] + 1 && rank(col[j]) != 13) ++n;
  }
  return n + 12 * t.removed;
}

// player._candidates: the legal card moves, into an empty column only into the first one.
std::vector<Cand> candidates(const Table& t) {
  std::array<std::vector<int>, 15> onto;
  int first_empty = -1;
  for (int k = 0; k < COLUMNS; ++k) {
    if (!t.cols[k].empty())
      onto[rank(t.cols[k].back())].push_back(k);
    else if (first_empty < 0)
      first_empty = k;
  }
  std::vector<Cand> out;
  for (int i = 0; i < COLUMNS; ++i) {
    const auto& col = t.cols[i];
    if (col.empty()) continue;
    int j = int(col.size()) - 1;
    const int low = t.hidden[i];
    for (;;) {
      const int card = col[j];
      const int r = rank(card);
      for (int k : onto[r + 1])
        if (k != i) out.push_back({i, j, k});
      if (first_empty >= 0) out.push_back({i, j, first_empty});
      if (j == low || col[j - 1] != card + 1 || r == 13) break;
      --j;
    }
  }
  return out;
}

// player._score: how good the move looks from the visible cards, without lookahead.
int score(const Table& t, const Cand& c) {
  const auto& col = t.cols[c.src];
  const int card = col[c.idx];
  const int group = int(col.size()) - c.idx;
  const auto& dest = t.cols[c.to];
  const int h = t.hidden[c.src];
  const bool suited_dest = !dest.empty() && dest.back() == card + 1 && rank(card) != 13;
  if (suited_dest && group + suited_length(dest, int(dest.size()) - 1, t.hidden[c.to]) >= 13) {
    size_t on_table = 0;
    for (const auto& k : t.cols) on_table += k.size();
    // Too few cards left for a row ever to be dealt: the game would be lost.
    if (t.has_stock() && on_table - 13 < size_t(ROW)) return P_NEVER;
    return P_RUN;
  }
  if (c.idx > 0 && c.idx == h) {
    int s = P_REVEAL + REVEAL_SHORT * (10 - std::min(h, 10)) + (suited_dest ? REVEAL_IN_SUIT : 0);
    return s - (dest.empty() ? REVEAL_INTO_EMPTY : 0);
  }
  if (c.idx == 0) {
    if (dest.empty()) return P_NEVER;
    return P_EMPTY + (suited_dest ? 50 : 0) - group;
  }
  const int below = col[c.idx - 1];
  if (below == card + 1 && rank(card) != 13) return P_NEVER;
  if (dest.empty()) return P_INTO_EMPTY;
  if (suited_dest) return P_SUIT + group;
  if (rank(below) != rank(card) + 1) return P_FREE + group;
  return P_SHUFFLE;
}

bool flips(const Table& t, const Cand& c, int s) {
  return s >= P_RUN || (c.idx > 0 && c.idx == t.hidden[c.src]);
}

// player._scored: the candidates with their scores, one move of lookahead on the weak ones that
// turn nothing up, best first (a stable sort).
std::vector<std::pair<int, Cand>> scored(const Table& t) {
  const auto cands = candidates(t);
  std::vector<char> before(COLUMNS * 52 * 11, 0);
  for (const auto& c : cands) before[t.code(c)] = 1;
  std::vector<std::pair<int, Cand>> out;
  out.reserve(cands.size());
  for (const auto& c : cands) {
    int s = score(t, c);
    if (s < P_USEFUL && !flips(t, c, s)) {
      Table after = t;
      after.move(c);
      int nxt = P_NEVER;
      for (const auto& d : candidates(after))
        if (!before[after.code(d)]) nxt = std::max(nxt, score(after, d));
      if (nxt >= P_REVEAL && s == P_NEVER)
        s = P_USEFUL + (nxt - P_REVEAL) / 10;
      else if (nxt >= P_USEFUL && s != P_NEVER)
        s = std::max(s, P_USEFUL + nxt / 10);
    }
    out.emplace_back(s, c);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  return out;
}

std::string key_after(const Table& t, const Cand& c) {
  Table after = t;
  after.move(c);
  return after.key();
}

enum class Kind { None, Deal, Card };

struct Choice {
  Kind kind = Kind::None;
  Cand cand{};
};

// player._choose with a set of layouts had.
Choice choose(const Table& t, PyRandom& rng, const std::unordered_set<std::string>& seen,
              bool tired) {
  bool any_empty = false;
  for (const auto& col : t.cols) any_empty = any_empty || col.empty();
  const bool has_stock = t.has_stock();
  const bool can_deal = has_stock && !any_empty;
  const auto sc = scored(t);
  auto fresh = [&](const Cand& c, int s) {
    return flips(t, c, s) || !seen.count(key_after(t, c));
  };
  size_t i = 0;
  while (i < sc.size()) {
    const int level = sc[i].first;
    if (level < P_USEFUL) break;
    size_t j = i;
    while (j < sc.size() && sc[j].first == level) ++j;
    std::vector<Cand> group;
    for (size_t k = i; k < j; ++k) group.push_back(sc[k].second);
    i = j;
    rng.shuffle(group);
    for (const auto& c : group)
      if ((!tired || flips(t, c, level)) && fresh(c, level)) return {Kind::Card, c};
  }
  if (!has_stock) {
    if (tired) return {};
    std::vector<std::pair<int, Cand>> weak;
    for (size_t k = i; k < sc.size(); ++k)
      if (sc[k].first > P_NEVER) weak.push_back(sc[k]);
    rng.shuffle(weak);
    std::stable_sort(weak.begin(), weak.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [s, c] : weak)
      if (fresh(c, s)) return {Kind::Card, c};
    return {};
  }
  if (can_deal) return {Kind::Deal, {}};
  // A row is refused while a column is empty: fill them, the shortest group that leaves its
  // column non-empty first, out of suit first.
  std::vector<std::tuple<bool, int, Cand>> fills;
  for (const auto& [s, c] : sc)
    if (c.idx > 0 && t.cols[c.to].empty())
      fills.emplace_back(s == P_NEVER, int(t.cols[c.src].size()) - c.idx, c);
  std::stable_sort(fills.begin(), fills.end(), [](const auto& a, const auto& b) {
    return std::make_pair(std::get<0>(a), std::get<1>(a)) <
           std::make_pair(std::get<0>(b), std::get<1>(b));
  });
  for (const auto& f : fills)
    if (fresh(std::get<2>(f), P_NEVER)) return {Kind::Card, std::get<2>(f)};
  return {};
}

// (face-down cards, -runs removed, -cards in suit): smaller is further on.
std::tuple<int, int, int> progress(const Table& t) {
  return {t.face_down(), -t.removed, -suited_links(t)};
}

using PlayTuple = std::tuple<bool, int, int, int, int, int, std::vector<int>>;

// player.play: (won, moves, card moves, runs removed, face-down left, rows left, the moves as
// codes: -1 a row dealt, else (source * 52 + card) * 11 + destination).
PlayTuple play(Table t, uint64_t seed, int max_moves, bool keep_line) {
  PyRandom rng(seed);
  std::unordered_set<std::string> seen{t.key()};
  std::vector<int> line;
  int moves = 0, card_moves = 0, idle = 0;
  auto best = progress(t);
  while (moves < max_moves && t.removed < RUNS) {
    const Choice ch = choose(t, rng, seen, idle >= EXPLORE_MOVES);
    if (ch.kind == Kind::None) break;
    if (ch.kind == Kind::Deal) {
      if (keep_line) line.push_back(-1);
      t.deal();
    } else {
      if (keep_line) line.push_back(t.code(ch.cand));
      t.move(ch.cand);
      ++card_moves;
    }
    seen.insert(t.key());
    const auto now = progress(t);
    if (now < best || ch.kind == Kind::Deal) {
      best = std::min(now, best);
      idle = 0;
    } else {
      ++idle;
    }
    ++moves;
  }
  return {t.removed == RUNS, moves, card_moves, t.removed, t.face_down(),
          int(t.stock.size() - t.next) / ROW, line};
}

}  // namespace

void bind_player(nb::module_& m) {
  m.def(
      "spider_play",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed, uint64_t seed,
         int max_moves, bool line) {
        if (columns.size() != COLUMNS || hidden.size() != COLUMNS)
          throw nb::value_error("ten columns and ten face-down counts");
        if (stock.size() % ROW != 0) throw nb::value_error("the stock is whole rows");
        Table t;
        for (int i = 0; i < COLUMNS; ++i) {
          for (int c : columns[i]) {
            if (c < 0 || c >= 52) throw nb::value_error("a card index outside 0..51");
            t.cols[i].push_back(uint8_t(c));
          }
          if (hidden[i] < 0 || hidden[i] > int(columns[i].size()) ||
              (hidden[i] > 0 && hidden[i] == int(columns[i].size())))
            throw nb::value_error("a face-down count the column cannot have");
          t.hidden[i] = hidden[i];
        }
        for (int c : stock) {
          if (c < 0 || c >= 52) throw nb::value_error("a card index outside 0..51");
          t.stock.push_back(uint8_t(c));
        }
        t.removed = int(removed.size());
        PlayTuple out;
        {
          nb::gil_scoped_release release;
          out = play(std::move(t), seed, max_moves, line);
        }
        return out;
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      nb::arg("seed"), nb::arg("max_moves") = 1500, nb::arg("line") = false,
      "Play a Spider game from a position as kosynka.games.spider.player.play does (the same "
      "moves for the same seed): (won, moves, card moves, runs removed, face-down left, rows "
      "left, the moves as codes when `line`: -1 a row dealt, else (source * 52 + card) * 11 + "
      "destination).");
}

}  // namespace kosynka::spider
