#include "gpu_eval/cpu_batch_matmul.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "gpu_eval/cpu_shape_ops.h"
#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/inner_products.h"

namespace tfmc::eval::cpu {
namespace {

// The `index`-th matrix (rows x cols) of a tensor whose trailing two dimensions are a matrix,
// transposed when asked.
Tensor matrix_at(const Tensor& t, std::int64_t index, bool transposed) {
  const std::int64_t rows = t.shape[t.shape.size() - 2];
  const std::int64_t cols = t.shape.back();
  const auto bytes = static_cast<std::int64_t>(dtype_size(t.dtype)) * rows * cols;
  Tensor m = make_tensor(t.dtype, {rows, cols});
  if (bytes > 0) std::memcpy(m.bytes.data(), t.bytes.data() + index * bytes, bytes);
  return transposed ? transpose(m, {1, 0}) : m;
}

}  // namespace

EvalResult batch_matmul(const Tensor& x, const Tensor& y, bool adj_x, bool adj_y) {
  if (x.dtype != y.dtype || x.dtype == DType::Bool) return ErrorKind::Type;
  const std::size_t x_rank = x.shape.size();
  const std::size_t y_rank = y.shape.size();
  if (x_rank < 2 || y_rank < 2) return ErrorKind::Shape;
  const std::int64_t m = x.shape[adj_x ? x_rank - 1 : x_rank - 2];
  const std::int64_t k = x.shape[adj_x ? x_rank - 2 : x_rank - 1];
  const std::int64_t n = y.shape[adj_y ? y_rank - 2 : y_rank - 1];
  if (y.shape[adj_y ? y_rank - 1 : y_rank - 2] != k) return ErrorKind::Shape;
  const Shape x_batch(x.shape.begin(), x.shape.end() - 2);
  const Shape y_batch(y.shape.begin(), y.shape.end() - 2);
  const std::optional<Broadcast> batch = broadcast(x_batch, y_batch);
  if (!batch) return ErrorKind::Shape;
  Shape shape = batch->shape;
  shape.push_back(m);
  shape.push_back(n);
  if (!representable(shape)) return ErrorKind::Shape;
  Tensor out = make_tensor(x.dtype, shape);
  const std::int64_t count = product(batch->shape.begin(), batch->shape.end());
  const auto matrix_bytes = static_cast<std::int64_t>(dtype_size(x.dtype)) * m * n;
  // TensorFlow's f32 batch kernel fuses in index order whatever the shape (measured), so the
  // order is MatMul's general one, never its eight lanes.
  const auto order = kernels::tensorflow_inner_product_order(x.dtype, 2, 2, false, false);
  Shape index(batch->shape.size(), 0);
  std::int64_t x_at = 0;
  std::int64_t y_at = 0;
  for (std::int64_t b = 0; b < count; ++b) {
    EvalResult r = matmul(matrix_at(x, x_at, adj_x), matrix_at(y, y_at, adj_y), order);
    if (const auto* e = std::get_if<ErrorKind>(&r)) return *e;
    const Tensor& product_matrix = std::get<std::vector<Tensor>>(r).front();
    if (matrix_bytes > 0) {
      std::memcpy(out.bytes.data() + b * matrix_bytes, product_matrix.bytes.data(), matrix_bytes);
    }
    for (std::size_t d = index.size(); d-- > 0;) {
      if (++index[d] < batch->shape[d]) {
        x_at += batch->a_strides[d];
        y_at += batch->b_strides[d];
        break;
      }
      x_at -= batch->a_strides[d] * (batch->shape[d] - 1);
      y_at -= batch->b_strides[d] * (batch->shape[d] - 1);
      index[d] = 0;
    }
  }
  return single(std::move(out));
}

}  // namespace tfmc::eval::cpu
