// nanobind bindings of the Pyramid search core (part of kosynka.solver._core).
#include "bindings.hpp"
#include "pyramid_search.hpp"

namespace nb = nanobind;

namespace kosynka::pyramid {

// Pyramid's functions in kosynka.solver._core.
void bind(nb::module_& m) {
  m.def(
      "pyramid_solve",
      [](const std::vector<int>& places, const std::vector<int>& talon, int waste_count,
         int pass_number, int passes, bool goal_all, double time_limit, uint64_t max_states) {
        const Position pos{places, talon, waste_count, pass_number};
        const Rules rules{passes, goal_all};
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = solve(pos, rules, Limits{time_limit, max_states});
        }
        return common::result_tuple(r);
      },
      nb::arg("places"), nb::arg("talon"), nb::arg("waste_count"), nb::arg("pass_number"),
      nb::arg("passes"), nb::arg("goal_all"), nb::arg("time_limit"), nb::arg("max_states"),
      "Decide a Pyramid position (places: the card on each of the 28 places, -1 when gone; "
      "talon: the waste bottom to top, then the stock top card first; passes 0: unlimited): "
      "(status, limit, move texts, states, unique states).");
}

}  // namespace kosynka::pyramid
