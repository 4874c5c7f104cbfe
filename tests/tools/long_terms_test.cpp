// How check prints long terms and long witnesses (FORMAT.md, "Long terms"): numbered
// definitions under `where:` in the text report and as `terms` in JSON, every term whole under
// --values full, and a witness of more than 64 firings shortened in the text. The expected
// definitions are worked out by hand from the program below.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/values/tensor_summary.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::tfmc_run;

// With x = X symbolic, e's term is Mul(d, d) with d = Sub(c, b), c = Mul(b, a), b = Add(a, W),
// a = Mul(X, W), and W the 40 halves of w: a term sharing a, b and W several times, far longer
// than 200 characters once written out.
const char* kShared =
    "input x\n"
    "var w = f32[40]{0.5}\n"
    "r = Read(&w)\n"
    "a = Mul(x, r)\n"
    "b = Add(a, r)\n"
    "c = Mul(b, a)\n"
    "d = Sub(c, b)\n"
    "e = Mul(d, d)\n"
    "output e\n";

std::string text_of(const std::string& literal) {
  return tfmc::sem::format_tensor(*tfmc::sem::parse_tensor_literal(literal).tensor);
}

std::string summary_of(const std::string& literal) {
  return tfmc::sem::summarize_tensor(*tfmc::sem::parse_tensor_literal(literal).tensor);
}

}  // namespace

TEST_CASE("a long term prints as numbered definitions of its parts", "[tools][terms]") {
  const std::string file = tfmc::test::write_test_file("long_term.tfg", kShared);
  const std::string w = summary_of("f32[40]{0.5}");
  const auto r = tfmc_run({"check", file, "--feed", "x=X", "--quiet"});
  CHECK(r.code == 0);
  CHECK(r.out.find("outcome 1 of 1:\n"
                   "  output e = Mul(%5, %5)\n"
                   "  variable w = " +
                   w +
                   "\n"
                   "  where:\n"
                   "    %1 = " +
                   w +
                   "\n"
                   "    %2 = Mul(X, %1)\n"
                   "    %3 = Add(%2, %1)\n"
                   "    %4 = Mul(%3, %2)\n"
                   "    %5 = Sub(%4, %3)\n"
                   "  witness: ") != std::string::npos);

  // JSON: the same names, with the tensor's every element.
  const auto j = tfmc_run({"check", file, "--feed", "x=X", "--json"});
  const auto doc = tfmc::test::parse_json(j.out);
  const auto& outcome = doc.at("outcomes").items.at(0);
  CHECK(outcome.at("outputs").at("e").text == "Mul(%5, %5)");
  std::vector<std::pair<std::string, std::string>> terms;
  for (const auto& [name, value] : outcome.at("terms").members)
    terms.emplace_back(name, value.text);
  CHECK(terms == std::vector<std::pair<std::string, std::string>>{{"%1", text_of("f32[40]{0.5}")},
                                                                  {"%2", "Mul(X, %1)"},
                                                                  {"%3", "Add(%2, %1)"},
                                                                  {"%4", "Mul(%3, %2)"},
                                                                  {"%5", "Sub(%4, %3)"}});

  // --values full: the term whole, no definitions.
  const std::string full_w = text_of("f32[40]{0.5}");
  const std::string a = "Mul(X, " + full_w + ")";
  const std::string b = "Add(" + a + ", " + full_w + ")";
  const std::string d = "Sub(Mul(" + b + ", " + a + "), " + b + ")";
  const auto f = tfmc_run({"check", file, "--feed", "x=X", "--quiet", "--values", "full"});
  CHECK(f.out.find("  output e = Mul(" + d + ", " + d + ")\n  variable w = " + full_w +
                   "\n  witness: ") != std::string::npos);
  CHECK(f.out.find("where:") == std::string::npos);
  const auto fj = tfmc_run({"check", file, "--feed", "x=X", "--json", "--values", "full"});
  CHECK(tfmc::test::parse_json(fj.out).at("outcomes").items.at(0).find("terms") == nullptr);
}

TEST_CASE("a term of at most 200 characters prints whole in every format", "[tools][terms]") {
  const std::string file = tfmc::test::write_test_file("short_term.tfg",
                                                       "input x\n"
                                                       "a = Mul(x, x)\n"
                                                       "b = Add(a, a)\n"
                                                       "output b\n");
  const auto r = tfmc_run({"check", file, "--feed", "x=X", "--quiet"});
  CHECK(r.out.find("  output b = Add(Mul(X, X), Mul(X, X))\n  witness: ") != std::string::npos);
  const auto j = tfmc_run({"check", file, "--feed", "x=X", "--json"});
  const auto doc = tfmc::test::parse_json(j.out);
  const auto& outcome = doc.at("outcomes").items.at(0);
  CHECK(outcome.at("outputs").at("b").text == "Add(Mul(X, X), Mul(X, X))");
  CHECK(outcome.find("terms") == nullptr);
}

TEST_CASE("a witness of more than 64 firings is shortened in the text report", "[tools][terms]") {
  // A chain of 80 Negs: every run fires them in one order.
  std::string program = "n0 = Const {value=f32{1}}\n";
  for (int i = 1; i < 80; ++i) {
    program += fmt::format("n{} = Neg(n{})\n", i, i - 1);
  }
  program += "output n79\n";
  const std::string file = tfmc::test::write_test_file("long_witness.tfg", program);
  const auto j = tfmc_run({"check", file, "--json"});
  std::vector<std::string> firings;
  const auto doc = tfmc::test::parse_json(j.out);
  for (const auto& item : doc.at("outcomes").items.at(0).at("witness").items) {
    firings.push_back(item.text);
  }
  REQUIRE(firings.size() > 64);
  const auto join = [&](std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to; ++i) {
      if (i > from) out += ' ';
      out += firings[i];
    }
    return out;
  };
  const std::size_t n = firings.size();
  const auto r = tfmc_run({"check", file, "--quiet"});
  CHECK(r.out.find("  witness: " + join(0, 32) + " ... (" + std::to_string(n) +
                   " firings in all: " + std::to_string(n - 48) +
                   " not shown; JSON and --values full list every one) ... " + join(n - 16, n) +
                   "\n") != std::string::npos);
  const auto f = tfmc_run({"check", file, "--quiet", "--values", "full"});
  CHECK(f.out.find("  witness: " + join(0, n) + "\n") != std::string::npos);
}

namespace {

// kShared's d, then five variables each written d while a racing Read takes either d or the
// variable's first value, f32[40]{k}: 32 outcomes, each output Mul(d, d) or Mul(f32[40]{k}, d).
// The Mul(d, d) texts sort first, so in outcome order the tensor of the variable named later
// appears earlier: e's in outcome 2, d2's in 3, c2's in 5, b's in 9 and a's in 17.
std::string racing_terms() {
  std::string program =
      "input x\n"
      "var w = f32[40]{0.5}\n"
      "r = Read(&w)\n"
      "m = Mul(x, r)\n"
      "s = Add(m, r)\n"
      "c = Mul(s, m)\n"
      "d = Sub(c, s)\n";
  const char* names[] = {"a", "b", "c2", "d2", "e"};
  for (int k = 0; k < 5; ++k) {
    program += fmt::format(
        "var {0} = f32[40]{{{1}}}\nw{0} = Write(&{0}, d)\nq{0} = Read(&{0})\nr{0} = Mul(q{0}, d)\n"
        "output r{0}\n",
        names[k], k + 1);
  }
  return program;
}

std::string tensor_of(int k) { return fmt::format("f32[40]{{{}}}", k); }

}  // namespace

TEST_CASE("names count over a whole list, streamed JSON and the summary's values included",
          "[tools][terms]") {
  const std::string file = tfmc::test::write_test_file("racing_terms.tfg", racing_terms());

  // JSON defines each name with the first outcome that uses it, counting on from %6.
  const auto j = tfmc_run({"check", file, "--feed", "x=X", "--json"});
  const auto doc = tfmc::test::parse_json(j.out);
  const auto& outcomes = doc.at("outcomes").items;
  REQUIRE(outcomes.size() == 32);
  std::vector<std::pair<std::size_t, std::vector<std::string>>> defined;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (outcomes[i].find("terms") == nullptr) continue;
    std::vector<std::string> names;
    for (const auto& [name, value] : outcomes[i].at("terms").members) names.push_back(name);
    defined.emplace_back(i + 1, names);
  }
  CHECK(defined == std::vector<std::pair<std::size_t, std::vector<std::string>>>{
                       {1, {"%1", "%2", "%3", "%4", "%5"}},
                       {2, {"%6"}},
                       {3, {"%7"}},
                       {5, {"%8"}},
                       {9, {"%9"}},
                       {17, {"%10"}}});
  CHECK(outcomes[16].at("terms").at("%10").text == text_of(tensor_of(1)));
  CHECK(outcomes[16].at("outputs").at("ra").text == "Mul(%10, %5)");
  CHECK(outcomes[31].at("outputs").at("rb").text == "Mul(%9, %5)");

  // The text lists outcomes 1 to 5 with %1 to %8; the summary defines a's and b's tensors,
  // which no listed outcome holds, under their names' values.
  const auto r = tfmc_run({"check", file, "--feed", "x=X", "--quiet"});
  CHECK(r.out.find("  output re = Mul(%6, %5)\n") != std::string::npos);
  CHECK(r.out.find("    %8 = " + summary_of(tensor_of(3)) + "\n") != std::string::npos);
  CHECK(r.out.find("  output ra: 2 values\n"
                   "    Mul(%5, %5) in 16 outcomes\n"
                   "    Mul(%9, %5) in 16 outcomes\n"
                   "    where:\n"
                   "      %9 = " +
                   summary_of(tensor_of(1)) +
                   "\n"
                   "    split by the order in the witnesses of: wa and qa on a\n"
                   "  output rb: 2 values\n"
                   "    Mul(%5, %5) in 16 outcomes\n"
                   "    Mul(%10, %5) in 16 outcomes\n"
                   "    where:\n"
                   "      %10 = " +
                   summary_of(tensor_of(2)) +
                   "\n"
                   "    split by the order in the witnesses of: wb and qb on b\n"
                   "  output rc2: 2 values\n"
                   "    Mul(%5, %5) in 16 outcomes\n"
                   "    Mul(%8, %5) in 16 outcomes\n"
                   "    split by") != std::string::npos);
  CHECK(r.out.find("%11") == std::string::npos);
}
