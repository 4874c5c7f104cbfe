// The checking API's results (checker/api/) as the plain Python objects the tfmc package wraps
// (tools/python/tfmc/_results.py): dicts, lists, strings, and bytes for concrete tensors. Every
// text in them is the command line's wording, made by the report renderers of tools/app/
// (report.h), so that a Python user reads what `tfmc check` prints.
#pragma once

#include <pybind11/pybind11.h>

#include <vector>

#include "checker/api/check.h"
#include "checker/api/compare.h"
#include "checker/api/race.h"
#include "semantics/values/value_store.h"

namespace tfmc::python {

// A concrete tensor as (NumPy dtype name, shape, bytes in row-major order), which the package
// makes a NumPy array of; None for any other value (a symbol, a term, an error, DEAD or EMPTY,
// which the package shows by its printed text).
pybind11::object tensor_parts(sem::ValueId id, const sem::ValueStore& values);

// {"outcomes", "races", "stats", "complete", "stop_reason", "warnings", "exit_code", "report"}:
// the check `r` made into `values`, its text report and the exit code `tfmc check` gives it.
pybind11::dict check_dict(const api::CheckResult& r, const sem::ValueStore& values);

// {"before", "after" (check dicts), "complete", "refines", "equivalent", "added", "lost",
// "exit_code", "report"}: the compare `r`, judged for equivalence with `require_equivalent`.
pybind11::dict compare_dict(const api::CompareResult& r, const sem::ValueStore& values,
                            bool require_equivalent);

// {"races", "complete", "exit_code", "report"}: `tfmc races` of `program` (`complete`: the
// analysis was not stopped by a limit).
pybind11::dict races_dict(const std::string& program, const std::vector<api::Race>& races,
                          bool complete);

}  // namespace tfmc::python
