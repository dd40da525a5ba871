// nanobind bindings of the Spider search core (part of kosynka.solver._core).
#include "bindings.hpp"

void bind_spider(nanobind::module_& m) { (void)m; }
