// Spider's test probes: functions that exist only so the tests can hold the core to the Python
// reference and the rules engine (legal moves, the searches' moves, the evaluation, moves of
// several runs written out), apart from the search.
#include "bindings.hpp"
#include "spider_search.hpp"

namespace nb = nanobind;

namespace kosynka::spider {
namespace {


// The moves as move text, in order.
std::vector<std::string> move_texts(const State& st, const std::vector<uint16_t>& moves) {
  std::vector<std::string> out;
  for (uint16_t m : moves) out.push_back(st.move_text(m));
  return out;
}

}  // namespace

void bind_probes(nb::module_& m) {
  m.def(
      "spider_legal_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        State st(Position{columns, hidden, stock, removed});
        std::vector<uint16_t> moves;
        st.legal_moves(moves);
        return move_texts(st, moves);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      "Every legal move of a Spider position as move text, in the engine's order.");

  m.def(
      "spider_pruned_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        State st(Position{columns, hidden, stock, removed});
        std::vector<uint16_t> moves;
        pruned_move_list(st, moves);
        return move_texts(st, moves);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      "The moves the pruned best-first search tries from a position, in order.");

  m.def(
      "spider_ordered_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        State st(Position{columns, hidden, stock, removed});
        std::vector<uint16_t> moves;
        exhaustive_move_list(st, moves);
        order_moves(st, moves, Weights{});
        return move_texts(st, moves);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      "The exhaustive search's moves of a position, best first.");

  m.def(
      "spider_evaluate",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed) {
        return State(Position{columns, hidden, stock, removed}).evaluate(Weights{});
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      "The searches' evaluation of a position (lower is better).");

  m.def(
      "spider_expand",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& stock, const std::vector<int>& removed,
         const std::vector<int>& moves) {
        std::vector<uint16_t> line(moves.begin(), moves.end());
        State st(Position{columns, hidden, stock, removed});
        return texts(st, single_moves(st, line));
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("stock"), nb::arg("removed"),
      nb::arg("moves"),
      "The text of a line of search moves (codes), moves of several runs written out as "
      "single moves.");
}

}  // namespace kosynka::spider
