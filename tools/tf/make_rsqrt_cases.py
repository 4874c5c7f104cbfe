"""Writes tests/gpu_eval/rsqrt_cases.inc: f32 Rsqrt as TensorFlow's CPU kernel computes it
(tf.raw_ops.Rsqrt), with the approximations of 1 / sqrt that this processor's rsqrtss gives,
all as tfmc literals with hex floats, so that the test compares bits.

TensorFlow's Eigen computes the elements of whole 8-float packets from the processor's
approximate reciprocal square root (vrsqrtps) and one Newton step, and the rest as
1 / std::sqrt. The approximation differs between processor makers, so the cases carry the one
this processor gives (read by a small C function compiled here, under flush-to-zero and
denormals-are-zero as TensorFlow's kernels run): the test checks the Newton step from it on
any processor, and tfmc's Rsqrt on a processor that approximates alike. Sizes leave tails of
every length; the special values fall once in a packet and once in a tail.

With --measure N it prints, for N random packet elements over the whole f32 range, how many
the Newton step from this processor's approximation gives TensorFlow's bits for, and how many
1 / sqrt would.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_rsqrt_cases.py OUT | --measure N
"""
import ctypes
import os
import subprocess
import sys
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2026)
SIZES = [1, 3, 7, 8, 9, 13, 16, 21, 37, 64, 71]
SPECIAL = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 1e-40, -1e-40, 1.17549435e-38,
           3.4028235e38, 1.001, 0.001, 4.0, 0.25, 2.0, 0.5, 3.0, 1e-30, 1e30, 1.0000001,
           0.99999994, 16777216.0, 5.877472e-39]

APPROXIMATION_C = r"""
#include <xmmintrin.h>
void approximate(const float* x, float* y, long n) {
  unsigned saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040);
  for (long i = 0; i < n; ++i) y[i] = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x[i])));
  _mm_setcsr(saved);
}
"""


def approximation_function():
    """This processor's rsqrtss over a float32 array, through a C function built here."""
    folder = tempfile.mkdtemp()
    source, library = os.path.join(folder, "a.c"), os.path.join(folder, "a.so")
    with open(source, "w") as f:
        f.write(APPROXIMATION_C)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", source, "-o", library], check=True)
    approximate = ctypes.CDLL(library).approximate

    def run(x):
        x = np.ascontiguousarray(x, np.float32)
        y = np.empty_like(x)
        approximate(x.ctypes.data_as(ctypes.c_void_p), y.ctypes.data_as(ctypes.c_void_p),
                    ctypes.c_long(x.size))
        return y
    return run


def newton_step(x, y):
    """Eigen's generic_rsqrt_newton_step, each operation rounded to f32 (no FMA)."""
    with np.errstate(all="ignore"):
        r2 = x * y
        half_r = y * np.float32(-0.5)
        h = r2 * y - np.float32(1)
        refined = half_r * h + y
    return np.where(np.isnan(refined), y, refined)


def literal(a):
    dims = ",".join(str(d) for d in a.shape)
    return f"f32[{dims}]{{" + ", ".join(
        "nan" if np.isnan(x) else "inf" if x == np.inf else "-inf" if x == -np.inf
        else float(x).hex() for x in a.reshape(-1)) + "}"


def inputs():
    """Random tensors (over the whole positive range, near 1, and of variances plus Keras's
    epsilon), then the special values, shifted so that each falls in a packet and a tail."""
    for n in SIZES:
        yield np.exp(rng.uniform(-87, 88, n)).astype(np.float32)
        yield rng.uniform(0.5, 2, n).astype(np.float32)
        yield (rng.uniform(0, 3, n) + 0.001).astype(np.float32)
    special = np.array(SPECIAL, np.float32)
    for shift in range(0, 8):
        yield np.roll(special, shift)[: len(special) - shift % 5]
    yield special.reshape(3, 8)


def main(out):
    approximate = approximation_function()
    lines = [f"// Written by tools/tf/make_rsqrt_cases.py with TensorFlow {tf.__version__}: "
             "{x, TensorFlow's Rsqrt, this processor's rsqrtss of x}.", "// clang-format off"]
    for x in inputs():
        lines.append(f'{{"{literal(x)}", "{literal(tf.raw_ops.Rsqrt(x=x).numpy())}", '
                     f'"{literal(approximate(x))}"}},')
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


def measure(n):
    approximate = approximation_function()
    x = np.frombuffer(rng.integers(0x00800000, 0x7f800000, n, dtype=np.uint32).tobytes(),
                      np.float32)
    x = x[: len(x) // 8 * 8]
    theirs = tf.raw_ops.Rsqrt(x=x).numpy().view(np.uint32)
    newton = newton_step(x, approximate(x)).view(np.uint32)
    scalar = (np.float32(1) / np.sqrt(x)).view(np.uint32)
    print("%d packet elements: Newton step from rsqrtss gives TensorFlow's bits for %d, "
          "1 / sqrt for %d" % (len(x), np.sum(newton == theirs), np.sum(scalar == theirs)))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--measure":
        measure(int(sys.argv[2]))
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit(__doc__)
