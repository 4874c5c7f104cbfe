// The sparse reads and updates of variables as TensorFlow 2.21 writes and runs them
// (testdata/graphdef/embedding/, tools/tf/make_embedding_graphs.py): one training step of an
// embedding model with GradientDescent and Adam, on resource and on ref variables, and every
// Scatter* op with duplicate indices, NaN, infinities and signed zeros, each to exactly one
// outcome with TensorFlow's bits in every variable, under --refs mapl and alias; ResourceGather
// and Unique to TensorFlow's outputs; and two unordered GradientDescent steps on shared rows to
// exactly the values TensorFlow gives for each order: the lost update among them only where
// TensorFlow's ScatterSub of refs without use_locking is not atomic (--refs alias).
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "corpus_outcomes.h"
#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"

namespace {

using tfmc::test::Json;

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/embedding/" + file);
}

tfmc::eval::Tensor tensor(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  INFO(text);
  REQUIRE(p.tensor.has_value());
  return *p.tensor;
}

// A file of `NAME = LITERAL` lines, in order.
std::vector<std::pair<std::string, tfmc::eval::Tensor>> named_values(const std::string& file) {
  std::vector<std::pair<std::string, tfmc::eval::Tensor>> out;
  for (const std::string& line : tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(file)))) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    out.emplace_back(line.substr(0, eq), tensor(line.substr(eq + 3)));
  }
  return out;
}

// The outcomes of `tfmc check GRAPH.pbtxt` with the arguments of ARGS.args and `extra`.
std::vector<Json> outcomes(const std::string& graph, const std::string& args,
                           const std::vector<std::string>& extra) {
  return tfmc::test::corpus_outcomes(corpus(graph + ".pbtxt"), corpus(args + ".args"), extra);
}

// Whether `section` of the outcome holds exactly the named values.
void check_members(const Json& section,
                   const std::vector<std::pair<std::string, tfmc::eval::Tensor>>& want) {
  CHECK(section.members.size() == want.size());
  for (const auto& [name, value] : want) {
    INFO(name);
    bool found = false;
    for (const auto& [got_name, got] : section.members) {
      if (got_name != name) continue;
      found = true;
      CHECK(tensor(got.text) == value);
    }
    CHECK(found);
  }
}

// emb's values over the outcomes.
std::set<std::string> emb_values(const std::vector<Json>& all) {
  std::set<std::string> values;
  for (const Json& o : all) {
    values.insert(tfmc::sem::format_tensor(tensor(o.at("variables").at("emb").text)));
  }
  return values;
}

std::set<std::string> expected_emb_values(const std::string& file) {
  std::set<std::string> values;
  for (const auto& [name, value] : named_values(file))
    values.insert(tfmc::sem::format_tensor(value));
  return values;
}

}  // namespace

TEST_CASE("embedding: one step and every scatter op leave TensorFlow's bits",
          "[graphdef][embedding]") {
  for (const char* name : {"sgd", "sgd_ref", "adam", "adam_ref", "scatter_ops"}) {
    for (const char* refs : {"mapl", "alias"}) {
      DYNAMIC_SECTION(name << " --refs " << refs) {
        const std::vector<Json> all = outcomes(name, name, {"--refs", refs});
        REQUIRE(all.size() == 1);
        check_members(all[0].at("variables"), named_values(std::string(name) + ".expected"));
      }
    }
  }
}

TEST_CASE("embedding: ResourceGather and Unique give TensorFlow's outputs",
          "[graphdef][embedding]") {
  const std::vector<Json> all = outcomes("scatter_ops", "gather_unique", {});
  REQUIRE(all.size() == 1);
  check_members(all[0].at("outputs"), named_values("gather_unique.outputs"));
}

TEST_CASE("embedding: two unordered SGD steps on shared rows give TensorFlow's values",
          "[graphdef][embedding]") {
  // Ref variables under --refs alias: in order, both from the initial rows, or one lost.
  const std::set<std::string> ref_alias = expected_emb_values("sgd_ref_hogwild.expected");
  REQUIRE(ref_alias.size() == 3);
  CHECK(emb_values(outcomes("sgd_ref", "sgd_ref", {"--concurrent", "2", "--refs", "alias"})) ==
        ref_alias);
  // Atomic updates (resource variables; refs under MAPL): no update is lost.
  const std::set<std::string> atomic = expected_emb_values("sgd_hogwild.expected");
  REQUIRE(atomic.size() == 2);
  CHECK(emb_values(outcomes("sgd_ref", "sgd_ref", {"--concurrent", "2", "--refs", "mapl"})) ==
        atomic);
  for (const char* refs : {"mapl", "alias"}) {
    CHECK(emb_values(outcomes("sgd", "sgd", {"--concurrent", "2", "--refs", refs})) == atomic);
  }
}
