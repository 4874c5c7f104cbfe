// A TF1 graph of the shape and index ops as TensorFlow 2.21 writes it
// (testdata/graphdef/shape_ops/, tools/tf/make_shape_op_graph.py): tfmc imports every node
// without a warning (StridedSlice's masks, GatherV2's batch_dims, OneHot's axis, MirrorPad's
// mode, ShapeN's outputs and out_type carried over) and checks the graph, with the arguments
// of shape_ops.args, to exactly one outcome in which each fetched tensor holds TensorFlow's
// value (shape_ops.expected). A node whose attribute tfmc cannot take is a located error.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "semantics/graphdef/graph_text.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/shape_ops/" + file);
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

TEST_CASE("shape ops graph: every fetch holds TensorFlow's value", "[graphdef][shape_ops]") {
  std::map<std::string, std::string> want;  // shape_ops.expected: `FETCH = LITERAL`
  for (const std::string& line : lines_of("shape_ops.expected")) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    want.emplace(line.substr(0, eq), line.substr(eq + 3));
  }
  CHECK(want.size() == 19);
  std::vector<std::string> args = {"check", corpus("shape_ops.pbtxt")};
  for (const std::string& a : lines_of("shape_ops.args")) args.push_back(a);
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.err.empty());  // every op mapped: no warning
  CHECK(r.code == 0);
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  std::set<std::string> got_names;
  for (const auto& [fetch, value] : outcomes[0].at("outputs").members) {
    got_names.insert(fetch);
    INFO(fetch << " = " << value.text);
    REQUIRE(want.count(fetch) == 1);
    CHECK(tensor(value.text) == tensor(want.at(fetch)));
  }
  CHECK(got_names.size() == want.size());
}

TEST_CASE("shape ops graph: a MirrorPad mode other than REFLECT or SYMMETRIC names its node",
          "[graphdef][shape_ops]") {
  using tfmc::test::attr;
  using tfmc::test::node;
  const std::string paddings =
      node("p", "Const", {},
           attr("dtype", "type: DT_INT32") +
               attr("value",
                    "tensor { dtype: DT_INT32 tensor_shape { dim { size: 0 } dim { size: 2 } } }"));
  const std::string graph = tfmc::test::float_const("x", "1") + paddings +
                            node("m", "MirrorPad", {"x", "p"}, attr("mode", "s: \"CONSTANT\""));
  const std::string err = tfmc::test::error_of("bad_mirror_pad.pbtxt", graph, {"--fetch", "m"});
  CHECK(err.find("bad_mirror_pad.pbtxt:") != std::string::npos);
  CHECK(err.find("error: attribute 'mode' of MirrorPad must be REFLECT or SYMMETRIC\n"
                 "    name: \"m\"") != std::string::npos);
}
