// FreeCell ranges in the core: Microsoft's deals dealt in C++, each searched and its line
// checked by the referee (freecell_referee.cpp, which shares nothing with the search), a chunk
// of deals per call with the GIL released. What `kosynka solve --game freecell --deals` runs
// when the core is installed and the referee checks the lines.
//
// Microsoft's generator (as kosynka.games.freecell.deals.ms_random): below 2^31 the C library's
// rand() (state * 214013 + 2531011 mod 2^32, bits 16..30 of the new state); from 2^31 to
// 2^32 - 1 each number also has bit 15 set; from 2^32 on the state starts at number - 2^32 and
// each number is bits 16..31 plus one. A rank-major deck (A of C, D, H, S, then the twos, ...)
// gives for each of the 52 places a card taken at (number mod cards left), the last card left
// filling its hole; the cards go round the eight columns, row by row.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "freecell_referee.hpp"
#include "freecell_search.hpp"

namespace nb = nanobind;

namespace kosynka::freecell {
namespace {

constexpr uint64_t kMaxMs = (uint64_t(1) << 33) - 1;

// The 52 card indices (suit * 13 + rank - 1) of Microsoft deal `number` in dealing order.
std::vector<int> ms_order(uint64_t number) {
  if (number < 1 || number > kMaxMs) throw std::invalid_argument("an ms deal number is 1..2^33-1");
  int deck[52];
  for (int i = 0; i < 52; ++i) deck[i] = (i % 4) * 13 + i / 4;  // rank-major: A♣ A♦ A♥ A♠ 2♣ ...
  uint32_t state;
  uint32_t high = 0;
  bool wide = number >= (uint64_t(1) << 32);
  if (wide) {
    state = uint32_t(number - (uint64_t(1) << 32));
  } else {
    state = uint32_t(number);
    if (number >= (uint64_t(1) << 31)) high = 0x8000;
  }
  std::vector<int> out;
  out.reserve(52);
  int left = 52;
  while (left > 0) {
    state = state * 214013u + 2531011u;
    uint32_t r = wide ? ((state >> 16) & 0xFFFFu) + 1u : (((state >> 16) & 0x7FFFu) | high);
    int j = int(r % uint32_t(left));
    out.push_back(deck[j]);
    --left;
    deck[j] = deck[left];
  }
  return out;
}

std::vector<std::vector<int>> ms_columns(uint64_t number) {
  std::vector<std::vector<int>> cols(8);
  std::vector<int> order = ms_order(number);
  for (int i = 0; i < 52; ++i) cols[i % 8].push_back(order[i]);
  return cols;
}

}  // namespace

void bind_range(nb::module_& m) {
  m.def("freecell_ms_columns", &ms_columns, nb::arg("number"),
        "The eight columns (bottom to top, card indices) of Microsoft FreeCell deal `number` "
        "(1..2^33-1, FreeCell Pro's numbers above 2^31).");
  m.def(
      "freecell_solve_ms",
      [](const std::vector<uint64_t>& numbers, int cells, bool ret, double time_limit,
         uint64_t max_states, bool short_line, const Portfolio* portfolio) {
        if (cells < 0 || cells > 4) throw std::invalid_argument("0 to 4 free cells");
        for (uint64_t n : numbers) {
          if (n < 1 || n > kMaxMs)
            throw std::invalid_argument("an ms deal number is 1..2^33-1");
        }
        using Row = std::tuple<std::string, std::string, std::vector<int>, uint64_t, uint64_t,
                               double, int, std::string>;
        std::vector<Row> rows;
        rows.reserve(numbers.size());
        {
          nb::gil_scoped_release release;
          const Portfolio& searches = portfolio ? *portfolio : built_in_portfolio();
          const std::vector<int> no_cells(cells, -1);
          const std::vector<int> none_home(4, 0);
          for (uint64_t n : numbers) {
            Position pos;
            pos.columns = ms_columns(n);
            pos.cells = no_cells;
            pos.rules = Rules{cells, ret};
            const common::Budget timer(common::Limits{});  // the search time
            SearchResult r = solve(pos, Limits{time_limit, max_states}, short_line, searches);
            const double seconds = timer.seconds();
            const char* status = common::status_text(r.status);
            int refused_at = -1;
            std::string why;
            if (r.status == Status::kSolved) {
              freecell_referee::Verdict v = freecell_referee::referee_line(
                  pos.columns, no_cells, none_home, ret, r.line);
              if (v.made < int(r.line.size())) {
                refused_at = v.made;
                why = v.why;
              } else if (!v.won) {
                refused_at = v.made;
                why = "the line does not win";
              }
            }
            rows.emplace_back(status, r.limit, std::move(r.line), r.states, r.unique_states,
                              seconds, refused_at, why);
          }
        }
        return rows;
      },
      nb::arg("numbers"), nb::arg("cells"), nb::arg("ret"), nb::arg("time_limit"),
      nb::arg("max_states"), nb::arg("short_line") = false,
      nb::arg("portfolio").none() = nb::none(),
      "Deal, decide and referee Microsoft FreeCell deals: per deal (status, limit, engine move "
      "codes, states, unique states, search seconds, the referee's first refused move or -1, "
      "why). time_limit < 0 and max_states == 0 mean no limit; portfolio None is the built-in "
      "one.");
}

}  // namespace kosynka::freecell
