// kosynka's FreeCell core, the position: the search's moves, making and undoing them, the safe
// moves home, the figures the searches weigh, and the position key.
//
// The Python reference (src/kosynka/solver/_freecell_py.py) searches the same space in the same
// order: the same moves, the same safe moves home, the same scores, the same searches and the
// same schedule, so the two agree on every verdict, on the number of states and on the line.
// Cards are indices suit * 13 + rank - 1 (suits C, D, H, S = 0..3; red suits D and H).
// See bench/solver_freecell.md for the design and why each rule is sound.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "common.hpp"

namespace kosynka::freecell {

using common::Key;

constexpr int kColumns = 8;
constexpr int kMaxCells = 4;
constexpr int kMaxLen = 52;     // a column holds at most every card
constexpr uint8_t kNone = 255;  // an empty free cell
constexpr int kMaxMoves = 320;  // more than any position has

// What a card lies on, in the position key: another card (0..51), the bottom of a column, a
// free cell or its foundation. Columns and cells are told apart by nothing else, so the key is
// the same for every order of the columns and of the cells.
constexpr uint8_t kBottom = 52, kInCell = 53, kHome = 54, kParents = 55;

// Destinations of engine moves, as kosynka's Move.to: 0..7 a column, 8 the foundation, 9 the
// first empty free cell.
constexpr int kToFoundation = 8, kToCell = 9;

struct Rules {
  int cells = 4;    // 0..4
  bool ret = true;  // foundation return: a foundation's top card may come back to a column
};

// The position as the Python side hands it over.
struct Position {
  std::vector<std::vector<int>> columns;  // eight columns, bottom to top
  std::vector<int> cells;                 // as many as the rules have, -1 for an empty one
  std::array<int, 4> found{};             // cards on each foundation (C, D, H, S)
  Rules rules;
};

// A search move. kColCol: `count` cards from column src onto column dst; kColCell: column src's
// top to free cell dst; kCellCol: free cell src to column dst; kColHome / kCellHome: column or
// cell src's card to foundation dst; kHomeCol: suit src's top card back to column dst.
// Two moves stand for several: kDigHome parks the `count` cards above the next card of suit dst
// in column src in free cells, one by one, and sends that card home; kDigCol parks the `count`
// cards above a card of column src and puts that card on column dst's top card.
enum Kind : uint8_t { kColCol, kColCell, kCellCol, kColHome, kCellHome, kHomeCol, kDigHome, kDigCol };

// No default member values: move lists are arrays of kMaxMoves filled by State::moves, and
// zeroing them at every expansion cost more than listing the moves (Move{} is all zeros).
struct Move {
  uint8_t kind, src, dst, count;
};

// The highest priority a move has (State::priority: a card going home).
constexpr int kTopPriority = 1000;

// The figures the search's score weighs (see State::features).
constexpr int kFeatures = 12;

// A position kept for later by the best-first search: the columns one after another, their
// lengths and ordered top runs, the free cells and the foundations.
struct Node {
  uint8_t cards[52];
  uint8_t len[kColumns];
  uint8_t run[kColumns];
  uint8_t cell[kMaxCells];
  uint8_t found[4];
  uint8_t parent[52];
  uint64_t ha, hb;
};

class State {
 public:
  explicit State(const Position& pos);

  Rules rules;
  uint8_t cols[kColumns][kMaxLen];
  uint8_t len[kColumns];
  uint8_t cell[kMaxCells];
  uint8_t found[4];
  uint8_t parent[52];  // what each card lies on (see kBottom ...)
  int free_cells = 0, empty_cols = 0, home = 0;
  // With `no_return`, the search plays the game without foundation return (a line of that game
  // is a line of the real rules too) and its safe moves home follow that game's rule.
  bool no_return = false;
  // Whether moves() lists the digging moves (kDigHome, kDigCol), and a column's top card to a
  // free cell on its own (kColCell; see Strategy::to_cell).
  bool digging = true;
  bool to_cell = true;

  bool is_won() const { return home == 52; }
  Key key() const { return Key{ha, hb}; }
  bool returns() const { return rules.ret && !no_return; }

  // Whether `card`, whose foundation is ready for it, may go home without any winning line
  // being lost (see bench/solver_freecell.md for the proof).
  bool safe_home(int card) const;
  // The search's moves here, in generation order (see freecell_state.cpp): written to `out` (room for
  // kMaxMoves), their number returned.
  int moves(Move* out) const;
  void moves(std::vector<Move>& out) const;

  // Make a single move (not kDigHome or kDigCol); returns its engine move code (card * 16 +
  // destination).
  int apply(const Move& m);
  void undo(const Move& m);
  // The key of the position a single move leads to, found without making it, when no card goes
  // home on the way (the move is not a move home and uncovers no card that is safe to send
  // home): then written to `out`, and true. False when the move must be played to know it.
  bool child_key(const Move& m, Key& out) const;
  // Make a search move of any kind and the safe moves home after it: the single moves made are
  // appended to `made` (to be undone in reverse), their engine codes to `codes`, and the moves
  // that are not safe moves home to `steps`.
  void play(const Move& m, std::vector<Move>& made, std::vector<int>* codes,
            std::vector<Move>* steps = nullptr);
  // Send every safe card home, repeatedly (free cells in order, then columns left to right,
  // again until none is left); append the moves made (to be undone in reverse) and their engine
  // codes. `after` is the move just made, when the position before it had no safe card left.
  void autoplay(std::vector<Move>& made, std::vector<int>* codes, const Move* after = nullptr);
  // The figures the score weighs, and the score of a strategy (higher looks better).
  void features(int* f) const;
  int score(const std::array<int, kFeatures>& weights) const;
  // How promising a move looks before it is made (higher first), at most kTopPriority.
  int priority(const Move& m) const;
  // Keep the position in a best-first node / take it back from one.
  void store(Node& node) const;
  void load(const Node& node);

 private:
  uint64_t ha = 0, hb = 0;
  // The figures; without All, 7, 8 and 9 are left at 0 (cheaper, for scores that do not weigh
  // them).
  template <bool All>
  void figures(int* f) const;
  // The length of each column's ordered top run (0 for an empty column), kept up to date by
  // apply() and undo(): the move generator and the score read it.
  uint8_t run_[kColumns];
  void set_parent(int card, uint8_t p);
  // Column i's run found again by looking at its cards.
  int scan_run(int i) const;
  // Column j's run after `n` cards (lying in order, as every run moved does) went onto it.
  void pushed(int j, int n) {
    const int b = len[j] - n;
    run_[j] = uint8_t(n + (b > 0 && common::fits_on(cols[j][b], cols[j][b - 1]) ? run_[j] : 0));
  }
  // Column i's run after `n` cards left it.
  void popped(int i, int n) { run_[i] = run_[i] > n ? uint8_t(run_[i] - n) : uint8_t(scan_run(i)); }
  int first_free_cell() const;
  int first_empty_col() const;
  // The cards the foundations want next (one per foundation that is not full), as bits by card
  // index: `wants(k)` has bit c set when found[suit_of(c)] == rank_of(c) - k.
  uint64_t wants(int k = 1) const {
    uint64_t m = 0;
    for (int s = 0; s < 4; ++s)
      if (found[s] + k <= 13) m |= uint64_t(1) << (s * 13 + found[s] + k - 1);
    return m;
  }
};

// kosynka move text of an engine move code ("7C>4", "AH>f", "5S>c").
std::string code_text(int code);

// The position the Python side hands over: columns bottom to top as card indices, one entry per
// free cell of the rules (-1 for an empty one), the foundation counts (C, D, H, S) and whether
// cards may come back from the foundations. Throws std::invalid_argument unless there are four
// foundation counts (State's constructor checks the rest).
Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
                       const std::vector<int>& found, bool ret);

}  // namespace kosynka::freecell
