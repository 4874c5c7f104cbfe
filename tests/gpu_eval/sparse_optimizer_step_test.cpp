// The sparse optimizers' steps (gpu_eval/cpu_sparse_optimizer_ops.h) against TensorFlow: every
// case of sparse_optimizer_step_cases.inc, written by tools/tf/make_sparse_optimizer_cases.py
// from one tf.raw_ops.ResourceSparseApply* call of TensorFlow 2.21 on the CPU with a repeated
// index, gives TensorFlow's bits; and the arguments TensorFlow's kernels refuse give the errors
// of the contract.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "optimizer_step_cases.h"

namespace {

using namespace tfmc;
using test::literal;

const std::vector<test::StepCase> kCases = {
#include "sparse_optimizer_step_cases.inc"
};

eval::EvalResult evaluate(const std::string& step, const std::vector<const char*>& arguments) {
  std::vector<eval::Tensor> tensors;
  for (const char* a : arguments) tensors.push_back(literal(a));
  return test::evaluate_step(step, tensors);
}

eval::ErrorKind error(const eval::EvalResult& r) {
  REQUIRE(std::holds_alternative<eval::ErrorKind>(r));
  return std::get<eval::ErrorKind>(r);
}

std::vector<eval::Tensor> values(const eval::EvalResult& r) {
  REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
  return std::get<std::vector<eval::Tensor>>(r);
}

}  // namespace

TEST_CASE("each sparse optimizer's step gives TensorFlow's bits", "[sparse_optimizers]") {
  REQUIRE(kCases.size() == 186);
  test::check_step_cases(kCases);
}

TEST_CASE("a sparse step applies a repeated index again, in index order", "[sparse_optimizers]") {
  // Plain SGD through ProximalGradientDescent without regularization: row 0 takes both
  // gradients, one after the other (1 - 0.5 * 2 - 0.5 * 4 = -2); row 1 is untouched.
  const auto got = values(evaluate("SparseProximalGradientDescentStep",
                                   {"f64[2,2]{1, 1, 5, 5}", "f64{0.5}", "f64{0}", "f64{0}",
                                    "f64[2,2]{2, 2, 4, 4}", "i64[2]{0, 0}"}));
  CHECK(got[0] == literal("f64[2,2]{-2, -2, 5, 5}"));
  // No indices leave every variable as it is.
  const auto none = values(evaluate("SparseMomentumStep", {"f32[2]{1, 2}", "f32[2]{3, 4}", "f32{1}",
                                                           "f32[0]{}", "i32[0]{}", "f32{0.5}"}));
  CHECK(none[0] == literal("f32[2]{1, 2}"));
  CHECK(none[1] == literal("f32[2]{3, 4}"));
}

TEST_CASE("a sparse step refuses what TensorFlow's kernel refuses", "[sparse_optimizers]") {
  const auto adagrad = [](const char* var, const char* accum, const char* lr, const char* grad,
                          const char* indices) {
    return evaluate("SparseAdagradStep", {var, accum, lr, grad, indices});
  };
  // The well-formed call, then each argument made wrong in turn.
  CHECK(values(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32{0.5}", "f32[2]{1, 1}",
                       "i32[2]{2, 0}"))
            .size() == 2);
  // An index outside [0, rows), negative or past the end.
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32{0.5}", "f32[2]{1, 1}",
                      "i32[2]{3, 0}")) == eval::ErrorKind::Shape);
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32{0.5}", "f32[2]{1, 1}",
                      "i64[2]{0, -1}")) == eval::ErrorKind::Shape);
  // Indices of a float dtype, or not of rank 1.
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32{0.5}", "f32[2]{1, 1}",
                      "f32[2]{2, 0}")) == eval::ErrorKind::Type);
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32{0.5}", "f32[1,2]{1, 1}",
                      "i32[1,2]{2, 0}")) == eval::ErrorKind::Shape);
  // Mixed float dtypes, and integers, which TensorFlow registers no kernel for.
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f64[3]{1, 1, 1}", "f32{0.5}", "f32[2]{1, 1}",
                      "i32[2]{2, 0}")) == eval::ErrorKind::Type);
  CHECK(error(adagrad("i32[3]{1, 2, 3}", "i32[3]{1, 1, 1}", "i32{1}", "i32[2]{1, 1}",
                      "i32[2]{2, 0}")) == eval::ErrorKind::Type);
  // A gradient whose rows are not the variable's, or not one per index; a slot of another
  // shape; a scalar variable; a hyperparameter that is not a scalar.
  CHECK(error(adagrad("f32[3,2]{1, 2, 3, 4, 5, 6}", "f32[3,2]{1, 1, 1, 1, 1, 1}", "f32{0.5}",
                      "f32[2,1]{1, 1}", "i32[2]{2, 0}")) == eval::ErrorKind::Shape);
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32{0.5}", "f32[3]{1, 1, 1}",
                      "i32[2]{2, 0}")) == eval::ErrorKind::Shape);
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[2]{1, 1}", "f32{0.5}", "f32[2]{1, 1}",
                      "i32[2]{2, 0}")) == eval::ErrorKind::Shape);
  CHECK(error(adagrad("f32{1}", "f32{1}", "f32{0.5}", "f32{1}", "i32[1]{0}")) ==
        eval::ErrorKind::Shape);
  CHECK(error(adagrad("f32[3]{1, 2, 3}", "f32[3]{1, 1, 1}", "f32[1]{0.5}", "f32[2]{1, 1}",
                      "i32[2]{2, 0}")) == eval::ErrorKind::Shape);
  // Rows of no elements: Adagrad refuses them, Momentum's kernel has no such check.
  CHECK(error(adagrad("f32[2,0]{}", "f32[2,0]{}", "f32{0.5}", "f32[1,0]{}", "i32[1]{0}")) ==
        eval::ErrorKind::Shape);
  CHECK(values(evaluate("SparseMomentumStep", {"f32[2,0]{}", "f32[2,0]{}", "f32{1}", "f32[1,0]{}",
                                               "i32[1]{0}", "f32{0.5}"}))
            .size() == 2);
  // AdagradDA's global step is an i64 scalar.
  CHECK(error(evaluate("SparseAdagradDAStep",
                       {"f32[2]{1, 2}", "f32[2]{0, 0}", "f32[2]{1, 1}", "f32[1]{1}", "i32[1]{0}",
                        "f32{0.1}", "f32{0}", "f32{0}", "i32{3}"})) == eval::ErrorKind::Type);
}

TEST_CASE("a sparse step refuses the hyperparameters TensorFlow's kernel refuses",
          "[sparse_optimizers]") {
  const auto proximal_adagrad = [](const char* lr, const char* l1, const char* l2) {
    return evaluate("SparseProximalAdagradStep",
                    {"f32[2]{1, 2}", "f32[2]{1, 1}", lr, l1, l2, "f32[1]{1}", "i32[1]{0}"});
  };
  CHECK(values(proximal_adagrad("f32{0.1}", "f32{0}", "f32{0}")).size() == 2);
  CHECK(error(proximal_adagrad("f32{0}", "f32{0}", "f32{0}")) == eval::ErrorKind::Arithmetic);
  CHECK(error(proximal_adagrad("f32{0.1}", "f32{-1}", "f32{0}")) == eval::ErrorKind::Arithmetic);
  CHECK(error(proximal_adagrad("f32{0.1}", "f32{0}", "f32{nan}")) == eval::ErrorKind::Arithmetic);
  const auto ftrl = [](const char* lr, const char* l2_shrinkage, const char* lr_power) {
    return evaluate("SparseFtrlV2Step",
                    {"f64[2]{1, 2}", "f64[2]{1, 1}", "f64[2]{0, 0}", "f64[1]{1}", "i64[1]{1}", lr,
                     "f64{0}", "f64{0}", l2_shrinkage, lr_power});
  };
  CHECK(values(ftrl("f64{0.1}", "f64{0}", "f64{-0.5}")).size() == 3);
  CHECK(error(ftrl("f64{-0.1}", "f64{0}", "f64{-0.5}")) == eval::ErrorKind::Arithmetic);
  CHECK(error(ftrl("f64{0.1}", "f64{-1}", "f64{-0.5}")) == eval::ErrorKind::Arithmetic);
  CHECK(error(ftrl("f64{0.1}", "f64{0}", "f64{0.5}")) == eval::ErrorKind::Arithmetic);
}
