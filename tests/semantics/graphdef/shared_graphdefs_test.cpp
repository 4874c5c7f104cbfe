// The eleven GraphDef files of ../shared/graphdefs (TensorFlow's own test data, read where
// they are), checked through the command line. Every one imports; the three without control
// flow check to outcome sets reasoned out here from their nodes (README.md there describes
// them); the eight with control flow give the control-flow error. The races tfmc reports in
// them are asserted too.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

namespace {

std::string shared_graph(const std::string& name) {
  return tfmc::test::source_path("../shared/graphdefs/" + name);
}

tfmc::test::CliResult check(const std::string& file, std::vector<std::string> args) {
  args.insert(args.begin(), {"check", shared_graph(file)});
  args.insert(args.end(), {"--json", "--quiet"});
  return tfmc::test::tfmc_run(args);
}

std::vector<tfmc::test::ListedOutcome> outcomes(const tfmc::test::CliResult& r) {
  return tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out));
}

}  // namespace

TEST_CASE("shared GraphDefs: feed-control-dep checks whole, fed or not", "[graphdef][shared]") {
  // output_node = Identity(variable_node), variable_node = Const 1; both wait on the
  // placeholder `input` by a control edge, which a fed input satisfies from the start.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{}, {"--fetch", "output_node", "--feed", "input=f32[1]{5}"}}) {
    const auto r = check("feed-control-dep.pbtxt", args);
    INFO(r.err);
    CHECK(r.code == 0);
    tfmc::test::check_outcome_list(outcomes(r), {{{{"output_node", "f32{1}"}}, {}}});
  }
}

TEST_CASE("shared GraphDefs: tf.metrics.mean races its reads with its updates",
          "[graphdef][shared]") {
  // Four unordered enqueues of f32[2] tensors, {0, 1}, {-4.2, 9.1}, {6.5, 0}, {-3.2, 0}, into
  // a queue of capacity 4; one dequeue, whose sum goes to total and 2 to count. update_op is
  // total / count after both updates: 0.5, 4.9000006 / 2 = 2.4500003, 3.25 or -1.6.
  // mean/value reads total and count unordered with the updates: count read as 0 gives the
  // Select's 0; count 2 with total 0 gives 0 / 2 = 0; both after gives update_op's value.
  const auto r = check("metrics_export_meta_graph.pbtxt",
                       {"--init", "init", "--fetch", "mean/update_op", "--fetch", "mean/value",
                        "--target", "fifo_queue_enqueue", "--target", "fifo_queue_enqueue_1",
                        "--target", "fifo_queue_enqueue_2", "--target", "fifo_queue_enqueue_3"});
  INFO(r.err);
  CHECK(r.code == 1);
  std::vector<tfmc::test::ListedOutcome> want;
  for (const auto& [mean, total] : std::vector<std::pair<std::string, std::string>>{
           {"-1.6", "-3.2"}, {"0.5", "1"}, {"2.4500003", "4.9000006"}, {"3.25", "6.5"}}) {
    for (const std::string& value : {mean, std::string("0")}) {
      want.push_back(
          {{{"mean/update_op", "f32{" + mean + "}"}, {"mean/value", "f32{" + value + "}"}},
           {{"mean/count", "f32{2}"}, {"mean/total", "f32{" + total + "}"}}});
    }
  }
  tfmc::test::check_outcome_list(outcomes(r), want);
  // Without the enqueues the dequeue waits for ever: one stuck outcome.
  const auto stuck =
      check("metrics_export_meta_graph.pbtxt", {"--init", "init", "--fetch", "mean/update_op"});
  CHECK(stuck.code == 1);
  REQUIRE(outcomes(stuck).size() == 1);
  CHECK_FALSE(outcomes(stuck)[0].blocked.empty());
  const auto races = tfmc::test::tfmc_run({"races", shared_graph("metrics_export_meta_graph.pbtxt"),
                                           "--fetch", "mean/value", "--target", "mean/update_op"});
  CHECK(races.code == 1);
  CHECK(races.out.find("mean/total/read (") != std::string::npos);
  CHECK(races.out.find("mean/AssignAdd (") != std::string::npos);
  CHECK(races.out.find("on mean/count: read-write") != std::string::npos);
  CHECK(races.out.find("2 races\n") != std::string::npos);
}

TEST_CASE("shared GraphDefs: half_plus_two serves y2 = 0.5 * x2 + 3 after init",
          "[graphdef][shared]") {
  const auto r = check("saved_model_half_plus_two.pbtxt",
                       {"--init", "init", "--fetch", "y2", "--feed", "x2=f32[2]{1, 4}"});
  INFO(r.err);
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r),
      {{{{"y2", "f32[2]{3.5, 5}"}}, {{"a", "f32{0.5}"}, {"b", "f32{2}"}, {"c", "f32{3}"}}}});
  // Two writes of "foo.txt" to filename_tensor commute: one outcome, the race benign.
  const auto w = check("saved_model_half_plus_two.pbtxt",
                       {"--target", "Assign", "--target", "filename_tensor/Assign"});
  CHECK(w.code == 0);
  tfmc::test::check_outcome_list(outcomes(w), {{{}, {{"filename_tensor", "\"foo.txt\""}}}});
  CHECK(tfmc::test::parse_json(w.out).at("races").items.size() == 1);
  // The whole graph: the initializers race the reads, the saver and the restore.
  const auto races =
      tfmc::test::tfmc_run({"races", shared_graph("saved_model_half_plus_two.pbtxt")});
  CHECK(races.code == 1);
  CHECK(races.out.find("18 races\n") != std::string::npos);
  CHECK(races.err.find("warning: op SaveV2 has no mapping: its node 'save/SaveV2' is an "
                       "uninterpreted function") != std::string::npos);
}

TEST_CASE("shared GraphDefs: the files with control flow give the control-flow error",
          "[graphdef][shared]") {
  for (const char* file :
       {"grappler_while_loop.pbtxt", "loops_and_queues.pbtxt", "loops_and_resource_vars.pbtxt",
        "merge_without_loops.pbtxt", "mlir_graph-while-loop.pbtxt", "nested_loop.pbtxt",
        "queues_and_loops.pbtxt", "while_loop_var_handle_op.pbtxt"}) {
    INFO(file);
    const auto r = check(file, {});
    CHECK(r.code == 2);
    CHECK(r.err.rfind(shared_graph(file) + ":", 0) == 0);
    CHECK(r.err.find("control flow is not supported yet") != std::string::npos);
  }
}
