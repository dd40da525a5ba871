// nanobind bindings of the Klondike core (part of kosynka.solver._core).
#include <stdexcept>
#include <tuple>

#include "bindings.hpp"
#include "klondike_search.hpp"

namespace nb = nanobind;

namespace kosynka::klondike {

void bind_probes(nb::module_& m);  // klondike_probes.cpp

// Klondike's functions in kosynka.solver._core.
void bind(nb::module_& m) {
  m.def(
      "klondike_solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret, double time_limit, uint64_t max_states, bool shortest) {
        Position pos =
            make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret);
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = solve(pos, Limits{time_limit, max_states}, shortest);
        }
        return common::result_tuple(r);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("short_line"),
      "Decide a position: (status, limit, engine moves, states, unique states).");

  m.def(
      "klondike_set_solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret, double time_limit, uint64_t max_states, bool shortest,
         uint64_t plain_first, int flags) {
        Position pos =
            make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret);
        SearchResult r;
        bool supported = false;
        {
          nb::gil_scoped_release release;
          r = set_solve(pos, Limits{time_limit, max_states},
                        SetOptions{shortest, plain_first, flags}, &supported);
        }
        // "unsupported": the abstract search cannot represent the position.
        return common::result_tuple(r, supported ? nullptr : "unsupported");
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("short_line") = false,
      nb::arg("plain_first") = 0, nb::arg("flags") = 0,
      "Decide a position with the abstract search: (status, limit, engine moves, states, unique "
      "states); status 'unsupported' when the position has face-up cards out of sequence. With "
      "foundation return on, plain_first > 0 first looks that many states for a line that "
      "never brings a card back. flags: switches for tests and experiments (0 in normal use; "
      "see SetOptions in the core).");

  m.def(
      "klondike_relaxed_verdict",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret, uint64_t max_states) {
        Position pos =
            make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret);
        uint64_t states = 0;
        int v;
        {
          nb::gil_scoped_release release;
          v = relaxed_verdict(pos, max_states, &states);
        }
        return std::make_tuple(std::string(v == 1 ? "lost" : v == 0 ? "open" : "limit"), states);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      nb::arg("max_states") = 0,
      "The abstract search's talon-free relaxation alone: ('lost' | 'open' | 'limit', positions "
      "looked at). 'lost' proves the position cannot be won; 'open' proves nothing.");

  bind_probes(m);
}

}  // namespace kosynka::klondike
