// kosynka's human-like FreeCell player, compiled: the twin of the Python reference
// src/kosynka/games/freecell/player.py (safe cards home first, then the move whose position
// scores best with a glance one move further, never back to a position it has had, ties broken
// by Python's own random number generator seeded the same way). It lists the moves in the rules
// engine's order, scores positions by the same integer weights and breaks ties with the same
// draws, so a game played here is move for move the game the Python player plays; the library's
// grades rest on it (eight games a deal), and the Python side replays every game it returns.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "freecell.hpp"

namespace kosynka::freecell {

// The player's weights (player.py's constants, handed over from Python so that they are written
// down once).
struct PlayerWeights {
  int home = 100, free_cell = 28, empty_column = 60, depth = 7, blocker = 9, run = 3, room = 15;
  int last_cell = 8;
  double lookahead = 0.5;
  int look_at = 6;
  bool returns = true;
};

// One game played by the player (see PlayResult in player.py).
struct PlayOutcome {
  bool won = false;
  int moves = 0;
  int foundation = 0;
  std::vector<int> line;  // move codes card * 16 + to (to: 0..7 column, 8 foundation, 9 cell)
  bool stuck = false;
};

// Play one game from `pos` with the player's `weights` and the tie-breaking seed `seed`
// (Python's random.Random(seed)), at most `max_moves` moves.
PlayOutcome play_game(const Position& pos, const PlayerWeights& weights, uint64_t seed,
                      int max_moves);

// The first `count` numbers Python's random.Random(seed).getrandbits(32) gives (for the tests
// that check the generator against Python's).
std::vector<uint32_t> python_random_words(uint64_t seed, int count);

}  // namespace kosynka::freecell
