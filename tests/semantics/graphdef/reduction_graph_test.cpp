// Sum, Mean, Prod, BiasAddGrad and Cumsum as TensorFlow 2.21 writes them in a graph
// (testdata/graphdef/reductions/, tools/tf/make_reduction_graph.py): tfmc imports every node,
// keep_dims, data_format, exclusive and reverse included, and checks the graph, with the
// fetches of reductions.args, to exactly one outcome whose outputs are TensorFlow's bits
// (reductions.expected).
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/reductions/" + file);
}

std::vector<std::string> lines_of(const std::string& file) {
  return tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(file)));
}

tfmc::eval::Tensor tensor(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  INFO(text);
  REQUIRE(p.tensor.has_value());
  return *p.tensor;
}

}  // namespace

TEST_CASE("reductions: a TensorFlow graph of reductions and running sums gives its bits",
          "[graphdef][reductions]") {
  std::map<std::string, std::string> want;
  for (const std::string& line : lines_of("reductions.expected")) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    want.emplace(line.substr(0, eq), line.substr(eq + 3));
  }
  REQUIRE(want.size() == 12);
  std::vector<std::string> args = {"check", corpus("reductions.pbtxt")};
  for (const std::string& a : lines_of("reductions.args")) args.push_back(a);
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.err.empty());  // every op mapped: no warning
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  std::size_t seen = 0;
  for (const auto& [name, value] : outcomes[0].at("outputs").members) {
    INFO(name << " = " << value.text);
    REQUIRE(want.count(name) == 1);
    CHECK(tensor(value.text) == tensor(want.at(name)));
    ++seen;
  }
  CHECK(seen == want.size());
}
