// The random parts of a training step as TensorFlow 2.21 writes the graph
// (testdata/graphdef/random/, tools/tf/make_random_cases.py): tfmc imports every op of it and
// checks it, with the arguments of dropout.args, to exactly one outcome in which every variable
// (the dropout result, the drawn weights, the advanced seed state) holds TensorFlow's bits
// (dropout.expected). A random op's dtype that tfmc has no tensors of is an error naming the
// node.
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "graph_text.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/random/" + file);
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

TEST_CASE("random graph: a dropout step gives TensorFlow's bits in every variable",
          "[graphdef][random]") {
  std::map<std::string, std::string> want;
  for (const std::string& line : lines_of("dropout.expected")) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    want.emplace(line.substr(0, eq), line.substr(eq + 3));
  }
  REQUIRE(want.size() == 4);
  std::vector<std::string> args = {"check", corpus("dropout.pbtxt")};
  for (const std::string& a : lines_of("dropout.args")) args.push_back(a);
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.err.empty());  // every op mapped: no warning
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  const auto& variables = outcomes[0].at("variables").members;
  REQUIRE(variables.size() == want.size());
  for (const auto& [variable, value] : variables) {
    INFO(variable << " = " << value.text);
    REQUIRE(want.count(variable) == 1);
    CHECK(tensor(value.text) == tensor(want.at(variable)));
  }
}

TEST_CASE("random graph: a result dtype tfmc has no tensors of is an error naming the node",
          "[graphdef][random]") {
  using tfmc::test::attr;
  using tfmc::test::node;
  const std::string inputs =
      node("seed", "Const", {},
           attr("value",
                "tensor { dtype: DT_INT32 tensor_shape { dim { size: 2 } } int_val: 1 "
                "int_val: 2 }")) +
      node("shape", "Const", {},
           attr("value", "tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } } int_val: 3 }"));
  const auto draw = [&](const std::string& type) {
    return inputs + node("r", "StatelessRandomUniformFullInt", {"shape", "seed"},
                         attr("dtype", "type: " + type));
  };
  CHECK(tfmc::test::error_of("uint64.pbtxt", draw("DT_UINT64"), {"--fetch", "r"})
            .find("node 'r' (StatelessRandomUniformFullInt): its attribute dtype = DT_UINT64 "
                  "cannot be mapped") != std::string::npos);
  CHECK(tfmc::test::error_of("float_bits.pbtxt", draw("DT_FLOAT"), {"--fetch", "r"})
            .find("i32 or i64") != std::string::npos);
  CHECK(tfmc::test::check_graph("int64.pbtxt", draw("DT_INT64"), {"--fetch", "r"}).code == 0);
}
