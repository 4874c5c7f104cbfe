#include "gpu_eval/cpu_random_ops.h"

#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <variant>

#include "gpu_eval/cpu_tf_ops.h"
#include "gpu_eval/philox.h"

namespace tfmc::eval::cpu {
namespace {

// TensorFlow's Algorithm ids (rng_alg.h): Philox, and auto-select, which is Philox on a CPU.
constexpr std::int64_t kAlgPhilox = 1;
constexpr std::int64_t kAlgAutoSelect = 3;

// What the numbers are drawn from: TensorFlow's UniformDistribution over [0, 1) for floats,
// NormalDistribution, TruncatedNormalDistribution (|x| < 2), UniformDistribution over
// [minval, maxval) for integers, and UniformFullIntDistribution (every integer).
enum class RandomDistribution : std::uint8_t { Uniform, Normal, TruncatedNormal, Int, FullInt };

// M_PI as TensorFlow's random_distributions_utils.h spells it, a double.
constexpr double kPi = 3.14159265358979323846;

// A uniform float in [0, 1): 23 random mantissa bits under the exponent of 1, minus 1.
float uint32_to_float(std::uint32_t x) {
  const std::uint32_t bits = (std::uint32_t{127} << 23) | (x & 0x7fffffu);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f - 1.0f;
}

// A uniform double in [0, 1): 20 bits of x0 and 32 of x1 as the mantissa.
double uint64_to_double(std::uint32_t x0, std::uint32_t x1) {
  const std::uint64_t bits =
      (std::uint64_t{1023} << 52) | (std::uint64_t{x0 & 0xfffffu} << 32) | x1;
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d - 1.0;
}

std::uint64_t join(std::uint32_t lo, std::uint32_t hi) { return lo | (std::uint64_t{hi} << 32); }

// TensorFlow's BoxMullerFloat: its float log and sqrt, 2 * M_PI times the uniform in double
// rounded to float, and on Linux glibc's sincosf (sin and cos elsewhere). These libm calls
// are the only results that depend on the machine (FORMAT.md, "Stateless random ops").
std::array<float, 2> box_muller(std::uint32_t x0, std::uint32_t x1) {
  float u1 = uint32_to_float(x0);
  if (u1 < 1.0e-7f) u1 = 1.0e-7f;
  const auto v1 = static_cast<float>(2.0 * kPi * static_cast<double>(uint32_to_float(x1)));
  const float u2 = std::sqrt(-2.0f * std::log(u1));
  float s;
  float c;
#if defined(__linux__)
  ::sincosf(v1, &s, &c);
#else
  s = std::sin(v1);
  c = std::cos(v1);
#endif
  return {s * u2, c * u2};
}

// BoxMullerDouble, the same in double from two words per uniform.
std::array<double, 2> box_muller(std::uint32_t x0, std::uint32_t x1, std::uint32_t x2,
                                 std::uint32_t x3) {
  double u1 = uint64_to_double(x0, x1);
  if (u1 < 1.0e-7) u1 = 1.0e-7;
  const double v1 = 2 * kPi * uint64_to_double(x2, x3);
  const double u2 = std::sqrt(-2.0 * std::log(u1));
  double s;
  double c;
#if defined(__linux__)
  ::sincos(v1, &s, &c);
#else
  s = std::sin(v1);
  c = std::cos(v1);
#endif
  return {s * u2, c * u2};
}

// The numbers of one Philox block: four of a 32-bit type, two of a 64-bit one.
template <class T>
constexpr int kPerBlock = sizeof(T) == 4 ? 4 : 2;

template <class T>
using Group = std::array<T, kPerBlock<T>>;

// One block's numbers under a distribution that takes a fixed number of words per number.
template <class T>
Group<T> fixed_group(RandomDistribution dist, const Philox::Block& w, std::uint64_t lo,
                     std::uint64_t range) {
  Group<T> g{};
  if constexpr (std::is_same_v<T, float>) {
    if (dist == RandomDistribution::Uniform) {
      for (int i = 0; i < 4; ++i) g[i] = uint32_to_float(w[i]);
    } else {
      const auto [a, b] = box_muller(w[0], w[1]);
      const auto [c, d] = box_muller(w[2], w[3]);
      g = {a, b, c, d};
    }
  } else if constexpr (std::is_same_v<T, double>) {
    if (dist == RandomDistribution::Uniform) {
      g = {uint64_to_double(w[0], w[1]), uint64_to_double(w[2], w[3])};
    } else {
      g = box_muller(w[0], w[1], w[2], w[3]);
    }
  } else {
    // Int adds a remainder to minval in the unsigned type, wrapping as TensorFlow's
    // SignedAdd does; FullInt (range 0) keeps the words' bits.
    using U = std::make_unsigned_t<T>;
    for (int i = 0; i < kPerBlock<T>; ++i) {
      const U bits = sizeof(T) == 4 ? U(w[i]) : U(join(w[2 * i], w[2 * i + 1]));
      const U r = static_cast<U>(range);
      g[i] = static_cast<T>(r == 0 ? bits : static_cast<U>(static_cast<U>(lo) + bits % r));
    }
  }
  return g;
}

// TensorFlow's SingleSampleAdapter: a block's words one at a time.
class Words {
 public:
  explicit Words(Philox gen) : gen_(gen) {}
  std::uint32_t operator()() {
    if (used_ == 4) {
      block_ = gen_.next();
      used_ = 0;
    }
    return block_[used_++];
  }

 private:
  Philox gen_;
  Philox::Block block_{};
  int used_ = 4;
};

// A truncated normal group: normal pairs, keeping those of magnitude below 2 until the group
// is full.
template <class T>
Group<T> truncated_group(Words& words) {
  Group<T> g{};
  int filled = 0;
  while (true) {
    std::array<T, 2> pair;
    if constexpr (std::is_same_v<T, float>) {
      const std::uint32_t x0 = words();
      const std::uint32_t x1 = words();
      pair = box_muller(x0, x1);
    } else {
      const std::uint32_t x0 = words();
      const std::uint32_t x1 = words();
      const std::uint32_t x2 = words();
      const std::uint32_t x3 = words();
      pair = box_muller(x0, x1, x2, x3);
    }
    for (T x : pair) {
      if (std::abs(x) < T{2}) {
        g[filled++] = x;
        if (filled == kPerBlock<T>) return g;
      }
    }
  }
}

// TensorFlow's FillPhiloxRandomTask: element i of the result is number i % n of group i / n
// (n numbers a group). A fixed distribution's group k is the generator's block k; a truncated
// normal's reserves 256 words for each of its numbers, so it starts n * 64 blocks after the
// previous group's start, whatever the rejections took.
template <class T>
Tensor fill(RandomDistribution dist, DType dtype, const Shape& shape, Philox gen, std::uint64_t lo,
            std::uint64_t range) {
  constexpr int n = kPerBlock<T>;
  constexpr std::uint64_t kBlocksPerTruncatedGroup = n * 256 / 4;
  Tensor out = make_tensor(dtype, shape);
  const std::int64_t size = out.size();
  for (std::int64_t start = 0, k = 0; start < size; start += n, ++k) {
    Group<T> g;
    if constexpr (std::is_floating_point_v<T>) {
      if (dist == RandomDistribution::TruncatedNormal) {
        Philox at = gen;
        at.skip(static_cast<std::uint64_t>(k) * kBlocksPerTruncatedGroup);
        Words words(at);
        g = truncated_group<T>(words);
      } else {
        g = fixed_group<T>(dist, gen.next(), lo, range);
      }
    } else {
      g = fixed_group<T>(dist, gen.next(), lo, range);
    }
    for (int j = 0; j < n && start + j < size; ++j) store<T>(out, start + j, g[j]);
  }
  return out;
}

bool is_real(RandomDistribution d) {
  return d == RandomDistribution::Uniform || d == RandomDistribution::Normal ||
         d == RandomDistribution::TruncatedNormal;
}

bool is_integer(DType t) { return t == DType::I32 || t == DType::I64; }

// Error(type) unless every argument has its dtype: the shape and seed i32 or i64, the key and
// counter i64, the algorithm i32, the bounds one integer dtype (the result's), and the result
// a dtype the distribution has.
std::optional<ErrorKind> type_error(RandomDistribution dist, DType dtype, const Tensor& shape,
                                    std::span<const Tensor* const> bounds) {
  if (!is_integer(shape.dtype)) return ErrorKind::Type;
  if (dist == RandomDistribution::Int) {
    if (bounds[0]->dtype != bounds[1]->dtype || !is_integer(bounds[0]->dtype)) {
      return ErrorKind::Type;
    }
  } else if (is_real(dist) ? dtype != DType::F32 && dtype != DType::F64 : !is_integer(dtype)) {
    return ErrorKind::Type;
  }
  return std::nullopt;
}

// The result's shape: Error(shape) unless `t` is 1-D with non-negative sizes that make at most
// kMaxRandomElements elements.
std::variant<Shape, ErrorKind> result_shape(const Tensor& t) {
  auto dims = integers(t, 1);
  if (auto* e = std::get_if<ErrorKind>(&dims)) return *e;
  if (t.shape.size() != 1) return ErrorKind::Shape;
  Shape shape = std::get<std::vector<std::int64_t>>(std::move(dims));
  std::int64_t count = 1;
  for (std::int64_t d : shape) {
    if (d < 0) return ErrorKind::Shape;
    if (d == 0) count = 0;
    if (count != 0 && d > kMaxRandomElements / count) return ErrorKind::Shape;
    count *= d;
  }
  return shape;
}

// The bounds of Int: scalars (else Error(shape)), minval below maxval (else Error(arithmetic)).
// Sets lo and the range maxval - minval in the unsigned 64-bit type; FullInt's range is 0.
std::optional<ErrorKind> int_bounds(RandomDistribution dist, std::span<const Tensor* const> bounds,
                                    std::uint64_t& lo, std::uint64_t& range) {
  lo = 0;
  range = 0;
  if (dist != RandomDistribution::Int) return std::nullopt;
  if (!bounds[0]->shape.empty() || !bounds[1]->shape.empty()) return ErrorKind::Shape;
  const std::int64_t min = std::get<std::vector<std::int64_t>>(integers(*bounds[0], 0))[0];
  const std::int64_t max = std::get<std::vector<std::int64_t>>(integers(*bounds[1], 0))[0];
  if (min >= max) return ErrorKind::Arithmetic;
  lo = static_cast<std::uint64_t>(min);
  range = static_cast<std::uint64_t>(max) - lo;
  return std::nullopt;
}

// The numbers of `dist` in `dtype` (Int: the bounds' dtype) of the shape tensor's shape; an
// empty result whatever the bounds.
EvalResult generate(RandomDistribution dist, DType dtype, const Shape& shape, const Philox& gen,
                    std::span<const Tensor* const> bounds) {
  std::uint64_t lo = 0;
  std::uint64_t range = 0;
  // TensorFlow's kernel returns an empty result before it looks at the bounds.
  const bool empty = element_count(shape) == 0;
  if (!empty) {
    if (auto e = int_bounds(dist, bounds, lo, range)) return *e;
  }
  const DType out = dist == RandomDistribution::Int ? bounds[0]->dtype : dtype;
  return visit_numeric(out, [&]<class T>(std::type_identity<T>) {
    return single(fill<T>(dist, out, shape, gen, lo, range));
  });
}

// The two seed words of an i32 or i64 seed of shape [2], an i32 one sign-extended.
std::variant<Philox, ErrorKind> seeded(const Tensor& seed) {
  auto words = integers(seed, 1);
  if (auto* e = std::get_if<ErrorKind>(&words)) return *e;
  if (seed.shape != Shape{2}) return ErrorKind::Shape;
  const auto& w = std::get<std::vector<std::int64_t>>(words);
  return philox_from_seed(static_cast<std::uint64_t>(w[0]), static_cast<std::uint64_t>(w[1]));
}

Tensor i64_vector(std::span<const std::uint64_t> words) {
  Tensor t = make_tensor(DType::I64, {static_cast<std::int64_t>(words.size())});
  for (std::size_t i = 0; i < words.size(); ++i) {
    store<std::int64_t>(t, static_cast<std::int64_t>(i), static_cast<std::int64_t>(words[i]));
  }
  return t;
}

// The V2 forms: shape, key, counter, alg, then the bounds.
EvalResult from_key_counter(RandomDistribution dist, DType dtype,
                            std::span<const Tensor* const> args) {
  const Tensor& key = *args[1];
  const Tensor& counter = *args[2];
  const Tensor& alg = *args[3];
  const auto bounds = args.subspan(4);
  if (auto e = type_error(dist, dtype, *args[0], bounds)) return *e;
  if (key.dtype != DType::I64 || counter.dtype != DType::I64 || alg.dtype != DType::I32) {
    return ErrorKind::Type;
  }
  auto shape = result_shape(*args[0]);
  if (auto* e = std::get_if<ErrorKind>(&shape)) return *e;
  if (key.shape != Shape{1} || counter.shape.size() != 1 || counter.shape[0] < 2 ||
      !alg.shape.empty()) {
    return ErrorKind::Shape;
  }
  const std::int32_t id = view<std::int32_t>(alg)[0];
  // TensorFlow's kernel checks the algorithm only when it has numbers to draw.
  const bool empty = element_count(std::get<Shape>(shape)) == 0;
  if (!empty && id != kAlgPhilox && id != kAlgAutoSelect) return ErrorKind::Arithmetic;
  const auto word = [](const Tensor& t, std::int64_t i) {
    return static_cast<std::uint64_t>(view<std::int64_t>(t)[i]);
  };
  return generate(dist, dtype, std::get<Shape>(shape),
                  Philox::from_words(word(key, 0), word(counter, 0), word(counter, 1)), bounds);
}

// The V1 forms: shape, seed, then the bounds.
EvalResult from_seed(RandomDistribution dist, DType dtype, std::span<const Tensor* const> args) {
  const auto bounds = args.subspan(2);
  if (auto e = type_error(dist, dtype, *args[0], bounds)) return *e;
  if (!is_integer(args[1]->dtype)) return ErrorKind::Type;
  auto shape = result_shape(*args[0]);
  if (auto* e = std::get_if<ErrorKind>(&shape)) return *e;
  auto gen = seeded(*args[1]);
  if (auto* e = std::get_if<ErrorKind>(&gen)) return *e;
  return generate(dist, dtype, std::get<Shape>(shape), std::get<Philox>(gen), bounds);
}

}  // namespace

EvalResult random_key_counter(const Tensor& seed, bool with_alg) {
  auto gen = seeded(seed);
  if (auto* e = std::get_if<ErrorKind>(&gen)) return *e;
  const Philox& p = std::get<Philox>(gen);
  const std::array<std::uint64_t, 1> key = {join(p.key()[0], p.key()[1])};
  const std::array<std::uint64_t, 2> counter = {join(p.counter()[0], p.counter()[1]),
                                                join(p.counter()[2], p.counter()[3])};
  std::vector<Tensor> out = {i64_vector(key), i64_vector(counter)};
  if (with_alg) {
    Tensor alg = make_tensor(DType::I32, {});
    store<std::int32_t>(alg, 0, static_cast<std::int32_t>(kAlgPhilox));
    out.push_back(std::move(alg));
  }
  return out;
}

EvalResult stateless_random(BuiltinOp op, DType dtype, std::span<const Tensor* const> args) {
  using O = BuiltinOp;
  using D = RandomDistribution;
  const D dist =
      op == O::StatelessRandomNormalV2 || op == O::StatelessRandomNormal ? D::Normal
      : op == O::StatelessTruncatedNormalV2 || op == O::StatelessTruncatedNormal
          ? D::TruncatedNormal
      : op == O::StatelessRandomUniformIntV2 || op == O::StatelessRandomUniformInt ? D::Int
      : op == O::StatelessRandomUniformFullIntV2 || op == O::StatelessRandomUniformFullInt
          ? D::FullInt
          : D::Uniform;
  const bool seeded_form = op == O::StatelessRandomUniform || op == O::StatelessRandomNormal ||
                           op == O::StatelessTruncatedNormal ||
                           op == O::StatelessRandomUniformInt ||
                           op == O::StatelessRandomUniformFullInt;
  return seeded_form ? from_seed(dist, dtype, args) : from_key_counter(dist, dtype, args);
}

}  // namespace tfmc::eval::cpu
