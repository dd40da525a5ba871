// FreeCell's test probes: functions that exist only so the tests can hold the core to the
// Python reference and the rules engine (every legal move, the search's moves and figures, one
// search of the portfolio alone, the player's random numbers), apart from the search.
#include <nanobind/stl/array.h>

#include <array>

#include "bindings.hpp"
#include "freecell_player.hpp"
#include "freecell_search.hpp"

namespace nb = nanobind;

namespace kosynka::freecell {
namespace {

using common::fits_on;
using common::rank_of;
using common::suit_of;

// Every legal move of `st` as kosynka move text, as the rules engine lists them.
std::vector<std::string> legal_move_texts(const State& st) {
  std::vector<std::string> out;
  auto add = [&out](int card, int to) { out.push_back(code_text(card * 16 + to)); };
  const int limit = (1 + st.free_cells) << st.empty_cols;
  const int limit_empty = st.empty_cols ? (1 + st.free_cells) << (st.empty_cols - 1) : 0;
  for (int k = 0; k < st.rules.cells; ++k) {
    const int c = st.cell[k];
    if (c != kNone && st.found[suit_of(c)] == rank_of(c) - 1) add(c, kToFoundation);
  }
  for (int i = 0; i < kColumns; ++i) {
    if (!st.len[i]) continue;
    const int c = st.cols[i][st.len[i] - 1];
    if (st.found[suit_of(c)] == rank_of(c) - 1) add(c, kToFoundation);
  }
  for (int i = 0; i < kColumns; ++i) {
    for (int n = 1; n <= st.len[i]; ++n) {
      const int c = st.cols[i][st.len[i] - n];
      if (n > 1 && !fits_on(st.cols[i][st.len[i] - n + 1], c)) break;
      for (int j = 0; j < kColumns; ++j) {
        if (j == i) continue;
        if (st.len[j] ? (fits_on(c, st.cols[j][st.len[j] - 1]) && n <= limit) : n <= limit_empty)
          add(c, j);
      }
    }
  }
  for (int k = 0; k < st.rules.cells; ++k) {
    const int c = st.cell[k];
    if (c == kNone) continue;
    for (int j = 0; j < kColumns; ++j)
      if (!st.len[j] || fits_on(c, st.cols[j][st.len[j] - 1])) add(c, j);
  }
  if (st.free_cells)
    for (int i = 0; i < kColumns; ++i)
      if (st.len[i]) add(st.cols[i][st.len[i] - 1], kToCell);
  if (st.rules.ret)
    for (int s = 0; s < 4; ++s) {
      if (!st.found[s]) continue;
      const int c = s * 13 + st.found[s] - 1;
      for (int j = 0; j < kColumns; ++j)
        if (!st.len[j] || fits_on(c, st.cols[j][st.len[j] - 1])) add(c, j);
    }
  return out;
}

// The position of the Python side after its safe moves home (the search's start), on the game
// without foundation return when `no_return`.
State searched_position(const Position& pos, bool no_return) {
  State st(pos);
  st.no_return = no_return;
  std::vector<Move> made;
  st.autoplay(made, nullptr);
  return st;
}

// One search of the portfolio alone (strategy < 0: the complete depth-first search), from the
// position after its safe moves home, on the game without foundation return when `no_return`.
// An incomplete search that runs dry reports a limit ("states"), not a loss.
SearchResult single_search(const Position& pos, int strategy, bool no_return, uint64_t max_states,
                           const Portfolio& portfolio) {
  SearchResult res;
  Budget budget(Limits{});
  State root(pos);
  root.no_return = no_return;
  std::vector<Move> made;
  std::vector<int> head;
  root.autoplay(made, &head);
  std::vector<Move> path;
  Run r = Run::kSolved;
  const uint64_t quota = max_states ? max_states : UINT64_MAX;
  if (!root.is_won()) {
    const auto& all = portfolio.strategies;
    const Strategy* s = strategy < 0 ? nullptr : &all[size_t(strategy) % all.size()];
    r = run_alone(root, s, portfolio.node_cap, quota, budget, path);
  }
  res.states = budget.states;
  res.unique_states = budget.unique;
  if (r == Run::kSolved) {
    res.status = Status::kSolved;
    res.line = head;
    const std::vector<int> rest = line_codes(root, path);
    res.line.insert(res.line.end(), rest.begin(), rest.end());
  } else if (r == Run::kUnsolvable) {
    res.status = Status::kUnsolvable;
  } else {
    res.status = Status::kLimit;
    res.limit = "states";
  }
  return res;
}

}  // namespace

void bind_probes(nb::module_& m) {
  m.def(
      "freecell_single_search",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, int strategy, bool no_return,
         uint64_t max_states, const Portfolio* portfolio) {
        Position pos = make_position(columns, cells, found, ret);
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = single_search(pos, strategy, no_return, max_states,
                            portfolio ? *portfolio : built_in_portfolio());
        }
        return common::result_tuple(r);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("strategy"), nb::arg("no_return"), nb::arg("max_states") = 0,
      nb::arg("portfolio").none() = nb::none(),
      "One search alone (best first with the portfolio's strategy, or depth first when "
      "strategy < 0), for tests.");

  m.def(
      "freecell_search_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, bool no_return) {
        State st = searched_position(make_position(columns, cells, found, ret), no_return);
        std::vector<Move> ms;
        st.moves(ms);
        std::vector<std::array<int, 4>> out;
        for (const Move& mv : ms) out.push_back({mv.kind, mv.src, mv.dst, mv.count});
        return out;
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("no_return") = false,
      "The search's moves of a position after its safe moves home, in order, as (kind, src, "
      "dst, count) (for checks against the Python reference).");

  m.def(
      "freecell_features",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, bool no_return) {
        State st = searched_position(make_position(columns, cells, found, ret), no_return);
        int f[kFeatures];
        st.features(f);
        return std::vector<int>(f, f + kFeatures);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("no_return") = false,
      "The figures the search's score weighs, of a position after its safe moves home.");

  m.def(
      "freecell_legal_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret) {
        return legal_move_texts(State(make_position(columns, cells, found, ret)));
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      "Every legal move of a position as kosynka move text (for checks against the engine).");

  m.def(
      "freecell_python_random",
      [](uint64_t seed, int count) {
        PyRandom rng(seed);
        std::vector<uint32_t> out;
        for (int i = 0; i < count; ++i) out.push_back(rng.next());
        return out;
      },
      nb::arg("seed"), nb::arg("count"),
      "The first numbers Python's random.Random(seed).getrandbits(32) gives, from the core's "
      "own generator (for tests).");
}

}  // namespace kosynka::freecell
