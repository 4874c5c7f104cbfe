// A TF1 graph that uses each element-wise, bias and order-free reduction op on constants, as
// TensorFlow 2.21 writes it (testdata/graphdef/elementwise/, tools/tf/make_elementwise_cases.py):
// tfmc maps every node without a warning and checks the graph, with the arguments of ops.args,
// to exactly one outcome whose outputs are TensorFlow's values from a Session.run
// (ops.expected). The attributes of these ops that tfmc cannot map are located errors.
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
  return tfmc::test::source_path("testdata/graphdef/elementwise/" + file);
}

std::vector<std::string> lines_of(const std::string& file) {
  return tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(file)));
}

// The canonical print of a literal: NaNs print alike whatever their bits.
std::string canonical(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  INFO(text);
  REQUIRE(p.tensor.has_value());
  return tfmc::sem::format_tensor(*p.tensor);
}

}  // namespace

TEST_CASE("elementwise graph: every op imports and gives TensorFlow's values",
          "[graphdef][elementwise_ops]") {
  std::vector<std::string> args = {"check", corpus("ops.pbtxt")};
  for (const std::string& a : lines_of("ops.args")) args.push_back(a);
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.err.empty());  // every op mapped: no warning
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  const auto& outputs = outcomes[0].at("outputs").members;
  std::map<std::string, std::string> want;
  for (const std::string& line : lines_of("ops.expected")) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    want.emplace(line.substr(0, eq), canonical(line.substr(eq + 3)));
  }
  CHECK(want.size() == 24);
  CHECK(outputs.size() == want.size());
  for (const auto& [name, value] : outputs) {
    INFO(name);
    REQUIRE(want.count(name) == 1);
    CHECK(value.text == want.at(name));
  }
}

TEST_CASE("elementwise graph: a data_format or output_type tfmc lacks is a located error",
          "[graphdef][elementwise_ops]") {
  using tfmc::test::attr;
  using tfmc::test::error_of;
  using tfmc::test::float_const;
  using tfmc::test::node;
  const std::string a = float_const("a", "1");
  CHECK_THAT(error_of("format.pbtxt",
                      a + node("b", "BiasAdd", {"a", "a"}, attr("data_format", "s: \"NCDHW\"")),
                      {"--fetch", "b"}),
             Catch::Contains("node 'b' (BiasAdd): its attribute data_format = \"NCDHW\" cannot "
                             "be mapped: tfmc has NHWC and NCHW"));
  CHECK_THAT(error_of("index.pbtxt",
                      a + node("m", "ArgMax", {"a", "a"}, attr("output_type", "type: DT_INT16")),
                      {"--fetch", "m"}),
             Catch::Contains("node 'm' (ArgMax): its attribute output_type = DT_INT16 cannot be "
                             "mapped"));
}
