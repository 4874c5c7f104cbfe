// GraphModel: the firing rules of MAPL section 3.2 and the declared read and write sets.
#include "semantics/model/graph_model.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"

namespace {

using namespace tfmc;

std::int32_t node_named(const sem::Program& p, const std::string& name) {
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (p.nodes[i].name == name) return static_cast<std::int32_t>(i);
  }
  FAIL("no node " << name);
  return -1;
}

}  // namespace

TEST_CASE("firing follows the paper's rules", "[graph_model]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text(
      "t.tfg", "var x = A\ninput B\nw = AssignAdd(&x, B)\nr = Read(&x) after w\noutput r\n", {},
      values);
  eval::CpuEvaluator evaluator;
  sem::GraphModel m(p, values, evaluator);
  std::vector<Slot> s(m.slot_count());
  m.initial_state(s.data());
  const auto fire = [&](const std::string& name) {
    const auto t = static_cast<TransitionId>(node_named(p, name));
    std::vector<TransitionId> enabled;
    m.enabled(s.data(), enabled);
    REQUIRE(std::find(enabled.begin(), enabled.end(), t) != enabled.end());
    std::vector<Slot> next = s;
    const auto w = m.fire(s.data(), t, next.data());
    // The firing reports the node's declared writes, and only those change.
    CHECK(std::equal(w.begin(), w.end(), m.writes(t).begin(), m.writes(t).end()));
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (next[k] != s[k]) CHECK(std::find(w.begin(), w.end(), k) != w.end());
    }
    s = next;
  };
  const std::size_t x = p.variable_slot(0);
  CHECK(values.print(s[x]) == "A");
  std::vector<TransitionId> enabled;
  m.enabled(s.data(), enabled);
  CHECK(enabled.size() == 2);  // the two implicit Var nodes; w and r wait for inputs
  fire("&x@w");
  fire("w");
  CHECK(values.print(s[x]) == "Add(A, B)");
  fire("&x@r");
  fire("r");
  CHECK(values.print(s[p.outputs[0].edge]) == "Add(A, B)");
  enabled.clear();
  m.enabled(s.data(), enabled);
  CHECK(enabled.empty());
  // Read reads x, Assign reads and writes it; neither touches the other's edges.
  const auto r = static_cast<TransitionId>(node_named(p, "r"));
  const auto w = static_cast<TransitionId>(node_named(p, "w"));
  const auto rr = m.reads(r);
  const auto ww = m.writes(w);
  CHECK(std::find(rr.begin(), rr.end(), x) != rr.end());
  CHECK(std::find(ww.begin(), ww.end(), x) != ww.end());
  const auto rw = m.writes(r);
  CHECK(std::find(rw.begin(), rw.end(), x) == rw.end());
}

TEST_CASE("an error input leaves the variable unchanged", "[graph_model]") {
  sem::ValueStore values;
  const sem::Program p = sem::load_program_text(
      "t.tfg",
      "var x = i32{1}\ninput a = i32[2]{1, 2}\ninput b = i32[3]{1, 2, 3}\ne = Add(a, b)\n"
      "w = AssignAdd(&x, e)\n",
      {}, values);
  eval::CpuEvaluator evaluator;
  sem::GraphModel m(p, values, evaluator);
  std::vector<Slot> s(m.slot_count());
  m.initial_state(s.data());
  for (const char* name : {"e", "&x@w", "w"}) {
    std::vector<Slot> next = s;
    m.fire(s.data(), static_cast<TransitionId>(node_named(p, name)), next.data());
    s = next;
  }
  CHECK(values.print(s[p.variable_slot(0)]) == "i32{1}");
}
