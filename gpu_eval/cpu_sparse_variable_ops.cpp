#include "gpu_eval/cpu_sparse_variable_ops.h"

#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/element_kernels.h"

namespace tfmc::eval::cpu {

namespace {

// The row indices, each checked against the variable's first dimension.
std::variant<std::vector<std::int64_t>, ErrorKind> row_indices(const Tensor& indices,
                                                               const Tensor& var,
                                                               std::size_t max_rank) {
  auto values = integers(indices, max_rank);
  if (auto* e = std::get_if<ErrorKind>(&values)) return *e;
  for (const std::int64_t i : std::get<std::vector<std::int64_t>>(values)) {
    if (i < 0 || i >= var.shape[0]) return ErrorKind::Shape;
  }
  return values;
}

// Whether `rows` has the shape `lead` + var.shape[1:].
bool rows_fit(const Shape& rows, const Shape& lead, const Tensor& var) {
  Shape want = lead;
  want.insert(want.end(), var.shape.begin() + 1, var.shape.end());
  return rows == want;
}

// The variable's new element for op.
template <class T>
T combine(ScatterOp op, T var, T update) {
  switch (op) {
    case ScatterOp::Add:
      return kernels::add(var, update);
    case ScatterOp::Sub:
      return kernels::sub(var, update);
    case ScatterOp::Mul:
      return kernels::mul(var, update);
    case ScatterOp::Div:
      return var / update;  // never by zero: scatter() refuses a zero update first
    case ScatterOp::Min:    // Eigen's cwiseMin: std::min(var, update)
      return update < var ? update : var;
    case ScatterOp::Max:  // Eigen's cwiseMax: std::max(var, update)
      return var < update ? update : var;
    case ScatterOp::Update:
      return update;
  }
  return update;
}

// var with each slice offsets[i] (of `slice` elements) combined with slice i of updates, or
// with a scalar updates, in order; for Div, a zero update is refused first.
EvalResult apply_slices(ScatterOp op, const Tensor& var, const std::vector<std::int64_t>& offsets,
                        std::int64_t slice, const Tensor& updates) {
  Tensor out = var;
  const bool scalar = updates.shape.empty();
  return visit_dtype(var.dtype, [&]<class T>(std::type_identity<T>) -> EvalResult {
    const ElementView<T> now = view<T>(out);
    const ElementView<T> in = view<T>(updates);
    if (op == ScatterOp::Div) {
      for (std::int64_t k = 0; k < updates.size(); ++k) {
        if (in[k] == T{0}) return ErrorKind::Arithmetic;
      }
    }
    for (std::size_t i = 0; i < offsets.size(); ++i) {
      for (std::int64_t k = 0; k < slice; ++k) {
        const std::int64_t to = offsets[i] + k;
        const T update = scalar ? in[0] : in[static_cast<std::int64_t>(i) * slice + k];
        if constexpr (std::is_same_v<T, bool>) {
          store<T>(out, to, update);
        } else {
          store<T>(out, to, combine(op, now[to], update));
        }
      }
    }
    return single(std::move(out));
  });
}

// Whether var and updates can be combined by op at all.
bool dtypes_fit(ScatterOp op, const Tensor& var, const Tensor& updates, const Tensor& indices) {
  return updates.dtype == var.dtype && (var.dtype != DType::Bool || op == ScatterOp::Update) &&
         (indices.dtype == DType::I32 || indices.dtype == DType::I64);
}

}  // namespace

EvalResult scatter(ScatterOp op, const Tensor& var, const Tensor& indices, const Tensor& updates) {
  if (!dtypes_fit(op, var, updates, indices)) return ErrorKind::Type;
  if (var.shape.empty()) return ErrorKind::Shape;
  if (indices.size() == 0) return single(var);  // TensorFlow checks nothing more then
  auto index_values = row_indices(indices, var, indices.shape.size());
  if (auto* e = std::get_if<ErrorKind>(&index_values)) return *e;
  if (!updates.shape.empty() && !rows_fit(updates.shape, indices.shape, var)) {
    return ErrorKind::Shape;
  }
  const std::int64_t row = product(var.shape.begin() + 1, var.shape.end());
  std::vector<std::int64_t> offsets = std::get<std::vector<std::int64_t>>(index_values);
  for (std::int64_t& o : offsets) o *= row;
  return apply_slices(op, var, offsets, row, updates);
}

EvalResult scatter_nd(ScatterOp op, const Tensor& var, const Tensor& indices,
                      const Tensor& updates) {
  if (!dtypes_fit(op, var, updates, indices)) return ErrorKind::Type;
  if (var.shape.empty() || indices.shape.empty()) return ErrorKind::Shape;
  const std::int64_t depth = indices.shape.back();
  if (depth < 1 || depth > static_cast<std::int64_t>(var.shape.size())) return ErrorKind::Shape;
  const auto inner = var.shape.begin() + depth;
  Shape want(indices.shape.begin(), indices.shape.end() - 1);
  want.insert(want.end(), inner, var.shape.end());
  if (indices.size() == 0) return single(var);  // TensorFlow checks nothing more then
  if (updates.shape != want) return ErrorKind::Shape;
  auto index_values = integers(indices, indices.shape.size());
  if (auto* e = std::get_if<ErrorKind>(&index_values)) return *e;
  const auto& tuples = std::get<std::vector<std::int64_t>>(index_values);
  const std::int64_t slice = product(inner, var.shape.end());
  std::vector<std::int64_t> offsets;
  for (std::size_t t = 0; t < tuples.size(); t += static_cast<std::size_t>(depth)) {
    std::int64_t offset = 0;
    for (std::int64_t d = 0; d < depth; ++d) {
      const std::int64_t i = tuples[t + static_cast<std::size_t>(d)];
      if (i < 0 || i >= var.shape[static_cast<std::size_t>(d)]) return ErrorKind::Shape;
      offset = offset * var.shape[static_cast<std::size_t>(d)] + i;
    }
    offsets.push_back(offset * slice);
  }
  return apply_slices(op, var, offsets, slice, updates);
}

}  // namespace tfmc::eval::cpu
