// kosynka's Spider core, the position: the cards, the legal moves, making and undoing them, and
// the position key.
//
// Cards are indices suit * 13 + rank - 1 (suits C, D, H, S = 0..3); the two decks repeat the
// values. A card c lies "in suit" on card d when d == c + 1 and c is not a King (the same suit,
// one rank higher). The rules are those of src/kosynka/games/spider/rules.py: a group is the
// top card of a column with the cards under it that go down in one suit; it moves onto a card
// one rank higher (any suit) or into an empty column; a row is dealt only while no column is
// empty; a finished King-to-Ace run of one suit leaves the table as part of the move that
// finishes it (on its destination; on every column after a dealt row), and a face-down card
// left on top turns up.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common.hpp"

namespace kosynka::spider {

using common::Key;

constexpr int kCols = 10;
constexpr int kRow = 10;      // cards in a dealt row
constexpr int kMaxCol = 104;  // no column can hold more than every card
constexpr int kRuns = 8;      // complete runs in a won game
constexpr uint16_t kDeal = 0xFFFF;

// A move: kDeal, or (src << 12) | (dst << 8) | count: the top `count` cards of column src go
// onto column dst. A count larger than the source's movable group is a move of several runs
// through the empty columns (see single_moves in spider_search.cpp).
inline uint16_t card_move(int src, int dst, int count) {
  return static_cast<uint16_t>((src << 12) | (dst << 8) | count);
}
inline int move_src(uint16_t m) { return m >> 12; }
inline int move_dst(uint16_t m) { return (m >> 8) & 15; }
inline int move_count(uint16_t m) { return m & 255; }

// The position as the Python side hands it over.
struct Position {
  std::vector<std::vector<int>> columns;  // bottom to top
  std::vector<int> hidden;                // face-down cards at the bottom of each column
  std::vector<int> stock;                 // cards left, in dealing order (whole rows)
  std::vector<int> removed;               // suit of each run already removed
};

// What undoing a move needs.
struct Undo {
  uint16_t move;
  uint8_t src_flip;     // the card left on top of the source turned up
  uint16_t flipped;     // bit i: a card turned up on column i after runs left it
  uint8_t nrem[kCols];  // runs that left column i
  uint64_t keys[3][2];  // a card move: the key shares of source and destination, and the sum
};

// The evaluation's weights: score = down * face-down cards + brk * face-up cards lying on a
// card they do not fit + fit * face-up cards lying off suit on a card one rank higher - empty *
// empty columns. Lower is better.
struct Weights {
  int down = 4, brk = 2, fit = 2, empty = 3;
};

class State {
 public:
  State() = default;
  explicit State(const Position& pos);

  uint8_t col[kCols][kMaxCol];
  uint8_t rl[kCols][kMaxCol];  // face-up: length of the run of one suit ending at this card
  uint8_t len[kCols];
  uint8_t hid[kCols];
  uint8_t stock[50];
  uint8_t rows = 0;   // rows in the stock at the start
  uint8_t dealt = 0;  // rows dealt since
  uint8_t nremoved = 0;
  uint8_t removed_suits[kRuns];
  // Running figures, kept up to date by every change.
  int out[kCols];  // face-up cards not lying in suit on the card below (a bottom King does)
  int fit[kCols];  // of those, the ones on a card one rank higher (off suit)
  int tot_down = 0, tot_out = 0, tot_fit = 0, empties = 0;
  uint64_t zc[kCols][2];  // Zobrist hash of each column's cards, two lanes
  // Each column's share of the key and their sum: with the column's number while the stock
  // lasts, without it once the stock is gone (see key()).
  uint64_t kcol[kCols][2];
  uint64_t ksum[2] = {0, 0};

  bool won() const { return nremoved == kRuns; }
  bool stock_left() const { return dealt < rows; }
  int run(int i) const { return len[i] ? rl[i][len[i] - 1] : 0; }
  int on_table() const {
    int n = 0;
    for (int i = 0; i < kCols; ++i) n += len[i];
    return n;
  }
  int top(int i) const { return col[i][len[i] - 1]; }

  // Every legal move, in the engine's order: by source column, the top card first then the
  // longer groups, destinations in column order; the deal last.
  void legal_moves(std::vector<uint16_t>& out) const;
  void apply(uint16_t m, Undo& u);
  void undo(const Undo& u);
  Key key() const;
  // The key with the columns always told apart (for comparing positions exactly).
  Key exact_key() const;
  int evaluate(const Weights& w) const {
    return w.down * tot_down + w.brk * (tot_out - tot_fit) + w.fit * tot_fit - w.empty * empties;
  }
  // The key and evaluation of the position card move m leads to, worked out without making it;
  // false (nothing set) when the move may finish a run (its group's top card is an Ace) or is
  // the deal: then the move has to be made.
  bool peek(uint16_t m, const Weights& w, Key& key, int& score) const;
  std::string move_text(uint16_t m) const;
  bool completes_run(uint16_t m) const;
  // Set the columns from raw cards (face-down counts in hid), recomputing every figure.
  void set_columns(const uint8_t* const* cards, const uint8_t* lens, const uint8_t* hids);

 private:
  void push_card(int i, int c);
  void pop_card(int i);
  void turn_up(int i);
  void turn_down(int i);
  void rekey(int i);
  int take_runs(int i);
  void face_up_figures(int i, int k, int& o, int& f) const;
};

}  // namespace kosynka::spider
