// The renderings of `tfmc compare` (compare.h): a text report, and a JSON document that
// extends check's (FORMAT.md section 6): its top-level keys describe AFTER, "before" holds the
// same keys for BEFORE, and "refines", "equivalent" (true, false, or null when a limit stopped
// either exploration), "added" and "lost" (outcome lists as in "outcomes") say how they relate.
#pragma once

#include <string>

#include "tools/app/compare.h"

namespace tfmc::app {

std::string render_compare_text(const CompareResult& r);
std::string render_compare_json(const CompareResult& r);

}  // namespace tfmc::app
