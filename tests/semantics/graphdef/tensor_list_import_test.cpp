// The TensorList ops in TensorFlow's graph files (FORMAT.md, "TensorLists"): the LSTM SavedModels
// of testdata/graphdef/lstm (tools/tf/make_lstm_graph.py), whose Whiles are functional ones,
// reach TensorFlow's output, and TensorFlow's loss and weights after one training step; attributes
// tfmc cannot map are errors naming the node. (The frozen GraphDef of the same LSTM is checked with
// the other TensorFlow-valued graphs, tensorflow_valued_graphs_test.cpp.)
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "graph_text.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

std::string lstm_file(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/lstm/" + file);
}

std::string canonical(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  REQUIRE(p.tensor.has_value());
  return tfmc::sem::format_tensor(*p.tensor);
}

}  // namespace

TEST_CASE("a Keras LSTM SavedModel runs its TensorList While to TensorFlow's output",
          "[graphdef][tensor_list]") {
  // lstm.args: --feed, x=LITERAL, --fetch, NAME; lstm.expected: NAME = LITERAL.
  const std::vector<std::string> args =
      tfmc::test::nonempty_lines(tfmc::test::read_file(lstm_file("lstm.args")));
  REQUIRE(args.size() == 4);
  const std::string expected = tfmc::test::read_file(lstm_file("lstm.expected"));
  const auto eq = expected.find(" = ");
  REQUIRE(eq != std::string::npos);
  const std::string want = canonical(expected.substr(eq + 3, expected.find('\n') - eq - 3));
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(
      {"check", lstm_file("saved_model"), "--feed", args[1], "--json", "--quiet"});
  INFO(r.err);
  CHECK(r.err.find("warning") == std::string::npos);  // every op mapped
  REQUIRE(r.code == 0);
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  CHECK(canonical(outcomes[0].at("outputs").at("output_0").text) == want);
}

TEST_CASE("a training step of the LSTM reaches TensorFlow's loss and weights bit for bit",
          "[graphdef][tensor_list]") {
  // The gradient's While pops what the forward loop pushed (TensorListPushBack, PopBack);
  // train.expected: the loss (output_0) and each weight after the SGD update.
  std::vector<std::string> args = {"check", lstm_file("train")};
  for (const std::string& a :
       tfmc::test::nonempty_lines(tfmc::test::read_file(lstm_file("train.args")))) {
    args.push_back(a);
  }
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.err.find("warning") == std::string::npos);
  REQUIRE(r.code == 0);
  const tfmc::test::Json result = tfmc::test::parse_json(r.out);
  const auto& outcomes = result.at("outcomes").items;
  REQUIRE(outcomes.size() == 1);
  std::size_t compared = 0;
  for (const std::string& line :
       tfmc::test::nonempty_lines(tfmc::test::read_file(lstm_file("train.expected")))) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    const std::string name = line.substr(0, eq);
    INFO(name);
    const char* part = name == "output_0" ? "outputs" : "variables";
    CHECK(canonical(outcomes[0].at(part).at(name).text) == canonical(line.substr(eq + 3)));
    ++compared;
  }
  CHECK(compared == 4);  // the loss, the kernel, the recurrent kernel and the bias
}

TEST_CASE("TensorList attributes tfmc cannot map are errors naming the node",
          "[graphdef][tensor_list]") {
  using tfmc::test::attr;
  using tfmc::test::node;
  const std::string inputs =
      node(
          "shape", "Const", {},
          attr("value", "tensor { dtype: DT_INT32 tensor_shape { dim { size: 1 } } int_val: 2 }")) +
      node("n", "Const", {}, attr("value", "tensor { dtype: DT_INT32 int_val: 2 }")) +
      node("i", "Const", {}, attr("value", "tensor { dtype: DT_INT32 int_val: 0 }"));
  const std::string nested = inputs + node("l", "TensorListReserve", {"shape", "n"},
                                           attr("element_dtype", "type: DT_VARIANT"));
  CHECK(tfmc::test::error_of("nested.pbtxt", nested, {"--fetch", "l"})
            .find("node 'l' (TensorListReserve): its attribute element_dtype = DT_VARIANT cannot "
                  "be mapped") != std::string::npos);
  const std::string reserve = inputs + node("l", "TensorListReserve", {"shape", "n"},
                                            attr("element_dtype", "type: DT_FLOAT"));
  const std::string resize = reserve + node("s", "TensorListSetItem", {"l", "i", "i"},
                                            attr("element_dtype", "type: DT_FLOAT") +
                                                attr("resize_if_index_out_of_bounds", "b: true"));
  CHECK(tfmc::test::error_of("resize.pbtxt", resize, {"--fetch", "s"})
            .find("node 's' (TensorListSetItem): its attribute resize_if_index_out_of_bounds = "
                  "true cannot be mapped") != std::string::npos);
  // Without resizing, an i32 item in an f32 list is TensorFlow's InvalidArgument: Error(type).
  const std::string typed = reserve + node("s", "TensorListSetItem", {"l", "i", "i"},
                                           attr("element_dtype", "type: DT_FLOAT"));
  const tfmc::test::Checked checked =
      tfmc::test::check_graph("typed.pbtxt", typed, {"--fetch", "s"});
  CHECK(checked.code == 0);
  REQUIRE(checked.outcomes.size() == 1);
  const std::vector<std::pair<std::string, std::string>> want = {{"s", "Error(type)"}};
  CHECK(checked.outcomes[0].outputs == want);
}
