// The optimizers' steps (gpu_eval/cpu_optimizer_ops.h) against TensorFlow: every case of
// optimizer_step_cases.inc, written by tools/tf/make_optimizer_cases.py from one
// tf.raw_ops.ResourceApply* call of TensorFlow 2.21 on the CPU, gives TensorFlow's bits; and the
// arguments TensorFlow's kernels refuse give the errors of the contract.
#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct StepCase {
  const char* step;
  std::vector<std::pair<const char*, bool>> attrs;
  std::vector<const char*> arguments;
  std::vector<const char*> results;  // TensorFlow's
};

const std::vector<StepCase>& cases() {
  static const std::vector<StepCase> kCases = {
#include "optimizer_step_cases.inc"
  };
  return kCases;
}

using test::literal;

// The attributes as a node writes them: `true` or `false`.
test::AttrTexts attribute_texts(const std::vector<std::pair<const char*, bool>>& attrs) {
  test::AttrTexts texts;
  for (const auto& [key, on] : attrs) texts.emplace_back(key, on ? "true" : "false");
  return texts;
}

// The catalog's function of `step` with `attrs`, as a node `ApplyX(...) {attrs}` makes it.
sem::Function step_function(const std::string& step,
                            const std::vector<std::pair<const char*, bool>>& attrs,
                            std::size_t arguments) {
  return test::catalog_function(step, attribute_texts(attrs), arguments);
}

eval::EvalResult evaluate(const std::string& step, const std::vector<eval::Tensor>& arguments,
                          const std::vector<std::pair<const char*, bool>>& attrs = {}) {
  return test::evaluate_function(step, attribute_texts(attrs), arguments);
}

}  // namespace

TEST_CASE("each optimizer's step gives TensorFlow's bits", "[optimizers]") {
  REQUIRE(cases().size() == 46);
  for (const StepCase& c : cases()) {
    std::vector<eval::Tensor> arguments;
    for (const char* a : c.arguments) arguments.push_back(literal(a));
    INFO(c.step << " on " << sem::format_tensor(arguments[0]));
    const eval::EvalResult r = evaluate(c.step, arguments, c.attrs);
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    const auto& got = std::get<std::vector<eval::Tensor>>(r);
    REQUIRE(got.size() == c.results.size());
    for (std::size_t v = 0; v < got.size(); ++v) {
      INFO("variable " << v << ": " << sem::format_tensor(got[v]));
      CHECK(got[v] == literal(c.results[v]));
    }
  }
}

TEST_CASE("an optimizer's step refuses what TensorFlow's kernel refuses", "[optimizers]") {
  const auto momentum = [](const char* var, const char* accum, const char* lr, const char* grad,
                           const char* rate) {
    return evaluate("MomentumStep",
                    {literal(var), literal(accum), literal(lr), literal(grad), literal(rate)});
  };
  const auto error = [](const eval::EvalResult& r) {
    REQUIRE(std::holds_alternative<eval::ErrorKind>(r));
    return std::get<eval::ErrorKind>(r);
  };
  // The well-formed call, then each argument made wrong in turn.
  CHECK(std::holds_alternative<std::vector<eval::Tensor>>(
      momentum("f32[2]{1, 2}", "f32[2]{0, 0}", "f32{0.5}", "f32[2]{1, 1}", "f32{0.5}")));
  // Mixed dtypes, and integers, which TensorFlow registers no kernel for.
  CHECK(error(momentum("f32[2]{1, 2}", "f64[2]{0, 0}", "f32{0.5}", "f32[2]{1, 1}", "f32{0.5}")) ==
        eval::ErrorKind::Type);
  CHECK(error(momentum("i32[2]{1, 2}", "i32[2]{0, 0}", "i32{1}", "i32[2]{1, 1}", "i32{1}")) ==
        eval::ErrorKind::Type);
  // A slot or gradient of another shape than the variable's, even one that would broadcast.
  CHECK(error(momentum("f32[2]{1, 2}", "f32[1]{0}", "f32{0.5}", "f32[2]{1, 1}", "f32{0.5}")) ==
        eval::ErrorKind::Shape);
  CHECK(error(momentum("f32[2]{1, 2}", "f32[2]{0, 0}", "f32{0.5}", "f32{1}", "f32{0.5}")) ==
        eval::ErrorKind::Shape);
  // A hyperparameter that is not a scalar.
  CHECK(error(momentum("f32[2]{1, 2}", "f32[2]{0, 0}", "f32[1]{0.5}", "f32[2]{1, 1}",
                       "f32{0.5}")) == eval::ErrorKind::Shape);
}

TEST_CASE("an optimizer's attributes show in its term head when not their default",
          "[optimizers]") {
  CHECK(step_function("MomentumStep", {{"use_nesterov", true}}, 5).head ==
        "MomentumStep{use_nesterov=true}");
  CHECK(step_function("MomentumStep", {{"use_nesterov", false}}, 5).head == "MomentumStep");
  CHECK(step_function("AdagradStep", {{"update_slots", true}}, 4).head == "AdagradStep");
  CHECK(step_function("AdagradStep", {{"update_slots", false}}, 4).head ==
        "AdagradStep{update_slots=false}");
}

TEST_CASE("each optimizer's update names a step with one output per variable", "[optimizers]") {
  struct UpdateRow {
    const char* name;
    const char* step;
    int variables;
    std::vector<std::string> tensorflow;
  };
  const std::vector<UpdateRow> rows = {
#define TFMC_UPDATE_OP(name, step, variables, tensorflow) \
  {#name, #step, variables, {TFMC_OP_ITEMS tensorflow}},
#include "gpu_eval/builtin_ops.def"
  };
  CHECK(rows.size() == 38);  // 14 optimizers, 7 scatters, 5 ScatterNd forms, 12 sparse optimizers
  for (const UpdateRow& row : rows) {
    INFO(row.name);
    const sem::ResourceOp* op = sem::find_resource_op(row.name);
    REQUIRE(op != nullptr);
    CHECK(op->kind == sem::NodeKind::Update);
    CHECK(op->variables == row.variables);
    const auto [least, most] = sem::builtin_arity(row.step);
    CHECK(least == most);
    CHECK(op->tensors == least - row.variables);
    CHECK(step_function(row.step, {}, static_cast<std::size_t>(least)).outputs == row.variables);
    // TensorFlow's ref form and resource form; Keras's momentum has the resource form only.
    std::vector<std::string> forms = {std::string("Resource") + row.name};
    if (std::string(row.name).find("KerasMomentum") == std::string::npos) {
      forms.insert(forms.begin(), row.name);
    }
    CHECK(row.tensorflow == forms);
  }
}
