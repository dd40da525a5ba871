// nanobind bindings of the FreeCell search core (part of kosynka.solver._core).
#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <tuple>

#include "bindings.hpp"
#include "freecell.hpp"
#include "freecell_player.hpp"

namespace nb = nanobind;
using namespace kosynka::freecell;

namespace {

Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
                       const std::vector<int>& found, bool ret) {
  Position pos;
  pos.columns = columns;
  pos.cells = cells;
  if (found.size() != 4) throw std::invalid_argument("four foundation counts (C, D, H, S)");
  for (int s = 0; s < 4; ++s) pos.found[s] = found[s];
  pos.rules = Rules{int(cells.size()), ret};
  return pos;
}

// What the Python side gets back: (status, limit, engine move codes, states, unique states).
std::tuple<std::string, std::string, std::vector<int>, uint64_t, uint64_t> outcome(
    const SearchResult& r) {
  const char* status = r.status == Status::kSolved       ? "solved"
                       : r.status == Status::kUnsolvable ? "unsolvable"
                                                         : "limit";
  return std::make_tuple(std::string(status), r.limit, r.line, r.states, r.unique_states);
}

}  // namespace

void bind_freecell(nb::module_& m) {
  m.def(
      "fc_solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, double time_limit, uint64_t max_states,
         bool short_line) {
        Position pos = make_position(columns, cells, found, ret);
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = solve(pos, time_limit, max_states, short_line);
        }
        return outcome(r);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("short_line") = false,
      "Decide a FreeCell position (columns bottom to top as card indices, one entry per free "
      "cell of the rules with -1 for an empty one, foundation counts C, D, H, S): (status, "
      "limit, engine move codes card * 16 + destination, states, unique states). time_limit < 0 "
      "and max_states 0 mean no limit.");

  m.def(
      "fc_single_search",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, int strategy, bool no_return,
         uint64_t max_states) {
        Position pos = make_position(columns, cells, found, ret);
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = single_search(pos, strategy, no_return, max_states);
        }
        return outcome(r);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("strategy"), nb::arg("no_return"), nb::arg("max_states") = 0,
      "One search alone (best first with the portfolio's strategy, or depth first when "
      "strategy < 0), for tests.");

  m.def(
      "fc_search_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, bool no_return) {
        return search_moves(make_position(columns, cells, found, ret), no_return);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("no_return") = false,
      "The search's moves of a position after its safe moves home, in order, as (kind, src, "
      "dst, count) (for checks against the Python reference).");

  m.def(
      "fc_features",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, bool no_return) {
        return position_features(make_position(columns, cells, found, ret), no_return);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("no_return") = false,
      "The figures the search's score weighs, of a position after its safe moves home.");

  m.def(
      "fc_legal_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret) {
        State st(make_position(columns, cells, found, ret));
        return st.legal_moves();
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      "Every legal move of a position as kosynka move text (for checks against the engine).");

  m.def(
      "fc_play",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, const std::vector<double>& weights,
         const std::vector<uint64_t>& seeds, int max_moves) {
        Position pos = make_position(columns, cells, found, ret);
        if (weights.size() != 11)
          throw std::invalid_argument(
              "11 player weights: home, free cell, empty column, depth, blocker, run, room, last "
              "cell, lookahead, look at, returns");
        PlayerWeights w;
        w.home = int(weights[0]);
        w.free_cell = int(weights[1]);
        w.empty_column = int(weights[2]);
        w.depth = int(weights[3]);
        w.blocker = int(weights[4]);
        w.run = int(weights[5]);
        w.room = int(weights[6]);
        w.last_cell = int(weights[7]);
        w.lookahead = weights[8];
        w.look_at = int(weights[9]);
        w.returns = weights[10] != 0.0;
        std::vector<std::tuple<bool, int, int, std::vector<int>, bool>> out;
        {
          nb::gil_scoped_release release;
          for (uint64_t seed : seeds) {
            PlayOutcome g = play_game(pos, w, seed, max_moves);
            out.emplace_back(g.won, g.moves, g.foundation, std::move(g.line), g.stuck);
          }
        }
        return out;
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"), nb::arg("weights"),
      nb::arg("seeds"), nb::arg("max_moves"),
      "The human-like player's games from a position, one per seed (the twin of "
      "kosynka.games.freecell.player.play): (won, moves, cards home, move codes card * 16 + to, "
      "stuck) each.");

  m.def("fc_python_random", &python_random_words, nb::arg("seed"), nb::arg("count"),
        "The first numbers Python's random.Random(seed).getrandbits(32) gives, from the core's "
        "own generator (for tests).");

  m.def("fc_set_portfolio", &set_portfolio, nb::arg("strategies"), nb::arg("first_quota") = 0,
        nb::arg("last_quota") = 0, nb::arg("node_cap") = 0,
        nb::arg("first_phase_states") = 0,
        "Experiments: the portfolio's strategies (12 weights, a depth weight, a kind and digging "
        "each, then optionally to_cell, noise and seed, min_cells, max_cells and node_cap), its "
        "quotas, how many positions a best-first search keeps (0: the built-in cap) and how many "
        "states the game without return gets first when the rules have return (0: the built-in "
        "share); an empty list restores the built-in portfolio.");
}
