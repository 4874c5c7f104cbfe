#include "checker/api/printed_outcome.h"

#include <fmt/format.h>

#include "semantics/values/tensor_summary.h"
#include "semantics/values/tensor_text.h"

namespace tfmc::api {
namespace {

const eval::Tensor* large_tensor(sem::ValueId id, const sem::ValueStore& values) {
  if (!values.is_concrete(id)) return nullptr;
  const eval::Tensor& t = values.get(id).tensor;
  return sem::is_large(t) ? &t : nullptr;
}

// A tensor as `form` prints it.
std::string tensor_text(const eval::Tensor& t, ValueForm form) {
  if (!sem::is_large(t)) return sem::format_tensor(t);
  switch (form) {
    case ValueForm::Summary:
      return sem::summarize_tensor(t);
    case ValueForm::Digest:
      return sem::digest_tensor(t);
    case ValueForm::Full:
    case ValueForm::Listed:
      break;
  }
  return sem::format_tensor(t);
}

// The lines that say where the large values of `named` differ from those of the same name in
// `first`.
void add_differences(const char* what, const std::vector<NamedValue>& named,
                     const std::vector<NamedValue>& first, const std::string& list,
                     const sem::ValueStore& values, std::vector<std::string>& out) {
  for (const NamedValue& v : named) {
    for (const NamedValue& f : first) {
      if (f.name != v.name || f.value == v.value) continue;
      const eval::Tensor* a = large_tensor(f.value, values);
      const eval::Tensor* b = large_tensor(v.value, values);
      if (a == nullptr || b == nullptr) continue;
      if (const auto d = sem::tensor_difference(*a, *b)) {
        out.push_back(fmt::format("{} {} differs from {} 1 {}", what, v.name, list,
                                  sem::describe_difference(*d, a->dtype)));
      }
    }
  }
}

}  // namespace

std::string assumption_text(const PrintedAssumption& a) {
  return fmt::format("{} is {} at {}", a.condition, a.truth ? "true" : "false", a.node);
}

std::string witness_text(const PrintedOutcome& o) {
  const std::vector<std::string>& w = o.witness;
  if (w.empty()) return "(no firing)";
  if (o.whole_witness || w.size() <= kWitnessShown) return fmt::format("{}", fmt::join(w, " "));
  return fmt::format(
      "{} ... ({} firings in all: {} not shown; JSON and --values full list every one) ... {}",
      fmt::join(w.begin(), w.begin() + kWitnessHead, " "), w.size(),
      w.size() - kWitnessHead - kWitnessTail, fmt::join(w.end() - kWitnessTail, w.end(), " "));
}

OutcomePrinter::OutcomePrinter(const sem::ValueStore& values, ValueForm form, std::string list)
    : values_(values),
      form_(form),
      list_(std::move(list)),
      shared_(values, [form](const eval::Tensor& t) { return tensor_text(t, form); }) {}

std::string OutcomePrinter::value(sem::ValueId id, std::vector<sem::TermDefinition>& fresh) {
  return form_ == ValueForm::Full ? values_.print(id) : shared_.print(id, fresh);
}

NamedValues OutcomePrinter::named(const std::vector<NamedValue>& named,
                                  std::vector<sem::TermDefinition>& fresh) {
  NamedValues out;
  for (const NamedValue& v : named) out.emplace_back(v.name, value(v.value, fresh));
  return out;
}

PrintedOutcome OutcomePrinter::outcome(const Outcome& o, const Outcome& first) {
  PrintedOutcome p{
      {}, {}, o.stuck, o.blocked, o.bounds, o.witness, {}, {}, form_ == ValueForm::Full, {}};
  p.outputs = named(o.outputs, p.terms);
  p.variables = named(o.variables, p.terms);
  for (const Assumptions& set : o.assumptions) {
    std::vector<PrintedAssumption>& printed_set = p.assumptions.emplace_back();
    for (const Assumption& a : set) {
      printed_set.push_back({a.node, value(a.condition, p.terms), a.truth});
    }
  }
  if (form_ == ValueForm::Summary && &o != &first) {
    add_differences("output", o.outputs, first.outputs, list_, values_, p.differences);
    add_differences("variable", o.variables, first.variables, list_, values_, p.differences);
  }
  return p;
}

std::vector<PrintedOutcome> printed(const std::vector<Outcome>& outcomes,
                                    const sem::ValueStore& values, ValueForm form,
                                    const std::string& list) {
  OutcomePrinter printer(values, form, list);
  std::vector<PrintedOutcome> out;
  for (const Outcome& o : outcomes) out.push_back(printer.outcome(o, outcomes.front()));
  return out;
}

}  // namespace tfmc::api
