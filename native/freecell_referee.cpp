// The FreeCell referee: the rules of FreeCell written once more, apart from the search, to
// check the search's winning lines in batch runs (kosynka solve --deals).
//
// It shares nothing with the search (freecell_state.*, freecell_search.*, common.hpp): its own
// board, its own card arithmetic, its own move check. A line is given as the engine's move codes
// (card * 16 + destination: 0-7 a column, 8 the card's foundation, 9 the first empty free
// cell), from a position given as columns bottom to top, free cells (-1 for an empty one; as
// many as the rules have) and foundation counts (clubs, diamonds, hearts, spades). Card index
// suit * 13 + rank - 1; diamonds and hearts are red.
//
// The rules: a card moves from the top of a column, from a free cell, or (with foundation
// return) from the top of its foundation to a column. An ordered run (each card one rank
// below the card under it and of the other colour) moves from a column onto a column whose top
// is one rank above the run's first card and of the other colour, or into an empty column, if
// it is no longer than (1 + empty free cells) * 2^(empty columns), the destination not counted
// among the empty columns. One card goes to an empty free cell (the first one) or home on the
// card below it of its suit. Nothing moves to where it is already. The tests hold this file to
// the Python rules engine move for move.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <array>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "freecell_referee.hpp"

namespace nb = nanobind;

namespace kosynka::freecell_referee {

constexpr int kColumns = 8;
constexpr int kHome = 8;
constexpr int kCell = 9;

int rank_of(int card) { return card % 13 + 1; }
int suit_of(int card) { return card / 13; }
bool is_red(int card) {
  int s = suit_of(card);
  return s == 1 || s == 2;
}
// True when `upper` may lie on `lower` in a column.
bool goes_on(int upper, int lower) {
  return rank_of(lower) == rank_of(upper) + 1 && is_red(lower) != is_red(upper);
}

struct Board {
  std::array<std::vector<int>, kColumns> columns;
  std::vector<int> cells;  // -1: empty
  std::array<int, 4> home{};
  bool cards_back = false;

  int empty_cells() const {
    int n = 0;
    for (int c : cells) n += c < 0;
    return n;
  }
  int empty_columns() const {
    int n = 0;
    for (const auto& col : columns) n += col.empty();
    return n;
  }
  bool won() const { return home[0] + home[1] + home[2] + home[3] == 52; }
};

// Why a move is refused, or nullptr when it is legal; makes the move when it is legal.
const char* play(Board& b, int code) {
  if (code < 0) return "a negative move code";
  const int card = code >> 4;
  const int to = code & 15;
  if (card >= 52 || to > kCell) return "a move code that names no card or place";
  // Find the card.
  int column = -1, depth = -1, cell = -1;
  bool on_home = false;
  for (int i = 0; i < kColumns && column < 0; ++i) {
    const auto& col = b.columns[i];
    for (size_t j = 0; j < col.size(); ++j) {
      if (col[j] == card) {
        column = i;
        depth = int(j);
        break;
      }
    }
  }
  if (column < 0) {
    for (size_t k = 0; k < b.cells.size(); ++k) {
      if (b.cells[k] == card) cell = int(k);
    }
  }
  if (column < 0 && cell < 0) {
    if (rank_of(card) <= b.home[suit_of(card)]) {
      on_home = true;
    } else {
      return "the card is nowhere";
    }
  }
  // What moves: the card and every card on it.
  int size = 1;
  if (on_home) {
    if (b.home[suit_of(card)] != rank_of(card)) return "the card is under another on its foundation";
    if (to == kHome) return "the card is home already";
    if (!b.cards_back) return "cards may not come back from the foundations";
    if (to == kCell) return "a foundation card goes only to a column";
  } else if (cell >= 0) {
    if (to == kCell) return "the card is in a free cell already";
  } else {
    if (to == column) return "the card is in that column already";
    const auto& col = b.columns[column];
    size = int(col.size()) - depth;
    for (int j = depth; j + 1 < int(col.size()); ++j) {
      if (!goes_on(col[j + 1], col[j])) return "the cards on it are not an ordered run";
    }
    if (size > 1 && to == kCell) return "a free cell holds one card";
    if (size > 1 && to == kHome) return "one card at a time goes home";
  }
  // Where it goes.
  if (to == kCell) {
    if (b.empty_cells() == 0) return "no free cell is empty";
  } else if (to == kHome) {
    if (b.home[suit_of(card)] != rank_of(card) - 1) return "the foundation wants another card";
  } else {
    const auto& dest = b.columns[to];
    if (!dest.empty() && !goes_on(card, dest.back())) return "the card does not go on that column";
    if (size > 1) {
      int empties = b.empty_columns() - (dest.empty() ? 1 : 0);
      long long room = (1LL + b.empty_cells()) << empties;
      if (size > room) return "too many cards for the free cells and empty columns";
    }
  }
  // Make the move.
  std::vector<int> moving;
  if (on_home) {
    b.home[suit_of(card)] -= 1;
    moving.push_back(card);
  } else if (cell >= 0) {
    b.cells[cell] = -1;
    moving.push_back(card);
  } else {
    auto& col = b.columns[column];
    moving.assign(col.begin() + depth, col.end());
    col.resize(depth);
  }
  if (to == kHome) {
    b.home[suit_of(card)] += 1;
  } else if (to == kCell) {
    for (auto& c : b.cells) {
      if (c < 0) {
        c = card;
        break;
      }
    }
  } else {
    auto& dest = b.columns[to];
    dest.insert(dest.end(), moving.begin(), moving.end());
  }
  return nullptr;
}

Board make_board(const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
                 const std::vector<int>& home, bool cards_back) {
  if (columns.size() != kColumns) throw std::invalid_argument("eight columns");
  if (cells.size() > 4) throw std::invalid_argument("at most four free cells");
  if (home.size() != 4) throw std::invalid_argument("four foundation counts (C, D, H, S)");
  Board b;
  std::array<int, 52> seen{};
  for (int s = 0; s < 4; ++s) {
    if (home[s] < 0 || home[s] > 13) throw std::invalid_argument("a foundation count not in 0-13");
    b.home[s] = home[s];
    for (int r = 0; r < home[s]; ++r) seen[s * 13 + r] += 1;
  }
  for (int i = 0; i < kColumns; ++i) {
    for (int c : columns[i]) {
      if (c < 0 || c >= 52) throw std::invalid_argument("a card index not in 0-51");
      seen[c] += 1;
    }
    b.columns[i] = columns[i];
  }
  for (int c : cells) {
    if (c >= 52) throw std::invalid_argument("a card index not in 0-51");
    if (c >= 0) seen[c] += 1;
  }
  for (int n : seen) {
    if (n != 1) throw std::invalid_argument("not a deck of 52 cards, each once");
  }
  b.cells.assign(cells.begin(), cells.end());
  for (auto& c : b.cells) c = c < 0 ? -1 : c;
  b.cards_back = cards_back;
  return b;
}

Verdict referee_line(const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
                     const std::vector<int>& found, bool cards_back,
                     const std::vector<int>& codes) {
  Board b = make_board(columns, cells, found, cards_back);
  Verdict v;
  for (int code : codes) {
    const char* refused = play(b, code);
    if (refused != nullptr) {
      v.why = refused;
      break;
    }
    ++v.made;
  }
  v.won = b.won();
  return v;
}

// The referee's function in kosynka.solver._core.
void bind(nb::module_& m) {
  m.def(
      "freecell_referee",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& home, bool cards_back, const std::vector<int>& codes) {
        Board b = make_board(columns, cells, home, cards_back);
        int made = 0;
        std::string why;
        {
          nb::gil_scoped_release release;
          for (int code : codes) {
            const char* refused = play(b, code);
            if (refused != nullptr) {
              why = refused;
              break;
            }
            ++made;
          }
        }
        std::vector<std::vector<int>> cols(b.columns.begin(), b.columns.end());
        std::vector<int> found(b.home.begin(), b.home.end());
        return std::make_tuple(made, why, b.won(), cols, b.cells, found);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"), nb::arg("codes"),
      "Referee a FreeCell line apart from the search: make the moves of `codes` (card * 16 + "
      "destination) from the position, stopping at the first illegal one. Returns (moves made, "
      "why the next was refused or '', won, columns, cells, foundation counts).");
}

}  // namespace kosynka::freecell_referee
