// The extension module kosynka.solver._core: every game's search core, bound with nanobind.
#include "bindings.hpp"

namespace kosynka::spider {
void bind(nanobind::module_& m);
}

NB_MODULE(_core, m) {
  m.doc() = "kosynka's search cores (C++20): Klondike, FreeCell, Spider";
  bind_klondike(m);
  bind_freecell(m);
  bind_freecell_referee(m);
  bind_freecell_range(m);
  kosynka::spider::bind(m);
}
