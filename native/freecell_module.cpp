// nanobind bindings of the FreeCell core (part of kosynka.solver._core).
#include <stdexcept>
#include <tuple>

#include "bindings.hpp"
#include "freecell_player.hpp"
#include "freecell_prove.hpp"
#include "freecell_search.hpp"

namespace nb = nanobind;

namespace kosynka::freecell_referee {
void bind(nb::module_& m);  // freecell_referee.cpp: the referee, apart from the search
}

namespace kosynka::freecell {

void bind_range(nb::module_& m);   // freecell_range.cpp: ranges of deals
void bind_probes(nb::module_& m);  // freecell_probes.cpp

// FreeCell's functions in kosynka.solver._core.
void bind(nb::module_& m) {
  nb::class_<Portfolio>(
      m, "FreeCellPortfolio",
      "The searches that take turns in a FreeCell solve and their schedule, for experiments: "
      "each strategy as 12 weights, a depth weight, a kind and digging, then optionally "
      "to_cell, noise and seed, min_cells, max_cells and node_cap; the quotas of states of the "
      "first and last rounds, how many positions a best-first search keeps and how many states "
      "the game without foundation return gets first when the rules have it. An empty list or "
      "0 keeps the built-in strategies or value.")
      .def(
          "__init__",
          [](Portfolio* p, const std::vector<std::vector<int>>& strategies, uint64_t first_quota,
             uint64_t last_quota, size_t node_cap, uint64_t first_phase_states) {
            new (p) Portfolio(experiment_portfolio(strategies, first_quota, last_quota, node_cap,
                                                   first_phase_states));
          },
          nb::arg("strategies") = std::vector<std::vector<int>>(), nb::arg("first_quota") = 0,
          nb::arg("last_quota") = 0, nb::arg("node_cap") = 0, nb::arg("first_phase_states") = 0);

  m.def(
      "freecell_solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& cells,
         const std::vector<int>& found, bool ret, double time_limit, uint64_t max_states,
         bool short_line, const Portfolio* portfolio, bool apart) {
        Position pos = make_position(columns, cells, found, ret);
        SearchResult r;
        {
          nb::gil_scoped_release release;
          const Portfolio& pf = portfolio ? *portfolio : built_in_portfolio();
          const Limits limits{time_limit, max_states};
          r = apart ? solve_apart(pos, limits, short_line, pf)
                    : solve(pos, limits, short_line, pf);
        }
        return common::result_tuple(r);
      },
      nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("short_line") = false,
      nb::arg("portfolio").none() = nb::none(), nb::arg("apart") = false,
      "Decide a FreeCell position (columns bottom to top as card indices, one entry per free "
      "cell of the rules with -1 for an empty one, foundation counts C, D, H, S): (status, "
      "limit, engine move codes card * 16 + destination, states, unique states). time_limit < 0 "
      "and max_states 0 mean no limit; portfolio None is the built-in one. apart: each search of "
      "the portfolio on a thread of its own, at once (each with these limits; the others stop "
      "when one decides), instead of taking turns.");

  m.def(
      "freecell_play",
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

  bind_range(m);
  bind_probes(m);

  nb::class_<Prover>(
      m, "FreeCellProver",
      "The prover of one FreeCell position (the complete depth-first search of "
      "freecell_prove.cpp), which can go on where it stopped: made from the position (columns "
      "bottom to top as card indices, one entry per free cell with -1 for an empty one, "
      "foundation counts C, D, H, S, foundation return), the bytes its table of positions "
      "may grow to and the threads that search together (1: the same positions in the same "
      "order as its pure-Python twin; more: the same verdicts, the order left to the threads).")
      .def(
          "__init__",
          [](Prover* p, const std::vector<std::vector<int>>& columns,
             const std::vector<int>& cells, const std::vector<int>& found, bool ret,
             uint64_t table_bytes, int threads) {
            new (p) Prover(make_position(columns, cells, found, ret), size_t(table_bytes),
                           threads);
          },
          nb::arg("columns"), nb::arg("cells"), nb::arg("found"), nb::arg("ret"),
          nb::arg("table_bytes"), nb::arg("threads") = 1)
      .def(
          "run",
          [](Prover& p, double time_limit, uint64_t max_states) {
            ProveResult r;
            {
              nb::gil_scoped_release release;
              r = p.run(time_limit, max_states);
            }
            const auto& s = r.result;
            return std::make_tuple(std::string(common::status_text(s.status)), s.limit, s.line,
                                   s.states, s.unique_states, uint64_t(r.table_bytes),
                                   r.seconds);
          },
          nb::arg("time_limit"), nb::arg("max_states"),
          "Go on for at most time_limit more seconds (< 0: no limit) and max_states more "
          "states (0: no limit): (status, limit, engine move codes card * 16 + destination, "
          "states, positions kept, table bytes, seconds), the counts over all runs so far. A "
          "limit is \"time\", \"states\" or \"memory\" (the table is full: no later run goes "
          "on).");

  m.def(
      "freecell_keep_tables", [](bool keep) { keep_tables(keep); }, nb::arg("keep"),
      "Whether the memory of a FreeCellProver's table is kept, when the prover is done, for the "
      "next prover of this process with the same table bytes (a batch of counts then touches "
      "its tables' pages once, not once per prover); False also lets the kept memory go.");

  freecell_referee::bind(m);
}

}  // namespace kosynka::freecell
