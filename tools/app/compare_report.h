// The renderings of `tfmc compare` (checker/api/compare.h): a text report, and a JSON document
// that extends check's (FORMAT.md, "The JSON result" and "The report"): its top-level keys describe
// AFTER, "before" holds the same keys for BEFORE, and "refines", "equivalent" (true, false, or null
// when a limit stopped either exploration), "added" and "lost" (outcome lists as in "outcomes") say
// how they relate. Values are printed from the value store both checks were made into.
#pragma once

#include <string>

#include "checker/api/compare.h"
#include "checker/api/printed_outcome.h"

namespace tfmc::app {

std::string render_compare_text(const api::CompareResult& r, const sem::ValueStore& values,
                                api::ValueForm form);
std::string render_compare_json(const api::CompareResult& r, const sem::ValueStore& values,
                                api::ValueForm form);

}  // namespace tfmc::app
