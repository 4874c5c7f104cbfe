// The optimizers' steps (gpu_eval/cpu_optimizer_ops.h) against TensorFlow: every case of
// optimizer_step_cases.inc, written by tools/tf/make_optimizer_cases.py from one
// tf.raw_ops.ResourceApply* call of TensorFlow 2.21 on the CPU, gives TensorFlow's bits; and the
// arguments TensorFlow's kernels refuse give the errors of the contract.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "optimizer_step_cases.h"

namespace {

using namespace tfmc;
using test::literal;

const std::vector<test::StepCase> kCases = {
#include "optimizer_step_cases.inc"
};

// The catalog's function of `step` with `attrs`, as a node `ApplyX(...) {attrs}` makes it.
sem::Function step_function(const std::string& step, const test::StepAttrs& attrs,
                            std::size_t arguments) {
  return test::catalog_function(step, test::step_attribute_texts(attrs), arguments);
}

eval::EvalResult evaluate(const std::string& step, const std::vector<eval::Tensor>& arguments) {
  return test::evaluate_step(step, arguments);
}

}  // namespace

TEST_CASE("each optimizer's step gives TensorFlow's bits", "[optimizers]") {
  REQUIRE(kCases.size() == 146);
  test::check_step_cases(kCases);
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
  CHECK(rows.size() == 41);  // 17 optimizers, 7 scatters, 5 ScatterNd forms, 12 sparse optimizers
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

TEST_CASE("AdagradDA's step takes its global step as an i64 scalar", "[optimizers]") {
  const auto adagrad_da = [](const char* global_step) {
    return evaluate("AdagradDAStep",
                    {literal("f32[2]{1, 2}"), literal("f32[2]{0, 0}"), literal("f32[2]{1, 1}"),
                     literal("f32[2]{1, -1}"), literal("f32{0.1}"), literal("f32{0}"),
                     literal("f32{0}"), literal(global_step)});
  };
  // lr * g * -1 / sqrt(gg): 0.1 * 1 * -1 / sqrt(2) for the first element.
  const eval::EvalResult r = adagrad_da("i64{1}");
  REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
  CHECK(std::get<std::vector<eval::Tensor>>(r)[0] ==
        literal("f32[2]{-0x1.21a186p-4, 0x1.21a186p-4}"));
  CHECK(std::get<eval::ErrorKind>(adagrad_da("i32{1}")) == eval::ErrorKind::Type);
  CHECK(std::get<eval::ErrorKind>(adagrad_da("f32{1}")) == eval::ErrorKind::Type);
  CHECK(std::get<eval::ErrorKind>(adagrad_da("i64[1]{1}")) == eval::ErrorKind::Shape);
}
