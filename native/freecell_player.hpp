// kosynka's human-like FreeCell player, compiled: the twin of the Python reference
// src/kosynka/games/freecell/player.py (safe cards home first, then the move whose position
// scores best with a glance one move further, never back to a position it has had, ties broken
// by Python's own random number generator seeded the same way). It lists the moves in the rules
// engine's order, scores positions by the same integer weights and breaks ties with the same
// draws, so a game played here is move for move the game the Python player plays; the library's
// grades rest on it (eight games a deal), and the Python side replays every game it returns.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "freecell_state.hpp"

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

// Python's random.Random: the Mersenne Twister MT19937, seeded from an int by init_by_array
// over the int's 32-bit words (CPython's random_seed), and choice() by rejection sampling on
// getrandbits(bit_length(n)) (Random._randbelow_with_getrandbits).
class PyRandom {
 public:
  explicit PyRandom(uint64_t seed) {
    uint32_t key[2];
    int n = 0;
    do {
      key[n++] = uint32_t(seed & 0xffffffffu);
      seed >>= 32;
    } while (seed != 0);
    init_genrand(19650218u);
    int i = 1, j = 0;
    for (int k = std::max(kN, n); k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
      ++i;
      ++j;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
      if (j >= n) j = 0;
    }
    for (int k = kN - 1; k; --k) {
      mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - uint32_t(i);
      ++i;
      if (i >= kN) {
        mt_[0] = mt_[kN - 1];
        i = 1;
      }
    }
    mt_[0] = 0x80000000u;
  }

  uint32_t next() {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    if (mti_ >= kN) {
      int kk = 0;
      for (; kk < kN - kM; ++kk) {
        uint32_t y = (mt_[kk] & 0x80000000u) | (mt_[kk + 1] & 0x7fffffffu);
        mt_[kk] = mt_[kk + kM] ^ (y >> 1) ^ mag01[y & 1u];
      }
      for (; kk < kN - 1; ++kk) {
        uint32_t y = (mt_[kk] & 0x80000000u) | (mt_[kk + 1] & 0x7fffffffu);
        mt_[kk] = mt_[kk + (kM - kN)] ^ (y >> 1) ^ mag01[y & 1u];
      }
      uint32_t y = (mt_[kN - 1] & 0x80000000u) | (mt_[0] & 0x7fffffffu);
      mt_[kN - 1] = mt_[kM - 1] ^ (y >> 1) ^ mag01[y & 1u];
      mti_ = 0;
    }
    uint32_t y = mt_[mti_++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
  }

  // random.Random.choice's index for a sequence of n (2 <= n < 2**32) items.
  int below(uint32_t n) {
    int k = 32 - __builtin_clz(n);  // n.bit_length()
    uint32_t r = next() >> (32 - k);
    while (r >= n) r = next() >> (32 - k);
    return int(r);
  }

 private:
  static constexpr int kN = 624, kM = 397;
  uint32_t mt_[kN];
  int mti_ = kN + 1;

  void init_genrand(uint32_t s) {
    mt_[0] = s;
    for (int i = 1; i < kN; ++i) mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + uint32_t(i);
    mti_ = kN;
  }
};

}  // namespace kosynka::freecell
