// Importing TF2 graphs whose nodes call the functions of the graph's library
// (semantics/graphdef/function_inlining.h) through the command line: calls inlined, nested
// calls too, captured resource variables, and bad calls as errors at the call.
#include <catch2/catch.hpp>
#include <string>

#include "semantics/graphdef/graph_text.h"
#include "support/files.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

// A TF2 graph: `call` runs the library function add_fn (an AssignAdd of its argument to the
// variable passed in, then a read after it, which it returns); r reads after the call.
const std::string kCallGraph =
    resource_var("v", "v") + float_const("zero", "0") + float_const("c", "1") +
    node("init", "AssignVariableOp", {"v", "zero"}) +
    node("call", "StatefulPartitionedCall", {"v", "c"}, attr("f", "func { name: \"add_fn\" }")) +
    node("call2", "PartitionedCall", {"call"}, attr("f", "func { name: \"twice\" }")) +
    node("r", "ReadVariableOp", {"v", "^call"}) +
    "library {\n"
    "  function {\n"
    "    signature { name: \"add_fn\" input_arg { name: \"res\" type: DT_RESOURCE }\n"
    "      input_arg { name: \"x\" type: DT_FLOAT } output_arg { name: \"out\" type: DT_FLOAT } }\n"
    "    node_def { name: \"assign\" op: \"AssignAddVariableOp\" input: \"res\" input: \"x\" }\n"
    "    node_def { name: \"read\" op: \"ReadVariableOp\" input: \"res\" input: \"^assign\" }\n"
    "    ret { key: \"out\" value: \"read:value:0\" }\n"
    "  }\n"
    "  function {\n"
    "    signature { name: \"twice\" input_arg { name: \"y\" type: DT_FLOAT }\n"
    "      output_arg { name: \"out\" type: DT_FLOAT } }\n"
    "    node_def { name: \"inner\" op: \"PartitionedCall\" input: \"y\"\n"
    "      attr { key: \"f\" value { func { name: \"double\" } } } }\n"
    "    ret { key: \"out\" value: \"inner:output:0\" }\n"
    "  }\n"
    "  function {\n"
    "    signature { name: \"double\" input_arg { name: \"z\" type: DT_FLOAT }\n"
    "      output_arg { name: \"out\" type: DT_FLOAT } }\n"
    "    node_def { name: \"sum\" op: \"AddV2\" input: \"z\" input: \"z\" }\n"
    "    ret { key: \"out\" value: \"sum:z:0\" }\n"
    "  }\n"
    "}\n";

}  // namespace

TEST_CASE("import: TF2 function calls are inlined, nested calls too", "[graphdef][import]") {
  const Checked c =
      check_graph("calls.pbtxt", kCallGraph,
                  {"--init", "init", "--fetch", "call", "--fetch", "call2", "--fetch", "r"});
  INFO(c.err);
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(
      c.outcomes,
      {{{{"call", "f32{1}"}, {"call2", "f32{2}"}, {"r", "f32{1}"}}, {{"v", "f32{1}"}}}});
  const std::string path = tfmc::test::write_test_file("calls_witness.pbtxt", kCallGraph);
  const auto r = tfmc::test::tfmc_run({"check", path, "--fetch", "call2", "--quiet"});
  CHECK(r.out.find(" call2/inner/sum ") != std::string::npos);
  CHECK(r.out.find(" call/assign ") != std::string::npos);
}

TEST_CASE("import: a DT_RESOURCE placeholder is the variable a tf.function captured",
          "[graphdef][import]") {
  const std::string graph = node("res", "Placeholder", {}, attr("dtype", "type: DT_RESOURCE")) +
                            float_const("zero", "0") + float_const("one", "1") +
                            node("init", "AssignVariableOp", {"res", "zero"}) +
                            node("a1", "AssignAddVariableOp", {"res", "one"}) +
                            node("a2", "AssignAddVariableOp", {"res", "one"});
  const Checked c =
      check_graph("captured.pbtxt", graph, {"--init", "init", "--target", "a1", "--target", "a2"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{}, {{"res", "f32{2}"}}}});
}

TEST_CASE("import: bad function calls are errors at the call", "[graphdef][import]") {
  CHECK(error_of("nofn.pbtxt",
                 float_const("a", "1") +
                     node("call", "PartitionedCall", {"a"}, attr("f", "func { name: \"nope\" }")),
                 {"--fetch", "call"})
            .find("node 'call' (PartitionedCall): calls the function 'nope', which the graph's "
                  "library lacks") != std::string::npos);
  CHECK(error_of("argc.pbtxt",
                 kCallGraph +
                     node("bad", "PartitionedCall", {"c"}, attr("f", "func { name: \"add_fn\" }")),
                 {"--fetch", "bad"})
            .find("passes 1 arguments to 'add_fn', which takes 2") != std::string::npos);
}
