// nanobind bindings of the Freecell search core (part of kosynka.solver._core).
#include "bindings.hpp"

void bind_freecell(nanobind::module_& m) { (void)m; }
