// Helpers of the tests that check programs for exact outcome sets under every reduction
// (resources, queues, mutexes, sections, choices, the TensorFlow-form ops), with the exit
// code of tfmc check that goes with the set.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "checker/reduced_model.h"
#include "semantics/build/program_builder.h"
#include "semantics/errors/diagnostics.h"
#include "support/check_text.h"
#include "support/literals.h"

namespace outcome_checks {

using namespace tfmc;
using api::NamedValues;
using check::Reduction;

// An outcome as the tests compare it: outputs and variables in name order, and the blocked
// nodes sorted (empty exactly when the outcome is not stuck).
struct Outcome {
  NamedValues outputs;
  NamedValues variables;
  std::vector<std::string> blocked = {};
  bool operator<(const Outcome& o) const {
    return std::tie(outputs, variables, blocked) < std::tie(o.outputs, o.variables, o.blocked);
  }
  bool operator==(const Outcome& o) const {
    return std::tie(outputs, variables, blocked) == std::tie(o.outputs, o.variables, o.blocked);
  }
};
using Outcomes = std::set<Outcome>;

inline std::ostream& operator<<(std::ostream& out, const Outcome& o) {
  out << "{outputs:";
  for (const auto& [k, v] : o.outputs) out << " " << k << "=" << v;
  out << "; variables:";
  for (const auto& [k, v] : o.variables) out << " " << k << "=" << v;
  if (!o.blocked.empty()) {
    out << "; blocked:";
    for (const std::string& b : o.blocked) out << " " << b;
  }
  return out << "}";
}

inline std::string show(const Outcomes& outcomes) {
  std::ostringstream out;
  for (const Outcome& o : outcomes) out << o << "\n";
  return out.str();
}

inline constexpr Reduction kReductions[] = {Reduction::None, Reduction::Eager, Reduction::Stubborn};

inline Outcomes outcomes_of(const support::TextCheck& r) {
  REQUIRE(r.exploration.complete);
  Outcomes out;
  for (const api::PrintedOutcome& o : r.outcomes) {
    CHECK(o.stuck == !o.blocked.empty());
    std::vector<std::string> blocked = o.blocked;
    std::sort(blocked.begin(), blocked.end());
    CHECK(out.insert({o.outputs, o.variables, blocked}).second);
  }
  return out;
}

// The outcome set of program text under every reduction; each must equal `want`.
inline void expect_outcomes(const std::string& text, const Outcomes& want) {
  for (Reduction r : kReductions) {
    INFO("reduction " << check::reduction_name(r) << "\nprogram:\n" << text);
    const support::TextCheck result = support::check_text("t.tfg", text, {}, {}, r);
    const Outcomes got = outcomes_of(result);
    INFO("got:\n" << show(got) << "want:\n" << show(want));
    CHECK(got == want);
    const bool deterministic = want.size() == 1 && want.begin()->blocked.empty();
    CHECK(result.exit_code() == (deterministic ? 0 : 1));
  }
}

// One output `name` taking each of `values`.
inline Outcomes each_of(const std::string& name, const std::vector<std::string>& values) {
  Outcomes out;
  for (const std::string& v : values) out.insert({{{name, v}}, {}});
  return out;
}

// The same for a built Program.
inline void expect_outcomes(const sem::Program& p, sem::ValueStore& values, const Outcomes& want) {
  for (Reduction r : kReductions) {
    INFO("reduction " << check::reduction_name(r));
    const Outcomes got = outcomes_of(support::explore_text(p, values, {}, r));
    INFO("got:\n" << show(got) << "want:\n" << show(want));
    CHECK(got == want);
  }
}

using test::i32;

inline std::uint32_t node_named(const sem::Program& p, const std::string& name) {
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (p.nodes[i].name == name) return static_cast<std::uint32_t>(i);
  }
  FAIL("no node " << name);
  return 0;
}

// Puts the named nodes into execution `e`, as a composition would.
inline void set_execution(sem::Program& p, std::initializer_list<const char*> names,
                          std::uint32_t e) {
  for (const char* name : names) p.nodes[node_named(p, name)].execution = e;
}

// The input error that checking the program `text` gives, "" when it gives none.
inline std::string error_of(const std::string& text) {
  try {
    support::check_text("t.tfg", text, {}, {});
  } catch (const sem::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace outcome_checks
