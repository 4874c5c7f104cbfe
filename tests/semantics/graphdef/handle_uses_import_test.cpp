// The uses of a handle in an imported graph (FORMAT.md, "TensorFlow graph files", Handles):
// each use takes the variable through a Var node of its own, `&X@N`, with no Copy chain and
// no node for a maker that waits for nothing; a maker with control inputs is a NoOp after
// them that every use waits for; a control edge from a maker that waits for nothing orders
// nothing, and a maker the run names as a target still runs.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/graphdef/graph_text.h"
#include "support/files.h"
#include "support/tfmc_run.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

std::string var_attrs(const std::string& shared) {
  return attr("dtype", "type: DT_FLOAT") + attr("shape", "shape {}") +
         attr("shared_name", "s: \"" + shared + "\"");
}

// Two reads and a write of v, unordered.
const std::string kThreeUses =
    resource_var("v", "v") + float_const("two", "2") + node("w", "AssignVariableOp", {"v", "two"}) +
    node("r1", "ReadVariableOp", {"v"}) + node("r2", "ReadVariableOp", {"v"});

}  // namespace

TEST_CASE("import: each use of a handle takes it through a Var node of its own",
          "[graphdef][import]") {
  const std::string path = write_test_file("three_uses.pbtxt", kThreeUses);
  const auto imported =
      tfmc_run({"import", path, "--fetch", "r1", "--fetch", "r2", "--target", "w"});
  INFO(imported.err);
  REQUIRE(imported.code == 0);
  for (const char* line : {"w = Write(&v, two)\n", "r1 = Read(&v)\n", "r2 = Read(&v)\n"}) {
    CHECK(imported.out.find(line) != std::string::npos);
  }
  CHECK(imported.out.find("v = ") == std::string::npos);  // the maker has no node
  const auto checked = tfmc_run({"check", path, "--fetch", "r1", "--fetch", "r2", "--target", "w",
                                 "--reduction", "none", "--quiet"});
  CHECK(checked.code == 1);
  CHECK(checked.out.find("~copy") == std::string::npos);
  CHECK(checked.out.find(" &v@r1 ") != std::string::npos);
}

TEST_CASE("import: the uses of a maker with control inputs wait for them", "[graphdef][import]") {
  // h is a second handle of u, made after w writes u: a read through h sees the write.
  const std::string graph = resource_var("u", "u") + float_const("two", "2") +
                            node("w", "AssignVariableOp", {"u", "two"}) +
                            node("h", "VarHandleOp", {"^w"}, var_attrs("u")) +
                            node("r", "ReadVariableOp", {"h"});
  const Checked c = check_graph("maker_waits.pbtxt", graph, {"--fetch", "r"});
  INFO(c.err);
  CHECK(c.code == 0);
  check_outcome_list(c.outcomes, {{{{"r", "f32{2}"}}, {{"u", "f32{2}"}}}});
  // Without the control edge the read may come first.
  const std::string unordered = resource_var("u", "u") + float_const("two", "2") +
                                node("w", "AssignVariableOp", {"u", "two"}) +
                                node("h", "VarHandleOp", {}, var_attrs("u")) +
                                node("r", "ReadVariableOp", {"h"});
  const Checked u = check_graph("maker_free.pbtxt", unordered, {"--fetch", "r", "--target", "w"});
  CHECK(u.code == 1);
  check_outcome_list(u.outcomes, {{{{"r", "Error(uninitialized)"}}, {{"u", "f32{2}"}}},
                                  {{{"r", "f32{2}"}}, {{"u", "f32{2}"}}}});
}

TEST_CASE("import: a maker that waits for nothing orders nothing and runs as a target",
          "[graphdef][import]") {
  const std::string graph = kThreeUses + node("after_v", "NoOp", {"^v"});
  const Checked c = check_graph("free_maker.pbtxt", graph,
                                {"--target", "v", "--target", "after_v", "--fetch", "r1"});
  INFO(c.err);
  CHECK(c.code == 0);
  check_outcome_list(c.outcomes,
                     {{{{"r1", "Error(uninitialized)"}}, {{"v", "Error(uninitialized)"}}}});
}
