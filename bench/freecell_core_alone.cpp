// The FreeCell search alone, without Python: Microsoft deals LO..HI solved one after the other
// by the core's solve() (native/freecell_search.*), for repeatable instruction counts of the
// search's own work (bench/solver_freecell.md, "Where the search's time goes"):
//
//   g++ -std=c++20 -O3 -g -flto -Inative bench/freecell_core_alone.cpp \
//       native/freecell_state.cpp native/freecell_search.cpp -o /tmp/fc_alone
//   valgrind --tool=callgrind /tmp/fc_alone 1 500
//   /tmp/fc_alone 1 4000 4 rows > a.txt   # a row per deal: number, status, states, moves, line hash
//
// Arguments: LO HI [cells, 4 by default] [rows: print a row per deal] [return 0/1, 1 by default].
// Two builds whose rows are the same search the same states and find the same lines.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "freecell_search.hpp"

using namespace kosynka::freecell;

namespace {

// The columns of Microsoft deal `number` (below 2^31), as native/freecell_range.cpp deals them.
std::vector<std::vector<int>> ms_columns(uint32_t number) {
  int deck[52];
  for (int i = 0; i < 52; ++i) deck[i] = (i % 4) * 13 + i / 4;
  uint32_t state = number;
  std::vector<std::vector<int>> cols(8);
  for (int left = 52, i = 0; left > 0; ++i) {
    state = state * 214013u + 2531011u;
    const int j = int(((state >> 16) & 0x7FFFu) % uint32_t(left));
    cols[i % 8].push_back(deck[j]);
    deck[j] = deck[--left];
  }
  return cols;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s LO HI [cells] [rows] [return]\n", argv[0]);
    return 2;
  }
  const uint32_t lo = uint32_t(std::atol(argv[1])), hi = uint32_t(std::atol(argv[2]));
  const int cells = argc > 3 ? std::atoi(argv[3]) : 4;
  const bool rows = argc > 4 && std::strcmp(argv[4], "rows") == 0;
  const bool ret = argc > 5 ? std::atoi(argv[5]) != 0 : true;
  uint64_t states = 0, moves = 0;
  int solved = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint32_t n = lo; n <= hi; ++n) {
    Position pos;
    pos.columns = ms_columns(n);
    pos.cells = std::vector<int>(cells, -1);
    pos.rules = Rules{cells, ret};
    const SearchResult r = solve(pos, Limits{-1, 0}, false);
    states += r.states;
    moves += r.line.size();
    solved += r.status == Status::kSolved;
    if (rows) {
      uint64_t h = 1469598103934665603ULL;  // FNV-1a over the line's move codes
      for (int c : r.line) h = (h ^ uint32_t(c)) * 1099511628211ULL;
      std::printf("%u %d %llu %zu %llx\n", n, int(r.status), (unsigned long long)r.states,
                  r.line.size(), (unsigned long long)h);
    }
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "solved %d of %u, states %llu, moves %llu, %.3f s\n", solved, hi - lo + 1,
               (unsigned long long)states, (unsigned long long)moves, s);
  return 0;
}
