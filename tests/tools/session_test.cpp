// The session options of check, races and dot (checker/api/session.h): usage errors, --feed
// across several files, conflicting declarations, --prune with `target`, and the program they
// make as races and dot see it. Expected outputs are derived from the documented rules
// (specs/FORMAT.md, "Statements", "References and the implicit parts of a graph" and "Sessions:
// several files, runs and concurrent executions"), not taken from tfmc's output.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/process.h"
#include "support/tfmc_run.h"

namespace {

using Result = tfmc::test::CliResult;
using tfmc::test::tfmc_run;
using tfmc::test::write_test_file;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The outputs of the only outcome of a check --json result.
std::vector<std::pair<std::string, std::string>> only_outputs(const std::string& json) {
  const tfmc::test::Json result = tfmc::test::parse_json(json);
  REQUIRE(result.at("outcomes").items.size() == 1);
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, value] : result.at("outcomes").items[0].at("outputs").members) {
    out.emplace_back(name, value.text);
  }
  return out;
}

const char* kRace = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n";
const char* kOrdered = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\noutput r\n";
const char* kIncrements =
    "var X = i32{0}\none = Const {value=i32{1}}\nia = AssignAdd(&X, one)\nib = AssignAdd(&X, "
    "one)\n";
// A queue shared by name: the producer's input `item` is unknown to the consumer.
const char* kProducer = "queue q {capacity=1}\ninput item = i32{5}\nput = Enqueue(&q, item)\n";
const char* kConsumer = "queue q {capacity=1}\nget = Dequeue(&q)\noutput get as got\n";

}  // namespace

TEST_CASE("session options: out-of-range counts and unknown models are usage errors",
          "[tools][session]") {
  const std::string path = write_test_file("race.tfg", kRace);
  for (const std::string command : {"check", "races", "dot"}) {
    for (const auto& [option, value] : std::vector<std::pair<std::string, std::string>>{
             {"--runs", "0"}, {"--concurrent", "0"}, {"--model", "bogus"}}) {
      INFO(command << " " << option << " " << value);
      const Result r = tfmc_run({command, path, option, value});
      CHECK(r.code == 2);
      CHECK(r.out.empty());
      CHECK(contains(r.err, option));
    }
  }
}

TEST_CASE("session options: a feed goes to every file that declares the input",
          "[tools][session]") {
  const std::string producer = write_test_file("producer.tfg", kProducer);
  const std::string consumer = write_test_file("consumer.tfg", kConsumer);
  // `item` is an input of the producer (execution 1) only; the consumer dequeues the value.
  const Result one = tfmc_run({"check", producer, consumer, "--feed", "item=i32{9}", "--json"});
  INFO(one.err);
  CHECK(one.code == 0);
  CHECK(only_outputs(one.out) ==
        std::vector<std::pair<std::string, std::string>>{{"got@2", "i32{9}"}});
  // An input declared by both files gets the value in each execution.
  const std::string a = write_test_file("echo_a.tfg", "input B\noutput B as seen\n");
  const std::string b = write_test_file("echo_b.tfg", "input B\noutput B as seen\n");
  const Result both = tfmc_run({"check", a, b, "--feed", "B=Z", "--json"});
  CHECK(both.code == 0);
  CHECK(only_outputs(both.out) ==
        std::vector<std::pair<std::string, std::string>>{{"seen@1", "Z"}, {"seen@2", "Z"}});
}

TEST_CASE("session options: a feed that names no file's input is an error", "[tools][session]") {
  const std::string producer = write_test_file("producer.tfg", kProducer);
  const std::string consumer = write_test_file("consumer.tfg", kConsumer);
  for (const std::string command : {"check", "races", "dot"}) {
    INFO(command);
    const Result r = tfmc_run({command, producer, consumer, "--feed", "Z=i32{1}"});
    CHECK(r.code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "tfmc: --feed names 'Z', which is not an input of any of the programs\n");
  }
  // With one FILE (even run twice at once) the message names the file.
  const Result single = tfmc_run({"check", producer, "--concurrent", "2", "--feed", "Z=i32{1}"});
  CHECK(single.code == 2);
  CHECK(single.err ==
        producer + ": error: --feed names 'Z', which is not an input of the program\n");
}

TEST_CASE("session options: declarations that conflict across files are located",
          "[tools][session]") {
  const std::string a = write_test_file("decl_a.tfg", "var x = i32{0}\nr = Read(&x)\noutput r\n");
  const std::string b = write_test_file("decl_b.tfg", "# b\nvar x = i32{1}\n");
  const std::string q = write_test_file("decl_q.tfg", "queue x {capacity=2}\n");
  const std::string q3 = write_test_file("decl_q3.tfg", "queue x {capacity=3}\n");
  const std::string m = write_test_file("decl_m.tfg", "mutex x\n");
  const std::string bare = write_test_file("decl_bare.tfg", "var x\n");
  const auto message = [](const std::string& here, const std::string& what) {
    return here + ": error: 'x' is declared " + what + " (the executions share it by name)\n";
  };
  const Result init = tfmc_run({"check", a, b});
  CHECK(init.code == 2);
  CHECK(init.out.empty());
  CHECK(init.err ==
        message(b + ":2:5",
                "as a variable = i32{1} here but as a variable = i32{0} at " + a + ":1:5"));
  CHECK(tfmc_run({"check", a, bare}).err ==
        message(bare + ":1:5",
                "as a variable without INIT here but as a variable = i32{0} at " + a + ":1:5"));
  CHECK(tfmc_run({"check", a, q}).err ==
        message(q + ":1:7",
                "as a queue of capacity 2 here but as a variable = i32{0} at " + a + ":1:5"));
  CHECK(tfmc_run({"check", q, q3}).err ==
        message(q3 + ":1:7",
                "as a queue of capacity 3 here but as a queue of capacity 2 at " + q + ":1:7"));
  CHECK(tfmc_run({"check", q, m}).err ==
        message(m + ":1:7", "as a mutex here but as a queue of capacity 2 at " + q + ":1:7"));
  // races and dot make the same program, so they reject it the same way.
  CHECK(tfmc_run({"races", a, b}).code == 2);
  CHECK(tfmc_run({"dot", a, b}).code == 2);
  // Equal declarations are one shared variable.
  const std::string same = write_test_file("decl_same.tfg", "var x = i32{0}\n");
  CHECK(tfmc_run({"check", a, same}).code == 0);
}

TEST_CASE("session options: an error in one of two files names that file", "[tools][session]") {
  const std::string good = write_test_file("good.tfg", kOrdered);
  const std::string bad = write_test_file("bad.tfg", "var x = A\nr = Read(&x)\noutput s\n");
  const Result r = tfmc_run({"check", good, bad});
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(tfmc::test::first_line(r.err) == bad + ":3:8: error: undefined name 's'");
}

TEST_CASE("session options: --prune keeps what the outputs and targets need", "[tools][session]") {
  // r needs only its Read; v is a target; w is neither, so --prune drops it and x keeps A.
  const std::string path = write_test_file(
      "prune.tfg",
      "var x = A\nvar y = C\ninput B\nw = Write(&x, B)\nv = Write(&y, B)\nr = Read(&x)\n"
      "output r\ntarget v\n");
  const Result pruned = tfmc_run({"check", path, "--prune", "--json"});
  CHECK(pruned.code == 0);
  const tfmc::test::Json result = tfmc::test::parse_json(pruned.out);
  REQUIRE(result.at("outcomes").items.size() == 1);
  const tfmc::test::Json& outcome = result.at("outcomes").items[0];
  CHECK(outcome.at("outputs").at("r").text == "A");
  CHECK(outcome.at("variables").at("x").text == "A");
  CHECK(outcome.at("variables").at("y").text == "B");
  // Without --prune the target changes nothing: w races with r.
  const Result full = tfmc_run({"check", path, "--json"});
  CHECK(full.code == 1);
  CHECK(tfmc::test::parse_json(full.out).at("outcomes").items.size() == 2);
  // dot draws the pruned program: v stays, w is gone.
  const Result dot = tfmc_run({"dot", path, "--prune"});
  CHECK(dot.code == 0);
  CHECK(contains(dot.out, "\"v\\nWrite\""));
  CHECK_FALSE(contains(dot.out, "\"w\\nWrite\""));
}

TEST_CASE("session options: races lists the races of concurrent executions", "[tools][session]") {
  const std::string path = write_test_file("race.tfg", kRace);
  // Two copies of w and r: the Writes race with each other and with both Reads; Reads never
  // race. Sorted by the lines (3 for w, 4 for r), then by execution.
  const Result r = tfmc_run({"races", path, "--concurrent", "2"});
  CHECK(r.code == 1);
  const std::string w = " (" + path + ":3)";
  const std::string rd = " (" + path + ":4)";
  CHECK(r.out == "w@1" + w + " and w@2" + w + " on x: write-write\n" +  //
                     "w@1" + w + " and r@1" + rd + " on x: read-write\n" + "w@1" + w + " and r@2" +
                     rd + " on x: read-write\n" + "w@2" + w + " and r@1" + rd +
                     " on x: read-write\n" + "w@2" + w + " and r@2" + rd + " on x: read-write\n" +
                     "5 races\n");
  // Runs are ordered by their barrier: an ordered program stays race-free.
  const Result runs = tfmc_run({"races", write_test_file("ordered.tfg", kOrdered), "--runs", "2"});
  CHECK(runs.code == 0);
  CHECK(runs.out == "no races\n");
  // Under rfc each AssignAdd is a Read and a Write: the two Reads do not race.
  const std::string inc = write_test_file("increments.tfg", kIncrements);
  const Result rfc = tfmc_run({"races", inc, "--model", "rfc"});
  const std::string ia = " (" + inc + ":3)";
  const std::string ib = " (" + inc + ":4)";
  CHECK(rfc.out == "ia" + ia + " and ib" + ib + " on X: write-write\n" +  //
                       "ia" + ia + " and ib~read" + ib + " on X: read-write\n" + "ia~read" + ia +
                       " and ib" + ib + " on X: read-write\n" + "3 races\n");
  // Executor updates race as updates.
  const Result executor = tfmc_run({"races", inc});
  CHECK(executor.out == "ia" + ia + " and ib" + ib + " on X: update-update\n1 race\n");
}

TEST_CASE("session options: races across two files name both executions", "[tools][session]") {
  const std::string writer =
      write_test_file("writer.tfg", "var x = A\ninput B\nw = Write(&x, B)\n");
  const std::string reader = write_test_file("reader.tfg", "var x = A\nr = Read(&x)\noutput r\n");
  const Result r = tfmc_run({"races", writer, reader, "--json"});
  CHECK(r.code == 1);
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  CHECK(result.at("program").text == writer + ", " + reader);
  REQUIRE(result.at("races").items.size() == 1);
  const tfmc::test::Json& race = result.at("races").items[0];
  // Each node with the line of its statement in its own file (w: line 3 of the writer,
  // execution 1; r: line 2 of the reader, execution 2), whichever is listed first.
  const std::set<std::pair<std::string, std::string>> nodes = {
      {race.at("first").at("node").text, race.at("first").at("line").text},
      {race.at("second").at("node").text, race.at("second").at("line").text}};
  CHECK(nodes == std::set<std::pair<std::string, std::string>>{{"w@1", "3"}, {"r@2", "2"}});
  CHECK(race.at("variable").text == "x");
  CHECK(race.at("kind").text == "read-write");
}

TEST_CASE("session options: dot draws the composed program", "[tools][session]") {
  const std::string path = write_test_file("race.tfg", kRace);
  const Result concurrent = tfmc_run({"dot", path, "--concurrent", "2"});
  CHECK(concurrent.code == 0);
  CHECK(contains(concurrent.out, "\"w@1\\nWrite\""));
  CHECK(contains(concurrent.out, "\"w@2\\nWrite\""));
  CHECK(contains(concurrent.out, "xlabel=\"r@2\""));
  // The barrier between runs is drawn as an implicit node of op NoOp.
  const Result runs = tfmc_run({"dot", path, "--runs", "2"});
  CHECK(runs.code == 0);
  CHECK(contains(runs.out, "\"r@2\\nRead\""));
  CHECK(contains(runs.out, "label=\"NoOp\""));
  // Under rfc the AssignAdd ia is drawn as the Write it becomes.
  const Result rfc =
      tfmc_run({"dot", write_test_file("increments.tfg", kIncrements), "--model", "rfc"});
  CHECK(rfc.code == 0);
  CHECK(contains(rfc.out, "\"ia\\nWrite\""));
  CHECK_FALSE(contains(rfc.out, "AssignAdd"));
}
