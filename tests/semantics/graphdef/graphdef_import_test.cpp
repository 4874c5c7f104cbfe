// Importing TensorFlow graphs (semantics/graphdef/graphdef_import.h) through the command
// line: small GraphDefs written here in text form (and in binary, serialized by libprotobuf),
// each checked for its exact outcome set, reasoned from TensorFlow's documented semantics of
// its ops under the MAPL model; and bad input, each a located error naming the node, exit 2.
#include <google/protobuf/text_format.h>

#include <catch2/catch.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "semantics/graphdef/graph_text.h"
#include "semantics/graphdef/tf_graph.pb.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

// A resource variable v, initialized to 1 by `init`; w writes 2 and r reads, unordered.
const std::string kReadRacesWrite =
    resource_var("v", "v") + float_const("one", "1") + float_const("two", "2") +
    node("v/Assign", "AssignVariableOp", {"v", "one"}) + node("init", "NoOp", {"^v/Assign"}) +
    node("w", "AssignVariableOp", {"v", "two"}) + node("r", "ReadVariableOp", {"v"});

}  // namespace

TEST_CASE("import: a read racing a write of a resource variable, after an init run",
          "[graphdef][import]") {
  const Checked c = check_graph("race.pbtxt", kReadRacesWrite,
                                {"--init", "init", "--fetch", "r", "--target", "w"});
  INFO(c.err);
  CHECK(c.code == 1);
  tfmc::test::check_outcome_list(
      c.outcomes, {{{{"r", "f32{1}"}}, {{"v", "f32{2}"}}}, {{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}});
}

TEST_CASE("import: without --init a variable starts uninitialized", "[graphdef][import]") {
  const Checked c =
      check_graph("uninit.pbtxt", kReadRacesWrite, {"--fetch", "r:0", "--target", "w"});
  CHECK(c.code == 1);
  tfmc::test::check_outcome_list(c.outcomes,
                                 {{{{"r:0", "Error(uninitialized)"}}, {{"v", "f32{2}"}}},
                                  {{{"r:0", "f32{2}"}}, {{"v", "f32{2}"}}}});
}

TEST_CASE("import: a fetch runs only its fan-in, as Session.run prunes", "[graphdef][import]") {
  // Without the target, w does not run: the read sees the init's value only.
  const Checked c =
      check_graph("pruned.pbtxt", kReadRacesWrite, {"--init", "init", "--fetch", "r"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"r", "f32{1}"}}, {{"v", "f32{1}"}}}});
}

TEST_CASE("import: the init run's nodes are suffixed @init in the witness", "[graphdef][import]") {
  const std::string path = tfmc::test::write_test_file("witness.pbtxt", kReadRacesWrite);
  const auto r = tfmc::test::tfmc_run({"check", path, "--init", "init", "--fetch", "r", "--quiet"});
  for (const char* fired : {" v/Assign@init ", " init@init ", " ~run ", " r\n"}) {
    CHECK(r.out.find(fired) != std::string::npos);
  }
}

TEST_CASE("import: two handles of one shared_name are one variable", "[graphdef][import]") {
  const std::string graph = resource_var("h1", "shared") + resource_var("h2", "shared") +
                            float_const("two", "2") + node("w", "AssignVariableOp", {"h1", "two"}) +
                            node("r", "ReadVariableOp", {"h2", "^w"});
  const Checked c = check_graph("shared.pbtxt", graph, {"--fetch", "r"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"r", "f32{2}"}}, {{"shared", "f32{2}"}}}});
}

TEST_CASE("import: ref variables read through Identity when it runs, and an update's ref output",
          "[graphdef][import]") {
  const std::string graph =
      node("x", "VariableV2", {}, attr("dtype", "type: DT_FLOAT") + attr("shape", "shape {}")) +
      float_const("zero", "0") + float_const("one", "1") +
      node("x/Assign", "Assign", {"x", "zero"}) + node("add", "AssignAdd", {"x", "one"}) +
      node("x/read", "Identity", {"x"}) + node("twice", "AddV2", {"add", "add"});
  SECTION("under --refs mapl the read races the AssignAdd") {
    const Checked c = check_graph(
        "ref_read.pbtxt", graph,
        {"--init", "x/Assign", "--fetch", "x/read", "--target", "add", "--refs", "mapl"});
    CHECK(c.code == 1);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"x/read", "f32{0}"}}, {{"x", "f32{1}"}}},
                                                {{{"x/read", "f32{1}"}}, {{"x", "f32{1}"}}}});
  }
  SECTION("by default (--refs alias) the fetched Identity shares the buffer: it sees the update") {
    // As TensorFlow runs it: the fetch copies the buffer when the run ends
    // (testdata/graphdef/ref_read_races_assign, tools/tf/cross_check.py).
    const Checked c = check_graph("ref_read_alias.pbtxt", graph,
                                  {"--init", "x/Assign", "--fetch", "x/read", "--target", "add"});
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"x/read", "f32{1}"}}, {{"x", "f32{1}"}}}});
  }
  SECTION("the AssignAdd's output is the variable after it") {
    for (const char* refs : {"mapl", "alias"}) {
      INFO("--refs " << refs);
      const Checked c = check_graph("ref_out.pbtxt", graph,
                                    {"--init", "x/Assign", "--fetch", "twice", "--refs", refs});
      CHECK(c.code == 0);
      tfmc::test::check_outcome_list(c.outcomes, {{{{"twice", "f32{2}"}}, {{"x", "f32{1}"}}}});
    }
  }
  SECTION("a fetch of the variable reads it") {
    const Checked c = check_graph("ref_fetch.pbtxt", graph, {"--init", "x/Assign", "--fetch", "x"});
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"x", "f32{0}"}}, {{"x", "f32{0}"}}}});
  }
}

TEST_CASE("import: placeholders fed by name, with or without :0, or symbols",
          "[graphdef][import]") {
  const std::string graph = node("p", "Placeholder", {}, attr("dtype", "type: DT_FLOAT")) +
                            float_const("d", "3") + node("q", "PlaceholderWithDefault", {"d"}) +
                            float_const("c", "1", {"^p"}) + node("s", "AddV2", {"p", "q"}) +
                            node("t", "AddV2", {"s", "c"});
  SECTION("p fed, q's default") {
    const Checked c = check_graph("ph1.pbtxt", graph, {"--fetch", "t", "--feed", "p=f32{2}"});
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"t", "f32{6}"}}, {}}});
  }
  SECTION("both fed, q as q:0") {
    const Checked c = check_graph("ph2.pbtxt", graph,
                                  {"--fetch", "t", "--feed", "p:0=f32{2}", "--feed", "q:0=f32{5}"});
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"t", "f32{8}"}}, {}}});
  }
  SECTION("p not fed is the symbol p") {
    const Checked c = check_graph("ph3.pbtxt", graph, {"--fetch", "s"});
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"s", "Add(p, f32{3})"}}, {}}});
  }
}

TEST_CASE("import: Const values from tensor_content and from typed values filling the shape",
          "[graphdef][import]") {
  const std::string graph =
      node("a", "Const", {},
           attr("value",
                "tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } } "
                "tensor_content: \"\\001\\000\\000\\000\\376\\377\\377\\377\" }")) +
      node("b", "Const", {},
           attr("value",
                "tensor { dtype: DT_FLOAT tensor_shape { dim { size: 3 } } float_val: 1 }")) +
      node("c", "Const", {},
           attr("value",
                "tensor { dtype: DT_INT64 tensor_shape { dim { size: 3 } } "
                "int64_val: 4 int64_val: 5 }")) +
      node("d", "Const", {}, attr("value", "tensor { dtype: DT_BOOL tensor_shape {} }"));
  const Checked c = check_graph("consts.pbtxt", graph,
                                {"--fetch", "a", "--fetch", "b", "--fetch", "c", "--fetch", "d"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"a", "i32[2]{1, -2}"},
                                                {"b", "f32[3]{1, 1, 1}"},
                                                {"c", "i64[3]{4, 5, 5}"},
                                                {"d", "bool{false}"}},
                                               {}}});
}

TEST_CASE("import: equal strings are one value", "[graphdef][import]") {
  const auto str = [](const std::string& name, const std::string& text) {
    return node(
        name, "Const", {},
        attr("value", "tensor { dtype: DT_STRING tensor_shape {} string_val: \"" + text + "\" }"));
  };
  const std::string var =
      node("f", "VariableV2", {}, attr("dtype", "type: DT_STRING") + attr("shape", "shape {}"));
  SECTION("two writes of one string commute") {
    const Checked c =
        check_graph("str1.pbtxt",
                    var + str("a", "foo.txt") + str("b", "foo.txt") +
                        node("w1", "Assign", {"f", "a"}) + node("w2", "Assign", {"f", "b"}),
                    {"--target", "w1", "--target", "w2"});
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes, {{{}, {{"f", "\"foo.txt\""}}}});
  }
  SECTION("two writes of different strings do not") {
    const Checked c =
        check_graph("str2.pbtxt",
                    var + str("a", "foo.txt") + str("b", "bar") + node("w1", "Assign", {"f", "a"}) +
                        node("w2", "Assign", {"f", "b"}),
                    {"--target", "w1", "--target", "w2"});
    CHECK(c.code == 1);
    tfmc::test::check_outcome_list(c.outcomes,
                                   {{{}, {{"f", "\"bar\""}}}, {{}, {{"f", "\"foo.txt\""}}}});
  }
}

TEST_CASE("import: a FIFO queue of capacity 1 orders two unordered enqueues",
          "[graphdef][import]") {
  const std::string graph =
      node("q", "FIFOQueueV2", {},
           attr("capacity", "i: 1") + attr("component_types", "list { type: DT_FLOAT }")) +
      float_const("a", "1") + float_const("b", "2") + node("e1", "QueueEnqueueV2", {"q", "a"}) +
      node("e2", "QueueEnqueueV2", {"q", "b"}) +
      node("d", "QueueDequeueV2", {"q"}, attr("component_types", "list { type: DT_FLOAT }"));
  SECTION("the dequeue takes either") {
    const Checked c =
        check_graph("queue.pbtxt", graph, {"--fetch", "d", "--target", "e1", "--target", "e2"});
    CHECK(c.code == 1);
    tfmc::test::check_outcome_list(c.outcomes, {{{{"d", "f32{1}"}}, {}}, {{{"d", "f32{2}"}}, {}}});
  }
  SECTION("a dequeue nothing fills is stuck") {
    const Checked c = check_graph("queue_stuck.pbtxt", graph, {"--fetch", "d"});
    CHECK(c.code == 1);
    REQUIRE(c.outcomes.size() == 1);
    CHECK(c.outcomes[0].blocked == std::vector<std::string>{"d"});
  }
}

TEST_CASE("import: ResourceApplyGradientDescent computes var - alpha * delta",
          "[graphdef][import]") {
  const std::string graph = resource_var("w") + float_const("one", "1") + float_const("lr", "0.5") +
                            float_const("g", "3") + node("init", "AssignVariableOp", {"w", "one"}) +
                            node("step", "ResourceApplyGradientDescent", {"w", "lr", "g"});
  const Checked c = check_graph("gd.pbtxt", graph, {"--init", "init", "--target", "step"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{}, {{"w", "f32{-0.5}"}}}});
}

TEST_CASE("import: FloorMod and FloorDiv compute as TensorFlow's kernels", "[graphdef][import]") {
  const auto int_const = [](const std::string& name, const std::string& value) {
    return node(
        name, "Const", {},
        attr("dtype", "type: DT_INT32") +
            attr("value", "tensor { dtype: DT_INT32 tensor_shape {} int_val: " + value + " }"));
  };
  // i % 2 == 0 and i // 2, as TF2's Python operators write them for a fed i.
  const std::string graph =
      node("i", "Placeholder", {}, attr("dtype", "type: DT_INT32")) + int_const("two", "2") +
      int_const("zero", "0") + node("mod", "FloorMod", {"i", "two"}) +
      node("div", "FloorDiv", {"i", "two"}) + node("even", "Equal", {"mod", "zero"});
  const std::vector<std::string> fetches = {"--fetch", "mod", "--fetch", "div", "--fetch", "even"};
  for (const auto& [fed, mod, div, even] :
       {std::tuple{"i32{-7}", "i32{1}", "i32{-4}", "bool{false}"},
        std::tuple{"i32{6}", "i32{0}", "i32{3}", "bool{true}"}}) {
    std::vector<std::string> args = fetches;
    args.insert(args.end(), {"--feed", std::string("i=") + fed});
    const Checked c = check_graph("floor_ops.pbtxt", graph, args);
    CHECK(c.code == 0);
    tfmc::test::check_outcome_list(c.outcomes,
                                   {{{{"div", div}, {"even", even}, {"mod", mod}}, {}}});
  }
}

TEST_CASE("import: an optimizer update without arithmetic is an uninterpreted update",
          "[graphdef][import]") {
  // An optimizer TensorFlow does not have (a custom kernel's) is no update of the language's
  // (FORMAT.md, "Operations").
  const std::string graph = resource_var("w") + resource_var("m") + float_const("lr", "0.5") +
                            float_const("g", "3") +
                            node("step", "ResourceApplyCustom", {"w", "m", "lr", "g"});
  const Checked c = check_graph("custom_apply.pbtxt", graph, {"--target", "step"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(
      c.outcomes, {{{}, {{"m", "Error(uninitialized)"}, {"w", "Error(uninitialized)"}}}});
}

TEST_CASE("import: an op without a mapping is an uninterpreted function, with one warning",
          "[graphdef][import]") {
  const std::string graph = float_const("a", "1") + float_const("b", "2") +
                            node("s1", "Atan2", {"a", "b"}) + node("s2", "Atan2", {"b", "a"});
  const Checked c = check_graph("unknown.pbtxt", graph, {"--fetch", "s1", "--fetch", "s2"});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(
      c.outcomes, {{{{"s1", "Atan2(f32{1}, f32{2})"}, {"s2", "Atan2(f32{2}, f32{1})"}}, {}}});
  CHECK(c.err.find("warning: op Atan2 has no mapping: its 2 nodes (the first 's1') are "
                   "uninterpreted functions") != std::string::npos);
  const std::string err = error_of("unknown_strict.pbtxt", graph, {"--fetch", "s1", "--strict"});
  CHECK(err.find("error: node 's1' (Atan2): op Atan2 has no mapping (--strict)") !=
        std::string::npos);
}

TEST_CASE("import: a node named as its unmapped op keeps the function apart from the node",
          "[graphdef][import]") {
  // TensorFlow names a node after its op (`Atan2`); the function takes its long name.
  const std::string graph = float_const("a", "1") + float_const("b", "2") +
                            node("Atan2", "Atan2", {"a", "b"}) + node("n", "Neg", {"Atan2"});
  const Checked c = check_graph("named_as_op.pbtxt", graph, {"--fetch", "n"});
  INFO(c.err);
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"n", "Neg(Atan2~2~1(f32{1}, f32{2}))"}}, {}}});
}

TEST_CASE("import: without --fetch or --target the whole graph runs, with a note",
          "[graphdef][import]") {
  const std::string graph = float_const("a", "1") + float_const("b", "2") +
                            node("s", "AddV2", {"a", "b"}) + node("n", "Neg", {"a"});
  const Checked c = check_graph("whole.pbtxt", graph, {});
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"n", "f32{-1}"}, {"s", "f32{3}"}}, {}}});
  CHECK(c.err.find("note: no --fetch, --target or --init: the whole graph runs once (4 nodes), "
                   "its 2 unconsumed results as outputs") != std::string::npos);
}

TEST_CASE("import: the binary form gives the same outcomes", "[graphdef][import]") {
  tfmc::tf::GraphDef g;
  REQUIRE(google::protobuf::TextFormat::ParseFromString(kReadRacesWrite, &g));
  const std::string path = tfmc::test::write_test_file("race.pb", g.SerializeAsString());
  const auto r = tfmc::test::tfmc_run(
      {"check", path, "--init", "init", "--fetch", "r", "--target", "w", "--json", "--quiet"});
  CHECK(r.code == 1);
  tfmc::test::check_outcome_list(
      tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out)),
      {{{{"r", "f32{1}"}}, {{"v", "f32{2}"}}}, {{{"r", "f32{2}"}}, {{"v", "f32{2}"}}}});
  // A binary file has no lines: a race's nodes are placed by the file alone, never FILE:0.
  const auto races = tfmc::test::tfmc_run({"races", path, "--fetch", "r", "--target", "w"});
  CHECK(races.code == 1);
  CHECK(races.out.find("w (" + path + ") and r (" + path + ") on v: read-write") !=
        std::string::npos);
  CHECK(races.out.find(":0") == std::string::npos);
}

TEST_CASE("import: races, dot and compare take graph files", "[graphdef][import]") {
  const std::string path = tfmc::test::write_test_file("cmds.pbtxt", kReadRacesWrite);
  const auto races = tfmc::test::tfmc_run({"races", path, "--fetch", "r", "--target", "w"});
  CHECK(races.code == 1);
  CHECK(races.out.find("w (" + path + ":") != std::string::npos);
  CHECK(races.out.find("on v: read-write") != std::string::npos);
  const auto dot = tfmc::test::tfmc_run({"dot", path, "--fetch", "r"});
  CHECK(dot.code == 0);
  CHECK(dot.out.find("digraph") != std::string::npos);
  // The same graph against itself, and against a .tfg of the same run.
  const auto same = tfmc::test::tfmc_run(
      {"compare", path, path, "--init", "init", "--fetch", "r", "--target", "w", "--equivalent"});
  CHECK(same.code == 0);
}

TEST_CASE("import writes a .tfg program that checks to the same outcomes, names mangled",
          "[graphdef][import]") {
  const std::string graph = resource_var("v>1", "") + float_const("2two", "2") +
                            node("w", "AssignVariableOp", {"v>1", "2two"}) +
                            node("r", "ReadVariableOp", {"v>1"});
  const std::string path = tfmc::test::write_test_file("mangle.pbtxt", graph);
  const std::string out = tfmc::test::write_test_file("mangle.tfg", "");
  const auto imported =
      tfmc::test::tfmc_run({"import", path, "--fetch", "r:0", "--target", "w", "-o", out});
  REQUIRE(imported.code == 0);
  const std::string text = tfmc::test::read_file(out);
  CHECK(text.find("var _v_3e1\n") != std::string::npos);
  CHECK(text.find("_2two = Const() {value=f32{2}}\n") != std::string::npos);
  const auto r = tfmc::test::tfmc_run({"check", out, "--json", "--quiet"});
  CHECK(r.code == 1);
  tfmc::test::check_outcome_list(tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out)),
                                 {{{{"r:0", "Error(uninitialized)"}}, {{"_v_3e1", "f32{2}"}}},
                                  {{{"r:0", "f32{2}"}}, {{"_v_3e1", "f32{2}"}}}});
}

TEST_CASE("import: bad graphs are located errors naming the node, exit 2", "[graphdef][import]") {
  const std::string a = float_const("a", "1");
  CHECK(error_of("missing.pbtxt", a + node("s", "AddV2", {"a", "zz"}), {"--fetch", "s"})
            .find(":8:3: error: node 's' (AddV2): input 'zz' names no node of the graph") !=
        std::string::npos);
  CHECK(error_of("malformed.pbtxt", a + node("s", "Neg", {"a:x"}), {"--fetch", "s"})
            .find("node 's' (Neg): input 'a:x' is not NODE, NODE:PORT or ^NODE") !=
        std::string::npos);
  CHECK(error_of("cycle.pbtxt", node("x", "Neg", {"y"}) + node("y", "Neg", {"x"}), {"--fetch", "y"})
            .find("the graph has a cycle through this node") != std::string::npos);
  CHECK(error_of("dup.pbtxt", a + a, {"--fetch", "a"})
            .find("node 'a' (Const): a node named 'a' is defined before") != std::string::npos);
  CHECK(error_of("nofetch.pbtxt", a, {"--fetch", "b"})
            .find("error: --fetch names 'b', which is not a node of the graph") !=
        std::string::npos);
  CHECK(error_of("notarget.pbtxt", a, {"--target", "b"})
            .find("error: --target names 'b', which is not a node of the graph") !=
        std::string::npos);
  CHECK(error_of("feed.pbtxt", a, {"--fetch", "a", "--feed", "a=f32{2}"})
            .find("--feed names 'a', which is a Const node, not a placeholder") !=
        std::string::npos);
  CHECK(error_of("port.pbtxt", a + node("s", "Neg", {"a:3"}), {"--fetch", "s"}) != "");
  CHECK(error_of("arity.pbtxt", a + node("s", "AddV2", {"a"}), {"--fetch", "s"})
            .find("node 's' (AddV2): AddV2 takes 2 inputs, but 1 are given") != std::string::npos);
  CHECK(error_of("content.pbtxt",
                 node("c", "Const", {},
                      attr("value",
                           "tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } } "
                           "tensor_content: \"\\001\\000\" }")),
                 {"--fetch", "c"})
            .find("its value cannot be mapped: its tensor_content has 2 bytes for 2 elements of "
                  "4 bytes") != std::string::npos);
  CHECK(error_of("half.pbtxt", a + node("h", "Cast", {"a"}, attr("DstT", "type: DT_HALF")),
                 {"--fetch", "h"})
            .find("its attribute DstT = DT_HALF cannot be mapped") != std::string::npos);
  CHECK(error_of("handle.pbtxt", resource_var("v"), {"--fetch", "v"})
            .find("--fetch 'v' names the handle of variable 'v'") != std::string::npos);
  CHECK(
      error_of("handle_tensor.pbtxt", resource_var("v") + node("n", "Neg", {"v"}), {"--fetch", "n"})
          .find("input 0 ('v') is the handle of variable 'v', where a tensor is needed") !=
      std::string::npos);
  CHECK(error_of("case.pbtxt", a + node("k", "Case", {"a"}), {"--fetch", "k"})
            .find("node 'k' (Case): Case, StatelessCase and ControlTrigger are not supported yet "
                  "(If, While and their stateless forms are)") != std::string::npos);
  CHECK(error_of("exit.pbtxt", a + node("x", "Exit", {"a"}), {"--fetch", "x"})
            .find("Exit 'x' is not inside a loop frame") != std::string::npos);
  CHECK(error_of("truncated.pb", std::string("\x0a\x05\x0a\x03", 4), {})
            .find("not a TensorFlow graph") != std::string::npos);
  CHECK(error_of("not_a_graph.pbtxt", "hello world\n", {}).find("not_a_graph.pbtxt:1:") !=
        std::string::npos);
  const auto tfg = tfmc::test::write_test_file("plain.tfg", "input B\noutput B\n");
  const auto r = tfmc::test::tfmc_run({"check", tfg, "--fetch", "B"});
  CHECK(r.code == 2);
  CHECK(r.err == "tfmc: --fetch applies to TensorFlow graph files, and none of the files is one\n");
}
