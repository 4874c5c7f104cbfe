"""Writes testdata/graphdef/swish/swish.pbtxt, a TensorFlow graph of f32 swish products
`x * sigmoid(x)` with the values TensorFlow's Session gives them (oneDNN on, TensorFlow's
default on x86 Linux, and its graph optimizer on): where the Sigmoid feeds only the product,
TensorFlow's remapper runs the product as _MklSwish, oneDNN's swish kernel, in either operand
order, and tf.nn.silu's `x * sigmoid(1 * x)` too (constant folding drops the product by 1
first); where the Sigmoid feeds another node too, or where x is computed from Consts only
(constant folding computes the product first), as written, Eigen's Sigmoid then Mul
(FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites"). A fetched Sigmoid does not stop
the rewrite: the remapper removes it all the same, and Session.run then fails (the fetched
tensor is not in the graph), so the graph fetches none. The remapper fuses f32 and bfloat16
only. With swish.args (the fetches) and swish.expected (`NAME = LITERAL` per fetched node:
TensorFlow's values, hex floats), for tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

x is a PlaceholderWithDefault, which TensorFlow does not fold, of random values and the
special ones (NaN, infinities, zeros, denormals, the ends of oneDNN's exp range). The script
checks that each fused product has the bits of oneDNN's algorithm (a C function built here
that computes it step by step, gpu_eval/cpu_onednn_swish.h) and each other product those of
the ops as written and not oneDNN's, so that the graph shows which TensorFlow ran.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_swish_graph.py OUT_DIR
"""
import ctypes
import os
import subprocess
import sys
import tempfile

import numpy as np
import tensorflow as tf

from valued_graph import write_valued_graph

rng = np.random.default_rng(4242)
SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 1e-7, -1e-7, 1.0, -1.0, 17.0,
           -17.0, 20.0, -20.0, -87.3, -87.4, -88.0, -100.0, -104.0, 88.7, 88.8, 100.0, 1e30,
           -1e30, 3.4028235e38, -3.4028235e38]

SWISH_C = r"""
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <xmmintrin.h>
static float f(uint32_t u) { float x; memcpy(&x, &u, 4); return x; }
static float one_exp(float x) {
  int below = x < f(0xc2aeac50u);
  x = x < f(0x42b17218u) ? x : f(0x42b17218u);
  x = x > f(0xc2aeac50u) ? x : f(0xc2aeac50u);
  volatile float t = x * f(0x3fb8aa3bu);
  float n = floorf(t + 0.5f);
  float r = fmaf(-n, f(0x3f317218u), x);
  uint32_t field = (uint32_t)((int32_t)(n - 1.0f) + 127);
  float scale = below ? 0.0f : f(field << 23);
  float p = f(0x3c07cfceu);
  p = fmaf(p, r, f(0x3d2b9d0du));
  p = fmaf(p, r, f(0x3e2aad40u));
  p = fmaf(p, r, f(0x3efffee3u));
  p = fmaf(p, r, f(0x3f7ffffbu));
  p = fmaf(p, r, 1.0f);
  volatile float q = p * scale;
  return q * 2.0f;
}
void swish(const float* x, float* y, long n) {
  unsigned saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040);
  for (long i = 0; i < n; ++i) {
    uint32_t b; memcpy(&b, &x[i], 4);
    float e = one_exp(f(b | 0x80000000u));
    volatile float d = e + 1.0f;
    float s = e / d;
    if (!(b & 0x80000000u)) s = 1.0f - s;
    y[i] = x[i] * s;
  }
  _mm_setcsr(saved);
}
"""


def onednn_swish():
    """oneDNN's swish over a float32 array, through the C function above built here."""
    folder = tempfile.mkdtemp()
    source, library = os.path.join(folder, "s.c"), os.path.join(folder, "s.so")
    with open(source, "w") as out:
        out.write(SWISH_C)
    subprocess.run(["cc", "-O2", "-ffp-contract=off", "-shared", "-fPIC", source, "-o", library,
                    "-lm"], check=True)
    function = ctypes.CDLL(library).swish

    def run(x):
        x = np.ascontiguousarray(x, np.float32)
        y = np.empty_like(x)
        function(x.ctypes.data_as(ctypes.c_void_p), y.ctypes.data_as(ctypes.c_void_p),
                 ctypes.c_long(x.size))
        return y
    return run


def same_bits(a, b):
    a, b = np.asarray(a), np.asarray(b)
    both_nan = np.isnan(a) & np.isnan(b)
    return bool(np.all(both_nan | (a.view(f"u{a.itemsize}") == b.view(f"u{b.itemsize}"))))


def main(out_dir):
    values = np.concatenate([(rng.standard_normal(101) * 6), SPECIAL])
    g = tf.Graph()
    checks = []  # (fetched product, x, whether TensorFlow runs it as _MklSwish)
    with g.as_default():
        def feed(name):
            return tf.raw_ops.PlaceholderWithDefault(input=values.astype(np.float32),
                                                     shape=[values.size], name=name)
        x = feed("x_fused")
        fused = tf.multiply(x, tf.sigmoid(x), name="fused")
        x = feed("x_reversed")
        reversed_order = tf.multiply(tf.sigmoid(x), x, name="reversed")
        x = feed("x_silu")
        silu = tf.identity(tf.nn.silu(x), name="silu")
        x = feed("x_shared")
        shared_sigmoid = tf.sigmoid(x, name="shared_sigmoid")
        shared = tf.multiply(x, shared_sigmoid, name="shared")
        shared_other = tf.add(shared_sigmoid, 1.0, name="shared_other")
        x = tf.constant(values.astype(np.float32), name="x_constant")
        constant = tf.multiply(x, tf.sigmoid(x), name="constant")
        checks = [(fused, True), (reversed_order, True), (silu, True), (shared, False),
                  (constant, False)]
        fetched = [fused, reversed_order, silu, shared, shared_other, constant]
    swish = onednn_swish()
    with tf.compat.v1.Session(graph=g) as s:
        results = dict(zip(fetched, s.run(fetched)))
    for t, is_swish in checks:
        x = values.astype(np.float32)
        as_written = (tf.constant(x) * tf.sigmoid(tf.constant(x))).numpy()
        want, other = (swish(x), as_written) if is_swish else (as_written, swish(x))
        if not same_bits(results[t], want) or same_bits(results[t], other):
            sys.exit(f"{t.op.name}: TensorFlow's value does not show the kernel expected")
    write_valued_graph(g, fetched, out_dir, "swish")


if __name__ == "__main__":
    main(sys.argv[1])
