// kosynka's Spider core, the searches (see bench/solver_spider.md).
//
// Two searches (bench/solver_spider.md explains them and argues the exhaustive one's soundness):
// a best-first search over a pruned set of moves (with moves of several runs at once through the
// empty columns), run as a portfolio of settings with growing budgets, which finds wins fast but
// proves nothing; then a depth-first search over every legal move with only sound prunes, which
// proves a position lost when it runs out of positions.
//
// The Python reference (src/kosynka/solver/_spider_py.py) mirrors the core: the same moves in
// the same order, the same evaluation, the same searches with the same tie-breaks, so on the
// same state budget both give the same verdict, the same counts and the same line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spider_state.hpp"

namespace kosynka::spider {

using common::Limits;
using common::Status;
using SearchResult = common::SearchResult<std::string>;  // the line as move text

// Which searches run (see above).
struct Options {
  bool pruned = true;       // run the pruned best-first searches first
  bool exhaustive = true;   // then the exhaustive search
  uint64_t first_budget = 0;  // the pruned portfolio's first budget (0: the default)
};

// Decide `pos` within `limits`.
SearchResult solve(const Position& pos, const Limits& limits, const Options& opt);

// A winning line (move text) with detours cut out: while some position of the line can reach a
// later one (not the next) in at most `depth` legal moves, those moves replace the stretch
// between them. Throws std::invalid_argument when a move of the line is not legal.
std::vector<std::string> shorten(const Position& pos, const std::vector<std::string>& line,
                                 int depth);

// The stage player, a no-peek player: from `pos`, best first over the card moves (the pruned
// search's, then every legal one if those find nothing) within `stage_states` positions, to the
// best position where a card turns up (scored without that card); when none is met, to the best
// one with every column filled, and a row dealt (when nothing else will do, the empty columns
// filled one card each). It reads no face-down card and no row before it is dealt, so any
// placing of the unseen cards gives the same moves. `stage_line` is the moves of its next stage
// (text, single moves, its detours cut as `shorten` cuts them; empty when it has none);
// `stage_game` its game from `pos` played on, each stage's moves up to the first that turns a
// card up or deals a row, as the hints play them (with every card seen and the stock gone, the
// pruned search within `final_states` positions): won or not, its moves, and the face-down
// cards and runs removed where it ended. Its game on a sample of the unseen cards is what a
// hint's sample is worth. Its positions are scored by `kStageWeights`, or `w` when given (the
// benchmark compares weights this way).
struct StageGame {
  bool won = false;
  int moves = 0;
  int face_down = 0;
  int runs_removed = 0;
};
// The stage player's evaluation weights, not the search's: tuned by its games on KPat deals
// 1-2000 with two suits, where they won 59.6% and the search's weights 48.9% (checked on deals
// 2001-4000 and with one and four suits, bench/no_peek.md). Their down weight plays no part:
// every end of a stage has one card fewer face down.
inline constexpr Weights kStageWeights{8, 1, 4, 12};
// How the stage player looks past a stage's ends before it chooses one: the `leaves` best
// scored ends where a card turns up (0 or 1: no look), each played on to its own next stage
// within `states` positions on `cards` placings of the unseen cards (drawn from `seed` and the
// sorted cards the position does not show, the same placings for every end: any placing of
// those cards gives the same choice); the end whose next stages score best summed is played.
struct Lookahead {
  int leaves = 0;
  int cards = 0;
  uint64_t states = 0;
  uint64_t seed = 0;
};
// The hint's look. The stage player's games on KPat deals at 3,000 positions a stage, with it
// and without: 2 suits 397 and 361 of 1-600, 404 and 358 of 2001-2600; 4 suits 177 and 135 of
// 1-1000; 1 suit 546 and 519 of 1-600. A game costs 10 to 15 times as much (80-140 ms).
inline constexpr Lookahead kStageLook{8, 6, 1000, 1};
std::vector<std::string> stage_line(const Position& pos, uint64_t stage_states,
                                    const Weights& w = kStageWeights, const Lookahead& la = {});
StageGame stage_game(const Position& pos, uint64_t stage_states, uint64_t final_states,
                     const Weights& w = kStageWeights, const Lookahead& la = {});

// The search's moves, shared with the probes (spider_probes.cpp) that check them against the
// Python reference.
// The moves the pruned search tries, in order.
void pruned_move_list(const State& st, std::vector<uint16_t>& moves);
// The moves of the exhaustive search, before ordering.
void exhaustive_move_list(const State& st, std::vector<uint16_t>& moves);
// Orders `moves` best first by the evaluation of the position each leads to.
void order_moves(State& st, std::vector<uint16_t>& moves, const Weights& w);
// The line with every move of several runs written out as single moves.
std::vector<uint16_t> single_moves(State st, const std::vector<uint16_t>& line);
// The move text of a line of single moves.
std::vector<std::string> texts(State st, const std::vector<uint16_t>& line);

}  // namespace kosynka::spider
