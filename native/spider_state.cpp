// kosynka's Spider core, the position (see spider_state.hpp).
#include "spider_state.hpp"

#include <cstring>
#include <stdexcept>

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
    common::fill_random(s, z, h, colno, dealt);
  }
};
const Tables kT;

using common::kRankText;
using common::kSuitText;

}  // namespace

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

}  // namespace kosynka::spider
