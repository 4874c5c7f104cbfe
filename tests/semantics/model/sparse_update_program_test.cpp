// A sparse optimizer's update in a program (FORMAT.md, "Operations"): SparseApplyAdagrad updates
// the rows its indices name, a repeated index twice in index order, both variables in one
// atomic step; an index out of range leaves Error(shape) in both, as a failing step does; an
// attribute the update does not take is an error at its position when the file is read.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace {

using Variables = std::vector<std::pair<std::string, std::string>>;

// A program of one SparseApplyAdagrad with `indices` and `attributes`.
std::string program(const std::string& indices, const std::string& attributes = "") {
  return "var w = f32[3,2]{1, 2, 3, 4, 5, 6}\n"
         "var a = f32[3,2]{1, 1, 1, 1, 1, 1}\n"
         "input lr = f32{0.5}\n"
         "input g = f32[2,2]{1, 1, 2, 2}\n"
         "input idx = " +
         indices + "\ns = SparseApplyAdagrad(&w, &a, lr, g, idx)" + attributes + "\n";
}

tfmc::test::CliResult run(const std::string& text) {
  return tfmc::test::tfmc_run(
      {"check", tfmc::test::write_test_file("sparse_update.tfg", text), "--json", "--quiet"});
}

Variables only_outcome(const std::string& text) {
  const tfmc::test::CliResult r = run(text);
  INFO(r.err);
  REQUIRE(r.code == 0);
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  Variables v;
  for (const auto& [name, value] : outcomes[0].at("variables").members) {
    v.emplace_back(name, value.text);
  }
  return v;
}

}  // namespace

TEST_CASE("a sparse update applies a repeated index twice, in index order", "[sparse_update]") {
  // Row 2 twice: a = 1 + 1 = 2, w = 5 - 0.5 * 1 / sqrt(2); then a = 2 + 4 = 6,
  // w -= 0.5 * 2 / sqrt(6). Rows 0 and 1 are untouched.
  CHECK(only_outcome(program("i32[2]{2, 2}")) ==
        Variables{{"a", "f32[3,2]{1, 1, 1, 1, 6, 6}"},
                  {"w", "f32[3,2]{1, 2, 3, 4, 4.2381983, 5.2381983}"}});
}

TEST_CASE("a sparse update with an index out of range leaves Error(shape)", "[sparse_update]") {
  CHECK(only_outcome(program("i64[2]{2, 3}")) ==
        Variables{{"a", "Error(shape)"}, {"w", "Error(shape)"}});
}

TEST_CASE("a sparse update refuses an attribute it does not take", "[sparse_update]") {
  const tfmc::test::CliResult r = run(program("i32[2]{2, 2}", " {use_nesterov=true}"));
  CHECK(r.code == 2);
  CHECK(r.err.find("sparse_update.tfg:6:45: error: unknown attribute 'use_nesterov' for "
                   "SparseApplyAdagrad (expected update_slots)") != std::string::npos);
}
