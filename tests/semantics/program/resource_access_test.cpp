// Which resources a node names, reads and writes (resource_access.h), on built programs whose
// node and slot numbering is worked out by hand from the builder's rules: user nodes in file
// order, then implicit Var nodes; one slot per edge, then variables, queues, mutexes, sections.
#include "semantics/program/resource_access.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "support/files.h"

namespace {

using namespace tfmc;
using Slots = std::vector<std::uint32_t>;

std::uint32_t index_of(const sem::Program& p, const std::string& name) {
  for (std::uint32_t i = 0; i < p.nodes.size(); ++i) {
    if (p.nodes[i].name == name) return i;
  }
  FAIL("no node " << name);
  return 0;
}

}  // namespace

TEST_CASE("each node kind names, reads and writes its resource as its firing does",
          "[semantics][resource_access]") {
  using K = sem::NodeKind;
  for (K k : {K::Var, K::Read, K::Assign, K::Enqueue, K::Dequeue, K::Lock, K::Unlock}) {
    CHECK(sem::names_resource(k));
  }
  for (K k : {K::Function, K::Choice}) CHECK_FALSE(sem::names_resource(k));
  for (K k : {K::Read, K::Assign, K::Enqueue, K::Dequeue, K::Lock, K::Unlock}) {
    CHECK(sem::reads_resource(k));
  }
  for (K k : {K::Function, K::Choice, K::Var}) CHECK_FALSE(sem::reads_resource(k));
  for (K k : {K::Assign, K::Enqueue, K::Dequeue, K::Lock, K::Unlock}) {
    CHECK(sem::writes_resource(k));
  }
  for (K k : {K::Function, K::Choice, K::Var, K::Read}) CHECK_FALSE(sem::writes_resource(k));
}

TEST_CASE("resource_access lists the resource and section slots a firing reads and writes",
          "[semantics][resource_access]") {
  sem::ValueStore values;
  // Edges: r's output (0), &x@w -> w (1), &x@r -> r (2), &m@l -> l (3), B -> w (4), then GO
  // for &x@w, &x@r and &m@l (5, 6, 7). Slots: x 8, m 9, section S 10.
  const sem::Program p = sem::load_program_text("t.tfg",
                                                "var x = A\n"
                                                "mutex m\n"
                                                "input B\n"
                                                "w = Write(&x, B)\n"
                                                "r = Read(&x)\n"
                                                "l = Lock(&m)\n"
                                                "section S : w\n"
                                                "output r\n",
                                                {}, values);
  REQUIRE(p.slot_count() == 11);
  const auto access = [&](const std::string& name) {
    return sem::resource_access(p, p.nodes[index_of(p, name)]);
  };
  CHECK(access("w").reads == Slots{8, 10});
  CHECK(access("w").writes == Slots{8, 10});
  CHECK(access("r").reads == Slots{8});
  CHECK(access("r").writes == Slots{});
  CHECK(access("l").reads == Slots{9});
  CHECK(access("l").writes == Slots{9});
  CHECK(access("&x@w").reads == Slots{});
  CHECK(access("&x@w").writes == Slots{});
}

TEST_CASE("a section instance is one execution's nodes of one iteration",
          "[semantics][resource_access][section]") {
  sem::ValueStore values;
  // Two unrolled iterations: rd[k] and wr[k] share an instance, the iterations differ; the
  // nodes outside the section have none.
  const sem::Program p = sem::load_program_text("t.tfg",
                                                "var x = i32{0}\n"
                                                "zero = Const {value=i32{0}}\n"
                                                "e = Enter(zero) {frame_name=loop}\n"
                                                "m = Merge(e, n)\n"
                                                "two = Const {value=i32{2}} after m\n"
                                                "lt = Less(m, two)\n"
                                                "c = LoopCond(lt)\n"
                                                "s = Switch(m, c)\n"
                                                "out = Exit(s:0)\n"
                                                "body = Identity(s:1)\n"
                                                "rd = Read(&x) after body\n"
                                                "wr = Write(&x, rd)\n"
                                                "n = NextIteration(body)\n"
                                                "section S : rd, wr\n"
                                                "output out\n",
                                                {}, values, 2);
  const sem::SectionInstances instances = sem::section_instances(p);
  REQUIRE(instances.of_node.size() == p.nodes.size());
  const auto of = [&](const std::string& name) { return instances.of_node[index_of(p, name)]; };
  CHECK(of("rd[0]") == of("wr[0]"));
  CHECK(of("rd[1]") == of("wr[1]"));
  CHECK(of("rd[0]") != of("rd[1]"));
  CHECK(of("zero") == sem::kNoSectionInstance);
  CHECK(of("out") == sem::kNoSectionInstance);
  CHECK(instances.count == 2);
  CHECK(instances.largest == 2);
}

TEST_CASE("the section nodes of two loops are in different instances in equal iterations",
          "[semantics][resource_access][section]") {
  sem::ValueStore values;
  // Loop b runs after loop a; wr[0] (frame a) and wr2[0] (frame b) share iteration numbers
  // but not a frame.
  const sem::Program p = sem::load_program_text(
      "t.tfg",
      tfmc::test::read_file(tfmc::test::source_path("specs/control_flow/section_two_loops.tfg")),
      {}, values, 3);
  const sem::SectionInstances instances = sem::section_instances(p);
  const auto of = [&](const std::string& name) { return instances.of_node[index_of(p, name)]; };
  CHECK(of("wr[0]") != of("wr2[0]"));
  CHECK(of("wr[1]") != of("wr2[1]"));
  CHECK(of("wr[0]") != of("wr[1]"));
  CHECK(instances.count == 6);
  CHECK(instances.largest == 1);
}
