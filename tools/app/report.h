// The two renderings of a CheckResult: the readable text report and the JSON document of
// FORMAT.md section 6 (required keys, plus "stop_reason" when incomplete and extra "stats").
#pragma once

#include <string>

#include "tools/app/check_result.h"

namespace tfmc::app {

std::string render_json(const CheckResult& r);
std::string render_text(const CheckResult& r);

}  // namespace tfmc::app
