// The eleven GraphDef files of ../shared/graphdefs (TensorFlow's own test data, read where
// they are), checked through the command line. Each checks to an outcome set reasoned out
// here from its nodes (README.md there describes them), loops and conditionals included, but
// while_loop_var_handle_op, which is ill-typed. The races tfmc reports in them are asserted
// too.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::Json;

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
  // Under --refs mapl, mean/value reads total and count (Identities) unordered with the
  // updates: count read as 0 gives the Select's 0; count 2 with total 0 gives 0 / 2 = 0; both
  // after gives update_op's value. By default (--refs alias, as TensorFlow runs them) the
  // Identities share the buffers, so the Greater that guards the division and the division
  // itself read count when each runs: the division may see 0 where the Greater saw 2, giving
  // total / 0 (inf, -inf for -3.2, or nan for 0 / 0).
  const std::vector<std::string> run = {"--init",   "init",
                                        "--fetch",  "mean/update_op",
                                        "--fetch",  "mean/value",
                                        "--target", "fifo_queue_enqueue",
                                        "--target", "fifo_queue_enqueue_1",
                                        "--target", "fifo_queue_enqueue_2",
                                        "--target", "fifo_queue_enqueue_3"};
  for (const bool alias : {false, true}) {
    std::vector<std::string> args = run;
    if (!alias) args.insert(args.end(), {"--refs", "mapl"});
    const auto r = check("metrics_export_meta_graph.pbtxt", args);
    INFO(r.err);
    CHECK(r.code == 1);
    std::vector<tfmc::test::ListedOutcome> want;
    for (const auto& [mean, total] : std::vector<std::pair<std::string, std::string>>{
             {"-1.6", "-3.2"}, {"0.5", "1"}, {"2.4500003", "4.9000006"}, {"3.25", "6.5"}}) {
      std::vector<std::string> values = {mean, "0"};
      if (alias) values.insert(values.end(), {mean[0] == '-' ? "-inf" : "inf", "nan"});
      for (const std::string& value : values) {
        want.push_back(
            {{{"mean/update_op", "f32{" + mean + "}"}, {"mean/value", "f32{" + value + "}"}},
             {{"mean/count", "f32{2}"}, {"mean/total", "f32{" + total + "}"}}});
      }
    }
    tfmc::test::check_outcome_list(outcomes(r), want);
  }
  // Without the enqueues the dequeue waits for ever: one stuck outcome.
  const auto stuck =
      check("metrics_export_meta_graph.pbtxt", {"--init", "init", "--fetch", "mean/update_op"});
  CHECK(stuck.code == 1);
  REQUIRE(outcomes(stuck).size() == 1);
  CHECK_FALSE(outcomes(stuck)[0].blocked.empty());
  // Under --refs mapl the Identities read; by default the Greater's and the division's reads
  // of the shared buffers (`C~readJ`) race with the updates.
  const std::vector<std::string> races_args = {
      "races",    shared_graph("metrics_export_meta_graph.pbtxt"),
      "--fetch",  "mean/value",
      "--target", "mean/update_op"};
  std::vector<std::string> mapl_args = races_args;
  mapl_args.insert(mapl_args.end(), {"--refs", "mapl"});
  const auto mapl = tfmc::test::tfmc_run(mapl_args);
  CHECK(mapl.code == 1);
  CHECK(mapl.out.find("mean/total/read (") != std::string::npos);
  CHECK(mapl.out.find("mean/AssignAdd (") != std::string::npos);
  CHECK(mapl.out.find("on mean/count: read-write") != std::string::npos);
  CHECK(mapl.out.find("2 races\n") != std::string::npos);
  const auto alias = tfmc::test::tfmc_run(races_args);
  CHECK(alias.code == 1);
  CHECK(alias.out.find(") and mean/truediv~read0 (") != std::string::npos);
  CHECK(alias.out.find(") and mean/Greater~read0 (") != std::string::npos);
  CHECK(alias.out.find(") and mean/truediv~read1 (") != std::string::npos);
  CHECK(alias.out.find("3 races\n") != std::string::npos);
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
  // No option: the serving_default signature, y = a * x + b with x parsed from a serialized
  // tf.Example (ParseExample has no mapping) and a and b never initialized.
  const auto serving = check("saved_model_half_plus_two.pbtxt", {});
  CHECK(serving.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(serving), {{{{"y", "Error(uninitialized)"}},
                           {{"a", "Error(uninitialized)"}, {"b", "Error(uninitialized)"}}}});
  CHECK(serving.err.find("warning: op ParseExample has no mapping") != std::string::npos);
  const auto races =
      tfmc::test::tfmc_run({"races", shared_graph("saved_model_half_plus_two.pbtxt")});
  CHECK(races.code == 0);
  CHECK(races.out == "no races\n");
}

// A tensor of `count` ones, as tfmc prints it: `f32[SHAPE]{1, 1, ...}`.
static std::string ones(const std::string& shape, int count) {
  std::string out = "f32[" + shape + "]{1";
  for (int i = 1; i < count; ++i) out += ", 1";
  return out + "}";
}

TEST_CASE(
    "shared GraphDefs: the loops of mlir_graph-while-loop and grappler_while_loop count "
    "to 10",
    "[graphdef][shared]") {
  // i = 0; while i < 10: i += 1. Leaving takes iteration 10, the eleventh.
  auto r = check("mlir_graph-while-loop.pbtxt", {});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(outcomes(r), {{{{"while/Exit", "i32{10}"}}, {}}});
  r = check("mlir_graph-while-loop.pbtxt", {"--max-iterations", "10"});
  CHECK(r.code == 3);
  const Json bounded = tfmc::test::parse_json(r.out);
  CHECK(bounded.at("stop_reason").text == "max-iterations");
  tfmc::test::check_outcome_list(outcomes(r), {{{{"while/Exit", "DEAD"}}, {}}});
  CHECK(bounded.at("outcomes").items.at(0).at("iteration_bound").items.at(0).at("node").text ==
        "while/NextIteration[9]");
  // The same counter beside a tensor that doubles along axis 0 in every iteration: the fed
  // [1,2] becomes [1024,2].
  r = check("grappler_while_loop.pbtxt", {"--feed", "ones=f32[1,2]{1, 1}"});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"while/Exit", "i32{10}"}, {"while/Exit_1", ones("1024,2", 2048)}}, {}}});
}

TEST_CASE("shared GraphDefs: merge_without_loops forwards the live branch of its cond",
          "[graphdef][shared]") {
  // Less(7, 5) is false: the true branch (cond/concat and its axis) is DEAD, the false branch
  // concatenates the [1,1,1] ones along axis 1, Merge forwards it with index 1, and the
  // final concat doubles it along axis 2. The whole graph's unconsumed results are outputs:
  // Switch ports nobody takes carry the value or DEAD.
  const auto r = check("merge_without_loops.pbtxt", {});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(outcomes(r), {{{{"concat", ones("1,2,2", 4)},
                                                 {"cond/Merge:1", "i32{1}"},
                                                 {"cond/concat/Switch", ones("1,1,1", 1)},
                                                 {"cond/concat_1/Switch:1", "DEAD"},
                                                 {"cond/switch_f", "bool{false}"},
                                                 {"cond/switch_t", "DEAD"}},
                                                {}}});
}

TEST_CASE("shared GraphDefs: nested loops tag values with frame and iteration",
          "[graphdef][shared]") {
  // nested_loop: three outer iterations double the [1,1,1] ones along axis 0; in each, an
  // inner loop of three iterations doubles the outer value along axis 2 and its result is not
  // used. loops_and_queues: the same shape of loops, the outer one doubling along axis 2 and
  // passing its value through a capacity-1 queue (enqueue and dequeue in every iteration,
  // unordered; the dequeued value feeds the unused inner loop): one outcome whichever
  // iteration's item a dequeue takes.
  auto r = check("nested_loop.pbtxt", {});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"while/Exit", "i32{3}"}, {"while/Exit_1", ones("8,1,1", 8)}}, {}}});
  r = check("loops_and_queues.pbtxt", {});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"while/Exit", "i32{3}"}, {"while/Exit_1", ones("1,1,8", 8)}}, {}}});
}

TEST_CASE("shared GraphDefs: queues_and_loops runs its loop between two queues",
          "[graphdef][shared]") {
  // The [2,2] ones go through fifo_queue into a loop of ten iterations that doubles them
  // along axis 0, then through fifo_queue_1 into a concat along axis 1: [2048,4].
  auto r = check("queues_and_loops.pbtxt", {});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"concat", ones("2048,4", 8192)}, {"while/Exit", "i32{10}"}}, {}}});
  // Fetching concat alone prunes the enqueue, to which no edge leads: the dequeue waits
  // forever.
  r = check("queues_and_loops.pbtxt", {"--fetch", "concat"});
  CHECK(r.code == 1);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"concat", "EMPTY"}},
                     {},
                     {"concat", "fifo_queue_1_Dequeue", "fifo_queue_1_Dequeue~copy1"}}});
}

TEST_CASE(
    "shared GraphDefs: loops_and_resource_vars reads its variable before or after "
    "the Assign",
    "[graphdef][shared]") {
  // loop_var/Assign (0) is unordered with VarIsInitialized, with the Read and with
  // while/ReadVariableOp, whose value starts the loop counter. A read before the Assign is
  // Error(uninitialized): the loop's predicate is then that error, which leaves the loop at
  // once with the error in both loop variables; read after it, the counter runs 0..3 and the
  // doubled value 1..8. Every combination of the three orders is reachable.
  const auto r = check("loops_and_resource_vars.pbtxt", {});
  CHECK(r.code == 1);
  std::vector<tfmc::test::ListedOutcome> want;
  const std::string uninit = "Error(uninitialized)";
  for (const char* initialized : {"bool{false}", "bool{true}"}) {
    for (const std::string& read : {uninit, std::string("i32{0}")}) {
      for (const bool loop_ran : {false, true}) {
        want.push_back({{{"loop_var/IsInitialized/VarIsInitializedOp", initialized},
                         {"loop_var/Read/ReadVariableOp", read},
                         {"while/Exit", loop_ran ? "i32{3}" : uninit},
                         {"while/Exit_1", loop_ran ? "i32{8}" : uninit}},
                        {{"loop_var", "i32{0}"}}});
      }
    }
  }
  tfmc::test::check_outcome_list(outcomes(r), want);
}

TEST_CASE("shared GraphDefs: while_loop_var_handle_op compares a resource handle",
          "[graphdef][shared]") {
  // Its loop variable is loop_var's handle, and while/Less (T = DT_INT32) takes it as a
  // tensor: the graph is ill-typed, as TensorFlow would say when it builds it.
  const auto r = check("while_loop_var_handle_op.pbtxt", {});
  CHECK(r.code == 2);
  CHECK(r.err.find("node 'while/Less' (Less): input 0 ('while/Merge') is the handle of variable "
                   "'loop_var', where a tensor is needed") != std::string::npos);
}
