// TF2 SavedModels as TensorFlow loads and runs them (FORMAT.md, "Variables restored from a
// checkpoint" and "Signatures and functions"), on the models tools/tf/make_savedmodels.py
// wrote into testdata/savedmodel/ with TensorFlow 2.21. The expected values are what that
// script printed from TensorFlow (the loaded model's signature and train_step): w = [[0.71,
// 1.71]], b = 0.21000001 and output 3.2 after the second step.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

namespace {

namespace fs = std::filesystem;
using tfmc::test::ListedOutcome;

std::string model(const std::string& name) {
  return tfmc::test::source_path("testdata/savedmodel/" + name);
}

tfmc::test::CliResult check(const std::string& file, std::vector<std::string> args) {
  args.insert(args.begin(), {"check", file, "--feed", "x=f32[1,2]{1, 1}"});
  args.insert(args.end(), {"--json", "--quiet"});
  return tfmc::test::tfmc_run(args);
}

std::vector<ListedOutcome> outcomes(const tfmc::test::CliResult& r) {
  return tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out));
}

const std::string kModel = model("momentum_module/saved_model.pb");

// One train step from the restored state, as TensorFlow's loaded train_step gives it.
const ListedOutcome kTrainStep = {{{"output_0", "f32{3.2}"}},
                                  {{"b", "f32{0.21000001}"},
                                   {"sgd/b_0_momentum", "f32{-0.19}"},
                                   {"sgd/iteration", "i64{2}"},
                                   {"sgd/learning_rate", "f32{0.1}"},
                                   {"sgd/w_0_momentum", "f32[1,2]{-0.19, -0.19}"},
                                   {"w", "f32[1,2]{0.71, 1.71}"}}};

// A copy of momentum_module in a directory of the test's own, for damaging its checkpoint.
fs::path copy_of_model(const std::string& name) {
  const fs::path dir = fs::path(tfmc::test::write_test_file(name + "/.keep", "")).parent_path();
  fs::copy(model("momentum_module"), dir,
           fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  return dir;
}

}  // namespace

TEST_CASE("SavedModel: the variables start as the checkpoint restores them",
          "[graphdef][savedmodel]") {
  // No option: the serving_default signature, its input fed by its key, its output by its key.
  const auto r = check(kModel, {});
  INFO(r.err);
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(outcomes(r), {{{{"output_0", "f32{3.2}"}},
                                                {{"b", "f32{0.4}"}, {"w", "f32[1,2]{0.9, 1.9}"}}}});
  CHECK(r.err.find("note: 6 variables restored from the checkpoint " +
                   model("momentum_module/variables/variables")) != std::string::npos);
  CHECK(r.err.find("note: the run is signature 'serving_default'") != std::string::npos);
  // --no-restore: uninitialized, as TensorFlow's graph is before its restore runs.
  const auto u = check(kModel, {"--no-restore"});
  CHECK(u.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(u), {{{{"output_0", "Error(uninitialized)"}},
                     {{"b", "Error(uninitialized)"}, {"w", "Error(uninitialized)"}}}});
  CHECK(u.err.find("restored") == std::string::npos);
}

TEST_CASE("SavedModel: a signature and a saved function run as TensorFlow runs them",
          "[graphdef][savedmodel]") {
  for (const std::vector<std::string>& choice : {std::vector<std::string>{"--signature", "train"},
                                                 {"--function", "train_step"},
                                                 {"--function", "__inference_train_step_230"}}) {
    const auto r = check(kModel, choice);
    INFO(choice.back() << "\n" << r.err);
    CHECK(r.code == 0);
    tfmc::test::check_outcome_list(outcomes(r), {kTrainStep});
  }
}

TEST_CASE("SavedModel: two concurrent train steps race on the weights and the slots",
          "[graphdef][savedmodel]") {
  const auto r = check(kModel, {"--function", "train_step", "--concurrent", "2"});
  CHECK(r.code == 1);
  const auto doc = tfmc::test::parse_json(r.out);
  CHECK(!doc.at("deterministic").boolean);
  CHECK(outcomes(r).size() == 264);
  std::vector<std::string> raced;
  for (const auto& race : doc.at("races").items) raced.push_back(race.at("variable").text);
  for (const char* v : {"w", "b", "sgd/w_0_momentum", "sgd/b_0_momentum", "sgd/iteration"}) {
    CHECK(std::count(raced.begin(), raced.end(), v) > 0);
  }
}

TEST_CASE("SavedModel: bad choices and bad checkpoints are located errors, exit 2",
          "[graphdef][savedmodel]") {
  const auto s = check(kModel, {"--signature", "nope"});
  CHECK(s.code == 2);
  CHECK(s.err == kModel +
                     ": error: --signature 'nope': the file's signatures are: "
                     "serving_default, train\n");
  const auto f = check(kModel, {"--function", "nope"});
  CHECK(f.code == 2);
  CHECK(f.err == kModel +
                     ": error: --function 'nope' names none of the file's functions; the "
                     "file's functions (path and concrete function) are: __call__ "
                     "(__inference___call___172), train_step (__inference_train_step_230)\n");
  const auto both = check(kModel, {"--function", "train_step", "--fetch", "y"});
  CHECK(both.code == 2);
  CHECK(both.err.find("drop --fetch") != std::string::npos);
  const std::string mismatch = model("shape_mismatch/saved_model.pb");
  const auto m = check(mismatch, {});
  CHECK(m.code == 2);
  CHECK(m.err == mismatch + ": error: variable 'w' (node 'w') is f32[1,2], but the checkpoint " +
                     model("shape_mismatch/variables/variables") +
                     " holds f32[3] for it under 'w/.ATTRIBUTES/VARIABLE_VALUE'\n");
  // A truncated index and a missing data file: the reader's errors, at the checkpoint.
  const fs::path truncated = copy_of_model("truncated");
  fs::resize_file(truncated / "variables" / "variables.index", 20);
  const auto t = check((truncated / "saved_model.pb").string(), {});
  CHECK(t.code == 2);
  CHECK(t.err.find((truncated / "variables" / "variables.index").string()) != std::string::npos);
  const fs::path missing = copy_of_model("missing_shard");
  fs::remove(missing / "variables" / "variables.data-00000-of-00001");
  const auto d = check((missing / "saved_model.pb").string(), {});
  CHECK(d.code == 2);
  CHECK(d.err.find("variables.data-00000-of-00001") != std::string::npos);
}

TEST_CASE("SavedModel: a concrete function's captured variables are symbols or fed",
          "[graphdef][savedmodel]") {
  const std::string graph = model("captured_call.pbtxt");
  const auto r = check(graph, {"--fetch", "Identity"});
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"Identity",
                       "Add(Sum(Mul(f32[1,2]{1, 1}, mul/ReadVariableOp/resource), "
                       "i32[2]{0, 1}), add/ReadVariableOp/resource)"}},
                     {{"add/ReadVariableOp/resource", "add/ReadVariableOp/resource"},
                      {"mul/ReadVariableOp/resource", "mul/ReadVariableOp/resource"}}}});
  const auto fed =
      check(graph, {"--fetch", "Identity", "--feed", "mul/ReadVariableOp/resource=f32[1,2]{1, 2}",
                    "--feed", "add/ReadVariableOp/resource=f32{0.5}"});
  CHECK(fed.code == 0);
  tfmc::test::check_outcome_list(outcomes(fed),
                                 {{{{"Identity", "f32{3.5}"}},
                                   {{"add/ReadVariableOp/resource", "f32{0.5}"},
                                    {"mul/ReadVariableOp/resource", "f32[1,2]{1, 2}"}}}});
}

TEST_CASE("SavedModel: describe lists signatures, functions, variables and unmapped ops",
          "[graphdef][savedmodel]") {
  const auto r = tfmc::test::tfmc_run({"describe", kModel});
  CHECK(r.code == 0);
  const std::string f = kModel;
  CHECK(r.out == f + ": binary SavedModel\n" +
                     "checkpoint: " + model("momentum_module/variables/variables") +
                     "\n"
                     "\n"
                     "signatures: 2\n"
                     "  serving_default\n"
                     "    inputs: x: f32[1,2]\n"
                     "    outputs: output_0: f32[]\n"
                     "    check: tfmc check " +
                     f +
                     " --signature serving_default --feed x=VALUE\n"
                     "  train\n"
                     "    inputs: x: f32[1,2]\n"
                     "    outputs: output_0: f32[]\n"
                     "    check: tfmc check " +
                     f +
                     " --signature train --feed x=VALUE\n"
                     "\n"
                     "functions: 2\n"
                     "  __call__ (__inference___call___172)\n"
                     "    inputs: x: f32[1,2]\n"
                     "    outputs: output_0\n"
                     "    captures: w, b\n"
                     "    check: tfmc check " +
                     f +
                     " --function __call__ --feed x=VALUE\n"
                     "  train_step (__inference_train_step_230)\n"
                     "    inputs: x: f32[1,2]\n"
                     "    outputs: output_0\n"
                     "    captures: w, b, sgd/learning_rate, sgd/w_0_momentum, "
                     "sgd/b_0_momentum, sgd/iteration\n"
                     "    check: tfmc check " +
                     f +
                     " --function train_step --feed x=VALUE\n"
                     "\n"
                     "variables: 10\n"
                     "  sgd/b_0_momentum: f32[], restored from "
                     "'opt/_variables/3/.ATTRIBUTES/VARIABLE_VALUE'\n"
                     "  Variable: f32[], not restored: starts uninitialized\n"
                     "  sgd/w_0_momentum: f32[1,2], restored from "
                     "'opt/_variables/2/.ATTRIBUTES/VARIABLE_VALUE'\n"
                     "  Variable_1: f32[1,2], not restored: starts uninitialized\n"
                     "  sgd/learning_rate: f32[], restored from "
                     "'opt/_learning_rate/.ATTRIBUTES/VARIABLE_VALUE'\n"
                     "  Variable_2: f32[], not restored: starts uninitialized\n"
                     "  sgd/iteration: i64[], restored from "
                     "'opt/_iterations/.ATTRIBUTES/VARIABLE_VALUE'\n"
                     "  Variable_3: i64[], not restored: starts uninitialized\n"
                     "  b: f32[], restored from 'b/.ATTRIBUTES/VARIABLE_VALUE'\n"
                     "  w: f32[1,2], restored from 'w/.ATTRIBUTES/VARIABLE_VALUE'\n"
                     "\n"
                     "queues: 0\n"
                     "\n"
                     "ops without a mapping: 0\n");
  const auto shared = tfmc::test::tfmc_run(
      {"describe", tfmc::test::source_path("../shared/graphdefs/saved_model_half_plus_two.pbtxt")});
  CHECK(shared.code == 0);
  CHECK(shared.out.find("ops without a mapping: 1\n  ParseExample (1 node): uninterpreted\n") !=
        std::string::npos);
  CHECK(shared.out.find("    inputs: x: ?[*]\n") != std::string::npos);
}

TEST_CASE("MetaGraphDef: a TF1 saver's checkpoint beside NAME.meta restores by node name",
          "[graphdef][savedmodel]") {
  // testdata/checkpoint/tf1_saver.meta and its checkpoint tf1_saver (tools/tf/
  // make_checkpoints.py): the values the script gave the variables.
  const std::string meta = tfmc::test::source_path("testdata/checkpoint/tf1_saver.meta");
  const auto r = tfmc::test::tfmc_run({"check", meta, "--fetch", "f32/Read/ReadVariableOp",
                                       "--fetch", "i64/Read/ReadVariableOp", "--target",
                                       "flags/Read/ReadVariableOp", "--json", "--quiet"});
  INFO(r.err);
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(
      outcomes(r), {{{{"f32/Read/ReadVariableOp", "f32[2,3]{1.5, -2.25, 0, 3, -0, 0.001}"},
                      {"i64/Read/ReadVariableOp",
                       "i64[2,2]{1, -1, 1099511627776, "
                       "-4611686018427387904}"}},
                     {{"f32", "f32[2,3]{1.5, -2.25, 0, 3, -0, 0.001}"},
                      {"flags", "bool[3]{true, false, true}"},
                      {"i64", "i64[2,2]{1, -1, 1099511627776, -4611686018427387904}"}}}});
  CHECK(r.err.find("note: 6 variables restored from the checkpoint") != std::string::npos);
}

TEST_CASE("SavedModel: the directory names the model, as TensorFlow's loaders take it",
          "[graphdef][savedmodel]") {
  // The same run as from its saved_model.pb, the checkpoint beside it restored; the report
  // names the directory as given.
  const std::string dir = model("momentum_module");
  const auto r = check(dir, {});
  INFO(r.err);
  CHECK(r.code == 0);
  tfmc::test::check_outcome_list(outcomes(r), {{{{"output_0", "f32{3.2}"}},
                                                {{"b", "f32{0.4}"}, {"w", "f32[1,2]{0.9, 1.9}"}}}});
  CHECK(tfmc::test::parse_json(r.out).at("program").text == dir);
  CHECK(r.err.find("note: 6 variables restored from the checkpoint " +
                   model("momentum_module/variables/variables")) != std::string::npos);
  const auto described = tfmc::test::tfmc_run({"describe", dir});
  CHECK(described.code == 0);
  CHECK(described.out.rfind(dir + ": binary SavedModel\ncheckpoint: " +
                                model("momentum_module/variables/variables") + "\n",
                            0) == 0);
  // A directory that is no SavedModel: exit 2, for check and describe alike.
  const fs::path empty_dir =
      fs::path(tfmc::test::write_test_file("not_a_model.keep", "")).parent_path() / "not_a_model";
  fs::create_directories(empty_dir);
  const std::string empty = empty_dir.string();
  for (const char* command : {"check", "describe"}) {
    const auto bad = tfmc::test::tfmc_run({command, empty});
    CHECK(bad.code == 2);
    CHECK(bad.err == empty +
                         ": error: is a directory without saved_model.pb or saved_model.pbtxt, "
                         "not a SavedModel\n");
  }
}
