// kosynka's Spider search core (see spider.hpp and bench/solver_spider.md).
#include "spider.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <queue>
#include <stdexcept>
#include <unordered_map>

namespace kosynka::spider {
namespace {

using common::in_suit_on;
using common::rank_of;
using common::splitmix_mix;

// Random numbers for the position key, two independent 64-bit lanes (128 bits in all).
struct Tables {
  uint64_t z[2][kMaxCol][52];  // card at height k of a column
  uint64_t h[2][kMaxCol + 1];  // face-down count of a column
  uint64_t colno[2][kCols];    // column number (while the stock lasts)
  uint64_t dealt[2][8];        // rows dealt
  Tables() {
    uint64_t s = 0x7370696465720001ULL;  // "spider"
    common::fill_random(z, s);
    common::fill_random(h, s);
    common::fill_random(colno, s);
    common::fill_random(dealt, s);
  }
};
const Tables kT;

using common::kRankText;
using common::kSuitText;

}  // namespace

// ------------------------------------------------------------------------------- the position
State::State(const Position& pos) {
  if (pos.columns.size() != kCols || pos.hidden.size() != kCols)
    throw std::invalid_argument("a Spider position has 10 columns");
  if (pos.stock.size() % kRow || pos.stock.size() > 50)
    throw std::invalid_argument("the stock holds whole rows of ten, at most five");
  if (pos.removed.size() > kRuns) throw std::invalid_argument("at most eight runs are removed");
  uint8_t cards[kCols][kMaxCol], lens[kCols], hids[kCols];
  const uint8_t* ptrs[kCols];
  int total = 0;
  for (int i = 0; i < kCols; ++i) {
    const auto& c = pos.columns[i];
    total += int(c.size());
    if (total > kMaxCol) throw std::invalid_argument("more than 104 cards on the table");
    if (pos.hidden[i] < 0 || pos.hidden[i] > int(c.size()) ||
        (!c.empty() && pos.hidden[i] == int(c.size())))
      throw std::invalid_argument("bad face-down count");
    for (size_t k = 0; k < c.size(); ++k) {
      if (c[k] < 0 || c[k] >= 52) throw std::invalid_argument("card index out of range");
      cards[i][k] = uint8_t(c[k]);
    }
    lens[i] = uint8_t(c.size());
    hids[i] = uint8_t(pos.hidden[i]);
    ptrs[i] = cards[i];
  }
  rows = uint8_t(pos.stock.size() / kRow);
  dealt = 0;
  for (size_t k = 0; k < pos.stock.size(); ++k) {
    if (pos.stock[k] < 0 || pos.stock[k] >= 52)
      throw std::invalid_argument("card index out of range");
    stock[k] = uint8_t(pos.stock[k]);
  }
  nremoved = uint8_t(pos.removed.size());
  for (size_t k = 0; k < pos.removed.size(); ++k) {
    if (pos.removed[k] < 0 || pos.removed[k] > 3) throw std::invalid_argument("bad suit");
    removed_suits[k] = uint8_t(pos.removed[k]);
  }
  set_columns(ptrs, lens, hids);
}

void State::set_columns(const uint8_t* const* cards, const uint8_t* lens, const uint8_t* hids) {
  tot_down = tot_out = tot_fit = 0;
  empties = kCols;
  ksum[0] = ksum[1] = 0;
  for (int i = 0; i < kCols; ++i) {
    int n = lens[i], h = hids[i];
    const uint8_t* src = cards[i];
    uint8_t* c = col[i];
    std::memcpy(c, src, n);
    len[i] = uint8_t(n);
    hid[i] = uint8_t(h);
    tot_down += h;
    empties -= n > 0;
    uint64_t z0 = 0, z1 = 0;
    for (int k = 0; k < n; ++k) {
      z0 ^= kT.z[0][k][c[k]];
      z1 ^= kT.z[1][k][c[k]];
    }
    zc[i][0] = z0;
    zc[i][1] = z1;
    // The figures of the face-up cards, as push_card would leave them.
    int o = 0, f = 0;
    for (int k = h; k < n; ++k) {
      int oo, ff;
      face_up_figures(i, k, oo, ff);
      o += oo;
      f += ff;
      rl[i][k] = uint8_t(k > h && in_suit_on(c[k], c[k - 1]) ? rl[i][k - 1] + 1 : 1);
    }
    out[i] = o;
    fit[i] = f;
    tot_out += o;
    tot_fit += f;
    kcol[i][0] = kcol[i][1] = 0;
    rekey(i);
  }
}

// The figures of card b lying face up at height k of a column over card `under` (-1: none
// below, k is 0) with `hid` face-down cards: o = 1 when it is "out" (not in suit on the card
// below; a King at the bottom is not out), f = 1 when it lies off suit on a card one rank
// higher.
inline void figures_at(int b, int k, int under, int hid, int& o, int& f) {
  if (k == 0) {
    o = rank_of(b) != 13;
    f = 0;
  } else if (k == hid) {
    o = 1;
    f = 0;
  } else if (in_suit_on(b, under)) {
    o = f = 0;
  } else {
    o = 1;
    f = rank_of(under) == rank_of(b) + 1;
  }
}

// The figures of the face-up card at height k of column i (see figures_at).
inline void State::face_up_figures(int i, int k, int& o, int& f) const {
  const uint8_t* c = col[i];
  figures_at(c[k], k, k ? c[k - 1] : -1, hid[i], o, f);
}

void State::push_card(int i, int c) {
  int k = len[i];
  col[i][k] = uint8_t(c);
  zc[i][0] ^= kT.z[0][k][c];
  zc[i][1] ^= kT.z[1][k][c];
  len[i] = uint8_t(k + 1);
  if (k == 0) --empties;
  if (k >= hid[i]) {
    int o, f;
    face_up_figures(i, k, o, f);
    rl[i][k] = uint8_t(k > hid[i] && in_suit_on(c, col[i][k - 1]) ? rl[i][k - 1] + 1 : 1);
    out[i] += o;
    fit[i] += f;
    tot_out += o;
    tot_fit += f;
  }
}

void State::pop_card(int i) {
  int k = len[i] - 1;
  int c = col[i][k];
  if (k >= hid[i]) {
    int o, f;
    face_up_figures(i, k, o, f);
    out[i] -= o;
    fit[i] -= f;
    tot_out -= o;
    tot_fit -= f;
  }
  zc[i][0] ^= kT.z[0][k][c];
  zc[i][1] ^= kT.z[1][k][c];
  len[i] = uint8_t(k);
  if (k == 0) ++empties;
}

// The face-down card on top of column i turns up.
void State::turn_up(int i) {
  int k = --hid[i];
  --tot_down;
  int o, f;
  face_up_figures(i, k, o, f);
  rl[i][k] = 1;
  out[i] += o;
  fit[i] += f;
  tot_out += o;
  tot_fit += f;
}

// The undo of turn_up: the top card of column i (its only face-up card) turns down again.
void State::turn_down(int i) {
  int k = hid[i];
  int o, f;
  face_up_figures(i, k, o, f);
  out[i] -= o;
  fit[i] -= f;
  tot_out -= o;
  tot_fit -= f;
  ++hid[i];
  ++tot_down;
}

// Column i's share of the key in lane l: with the column's number (`numbered`) or without.
// From the hash of its cards `zc` and its face-down count `hid`.
inline uint64_t share(uint64_t zc, int hid, int i, int l, bool numbered) {
  uint64_t base = zc ^ kT.h[l][hid];
  return numbered ? splitmix_mix(base ^ kT.colno[l][i]) + l : splitmix_mix(base + 0x632BE59BD9B4E019ULL * (l + 1));
}
inline uint64_t column_key(const State& st, int i, int l, bool numbered) {
  return share(st.zc[i][l], st.hid[i], i, l, numbered);
}

bool State::peek(uint16_t m, const Weights& w, Key& key, int& score) const {
  if (m == kDeal) return false;
  const int s = move_src(m), d = move_dst(m), k = move_count(m);
  const int n = len[s], from = n - k, nd = len[d];
  const uint8_t* c = col[s];
  if (rank_of(c[n - 1]) == 1) return false;  // take_runs might remove a run
  // Only the group's bottom card changes its figures (the cards above it keep the cards under
  // them), and the card turned up on the source, if any.
  const int b = c[from];
  int o0, f0, o1, f1;
  figures_at(b, from, from ? c[from - 1] : -1, hid[s], o0, f0);
  figures_at(b, nd, nd ? col[d][nd - 1] : -1, hid[d], o1, f1);
  const bool flip = from > 0 && from == hid[s];
  int down = tot_down, outs = tot_out - o0 + o1, fits = tot_fit - f0 + f1;
  if (flip) {
    int o2, f2;
    figures_at(c[from - 1], from - 1, from > 1 ? c[from - 2] : -1, from - 1, o2, f2);
    --down;
    outs += o2;
    fits += f2;
  }
  const int emp = empties - (nd == 0) + (from == 0);
  score = w.down * down + w.brk * (outs - fits) + w.fit * fits - w.empty * emp;
  // The two columns' cards hashes, their shares of the key, and the sum.
  uint64_t zs[2] = {zc[s][0], zc[s][1]}, zd[2] = {zc[d][0], zc[d][1]};
  for (int t = 0; t < k; ++t) {
    const int card = c[from + t];
    zs[0] ^= kT.z[0][from + t][card];
    zs[1] ^= kT.z[1][from + t][card];
    zd[0] ^= kT.z[0][nd + t][card];
    zd[1] ^= kT.z[1][nd + t][card];
  }
  const bool numbered = dealt < rows;
  const int hs = hid[s] - flip;
  uint64_t sum[2];
  for (int l = 0; l < 2; ++l)
    sum[l] = ksum[l] - kcol[s][l] - kcol[d][l] + share(zs[l], hs, s, l, numbered) +
             share(zd[l], hid[d], d, l, numbered);
  key = Key{sum[0] ^ kT.dealt[0][dealt], sum[1] ^ kT.dealt[1][dealt]};
  return true;
}

// Recompute column i's share of the key after it changed (a dealt row rekeys every column, so
// all shares follow the switch from numbered to not when the stock runs out, and back).
void State::rekey(int i) {
  bool numbered = dealt < rows;
  for (int l = 0; l < 2; ++l) {
    uint64_t v = column_key(*this, i, l, numbered);
    ksum[l] += v - kcol[i][l];
    kcol[i][l] = v;
  }
}

// Take finished runs off the top of column i (turning up the card left on top); returns how
// many left. As the engine's _take_runs.
int State::take_runs(int i) {
  int n = 0;
  while (len[i] >= 13 && rank_of(top(i)) == 1 && run(i) >= 13 && nremoved < kRuns) {
    int suit = top(i) / 13;
    for (int k = 0; k < 13; ++k) pop_card(i);
    removed_suits[nremoved++] = uint8_t(suit);
    ++n;
    if (len[i] && len[i] == hid[i]) turn_up(i);
  }
  return n;
}

void State::legal_moves(std::vector<uint16_t>& out_moves) const {
  out_moves.clear();
  // Columns by the rank of their top card, and the empty ones (0), as bit masks.
  unsigned onto[15] = {};
  for (int i = 0; i < kCols; ++i) onto[len[i] ? rank_of(top(i)) : 0] |= 1u << i;
  for (int s = 0; s < kCols; ++s) {
    int n = len[s];
    int r = run(s);
    for (int k = 1; k <= r; ++k) {
      unsigned dests = (onto[rank_of(col[s][n - k]) + 1] | onto[0]) & ~(1u << s);
      for (; dests; dests &= dests - 1) out_moves.push_back(card_move(s, __builtin_ctz(dests), k));
    }
  }
  if (!empties && dealt < rows) out_moves.push_back(kDeal);
}

void State::apply(uint16_t m, Undo& u) {
  u.move = m;
  u.src_flip = 0;
  u.flipped = 0;
  std::memset(u.nrem, 0, sizeof u.nrem);
  if (m == kDeal) {
    const uint8_t* row = stock + dealt * kRow;
    for (int i = 0; i < kCols; ++i) push_card(i, row[i]);
    dealt++;
    for (int i = 0; i < kCols; ++i) {
      int before = hid[i];
      u.nrem[i] = uint8_t(take_runs(i));
      if (hid[i] != before) u.flipped |= uint16_t(1u << i);
      rekey(i);
    }
    return;
  }
  int s = move_src(m), d = move_dst(m), k = move_count(m);
  std::memcpy(u.keys[0], kcol[s], sizeof kcol[s]);
  std::memcpy(u.keys[1], kcol[d], sizeof kcol[d]);
  std::memcpy(u.keys[2], ksum, sizeof ksum);
  int from = len[s] - k;
  for (int j = 0; j < k; ++j) push_card(d, col[s][from + j]);
  for (int j = 0; j < k; ++j) pop_card(s);
  if (len[s] && len[s] == hid[s]) {
    turn_up(s);
    u.src_flip = 1;
  }
  int before = hid[d];
  u.nrem[d] = uint8_t(take_runs(d));
  if (hid[d] != before) u.flipped = uint16_t(1u << d);
  rekey(s);
  rekey(d);
}

void State::undo(const Undo& u) {
  auto restore = [this](int i) {
    int suit = removed_suits[--nremoved];
    for (int r = 12; r >= 0; --r) push_card(i, suit * 13 + r);
  };
  if (u.move == kDeal) {
    for (int i = kCols - 1; i >= 0; --i) {
      if (u.flipped >> i & 1) turn_down(i);
      for (int r = 0; r < u.nrem[i]; ++r) restore(i);
    }
    dealt--;
    for (int i = 0; i < kCols; ++i) {
      pop_card(i);
      rekey(i);
    }
    return;
  }
  int s = move_src(u.move), d = move_dst(u.move), k = move_count(u.move);
  if (u.flipped) turn_down(d);
  for (int r = 0; r < u.nrem[d]; ++r) restore(d);
  if (u.src_flip) turn_down(s);
  int from = len[d] - k;
  for (int j = 0; j < k; ++j) push_card(s, col[d][from + j]);
  for (int j = 0; j < k; ++j) pop_card(d);
  std::memcpy(kcol[s], u.keys[0], sizeof kcol[s]);
  std::memcpy(kcol[d], u.keys[1], sizeof kcol[d]);
  std::memcpy(ksum, u.keys[2], sizeof ksum);
}

// The position's key: each column's cards and face-down count, and the rows dealt. While the
// stock lasts the columns are told apart (a dealt row puts a given card on a given column);
// once it is gone the key is the same for every order of the columns (a sum over them).
Key State::key() const { return Key{ksum[0] ^ kT.dealt[0][dealt], ksum[1] ^ kT.dealt[1][dealt]}; }

Key State::exact_key() const {
  if (dealt < rows) return key();
  Key k;
  for (int i = 0; i < kCols; ++i) {
    k.a += column_key(*this, i, 0, true);
    k.b += column_key(*this, i, 1, true);
  }
  k.a ^= kT.dealt[0][dealt];
  k.b ^= kT.dealt[1][dealt];
  return k;
}

std::string State::move_text(uint16_t m) const {
  if (m == kDeal) return "s";
  int s = move_src(m), d = move_dst(m), k = move_count(m);
  int c = col[s][len[s] - k];
  std::string t = std::to_string(s + 1);
  t += ':';
  t += kRankText[c % 13];
  t += kSuitText[c / 13];
  t += '>';
  t += std::to_string(d + 1);
  return t;
}

// Whether card move m finishes a run on its destination.
bool State::completes_run(uint16_t m) const {
  if (m == kDeal) return false;
  int s = move_src(m), d = move_dst(m), k = move_count(m);
  int b = col[s][len[s] - k];
  if (len[d] == 0) return k == 13 && k <= run(s);
  return in_suit_on(b, top(d)) && run(d) + k >= 13 && k <= run(s);
}

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

std::vector<std::string> legal_move_texts(const Position& pos) {
  State st(pos);
  std::vector<uint16_t> moves;
  st.legal_moves(moves);
  std::vector<std::string> out;
  for (uint16_t m : moves) out.push_back(st.move_text(m));
  return out;
}

std::vector<std::string> pruned_moves(const Position& pos) {
  State st(pos);
  std::vector<uint16_t> moves;
  pruned_move_list(st, moves);
  std::vector<std::string> out;
  for (uint16_t m : moves) out.push_back(st.move_text(m));
  return out;
}

std::vector<std::string> ordered_moves(const Position& pos) {
  State st(pos);
  std::vector<uint16_t> moves;
  exhaustive_move_list(st, moves);
  order_moves(st, moves, Weights{});
  std::vector<std::string> out;
  for (uint16_t m : moves) out.push_back(st.move_text(m));
  return out;
}

int evaluate_position(const Position& pos) { return State(pos).evaluate(Weights{}); }

std::vector<std::string> expand_line(const Position& pos, const std::vector<uint16_t>& line) {
  State st(pos);
  return texts(st, single_moves(st, line));
}

}  // namespace kosynka::spider

namespace kosynka::spider {
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
  std::vector<std::string> out;
  State st = root;
  for (uint16_t m : line) {
    out.push_back(st.move_text(m));
    Undo u;
    st.apply(m, u);
  }
  return out;
}

}  // namespace kosynka::spider
