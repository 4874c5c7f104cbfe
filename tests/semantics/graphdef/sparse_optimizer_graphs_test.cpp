// The sparse optimizer updates on ref variables as TensorFlow 2.21 writes and runs them
// (testdata/graphdef/sparse_optimizers/, tools/tf/make_sparse_optimizer_graphs.py; the resource
// forms are among tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp's graphs): one step
// of each tf.compat.v1 optimizer's SparseApply* to exactly one outcome with TensorFlow's bits in
// every variable, under --refs mapl and alias; and two unordered Adagrad steps on shared rows
// (adagrad_ref) to exactly the values TensorFlow gives for each way the steps can meet: in
// order, both gradients of the initial rows applied in turn, and, where TensorFlow's
// SparseApplyAdagrad of refs without use_locking is not atomic (--refs alias), one step with the
// other lost and the second step reading one of the table and its accumulator before the first
// step's write and the other after it.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "corpus_outcomes.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"

namespace {

using tfmc::test::Json;

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/sparse_optimizers/" + file);
}

std::string canonical(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  INFO(text);
  REQUIRE(p.tensor.has_value());
  return tfmc::sem::format_tensor(*p.tensor);
}

// The outcomes of `tfmc check GRAPH.pbtxt` with the arguments of GRAPH.args and `extra`.
std::vector<Json> outcomes(const std::string& graph, const std::vector<std::string>& extra) {
  return tfmc::test::corpus_outcomes(corpus(graph + ".pbtxt"), corpus(graph + ".args"), extra);
}

// A file of `NAME = LITERAL` lines: each name with its value's canonical print, in order.
std::vector<std::pair<std::string, std::string>> named_values(const std::string& file) {
  std::vector<std::pair<std::string, std::string>> values;
  for (const std::string& line : tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(file)))) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    values.emplace_back(line.substr(0, eq), canonical(line.substr(eq + 3)));
  }
  return values;
}

// adagrad/table's values over the outcomes of two concurrent steps under `refs`.
std::set<std::string> table_values(const std::string& refs) {
  std::set<std::string> values;
  for (const Json& o : outcomes("adagrad_ref", {"--concurrent", "2", "--refs", refs})) {
    values.insert(canonical(o.at("variables").at("adagrad/table").text));
  }
  return values;
}

}  // namespace

TEST_CASE("sparse optimizers: one step on ref variables leaves TensorFlow's bits",
          "[graphdef][sparse_optimizers]") {
  const auto want = named_values("ref.expected");
  REQUIRE(want.size() == 53);
  for (const char* refs : {"mapl", "alias"}) {
    DYNAMIC_SECTION("--refs " << refs) {
      const std::vector<Json> all = outcomes("ref", {"--refs", refs});
      REQUIRE(all.size() == 1);
      std::map<std::string, std::string> got;
      for (const auto& [name, value] : all[0].at("variables").members) {
        got.emplace(name, canonical(value.text));
      }
      CHECK(got == std::map<std::string, std::string>(want.begin(), want.end()));
    }
  }
}

TEST_CASE("sparse optimizers: two unordered Adagrad steps give TensorFlow's values",
          "[graphdef][sparse_optimizers]") {
  std::vector<std::string> tf;  // in order, stale, one lost, then the two mixed reads
  for (const auto& [name, value] : named_values("adagrad_ref_hogwild.expected")) {
    CHECK(name == "adagrad/table");
    tf.push_back(value);
  }
  REQUIRE(tf.size() == 5);
  CHECK(table_values("alias") == std::set<std::string>(tf.begin(), tf.end()));
  // Atomic updates (refs under MAPL): no update is lost.
  CHECK(table_values("mapl") == std::set<std::string>{tf[0], tf[1]});
}
