#include "checker/api/uninitialized_warning.h"

#include <fmt/format.h>

#include <algorithm>

namespace tfmc::api {
namespace {

bool uninitialized(sem::ValueId id, const sem::ValueStore& values) {
  return values.is_error(id) && values.get(id).error == eval::ErrorKind::Uninitialized;
}

bool any_uninitialized(const std::vector<NamedValue>& named, const sem::ValueStore& values) {
  return std::any_of(named.begin(), named.end(),
                     [&](const NamedValue& v) { return uninitialized(v.value, values); });
}

}  // namespace

std::vector<std::string> uninitialized_warnings(const sem::Program& program,
                                                const std::vector<Outcome>& outcomes,
                                                const sem::ValueStore& values) {
  // The variables that start uninitialized; those an outcome still shows so come first.
  std::vector<std::string> never, shown;
  for (const sem::Variable& v : program.variables) {
    if (!uninitialized(v.initial, values)) continue;
    never.push_back(v.name);
    const bool still = std::any_of(outcomes.begin(), outcomes.end(), [&](const Outcome& o) {
      return std::any_of(o.variables.begin(), o.variables.end(), [&](const NamedValue& x) {
        return x.name == v.name && uninitialized(x.value, values);
      });
    });
    if (still) shown.push_back(v.name);
  }
  if (never.empty() || outcomes.empty()) return {};
  const bool every_outcome_reads =
      std::all_of(outcomes.begin(), outcomes.end(), [&](const Outcome& o) {
        return any_uninitialized(o.outputs, values) || any_uninitialized(o.variables, values);
      });
  const bool every_variable_error =
      std::all_of(outcomes.begin(), outcomes.end(), [&](const Outcome& o) {
        return std::all_of(o.variables.begin(), o.variables.end(),
                           [&](const NamedValue& x) { return values.is_error(x.value); });
      });
  if (!every_outcome_reads && !every_variable_error) return {};
  const std::vector<std::string>& named = shown.empty() ? never : shown;
  const bool one = named.size() == 1;
  return {fmt::format(
      "{}: {} {} {} never given a value. Give {} one: an INIT in a .tfg program (var {} = VALUE); "
      "in a TensorFlow graph file, --init with the graph's initializer (and --feed for the "
      "placeholders it reads); in a SavedModel, the values of its variables/ checkpoint",
      every_outcome_reads ? "every outcome holds Error(uninitialized)"
                          : "every variable is an error in every outcome",
      one ? "variable" : "variables", fmt::join(named, ", "), one ? "is" : "are",
      one ? "it" : "them", named.front())};
}

}  // namespace tfmc::api
