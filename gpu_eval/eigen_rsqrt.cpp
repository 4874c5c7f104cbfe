#include "gpu_eval/eigen_rsqrt.h"

#include <cmath>

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace tfmc::eval::eigen {

float rsqrt_approximation(float x) {
#if defined(__x86_64__)
  return _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
#else
  return 1.0f / std::sqrt(x);
#endif
}

float rsqrt_newton_step(float x, float y) {
  const float r2 = x * y;
  const float half_r = y * -0.5f;
  const float h = r2 * y - 1.0f;
  const float refined = half_r * h + y;
  return std::isnan(refined) ? y : refined;
}

float rsqrt_packet(float x) { return rsqrt_newton_step(x, rsqrt_approximation(x)); }

}  // namespace tfmc::eval::eigen
