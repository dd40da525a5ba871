// What the binding files share: nanobind, and a search's result as the Python side gets it.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <string>
#include <tuple>
#include <vector>

#include "common.hpp"

namespace kosynka::common {

// (status, limit, line, states, unique states); `status` names the status when given (for a
// search that could not take the position at all).
template <class Step>
std::tuple<std::string, std::string, std::vector<Step>, uint64_t, uint64_t> result_tuple(
    const SearchResult<Step>& r, const char* status = nullptr) {
  return std::make_tuple(std::string(status ? status : status_text(r.status)), r.limit, r.line,
                         r.states, r.unique_states);
}

}  // namespace kosynka::common
