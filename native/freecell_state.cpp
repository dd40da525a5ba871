// kosynka's FreeCell core, the position (see freecell_state.hpp and bench/solver_freecell.md).
#include "freecell_state.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace kosynka::freecell {

namespace {

using common::fits_on;
using common::kRankText;
using common::kSuitText;
using common::rank_of;
using common::suit_of;
using common::is_red;
using common::kOtherColour;
using common::kTwinSuit;

// Zobrist tables: one 64-bit word per (card, what it lies on), twice (128-bit keys).
struct Zobrist {
  uint64_t a[52][kParents], b[52][kParents];
  Zobrist() {
    uint64_t s = 0x6b6f73796e6b6131ULL;  // fixed: keys are the same from run to run
    common::fill_random(s, a, b);
  }
};
const Zobrist kZ;

// The tableau's fit, as tables: whether card a may lie on card b (common::fits_on), and for the
// table of which columns accept a card (State::moves) the index of a card's wish (its rank and
// colour) and of what a column's top card offers (one rank lower, the other colour).
struct Fits {
  bool on[52][52];
  uint8_t wish[52], offer[52];
  constexpr Fits() : on(), wish(), offer() {
    for (int a = 0; a < 52; ++a) {
      for (int b = 0; b < 52; ++b) on[a][b] = common::kCards.rank[b] == common::kCards.rank[a] + 1 &&
                                               common::kCards.red[b] != common::kCards.red[a];
      wish[a] = uint8_t(2 * common::kCards.rank[a] + common::kCards.red[a]);
      offer[a] = uint8_t(2 * (common::kCards.rank[a] - 1) + !common::kCards.red[a]);
    }
  }
};
constexpr Fits kFits{};
inline bool fits(int card, int target) { return kFits.on[card][target]; }

}  // namespace

std::string code_text(int code) {
  const int card = code >> 4, to = code & 15;
  std::string s;
  s += kRankText[card % 13];
  s += kSuitText[card / 13];
  s += '>';
  if (to == kToFoundation)
    s += 'f';
  else if (to == kToCell)
    s += 'c';
  else
    s += char('1' + to);
  return s;
}

Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
                       const std::vector<int>& found, bool ret) {
  Position pos;
  pos.columns = columns;
  pos.cells = cells;
  if (found.size() != 4) throw std::invalid_argument("four foundation counts (C, D, H, S)");
  for (int s = 0; s < 4; ++s) pos.found[s] = found[s];
  pos.rules = Rules{int(cells.size()), ret};
  return pos;
}

State::State(const Position& pos) : rules(pos.rules) {
  if (rules.cells < 0 || rules.cells > kMaxCells) throw std::invalid_argument("cells must be 0..4");
  if (pos.columns.size() != kColumns) throw std::invalid_argument("FreeCell has 8 columns");
  if ((int)pos.cells.size() != rules.cells)
    throw std::invalid_argument("one entry per free cell of the rules");
  int seen[52] = {0};
  std::memset(parent, kHome, sizeof parent);
  for (int s = 0; s < 4; ++s) {
    if (pos.found[s] < 0 || pos.found[s] > 13) throw std::invalid_argument("foundation 0..13");
    found[s] = uint8_t(pos.found[s]);
    for (int r = 0; r < found[s]; ++r) ++seen[s * 13 + r];
  }
  for (int i = 0; i < kColumns; ++i) {
    const auto& col = pos.columns[i];
    if (col.size() > kMaxLen) throw std::invalid_argument("a column holds at most 52 cards");
    len[i] = uint8_t(col.size());
    for (size_t j = 0; j < col.size(); ++j) {
      const int c = col[j];
      if (c < 0 || c >= 52) throw std::invalid_argument("card index out of range");
      ++seen[c];
      cols[i][j] = uint8_t(c);
      parent[c] = j == 0 ? kBottom : uint8_t(col[j - 1]);
    }
  }
  for (int k = 0; k < kMaxCells; ++k) cell[k] = kNone;
  for (int k = 0; k < rules.cells; ++k) {
    const int c = pos.cells[k];
    if (c < -1 || c >= 52) throw std::invalid_argument("card index out of range");
    if (c >= 0) {
      ++seen[c];
      cell[k] = uint8_t(c);
      parent[c] = kInCell;
    }
  }
  for (int c = 0; c < 52; ++c)
    if (seen[c] != 1) throw std::invalid_argument("a position holds each of the 52 cards once");
  free_cells = 0;
  for (int k = 0; k < rules.cells; ++k) free_cells += cell[k] == kNone;
  empty_cols = 0;
  for (int i = 0; i < kColumns; ++i) empty_cols += len[i] == 0;
  for (int i = 0; i < kColumns; ++i) run_[i] = uint8_t(scan_run(i));
  home = found[0] + found[1] + found[2] + found[3];
  ha = hb = 0;
  for (int c = 0; c < 52; ++c) {
    ha ^= kZ.a[c][parent[c]];
    hb ^= kZ.b[c][parent[c]];
  }
}

void State::set_parent(int card, uint8_t p) {
  ha ^= kZ.a[card][parent[card]] ^ kZ.a[card][p];
  hb ^= kZ.b[card][parent[card]] ^ kZ.b[card][p];
  parent[card] = p;
}

int State::scan_run(int i) const {
  const int n0 = len[i];
  if (!n0) return 0;
  int n = 1;
  while (n < n0 && fits(cols[i][n0 - n], cols[i][n0 - n - 1])) ++n;
  return n;
}

int State::first_free_cell() const {
  for (int k = 0; k < rules.cells; ++k)
    if (cell[k] == kNone) return k;
  return -1;
}

int State::first_empty_col() const {
  for (int i = 0; i < kColumns; ++i)
    if (!len[i]) return i;
  return -1;
}

bool State::safe_home(int card) const {
  const int r = rank_of(card), s = suit_of(card);
  if (r <= 2) return true;
  if (found[kOtherColour[s][0]] < r - 1 || found[kOtherColour[s][1]] < r - 1) return false;
  // With foundation return, the cards of the same colour two ranks lower must be home too.
  return !returns() || found[kTwinSuit[s]] >= r - 2;
}

// The moves, in generation order: (1) cards home that are not safe (safe ones went already);
// (2) a column's top run, or the part of it that fits, onto another column's top card;
// (3) the top cards of a column's run into an empty column (every size that may move, smallest
// first, never a whole column: that changes nothing); (4) a free cell's card onto a column's top
// card, then into an empty column; (5) a column's top card to a free cell; (6) with foundation
// return, a foundation's top card onto a column's top card, then into an empty column, unless it
// is safe to send home (it would go straight back). Empty columns and free cells are all alike to
// the position key, so only the first empty one is a destination.
int State::moves(Move* out) const {
  int k_out = 0;
  const int fc = first_free_cell(), ec = first_empty_col();
  const int limit = (1 + free_cells) << empty_cols;
  const int limit_empty = empty_cols ? (1 + free_cells) << (empty_cols - 1) : 0;
  const uint64_t next = wants();
  // 1. Home.
  for (int k = 0; k < rules.cells; ++k) {
    const int c = cell[k];
    if (c != kNone && (next >> c & 1))
      out[k_out++] = Move{kCellHome, uint8_t(k), uint8_t(suit_of(c)), 1};
  }
  // Then each column's top card home, in the same pass as its top card's rank and, per rank and
  // colour, the columns whose top card a card of that rank and colour fits on.
  int run[kColumns], top_rank[kColumns];
  uint8_t accepts[28] = {};
  for (int i = 0; i < kColumns; ++i) {
    const int n0 = len[i];
    if (!n0) {
      run[i] = 0;
      top_rank[i] = 99;
      continue;
    }
    const uint8_t* col = cols[i];
    const int c = col[n0 - 1];
    if (next >> c & 1)
      out[k_out++] = Move{kColHome, uint8_t(i), uint8_t(suit_of(c)), 1};
    run[i] = run_[i];
    top_rank[i] = rank_of(c);
    accepts[kFits.offer[c]] |= uint8_t(1u << i);
  }
  auto fitting = [&accepts](int card) -> unsigned { return accepts[kFits.wish[card]]; };
  // 2. Column to column: the card of the source's run one rank below the target's top card,
  // when its colour differs (colours alternate down a run). The targets are those that accept
  // one of the run's top `most` cards, in column order; a target's top rank tells which card.
  for (int i = 0; i < kColumns; ++i) {
    if (!len[i]) continue;
    const int most = std::min(run[i], limit);
    unsigned targets = 0;
    for (int n = 1; n <= most; ++n) targets |= fitting(cols[i][len[i] - n]);
    for (unsigned mask = targets & ~(1u << i); mask; mask &= mask - 1) {
      const int j = __builtin_ctz(mask);
      const int n = top_rank[j] - top_rank[i];  // cards from the top of the run down to it
      out[k_out++] = Move{kColCol, uint8_t(i), uint8_t(j), uint8_t(n)};
    }
  }
  // 3. Column to an empty column.
  if (ec >= 0) {
    for (int i = 0; i < kColumns; ++i) {
      if (!len[i]) continue;
      for (int n = 1; n <= run[i] && n <= limit_empty && n < len[i]; ++n)
        out[k_out++] = Move{kColCol, uint8_t(i), uint8_t(ec), uint8_t(n)};
    }
  }
  // 4. Free cells to columns.
  for (int k = 0; k < rules.cells; ++k) {
    const int c = cell[k];
    if (c == kNone) continue;
    for (unsigned mask = fitting(c); mask; mask &= mask - 1)
      out[k_out++] = Move{kCellCol, uint8_t(k), uint8_t(__builtin_ctz(mask)), 1};
    if (ec >= 0) out[k_out++] = Move{kCellCol, uint8_t(k), uint8_t(ec), 1};
  }
  // 5. Column tops to a free cell.
  if (fc >= 0 && to_cell)
    for (int i = 0; i < kColumns; ++i)
      if (len[i]) out[k_out++] = Move{kColCell, uint8_t(i), uint8_t(fc), 1};
  // 6. Foundation tops back to columns.
  if (returns()) {
    for (int s = 0; s < 4; ++s) {
      if (!found[s]) continue;
      const int c = s * 13 + found[s] - 1;
      if (safe_home(c)) continue;
      for (unsigned mask = fitting(c); mask; mask &= mask - 1)
        out[k_out++] = Move{kHomeCol, uint8_t(s), uint8_t(__builtin_ctz(mask)), 1};
      if (ec >= 0) out[k_out++] = Move{kHomeCol, uint8_t(s), uint8_t(ec), 1};
    }
  }
  // 7. Digging: park the cards above a card in free cells and send it home, or put it on a
  // column's top card (when it does not lie on a card it fits on already).
  if (free_cells && digging) {
    for (int i = 0; i < kColumns; ++i) {
      const int n0 = len[i];
      for (int k = 1; k <= free_cells && k < n0; ++k) {
        const int c = cols[i][n0 - 1 - k];
        if (next >> c & 1) {
          out[k_out++] = Move{kDigHome, uint8_t(i), uint8_t(suit_of(c)), uint8_t(k)};
          continue;
        }
        if (n0 - 1 - k > 0 && fits(c, cols[i][n0 - 2 - k])) continue;
        for (unsigned mask = fitting(c) & ~(1u << i); mask; mask &= mask - 1)
          out[k_out++] = Move{kDigCol, uint8_t(i), uint8_t(__builtin_ctz(mask)), uint8_t(k)};
      }
    }
  }
  return k_out;
}

void State::moves(std::vector<Move>& out) const {
  Move buf[kMaxMoves];
  out.assign(buf, buf + moves(buf));
}

int State::apply(const Move& m) {
  switch (m.kind) {
    case kColCol: {
      const int i = m.src, j = m.dst, n = m.count;
      const int from = len[i] - n;
      const int base = cols[i][from];
      set_parent(base, len[j] ? cols[j][len[j] - 1] : kBottom);
      if (!len[j]) --empty_cols;
      std::memcpy(&cols[j][len[j]], &cols[i][from], n);
      len[j] = uint8_t(len[j] + n);
      len[i] = uint8_t(from);
      if (!from) ++empty_cols;
      pushed(j, n);
      popped(i, n);
      return base * 16 + j;
    }
    case kColCell: {
      const int i = m.src;
      const int c = cols[i][--len[i]];
      if (!len[i]) ++empty_cols;
      popped(i, 1);
      cell[m.dst] = uint8_t(c);
      --free_cells;
      set_parent(c, kInCell);
      return c * 16 + kToCell;
    }
    case kCellCol: {
      const int c = cell[m.src], j = m.dst;
      cell[m.src] = kNone;
      ++free_cells;
      set_parent(c, len[j] ? cols[j][len[j] - 1] : kBottom);
      if (!len[j]) --empty_cols;
      cols[j][len[j]++] = uint8_t(c);
      pushed(j, 1);
      return c * 16 + j;
    }
    case kColHome: {
      const int i = m.src;
      const int c = cols[i][--len[i]];
      if (!len[i]) ++empty_cols;
      popped(i, 1);
      ++found[m.dst];
      ++home;
      set_parent(c, kHome);
      return c * 16 + kToFoundation;
    }
    case kCellHome: {
      const int c = cell[m.src];
      cell[m.src] = kNone;
      ++free_cells;
      ++found[m.dst];
      ++home;
      set_parent(c, kHome);
      return c * 16 + kToFoundation;
    }
    default: {  // kHomeCol
      const int s = m.src, j = m.dst;
      const int c = s * 13 + found[s] - 1;
      --found[s];
      --home;
      set_parent(c, len[j] ? cols[j][len[j] - 1] : kBottom);
      if (!len[j]) --empty_cols;
      cols[j][len[j]++] = uint8_t(c);
      pushed(j, 1);
      return c * 16 + j;
    }
  }
}

void State::undo(const Move& m) {
  switch (m.kind) {
    case kColCol: {
      const int i = m.src, j = m.dst, n = m.count;
      const int from = len[j] - n;
      const int base = cols[j][from];
      if (!len[i]) --empty_cols;
      set_parent(base, len[i] ? cols[i][len[i] - 1] : kBottom);
      std::memcpy(&cols[i][len[i]], &cols[j][from], n);
      len[i] = uint8_t(len[i] + n);
      len[j] = uint8_t(from);
      if (!from) ++empty_cols;
      pushed(i, n);
      popped(j, n);
      return;
    }
    case kColCell: {
      const int c = cell[m.dst], i = m.src;
      cell[m.dst] = kNone;
      ++free_cells;
      if (!len[i]) --empty_cols;
      set_parent(c, len[i] ? cols[i][len[i] - 1] : kBottom);
      cols[i][len[i]++] = uint8_t(c);
      pushed(i, 1);
      return;
    }
    case kCellCol: {
      const int j = m.dst;
      const int c = cols[j][--len[j]];
      if (!len[j]) ++empty_cols;
      popped(j, 1);
      cell[m.src] = uint8_t(c);
      --free_cells;
      set_parent(c, kInCell);
      return;
    }
    case kColHome: {
      const int s = m.dst, i = m.src;
      const int c = s * 13 + found[s] - 1;
      --found[s];
      --home;
      if (!len[i]) --empty_cols;
      set_parent(c, len[i] ? cols[i][len[i] - 1] : kBottom);
      cols[i][len[i]++] = uint8_t(c);
      pushed(i, 1);
      return;
    }
    case kCellHome: {
      const int s = m.dst;
      const int c = s * 13 + found[s] - 1;
      --found[s];
      --home;
      cell[m.src] = uint8_t(c);
      --free_cells;
      set_parent(c, kInCell);
      return;
    }
    default: {  // kHomeCol
      const int j = m.dst;
      const int c = cols[j][--len[j]];
      if (!len[j]) ++empty_cols;
      popped(j, 1);
      ++found[m.src];
      ++home;
      set_parent(c, kHome);
      return;
    }
  }
}

bool State::child_key(const Move& m, Key& out) const {
  int card;
  int on;  // the destination column, or -1 for a free cell
  switch (m.kind) {
    case kColCol:
    case kColCell: {
      const int i = m.src, from = len[i] - (m.kind == kColCol ? m.count : 1);
      if (from > 0) {  // the card uncovered: would autoplay() send it home?
        const int c = cols[i][from - 1];
        if (found[suit_of(c)] == rank_of(c) - 1 && safe_home(c)) return false;
      }
      card = cols[i][from];
      on = m.kind == kColCol ? m.dst : -1;
      break;
    }
    case kCellCol:
      card = cell[m.src];
      on = m.dst;
      break;
    case kHomeCol:
      card = m.src * 13 + found[m.src] - 1;
      on = m.dst;
      break;
    default:  // a move home, or a digging move
      return false;
  }
  const int to = on < 0 ? kInCell : len[on] ? cols[on][len[on] - 1] : kBottom;
  const int from = parent[card];
  out = Key{ha ^ kZ.a[card][from] ^ kZ.a[card][to], hb ^ kZ.b[card][from] ^ kZ.b[card][to]};
  return true;
}

void State::play(const Move& m, std::vector<Move>& made, std::vector<int>* codes,
                 std::vector<Move>* steps) {
  auto one = [&](const Move& x) {
    const int code = apply(x);
    made.push_back(x);
    if (codes) codes->push_back(code);
    if (steps) steps->push_back(x);
    autoplay(made, codes, &x);
  };
  if (m.kind < kDigHome) {
    one(m);
    return;
  }
  const int i = m.src;
  const int c = cols[i][len[i] - 1 - m.count];
  while (parent[c] != kHome && cols[i][len[i] - 1] != c)
    one(Move{kColCell, uint8_t(i), uint8_t(first_free_cell()), 1});
  if (parent[c] == kHome) return;
  if (m.kind == kDigHome) {
    one(Move{kColHome, uint8_t(i), uint8_t(suit_of(c)), 1});
  } else if (len[m.dst] && fits_on(c, cols[m.dst][len[m.dst] - 1])) {
    one(Move{kColCol, uint8_t(i), m.dst, 1});
  }
}

void State::autoplay(std::vector<Move>& made, std::vector<int>* codes, const Move* after) {
  if (after != nullptr && after->kind != kColHome && after->kind != kCellHome) {
    // Only a home move can make other cards safe; otherwise only the card a move from a column
    // uncovered can be new (the full pass below would find it first, so the order is the same).
    if (after->kind != kColCol && after->kind != kColCell) return;
    const int i = after->src;
    if (!len[i]) return;
    const int c = cols[i][len[i] - 1];
    if (found[suit_of(c)] != rank_of(c) - 1 || !safe_home(c)) return;
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (int k = 0; k < rules.cells; ++k) {
      const int c = cell[k];
      if (c != kNone && found[suit_of(c)] == rank_of(c) - 1 && safe_home(c)) {
        const Move m{kCellHome, uint8_t(k), uint8_t(suit_of(c)), 1};
        const int code = apply(m);
        made.push_back(m);
        if (codes) codes->push_back(code);
        changed = true;
      }
    }
    for (int i = 0; i < kColumns; ++i) {
      while (len[i]) {
        const int c = cols[i][len[i] - 1];
        if (found[suit_of(c)] != rank_of(c) - 1 || !safe_home(c)) break;
        const Move m{kColHome, uint8_t(i), uint8_t(suit_of(c)), 1};
        const int code = apply(m);
        made.push_back(m);
        if (codes) codes->push_back(code);
        changed = true;
      }
    }
  }
}

// The figures: 0 cards home, 1 empty free cells, 2 empty columns, 3 their product, 4 cards lying
// above a lower card of their column, 5 cards in the ordered runs on the columns' tops, 6 cards
// above the next card of each foundation, 7 cards above a lower card of their own suit, 8 cards
// above the card after the next of each foundation, 9 cards that do not fit on the card beneath
// them, 10 the lowest foundation, 11 the highest foundation less the lowest.
template <bool All>
void State::figures(int* f) const {
  for (int k = 0; k < kFeatures; ++k) f[k] = 0;
  const uint64_t next = wants();
  [[maybe_unused]] const uint64_t after = All ? wants(2) : 0;
  f[0] = home;
  f[1] = free_cells;
  f[2] = empty_cols;
  f[3] = free_cells * empty_cols;
  for (int i = 0; i < kColumns; ++i) {
    const int n = len[i];
    if (!n) continue;
    int low = 99;
    [[maybe_unused]] int slow[4] = {99, 99, 99, 99};
    for (int j = 0; j < n; ++j) {
      const int c = cols[i][j];
      const int r = rank_of(c), s = suit_of(c);
      if (r > low)
        ++f[4];
      else
        low = r;
      if constexpr (All) {
        if (r > slow[s])
          ++f[7];
        else
          slow[s] = r;
        if (j && !fits(c, cols[i][j - 1])) ++f[9];
      }
      if (next >> c & 1) f[6] += n - 1 - j;
      if constexpr (All) {
        if (after >> c & 1) f[8] += n - 1 - j;
      }
    }
    f[5] += run_[i];
  }
  int lo = 13, hi = 0;
  for (int s = 0; s < 4; ++s) {
    lo = std::min(lo, int(found[s]));
    hi = std::max(hi, int(found[s]));
  }
  f[10] = lo;
  f[11] = hi - lo;
}

void State::features(int* f) const { figures<true>(f); }

int State::score(const std::array<int, kFeatures>& w) const {
  int f[kFeatures];
  if (w[7] || w[8] || w[9]) {
    features(f);
  } else {
    figures<false>(f);  // the score weighs none of 7, 8 and 9
  }
  int sc = 0;
  for (int k = 0; k < kFeatures; ++k) sc += w[k] * f[k];
  return sc;
}

// How promising a move looks before it is made (higher first): cards home; a free cell's card
// onto a column; a run onto a card it did not lie on (more when it empties its column or
// uncovers a card its foundation wants); into an empty column; a column's top card to a free
// cell; a card back from its foundation last.
int State::priority(const Move& m) const {
  auto uncovered = [this](int i, int n) -> int { return len[i] > n ? cols[i][len[i] - n - 1] : -1; };
  auto wanted = [this](int c) { return c >= 0 && found[suit_of(c)] == rank_of(c) - 1; };
  switch (m.kind) {
    case kColHome:
    case kCellHome:
      return kTopPriority;
    case kCellCol:
      return len[m.dst] ? 800 : 250;
    case kColCol: {
      const int i = m.src, n = m.count;
      const int under = uncovered(i, n);
      const bool split = under >= 0 && fits(cols[i][len[i] - n], under);
      int p;
      if (!len[m.dst])
        p = split ? 150 : 300;
      else
        p = split ? 200 : 700;
      if (under < 0) p += 100;
      if (wanted(under)) p += 150;
      return p;
    }
    case kColCell: {
      const int under = uncovered(m.src, 1);
      return 100 + (wanted(under) ? 150 : 0) + (under < 0 ? 50 : 0);
    }
    case kDigHome:
      return 900 - 10 * m.count;
    case kDigCol:
      return 600 - 10 * m.count;
    default:
      return 50;
  }
}


void State::store(Node& n) const {
  int k = 0;
  for (int i = 0; i < kColumns; ++i) {
    std::memcpy(n.cards + k, cols[i], len[i]);
    k += len[i];
  }
  std::memcpy(n.len, len, kColumns);
  std::memcpy(n.run, run_, kColumns);
  std::memcpy(n.cell, cell, kMaxCells);
  std::memcpy(n.found, found, 4);
  std::memcpy(n.parent, parent, 52);
  n.ha = ha;
  n.hb = hb;
}

void State::load(const Node& n) {
  int k = 0;
  empty_cols = 0;
  std::memcpy(len, n.len, kColumns);
  for (int i = 0; i < kColumns; ++i) {
    std::memcpy(cols[i], n.cards + k, len[i]);
    k += len[i];
    empty_cols += !len[i];
  }
  std::memcpy(run_, n.run, kColumns);
  std::memcpy(cell, n.cell, kMaxCells);
  free_cells = 0;
  for (int c = 0; c < rules.cells; ++c) free_cells += cell[c] == kNone;
  std::memcpy(found, n.found, 4);
  home = found[0] + found[1] + found[2] + found[3];
  std::memcpy(parent, n.parent, 52);
  ha = n.ha;
  hb = n.hb;
}

}  // namespace kosynka::freecell
