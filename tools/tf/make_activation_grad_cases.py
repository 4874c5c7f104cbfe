"""Writes tests/gpu_eval/activation_grad_cases.inc: RsqrtGrad, SigmoidGrad and TanhGrad as
TensorFlow's CPU kernels compute them (tf.raw_ops, y then dy), inputs and results as tfmc
literals with hex floats, so that the test compares bits. Sizes around TensorFlow's SIMD
packets (8 f32 or 4 f64 elements: SigmoidGrad rounds whole packets differently from the rest),
random values and the special ones (NaN, infinities, -0).

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_activation_grad_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2028)
OPS = {"RsqrtGrad": (0.05, 4.0), "SigmoidGrad": (0.001, 0.999), "TanhGrad": (-0.999, 0.999)}
SIZES = [1, 3, 4, 5, 8, 9, 13, 16, 37]
SPECIAL = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0]


def literal(a, name):
    dims = ",".join(str(d) for d in a.shape)
    return f"{name}[{dims}]{{" + ", ".join(
        "nan" if np.isnan(x) else "inf" if x == np.inf else "-inf" if x == -np.inf
        else float(x).hex() for x in a.reshape(-1)) + "}"


def cases():
    for op, (low, high) in OPS.items():
        kernel = getattr(tf.raw_ops, op)
        for dtype, name in ((np.float32, "f32"), (np.float64, "f64")):
            for n in SIZES:
                y = rng.uniform(low, high, n).astype(dtype)
                dy = rng.normal(0, 2, n).astype(dtype)
                yield op, literal(y, name), literal(dy, name), literal(
                    kernel(y=y, dy=dy).numpy(), name)
            special = np.array(SPECIAL, dtype)
            y = np.repeat(special, len(SPECIAL))
            dy = np.tile(special, len(SPECIAL))
            yield op, literal(y, name), literal(dy, name), literal(kernel(y=y, dy=dy).numpy(), name)


def main(out):
    lines = [f"// Written by tools/tf/make_activation_grad_cases.py with TensorFlow {tf.__version__}: "
             "{op, y, dy, TensorFlow's result}.", "// clang-format off"]
    lines += [f'{{"{op}", "{y}", "{dy}", "{r}"}},' for op, y, dy, r in cases()]
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
