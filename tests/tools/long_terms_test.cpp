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
