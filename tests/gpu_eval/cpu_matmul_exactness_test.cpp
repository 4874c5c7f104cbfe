// The CPU backend's blocked MatMul against the element-by-element definition: for random
// matrices of every numeric dtype, with sizes around the blocks (1, 3, 4, 5, 511 to 513 rows
// and columns) and with -0, infinities, NaN, subnormals and integer wrap-around among the
// values, every output element must have exactly the bits of kernels::inner_product in
// TensorFlow's order for that product (inner_products.h): the blocking may only reorder which
// output elements are computed when, never the terms of one sum.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/flush_denormals.h"
#include "gpu_eval/inner_products.h"
#include "gpu_eval/random_tensors.h"

namespace {

using namespace tfmc::eval;

using tfmc::test::Values;

// Returns how many outputs were numbers (neither NaN nor infinite), so that the caller can
// make sure the long sums were compared as numbers.
template <class T>
std::int64_t check_exact(DType dtype, std::int64_t m, std::int64_t k, std::int64_t n,
                         std::mt19937_64& rng, Values values) {
  const Tensor a = tfmc::test::random_tensor(dtype, {m, k}, rng, values);
  const Tensor b = tfmc::test::random_tensor(dtype, {k, n}, rng, values);
  CpuEvaluator evaluator;
  const Tensor* args[] = {&a, &b};
  const EvalResult r = evaluator.evaluate(BuiltinOp::MatMul, {}, args);
  REQUIRE(std::holds_alternative<std::vector<Tensor>>(r));
  const Tensor& out = std::get<std::vector<Tensor>>(r).at(0);
  REQUIRE(out.shape == std::vector<std::int64_t>{m, n});
  std::int64_t differing = 0;
  std::int64_t numbers = 0;
  // The definition in the evaluator's modes: subnormals flushed, as TensorFlow's kernels do.
  const ScopedFlushDenormals as_evaluator;
  for (std::int64_t i = 0; i < m; ++i) {
    for (std::int64_t j = 0; j < n; ++j) {
      const T want = kernels::inner_product<T>(
          kernels::tensorflow_inner_product_order(dtype, m, n, false, false), cpu::view<T>(a),
          i * k, 1, cpu::view<T>(b), j, n, k);
      const T got = cpu::view<T>(out)[i * n + j];
      // NaN is one value (its sign and payload are canonicalized by the value store), and
      // which operand's payload a NaN result carries is the hardware's choice.
      bool both_nan = false;
      if constexpr (std::is_floating_point_v<T>) {
        both_nan = want != want && got != got;
        numbers += std::isfinite(want) ? 1 : 0;
      } else {
        ++numbers;
      }
      differing += !both_nan && std::memcmp(&want, &got, sizeof(T)) != 0 ? 1 : 0;
    }
  }
  CHECK(differing == 0);
  return numbers;
}

}  // namespace

TEST_CASE("the blocked MatMul gives the bits of the element-by-element inner products",
          "[cpu_evaluator][matmul]") {
  std::mt19937_64 rng(20261124);
  const std::vector<std::int64_t> sizes = {1, 3, 4, 5, 511, 513};
  for (const std::int64_t m : {std::int64_t{1}, std::int64_t{5}, std::int64_t{9}}) {
    for (const std::int64_t n : sizes) {
      for (const std::int64_t k : {std::int64_t{1}, std::int64_t{2}, std::int64_t{37}}) {
        DYNAMIC_SECTION(m << "x" << k << " times " << k << "x" << n) {
          for (const Values values : {Values::Special, Values::Finite}) {
            const std::int64_t f32 = check_exact<float>(DType::F32, m, k, n, rng, values);
            const std::int64_t f64 = check_exact<double>(DType::F64, m, k, n, rng, values);
            check_exact<std::int32_t>(DType::I32, m, k, n, rng, values);
            check_exact<std::int64_t>(DType::I64, m, k, n, rng, values);
            // Finite operands keep every sum a number, however long.
            if (values == Values::Finite) CHECK(f32 + f64 == 2 * m * n);
          }
        }
      }
    }
  }
  // A product larger than one block of rows and of columns, with sums of 129 numbers.
  CHECK(check_exact<float>(DType::F32, 67, 129, 515, rng, Values::Finite) == 67 * 515);
}
