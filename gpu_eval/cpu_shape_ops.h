// The CPU backend's ops that move or reduce elements across a shape (cpu_evaluator.h states
// their error rules): MatMul sums in the orders of inner_products.h; Concat, Split and
// Reshape move bytes. Sum is in cpu_tf_ops.h.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/inner_products.h"

namespace tfmc::eval::cpu {

// a (m x k) times b (k x n), each output element kernels::inner_product's sum in `order`.
EvalResult matmul(const Tensor& a, const Tensor& b, kernels::InnerProductOrder order);
// Concat and Split move whole blocks of bytes: in row-major order the concatenated (split)
// tensor is `outer` runs of one block per input (output) k, of blocks[k] bytes each. The
// shapes are the result's (Concat) or the results' (Split). Both backends copy by the plan.
struct BlockPlan {
  std::vector<Shape> shapes;
  std::int64_t outer = 0;
  std::vector<std::int64_t> blocks;
};
std::variant<BlockPlan, ErrorKind> plan_concat(std::span<const Tensor* const> args,
                                               std::optional<std::int64_t> axis);
std::variant<BlockPlan, ErrorKind> plan_split(const Tensor& a, const OpAttrs& attrs);

EvalResult concat(std::span<const Tensor* const> args, std::optional<std::int64_t> axis);
// attrs.num results of equal size along attrs.axis (default 0).
EvalResult split(const Tensor& a, const OpAttrs& attrs);
// `target` may hold one -1, inferred from the element count.
EvalResult reshape(const Tensor& a, const Shape& target);

}  // namespace tfmc::eval::cpu
