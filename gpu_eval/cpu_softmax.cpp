#include "gpu_eval/cpu_softmax.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "gpu_eval/cpu_transcendental_ops.h"
#include "gpu_eval/element_kernels.h"
#include "gpu_eval/reduction_order.h"

namespace tfmc::eval::cpu {

namespace {

using Order = order::EigenOrder<float, float (*)(float, float)>;

// Eigen's MaxReducer: a term replaces the maximum only when greater, so NaN never does.
float max_step(float acc, float t) { return t > acc ? t : acc; }

const Order& max_order() {
  static const Order order(&max_step, -std::numeric_limits<float>::infinity(), false);
  return order;
}

const Order& sum_order() {
  static const Order order(&kernels::add<float>, 0.0f, true);
  return order;
}

std::size_t at(std::int64_t i) { return static_cast<std::size_t>(i); }

// The steps every kernel shares, on logits laid out as a [rows, classes] matrix: the shifted
// logits s and the rows' sums t of Exp(s), each Exp taken inside the sum.
struct Shifted {
  std::int64_t rows = 0;
  std::int64_t classes = 0;
  std::vector<float> s;
  std::vector<float> t;

  float exp_flat(std::int64_t i) const {
    return exp_element(s[at(i)], in_whole_packet(i, rows * classes));
  }
  float log_t(std::int64_t r) const { return log_element(t[at(r)], in_whole_packet(r, rows)); }
};

Shifted shift(const std::vector<float>& x, std::int64_t rows, std::int64_t classes) {
  Shifted sh{rows, classes, std::vector<float>(x.size()), {}};
  for (std::int64_t r = 0; r < rows; ++r) {
    const float m = max_order().run(x.data(), r * classes, classes);
    for (std::int64_t i = r * classes; i < (r + 1) * classes; ++i) sh.s[at(i)] = x[at(i)] - m;
  }
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::int64_t first = r * classes;
    sh.t.push_back(sum_order().run_terms(first, classes, [&](std::int64_t i, bool in_packet) {
      return exp_element(sh.s[at(i)], in_packet);
    }));
  }
  return sh;
}

std::vector<float> floats(const Tensor& t) {
  const auto xs = view<float>(t);
  std::vector<float> out(at(t.size()));
  for (std::int64_t i = 0; i < t.size(); ++i) out[at(i)] = xs[i];
  return out;
}

Tensor f32_tensor(const Shape& shape, const std::vector<float>& values) {
  Tensor out = make_tensor(DType::F32, shape);
  for (std::size_t i = 0; i < values.size(); ++i)
    store<float>(out, static_cast<std::int64_t>(i), values[i]);
  return out;
}

// The error of the contract for a Softmax or LogSoftmax argument of `most_rank` at most.
std::optional<ErrorKind> refused_logits(const Tensor& logits, std::size_t most_rank) {
  if (logits.dtype != DType::F32) return ErrorKind::Type;
  if (logits.shape.empty() || logits.shape.size() > most_rank) return ErrorKind::Shape;
  return std::nullopt;
}

Shifted shift_rows(const Tensor& logits) {
  const std::int64_t classes = logits.shape.back();
  return shift(floats(logits), classes == 0 ? 0 : logits.size() / classes, classes);
}

}  // namespace

EvalResult softmax(const Tensor& logits) {
  // TensorFlow's x86 build hands f32 Softmax to oneDNN, which refuses ranks above 5.
  if (const auto error = refused_logits(logits, 5)) return *error;
  const Shifted sh = shift_rows(logits);
  // Softmax stores Exp(s) over the flat tensor, then sums those stored values. Eigen takes the
  // reciprocals of whole 8-float packets of rows with the processor's approximate rcpps and a
  // Newton step; tfmc divides exactly (FORMAT.md, "The softmax family as TensorFlow rounds it").
  std::vector<float> e(sh.s.size());
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(e.size()); ++i) e[at(i)] = sh.exp_flat(i);
  std::vector<float> out(e.size());
  for (std::int64_t r = 0; r < sh.rows; ++r) {
    const float inverse = 1.0f / sum_order().run(e.data(), r * sh.classes, sh.classes);
    for (std::int64_t i = r * sh.classes; i < (r + 1) * sh.classes; ++i)
      out[at(i)] = e[at(i)] * inverse;
  }
  return single(f32_tensor(logits.shape, out));
}

EvalResult log_softmax(const Tensor& logits) {
  if (const auto error = refused_logits(logits, logits.shape.size())) return *error;
  const Shifted sh = shift_rows(logits);
  std::vector<float> out(sh.s.size());
  for (std::int64_t r = 0; r < sh.rows; ++r) {
    const float log_t = sh.log_t(r);
    for (std::int64_t i = r * sh.classes; i < (r + 1) * sh.classes; ++i)
      out[at(i)] = sh.s[at(i)] - log_t;
  }
  return single(f32_tensor(logits.shape, out));
}

EvalResult softmax_cross_entropy(const Tensor& logits, const Tensor& labels) {
  if (logits.dtype != DType::F32 || labels.dtype != DType::F32) return ErrorKind::Type;
  const auto bc = broadcast(logits.shape, labels.shape);
  if (!bc || bc->shape.size() != 2) return ErrorKind::Shape;
  const std::int64_t rows = bc->shape[0];
  const std::int64_t classes = bc->shape[1];
  const auto xs = view<float>(logits);
  const auto ls = view<float>(labels);
  std::vector<float> x;
  std::vector<float> y;
  for (std::int64_t r = 0; r < rows; ++r) {
    for (std::int64_t c = 0; c < classes; ++c) {
      x.push_back(xs[r * bc->a_strides[0] + c * bc->a_strides[1]]);
      y.push_back(ls[r * bc->b_strides[0] + c * bc->b_strides[1]]);
    }
  }
  const Shifted sh = shift(x, rows, classes);
  std::vector<float> terms(x.size());
  std::vector<float> loss;
  std::vector<float> backprop(x.size());
  for (std::int64_t r = 0; r < rows; ++r) {
    const float log_t = sh.log_t(r);
    for (std::int64_t i = r * classes; i < (r + 1) * classes; ++i) {
      terms[at(i)] = y[at(i)] * (log_t - sh.s[at(i)]);
      backprop[at(i)] = sh.exp_flat(i) / sh.t[at(r)] - y[at(i)];
    }
    loss.push_back(sum_order().run(terms.data(), r * classes, classes));
  }
  return std::vector<Tensor>{f32_tensor({rows}, loss), f32_tensor(bc->shape, backprop)};
}

EvalResult sparse_softmax_cross_entropy(const Tensor& logits, const Tensor& labels) {
  if (logits.dtype != DType::F32) return ErrorKind::Type;
  if (labels.dtype != DType::I32 && labels.dtype != DType::I64) return ErrorKind::Type;
  if (logits.shape.size() != 2 || labels.shape.size() != 1 || labels.shape[0] != logits.shape[0])
    return ErrorKind::Shape;
  const std::int64_t rows = logits.shape[0];
  const std::int64_t classes = logits.shape[1];
  if (classes == 0) return ErrorKind::Shape;
  std::vector<std::int64_t> label;
  for (std::int64_t r = 0; r < rows; ++r) {
    label.push_back(labels.dtype == DType::I32 ? view<std::int32_t>(labels)[r]
                                               : view<std::int64_t>(labels)[r]);
    if (label.back() < 0 || label.back() >= classes) return ErrorKind::Shape;
  }
  const Shifted sh = shift(floats(logits), rows, classes);
  std::vector<float> loss;
  std::vector<float> backprop(sh.s.size());
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::int64_t hit = r * classes + label[at(r)];
    // TensorFlow sums a row of zeros and the one term at the label.
    loss.push_back(sum_order().run_terms(r * classes, classes, [&](std::int64_t i, bool) {
      return i == hit ? std::log(sh.t[at(r)]) - sh.s[at(i)] : 0.0f;
    }));
    for (std::int64_t i = r * classes; i < (r + 1) * classes; ++i)
      backprop[at(i)] = sh.exp_flat(i) / sh.t[at(r)] - (i == hit ? 1.0f : 0.0f);
  }
  return std::vector<Tensor>{f32_tensor({rows}, loss), f32_tensor(logits.shape, backprop)};
}

}  // namespace tfmc::eval::cpu
