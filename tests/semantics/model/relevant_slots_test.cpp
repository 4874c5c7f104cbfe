// outcome_relevant_slots: which edges can carry a value into an outcome (relevant_slots.h).
#include "semantics/model/relevant_slots.h"

#include <catch2/catch.hpp>

#include "semantics/build/program_builder.h"

namespace {

using tfmc::sem::Program;

// The relevant flag of the edge that carries node `name`'s output `port`.
bool output_relevant(const Program& p, const std::vector<bool>& relevant, const char* name,
                     int port = 0) {
  for (const auto& n : p.nodes) {
    if (n.name == name) return relevant[n.outputs[port]];
  }
  FAIL("no node " << name);
  return false;
}

}  // namespace

TEST_CASE("relevant slots: outputs, what feeds them and what changes a resource count",
          "[semantics][relevant]") {
  tfmc::sem::ValueStore values;
  const Program p = tfmc::sem::load_program_text("t.tfg",
                                                 "var x = i32{0}\n"
                                                 "c = Const {value=i32{5}}\n"
                                                 "w = Write(&x, c)\n"
                                                 "r = Read(&x)\n"
                                                 "n = Neg(r)\n"
                                                 "s = Read(&x)\n"
                                                 "output s\n",
                                                 {}, values);
  const std::vector<bool> relevant = tfmc::sem::outcome_relevant_slots(p);
  REQUIRE(relevant.size() == p.slot_count());
  CHECK(output_relevant(p, relevant, "s"));        // a named output
  CHECK(output_relevant(p, relevant, "c"));        // feeds the Write, which changes x
  CHECK_FALSE(output_relevant(p, relevant, "r"));  // feeds only n
  CHECK_FALSE(output_relevant(p, relevant, "n"));  // an unnamed output edge
  CHECK(relevant[p.variable_slot(0)]);             // every resource slot counts
}
