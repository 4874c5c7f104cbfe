#include "semantics/graphdef/graph_text.h"

#include <catch2/catch.hpp>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace tfmc::test {

std::string node(const std::string& name, const std::string& op,
                 const std::vector<std::string>& inputs, const std::string& attrs) {
  std::string out = "node {\n  name: \"" + name + "\"\n  op: \"" + op + "\"\n";
  for (const std::string& in : inputs) out += "  input: \"" + in + "\"\n";
  return out + attrs + "}\n";
}

std::string attr(const std::string& key, const std::string& value) {
  return "  attr { key: \"" + key + "\" value { " + value + " } }\n";
}

std::string float_const(const std::string& name, const std::string& value,
                        const std::vector<std::string>& inputs) {
  return node(
      name, "Const", inputs,
      attr("dtype", "type: DT_FLOAT") +
          attr("value", "tensor { dtype: DT_FLOAT tensor_shape {} float_val: " + value + " }"));
}

std::string resource_var(const std::string& name, const std::string& shared) {
  return node(name, "VarHandleOp", {},
              attr("dtype", "type: DT_FLOAT") + attr("shape", "shape {}") +
                  attr("shared_name", "s: \"" + shared + "\""));
}

Checked check_graph(const std::string& name, const std::string& graph,
                    std::vector<std::string> args) {
  const std::string path = tfmc::test::write_test_file(name, graph);
  args.insert(args.begin(), {"check", path});
  args.insert(args.end(), {"--json", "--quiet"});
  const tfmc::test::CliResult r = tfmc::test::tfmc_run(args);
  Checked c{r.code, {}, r.err};
  if (r.code <= 1) c.outcomes = tfmc::test::outcomes_in_json(tfmc::test::parse_json(r.out));
  return c;
}

std::string single_output(const std::string& name, const std::string& graph,
                          const std::vector<std::string>& args, const std::string& output) {
  const Checked c = check_graph(name, graph, args);
  INFO(c.err);
  REQUIRE(c.code == 0);
  REQUIRE(c.outcomes.size() == 1);
  for (const auto& [out, value] : c.outcomes[0].outputs) {
    if (out == output) return value;
  }
  FAIL("no output " << output);
  return "";
}

std::string error_of(const std::string& name, const std::string& graph,
                     const std::vector<std::string>& args) {
  const Checked c = check_graph(name, graph, args);
  CHECK(c.code == 2);
  return c.err;
}

}  // namespace tfmc::test
