// The HTML report of check, compare and races (FORMAT.md, "The HTML report"): one self-contained
// page, with its style inline and no script, that a browser opens without a network. It holds what
// the text report holds, laid out for reading: the verdict, the figures of the exploration, the
// races with their verdicts, the outcomes as a table (one row per outcome shown, one column per
// output and variable), the summary of a long list as the text report makes it, and for each
// outcome shown its values, the definitions of the names of long terms (FORMAT.md, "Long
// terms"), each with an anchor (`#t12`; `#added-t12` and `#lost-t12` in a compare) that every
// use of the name links to, and its witness as a numbered list of firings.
//
// Every text from the program (node, variable and file names, values) is escaped, so a name
// holding `<`, `&` or quotes reads as itself. The page is written as it is made, an outcome
// at a time, as the text report is.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/compare.h"
#include "checker/api/printed_outcome.h"
#include "tools/app/outcome_summary.h"

namespace tfmc::app {

void write_check_html(std::ostream& out, const api::CheckResult& r, const sem::ValueStore& values,
                      api::ValueForm form, OutcomeListing listing);
void write_compare_html(std::ostream& out, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form, OutcomeListing listing);
// `tfmc races`: the races as the check report's table, without verdicts.
void write_races_html(std::ostream& out, const std::string& program,
                      const std::vector<api::Race>& races);

}  // namespace tfmc::app
