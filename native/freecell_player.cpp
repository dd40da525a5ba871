// kosynka's human-like FreeCell player, compiled (see freecell_player.hpp). Each function here
// follows the Python function of the same name in src/kosynka/games/freecell/player.py and
// src/kosynka/games/freecell/rules.py step for step: the order of the moves, of the scores and of
// the random draws is what makes the two play the same games.
#include "freecell_player.hpp"

#include <algorithm>
#include <string>
#include <unordered_set>

namespace kosynka::freecell {

namespace {

using common::fits_on;
using common::rank_of;
using common::suit_of;
inline int red_of(int c) { return common::is_red(c) ? 1 : 0; }
inline int fits_key(int c) { return rank_of(c) * 2 + red_of(c); }
inline int wants_key(int c) { return (rank_of(c) - 1) * 2 + 1 - red_of(c); }

constexpr int kFoundationTo = 8, kCellTo = 9;

struct PMove {
  uint8_t card, to;  // to: 0..7 a column, 8 the foundation, 9 the first empty free cell
};

struct Undo {
  uint8_t zone, src, size, to, card;  // to: a column, 8, or 10 + the cell slot used
};

constexpr uint8_t kInColumn = 0, kInCellZone = 1, kInFoundation = 2;

// The position as FreeCell keeps it (rules.py): columns bottom to top, the free cells by slot
// (-1 empty) and the foundation counts.
struct Board {
  uint8_t col[kColumns][kMaxLen];
  uint8_t len[kColumns];
  int cells[kMaxCells];
  int ncells;
  int found[4];
  bool ret;

  explicit Board(const Position& pos) {
    for (int i = 0; i < kColumns; ++i) {
      len[i] = uint8_t(pos.columns[i].size());
      for (int j = 0; j < len[i]; ++j) col[i][j] = uint8_t(pos.columns[i][j]);
    }
    ncells = int(pos.cells.size());
    for (int k = 0; k < ncells; ++k) cells[k] = pos.cells[k];
    for (int s = 0; s < 4; ++s) found[s] = pos.found[s];
    ret = pos.rules.ret;
  }

  int free_cells() const {
    int n = 0;
    for (int k = 0; k < ncells; ++k) n += cells[k] < 0;
    return n;
  }

  bool won() const { return found[0] + found[1] + found[2] + found[3] == 52; }

  // FreeCell.legal_move_list.
  void legal(std::vector<PMove>& out) const {
    out.clear();
    auto add = [&](int card, int to) { out.push_back(PMove{uint8_t(card), uint8_t(to)}); };
    for (int k = 0; k < ncells; ++k) {
      int c = cells[k];
      if (c >= 0 && found[suit_of(c)] == rank_of(c) - 1) add(c, kFoundationTo);
    }
    for (int i = 0; i < kColumns; ++i) {
      if (len[i]) {
        int top = col[i][len[i] - 1];
        if (found[suit_of(top)] == rank_of(top) - 1) add(top, kFoundationTo);
      }
    }
    int empties[kColumns], n_empty = 0;
    for (int i = 0; i < kColumns; ++i)
      if (!len[i]) empties[n_empty++] = i;
    int free = free_cells();
    int limit = (1 + free) << n_empty;
    int limit_empty = limit >> 1;
    // The columns a card fits on, in column order (the dict of lists in Python).
    auto onto = [&](int card, int skip) {
      int key = fits_key(card);
      for (int k = 0; k < kColumns; ++k)
        if (k != skip && len[k] && wants_key(col[k][len[k] - 1]) == key) add(card, k);
    };
    for (int i = 0; i < kColumns; ++i) {
      int n = len[i];
      if (!n) continue;
      int j = n - 1;
      while (true) {
        int card = col[i][j];
        int size = n - j;
        if (size > limit) break;
        onto(card, i);
        if (size <= limit_empty)
          for (int e = 0; e < n_empty; ++e) add(card, empties[e]);
        if (j == 0 || !fits_on(card, col[i][j - 1])) break;
        --j;
      }
    }
    for (int k = 0; k < ncells; ++k) {
      int c = cells[k];
      if (c >= 0) {
        onto(c, -1);
        for (int e = 0; e < n_empty; ++e) add(c, empties[e]);
      }
    }
    if (free)
      for (int i = 0; i < kColumns; ++i)
        if (len[i]) add(col[i][len[i] - 1], kCellTo);
    if (ret) {
      for (int s = 0; s < 4; ++s) {
        int n = found[s];
        if (n) {
          int c = s * 13 + n - 1;
          onto(c, -1);
          for (int e = 0; e < n_empty; ++e) add(c, empties[e]);
        }
      }
    }
  }

  // FreeCell._apply (the move is legal).
  Undo apply(PMove m) {
    int card = m.card;
    Undo u{};
    u.card = m.card;
    uint8_t run[kMaxLen];
    int size = 1;
    run[0] = m.card;
    if (rank_of(card) <= found[suit_of(card)]) {
      u.zone = kInFoundation;
      u.src = uint8_t(suit_of(card));
      found[u.src] -= 1;
    } else {
      bool in_col = false;
      for (int i = 0; i < kColumns && !in_col; ++i) {
        for (int j = 0; j < len[i]; ++j) {
          if (col[i][j] == card) {
            u.zone = kInColumn;
            u.src = uint8_t(i);
            size = len[i] - j;
            for (int t = 0; t < size; ++t) run[t] = col[i][j + t];
            len[i] = uint8_t(j);
            in_col = true;
            break;
          }
        }
      }
      if (!in_col) {
        u.zone = kInCellZone;
        for (int k = 0; k < ncells; ++k)
          if (cells[k] == card) {
            u.src = uint8_t(k);
            break;
          }
        cells[u.src] = -1;
      }
    }
    u.size = uint8_t(size);
    int to = m.to;
    if (to < kFoundationTo) {
      for (int t = 0; t < size; ++t) col[to][len[to] + t] = run[t];
      len[to] = uint8_t(len[to] + size);
      u.to = uint8_t(to);
    } else if (to == kFoundationTo) {
      found[suit_of(card)] += 1;
      u.to = kFoundationTo;
    } else {
      int slot = 0;
      while (cells[slot] >= 0) ++slot;
      cells[slot] = card;
      u.to = uint8_t(10 + slot);
    }
    return u;
  }

  // FreeCell._unapply.
  void unapply(const Undo& u) {
    uint8_t run[kMaxLen];
    int size = u.size;
    if (u.to < kFoundationTo) {
      len[u.to] = uint8_t(len[u.to] - size);
      for (int t = 0; t < size; ++t) run[t] = col[u.to][len[u.to] + t];
    } else if (u.to == kFoundationTo) {
      found[suit_of(u.card)] -= 1;
      run[0] = u.card;
    } else {
      cells[u.to - 10] = -1;
      run[0] = u.card;
    }
    if (u.zone == kInColumn) {
      for (int t = 0; t < size; ++t) col[u.src][len[u.src] + t] = run[t];
      len[u.src] = uint8_t(len[u.src] + size);
    } else if (u.zone == kInCellZone) {
      cells[u.src] = u.card;
    } else {
      found[u.src] += 1;
    }
  }

  // FreeCell.key: the columns, the free cells' cards sorted, the foundations.
  void key(std::string& out) const {
    out.clear();
    for (int i = 0; i < kColumns; ++i) {
      out.push_back(char(len[i]));
      out.append(reinterpret_cast<const char*>(col[i]), len[i]);
    }
    int sorted[kMaxCells];
    // An insertion sort of at most four cards (the library's sort made GCC warn of an index
    // past the array).
    for (int k = 0; k < ncells; ++k) {
      int j = k;
      for (; j > 0 && sorted[j - 1] > cells[k]; --j) sorted[j] = sorted[j - 1];
      sorted[j] = cells[k];
    }
    for (int k = 0; k < ncells; ++k) out.push_back(char(sorted[k] + 1));
    for (int s = 0; s < 4; ++s) out.push_back(char(found[s]));
  }
};

struct Player {
  const PlayerWeights& w;
  std::vector<std::vector<PMove>> lists;  // a move list per depth (rank, look ahead)
  std::string buf;

  explicit Player(const PlayerWeights& weights) : w(weights), lists(2) {}

  // player._column_terms.
  int column_terms(const uint8_t* c, int n) const {
    int penalty = 0, low = 99;
    for (int j = 0; j < n; ++j) {
      int r = rank_of(c[j]);
      if (r > low)
        penalty += w.blocker;
      else
        low = r;
    }
    int run = 1, j = n - 1;
    while (j > 0 && fits_on(c[j], c[j - 1])) {
      ++run;
      --j;
    }
    return w.run * run - penalty;
  }

  // player.score_position.
  int score(const Board& b) const {
    int s = w.home * (b.found[0] + b.found[1] + b.found[2] + b.found[3]);
    int empty = 0;
    for (int i = 0; i < kColumns; ++i) {
      if (b.len[i])
        s += column_terms(b.col[i], b.len[i]);
      else
        ++empty;
    }
    for (int su = 0; su < 4; ++su) {
      int n = b.found[su];
      if (n < 13) {
        int card = su * 13 + n;
        bool done = false;
        for (int i = 0; i < kColumns && !done; ++i) {
          for (int j = 0; j < b.len[i]; ++j) {
            if (b.col[i][j] == card) {
              s -= w.depth * (b.len[i] - 1 - j);
              done = true;
              break;
            }
          }
        }
      }
    }
    int free = b.free_cells();
    return s + w.free_cell * free + w.empty_column * empty + w.room * free * empty;
  }

  // player.is_safe_home.
  static bool safe_home(int card, const int* found) {
    int r = rank_of(card);
    if (r <= 2) return true;
    int s = suit_of(card);
    int a = (s == 0 || s == 3) ? 1 : 0, c = (s == 0 || s == 3) ? 2 : 3;
    return found[a] >= r - 1 && found[c] >= r - 1;
  }

  // player._pointless.
  static bool pointless(const Board& b, PMove m) {
    if (m.to >= kFoundationTo || b.len[m.to]) return false;
    for (int i = 0; i < kColumns; ++i)
      if (b.len[i] && b.col[i][0] == m.card) return true;
    return false;
  }

  // player._from_foundation.
  static bool from_foundation(const Board& b, PMove m) {
    return b.found[suit_of(m.card)] >= rank_of(m.card);
  }

  // player._best_next.
  double best_next(Board& b, double floor) {
    double best = floor;
    std::vector<PMove>& moves = lists[1];
    b.legal(moves);
    for (PMove m : moves) {
      Undo u = b.apply(m);
      double s = score(b);
      b.unapply(u);
      if (s > best) best = s;
    }
    return best;
  }

  struct Scored {
    double score;
    int index;
    PMove move;
  };

  // player.rank_moves: every legal move not leading into `avoid`, with its score, best first.
  std::vector<Scored> rank_moves(Board& b, const std::unordered_set<std::string>& avoid) {
    std::vector<Scored> scored;
    bool last_cell = b.free_cells() == 1;
    std::vector<PMove>& moves = lists[0];
    b.legal(moves);
    bool returns = w.returns;
    if (!returns) {
      returns = true;
      for (PMove m : moves)
        if (!from_foundation(b, m)) {
          returns = false;
          break;
        }
    }
    for (int i = 0; i < int(moves.size()); ++i) {
      PMove m = moves[i];
      if (pointless(b, m) || (!returns && from_foundation(b, m))) continue;
      Undo u = b.apply(m);
      b.key(buf);
      if (avoid.count(buf)) {
        b.unapply(u);
        continue;
      }
      if (m.to == kFoundationTo && safe_home(m.card, b.found)) {
        b.unapply(u);
        scored.push_back(Scored{kSafeHome, i, m});
        continue;
      }
      double here = score(b);
      b.unapply(u);
      if (m.to == kCellTo && last_cell) here -= w.last_cell;
      scored.push_back(Scored{here, i, m});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& x, const Scored& y) {
      return x.score != y.score ? x.score > y.score : x.index < y.index;
    });
    for (int k = 0; k < int(scored.size()); ++k) {
      double here = scored[k].score;
      if (k < w.look_at && here < kSafeHome) {
        Undo u = b.apply(scored[k].move);
        double ahead = best_next(b, here);
        b.unapply(u);
        scored[k].score = here + w.lookahead * (ahead - here);
      }
    }
    std::stable_sort(scored.begin(), scored.end(),
                     [](const Scored& x, const Scored& y) { return x.score > y.score; });
    return scored;
  }

  static constexpr double kSafeHome = 1e9;
};

}  // namespace

PlayOutcome play_game(const Position& pos, const PlayerWeights& weights, uint64_t seed,
                      int max_moves) {
  Board b(pos);
  Player player(weights);
  PyRandom rng(seed);
  std::unordered_set<std::string> seen;
  std::string k;
  b.key(k);
  seen.insert(k);
  PlayOutcome out;
  while (int(out.line.size()) < max_moves && !b.won()) {
    std::vector<Player::Scored> ranked = player.rank_moves(b, seen);
    if (ranked.empty()) {
      out.stuck = true;
      break;
    }
    double top = ranked[0].score;
    int ties = 0;
    while (ties < int(ranked.size()) && ranked[ties].score == top) ++ties;
    PMove m = ties == 1 ? ranked[0].move : ranked[rng.below(uint32_t(ties))].move;
    b.apply(m);
    b.key(k);
    seen.insert(k);
    out.line.push_back(m.card * 16 + m.to);
  }
  out.won = b.won();
  out.moves = int(out.line.size());
  out.foundation = b.found[0] + b.found[1] + b.found[2] + b.found[3];
  return out;
}

}  // namespace kosynka::freecell
