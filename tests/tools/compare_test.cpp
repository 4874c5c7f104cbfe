// `tfmc compare BEFORE AFTER` through the command line (tools/app/cli.h): the verdicts and
// their exit codes, --equivalent, --map, --ignore, the errors for names, dtypes and shapes
// that do not match, a limit that stops an exploration, the JSON document, and two 10000-node
// graphs. Every expected outcome follows from the semantics, as the comments say.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using Result = tfmc::test::CliResult;
using tfmc::test::tfmc_run;
using tfmc::test::write_test_file;

using tfmc::test::Json;

// The paper's first example (MAPL 2017, section 3.2.2) with and without its control edge:
// ordered, r = B; unordered, r = A (Read first) or r = B. x = B in every outcome.
const char* kOrdered = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x) after w\noutput r\n";
const char* kUnordered = "var x = A\ninput B\nw = Write(&x, B)\nr = Read(&x)\noutput r\n";

std::string verdict_line(const std::string& text) {
  const std::size_t at = text.find("verdict: ");
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> out;
  for (const auto& [key, value] : object.members) out.push_back(key);
  return out;
}

// "name=value" for each member of an outcome's outputs or variables, in order.
std::vector<std::string> pairs(const Json& object) {
  std::vector<std::string> out;
  for (const auto& [name, value] : object.members) out.push_back(name + "=" + value.text);
  return out;
}

}  // namespace

TEST_CASE("compare: each verdict with its exit code, with and without --equivalent",
          "[tools][compare]") {
  const std::string ordered = write_test_file("ordered.tfg", kOrdered);
  const std::string unordered = write_test_file("unordered.tfg", kUnordered);

  // Dropping the edge adds r = A: not a refinement.
  const Result dropped = tfmc_run({"compare", ordered, unordered});
  CHECK(dropped.code == 1);
  CHECK(verdict_line(dropped.out) ==
        "verdict: AFTER does NOT refine BEFORE: 1 outcome that BEFORE cannot reach");
  CHECK(dropped.out.find("added outcome 1 of 1 (reached by AFTER only; witness in AFTER):\n"
                         "  output r = A\n  variable x = B\n") != std::string::npos);
  CHECK(dropped.out.find("lost outcome") == std::string::npos);
  CHECK(tfmc_run({"compare", ordered, unordered, "--equivalent"}).code == 1);

  // Adding the edge loses r = A: a refinement, not an equivalence.
  const Result added = tfmc_run({"compare", unordered, ordered});
  CHECK(added.code == 0);
  CHECK(verdict_line(added.out) == "verdict: AFTER refines BEFORE: no new outcome, 1 outcome lost");
  CHECK(added.out.find("lost outcome 1 of 1 (reached by BEFORE only; witness in BEFORE):\n"
                       "  output r = A\n  variable x = B\n") != std::string::npos);
  CHECK(added.out.find("added outcome") == std::string::npos);
  CHECK(tfmc_run({"compare", unordered, ordered, "--equivalent"}).code == 1);

  // A program against itself: equivalent.
  const Result same = tfmc_run({"compare", unordered, unordered});
  CHECK(same.code == 0);
  CHECK(verdict_line(same.out) == "verdict: AFTER is equivalent to BEFORE: the same outcomes");
  CHECK(tfmc_run({"compare", unordered, unordered, "--equivalent"}).code == 0);

  // Feeds and the other session options apply to each side alone.
  const Result fed = tfmc_run({"compare", ordered, unordered, "--feed", "B=A"});
  CHECK(fed.code == 0);
  CHECK(verdict_line(fed.out) == "verdict: AFTER is equivalent to BEFORE: the same outcomes");
}

TEST_CASE("compare: a limit that stops either exploration leaves the verdict unknown (exit 3)",
          "[tools][compare][limits]") {
  // Four racing read-add-write increments have far more than 20 states without reduction; the
  // single Write has 5 (Const, Var, both, then the Write).
  std::string racy = "var x = i32{0}\n";
  for (int i = 1; i <= 4; ++i) {
    racy += fmt::format("r{0} = Read(&x)\nc{0} = Const {{value=i32{{1}}}}\n", i);
    racy += fmt::format("a{0} = Add(r{0}, c{0})\nw{0} = Write(&x, a{0})\n", i);
  }
  const std::string before = write_test_file("racy.tfg", racy);
  const std::string after =
      write_test_file("write4.tfg", "var x = i32{0}\nc = Const {value=i32{4}}\nw = Write(&x, c)\n");
  const std::vector<std::string> limited = {"--reduction", "none", "--max-states", "20", "--quiet"};

  std::vector<std::string> args = {"compare", before, after};
  args.insert(args.end(), limited.begin(), limited.end());
  const Result text = tfmc_run(args);
  CHECK(text.code == 3);
  CHECK(verdict_line(text.out) == "verdict: UNKNOWN: a limit stopped the exploration of BEFORE");
  CHECK(text.err == "tfmc: a limit stopped an exploration: the verdict is unknown\n");
  // x = 4 may yet be found in BEFORE: a candidate only.
  CHECK(text.out.find("added outcome 1 of 1 (not reached by BEFORE so far; witness in AFTER):\n"
                      "  variable x = i32{4}\n") != std::string::npos);

  args.push_back("--json");
  const Result json = tfmc_run(args);
  CHECK(json.code == 3);
  const Json doc = tfmc::test::parse_json(json.out);
  CHECK(doc.at("complete").boolean);
  CHECK_FALSE(doc.at("before").at("complete").boolean);
  CHECK(doc.at("before").at("stop_reason").text == "max-states");
  CHECK(doc.at("refines").is(Json::Kind::Null));
  CHECK(doc.at("equivalent").is(Json::Kind::Null));

  // --equivalent does not change an unknown verdict; both sides stopped are named.
  args.back() = "--equivalent";
  CHECK(tfmc_run(args).code == 3);
  const Result both =
      tfmc_run({"compare", before, before, "--reduction", "none", "--max-states", "20", "--quiet"});
  CHECK(both.code == 3);
  CHECK(verdict_line(both.out) ==
        "verdict: UNKNOWN: a limit stopped the exploration of BEFORE and AFTER");
}

TEST_CASE("compare: --map matches a renamed output and variable", "[tools][compare]") {
  const std::string before = write_test_file("map_before.tfg", kUnordered);
  // kUnordered with x renamed to y and the output r named s.
  const std::string after = write_test_file(
      "map_after.tfg", "var y = A\ninput B\nw = Write(&y, B)\nr = Read(&y)\noutput r as s\n");

  const Result unmapped = tfmc_run({"compare", before, after});
  CHECK(unmapped.code == 2);
  CHECK(unmapped.out.empty());
  CHECK(unmapped.err ==
        "tfmc compare: output 'r' of BEFORE is missing in AFTER (use --map r=NEW if it was "
        "renamed, or --ignore r)\n"
        "tfmc compare: output 's' of AFTER is missing in BEFORE\n"
        "tfmc compare: variable 'x' of BEFORE is missing in AFTER (use --map x=NEW if it was "
        "renamed, or --ignore x)\n"
        "tfmc compare: variable 'y' of AFTER is missing in BEFORE\n");

  const Result mapped = tfmc_run(
      {"compare", before, after, "--map", "r=s", "--map", "x=y", "--equivalent", "--json"});
  CHECK(mapped.code == 0);
  const Json doc = tfmc::test::parse_json(mapped.out);
  CHECK(doc.at("equivalent").boolean);
  // BEFORE's outcomes are listed under AFTER's names.
  for (const Json& o : doc.at("before").at("outcomes").items) {
    CHECK(keys(o.at("outputs")) == std::vector<std::string>{"s"});
    CHECK(keys(o.at("variables")) == std::vector<std::string>{"y"});
  }

  // Swapping two names maps each to the other, not both to one.
  const char* two = "input B\ninput C\noutput B as a\noutput C as b\n";
  const std::string swapped = write_test_file("swap.tfg", two);
  const Result swap = tfmc_run({"compare", swapped, swapped, "--map", "a=b", "--map", "b=a"});
  CHECK(swap.code == 1);  // AFTER's a = B is BEFORE's b = C renamed: never equal.
  const Result collide = tfmc_run({"compare", swapped, swapped, "--map", "a=b"});
  CHECK(collide.code == 2);
  CHECK(collide.err == "tfmc compare: --map gives two outputs of BEFORE the name 'b'\n");

  const Result malformed = tfmc_run({"compare", before, after, "--map", "r"});
  CHECK(malformed.code == 2);
  CHECK(malformed.err == "tfmc: --map 'r': expected OLD=NEW\n");
}

TEST_CASE("compare: --ignore leaves a name out of both sides", "[tools][compare]") {
  // AFTER adds a debug output and counts its steps in a variable of its own; x is as before.
  const std::string before =
      write_test_file("ignore_before.tfg",
                      "var x = i32{0}\nvar steps = i32{0}\none = Const {value=i32{1}}\n"
                      "a = AssignAdd(&x, one)\n");
  const std::string after =
      write_test_file("ignore_after.tfg",
                      "var x = i32{0}\nvar steps = i32{0}\none = Const {value=i32{1}}\n"
                      "a = AssignAdd(&x, one)\ns = AssignAdd(&steps, one)\n"
                      "debug = Read(&x) after a\noutput debug\n");

  const Result plain = tfmc_run({"compare", before, after});
  CHECK(plain.code == 2);
  CHECK(plain.err == "tfmc compare: output 'debug' of AFTER is missing in BEFORE\n");

  // steps is 0 in BEFORE and 1 in AFTER: compared, AFTER adds an outcome.
  const Result debug_only = tfmc_run({"compare", before, after, "--ignore", "debug"});
  CHECK(debug_only.code == 1);
  CHECK(debug_only.out.find("  variable steps = i32{1}\n  variable x = i32{1}\n") !=
        std::string::npos);

  const Result both = tfmc_run(
      {"compare", before, after, "--ignore", "debug", "--ignore", "steps", "--equivalent"});
  CHECK(both.code == 0);
  CHECK(verdict_line(both.out) == "verdict: AFTER is equivalent to BEFORE: the same outcomes");
}

TEST_CASE("compare: names, dtypes and shapes that do not match are bad input (exit 2)",
          "[tools][compare]") {
  const auto compare = [](const std::string& a, const std::string& b) {
    return tfmc_run({"compare", write_test_file("mismatch_before.tfg", a),
                     write_test_file("mismatch_after.tfg", b)});
  };
  // A variable only on one side.
  const Result extra = compare("var x = f32{0}\n", "var x = f32{0}\nvar y = f32{0}\n");
  CHECK(extra.code == 2);
  CHECK(extra.out.empty());
  CHECK(extra.err == "tfmc compare: variable 'y' of AFTER is missing in BEFORE\n");

  // A dtype that differs.
  const Result dtype = compare("var x = f32{0}\n", "var x = i32{0}\n");
  CHECK(dtype.code == 2);
  CHECK(dtype.err == "tfmc compare: variable 'x' is f32 in BEFORE but i32 in AFTER\n");

  // A shape that differs, on an output.
  const Result shape = compare("input B = f32[2]{1, 2}\noutput B as r\n",
                               "input B = f32[3]{1, 2, 3}\noutput B as r\n");
  CHECK(shape.code == 2);
  CHECK(shape.err == "tfmc compare: output 'r' is f32[2] in BEFORE but f32[3] in AFTER\n");

  // Where one side's types include the other's, outcomes decide: x = f32{0} is written with
  // i32{1}, and the unordered Read sees f32{0} or i32{1}; ordered, only i32{1}.
  const char* typed_race = "var x = f32{0}\nc = Const {value=i32{1}}\nw = Write(&x, c)\n";
  const std::string unordered = std::string(typed_race) + "r = Read(&x)\noutput r\n";
  const std::string ordered = std::string(typed_race) + "r = Read(&x) after w\noutput r\n";
  const Result loses = compare(unordered, ordered);
  CHECK(loses.code == 0);
  CHECK(verdict_line(loses.out) == "verdict: AFTER refines BEFORE: no new outcome, 1 outcome lost");
  const Result adds = compare(ordered, unordered);
  CHECK(adds.code == 1);
  CHECK(adds.out.find("  output r = f32{0}\n  variable x = i32{1}\n") != std::string::npos);

  // Symbolic values have no dtype to compare.
  const Result symbolic = compare("var x = A\n", "var x = f32{0}\n");
  CHECK(symbolic.code == 1);
}

TEST_CASE("compare: the JSON document is AFTER's check document plus the comparison",
          "[tools][compare][json]") {
  const std::string ordered = write_test_file("json_ordered.tfg", kOrdered);
  const std::string unordered = write_test_file("json_unordered.tfg", kUnordered);
  const Result r = tfmc_run({"compare", ordered, unordered, "--json"});
  REQUIRE(r.code == 1);
  const Json doc = tfmc::test::parse_json(r.out);

  // The keys of `tfmc check AFTER --json`, then the seven of the comparison.
  const Json check = tfmc::test::parse_json(tfmc_run({"check", unordered, "--json"}).out);
  std::vector<std::string> want = keys(check);
  want.insert(want.end(),
              {"before", "refines", "equivalent", "added", "lost", "added_why", "lost_why"});
  CHECK(keys(doc) == want);
  CHECK(doc.at("program").text == unordered);
  CHECK(doc.at("outcomes").items.size() == 2);

  const Json& before = doc.at("before");
  const Json before_check = tfmc::test::parse_json(tfmc_run({"check", ordered, "--json"}).out);
  CHECK(keys(before) == keys(before_check));
  CHECK(before.at("program").text == ordered);
  CHECK(before.at("outcomes").items.size() == 1);

  CHECK(doc.at("refines").is(Json::Kind::Bool));
  CHECK_FALSE(doc.at("refines").boolean);
  CHECK(doc.at("equivalent").is(Json::Kind::Bool));
  CHECK_FALSE(doc.at("equivalent").boolean);
  CHECK(doc.at("lost").is(Json::Kind::Array));
  CHECK(doc.at("lost").items.empty());

  // The added outcome is AFTER's outcome r = A, with AFTER's witness: the Read before the Write.
  REQUIRE(doc.at("added").items.size() == 1);
  const Json& added = doc.at("added").items[0];
  CHECK(keys(added) == std::vector<std::string>{"outputs", "variables", "stuck", "witness"});
  CHECK(pairs(added.at("outputs")) == std::vector<std::string>{"r=A"});
  CHECK(pairs(added.at("variables")) == std::vector<std::string>{"x=B"});
  CHECK_FALSE(added.at("stuck").boolean);
  const Json& first = doc.at("outcomes").items[0];  // r = A sorts before r = B
  CHECK(pairs(first.at("outputs")) == std::vector<std::string>{"r=A"});
  std::vector<std::string> witness, after_witness;
  for (const Json& n : added.at("witness").items) witness.push_back(n.text);
  for (const Json& n : first.at("witness").items) after_witness.push_back(n.text);
  CHECK(witness == after_witness);
  const auto at = [&](const std::string& node) {
    return std::find(witness.begin(), witness.end(), node) - witness.begin();
  };
  CHECK(witness.size() == 4);  // w, r, &x@w, &x@r: every node of AFTER once
  CHECK(at("r") < at("w"));
}

TEST_CASE("compare: two race-free graphs of 10000 nodes", "[tools][compare][scale]") {
  // A chain of 10000 nodes alternating Identity and Neg from in = 1, and the same with the two
  // swapped: 5000 Negs each, so both output n10000 = 1.
  std::string chain_before = "input in = i32{1}\nn1 = Identity(in)\n";
  std::string chain_after = "input in = i32{1}\nn1 = Neg(in)\n";
  for (int k = 2; k <= 10000; ++k) {
    chain_before += fmt::format("n{} = {}(n{})\n", k, k % 2 == 0 ? "Neg" : "Identity", k - 1);
    chain_after += fmt::format("n{} = {}(n{})\n", k, k % 2 == 0 ? "Identity" : "Neg", k - 1);
  }
  chain_before += "output n10000\n";
  chain_after += "output n10000\n";
  const Result chain = tfmc_run({"compare", write_test_file("chain_before.tfg", chain_before),
                                 write_test_file("chain_after.tfg", chain_after), "--json",
                                 "--equivalent", "--quiet"});
  CHECK(chain.code == 0);
  const Json chain_doc = tfmc::test::parse_json(chain.out);
  REQUIRE(chain_doc.at("outcomes").items.size() == 1);
  CHECK(pairs(chain_doc.at("outcomes").items[0].at("outputs")) ==
        std::vector<std::string>{"n10000=i32{1}"});

  // 2000 variables v_i = 0, each set to i and then read (r_i after w_i): 5 nodes per i with
  // the implicit Var nodes of &v_i. BEFORE writes i, AFTER adds i to 0: r_i = v_i = i.
  std::string writes, adds;
  for (int i = 1; i <= 2000; ++i) {
    const std::string common =
        fmt::format("var v{0} = i32{{0}}\nc{0} = Const {{value=i32{{{0}}}}}\n", i);
    const std::string read = fmt::format("r{0} = Read(&v{0}) after w{0}\noutput r{0}\n", i);
    writes += common + fmt::format("w{0} = Write(&v{0}, c{0})\n", i) + read;
    adds += common + fmt::format("w{0} = AssignAdd(&v{0}, c{0})\n", i) + read;
  }
  const Result independent = tfmc_run({"compare", write_test_file("independent_before.tfg", writes),
                                       write_test_file("independent_after.tfg", adds), "--json",
                                       "--equivalent", "--quiet"});
  CHECK(independent.code == 0);
  const Json doc = tfmc::test::parse_json(independent.out);
  REQUIRE(doc.at("outcomes").items.size() == 1);
  const Json& outcome = doc.at("outcomes").items[0];
  REQUIRE(outcome.at("outputs").members.size() == 2000);
  REQUIRE(outcome.at("variables").members.size() == 2000);
  // Names in byte order (r1, r10, r100, ...): check each value against its name.
  for (const auto& [name, value] : outcome.at("outputs").members) {
    CHECK(value.text == "i32{" + name.substr(1) + "}");
  }
  for (const auto& [name, value] : outcome.at("variables").members) {
    CHECK(value.text == "i32{" + name.substr(1) + "}");
  }
  CHECK(doc.at("added").items.empty());
  CHECK(doc.at("lost").items.empty());
}
