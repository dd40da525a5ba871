// nanobind bindings of the Spider search core (part of kosynka.solver._core).
#include <tuple>

#include "bindings.hpp"
#include "spider.hpp"

namespace nb = nanobind;
using namespace kosynka::spider;
namespace common = kosynka::common;

namespace {

Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
                       const std::vector<int>& stock, const std::vector<int>& removed) {
  Position pos;
  pos.columns = columns;
  pos.hidden = hidden;
  pos.stock = stock;
  pos.removed = removed;
  return pos;
}

}  // namespace

void bind_spider(nb::module_& m) {
  m.def(
      "spider_solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed, double time_limit,
         uint64_t max_states, bool pruned, bool exhaustive, uint64_t first_budget) {
        Position pos = make_position(columns, hidden, stock, removed);
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
        Position pos = make_position(columns, hidden, stock, removed);
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
      "spider_expand",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed,
         const std::vector<int>& moves) {
        std::vector<uint16_t> line(moves.begin(), moves.end());
        return expand_line(make_position(columns, hidden, stock, removed), line);
      },
      "The text of a line of search moves (codes), moves of several runs written out as "
      "single moves.");

  m.def(
      "spider_legal_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        return legal_move_texts(make_position(columns, hidden, stock, removed));
      },
      "Every legal move of a Spider position as move text, in the engine's order.");

  m.def(
      "spider_pruned_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        return pruned_moves(make_position(columns, hidden, stock, removed));
      },
      "The moves the pruned best-first search tries from a position, in order.");

  m.def(
      "spider_ordered_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        return ordered_moves(make_position(columns, hidden, stock, removed));
      },
      "The exhaustive search's moves of a position, best first.");

  m.def(
      "spider_evaluate",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        return evaluate_position(make_position(columns, hidden, stock, removed));
      },
      "The searches' evaluation of a position (lower is better).");
}
