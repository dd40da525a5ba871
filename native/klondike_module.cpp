// nanobind bindings of the Klondike search core (part of kosynka.solver._core).
#include <stdexcept>
#include <tuple>

#include "bindings.hpp"
#include "klondike.hpp"

namespace nb = nanobind;
using namespace kosynka;

namespace {

constexpr int kMaxPasses = 1024;

Position make_position(const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
                       const std::vector<int>& talon, int waste, const std::vector<int>& found,
                       int pass_number, int draw, int passes, bool ret) {
  Position pos;
  pos.columns = columns;
  pos.hidden = hidden;
  pos.talon = talon;
  pos.waste = waste;
  pos.found = found;
  pos.pass_number = pass_number;
  if (draw != 1 && draw != 3) throw std::invalid_argument("draw must be 1 or 3");
  // The searches keep the pass number in 11 bits (2047) and 16-bit undo records; the Python
  // front reduces every pass rule to at most one recycle per talon card before it gets here
  // (solver.normalized), so larger values are refused rather than silently cut.
  if (passes < 0 || passes > kMaxPasses)
    throw std::invalid_argument("passes must be 0 (unlimited) .. 1024");
  if (pass_number < 1 || pass_number > kMaxPasses || (passes != 0 && pass_number > passes))
    throw std::invalid_argument("pass_number must be 1 .. passes (at most 1024)");
  pos.rules = Rules{draw, passes, ret};
  for (const auto& col : columns)
    for (int c : col)
      if (c < 0 || c >= 52) throw std::invalid_argument("card index out of range");
  for (int c : talon)
    if (c < 0 || c >= 52) throw std::invalid_argument("card index out of range");
  return pos;
}

}  // namespace

void bind_klondike(nb::module_& m) {
  m.def(
      "solve",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret, double time_limit, uint64_t max_states, bool shortest) {
        Position pos =
            make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret);
        SearchResult r;
        {
          nb::gil_scoped_release release;
          r = search(pos, Limits{time_limit, max_states}, shortest);
        }
        return common::result_tuple(r);
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("shortest"),
      "Decide a position: (status, limit, engine moves, states, unique states).");

  m.def(
      "set_solve",
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
          r = set_search(pos, Limits{time_limit, max_states}, SetOptions{shortest, plain_first, flags},
                         &supported);
        }
        // "unsupported": the abstract search cannot represent the position.
        return common::result_tuple(r, supported ? nullptr : "unsupported");
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      nb::arg("time_limit"), nb::arg("max_states"), nb::arg("shortest") = false,
      nb::arg("plain_first") = 0, nb::arg("flags") = 0,
      "Decide a position with the abstract search: (status, limit, engine moves, states, unique "
      "states); status 'unsupported' when the position has face-up cards out of sequence. With "
      "foundation return on, plain_first > 0 first looks that many states for a line that "
      "never brings a card back. flags: switches for tests and experiments (0 in normal use; "
      "see SetOptions in the core).");

  m.def(
      "relaxed_verdict",
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

  m.def(
      "legal_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret) {
        State st(make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret));
        return st.legal_moves();
      },
      "Every legal engine move of a position, as move text (for checks against the engine).");

  m.def(
      "macro_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret) {
        State st(make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret));
        std::vector<Macro> ms;
        st.moves(ms, Last{});
        std::vector<std::tuple<int, int, int, int>> out;
        for (const Macro& mm : ms) out.emplace_back(mm.kind, mm.src, mm.detail, mm.dest);
        return out;
      },
      "The search's macro moves of a position, best first (for checks against the reference).");
}
