#include "tools/app/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "semantics/errors/diagnostics.h"
#include "tools/app/exit_codes.h"

namespace tfmc::app {
namespace {

using Key = std::tuple<NamedValues, NamedValues, bool>;

Key key_of(const PrintedOutcome& o) { return {o.outputs, o.variables, o.stuck}; }

// The dtype and shape of a concrete value from its canonical text (`f32[2,3]{...}`,
// `i32{1}`), or "" for a symbolic value, an error or an empty slot.
std::string type_of(const std::string& value) {
  for (const char* dtype : {"f32", "f64", "i32", "i64", "bool"}) {
    const std::string d = dtype;
    if (value.compare(0, d.size(), d) != 0 || value.size() <= d.size()) continue;
    const char next = value[d.size()];
    if (next == '{') return d;
    if (next == '[') return value.substr(0, value.find(']') + 1);
  }
  return "";
}

// Applies renames and drops ignored names in place; the result stays sorted by name. Throws
// sem::InputError when the renames give two of the `kind`s one name: their values would be
// matched against one name of the other side.
void map_names(NamedValues& values, const NameMapping& m, bool rename, const char* kind) {
  NamedValues out;
  for (auto [name, value] : values) {
    if (rename) {
      for (const auto& [from, to] : m.renames) {
        if (name == from) {
          name = to;
          break;
        }
      }
    }
    if (std::find(m.ignored.begin(), m.ignored.end(), name) != m.ignored.end()) continue;
    out.emplace_back(std::move(name), std::move(value));
  }
  std::sort(out.begin(), out.end());
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (out[i].first == out[i - 1].first) {
      throw sem::InputError(fmt::format(
          "tfmc compare: --map gives two {}s of BEFORE the name '{}'\n", kind, out[i].first));
    }
  }
  values = std::move(out);
}

void map_result(CheckResult& r, const NameMapping& m, bool rename) {
  for (PrintedOutcome& o : r.outcomes) {
    map_names(o.outputs, m, rename, "output");
    map_names(o.variables, m, rename, "variable");
  }
}

// Every name of each kind with the set of types its concrete values have.
struct Signature {
  std::map<std::string, std::set<std::string>> outputs;
  std::map<std::string, std::set<std::string>> variables;
};

Signature signature(const CheckResult& r) {
  Signature s;
  for (const PrintedOutcome& o : r.outcomes) {
    for (const auto& [name, value] : o.outputs) {
      auto& types = s.outputs[name];
      if (const std::string t = type_of(value); !t.empty()) types.insert(t);
    }
    for (const auto& [name, value] : o.variables) {
      auto& types = s.variables[name];
      if (const std::string t = type_of(value); !t.empty()) types.insert(t);
    }
  }
  return s;
}

bool share_a_type(const std::set<std::string>& a, const std::set<std::string>& b) {
  for (const std::string& t : a) {
    if (b.count(t) != 0) return true;
  }
  return false;
}

void check_matching(const std::map<std::string, std::set<std::string>>& before,
                    const std::map<std::string, std::set<std::string>>& after, const char* kind,
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

std::vector<PrintedOutcome> difference(const std::vector<PrintedOutcome>& from,
                                       const std::vector<PrintedOutcome>& without) {
  std::set<Key> other;
  for (const PrintedOutcome& o : without) other.insert(key_of(o));
  std::vector<PrintedOutcome> out;
  for (const PrintedOutcome& o : from) {
    if (other.count(key_of(o)) == 0) out.push_back(o);
  }
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_renames(
    const std::vector<std::string>& texts) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& text : texts) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
      throw sem::InputError(fmt::format("tfmc: --map '{}': expected OLD=NEW\n", text));
    }
    out.emplace_back(text.substr(0, eq), text.substr(eq + 1));
  }
  return out;
}

int CompareResult::exit_code(bool require_equivalent) const {
  if (!complete) return kExitIncomplete;
  const bool ok = require_equivalent ? *equivalent : *refines;
  return ok ? kExitOk : kExitNondeterministic;
}

CompareResult compare_results(CheckResult before, CheckResult after, const NameMapping& mapping) {
  map_result(before, mapping, true);
  map_result(after, mapping, false);
  // A side without outcomes (a run stopped before any final state) has nothing to match.
  if (!before.outcomes.empty() && !after.outcomes.empty()) {
    const Signature b = signature(before);
    const Signature a = signature(after);
    std::string problems;
    check_matching(b.outputs, a.outputs, "output", problems);
    check_matching(b.variables, a.variables, "variable", problems);
    if (!problems.empty()) throw sem::InputError(problems);
  }

  CompareResult r;
  r.added = difference(after.outcomes, before.outcomes);
  r.lost = difference(before.outcomes, after.outcomes);
  r.complete = before.exploration.complete && after.exploration.complete;
  if (r.complete) {
    r.refines = r.added.empty();
    r.equivalent = r.added.empty() && r.lost.empty();
  }
  r.before = std::move(before);
  r.after = std::move(after);
  return r;
}

}  // namespace tfmc::app
