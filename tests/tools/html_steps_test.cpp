// Stepping through witnesses in the HTML report (tools/app/html_steps.h, witness_steps.h,
// FORMAT.md, "The HTML report"): each outcome's steps, replayed on the semantics, give the
// variables' values that the program's firings make (derived by hand here), each step names
// the element of its node on the picture, a long witness keeps the report's bound, and names
// with HTML's special characters read as themselves.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/tfmc_run.h"
#include "tools/html_checks.h"

namespace {

using tfmc::test::check_well_formed;
using tfmc::test::element_with_id;
using tfmc::test::tfmc_run;

// A read racing a write of `a`, whose value is then written to `b`: a = 1 in both outcomes,
// ra = b = 0 (read first) or 1.
const char* const kReadRace =
    "var a = i32{0}\n"
    "var b = i32{5}\n"
    "one = Const {value=i32{1}}\n"
    "wa = Write(&a, one)\n"
    "ra = Read(&a)\n"
    "wb = Write(&b, ra)\n"
    "output ra\n";

struct Step {
  std::string node;                            // the element on the picture; empty at step 0
  std::string fired;                           // the node's name
  std::map<std::string, std::string> changes;  // variable -> value
};

// The steps of outcome `n`, in order.
std::vector<Step> steps_of(const std::string& html, int n) {
  const std::string stepper = element_with_id(html, fmt::format("outcome-{}-steps", n));
  std::vector<Step> out;
  const std::regex item(
      "<li id=\"outcome-[0-9]+-step-([0-9]+)\" value=\"([0-9]+)\"(?: class=\"current\")?(?: "
      "data-node=\"([a-z0-9-]+)\")?><span class=\"what\">(?:<code>([^<]*)</code> fired|initial "
      "state)</span>(.*)</li>");
  const std::regex change(
      "<dt>variable <code>([^<]*)</code></dt><dd class=\"value\" data-var=\"[0-9]+\">([^<]*)</dd>");
  for (std::sregex_iterator it(stepper.begin(), stepper.end(), item), end; it != end; ++it) {
    const std::smatch& m = *it;
    CHECK(m[1] == m[2]);
    CHECK(std::stoul(m[1]) == out.size());
    Step step{m[3], m[4], {}};
    const std::string rest = m[5];
    for (std::sregex_iterator c(rest.begin(), rest.end(), change); c != end; ++c) {
      step.changes[(*c)[1]] = (*c)[2];
    }
    out.push_back(step);
  }
  return out;
}

}  // namespace

TEST_CASE("each witness's steps give the values its firings make", "[tools][html][steps]") {
  const std::string file = tfmc::test::write_test_file("steps_read_race.tfg", kReadRace);
  const auto r = tfmc_run({"check", file, "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 1);
  check_well_formed(r.out);
  const std::string picture = element_with_id(r.out, "graph0");
  // Outcome 1 reads a before wa writes it (ra = i32{0}), outcome 2 after.
  for (const int n : {1, 2}) {
    INFO("outcome " << n);
    const std::vector<Step> steps = steps_of(r.out, n);
    const std::string read = n == 1 ? "i32{0}" : "i32{1}";
    // one, wa, ra, wb, the copy of ra for its two uses (ra~copy1) and three variable handles
    REQUIRE(steps.size() == 1 + 8);
    CHECK(steps[0].node.empty());
    CHECK(steps[0].changes == std::map<std::string, std::string>{{"a", "i32{0}"}, {"b", "i32{5}"}});
    std::size_t wa = 0, ra = 0;
    for (std::size_t k = 1; k < steps.size(); ++k) {
      INFO("step " << k << ": " << steps[k].fired);
      // The element the step names draws the node it fired.
      CHECK(element_with_id(picture, steps[k].node).find("<title>" + steps[k].fired + "</title>") !=
            std::string::npos);
      if (steps[k].fired == "wa") {
        wa = k;
        CHECK(steps[k].changes == std::map<std::string, std::string>{{"a", "i32{1}"}});
      } else if (steps[k].fired == "wb") {
        CHECK(steps[k].changes == std::map<std::string, std::string>{{"b", read}});
      } else {
        if (steps[k].fired == "ra") ra = k;
        CHECK(steps[k].changes.empty());
      }
    }
    CHECK((n == 1 ? ra < wa : wa < ra));
  }
  // The variables' table starts at the initial state, the script after the last section.
  CHECK(element_with_id(r.out, "outcome-1-steps")
            .find("<table class=\"now\">\n<tr><th>variable <code>a</code></th><td class=\"value\" "
                  "data-var=\"0\">i32{0}</td></tr>\n<tr><th>variable <code>b</code></th><td "
                  "class=\"value\" data-var=\"1\">i32{5}</td></tr>\n</table>\n") !=
        std::string::npos);
  CHECK(r.out.find("</section>\n<script>\n") != std::string::npos);
}

TEST_CASE("a witness through a symbolic Switch is replayed the way its outcome went",
          "[tools][html][steps]") {
  // sw has a transition for each way p may go; the witness names sw only. With p true, w2
  // writes nothing (its input is DEAD) and w1 writes 1; with p false the other way round.
  const std::string file = tfmc::test::source_path("specs/control_flow/conditional_update.tfg");
  const auto r = tfmc_run({"check", file, "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 5);
  check_well_formed(r.out);
  for (const int n : {1, 2}) {
    INFO("outcome " << n);
    const std::vector<Step> steps = steps_of(r.out, n);
    REQUIRE(!steps.empty());
    CHECK(steps[0].changes == std::map<std::string, std::string>{{"x", "i32{0}"}});
    const std::string writer = n == 1 ? "w1" : "w2";
    for (std::size_t k = 1; k < steps.size(); ++k) {
      INFO("step " << k << ": " << steps[k].fired);
      if (steps[k].fired == writer) {
        CHECK(steps[k].changes ==
              std::map<std::string, std::string>{{"x", n == 1 ? "i32{1}" : "i32{2}"}});
      } else {
        CHECK(steps[k].changes.empty());
      }
    }
  }
}

TEST_CASE("a long witness keeps the report's bound in its steps", "[tools][html][steps]") {
  // 70 writes of one variable in a chain of control edges: 140 firings with the handles.
  std::string program = "var v = i32{0}\n";
  for (int k = 1; k <= 70; ++k) {
    program += fmt::format("c{0} = Const {{value=i32{{{0}}}}}\nw{0} = Write(&v, c{0})", k);
    program += k > 1 ? fmt::format(" after w{}\n", k - 1) : "\n";
  }
  const std::string file = tfmc::test::write_test_file("steps_long.tfg", program);
  const auto r = tfmc_run({"check", file, "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 0);
  check_well_formed(r.out);
  const std::string stepper = element_with_id(r.out, "outcome-1-steps");
  const std::size_t firings = 210;  // a Const, a handle and a Write per write
  CHECK(stepper.find("data-firings=\"210\"") != std::string::npos);
  CHECK(stepper.find("id=\"outcome-1-step-32\"") != std::string::npos);
  CHECK(stepper.find("id=\"outcome-1-step-33\"") == std::string::npos);
  CHECK(stepper.find("id=\"outcome-1-step-194\"") == std::string::npos);
  CHECK(stepper.find("id=\"outcome-1-step-195\"") != std::string::npos);
  CHECK(stepper.find("<li class=\"gap\">firings 33 to 194 not shown</li>") != std::string::npos);
  // The step after the gap shows what the firings left out did to v: by then some Write of the
  // chain set it (all 70 happen in order, the last one at the end).
  const std::string after_gap = element_with_id(stepper, "outcome-1-step-195");
  CHECK(std::regex_search(after_gap, std::regex("data-var=\"0\">i32\\{[0-9]+\\}</dd>")));
  const std::string last = element_with_id(stepper, fmt::format("outcome-1-step-{}", firings));
  CHECK(last.find("<code>w70</code> fired") != std::string::npos);
  CHECK(last.find("data-var=\"0\">i32{70}</dd>") != std::string::npos);
}

TEST_CASE("the steps write names as themselves", "[tools][html][steps]") {
  const std::string graph = tfmc::test::write_test_file(
      "steps_names.pbtxt",
      "node { name: \"v<&\\\"'\" op: \"VariableV2\" attr { key: \"dtype\" value { type: DT_INT32 "
      "} } attr { key: \"shape\" value { shape {} } } }\n"
      "node { name: \"one\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } } attr "
      "{ key: \"value\" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 1 } } } }\n"
      "node { name: \"a<b\" op: \"Assign\" input: \"v<&\\\"'\" input: \"one\" attr { key: \"T\" "
      "value { type: DT_INT32 } } }\n");
  const auto r = tfmc_run(
      {"check", graph, "--target", "a<b", "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 0);
  check_well_formed(r.out);
  const std::vector<Step> steps = steps_of(r.out, 1);
  REQUIRE(!steps.empty());
  CHECK(steps.back().fired == "a&lt;b");
  CHECK(steps.back().changes ==
        std::map<std::string, std::string>{{"v&lt;&amp;&quot;&#39;", "i32{1}"}});
}
