#include "checker/api/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "semantics/errors/diagnostics.h"
#include "semantics/values/tensor_text.h"

namespace tfmc::api {
namespace {

// The dtype and shape of a concrete value (`f32[2,3]`, `i32`), or "" for a symbolic value, an
// error or an empty slot.
std::string type_of(sem::ValueId id, const sem::ValueStore& values) {
  return values.is_concrete(id) ? sem::format_tensor_type(values.get(id).tensor) : "";
}

// Applies renames and drops ignored names in place; the result stays sorted by name. Throws
// sem::InputError when the renames give two of the `kind`s one name: their values would be
// matched against one name of the other side.
void map_names(std::vector<NamedValue>& named, const NameMapping& m, bool rename,
               const char* kind) {
  std::vector<NamedValue> out;
  for (NamedValue v : named) {
    if (rename) {
      for (const auto& [from, to] : m.renames) {
        if (v.name == from) {
          v.name = to;
          break;
        }
      }
    }
    if (std::find(m.ignored.begin(), m.ignored.end(), v.name) != m.ignored.end()) continue;
    out.push_back(std::move(v));
  }
  std::sort(out.begin(), out.end());
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (out[i].name == out[i - 1].name) {
      throw sem::InputError(fmt::format(
          "tfmc compare: --map gives two {}s of BEFORE the name '{}'\n", kind, out[i].name));
    }
  }
  named = std::move(out);
}

void map_result(CheckResult& r, const NameMapping& m, bool rename) {
  for (Outcome& o : r.outcomes) {
    map_names(o.outputs, m, rename, "output");
    map_names(o.variables, m, rename, "variable");
  }
}

using TypesByName = std::map<std::string, std::set<std::string>>;

// Every name of each kind with the set of types its concrete values have.
struct Signature {
  TypesByName outputs;
  TypesByName variables;
};

Signature signature(const CheckResult& r, const sem::ValueStore& values) {
  Signature s;
  const auto add = [&](const std::vector<NamedValue>& named, TypesByName& into) {
    for (const NamedValue& v : named) {
      auto& types = into[v.name];
      if (const std::string t = type_of(v.value, values); !t.empty()) types.insert(t);
    }
  };
  for (const Outcome& o : r.outcomes) {
    add(o.outputs, s.outputs);
    add(o.variables, s.variables);
  }
  return s;
}

bool share_a_type(const std::set<std::string>& a, const std::set<std::string>& b) {
  return std::any_of(a.begin(), a.end(), [&](const std::string& t) { return b.count(t) != 0; });
}

void check_matching(const TypesByName& before, const TypesByName& after, const char* kind,
                    std::string& problems) {
  for (const auto& [name, types] : before) {
    const auto it = after.find(name);
    if (it == after.end()) {
      problems += fmt::format(
          "tfmc compare: {} '{}' of BEFORE is missing in AFTER (use --map {}=NEW if it was "
          "renamed, or --ignore {})\n",
          kind, name, name, name);
    } else if (!types.empty() && !it->second.empty() && !share_a_type(types, it->second)) {
      // Only types that never meet make the comparison meaningless. Where they meet, the
      // outcomes in which a name has another dtype or shape on one side are lost or added
      // outcomes like any other (a rewrite may remove or introduce them).
      problems += fmt::format("tfmc compare: {} '{}' is {} in BEFORE but {} in AFTER\n", kind, name,
                              fmt::join(types, " or "), fmt::join(it->second, " or "));
    }
  }
  for (const auto& [name, types] : after) {
    if (before.count(name) == 0) {
      problems += fmt::format("tfmc compare: {} '{}' of AFTER is missing in BEFORE\n", kind, name);
    }
  }
}

}  // namespace

CompareResult compare(CheckResult before, CheckResult after, const NameMapping& mapping,
                      const sem::ValueStore& values) {
  map_result(before, mapping, true);
  map_result(after, mapping, false);
  // A side without outcomes (a run stopped before any final state) has nothing to match.
  if (!before.outcomes.empty() && !after.outcomes.empty()) {
    const Signature b = signature(before, values);
    const Signature a = signature(after, values);
    std::string problems;
    check_matching(b.outputs, a.outputs, "output", problems);
    check_matching(b.variables, a.variables, "variable", problems);
    if (!problems.empty()) throw sem::InputError(problems);
  }
  CompareResult r;
  r.added = difference(after.outcomes, before.outcomes, Matching::AcrossPrograms, &r.added_why);
  r.lost = difference(before.outcomes, after.outcomes, Matching::AcrossPrograms, &r.lost_why);
  r.complete = before.exploration.complete && after.exploration.complete;
  if (r.complete) {
    r.refines = r.added.empty();
    r.equivalent = r.added.empty() && r.lost.empty();
  }
  r.before = std::move(before);
  r.after = std::move(after);
  return r;
}

}  // namespace tfmc::api
