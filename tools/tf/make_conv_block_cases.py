"""Records how TensorFlow's f32 Conv2D splits its sums over the input channels, as probes.

TensorFlow 2.21's f32 Conv2D of a batch of one with a 1x1 filter runs oneDNN's brgemm 1x1
kernel, which sums the input channels in blocks (gpu_eval/conv_order.h; specs/FORMAT.md,
"Convolutions as TensorFlow rounds them"). A probe shows the blocks: the input is all ones, and
at the filter's centre tap column o < min(O, C-1) (O output channels) holds 2^40 at one channel
k and -2^40 at channel k+1, where k is o, or o (C-1) / O rounded down when O < C-1 (spreading
the pairs over the channels); all other weights are 1. In one partial sum 2^40 absorbs every 1
added before it until the -2^40 cancels it, so each column counts the ones no cancelled 2^40
absorbed: the sequential sum gives C-2-k, a pair inside a block loses the ones of its block
before k, and a pair split by a boundary leaves 2^40 uncancelled in one block, so the values
show where the blocks start and the order their sums are added in. The values are small
integers, exact in f32; every output position of a case must give the same values (the script
checks), and of all block sizes (multiples of 16) exactly one must give TensorFlow's values
(the script checks that too, computing each blocked sum here in C), which is the case's block.

Each case: TensorFlow's intra-op threads, batch, input height and width, channels in and out,
filter size, stride, padding, the block the probe shows, and TensorFlow's values of output
position 0's columns. oneDNN plans its blocks for the intra-op threads; tfmc's order is that of
one, and a few cases with two record how the blocks move (conv_order.h's threads). The cases
are the shapes measured: ResNet50's 1x1 convolution of 256 to 1024 channels on 2x2 (blocks of
176), 1024 channels (six blocks), blocks of 368, 240 and 752; output channel counts that are
not powers of two (24, 48, 96, 120, 200, 320, 480, 1000, 1280), among them the 14 shapes
whose blocks an earlier rule (a weights budget of the whole output width) got wrong; no split
(a batch of two, a 3x3 filter); and strided 1x1 convolutions.

Writes tests/gpu_eval/conv_ic_block_cases.inc (tests/gpu_eval/conv_ic_block_test.cpp). With
--measure it writes nothing and instead compares TensorFlow's Conv2D on random data (batch 1,
1x1 filter) over a grid of shapes and random shapes with the blocked order, its block taken
from tfmc's own rule (gpu_eval/conv_order.cpp, compiled here with the system's c++) and its
sums computed here in C (fused multiply-adds), and prints each shape that differs with its
largest distance in ulps. oneDNN plans the call for TensorFlow's intra-op threads, one unless
--threads says more (the rule is then evaluated for that many: tfmc itself uses one).
Usage: python3 tools/tf/make_conv_block_cases.py [--measure [--threads N]]
"""

import ctypes
import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np
from tfmc_results import ulp_distances

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "tests", "gpu_eval", "conv_ic_block_cases.inc")
BIG = np.float32(2.0 ** 40)

# (batch, height, width, channels in, channels out, filter size, stride, padding)
CASES = [
    (1, 2, 2, 256, 1024, 1, 1, "VALID"),
    (1, 1, 1, 1024, 1024, 1, 1, "VALID"),
    (1, 2, 2, 512, 512, 1, 1, "SAME"),
    (1, 1, 1, 256, 768, 1, 1, "VALID"),
    (1, 2, 2, 1024, 256, 1, 1, "VALID"),
    (1, 2, 2, 256, 640, 1, 1, "VALID"),
    (2, 1, 1, 256, 1024, 1, 1, "VALID"),
    (1, 1, 1, 256, 1024, 3, 1, "SAME"),
    (1, 4, 4, 256, 1024, 1, 2, "VALID"),
    (1, 5, 4, 640, 200, 1, 2, "SAME"),
    (1, 6, 6, 2048, 200, 1, 2, "VALID"),
    # Output channels that are not powers of two; first the 14 shapes whose blocks the rule of
    # a weights budget of the whole output width got wrong.
    (1, 1, 1, 1024, 200, 1, 1, "VALID"),
    (1, 2, 2, 1024, 200, 1, 1, "VALID"),
    (1, 3, 3, 1024, 200, 1, 1, "VALID"),
    (1, 5, 5, 1024, 200, 1, 1, "SAME"),
    (1, 1, 1, 2048, 200, 1, 1, "VALID"),
    (1, 2, 2, 2048, 200, 1, 1, "VALID"),
    (1, 3, 3, 2048, 200, 1, 1, "VALID"),
    (1, 5, 5, 2048, 200, 1, 1, "VALID"),
    (1, 3, 3, 256, 1000, 1, 1, "VALID"),
    (1, 3, 3, 300, 1000, 1, 1, "VALID"),
    (1, 3, 3, 512, 1000, 1, 1, "VALID"),
    (1, 3, 3, 777, 1000, 1, 1, "VALID"),
    (1, 3, 3, 1024, 1000, 1, 1, "VALID"),
    (1, 3, 3, 2048, 1000, 1, 1, "VALID"),
    (1, 1, 1, 921, 480, 1, 1, "VALID"),
    (1, 2, 2, 2048, 96, 1, 1, "VALID"),
    (1, 3, 3, 1536, 48, 1, 1, "VALID"),
    (1, 7, 7, 2048, 24, 1, 1, "VALID"),
    (1, 4, 4, 1536, 120, 1, 1, "VALID"),
    (1, 1, 1, 2048, 320, 1, 1, "VALID"),
    (1, 3, 3, 1280, 320, 1, 1, "VALID"),
    (1, 2, 2, 640, 1280, 1, 1, "VALID"),
    (1, 7, 7, 320, 1280, 1, 1, "VALID"),
]


# Shapes whose blocks TensorFlow plans for its intra-op threads: by thread count, cases as
# above, probed in a process of that many threads (tfmc evaluates for one).
THREADED_CASES = {
    2: [
        (1, 2, 2, 256, 1024, 1, 1, "VALID"),
        (1, 6, 6, 1443, 200, 1, 1, "VALID"),
        (1, 2, 2, 2048, 240, 1, 1, "VALID"),
        (1, 3, 3, 672, 320, 1, 1, "VALID"),
        (1, 1, 1, 524, 1000, 1, 1, "VALID"),
        (1, 7, 7, 1704, 1280, 1, 1, "VALID"),
    ],
}


def probe_filter(size, channels_in, channels_out):
    """The probe's filter: at the centre tap the columns described above, ones elsewhere."""
    f = np.ones((size, size, channels_in, channels_out), np.float32)
    centre = f[size // 2, size // 2]
    for o in range(min(channels_in - 1, channels_out)):
        k = o if channels_out >= channels_in - 1 else o * (channels_in - 1) // channels_out
        centre[k, o] = BIG
        centre[k + 1, o] = -BIG
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

# tfmc's block rule (gpu_eval/conv_order.h) for a batch of one, a 1x1 filter and SAME or
# VALID padding, for --measure.
RULE_SHIM = r"""
#include "gpu_eval/conv_order.h"
extern "C" long tfmc_block(long in, long out, long h, long w, long stride, long threads) {
  tfmc::eval::kernels::Conv2dShape s;
  s.batch = s.kernel_h = s.kernel_w = 1;
  s.in_channels = in;
  s.out_channels = out;
  s.in_h = h;
  s.in_w = w;
  s.out_h = (h - 1) / stride + 1;
  s.out_w = (w - 1) / stride + 1;
  s.stride_h = s.stride_w = stride;
  s.f32 = true;
  s.threads = threads;
  return tfmc::eval::kernels::conv2d_input_channel_block(s);
}
"""

POINTER = ctypes.POINTER(ctypes.c_float)


def compile_blocked(work):
    source, library = os.path.join(work, "blocked.c"), os.path.join(work, "blocked.so")
    with open(source, "w") as out:
        out.write(BLOCKED_SUM)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-ffp-contract=off", "-o", library, source,
                    "-lm"], check=True)
    return ctypes.CDLL(library).blocked


def compile_rule(work):
    source, library = os.path.join(work, "rule.cpp"), os.path.join(work, "rule.so")
    with open(source, "w") as out:
        out.write(RULE_SHIM)
    subprocess.run(["c++", "-std=c++20", "-O2", "-shared", "-fPIC", "-ffp-contract=off",
                    "-I", ROOT, "-o", library, source,
                    os.path.join(ROOT, "gpu_eval", "conv_order.cpp")], check=True)
    rule = ctypes.CDLL(library).tfmc_block
    rule.restype = ctypes.c_long
    rule.argtypes = [ctypes.c_long] * 6
    return rule


def shown_block(blocked, centre, values):
    """The one block size (a multiple of 16, or all channels) whose blocked probe sum gives
    values; exits if none or several do."""
    channels_in, channels_out = centre.shape
    ones = np.ones(channels_in, np.float32)
    out = np.zeros(channels_out, np.float32)
    matching = []
    for b in list(range(16, channels_in, 16)) + [channels_in]:
        blocked(ones.ctypes.data_as(POINTER), centre.ctypes.data_as(POINTER),
                out.ctypes.data_as(POINTER), 1, channels_in, channels_out, b)
        if (out == values).all():
            matching.append(b)
    if len(matching) != 1:
        raise SystemExit("%d to %d channels: blocks %s give TensorFlow's values"
                         % (channels_in, channels_out, matching))
    return matching[0]


def measured_shapes():
    """(channels in, channels out, height, width, stride): the grid of the first measurement,
    then random shapes, most of them with output channels that are not powers of two, up to
    7x7 outputs and then larger ones."""
    shapes = [(cin, cout, side, side, 1) for cin, cout, side in itertools.product(
        [16, 48, 100, 256, 300, 512, 777, 1024, 2048],
        [64, 200, 512, 640, 768, 1000, 1024, 2048, 4096], [1, 2, 3, 5])
        if cin * cout <= 2_200_000]
    rng = np.random.default_rng(28)
    usual = [24, 40, 80, 96, 112, 120, 144, 192, 200, 240, 320, 384, 480, 576, 672, 960, 1000,
             1152, 1280, 1536]
    while len(shapes) < 600:
        cin = int(rng.integers(16, 2049))
        cout = int(rng.choice(usual)) if rng.random() < 0.6 else int(rng.integers(2, 4097))
        if cin * cout > 2_500_000:
            continue
        stride = 1 if rng.random() < 0.85 else 2
        h, w = int(rng.integers(1, 8)), int(rng.integers(1, 8))
        if rng.random() < 0.7:
            w = h
        shapes.append((cin, cout, h * stride, w * stride, stride))
    # Larger outputs, as real models' 1x1 convolutions have: 8x8 to 56x56.
    while len(shapes) < 660:
        cin = int(rng.integers(16, 1025))
        cout = int(rng.choice(usual)) if rng.random() < 0.7 else int(rng.integers(2, 2049))
        side = int(rng.choice([8, 10, 14, 16, 20, 28, 56]))
        if cin * cout * side * side > 200_000_000:
            continue
        stride = 1 if rng.random() < 0.8 else 2
        shapes.append((cin, cout, side * stride, side * stride, stride))
    return shapes


def measure(tf, threads):
    work = tempfile.mkdtemp(prefix="conv_blocks_")
    blocked, rule = compile_blocked(work), compile_rule(work)
    shapes = split = differing = 0
    worst = 0
    for cin, cout, h, w, stride in measured_shapes():
        rng = np.random.default_rng(cin * 7919 + cout * 31 + h * 5 + w + stride)
        x = rng.standard_normal((1, h, w, cin)).astype(np.float32)
        f = rng.standard_normal((1, 1, cin, cout)).astype(np.float32)
        theirs = tf.nn.conv2d(x, f, stride, "VALID").numpy().reshape(-1, cout)
        strided = np.ascontiguousarray(x[:, ::stride, ::stride, :]).reshape(-1, cin)
        ours = np.zeros_like(theirs)
        b = rule(cin, cout, h, w, stride, threads)
        blocked(strided.ctypes.data_as(POINTER), f.ctypes.data_as(POINTER),
                ours.ctypes.data_as(POINTER), strided.shape[0], cin, cout, b)
        shapes += 1
        split += b < cin
        if (ours != theirs).any():
            differing += 1
            distance = int(np.max(ulp_distances(ours, theirs)))
            worst = max(worst, distance)
            print("%d to %d channels on %dx%d, stride %d, blocks of %d: %d elements differ, "
                  "%d ulps" % (cin, cout, h, w, stride, b, int(np.sum(ours != theirs)),
                               distance), flush=True)
    print("%d shapes (%d split), %d intra-op threads: %d differ, the largest distance %d ulps"
          % (shapes, split, threads, differing, worst))


def probe_lines(tf, cases, threads):
    """The .inc lines of cases probed in this process, which runs threads intra-op threads."""
    blocked = compile_blocked(tempfile.mkdtemp(prefix="conv_blocks_"))
    lines = []
    for batch, h, w, cin, cout, size, stride, padding in cases:
        x = np.ones((batch, h, w, cin), np.float32)
        f = probe_filter(size, cin, cout)
        if size > 1 and (h, w) != (1, 1):
            raise SystemExit("a larger filter is probed on a 1x1 input (its centre tap only)")
        y = tf.nn.conv2d(x, f, stride, padding).numpy().reshape(-1, cout)
        if not (y == y[0]).all() or not (y[0] == np.round(y[0])).all():
            raise SystemExit("case %s: positions differ or values are not integers"
                             % ((batch, h, w, cin, cout),))
        block = shown_block(blocked, np.ascontiguousarray(f[size // 2, size // 2]), y[0])
        values = ", ".join(str(int(v)) for v in y[0])
        lines.append("{%d, %d, %d, %d, %d, %d, %d, %d, %s, %d, {%s}}," % (
            threads, batch, h, w, cin, cout, size, stride,
            "true" if padding == "SAME" else "false", block, values))
    return lines


def main():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    tf.config.threading.set_inter_op_parallelism_threads(1)
    args = sys.argv[1:]
    threads = int(args[args.index("--threads") + 1]) if "--threads" in args else 1
    tf.config.threading.set_intra_op_parallelism_threads(threads)
    if "--measure" in args:
        measure(tf, threads)
        return
    if "--threaded-probes" in args:
        print("\n".join(probe_lines(tf, THREADED_CASES[threads], threads)))
        return
    if threads != 1:
        raise SystemExit("the probes are recorded with one intra-op thread, tfmc's")
    lines = ["// Written by tools/tf/make_conv_block_cases.py from TensorFlow %s; do not edit."
             % tf.__version__,
             "// {intra-op threads, batch, height, width, channels in, channels out, filter size,",
             "//  stride, SAME, the block the probe shows,",
             "//  {output position 0's values, by output channel}}"]
    lines += probe_lines(tf, CASES, 1)
    # TensorFlow's intra-op threads are fixed once per process.
    for n in sorted(THREADED_CASES):
        lines += subprocess.run([sys.executable, os.path.abspath(__file__), "--threads", str(n),
                                 "--threaded-probes"], check=True, capture_output=True,
                                text=True).stdout.split("\n")
    lines = [line for line in lines if line]
    with open(OUT, "w") as out:
        out.write("\n".join(lines) + "\n")
    print("wrote %d cases to %s" % (sum(line.startswith("{") for line in lines), OUT))


if __name__ == "__main__":
    main()
