// The HTML report's stepping through a witness (FORMAT.md, "The HTML report"): for an outcome,
// the steps that witness_steps.h keeps, as a list a reader follows without a script (each
// firing with the variables it changed and their values, printed by the report's --values
// form), and controls that a small script (step_script) makes work: back and forward buttons,
// a click on a step, and the page's fragment `#outcome-N-step-K` (the step after K firings of
// outcome N, the id of its list entry) select a step; the selected step's node is given the
// CSS class `fired` on the picture (the element graph_picture.h draws it with) and the table of
// the variables shows their values after it.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "checker/api/printed_outcome.h"
#include "semantics/program/program.h"
#include "tools/app/witness_steps.h"

namespace tfmc::app {

// The steps of outcome `number` (from 1), whose witness has `firings` firings; `element` is
// each node's element on the picture. Names of long terms' parts count afresh for the steps
// and link to definitions after them (`#outcome-N-t12`).
void write_steps(std::ostream& out, std::size_t number, const std::vector<WitnessStep>& steps,
                 std::size_t firings, const sem::Program& program,
                 const std::vector<std::string>& element, const sem::ValueStore& values,
                 api::ValueForm form);

// The script, once per page, after every stepper.
void write_step_script(std::ostream& out);

}  // namespace tfmc::app
