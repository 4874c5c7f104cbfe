// The two renderings of a CheckResult: the readable text report and the JSON document of
// FORMAT.md section 6 (required keys, plus "stop_reason" when incomplete, extra "stats", and
// "races"); and the two renderings of `tfmc races`.
#pragma once

#include <string>
#include <vector>

#include "tools/app/check_result.h"

namespace tfmc::app {

std::string render_json(const CheckResult& r);
std::string render_text(const CheckResult& r);

// The JSON list of outcomes (FORMAT.md section 6 "outcomes"), indented as a top-level key's
// value, and one outcome of the text report under `title` ("outcome 2 of 3").
std::string outcomes_json(const std::vector<PrintedOutcome>& outcomes);
std::string outcome_text(const PrintedOutcome& o, const std::string& title);

// `tfmc races`: one line per race in the given order, `A (FILE:LINE) and B (FILE:LINE) on X:
// KIND`, each node with its own file, then a count line ("no races", "1 race", "2 races").
std::string render_races_text(const std::vector<PrintedRace>& races);
// {"program": ..., "races": [...]}, each race as in check's "races" without "observable".
std::string render_races_json(const std::string& program, const std::vector<PrintedRace>& races);

}  // namespace tfmc::app
