// Each game's search core adds its functions to the one extension module, kosynka.solver._core.
#pragma once

#include <nanobind/nanobind.h>

void bind_klondike(nanobind::module_& m);
void bind_freecell(nanobind::module_& m);
void bind_freecell_referee(nanobind::module_& m);  // the referee, apart from the search
void bind_freecell_range(nanobind::module_& m);     // ranges: deal, search, referee
void bind_spider(nanobind::module_& m);
