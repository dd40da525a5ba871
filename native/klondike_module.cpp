// nanobind bindings of the Klondike core (part of kosynka.solver._core).
#include <stdexcept>
#include <tuple>
#include <utility>

#include "bindings.hpp"
#include "klondike_search.hpp"

namespace nb = nanobind;

namespace kosynka::klondike {

void bind_probes(nb::module_& m);  // klondike_probes.cpp

// A position some of whose cards are placeholders, 52 + k standing for the k-th card of a
// filling: the no-peek hint's table after a line, judged on many fillings of the places the
// player has not seen (see KlondikeSampler in kosynka.games.klondike.seen).
class Template {
 public:
  Template(Position pos, int unseen) : pos_(std::move(pos)), unseen_(unseen) {
    if (unseen < 0 || unseen > 52) throw std::invalid_argument("unseen must be 0 .. 52");
    const auto check = [&](int c) {
      if (c < 0 || c >= 52 + unseen) throw std::invalid_argument("card index out of range");
    };
    for (const auto& col : pos_.columns)
      for (int c : col) check(c);
    for (int c : pos_.talon) check(c);
  }

  // Whether the abstract search (the exact one when it cannot represent the position) wins
  // the position filled with `fill` within `max_states` states (0: no limit).
  bool solved(const std::vector<int>& fill, uint64_t max_states, uint64_t plain_first) const {
    if (int(fill.size()) != unseen_)
      throw std::invalid_argument("a filling needs one card for each unseen place");
    for (int c : fill)
      if (c < 0 || c >= 52) throw std::invalid_argument("card index out of range");
    Position pos = pos_;
    const auto put = [&](int& c) {
      if (c >= 52) c = fill[size_t(c - 52)];
    };
    for (auto& col : pos.columns)
      for (int& c : col) put(c);
    for (int& c : pos.talon) put(c);
    const Limits limits{-1.0, max_states};
    bool supported = false;
    nb::gil_scoped_release release;
    SearchResult r = set_solve(pos, limits, SetOptions{false, plain_first, 0, true}, &supported);
    if (!supported) r = solve(pos, limits, false);
    return r.status == common::Status::kSolved;
  }

 private:
  Position pos_;
  int unseen_;
};

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

  nb::class_<Template>(
      m, "KlondikeTemplate",
      "A Klondike position some of whose cards are placeholders: card 52 + k stands for the "
      "k-th card of a filling of the unseen places (there are `unseen`), so that one table is "
      "judged on many fillings without being made again for each. The position and rules as "
      "klondike_set_solve takes them.")
      .def(
          "__init__",
          [](Template* t, const std::vector<std::vector<int>>& columns,
             const std::vector<int>& hidden, const std::vector<int>& talon, int waste,
             const std::vector<int>& found, int pass_number, int draw, int passes, bool ret,
             int unseen) {
            // make_position checks the rules; the cards are checked by Template.
            std::vector<std::vector<int>> blank(columns.size());
            new (t) Template(
                [&] {
                  Position pos = make_position(blank, hidden, {}, waste, found, pass_number,
                                               draw, passes, ret);
                  pos.columns = columns;
                  pos.talon = talon;
                  return pos;
                }(),
                unseen);
          },
          nb::arg("columns"), nb::arg("hidden"), nb::arg("talon"), nb::arg("waste"),
          nb::arg("found"), nb::arg("pass_number"), nb::arg("draw"), nb::arg("passes"),
          nb::arg("ret"), nb::arg("unseen"))
      .def("solved", &Template::solved, nb::arg("fill"), nb::arg("max_states"),
           nb::arg("plain_first") = 0,
           "Whether the abstract search (the exact one when it cannot represent the position) "
           "wins the position with its placeholders filled by `fill` (the cards of the unseen "
           "places in order, each 0..51) within max_states states (0: no limit); its line is "
           "not written out.");

  bind_probes(m);
}

}  // namespace kosynka::klondike
