// How ref variables behave in graph files (FORMAT.md, "TensorFlow graph files"): by default
// as TensorFlow's executor runs them (--refs alias), so two unlocked AssignAdds may lose an
// update as TensorFlow can; --refs mapl gives the MAPL model; the report (JSON "refs", the
// text's `refs:` line) and a note on stderr say which one a file's ref variables follow. An Assign
// with validate_shape=false, whose new buffer alias cannot model, is an error at its node under
// alias and checks under mapl.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/graphdef/graph_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

using namespace tfmc::test;  // graph_text.h: node, attr, check_graph ...

namespace {

// testdata/graphdef/ref_assign_adds: v = 0, then two unordered AssignAdds of 1 (use_locking
// false, TensorFlow's default), checked with `extra` after the run's arguments.
CliResult check_ref_assign_adds(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {
      "check",    source_path("testdata/graphdef/ref_assign_adds.pbtxt"),
      "--init",   "init",
      "--target", "a1",
      "--target", "a2",
      "--json",   "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return tfmc_run(args);
}

// A ref variable x that `grow` assigns an f32[3] with validate_shape=false, and x/read an
// Identity of it.
std::string growing_graph() {
  return node("x", "VariableV2", {}, attr("dtype", "type: DT_FLOAT") + attr("shape", "shape {}")) +
         node("three", "Const", {},
              attr("dtype", "type: DT_FLOAT") +
                  attr("value",
                       "tensor { dtype: DT_FLOAT tensor_shape { dim { size: 3 } } "
                       "float_val: 1 float_val: 2 float_val: 3 }")) +
         node("grow", "Assign", {"x", "three"}, attr("validate_shape", "b: false")) +
         node("x/read", "Identity", {"x"});
}

}  // namespace

TEST_CASE("refs: without a flag two unlocked ref AssignAdds may lose an update",
          "[graphdef][refs]") {
  const CliResult r = check_ref_assign_adds({});
  INFO(r.err);
  CHECK(r.code == 1);
  const Json result = parse_json(r.out);
  check_outcome_list(outcomes_in_json(result), {{{}, {{"v", "f32{1}"}}}, {{}, {{"v", "f32{2}"}}}});
  CHECK(result.at("refs").text == "alias");
  CHECK(r.err.find("ref_assign_adds.pbtxt: note: ref variables (1) behave as TensorFlow runs "
                   "them (--refs alias, the default)") != std::string::npos);
}

TEST_CASE("refs: --refs mapl makes each update atomic, and says so", "[graphdef][refs]") {
  const CliResult r = check_ref_assign_adds({"--refs", "mapl"});
  INFO(r.err);
  CHECK(r.code == 0);
  const Json result = parse_json(r.out);
  check_outcome_list(outcomes_in_json(result), {{{}, {{"v", "f32{2}"}}}});
  CHECK(result.at("refs").text == "mapl");
  CHECK(r.err.find("ref_assign_adds.pbtxt: note: ref variables (1) follow the MAPL model "
                   "(--refs mapl)") != std::string::npos);
}

TEST_CASE("refs: the text report names the model", "[graphdef][refs]") {
  const CliResult r = tfmc_run({"check", source_path("testdata/graphdef/ref_assign_adds.pbtxt"),
                                "--init", "init", "--target", "a1", "--target", "a2", "--quiet"});
  CHECK(r.code == 1);
  CHECK(r.out.find("\nrefs: alias\n") != std::string::npos);
}

TEST_CASE("refs: a graph without ref variables says nothing about them", "[graphdef][refs]") {
  for (const bool json : {false, true}) {
    std::vector<std::string> args = {
        "check",    source_path("testdata/graphdef/resource_assign_adds.pbtxt"),
        "--init",   "init",
        "--target", "a1",
        "--target", "a2",
        "--quiet"};
    if (json) args.push_back("--json");
    const CliResult r = tfmc_run(args);
    CHECK(r.code == 0);
    CHECK(r.err.find("ref variables") == std::string::npos);
    if (json) {
      CHECK(parse_json(r.out).find("refs") == nullptr);
    } else {
      CHECK(r.out.find("refs:") == std::string::npos);
    }
  }
}

TEST_CASE("refs: an Assign with validate_shape=false is an error at its node under alias",
          "[graphdef][refs]") {
  const std::string graph = growing_graph();
  const std::string err =
      error_of("ref_grow.pbtxt", graph, {"--fetch", "x/read", "--target", "grow"});
  // Located at the line of the node's name.
  const std::size_t line =
      1 + std::count(graph.begin(), graph.begin() + graph.find("name: \"grow\""), '\n');
  CHECK(err.find("ref_grow.pbtxt:" + std::to_string(line) + ":") != std::string::npos);
  CHECK(err.find("error: node 'grow' (Assign): with validate_shape=false it may give ref "
                 "variable 'x' a new buffer (a value of another size), which --refs alias "
                 "cannot model: an Identity of 'x' keeps the old buffer; check the graph with "
                 "--refs mapl") != std::string::npos);
}

TEST_CASE("refs: an Assign with validate_shape=false checks under --refs mapl",
          "[graphdef][refs]") {
  const Checked c = check_graph("ref_grow_mapl.pbtxt", growing_graph(),
                                {"--init", "grow", "--fetch", "x/read", "--refs", "mapl"});
  INFO(c.err);
  CHECK(c.code == 0);
  check_outcome_list(c.outcomes, {{{{"x/read", "f32[3]{1, 2, 3}"}}, {{"x", "f32[3]{1, 2, 3}"}}}});
}

TEST_CASE("refs: a ref input is read when its consumer runs, after its other inputs",
          "[graphdef][refs]") {
  // v = 1, then `set` assigns 5; m takes v's ref and so reads it when m runs: after `set`,
  // whether m waits for it by a control edge or through its other data input.
  const std::string common =
      node("v", "VariableV2", {}, attr("dtype", "type: DT_FLOAT") + attr("shape", "shape {}")) +
      float_const("c1", "1") + float_const("c5", "5") + float_const("two", "2") +
      node("init", "Assign", {"v", "c1"}) + node("set", "Assign", {"v", "c5"});
  const std::string by_control = common + node("m", "Mul", {"v", "two", "^set"});
  const std::string by_data =
      common + node("x", "Identity", {"two", "^set"}) + node("m", "Mul", {"v", "x"});
  for (const char* refs : {"alias", "mapl"}) {
    for (const auto& [name, graph] : {std::pair{"by_control", by_control}, {"by_data", by_data}}) {
      INFO(name << " under --refs " << refs);
      const Checked c = check_graph(std::string(name) + ".pbtxt", graph,
                                    {"--init", "init", "--fetch", "m", "--refs", refs});
      INFO(c.err);
      CHECK(c.code == 0);
      check_outcome_list(c.outcomes, {{{{"m", "f32{10}"}}, {{"v", "f32{5}"}}}});
    }
  }
  // Without either ordering the read may come before the assignment.
  const Checked free = check_graph("unordered.pbtxt", common + node("m", "Mul", {"v", "two"}),
                                   {"--init", "init", "--fetch", "m", "--target", "set"});
  CHECK(free.code == 1);
  check_outcome_list(free.outcomes, {{{{"m", "f32{10}"}}, {{"v", "f32{5}"}}},
                                     {{{"m", "f32{2}"}}, {{"v", "f32{5}"}}}});
}
