// One training step of each optimizer on a small MLP, as TensorFlow 2.21 writes the graph
// (testdata/graphdef/optimizers/, tools/tf/make_optimizer_graphs.py): tfmc checks each graph,
// with the arguments of its NAME.args, to exactly one outcome in which every variable and every
// optimizer slot holds TensorFlow's bits (NAME.expected), under --refs alias (the default)
// and under the MAPL semantics. Two concurrent executions of a step race on the slots.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/files.h"
#include "support/json_reader.h"
#include "support/testdata.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::Json;

std::string corpus(const std::string& file) {
  return tfmc::test::source_path("testdata/graphdef/optimizers/" + file);
}

std::vector<std::string> lines_of(const std::string& file) {
  return tfmc::test::nonempty_lines(tfmc::test::read_file(corpus(file)));
}

// NAME.expected: `VARIABLE = LITERAL` per line.
std::map<std::string, std::string> expected_variables(const std::string& name) {
  std::map<std::string, std::string> out;
  for (const std::string& line : lines_of(name + ".expected")) {
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    out.emplace(line.substr(0, eq), line.substr(eq + 3));
  }
  return out;
}

std::vector<std::string> graph_names() {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(corpus(""))) {
    if (entry.path().extension() == ".pbtxt") names.push_back(entry.path().stem());
  }
  return names;
}

tfmc::eval::Tensor tensor(const std::string& text) {
  const tfmc::sem::LiteralParse p = tfmc::sem::parse_tensor_literal(text);
  INFO(text);
  REQUIRE(p.tensor.has_value());
  return *p.tensor;
}

Json check_json(const std::string& name, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"check", corpus(name + ".pbtxt")};
  for (const std::string& a : lines_of(name + ".args")) args.push_back(a);
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  INFO(r.err);
  CHECK(r.err.find("warning") == std::string::npos);  // every op mapped
  return tfmc::test::parse_json(r.out);
}

}  // namespace

TEST_CASE("optimizers: one step of each leaves TensorFlow's bits in every variable and slot",
          "[graphdef][optimizers]") {
  const std::vector<std::string> names = graph_names();
  CHECK(names.size() == 16);
  for (const std::string& name : names) {
    for (const char* refs : {"mapl", "alias"}) {
      DYNAMIC_SECTION(name << " --refs " << refs) {
        const Json result = check_json(name, {"--refs", refs});
        const auto& outcomes = result.at("outcomes").items;
        REQUIRE(outcomes.size() == 1);
        const Json& variables = outcomes[0].at("variables");
        const std::map<std::string, std::string> want = expected_variables(name);
        std::set<std::string> got_names;
        for (const auto& [variable, value] : variables.members) {
          got_names.insert(variable);
          INFO(variable << " = " << value.text);
          REQUIRE(want.count(variable) == 1);
          CHECK(tensor(value.text) == tensor(want.at(variable)));
        }
        CHECK(got_names.size() == want.size());
      }
    }
  }
}

TEST_CASE("optimizers: two concurrent Momentum steps race on the weights and the slots",
          "[graphdef][optimizers]") {
  const Json result = check_json("momentum", {"--concurrent", "2"});
  CHECK(result.at("outcomes").items.size() > 1);
  std::set<std::string> updated;
  for (const Json& race : result.at("races").items) {
    if (race.at("kind").text == "update-update") updated.insert(race.at("variable").text);
  }
  CHECK(updated == std::set<std::string>{"w1", "w1/Momentum", "w2", "w2/Momentum"});
}
