// Klondike's test probes: functions that exist only so the tests can hold the core to the rules
// engine and the Python reference (every legal move, the exact search's macro moves), apart from
// the search.
#include "bindings.hpp"
#include "klondike_state.hpp"

namespace nb = nanobind;

namespace kosynka::klondike {
namespace {

using common::rank_of;
using common::suit_of;

// Every legal engine move of `st` (card moves as text such as "7C>4", "s", "r").
std::vector<std::string> legal_move_texts(const State& st) {
  std::vector<std::string> out;
  auto onto_columns = [&](int card, int source) {
    for (int k = 0; k < kColumns; ++k) {
      if (k == source) continue;
      const int top = st.len[k] ? st.cols[k][st.len[k] - 1] : -1;
      if (rank_of(card) == 13 ? top < 0 : (top >= 0 && fits_on(card, top)))
        out.push_back(move_text(card, k));
    }
  };
  const int waste_top = st.p > 0 ? st.talon[st.p - 1] : -1;
  if (waste_top >= 0 && st.found[suit_of(waste_top)] == rank_of(waste_top) - 1)
    out.push_back(move_text(waste_top, kFound));
  for (int i = 0; i < kColumns; ++i)
    if (st.len[i]) {
      const int c = st.cols[i][st.len[i] - 1];
      if (st.found[suit_of(c)] == rank_of(c) - 1) out.push_back(move_text(c, kFound));
    }
  if (waste_top >= 0) onto_columns(waste_top, -1);
  for (int i = 0; i < kColumns; ++i) {
    if (!st.len[i]) continue;
    for (int j = st.len[i] - 1; j >= st.run_base(i); --j) onto_columns(st.cols[i][j], i);
  }
  if (st.rules.ret)
    for (int s = 0; s < 4; ++s)
      if (st.found[s]) onto_columns(s * 13 + st.found[s] - 1, -1);
  if (st.p < st.n)
    out.emplace_back("s");
  else if (st.p > 0 && st.can_recycle())
    out.emplace_back("r");
  return out;
}

}  // namespace

void bind_probes(nb::module_& m) {
  m.def(
      "klondike_legal_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret) {
        return legal_move_texts(State(
            make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret)));
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      "Every legal engine move of a position, as move text (for checks against the engine).");

  m.def(
      "klondike_macro_moves",
      [](const std::vector<std::vector<int>>& columns, const std::vector<int>& hidden,
         const std::vector<int>& talon, int waste, const std::vector<int>& found, int pass_number,
         int draw, int passes, bool ret) {
        State st(
            make_position(columns, hidden, talon, waste, found, pass_number, draw, passes, ret));
        std::vector<Macro> ms;
        st.moves(ms, Last{});
        std::vector<std::tuple<int, int, int, int>> out;
        for (const Macro& mm : ms) out.emplace_back(mm.kind, mm.src, mm.detail, mm.dest);
        return out;
      },
      nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"), nb::arg("found"),
      nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"), nb::arg("ret"),
      "The search's macro moves of a position, best first (for checks against the reference).");
}

}  // namespace kosynka::klondike
