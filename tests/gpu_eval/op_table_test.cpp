// The op table (gpu_eval/builtin_ops.def) against what the layers make of it: every built-in
// row has a CPU kernel that takes exactly the argument counts the catalog allows, and the catalog
// knows every row by its name, with the row's op, arity and output count.
#include <catch2/catch.hpp>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/op_catalog.h"
#include "semantics/values/tensor_text.h"

namespace {

using namespace tfmc;
using eval::BuiltinOp;

struct Row {
  const char* name;
  bool builtin;
  BuiltinOp op;  // of a built-in row
  int least;
  int most;
  std::vector<std::string_view> required;
  std::vector<std::string_view> tensorflow;
};

const std::vector<Row>& rows() {
  static const std::vector<Row> kRows = {
#define TFMC_BUILTIN_OP(name, least, most, outputs, attributes, required, tensorflow) \
  {#name, true, BuiltinOp::name, least, most, {TFMC_OP_ITEMS required}, {TFMC_OP_ITEMS tensorflow}},
#define TFMC_SEMANTICS_OP(name, least, most, kind, attributes, required, tensorflow) \
  {#name, false, BuiltinOp{}, least, most, {TFMC_OP_ITEMS required}, {TFMC_OP_ITEMS tensorflow}},
#include "gpu_eval/builtin_ops.def"
  };
  return kRows;
}

// A valid value of a required attribute.
sem::Attr required_attr(std::string_view key) {
  sem::Attr a;
  a.key = std::string(key);
  if (key == "num") {
    a.value.kind = sem::AttrValue::Kind::Integer;
    a.value.integer = 1;
  } else if (key == "to" || key == "dtype" || key == "element_dtype") {
    a.value.kind = sem::AttrValue::Kind::Name;
    a.value.name = "i32";
  } else if (key == "shape") {
    a.value.kind = sem::AttrValue::Kind::List;
    a.value.list = {-1};
  } else if (key == "ksize" || key == "strides") {
    a.value.kind = sem::AttrValue::Kind::List;
    a.value.list = {1, 1, 1, 1};
  } else if (key == "padding") {
    a.value.kind = sem::AttrValue::Kind::Name;
    a.value.name = "VALID";
  } else if (key == "equation") {
    a.value.kind = sem::AttrValue::Kind::Name;
    a.value.name = "a-a";
  } else {
    FAIL("no sample value for the required attribute " << key);
  }
  return a;
}

// The catalog's function of a built-in row, made with its required attributes.
sem::Function catalog_function(const Row& row) {
  std::vector<sem::Attr> attrs;
  for (std::string_view key : row.required) attrs.push_back(required_attr(key));
  sem::ValueStore values;
  sem::DiagnosticList diags("t.tfg", "");
  const auto f = sem::make_builtin_function(row.name, attrs, static_cast<std::size_t>(row.least),
                                            {}, values, diags);
  INFO(diags.render());
  REQUIRE(f.has_value());
  return *f;
}

}  // namespace

TEST_CASE("the catalog knows every row of the op table as the table says", "[op_table]") {
  for (const Row& row : rows()) {
    INFO(row.name);
    CHECK(sem::is_builtin_function(row.name));
    CHECK(sem::builtin_arity(row.name) == std::pair{row.least, row.most});
    if (!row.builtin) continue;
    const sem::Function f = catalog_function(row);
    CHECK(f.kind == sem::FunctionKind::Builtin);
    CHECK(f.op == row.op);
    CHECK(f.outputs == eval::output_count(row.op, f.attrs));
  }
}

TEST_CASE("every built-in op has a CPU kernel for exactly the catalog's arities", "[op_table]") {
  const eval::Tensor x = *sem::parse_tensor_literal("f32{1}").tensor;
  eval::CpuEvaluator cpu;
  for (const Row& row : rows()) {
    if (!row.builtin) continue;
    INFO(row.name);
    const sem::Function f = catalog_function(row);
    const auto [least, most] = sem::builtin_arity(row.name);
    const auto evaluate = [&](int n) {
      const std::vector<const eval::Tensor*> args(static_cast<std::size_t>(n), &x);
      return cpu.evaluate(f.op, f.attrs, args);
    };
    for (int n = least; n <= (most < 0 ? least + 2 : most); ++n) {
      INFO(n << " arguments");
      CHECK_NOTHROW(evaluate(n));
    }
    CHECK_THROWS_WITH(evaluate(least - 1), "CpuEvaluator: wrong number of arguments");
    if (most >= 0) {
      CHECK_THROWS_WITH(evaluate(most + 1), "CpuEvaluator: wrong number of arguments");
    }
  }
}

TEST_CASE("each TensorFlow op of the op table imports as one op", "[op_table]") {
  std::map<std::string_view, std::string_view> seen;
  for (const Row& row : rows()) {
    for (std::string_view tf : row.tensorflow) {
      const auto [first, added] = seen.emplace(tf, row.name);
      INFO(tf << " in " << first->second << " and " << row.name);
      CHECK(added);
    }
  }
}
