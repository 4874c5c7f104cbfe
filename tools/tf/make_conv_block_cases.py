"""Records how TensorFlow's f32 Conv2D splits its sums over the input channels, as probes.

TensorFlow 2.21's f32 Conv2D of a batch of one with a 1x1 filter runs oneDNN's brgemm 1x1
kernel, which sums the input channels in blocks (gpu_eval/conv_order.h; specs/FORMAT.md,
"Convolutions as TensorFlow rounds them"). A probe shows the blocks: the input is all ones, and
filter column o < C-1 holds 2^40 at channel o, -2^40 at channel o+1 and 1 elsewhere; the
others hold only ones. In one partial sum 2^40 absorbs every 1 added after it until -2^40
cancels it, so each column's value counts the ones that no cancelled 2^40 absorbed: the
sequential sum gives C-2-o, a block boundary between o and o+1 gives other counts, and
several blocks show the order their sums are added in. The values are small integers, exact
in f32; every output position of a case must give the same column values (the script checks).

Each case: batch, input height and width, channels in and out, filter size, stride, padding,
and TensorFlow's values of output position 0's columns. The cases are the shapes measured:
blocks of 176 channels (ResNet50's 1x1 convolution of 256 to 1024 channels on 2x2), six blocks
of 1024 channels, blocks of 368 and 240, no split (640 outputs, a batch of two, a 3x3 filter),
and a strided 1x1 convolution.

Writes tests/gpu_eval/conv_ic_block_cases.inc (tests/gpu_eval/conv_ic_block_test.cpp). With
--measure it writes nothing and instead compares TensorFlow's Conv2D on random data (batch 1,
1x1 filter) over a grid of shapes with the blocked order of FORMAT.md, computed here in C
(compiled with the system's cc; fused multiply-adds), and prints each shape that differs with
its largest distance in ulps.
Usage: python3 tools/tf/make_conv_block_cases.py [--measure]
"""

import ctypes
import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "tests", "gpu_eval", "conv_ic_block_cases.inc")
BIG = np.float32(2.0 ** 40)

# (batch, height, width, channels in, channels out, filter size, stride, padding)
CASES = [
    (1, 2, 2, 256, 1024, 1, 1, "VALID"),
    (1, 1, 1, 1024, 1024, 1, 1, "VALID"),
    (1, 2, 2, 512, 512, 1, 1, "SAME"),
    (1, 1, 1, 256, 768, 1, 1, "VALID"),
    (1, 2, 2, 256, 640, 1, 1, "VALID"),
    (2, 1, 1, 256, 1024, 1, 1, "VALID"),
    (1, 1, 1, 256, 1024, 3, 1, "SAME"),
    (1, 4, 4, 256, 1024, 1, 2, "VALID"),
]


def probe_filter(size, channels_in, channels_out):
    """The probe's filter: at the centre tap the columns described above, ones elsewhere."""
    f = np.ones((size, size, channels_in, channels_out), np.float32)
    centre = f[size // 2, size // 2]
    for o in range(min(channels_in - 1, channels_out)):
        centre[o, o] = BIG
        centre[o + 1, o] = -BIG
    return f


# The blocked order of a 1x1 convolution: out[p, o] = ((b0 + b1) + ...), block j summing
# x[p, k] * f[k, o] for its channels k from +0, each step one fused multiply-add.
BLOCKED_SUM = r"""
#include <math.h>
void blocked(const float* x, const float* f, float* out, int P, int K, int O, int B) {
  for (int p = 0; p < P; p++)
    for (int o = 0; o < O; o++) {
      float total = 0;
      for (int k0 = 0; k0 < K; k0 += B) {
        float acc = 0;
        for (int k = k0; k < K && k < k0 + B; k++) acc = fmaf(x[p * K + k], f[k * O + o], acc);
        total = k0 == 0 ? acc : total + acc;
      }
      out[p * O + o] = total;
    }
}
"""


def block_size(channels_in, channels_out, positions):
    """FORMAT.md's block B for a batch of one and a 1x1 filter (gpu_eval/conv_order.h)."""
    simd_blocks = -(-channels_in // 16)
    most = (786432 - 1024) // (16 * (4 * channels_out + 4 * min(positions, 28)))
    most = max(1, min(80, simd_blocks, most))
    g = next(b for b in range(most, 0, -1) if 2 * simd_blocks >= -(-simd_blocks // b) * b)
    return min(16 * g, channels_in)


def ulps(a, b):
    def ordered(v):
        i = v.view(np.int32).astype(np.int64)
        return np.where(i < 0, -(2 ** 31) - i, i)
    return int(np.max(np.abs(ordered(a) - ordered(b))))


def measure(tf):
    work = tempfile.mkdtemp(prefix="conv_blocks_")
    source, library = os.path.join(work, "blocked.c"), os.path.join(work, "blocked.so")
    with open(source, "w") as out:
        out.write(BLOCKED_SUM)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-ffp-contract=off", "-o", library, source,
                    "-lm"], check=True)
    blocked = ctypes.CDLL(library).blocked
    pointer = ctypes.POINTER(ctypes.c_float)
    shapes = split = 0
    worst = 0
    for cin, cout, side in itertools.product(
            [16, 48, 100, 256, 300, 512, 777, 1024, 2048],
            [64, 200, 512, 640, 768, 1000, 1024, 2048, 4096], [1, 2, 3, 5]):
        if cin * cout > 2_200_000:
            continue
        rng = np.random.default_rng(cin + cout + side)
        x = rng.standard_normal((1, side, side, cin)).astype(np.float32)
        f = rng.standard_normal((1, 1, cin, cout)).astype(np.float32)
        theirs = tf.nn.conv2d(x, f, 1, "VALID").numpy().reshape(-1, cout)
        ours = np.zeros_like(theirs)
        b = block_size(cin, cout, side * side)
        blocked(x.ctypes.data_as(pointer), f.ctypes.data_as(pointer),
                ours.ctypes.data_as(pointer), side * side, cin, cout, b)
        shapes += 1
        split += b < cin
        if (ours != theirs).any():
            distance = ulps(ours, theirs)
            worst = max(worst, distance)
            print("%d to %d channels on %dx%d, blocks of %d: %d elements differ, %d ulps" % (
                cin, cout, side, side, b, int(np.sum(ours != theirs)), distance), flush=True)
    print("%d shapes (%d split): the largest distance %d ulps" % (shapes, split, worst))


def main():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.config.threading.set_intra_op_parallelism_threads(1)
    if "--measure" in sys.argv[1:]:
        measure(tf)
        return
    lines = ["// Written by tools/tf/make_conv_block_cases.py from TensorFlow %s; do not edit."
             % tf.__version__,
             "// {batch, height, width, channels in, channels out, filter size, stride, SAME,",
             "//  {output position 0's values, by output channel}}"]
    for batch, h, w, cin, cout, size, stride, padding in CASES:
        x = np.ones((batch, h, w, cin), np.float32)
        f = probe_filter(size, cin, cout)
        if size > 1 and (h, w) != (1, 1):
            raise SystemExit("a larger filter is probed on a 1x1 input (its centre tap only)")
        y = tf.nn.conv2d(x, f, stride, padding).numpy().reshape(-1, cout)
        if not (y == y[0]).all() or not (y[0] == np.round(y[0])).all():
            raise SystemExit("case %s: positions differ or values are not integers"
                             % ((batch, h, w, cin, cout),))
        values = ", ".join(str(int(v)) for v in y[0])
        lines.append("{%d, %d, %d, %d, %d, %d, %d, %s, {%s}}," % (
            batch, h, w, cin, cout, size, stride, "true" if padding == "SAME" else "false",
            values))
    with open(OUT, "w") as out:
        out.write("\n".join(lines) + "\n")
    print("wrote %d cases to %s" % (len(CASES), OUT))


if __name__ == "__main__":
    main()
