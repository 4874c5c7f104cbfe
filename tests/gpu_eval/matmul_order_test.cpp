// MatMul against TensorFlow: every case of matmul_order_cases.inc, written by
// tools/tf/make_matmul_cases.py from tf.linalg.matmul of TensorFlow 2.21 on the CPU, gives
// TensorFlow's bits, in each shape and transpose class of gpu_eval/inner_products.h; and the
// element-by-element definition (kernels::inner_product) agrees with the CPU backend's
// blocked loop on the same cases.
#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/inner_products.h"
#include "semantics/values/tensor_text.h"
#include "support/literals.h"

namespace {

using namespace tfmc;

struct MatMulCase {
  bool transpose_a;
  bool transpose_b;
  const char* a;
  const char* b;
  const char* result;  // TensorFlow's
};

const std::vector<MatMulCase>& cases() {
  static const std::vector<MatMulCase> kCases = {
#include "matmul_order_cases.inc"
  };
  return kCases;
}

using test::literal;

}  // namespace

TEST_CASE("MatMul gives TensorFlow's bits in every documented order", "[matmul]") {
  using eval::kernels::InnerProductOrder;
  std::set<InnerProductOrder> orders;
  for (const MatMulCase& c : cases()) {
    const eval::Tensor a = literal(c.a);
    const eval::Tensor b = literal(c.b);
    eval::OpAttrs attrs;
    attrs.transpose_a = c.transpose_a;
    attrs.transpose_b = c.transpose_b;
    const std::int64_t m = a.shape[c.transpose_a ? 1 : 0];
    const std::int64_t k = a.shape[c.transpose_a ? 0 : 1];
    const std::int64_t n = b.shape[c.transpose_b ? 0 : 1];
    const InnerProductOrder order =
        eval::kernels::tensorflow_inner_product_order(a.dtype, m, n, c.transpose_a, c.transpose_b);
    orders.insert(order);
    INFO(m << "x" << k << " times " << k << "x" << n << ", transpose_a=" << c.transpose_a
           << ", transpose_b=" << c.transpose_b << ", order " << static_cast<int>(order));
    const eval::Tensor* args[] = {&a, &b};
    eval::CpuEvaluator cpu;
    const eval::EvalResult r = cpu.evaluate(eval::BuiltinOp::MatMul, attrs, args);
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    const eval::Tensor& got = std::get<std::vector<eval::Tensor>>(r).at(0);
    const eval::Tensor want = literal(c.result);
    CHECK(got == want);
    // The definition, element by element, reading the operands in place as the CUDA kernel
    // does.
    std::int64_t differing = 0;
    for (std::int64_t i = 0; i < m; ++i) {
      for (std::int64_t j = 0; j < n; ++j) {
        const float x = eval::kernels::inner_product<float>(
            order, eval::cpu::view<float>(a), c.transpose_a ? i : i * k, c.transpose_a ? m : 1,
            eval::cpu::view<float>(b), c.transpose_b ? j * k : j, c.transpose_b ? 1 : n, k);
        differing += x == eval::cpu::view<float>(want)[i * n + j] ? 0 : 1;
      }
    }
    CHECK(differing == 0);
  }
  // Each order was met, so each is checked against TensorFlow.
  CHECK(orders == std::set<InnerProductOrder>{InnerProductOrder::Fused,
                                              InnerProductOrder::EightLanes,
                                              InnerProductOrder::PacketPairs});
  CHECK(cases().size() == 285);
}

TEST_CASE("MatMul's orders, by shape, dtype and transposes", "[matmul]") {
  using eval::DType;
  using eval::kernels::InnerProductOrder;
  using eval::kernels::tensorflow_inner_product_order;
  CHECK(tensorflow_inner_product_order(DType::F32, 3, 5, false, false) == InnerProductOrder::Fused);
  CHECK(tensorflow_inner_product_order(DType::F32, 1, 1, false, false) == InnerProductOrder::Fused);
  CHECK(tensorflow_inner_product_order(DType::F32, 6, 1, false, false) ==
        InnerProductOrder::EightLanes);
  CHECK(tensorflow_inner_product_order(DType::F32, 6, 1, true, false) == InnerProductOrder::Fused);
  CHECK(tensorflow_inner_product_order(DType::F32, 1, 3, false, true) ==
        InnerProductOrder::EightLanes);
  CHECK(tensorflow_inner_product_order(DType::F32, 1, 3, true, true) == InnerProductOrder::Fused);
  CHECK(tensorflow_inner_product_order(DType::F32, 2, 3, false, true) ==
        InnerProductOrder::PacketPairs);
  CHECK(tensorflow_inner_product_order(DType::F32, 15, 1, false, true) ==
        InnerProductOrder::PacketPairs);
  CHECK(tensorflow_inner_product_order(DType::F32, 16, 3, false, true) == InnerProductOrder::Fused);
  CHECK(tensorflow_inner_product_order(DType::F32, 8, 3, true, true) == InnerProductOrder::Fused);
  CHECK(tensorflow_inner_product_order(DType::F64, 6, 1, false, false) ==
        InnerProductOrder::Sequential);
  CHECK(tensorflow_inner_product_order(DType::I32, 3, 5, false, false) ==
        InnerProductOrder::Sequential);
}
