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
#include <cstdio>
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

// One deal of a range: the search's result, its search time and the referee's word on its line.
struct RangeRow {
  SearchResult result;
  double seconds = 0;   // the search's own time
  int refused_at = -1;  // the referee's first refused move, or -1
  std::string why;      // why it refused it (or why the line does not win)
};

// Deal, search and referee each of `numbers` (checked already) with the GIL released.
std::vector<RangeRow> solve_range(const std::vector<uint64_t>& numbers, int cells, bool ret,
                                  double time_limit, uint64_t max_states, bool short_line,
                                  const Portfolio* portfolio) {
  std::vector<RangeRow> rows(numbers.size());
  nb::gil_scoped_release release;
  const Portfolio& searches = portfolio ? *portfolio : built_in_portfolio();
  const std::vector<int> no_cells(cells, -1);
  const std::vector<int> none_home(4, 0);
  for (size_t k = 0; k < numbers.size(); ++k) {
    RangeRow& row = rows[k];
    Position pos;
    pos.columns = ms_columns(numbers[k]);
    pos.cells = no_cells;
    pos.rules = Rules{cells, ret};
    const common::Budget timer(common::Limits{});  // the search time
    row.result = solve(pos, Limits{time_limit, max_states}, short_line, searches);
    row.seconds = timer.seconds();
    if (row.result.status == Status::kSolved) {
      freecell_referee::Verdict v = freecell_referee::referee_line(
          pos.columns, no_cells, none_home, ret, row.result.line);
      if (v.made < int(row.result.line.size())) {
        row.refused_at = v.made;
        row.why = v.why;
      } else if (!v.won) {
        row.refused_at = v.made;
        row.why = "the line does not win";
      }
    }
  }
  return rows;
}

void check_range(const std::vector<uint64_t>& numbers, int cells) {
  if (cells < 0 || cells > 4) throw std::invalid_argument("0 to 4 free cells");
  for (uint64_t n : numbers) {
    if (n < 1 || n > kMaxMs) throw std::invalid_argument("an ms deal number is 1..2^33-1");
  }
}

// Python's repr(round(seconds * 1000, 3)): the milliseconds to three decimals (printf's
// correctly rounded "%.3f", as Python's round() rounds), trailing zeros dropped but one. That
// is the shortest text that reads back as the same double, as repr() writes it, for every value
// below 10^12 ms (a double then tells apart every number of three decimals).
void append_ms(std::string& out, double seconds) {
  char buf[64];
  int n = std::snprintf(buf, sizeof buf, "%.3f", seconds * 1000.0);
  while (n > 0 && buf[n - 1] == '0' && buf[n - 2] != '.') --n;
  out.append(buf, size_t(n));
}

// The row `kosynka solve --game freecell --deals ... --json` prints for deal `number` (what
// json.dumps makes of the CLI's row: the same keys in the same order, ", " and ": " between
// them), its moves in kosynka move text.
std::string json_row(uint64_t number, const RangeRow& row) {
  const SearchResult& r = row.result;
  std::string out;
  out.reserve(64 + 9 * r.line.size());
  out += "{\"deal\": ";
  out += std::to_string(number);
  out += ", \"status\": \"";
  out += common::status_text(r.status);
  out += "\", \"moves\": [";
  for (size_t k = 0; k < r.line.size(); ++k) {
    if (k) out += ", ";
    out += '"';
    out += code_text(r.line[k]);
    out += '"';
  }
  out += "], \"card_moves\": ";
  out += std::to_string(r.line.size());
  out += ", \"stock_moves\": 0, \"states\": ";
  out += std::to_string(r.states);
  out += ", \"ms\": ";
  append_ms(out, row.seconds);
  if (!r.limit.empty()) {
    out += ", \"limit\": \"";
    out += r.limit;
    out += '"';
  }
  out += '}';
  return out;
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
        check_range(numbers, cells);
        std::vector<RangeRow> got =
            solve_range(numbers, cells, ret, time_limit, max_states, short_line, portfolio);
        using Row = std::tuple<std::string, std::string, std::vector<int>, uint64_t, uint64_t,
                               double, int, std::string>;
        std::vector<Row> rows;
        rows.reserve(got.size());
        for (RangeRow& g : got) {
          SearchResult& r = g.result;
          rows.emplace_back(common::status_text(r.status), r.limit, std::move(r.line), r.states,
                            r.unique_states, g.seconds, g.refused_at, g.why);
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
  m.def(
      "freecell_solve_ms_rows",
      [](const std::vector<uint64_t>& numbers, int cells, bool ret, double time_limit,
         uint64_t max_states, bool short_line, const Portfolio* portfolio) {
        check_range(numbers, cells);
        const std::vector<RangeRow> got =
            solve_range(numbers, cells, ret, time_limit, max_states, short_line, portfolio);
        using Row = std::tuple<std::string, std::string, std::string, size_t, uint64_t, double,
                               int, std::string>;
        std::vector<Row> rows;
        rows.reserve(got.size());
        for (size_t k = 0; k < got.size(); ++k) {
          const RangeRow& g = got[k];
          const SearchResult& r = g.result;
          rows.emplace_back(json_row(numbers[k], g), common::status_text(r.status), r.limit,
                            r.line.size(), r.states, g.seconds, g.refused_at, g.why);
        }
        return rows;
      },
      nb::arg("numbers"), nb::arg("cells"), nb::arg("ret"), nb::arg("time_limit"),
      nb::arg("max_states"), nb::arg("short_line") = false,
      nb::arg("portfolio").none() = nb::none(),
      "freecell_solve_ms with each deal's row written in the core: per deal (the JSON row "
      "`kosynka solve --json` prints, status, limit, moves, states, search seconds, the "
      "referee's first refused move or -1, why); no Python object per move.");
  m.def("freecell_ms_text", [](double seconds) {
        std::string out;
        append_ms(out, seconds);
        return out;
      }, nb::arg("seconds"),
      "The milliseconds of a JSON row as the core writes them: Python's "
      "repr(round(seconds * 1000, 3)).");
}

}  // namespace kosynka::freecell
