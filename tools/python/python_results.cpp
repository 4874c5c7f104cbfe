#include "tools/python/python_results.h"

#include <pybind11/stl.h>

#include <sstream>

#include "checker/api/printed_outcome.h"
#include "tools/app/exit_codes.h"
#include "tools/app/report.h"

namespace py = pybind11;

namespace tfmc::python {
namespace {

// The NumPy name of a tensor dtype: the same element layout, so that the bytes read as they
// are (bool elements are one byte each, 0 or 1).
const char* numpy_dtype(eval::DType t) {
  switch (t) {
    case eval::DType::F32:
      return "float32";
    case eval::DType::F64:
      return "float64";
    case eval::DType::I32:
      return "int32";
    case eval::DType::I64:
      return "int64";
    case eval::DType::Bool:
      return "bool";
  }
  return "";
}

// [(name, tensor or None, printed text)] in the outcome's (name) order; the text as the JSON
// result prints it, every element (FORMAT.md, "How values print").
py::list named_values(const std::vector<api::NamedValue>& named, const sem::ValueStore& values) {
  api::OutcomePrinter whole(values, api::ValueForm::Full);
  std::vector<sem::TermDefinition> none;  // the full form defines no shared terms
  py::list out;
  for (const api::NamedValue& v : named) {
    out.append(py::make_tuple(v.name, tensor_parts(v.value, values), whole.value(v.value, none)));
  }
  return out;
}

py::list outcome_list(const std::vector<api::Outcome>& outcomes, const sem::ValueStore& values,
                      const std::string& title) {
  py::list out;
  api::OutcomePrinter printer(values, api::ValueForm::Summary, title);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const api::Outcome& o = outcomes[i];
    const api::PrintedOutcome printed = printer.outcome(o, outcomes.front());
    py::list bounds;
    for (const api::BoundReached& b : o.bounds) bounds.append(py::make_tuple(b.node, b.frame));
    py::list assumptions;
    for (const auto& set : printed.assumptions) {
      py::list texts;
      for (const api::PrintedAssumption& a : set) texts.append(api::assumption_text(a));
      assumptions.append(texts);
    }
    py::dict d;
    d["outputs"] = named_values(o.outputs, values);
    d["variables"] = named_values(o.variables, values);
    d["stuck"] = o.stuck;
    d["blocked"] = o.blocked;
    d["bounds"] = bounds;
    d["witness"] = o.witness;
    d["assumptions"] = assumptions;
    d["text"] =
        app::outcome_text(printed, fmt::format("{} {} of {}", title, i + 1, outcomes.size()));
    out.append(d);
  }
  return out;
}

const char* verdict(const api::Race& r) {
  if (!r.observable) return "unknown";
  return *r.observable ? "observable" : "benign";
}

py::list race_list(const std::vector<api::Race>& races) {
  py::list out;
  for (const api::Race& r : races) {
    // The race's line of `tfmc races`, without the count line that follows it.
    const std::string text = app::render_races_text({r});
    py::dict d;
    d["first"] = r.first;
    d["second"] = r.second;
    d["first_location"] = fmt::format("{}:{}", r.first_file, r.first_line);
    d["second_location"] = fmt::format("{}:{}", r.second_file, r.second_line);
    d["variable"] = r.variable;
    d["kind"] = r.kind;
    d["verdict"] = verdict(r);
    d["unknown_reason"] = r.unknown_reason;
    d["text"] = text.substr(0, text.find('\n'));
    out.append(d);
  }
  return out;
}

py::dict stats(const api::CheckResult& r) {
  const check::Exploration& e = r.exploration;
  py::dict d;
  d["states"] = e.states;
  d["transitions"] = e.transitions;
  d["final_states"] = e.final_states;
  d["stuck_states"] = r.stuck_states;
  d["evaluations"] = r.evaluations;
  d["eager_firings"] = r.eager_firings;
  d["values"] = r.values;
  d["seconds"] = e.seconds;
  d["threads"] = e.threads;
  d["store_bytes"] = e.store_bytes;
  return d;
}

}  // namespace

py::object tensor_parts(sem::ValueId id, const sem::ValueStore& values) {
  if (id <= sem::kDead || !values.is_concrete(id)) return py::none();
  const eval::Tensor& t = values.get(id).tensor;
  const py::bytes bytes(reinterpret_cast<const char*>(t.bytes.data()), t.bytes.size());
  return py::make_tuple(numpy_dtype(t.dtype), py::tuple(py::cast(t.shape)), bytes);
}

py::dict check_dict(const api::CheckResult& r, const sem::ValueStore& values) {
  std::ostringstream report;
  app::write_text(report, r, values, api::ValueForm::Summary, app::OutcomeListing::Summary);
  py::dict d;
  d["program"] = r.program;
  d["outcomes"] = outcome_list(r.outcomes, values, "outcome");
  d["races"] = race_list(r.races);
  d["stats"] = stats(r);
  d["complete"] = r.exploration.complete;
  d["stop_reason"] = check::stop_reason_name(r.exploration.stop_reason);
  d["warnings"] = r.warnings;
  d["exit_code"] = app::check_exit_code(r);
  d["report"] = report.str();
  return d;
}

py::dict compare_dict(const api::CompareResult& r, const sem::ValueStore& values,
                      bool require_equivalent) {
  std::ostringstream report;
  app::write_compare_text(report, r, values, api::ValueForm::Summary, app::OutcomeListing::Summary);
  py::dict d;
  d["before"] = check_dict(r.before, values);
  d["after"] = check_dict(r.after, values);
  d["complete"] = r.complete;
  d["refines"] = r.refines ? py::cast(*r.refines) : py::none();
  d["equivalent"] = r.equivalent ? py::cast(*r.equivalent) : py::none();
  d["added"] = outcome_list(r.added, values, "added outcome");
  d["lost"] = outcome_list(r.lost, values, "lost outcome");
  d["exit_code"] = app::compare_exit_code(r, require_equivalent);
  d["report"] = report.str();
  return d;
}

py::dict races_dict(const std::string& program, const std::vector<api::Race>& races,
                    bool complete) {
  py::dict d;
  d["program"] = program;
  d["races"] = race_list(races);
  d["complete"] = complete;
  // As `tfmc races` exits: a race is nondeterminism the graph allows, whether or not it shows.
  d["exit_code"] = static_cast<int>(!complete       ? app::kExitIncomplete
                                    : races.empty() ? app::kExitOk
                                                    : app::kExitNondeterministic);
  d["report"] = app::render_races_text(races);
  return d;
}

}  // namespace tfmc::python
