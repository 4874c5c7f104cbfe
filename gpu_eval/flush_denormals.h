// TensorFlow's CPU kernels run with the processor's flush-to-zero and denormals-are-zero modes
// on (TensorFlow sets them around its kernels): a subnormal operand reads as a zero of its
// sign and a subnormal result is written as a zero of its sign, in f32 and f64 alike
// (TensorFlow 2.21: f32 1e-38 / 10 is 0, f64 1e-310 * 1 is 0, 1e-45 + 0 is 0). The CPU
// evaluator computes in the same modes (FORMAT.md, "Arithmetic on concrete tensors"):
// ScopedFlushDenormals turns them on for the calling thread and restores the previous modes
// when it goes. Values themselves keep their subnormals: a literal or a fed value is stored
// as written, and only arithmetic flushes.
//
// On x86-64 the modes are the FTZ and DAZ bits of MXCSR, which every SSE and AVX float
// instruction (and so all of tfmc's float arithmetic) obeys. Elsewhere the guard does nothing,
// and subnormals are computed as IEEE-754 says.
#pragma once

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace tfmc::eval {

class ScopedFlushDenormals {
 public:
#if defined(__x86_64__)
  ScopedFlushDenormals() : saved_(_mm_getcsr()) {
    _mm_setcsr(saved_ | kFlushToZero | kDenormalsAreZero);
  }
  ~ScopedFlushDenormals() { _mm_setcsr(saved_); }
#else
  ScopedFlushDenormals() = default;
#endif
  ScopedFlushDenormals(const ScopedFlushDenormals&) = delete;
  ScopedFlushDenormals& operator=(const ScopedFlushDenormals&) = delete;

 private:
#if defined(__x86_64__)
  static constexpr unsigned kFlushToZero = 0x8000;
  static constexpr unsigned kDenormalsAreZero = 0x0040;
  unsigned saved_;
#endif
};

}  // namespace tfmc::eval
