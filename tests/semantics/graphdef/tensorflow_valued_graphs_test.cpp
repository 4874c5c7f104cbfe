// The graphs TensorFlow 2.21 wrote to exercise the ops (each directory's MANIFEST.md says
// which script wrote it): testdata/graphdef/elementwise/ops (tools/tf/make_elementwise_cases.py),
// reductions/reductions (make_reduction_graph.py), shape_ops/shape_ops (make_shape_op_graph.py),
// random/dropout (make_random_cases.py), conv/conv (make_conv_graph.py), pool/pool
// (make_pool_graph.py), gradient_ops/gradient_ops (make_gradient_op_graph.py),
// contraction/attention (make_contraction_graph.py), transcendental/activations
// (make_transcendental_graph.py), pow/pow (make_pow_graph.py), softmax/losses
// (make_softmax_graph.py), lstm/lstm (make_lstm_graph.py, a Keras LSTM's While loop over
// TensorLists), addn/addn (make_addn_graph.py, AddN's inputs in the order TensorFlow sorts
// them), sparse_optimizers/resource (make_sparse_optimizer_graphs.py) and dense_applies/applies
// (make_dense_apply_graph.py), square_product/square_product (make_square_product_graph.py,
// products of a square and a constant as TensorFlow reassociates them),
// tensor_list_arithmetic/lists (make_tensor_list_arithmetic_graph.py, AddN and ZerosLike of
// TensorLists), swish/swish (make_swish_graph.py, products of x and its Sigmoid as
// TensorFlow's oneDNN swish computes them) and constant_push_down/push_down
// (make_constant_push_down_graph.py, sums and differences with a constant pushed down). tfmc
// imports every node of each without a warning and checks it, with the arguments of NAME.args, to
// exactly one outcome whose outputs and variables are, by name, exactly those of NAME.expected
// (`NAME = LITERAL`, the values of TensorFlow's Session.run), compared as canonical prints so that
// every NaN is one value.
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
  return tfmc::test::source_path("testdata/graphdef/" + file);
}

std::vector<std::string> lines_of(const std::string& file) {
  return tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(file)));
}

std::string canonical(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  INFO(text);
  REQUIRE(p.tensor.has_value());
  return tfmc::sem::format_tensor(*p.tensor);
}

// Each graph (directory/name) with the number of values its .expected holds.
const std::map<std::string, std::size_t> kGraphs = {{"elementwise/ops", 24},
                                                    {"reductions/reductions", 12},
                                                    {"shape_ops/shape_ops", 19},
                                                    {"random/dropout", 4},
                                                    {"conv/conv", 4},
                                                    {"pool/pool", 3},
                                                    {"gradient_ops/gradient_ops", 4},
                                                    {"contraction/attention", 5},
                                                    {"transcendental/activations", 6},
                                                    {"pow/pow", 6},
                                                    {"softmax/losses", 6},
                                                    {"lstm/lstm", 1},
                                                    {"addn/addn", 4},
                                                    {"sparse_optimizers/resource", 57},
                                                    {"dense_applies/applies", 15},
                                                    {"square_product/square_product", 16},
                                                    {"tensor_list_arithmetic/lists", 8},
                                                    {"swish/swish", 6},
                                                    {"constant_push_down/push_down", 36}};

}  // namespace

TEST_CASE("TensorFlow-valued graphs: one outcome with TensorFlow's values, no warning",
          "[graphdef][tensorflow_values]") {
  for (const auto& [graph, count] : kGraphs) {
    DYNAMIC_SECTION(graph) {
      std::map<std::string, std::string> want;
      for (const std::string& line : lines_of(graph + ".expected")) {
        const auto eq = line.find(" = ");
        REQUIRE(eq != std::string::npos);
        want.emplace(line.substr(0, eq), canonical(line.substr(eq + 3)));
      }
      CHECK(want.size() == count);
      std::vector<std::string> args = {"check", corpus(graph + ".pbtxt")};
      for (const std::string& a : lines_of(graph + ".args")) args.push_back(a);
      args.insert(args.end(), {"--json", "--quiet"});
      const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
      INFO(r.err);
      CHECK(r.err.find("warning") == std::string::npos);  // every op mapped: no warning
      CHECK(r.code == 0);
      const tfmc::test::Json result = tfmc::test::parse_json(r.out);
      const auto& outcomes = result.at("outcomes").items;
      REQUIRE(outcomes.size() == 1);
      std::map<std::string, std::string> got;
      for (const char* part : {"outputs", "variables"}) {
        for (const auto& [name, value] : outcomes[0].at(part).members) {
          got.emplace(name, canonical(value.text));
        }
      }
      CHECK(got == want);
    }
  }
}
