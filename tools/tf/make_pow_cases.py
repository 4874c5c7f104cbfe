"""Writes tests/gpu_eval/pow_cases.inc: Pow as TensorFlow's CPU kernel computes it
(tf.raw_ops.Pow), operands and results as tfmc literals with hex floats, so that the test
compares bits.

TensorFlow's Eigen computes a float element in a whole packet of 8 f32 or 4 f64 (Eigen's
generic_pow) or in scalar code (glibc's powf and pow), and the two round differently, so the
cases place the special values and random operands in packets and in tails, with equal
shapes, scalar operands and broadcasts. A broadcast over more than one block (11,851 f32 or
5,925 f64 elements with two broadcast operands) has tails at each block's end: the `tiled`
cases record TensorFlow's result at the elements around the block edges (`INDEX:VALUE ...`),
where the flat order would compute them otherwise, drawn so that TensorFlow's broadcast
result there differs from its flat one. i32 and i64 wrap, and a negative exponent
is TensorFlow's InvalidArgumentError (Error(arithmetic) in tfmc).

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_pow_cases.py OUT
"""
import re
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2131)
SIZES = [1, 3, 7, 8, 9, 13, 16, 21, 37, 64, 71]
SPECIAL = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
           1e-40, -1e-40, 1e30, -1e30, 7.5e8, -7.5e8, 0.1, 1.5, 126.0, 128.0, -149.0]


def number(x, dtype):
    if dtype.kind != "f":
        return str(int(x))
    return ("nan" if np.isnan(x) else "inf" if x == np.inf else "-inf" if x == -np.inf
            else re.sub(r"\.?0+p", "p", float(x).hex()))  # without trailing zeros


def literal(a):
    a = np.asarray(a)
    name = {np.float32: "f32", np.float64: "f64", np.int32: "i32", np.int64: "i64"}[a.dtype.type]
    dims = ",".join(str(d) for d in a.shape)
    head = f"{name}[{dims}]" if a.ndim else name
    return head + "{" + ", ".join(number(x, a.dtype) for x in a.reshape(-1)) + "}"


def tf_pow(x, y):
    try:
        return literal(tf.raw_ops.Pow(x=x, y=y).numpy())
    except tf.errors.InvalidArgumentError:
        return "Error(arithmetic)"


def float_cases(t):
    def a(v):
        return np.asarray(v, t)

    for n in SIZES:
        yield a(rng.uniform(0, 10, n)), a(rng.uniform(-20, 20, n))
        yield a(np.exp(rng.uniform(-80, 80, n))), a(rng.uniform(-2, 2, n))
        yield a(rng.uniform(-10, 10, n)), a(np.round(rng.uniform(-30, 30, n)))
        yield a(rng.uniform(0.999, 1.001, n)), a(rng.uniform(-1e5, 1e5, n))
    # Every pair of special values, shifted so that each falls in packets and in tails.
    x, y = np.meshgrid(a(SPECIAL), a(SPECIAL))
    x, y = x.reshape(-1), y.reshape(-1)
    for shift in (0, 3, 6):
        yield x[shift:], y[shift:]
    yield a(rng.uniform(0, 5, 21)), t(2.5)              # tensor ^ scalar
    yield t(0.9), a(rng.uniform(0, 50, 21))             # scalar ^ tensor (Adam's beta^t)
    yield t(0.999), t(1234.0)
    yield a(rng.uniform(0, 5, (1, 21))), a(rng.uniform(-3, 3, (1, 1)))
    yield a(rng.uniform(0, 5, (3, 13))), a(rng.uniform(-3, 3, 13))
    yield a(rng.uniform(0, 5, (3, 1, 5))), a(rng.uniform(-3, 3, (4, 1)))
    yield a(np.zeros((0, 3))), a([1, 2, 3])


def integer_cases():
    for t in (np.int32, np.int64):
        big, small = np.iinfo(t).max, np.iinfo(t).min
        yield (np.array([0, 0, 1, -1, -1, 2, 2, 3, big, small, small, 7, -7, 5], t),
               np.array([0, 5, big, big, big - 1, 31, 63, 40, 2, 1, 2, 0, 3, 1], t))
        yield np.array(rng.integers(-9, 9, (4, 5)), t), np.array(rng.integers(0, 12, 5), t)
        yield np.array([2, 3], t), np.array([1, -1], t)
        yield np.array([[2], [3]], t), np.array(-1, t)
        yield np.zeros((0, 2), t), np.array([1, -1], t)


def tiled_cases():
    """Broadcasts past one block: TensorFlow's values at the elements where its blocks differ
    from the flat order, and the last ones."""
    for t, xs, ys in ((np.float32, (13, 1), (999,)), (np.float32, (1, 40, 1, 297), (3, 1, 30, 1)),
                      (np.float64, (7, 1), (999,))):
        # Operands drawn again until some element at a block edge rounds otherwise in the
        # flat order (the paths agree on most elements).
        differ = []
        while len(differ) == 0:
            x = np.asarray(rng.integers(1, 40, xs) / 8, t)  # short literals
            y = np.asarray(rng.uniform(-9, 9, ys), t)
            tiled = tf.raw_ops.Pow(x=x, y=y).numpy().reshape(-1)
            bx, by = (np.ascontiguousarray(a) for a in np.broadcast_arrays(x, y))
            flat = tf.raw_ops.Pow(x=bx, y=by).numpy().reshape(-1)
            bits = np.int32 if t == np.float32 else np.int64
            differ = np.nonzero(tiled.view(bits) != flat.view(bits))[0]
        picked = sorted(set(differ[:12].tolist()) | set(range(len(tiled) - 9, len(tiled))))
        yield x, y, " ".join(f"{i}:{number(tiled[i], tiled.dtype)}" for i in picked)


def main(out):
    lines = [f"// Written by tools/tf/make_pow_cases.py with TensorFlow {tf.__version__}.",
             "// clang-format off", "#ifdef POW_CASE", "// {x, y, TensorFlow's result}"]
    for cases in (float_cases(np.float32), float_cases(np.float64), integer_cases()):
        lines += [f'POW_CASE("{literal(x)}", "{literal(y)}", "{tf_pow(x, y)}")' for x, y in cases]
    lines += ["#endif", "#ifdef POW_TILED_CASE",
              "// {x, y, TensorFlow's result at some elements, as INDEX:VALUE}"]
    lines += [f'POW_TILED_CASE("{literal(x)}", "{literal(y)}", "{picked}")'
              for x, y, picked in tiled_cases()]
    lines += ["#endif", "// clang-format on"]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
