// The HTML report of check, compare and races (FORMAT.md, "The HTML report"): one self-contained
// page, with its style and script inline, that a browser opens without a network. It holds what
// the text report holds, laid out for reading: the verdict, the figures of the exploration, the
// races with their verdicts, the outcomes as a table (one row per outcome shown, one column per
// output and variable), the summary of a long list as the text report makes it, and for each
// outcome shown its values, the definitions of the names of long terms (FORMAT.md, "Long
// terms"), each with an anchor (`#t12`; `#added-t12` and `#lost-t12` in a compare) that every
// use of the name links to, and its witness as a numbered list of firings. The pages of check
// and races also hold the picture of the graph (graph_picture.h), its racing nodes marked and
// linked from the races table; a check's page steps through each witness shown on it
// (html_steps.h).
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

// `values` receives the values of the witnesses' replay (witness_steps.h).
void write_check_html(std::ostream& out, const api::CheckResult& r, const sem::Program& program,
                      sem::ValueStore& values, api::ValueForm form, OutcomeListing listing);
void write_compare_html(std::ostream& out, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form, OutcomeListing listing);
// `tfmc races`: the races as the check report's table, without verdicts.
void write_races_html(std::ostream& out, const sem::Program& program,
                      const std::vector<api::Race>& races);

}  // namespace tfmc::app
