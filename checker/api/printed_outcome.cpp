#include "checker/api/printed_outcome.h"

#include <fmt/format.h>

#include "semantics/values/tensor_summary.h"

namespace tfmc::api {
namespace {

const eval::Tensor* large_tensor(sem::ValueId id, const sem::ValueStore& values) {
  if (!values.is_concrete(id)) return nullptr;
  const eval::Tensor& t = values.get(id).tensor;
  return sem::is_large(t) ? &t : nullptr;
}

NamedValues printed(const std::vector<NamedValue>& named, const sem::ValueStore& values,
                    ValueForm form) {
  NamedValues out;
  for (const NamedValue& v : named) out.emplace_back(v.name, printed_value(v.value, values, form));
  return out;
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

std::string printed_value(sem::ValueId id, const sem::ValueStore& values, ValueForm form) {
  const eval::Tensor* t = form == ValueForm::Full ? nullptr : large_tensor(id, values);
  if (t == nullptr) return values.print(id);
  return form == ValueForm::Summary ? sem::summarize_tensor(*t) : sem::digest_tensor(*t);
}

std::string assumption_text(const PrintedAssumption& a) {
  return fmt::format("{} is {} at {}", a.condition, a.truth ? "true" : "false", a.node);
}

PrintedOutcome printed(const Outcome& o, const Outcome& first, const sem::ValueStore& values,
                       ValueForm form, const std::string& list) {
  PrintedOutcome p{printed(o.outputs, values, form),
                   printed(o.variables, values, form),
                   o.stuck,
                   o.blocked,
                   o.bounds,
                   o.witness,
                   {},
                   {}};
  for (const Assumptions& set : o.assumptions) {
    std::vector<PrintedAssumption>& printed_set = p.assumptions.emplace_back();
    for (const Assumption& a : set) {
      printed_set.push_back({a.node, printed_value(a.condition, values, form), a.truth});
    }
  }
  if (form == ValueForm::Summary && &o != &first) {
    add_differences("output", o.outputs, first.outputs, list, values, p.differences);
    add_differences("variable", o.variables, first.variables, list, values, p.differences);
  }
  return p;
}

std::vector<PrintedOutcome> printed(const std::vector<Outcome>& outcomes,
                                    const sem::ValueStore& values, ValueForm form,
                                    const std::string& list) {
  std::vector<PrintedOutcome> out;
  for (const Outcome& o : outcomes) out.push_back(printed(o, outcomes.front(), values, form, list));
  return out;
}

}  // namespace tfmc::api
