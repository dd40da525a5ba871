// nanobind bindings of the Spider search core (part of kosynka.solver._core).
#include <stdexcept>
#include <tuple>

#include "bindings.hpp"
#include "spider_search.hpp"

namespace nb = nanobind;

namespace kosynka::spider {

void bind_probes(nb::module_& m);  // spider_probes.cpp
void bind_player(nb::module_& m);  // spider_player.cpp

namespace {

// The stage player's look from its binding argument: empty (no look) or leaves, cards, states,
// seed, none negative.
Lookahead lookahead(const std::vector<int>& look) {
  if (look.empty()) return {};
  if (look.size() != 4 || look[0] < 0 || look[1] < 0 || look[2] < 0 || look[3] < 0)
    throw std::invalid_argument("look: four integers, none negative (leaves, cards, states, seed)");
  return Lookahead{look[0], look[1], uint64_t(look[2]), uint64_t(look[3])};
}

}  // namespace

// Spider's functions in kosynka.solver._core.
void bind(nb::module_& m) {
  m.def(
      "spider_solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed, double time_limit,
         uint64_t max_states, bool pruned, bool exhaustive, uint64_t first_budget) {
        const Position pos{columns, hidden, stock, removed};
        Options opt;
        opt.first_budget = first_budget;
        opt.pruned = pruned;
        opt.exhaustive = exhaustive;
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = solve(pos, Limits{time_limit, max_states}, opt);
        }
        return common::result_tuple(r);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("pruned") = true,
      nb::arg("exhaustive") = true, nb::arg("first_budget") = 0,
      "Decide a Spider position: (status, limit, move texts, states, unique states).");

  m.def(
      "spider_shorten",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed,
         const std::vector<std::string>& line, int depth) {
        const Position pos{columns, hidden, stock, removed};
        std::vector<std::string> out;
        {
          nb::gil_scoped_release release;
          out = shorten(pos, line, depth);
        }
        return out;
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      nb::arg("line"), nb::arg("depth"),
      "A winning line with detours cut out (positions reaching a later one in at most `depth` "
      "moves).");

  m.def(
      "spider_stage_game",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed, uint64_t stage_states,
         uint64_t final_states, const std::vector<int>& weights, const std::vector<int>& look) {
        const Position pos{columns, hidden, stock, removed};
        Weights w = kStageWeights;
        if (!weights.empty()) {
          if (weights.size() != 4)
            throw std::invalid_argument("weights: four integers (down, brk, fit, empty)");
          w = Weights{weights[0], weights[1], weights[2], weights[3]};
        }
        const Lookahead la = lookahead(look);
        StageGame g;
        {
          nb::gil_scoped_release release;
          g = stage_game(pos, stage_states, final_states, w, la);
        }
        return std::make_tuple(g.won, g.moves, g.face_down, g.runs_removed);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      nb::arg("stage_states"), nb::arg("final_states"), nb::arg("weights") = std::vector<int>{},
      nb::arg("look") = std::vector<int>{},
      "The no-peek stage player's game played on: (won, moves, face-down cards left, runs "
      "removed); the pruned search within `final_states` positions once every card is seen "
      "and the stock gone. `weights` (down, brk, fit, empty) replace the stage player's own; "
      "`look` (leaves, cards, states, seed) makes it look past each stage's ends.");

  m.def(
      "spider_stage_line",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed, uint64_t stage_states,
         const std::vector<int>& look) {
        const Position pos{columns, hidden, stock, removed};
        const Lookahead la = lookahead(look);
        nb::gil_scoped_release release;
        return stage_line(pos, stage_states, kStageWeights, la);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      nb::arg("stage_states"), nb::arg("look") = std::vector<int>{},
      "The no-peek stage plan's moves: to the best position where a card turns up within "
      "`stage_states` positions (with `look`, leaves, cards, states, seed, the one whose look "
      "past it scores best), else to the best one a row can be dealt on, and the deal.");

  bind_probes(m);
  bind_player(m);
}

}  // namespace kosynka::spider
