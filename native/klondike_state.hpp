// kosynka's Klondike core, the position as the exact search keeps it: card by card, with its
// macro moves (a card or run and the draws it takes), making and undoing them, the cards that
// may go home at once, and the position key.
//
// It makes exactly the moves of the Python reference (src/kosynka/solver/_klondike_py.py), in
// the same order, so the exact searches agree on every verdict and on the number of states.
// Cards are indices suit * 13 + rank - 1 (suits C, D, H, S = 0..3).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common.hpp"

namespace kosynka::klondike {

using common::fits_on;
using common::Key;
using common::mix64;

constexpr int kColumns = 7;
constexpr int kFound = 7;       // destination code of a foundation
constexpr int kMaxPile = 52;    // any pile holds at most every card

enum Kind : uint8_t { kColumn = 0, kTalon = 1, kReturn = 2 };
constexpr int kEmptied = 3;  // Last::kind of a move that emptied a column

// A macro move. kColumn: (column, index of the run's first card, 0, dest);
// kTalon: (talon index, 1 when a recycle is needed, 0, dest); kReturn: (suit, 0, 0, column).
struct Macro {
  uint8_t kind, src, detail, dest;
};

// What undoing a macro move needs.
struct Undo {
  uint8_t kind, src, dest, card, length, flipped, old_p;
  int32_t old_pass;
};

// The move that led to a position, when it put a card from the talon or a foundation on a
// column (kind kTalon or kReturn, the column, the card): the moves that follow it must use that
// card; or when it moved a run off the bottom of a column (kind kEmptied, the run's new
// column, the emptied column): the moves that follow must fill an empty column or involve that
// run (see State::moves).
struct Last {
  int kind = -1, column = 0, card = 0;
  int base = 0;  // kEmptied: the first card of the run that left its column
};

struct Rules {
  int draw = 1;        // 1 or 3
  int passes = 0;      // 0 = unlimited
  bool ret = true;     // cards may come back from the foundations
};

// The input position, as the Python side hands it over.
struct Position {
  std::vector<std::vector<int>> columns;  // bottom to top
  std::vector<int> hidden;                // face-down cards at the bottom of each column
  std::vector<int> talon;                 // waste bottom..top, then the stock from the next drawn
  int waste = 0;                          // how many talon cards are on the waste
  std::vector<int> found;                 // cards on each foundation (C, D, H, S)
  int pass_number = 1;
  Rules rules;
};

class State {
 public:
  explicit State(const Position& pos);

  Rules rules;
  uint8_t cols[kColumns][kMaxPile];
  int len[kColumns];
  int hid[kColumns];
  uint8_t talon[kMaxPile];
  int n;       // talon size
  int p;       // talon cards on the waste
  int found[4];
  int passno;

  bool is_won() const { return found[0] + found[1] + found[2] + found[3] == 52; }
  int home() const { return found[0] + found[1] + found[2] + found[3]; }
  bool trivially_won() const;
  int run_base(int i) const;
  bool can_recycle() const { return rules.passes == 0 || passno < rules.passes; }
  // Talon cards drawing can bring to the top of the waste: (index, recycle) pairs.
  int reachable(uint8_t* idx, uint8_t* rec) const;
  // The transposition key; `any_position` leaves out the talon position (see search).
  Key key(bool any_position) const;
  // The talon positions drawing (and recycling) can reach from here, as a bit mask.
  uint64_t reach_mask() const;
  bool safe(int card) const;
  // The macro moves worth trying, best first; after `last`, only those that use its card.
  void moves(std::vector<Macro>& out, const Last& last) const;
  // Whether macro move `m` is tried after `last` (see moves()).
  bool follows(const Macro& m, const Last& last) const;
  void all_moves(std::vector<Macro>& out) const;

  Undo apply(const Macro& m, std::vector<std::string>* line);
  void undo(const Undo& u);
  // Put up every safe column top; the undo records are appended to `out`.
  void autoplay(std::vector<Undo>& out, std::vector<std::string>* line);
  void finish(std::vector<std::string>* line);


 private:
  uint64_t tal_a, tal_b;  // hash of the set of talon cards
  void stock_line(int j, int recycle, std::vector<std::string>& line) const;
};

std::string move_text(int card, int dest);

// Shared by both searches.
// The talon cards drawing can bring to the top of the waste, from talon position `p` of `n`
// cards: (index, 1 when a recycle is needed) pairs written to idx/rec; returns their number.
int talon_reach(int p, int n, int draw, bool can_recycle, uint8_t* idx, uint8_t* rec);
// The talon positions drawing (and recycling) can reach from `p`, as a bit mask.
inline uint64_t talon_reach_mask(int p, int n, int draw) {
  // Bits 0, draw, 2 * draw, ...: the waste sizes drawing makes from an empty waste.
  uint64_t every = draw == 1 ? ~uint64_t(0) : draw == 3 ? 0x9249249249249249ULL : 0;
  if (!every)
    for (int q = 0; q < 64; q += draw) every |= uint64_t(1) << q;
  const uint64_t below = (uint64_t(1) << n) - 1;
  return (uint64_t(1) << n) | ((every << p) & below) | (every & below);
}

// The position the Python side hands over, checked: draw 1 or 3, a pass limit of 0 (unlimited)
// to 1024 and a pass number within it, card indices 0..51 (State's constructor checks the rest).
// Throws std::invalid_argument otherwise.
Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
                       const std::vector<int>& talon, int waste, const std::vector<int>& found,
                       int pass_number, int draw, int passes, bool ret);

}  // namespace kosynka::klondike
