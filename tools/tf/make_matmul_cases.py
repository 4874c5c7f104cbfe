"""Writes tests/gpu_eval/matmul_order_cases.inc: f32 MatMuls as TensorFlow's CPU kernel
computes them (tf.linalg.matmul, oneDNN on, the default), in every shape and transpose class
whose order gpu_eval/inner_products.h documents, inputs and results as tfmc literals with hex
floats, so that the test compares bits.

Inputs have random signs and exponents over 2^-8 .. 2^8, so that almost every reordering of a
sum changes its last bits. Inner dimensions stay within 1 .. 384, where TensorFlow does not
block its sums (FORMAT.md, "MatMul as TensorFlow rounds it"), except one of 500 for transpose_b
with few rows, whose sums are never blocked.

With --measure it writes nothing and prints, for the classes tfmc does not yet match
(inner dimensions past 384, f64), how many outputs differ
from the fused index-order sum and by how many ulps at most.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_matmul_cases.py OUT | --measure
"""
import sys

import numpy as np
import tensorflow as tf
from tfmc_results import ulp_distances

rng = np.random.default_rng(2026)

INNER = [1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 20, 23, 24, 31, 32, 33, 40, 47, 63, 64, 100,
         129, 255, 384]
LONG = 64  # past this inner size, one shape of each class only


def operand(shape):
    signs = rng.choice([-1.0, 1.0], shape)
    return (signs * rng.uniform(1, 2, shape) * np.exp2(rng.integers(-8, 9, shape))).astype(
        np.float32)


def hex_float(x):
    """x's exact value as a hex float without trailing zero digits: 0x1.8p+0."""
    mantissa, exponent = float(x).hex().split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent


def literal(a):
    dims = ",".join(str(d) for d in a.shape)
    return f"f32[{dims}]{{" + ", ".join(hex_float(x) for x in a.reshape(-1)) + "}"


def product(a, b, transpose_a, transpose_b):
    """TensorFlow's product of a (m x k) and b (k x n), passed transposed where asked."""
    lhs = np.ascontiguousarray(a.T) if transpose_a else a
    rhs = np.ascontiguousarray(b.T) if transpose_b else b
    return tf.linalg.matmul(lhs, rhs, transpose_a=transpose_a, transpose_b=transpose_b).numpy()


def shapes():
    """(m, k, n, transpose_a, transpose_b) for every documented class, each inner size once."""
    for k in INNER:
        if k > LONG:
            yield 2, k, 2, False, False
            yield 2, k, 1, False, False
            yield 1, k, 2, False, True
            yield 3, k, 2, False, True
            yield 2, k, 2, True, False
            continue
        yield 3, k, 5, False, False      # a general product: fused, index order
        yield 1, k, 4, False, False      # a row vector times a matrix: fused
        yield 1, k, 64, False, False     # ... a wide one (a Dense layer on one example): fused
        yield 1, k, 1, False, False      # a dot product: fused
        yield 6, k, 1, False, False      # a matrix times a vector: eight lanes
        yield 4, k, 3, True, False       # transpose_a: fused
        yield 5, k, 1, True, False
        yield 2, k, 3, True, True
        yield 1, k, 3, False, True       # a row vector times a transposed matrix: eight lanes
        yield 16, k, 2, False, True      # transpose_b with 16 rows: fused
        yield 8, k, 5, False, True       # transpose_b with 2 to 15 rows: packet pairs
        yield 15, k, 1, False, True
    yield 5, 500, 3, False, True         # packet pairs are never blocked


def case_line(m, k, n, transpose_a, transpose_b):
    a = operand((m, k))
    b = operand((k, n))
    out = product(a, b, transpose_a, transpose_b)
    stored_a = a.T if transpose_a else a
    stored_b = b.T if transpose_b else b
    return (f'{{{str(transpose_a).lower()}, {str(transpose_b).lower()}, '
            f'"{literal(np.ascontiguousarray(stored_a))}", '
            f'"{literal(np.ascontiguousarray(stored_b))}", "{literal(out)}"}},')


def fused_index_order(a, b):
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for t in range(a.shape[1]):
        exact = acc.astype(np.float64) + np.outer(a[:, t].astype(np.float64),
                                                  b[t, :].astype(np.float64))
        acc = exact.astype(np.float32)
    return acc


def measure():
    for m, k, n, ta, tb in [(4, 512, 4, False, False), (8, 1000, 8, False, False),
                            (2, 5000, 2, False, False)]:
        a = operand((m, k))
        b = operand((k, n))
        distance = ulp_distances(fused_index_order(a, b), product(a, b, ta, tb))
        print(f"{m}x{k} times {k}x{n} transpose_a={ta} transpose_b={tb}: "
              f"{int(np.count_nonzero(distance))} of {m * n} outputs differ, "
              f"at most {int(distance.max())} ulps")


def main(out):
    lines = [f"// Written by tools/tf/make_matmul_cases.py with TensorFlow {tf.__version__}: "
             "{transpose_a, transpose_b, a, b, TensorFlow's MatMul}.",
             "// clang-format off"]
    lines += [case_line(*s) for s in shapes()]
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    measure() if sys.argv[1] == "--measure" else main(sys.argv[1])
