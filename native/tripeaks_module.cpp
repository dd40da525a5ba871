// nanobind bindings of the TriPeaks search core (part of kosynka.solver._core).
#include "bindings.hpp"
#include "tripeaks_search.hpp"

namespace nb = nanobind;

namespace kosynka::tripeaks {

// TriPeaks' functions in kosynka.solver._core.
void bind(nb::module_& m) {
  m.def(
      "tripeaks_search",
      [](const std::vector<int>& places, const std::vector<int>& stock, int top, bool wrap,
         double time_limit, uint64_t max_states) {
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = solve(places, stock, top, wrap, Limits{time_limit, max_states});
        }
        return common::result_tuple(r);
      },
      nb::arg("places"), nb::arg("stock"), nb::arg("top"), nb::arg("wrap"),
      nb::arg("time_limit"), nb::arg("max_states"),
      "Decide a TriPeaks position (places: the card on each of the 28 places, -1 when gone; "
      "stock: the next to turn first; top: the waste's top card; time_limit < 0 and "
      "max_states 0: no such limit): (status, limit, move texts, states, unique states).");
}

}  // namespace kosynka::tripeaks
