// kosynka's Klondike core, the position card by card (see klondike_state.hpp).
#include "klondike_state.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace kosynka::klondike {
namespace {

using common::is_red;
using common::kRankText;
using common::kSuitText;
using common::rank_of;
using common::suit_of;
constexpr auto& kOther = common::kOtherColour;
constexpr auto& kSameOther = common::kTwinSuit;

// Random numbers for the position hash: two independent 64-bit lanes (128 bits in all).
struct Tables {
  uint64_t za[kMaxPile][52], zb[kMaxPile][52];  // card at height k of a column
  uint64_t ha[kMaxPile + 1], hb[kMaxPile + 1];  // face-down count of a column
  uint64_t ta[52], tb[52];                      // card present in the talon
  uint64_t pa[kMaxPile + 1], pb[kMaxPile + 1];  // talon position
  uint64_t fa[4][14], fb[4][14];                // foundation heights
  Tables() {
    uint64_t s = 0x6B6F73796E6B61ULL;  // "kosynka"
    common::fill_random(s, za, zb, ha, hb, ta, tb, pa, pb, fa, fb);
  }
};
const Tables kT;

}  // namespace

// The searches keep the pass number in 11 bits (2047) and 16-bit undo records; the Python front
// reduces every pass rule to at most one recycle per talon card before it gets here
// (solver.normalized), so larger values are refused rather than silently cut.
constexpr int kMaxPasses = 1024;

Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
                       const std::vector<int>& talon, int waste, const std::vector<int>& found,
                       int pass_number, int draw, int passes, bool ret) {
  Position pos;
  pos.columns = columns;
  pos.hidden = hidden;
  pos.talon = talon;
  pos.waste = waste;
  pos.found = found;
  pos.pass_number = pass_number;
  if (draw != 1 && draw != 3) throw std::invalid_argument("draw must be 1 or 3");
  if (passes < 0 || passes > kMaxPasses)
    throw std::invalid_argument("passes must be 0 (unlimited) .. 1024");
  if (pass_number < 1 || pass_number > kMaxPasses || (passes != 0 && pass_number > passes))
    throw std::invalid_argument("pass_number must be 1 .. passes (at most 1024)");
  pos.rules = Rules{draw, passes, ret};
  for (const auto& col : columns)
    for (int c : col)
      if (c < 0 || c >= 52) throw std::invalid_argument("card index out of range");
  for (int c : talon)
    if (c < 0 || c >= 52) throw std::invalid_argument("card index out of range");
  return pos;
}

std::string move_text(int card, int dest) {
  const char text[4] = {kRankText[card % 13], kSuitText[card / 13], '>',
                        dest == kFound ? 'f' : char('1' + dest)};
  return std::string(text, 4);
}

State::State(const Position& pos) : rules(pos.rules) {
  if (pos.columns.size() != kColumns || pos.hidden.size() != kColumns || pos.found.size() != 4)
    throw std::invalid_argument("a Klondike position has 7 columns and 4 foundations");
  int total = 0;
  for (int i = 0; i < kColumns; ++i) {
    const auto& c = pos.columns[i];
    if (c.size() > kMaxPile) throw std::invalid_argument("column too long");
    len[i] = int(c.size());
    hid[i] = pos.hidden[i];
    for (int k = 0; k < len[i]; ++k) cols[i][k] = uint8_t(c[k]);
    total += len[i];
  }
  if (pos.talon.size() > kMaxPile) throw std::invalid_argument("talon too long");
  n = int(pos.talon.size());
  p = pos.waste;
  for (int k = 0; k < n; ++k) talon[k] = uint8_t(pos.talon[k]);
  for (int s = 0; s < 4; ++s) found[s] = pos.found[s];
  total += n + found[0] + found[1] + found[2] + found[3];
  if (total != 52 || p < 0 || p > n) throw std::invalid_argument("not a whole deck");
  passno = pos.pass_number;
  tal_a = tal_b = 0;
  for (int k = 0; k < n; ++k) {
    tal_a ^= kT.ta[talon[k]];
    tal_b ^= kT.tb[talon[k]];
  }
}

bool State::trivially_won() const {
  for (int i = 0; i < kColumns; ++i)
    if (hid[i]) return false;
  if (n && !(rules.draw == 1 && rules.passes == 0)) return false;
  for (int i = 0; i < kColumns; ++i)
    for (int j = 0; j + 1 < len[i]; ++j)
      if (!fits_on(cols[i][j + 1], cols[i][j])) return false;
  return true;
}

int State::run_base(int i) const {
  int j = len[i] - 1;
  const int low = hid[i];
  while (j > low && fits_on(cols[i][j], cols[i][j - 1])) --j;
  return j;
}

int talon_reach(int p, int n, int d, bool can_recycle, uint8_t* idx, uint8_t* rec) {
  int count = 0;
  uint64_t done = 0;
  int q = p;
  if (q > 0) {
    idx[count] = uint8_t(q - 1);
    rec[count++] = 0;
    done |= 1ULL << (q - 1);
  }
  while (q < n) {
    q = std::min(q + d, n);
    idx[count] = uint8_t(q - 1);
    rec[count++] = 0;
    done |= 1ULL << (q - 1);
  }
  if (n && can_recycle) {
    if (d == 1) {
      const int first = p > 0 ? p - 1 : 0;
      for (int j = 0; j < first; ++j) {
        idx[count] = uint8_t(j);
        rec[count++] = 1;
      }
    } else {
      q = 0;
      while (q < n) {
        q = std::min(q + d, n);
        if (!(done >> (q - 1) & 1)) {
          idx[count] = uint8_t(q - 1);
          rec[count++] = 1;
        }
      }
    }
  }
  return count;
}

int State::reachable(uint8_t* idx, uint8_t* rec) const {
  return talon_reach(p, n, rules.draw, can_recycle(), idx, rec);
}

Key State::key(bool any_position) const {
  // Twins (same rank and colour) are not written alike: a position may be winnable only by way
  // of the one with two twins exchanged (a run moved from one twin to the other uncovers a
  // card that can go home), and with one key for both that move would look like a move back
  // to where the search already is.
  Key k;
  for (int i = 0; i < kColumns; ++i) {
    uint64_t a = kT.ha[hid[i]], b = kT.hb[hid[i]];
    for (int q = 0; q < len[i]; ++q) {
      const int c = cols[i][q];
      a ^= kT.za[q][c];
      b ^= kT.zb[q][c];
    }
    // Summing the columns' mixed hashes makes the key blind to the order of the columns.
    k.a += mix64(a);
    k.b += mix64(b ^ 0x5A5A5A5A5A5A5A5AULL);
  }
  for (int s = 0; s < 4; ++s) {
    k.a += kT.fa[s][found[s]];
    k.b += kT.fb[s][found[s]];
  }
  int pc = p;
  if (rules.passes == 0) {
    if (any_position || rules.draw == 1 || p % rules.draw == 0 || p == n) pc = 0;
  } else {
    k.a += mix64(uint64_t(passno) * 0x9E3779B97F4A7C15ULL + 17);
    k.b += mix64(uint64_t(passno) * 0xD1B54A32D192ED03ULL + 29);
  }
  k.a ^= tal_a + kT.pa[pc];
  k.b ^= tal_b + kT.pb[pc];
  return k;
}

uint64_t State::reach_mask() const { return talon_reach_mask(p, n, rules.draw); }

bool State::safe(int card) const {
  const int r = rank_of(card);
  if (r <= 2) return true;
  const int s = suit_of(card);
  if (found[kOther[s][0]] < r - 1 || found[kOther[s][1]] < r - 1) return false;
  return !rules.ret || found[kSameOther[s]] >= r - 2;
}

void State::moves(std::vector<Macro>& out, const Last& last) const {
  const size_t begin = out.size();
  all_moves(out);
  if (last.kind < 0) return;
  size_t w = begin;
  for (size_t r = begin; r < out.size(); ++r)
    if (follows(out[r], last)) out[w++] = out[r];
  out.resize(w);
}

bool State::follows(const Macro& m, const Last& last) const {
  if (last.kind < 0) return true;
  if (last.kind == kEmptied) {
    // A run moved off the bottom of column `card` to column `column`, emptying it. A move that
    // neither fills an empty column nor involves that run could have been made first. Of two
    // runs that empty their columns, the one with the higher first card goes second.
    const int run_at = last.column;
    if (len[last.card]) return true;
    return (m.dest != kFound && !len[m.dest]) || m.dest == run_at ||
           (m.kind == kColumn && m.src == run_at) ||
           (m.kind == kColumn && m.detail == 0 && m.dest != kFound && cols[m.src][0] > last.base);
  }
  const int column = last.column, card = last.card;
  if (!len[column] || cols[column][len[column] - 1] != card) return true;
  // A run that empties its column may follow: after it only moves that fill a column or use
  // the run are tried, so it must not be made to come first.
  if (m.dest == column || (m.kind == kColumn && m.detail == 0 && m.dest != kFound)) return true;
  if (last.kind == kTalon) {
    // With Draw 1 and unlimited passes every talon card is always within reach, so talon moves
    // commute with each other too.
    const bool free_talon = rules.draw == 1 && rules.passes == 0;
    const int twin = kSameOther[suit_of(card)] * 13 + rank_of(card) - 1;
    return (m.kind == kTalon && !free_talon) || m.kind == kReturn ||
           (m.kind == kColumn && m.dest == kFound && cols[m.src][m.detail] == twin);
  }
  // After a return: another card may have to come back before this one is used.
  return m.kind == kReturn;
}

void State::all_moves(std::vector<Macro>& out) const {
  // acc[(rank - 1) * 2 + red]: the columns whose top card accepts a card of that rank and colour.
  uint8_t acc[26] = {};
  int first_empty = -1;
  for (int k = 0; k < kColumns; ++k) {
    if (!len[k]) {
      if (first_empty < 0) first_empty = k;
      continue;
    }
    const int t = cols[k][len[k] - 1];
    if (rank_of(t) >= 2) acc[(rank_of(t) - 2) * 2 + (1 - is_red(t))] |= uint8_t(1 << k);
  }
  auto dests = [&acc](int card) { return acc[(rank_of(card) - 1) * 2 + is_red(card)]; };
  auto home_next = [this](int card) { return found[suit_of(card)] == rank_of(card) - 1; };
  // 1. Column tops to the foundations.
  for (int i = 0; i < kColumns; ++i)
    if (len[i] && home_next(cols[i][len[i] - 1]))
      out.push_back({kColumn, uint8_t(i), uint8_t(len[i] - 1), kFound});
  uint8_t ridx[2 * kMaxPile], rrec[2 * kMaxPile];
  const int nr = reachable(ridx, rrec);
  // 2. Talon cards to the foundations.
  for (int k = 0; k < nr; ++k)
    if (home_next(talon[ridx[k]])) out.push_back({kTalon, ridx[k], rrec[k], kFound});
  // 3. Whole runs (from columns with the most face-down cards first).
  int order[kColumns], no = 0;
  for (int i = 0; i < kColumns; ++i) {
    if (!len[i]) continue;
    int at = no++;
    while (at > 0 && hid[order[at - 1]] < hid[i]) {
      order[at] = order[at - 1];
      --at;
    }
    order[at] = i;
  }
  uint8_t part_col[kColumns * kMaxPile], part_idx[kColumns * kMaxPile];
  int np = 0;
  for (int oi = 0; oi < no; ++oi) {
    const int i = order[oi];
    const int base = run_base(i);
    const int card = cols[i][base];
    // The whole ordered top run moves when that turns a card up, empties the column, or (in a
    // position with out-of-order face-up cards) uncovers a face-up card that could not move.
    if (base > 0 || rank_of(card) != 13) {
      if (rank_of(card) == 13) {
        if (first_empty >= 0)
          out.push_back({kColumn, uint8_t(i), uint8_t(base), uint8_t(first_empty)});
      } else {
        for (unsigned m = dests(card) & ~(1u << i); m; m &= m - 1)
          out.push_back({kColumn, uint8_t(i), uint8_t(base), uint8_t(__builtin_ctz(m))});
      }
    }
    for (int j = base + 1; j < len[i]; ++j)
      if (home_next(cols[i][j - 1])) {
        part_col[np] = uint8_t(i);
        part_idx[np++] = uint8_t(j);
      }
  }
  // 4. Talon cards to the columns (not one that may as well go home).
  for (int k = 0; k < nr; ++k) {
    const int c = talon[ridx[k]];
    if (home_next(c) && safe(c)) continue;
    if (rank_of(c) == 13) {
      if (first_empty >= 0) out.push_back({kTalon, ridx[k], rrec[k], uint8_t(first_empty)});
    } else {
      for (unsigned m = dests(c); m; m &= m - 1)
        out.push_back({kTalon, ridx[k], rrec[k], uint8_t(__builtin_ctz(m))});
    }
  }
  // 5. Part of a run, when the card it uncovers can go home at once.
  for (int q = 0; q < np; ++q) {
    const int i = part_col[q], j = part_idx[q];
    for (unsigned m = dests(cols[i][j]) & ~(1u << i); m; m &= m - 1)
      out.push_back({kColumn, uint8_t(i), uint8_t(j), uint8_t(__builtin_ctz(m))});
  }
  // 6. Cards back from the foundations (not one that would go straight back up). A card may
  // be brought back only to reach the one beneath it, so no more is asked.
  if (rules.ret) {
    for (int s = 0; s < 4; ++s) {
      const int r = found[s];
      if (r < 2) continue;
      const int card = s * 13 + r - 1;
      if (safe(card)) continue;  // it would go straight back up
      const unsigned to = r == 13 ? (first_empty >= 0 ? 1u << first_empty : 0u) : dests(card);
      if (!to) continue;
      for (unsigned m = to; m; m &= m - 1)
        out.push_back({kReturn, uint8_t(s), 0, uint8_t(__builtin_ctz(m))});
    }
  }
}

void State::stock_line(int j, int recycle, std::vector<std::string>& line) const {
  const int d = rules.draw, q = j + 1;
  int pp = p;
  const std::string draw = "s";
  if (recycle) {
    line.insert(line.end(), size_t((n - pp + d - 1) / d), draw);
    line.emplace_back("r");
    pp = 0;
  }
  if (q > pp) line.insert(line.end(), size_t((q - pp + d - 1) / d), draw);
}

Undo State::apply(const Macro& m, std::vector<std::string>* line) {
  Undo u{m.kind, m.src, m.dest, 0, 1, 0, 0, 0};
  if (m.kind == kColumn) {
    const int i = m.src, from = m.detail;
    const int length = len[i] - from;
    const int card = cols[i][from];
    u.card = uint8_t(card);
    u.length = uint8_t(length);
    if (m.dest == kFound) {
      ++found[suit_of(card)];
    } else {
      std::memcpy(&cols[m.dest][len[m.dest]], &cols[i][from], size_t(length));
      len[m.dest] += length;
    }
    len[i] = from;
    if (from && from == hid[i]) {
      --hid[i];
      u.flipped = 1;
    }
    if (line) line->push_back(move_text(card, m.dest));
    return u;
  }
  if (m.kind == kTalon) {
    const int j = m.src;
    const int card = talon[j];
    u.card = uint8_t(card);
    if (line) {
      stock_line(j, m.detail, *line);
      line->push_back(move_text(card, m.dest));
    }
    u.old_p = uint8_t(p);
    u.old_pass = passno;
    std::memmove(&talon[j], &talon[j + 1], size_t(n - j - 1));
    --n;
    p = j;
    if (m.detail) ++passno;
    tal_a ^= kT.ta[card];
    tal_b ^= kT.tb[card];
    if (m.dest == kFound) {
      ++found[suit_of(card)];
    } else {
      cols[m.dest][len[m.dest]++] = uint8_t(card);
    }
    return u;
  }
  const int s = m.src;
  const int card = s * 13 + found[s] - 1;
  u.card = uint8_t(card);
  --found[s];
  cols[m.dest][len[m.dest]++] = uint8_t(card);
  if (line) line->push_back(move_text(card, m.dest));
  return u;
}

void State::undo(const Undo& u) {
  const int card = u.card;
  uint8_t moved[kMaxPile];
  const int length = u.length;
  if (u.dest == kFound) {
    --found[suit_of(card)];
    moved[0] = uint8_t(card);
  } else {
    const int d = u.dest;
    len[d] -= length;
    std::memcpy(moved, &cols[d][len[d]], size_t(length));
  }
  if (u.kind == kColumn) {
    const int i = u.src;
    if (u.flipped) ++hid[i];
    std::memcpy(&cols[i][len[i]], moved, size_t(length));
    len[i] += length;
  } else if (u.kind == kTalon) {
    const int j = u.src;
    std::memmove(&talon[j + 1], &talon[j], size_t(n - j));
    talon[j] = uint8_t(card);
    ++n;
    p = u.old_p;
    passno = u.old_pass;
    tal_a ^= kT.ta[card];
    tal_b ^= kT.tb[card];
  } else {
    ++found[u.src];
  }
}

void State::autoplay(std::vector<Undo>& out, std::vector<std::string>* line) {
  bool progress = true;
  while (progress) {
    progress = false;
    for (int i = 0; i < kColumns; ++i) {
      if (!len[i]) continue;
      const int c = cols[i][len[i] - 1];
      if (found[suit_of(c)] == rank_of(c) - 1 && safe(c)) {
        out.push_back(apply(Macro{kColumn, uint8_t(i), uint8_t(len[i] - 1), kFound}, line));
        progress = true;
      }
    }
    if (rules.draw == 1 && rules.passes == 0) {
      // Every talon card is within reach at any time: taking one out loses nothing.
      uint8_t idx[2 * kMaxPile], rec[2 * kMaxPile];
      const int m = reachable(idx, rec);
      for (int k = 0; k < m; ++k) {
        const int c = talon[idx[k]];
        if (found[suit_of(c)] == rank_of(c) - 1 && safe(c)) {
          out.push_back(apply(Macro{kTalon, idx[k], rec[k], kFound}, line));
          progress = true;
          break;
        }
      }
    }
  }
}

void State::finish(std::vector<std::string>* line) {
  while (!is_won()) {
    bool moved = false;
    for (int i = 0; i < kColumns && !moved; ++i) {
      if (!len[i]) continue;
      const int c = cols[i][len[i] - 1];
      if (found[suit_of(c)] == rank_of(c) - 1) {
        apply(Macro{kColumn, uint8_t(i), uint8_t(len[i] - 1), kFound}, line);
        moved = true;
      }
    }
    if (moved) continue;
    uint8_t idx[2 * kMaxPile], rec[2 * kMaxPile];
    const int m = reachable(idx, rec);
    for (int k = 0; k < m && !moved; ++k) {
      const int c = talon[idx[k]];
      if (found[suit_of(c)] == rank_of(c) - 1) {
        apply(Macro{kTalon, idx[k], rec[k], kFound}, line);
        moved = true;
      }
    }
    if (!moved) throw std::logic_error("finish() on a position that is not trivially won");
  }
}


}  // namespace kosynka::klondike
