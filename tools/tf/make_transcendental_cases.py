"""Writes tests/gpu_eval/transcendental_cases.inc: Exp, Log, Sigmoid and Tanh as TensorFlow's
CPU kernels compute them (tf.raw_ops), inputs and results as tfmc literals with hex floats,
so that the test compares bits. TensorFlow's Eigen computes whole 8-float packets and the
elements after the last multiple of 8 by different code, so the sizes leave tails of every
length and the special values (NaN, infinities, -0, subnormals, the approximations' clamping
points) are placed both in packets and in tails.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_transcendental_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2121)
SIZES = [1, 3, 7, 8, 9, 13, 16, 21, 37, 64, 71]
SPECIAL = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 1e-40, -1e-40, 1.17549435e-38,
           3.4028235e38, -3.4028235e38, 88.72, 88.73, 89.0, 87.0, 87.5, -87.5, -103.9, -104.0,
           -104.1, -110.0, 16.6355324, 16.64, 8.0177, 8.02, -8.02, 20.0, -20.0, 0.5, 2.0, 1e-7]


def literal(a):
    dims = ",".join(str(d) for d in a.shape)
    return f"f32[{dims}]{{" + ", ".join(
        "nan" if np.isnan(x) else "inf" if x == np.inf else "-inf" if x == -np.inf
        else float(x).hex() for x in a.reshape(-1)) + "}"


def inputs(op):
    """Random tensors over the op's interesting range, then the special values, shifted so
    that each one falls once in a packet and once in a tail."""
    for n in SIZES:
        if op == "Log":
            yield (np.exp(rng.uniform(-87, 88, n)) * rng.choice([1, 1, 1, -1], n)).astype(np.float32)
        elif op == "Exp":
            yield rng.uniform(-110, 90, n).astype(np.float32)
        yield rng.normal(0, 4, n).astype(np.float32)
        yield rng.uniform(-30, 30, n).astype(np.float32)
    special = np.array(SPECIAL, np.float32)
    for shift in range(0, 8):
        yield np.roll(special, shift)[: len(special) - shift % 5]
    yield special.reshape(4, 8)


def cases():
    for op in ("Exp", "Log", "Sigmoid", "Tanh"):
        kernel = getattr(tf.raw_ops, op)
        for x in inputs(op):
            yield op, literal(x), literal(kernel(x=x).numpy())


def main(out):
    lines = [f"// Written by tools/tf/make_transcendental_cases.py with TensorFlow {tf.__version__}: "
             "{op, x, TensorFlow's result}.", "// clang-format off"]
    lines += [f'{{"{op}", "{x}", "{r}"}},' for op, x, r in cases()]
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
