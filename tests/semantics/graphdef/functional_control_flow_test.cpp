// TF2's functional control flow (semantics/graphdef/functional_control_flow.h): While,
// StatelessWhile and If lowered to Switch, Merge, Enter, Exit, NextIteration and LoopCond,
// checked through the command line on the hand-written graphs of testdata/graphdef_functional/
// (each file's header says what it computes). Each checks to an exact outcome set, reasoned
// out here, and to the outcome set of its hand-written control flow v1 equivalent (the
// `_v1.tfg` beside it) where there is one; bad input is a located error naming the node.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/outcome_list.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::ListedOutcome;

std::string functional(const std::string& name) {
  return tfmc::test::source_path("testdata/graphdef_functional/" + name);
}

struct Checked {
  int code;
  std::vector<ListedOutcome> outcomes;
  std::string err;
};

// `tfmc check PATH ARGS --json`.
Checked check_path(const std::string& path, std::vector<std::string> args) {
  args.insert(args.begin(), {"check", path});
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  Checked c{r.code, {}, r.err};
  if (r.code != 2) c.outcomes = tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out));
  return c;
}

// Checks testdata/graphdef_functional/FILE with ARGS: exit code `code`, outcomes `want`.
void check_file(const std::string& file, const std::vector<std::string>& args, int code,
                const std::vector<ListedOutcome>& want) {
  const Checked c = check_path(functional(file), args);
  INFO(file << ": " << c.err);
  CHECK(c.code == code);
  tfmc::test::check_outcome_list(c.outcomes, want);
}

// Checks that `graph` with `graph_args` and its v1 equivalent `tfg` with `tfg_args` give the
// same outcomes.
void check_same_as_v1(const std::string& graph, const std::vector<std::string>& graph_args,
                      const std::string& tfg, const std::vector<std::string>& tfg_args) {
  const Checked lowered = check_path(functional(graph), graph_args);
  const Checked v1 = check_path(functional(tfg), tfg_args);
  INFO(graph << ": " << lowered.err << tfg << ": " << v1.err);
  // Both explored: two rejected files would agree on nothing.
  REQUIRE((v1.code <= 1 || v1.code == 5));
  CHECK(lowered.code == v1.code);
  tfmc::test::check_outcome_list(lowered.outcomes, v1.outcomes);
}

// `text` with `from` replaced by `to` (its first occurrence).
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// The text of testdata/graphdef_functional/FILE with `from` replaced by `to`.
std::string edited(const std::string& file, const std::string& from, const std::string& to) {
  return replaced(tfmc::test::read_file(functional(file)), from, to);
}

// The stderr of `tfmc check` on `graph` (written as the test file `name`), which must exit 2.
std::string error_of(const std::string& name, const std::string& graph,
                     const std::vector<std::string>& args) {
  const Checked c = check_path(tfmc::test::write_test_file(name, graph), args);
  CHECK(c.code == 2);
  return c.err;
}

}  // namespace

TEST_CASE("functional control flow: a StatelessWhile counts to 3", "[graphdef][functional]") {
  // i = 0, 1, 2 pass i < 3 and the body adds 1; iteration 3 finds i = 3 and exits.
  check_file("counter_while.pbtxt", {"--fetch", "w"}, 0, {{{{"w", "i32{3}"}}, {}}});
  check_same_as_v1("counter_while.pbtxt", {"--fetch", "w"}, "counter_while_v1.tfg", {});
  // Leaving takes iteration 3, the fourth: with 3 iterations the bound is reached.
  check_file("counter_while.pbtxt", {"--fetch", "w", "--max-iterations", "3"}, 3,
             {{{{"w", "DEAD"}}, {}}});
  // The cond's int32 result 3 - i is converted to bool: non-zero is true.
  check_file("counter_while_int_cond.pbtxt", {"--fetch", "w"}, 0, {{{{"w", "i32{3}"}}, {}}});
  // Witnesses name the lowered nodes under the While's name (--values full: the witness of
  // 266 firings whole, not shortened).
  const auto r = tfmc::test::tfmc_run(
      {"check", functional("counter_while.pbtxt"), "--fetch", "w", "--quiet", "--values", "full"});
  INFO(r.out);
  for (const char* name : {" w/body/add[0] ", " w/cond/Less[3] ", " w/exit_0 ", " w/enter_0 "}) {
    CHECK(r.out.find(name) != std::string::npos);
  }
}

TEST_CASE("functional control flow: a While's body updates a variable in every iteration",
          "[graphdef][functional]") {
  // The handle v is a loop variable; the three AssignAddVariableOps commute: v = 3.
  check_file("assign_add_while.pbtxt", {"--init", "init", "--fetch", "w"}, 0,
             {{{{"w", "i32{3}"}}, {{"v", "i32{3}"}}}});
}

TEST_CASE("functional control flow: an If runs the branch its predicate chooses",
          "[graphdef][functional]") {
  check_file("if_assign.pbtxt", {"--fetch", "c", "--feed", "pred=bool{true}"}, 0,
             {{{{"c", "i32{1}"}}, {{"v", "i32{1}"}}}});
  check_file("if_assign.pbtxt", {"--fetch", "c", "--feed", "pred=bool{false}"}, 0,
             {{{{"c", "i32{2}"}}, {{"v", "i32{2}"}}}});
  // Unfed, pred is a symbol that may be either: which outcome depends on it (inconclusive).
  check_file("if_assign.pbtxt", {"--fetch", "c"}, 5,
             {{{{"c", "i32{1}"}}, {{"v", "i32{1}"}}}, {{{"c", "i32{2}"}}, {{"v", "i32{2}"}}}});
  for (const char* feed : {"pred=bool{true}", "pred=bool{false}"}) {
    check_same_as_v1("if_assign.pbtxt", {"--fetch", "c", "--feed", feed}, "if_assign_v1.tfg",
                     {"--feed", feed});
  }
  check_same_as_v1("if_assign.pbtxt", {"--fetch", "c"}, "if_assign_v1.tfg", {});
}

TEST_CASE("functional control flow: an untaken branch's stateful nodes without inputs never run",
          "[graphdef][functional]") {
  // Had the then branch's assign of 7 run beside the else branch's of 8, v would be 7 or 8.
  check_file("if_untaken_stateful.pbtxt", {"--target", "c", "--feed", "pred=bool{false}"}, 0,
             {{{}, {{"v", "i32{8}"}}}});
  check_file("if_untaken_stateful.pbtxt", {"--target", "c", "--feed", "pred=bool{true}"}, 0,
             {{{}, {{"v", "i32{7}"}}}});
}

TEST_CASE("functional control flow: parallel_iterations lets a While's iterations race",
          "[graphdef][functional]") {
  // Each iteration reads v, adds 1 and writes the sum. Iteration 1 starts when iteration 0's
  // NextIteration passes i + 1, which waits for nothing of the read and write. With
  // parallel_iterations 2, iteration 1 may run before iteration 0 has written: its read then
  // sees 0 as iteration 0's did (whichever read comes first), both write 1 and one update is
  // lost: v = 1; else iteration 1's read sees 1: v = 2. Iteration 2 only exits, so w = 2 in
  // both.
  check_file("lost_update_while.pbtxt", {"--init", "init", "--fetch", "w"}, 1,
             {{{{"w", "i32{2}"}}, {{"v", "i32{1}"}}}, {{{"w", "i32{2}"}}, {{"v", "i32{2}"}}}});
  check_same_as_v1("lost_update_while.pbtxt", {"--init", "init", "--fetch", "w"},
                   "lost_update_while_v1.tfg", {});
  // With parallel_iterations 1, iteration 1 starts once every node of iteration 0 has fired,
  // its write included: v = 2 only.
  const std::string serial = tfmc::test::write_test_file(
      "lost_update_serial.pbtxt",
      edited("lost_update_while.pbtxt", "parallel_iterations\" value { i: 2 }",
             "parallel_iterations\" value { i: 1 }"));
  const Checked c = check_path(serial, {"--init", "init", "--fetch", "w"});
  INFO(c.err);
  CHECK(c.code == 0);
  tfmc::test::check_outcome_list(c.outcomes, {{{{"w", "i32{2}"}}, {{"v", "i32{2}"}}}});
  // The races name the lowered body's nodes and the iterations that race (16 unrolled by
  // default: the body's read and write of iteration k against those of k + 1).
  const auto races = tfmc::test::tfmc_run(
      {"races", functional("lost_update_while.pbtxt"), "--init", "init", "--fetch", "w"});
  INFO(races.out);
  CHECK(races.out.find("  iterations k of w/body/read and k+1 of w/body/write: k = 0..14\n"
                       "  iterations k+1 of w/body/read and k of w/body/write: k = 0..14\n") !=
        std::string::npos);
  CHECK(races.out.find("  iterations k of w/body/write and k+1 of w/body/write: k = 0..14\n"
                       "2 races\n") != std::string::npos);
}

TEST_CASE("functional control flow: an If and a call inside a While's body",
          "[graphdef][functional]") {
  // Iterations 0 and 1 add 1, iterations 2 and 3 add 10; the AssignAdds commute: v = 22.
  check_file("if_in_while.pbtxt", {"--init", "init", "--fetch", "w"}, 0,
             {{{{"w", "i32{4}"}}, {{"v", "i32{22}"}}}});
}

TEST_CASE("functional control flow: bad While and If nodes are located errors naming the node",
          "[graphdef][functional]") {
  // counter_while.pbtxt's While is named on line 10.
  CHECK(error_of("no_body.pbtxt",
                 edited("counter_while.pbtxt", "name: \"plus_1\" } }", "name: \"nope\" } }"),
                 {"--fetch", "w"})
            .find("no_body.pbtxt:10:3: error: node 'w' (StatelessWhile): its body 'nope' is a "
                  "function the graph's library lacks\n") != std::string::npos);
  CHECK(
      error_of("two_vars.pbtxt",
               edited("counter_while.pbtxt", "input: \"zero\"", "input: \"zero\" input: \"zero\""),
               {"--fetch", "w"})
          .find("two_vars.pbtxt:10:3: error: node 'w' (StatelessWhile): passes 2 loop "
                "variables to its cond 'less_than_3', which takes 1\n") != std::string::npos);
  CHECK(error_of("no_cond.pbtxt",
                 edited("counter_while.pbtxt",
                        "attr { key: \"cond\" value { func { name: \"less_than_3\" } } }", ""),
                 {"--fetch", "w"})
            .find("node 'w' (StatelessWhile): it needs a function attribute 'cond'\n") !=
        std::string::npos);
  CHECK(error_of("if_inputs.pbtxt", edited("if_assign.pbtxt", "input: \"v\"", ""), {"--fetch", "c"})
            .find("node 'c' (If): passes 0 inputs to its then_branch 'assign_1', which takes "
                  "1\n") != std::string::npos);
  // The branches must return as many values as each other: assign_1 without its result.
  const std::string no_result =
      replaced(edited("if_assign.pbtxt", "output_arg { name: \"value\" type: DT_INT32 }", ""),
               "ret { key: \"value\" value: \"one:output:0\" }", "");
  CHECK(error_of("if_results.pbtxt", no_result, {"--fetch", "c"})
            .find("node 'c' (If): its then_branch 'assign_1' returns 0 values and its "
                  "else_branch 'assign_2' 1\n") != std::string::npos);
  // A While whose body holds the same While again nests without end.
  const std::string recursive =
      edited("counter_while.pbtxt", "    ret { key: \"next\" value: \"add:z:0\" }",
             "    node_def { name: \"again\" op: \"StatelessWhile\" input: \"add:z:0\"\n"
             "      attr { key: \"cond\" value { func { name: \"less_than_3\" } } }\n"
             "      attr { key: \"body\" value { func { name: \"plus_1\" } } } }\n"
             "    ret { key: \"next\" value: \"again:output:0\" }");
  CHECK(error_of("recursive.pbtxt", recursive, {"--fetch", "w"})
            .find("node 'w/body/again' (StatelessWhile): 'plus_1' calls itself (through "
                  "plus_1)\n") != std::string::npos);
  // A function whose If takes it again in both branches would double at every level.
  const std::string doubling =
      "node { name: \"zero\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } }\n"
      "  attr { key: \"value\" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 0 } } } "
      "}\n"
      "node { name: \"c\" op: \"If\" input: \"zero\" input: \"zero\"\n"
      "  attr { key: \"Tcond\" value { type: DT_INT32 } }\n"
      "  attr { key: \"then_branch\" value { func { name: \"rec\" } } }\n"
      "  attr { key: \"else_branch\" value { func { name: \"rec\" } } } }\n"
      "library { function {\n"
      "  signature { name: \"rec\" input_arg { name: \"i\" type: DT_INT32 }\n"
      "    output_arg { name: \"o\" type: DT_INT32 } }\n"
      "  node_def { name: \"c\" op: \"If\" input: \"i\" input: \"i\"\n"
      "    attr { key: \"Tcond\" value { type: DT_INT32 } }\n"
      "    attr { key: \"then_branch\" value { func { name: \"rec\" } } }\n"
      "    attr { key: \"else_branch\" value { func { name: \"rec\" } } } }\n"
      "  ret { key: \"o\" value: \"c:output:0\" } } }\n";
  const tfmc::test::CliResult doubled = tfmc::test::tfmc_run(
      {"check", tfmc::test::write_test_file("doubling.pbtxt", doubling), "--fetch", "c"});
  CHECK(doubled.code == 2);
  INFO(doubled.err);
  CHECK(
      doubled.err.find(
          "doubling.pbtxt:3:8: error: node 'c/then/c' (If): 'rec' calls itself (through rec)\n") !=
      std::string::npos);
  // parallel_iterations is checked at the While, in the range the .tfg Enter takes.
  CHECK(error_of("parallel.pbtxt",
                 edited("counter_while.pbtxt", "value { i: 10 }", "value { i: 4294967297 }"),
                 {"--fetch", "w"})
            .find("parallel.pbtxt:10:3: error: node 'w' (StatelessWhile): parallel_iterations = "
                  "4294967297 is not between 1 and 2147483647\n") != std::string::npos);
}
