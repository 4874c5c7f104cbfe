"""Writes tests/gpu_eval/contraction_cases.inc: BatchMatMulV2 and Einsum as TensorFlow's CPU
kernels compute them (oneDNN on, the default), inputs and results as tfmc literals with hex
floats, so that the test compares bits: {op, adj_x, adj_y, equation, [inputs], result}.

Inputs have random signs and exponents over 2^-8 .. 2^8 (as tools/tf/make_matmul_cases.py's),
so that almost any reordering of a sum changes its last bits. Inner sizes stay within 384.

With --measure it writes nothing and prints, for f32 BatchMatMulV2 with inner sizes past 384
and for f64, the largest ulp distance between TensorFlow and the fused index-order sum.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_contraction_cases.py OUT | --measure
"""
import sys

import numpy as np
import tensorflow as tf
from tfmc_results import ulp_distances

rng = np.random.default_rng(2026)


def operand(shape, dtype=np.float32):
    signs = rng.choice([-1.0, 1.0], shape)
    return (signs * rng.uniform(1, 2, shape) * np.exp2(rng.integers(-8, 9, shape))).astype(dtype)


def hex_float(x):
    mantissa, exponent = float(x).hex().split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent


def literal(a):
    a = np.asarray(a)
    name = {np.float32: "f32", np.float64: "f64", np.int32: "i32"}[a.dtype.type]
    items = [hex_float(x) if name != "i32" else str(int(x)) for x in a.reshape(-1)]
    dims = ",".join(str(d) for d in a.shape)
    body = "{" + ", ".join(items) + "}"
    return f"{name}{body}" if a.ndim == 0 else f"{name}[{dims}]{body}"


# (x's shape, y's shape, adj_x, adj_y, dtype): broadcast batches, every transpose, matrix times
# vector shapes (which MatMul sums in eight lanes, BatchMatMulV2 does not), an empty sum.
BATCH_MATMULS = [
    ((3, 4, 5), (3, 5, 6), False, False, np.float32),
    ((2, 6, 33), (2, 33, 1), False, False, np.float32),
    ((2, 1, 33), (2, 3, 33), False, True, np.float32),
    ((2, 40, 4), (2, 40, 3), True, False, np.float32),
    ((2, 4, 40), (2, 3, 40), False, True, np.float32),
    ((2, 40, 4), (2, 3, 40), True, True, np.float32),
    ((2, 1, 3, 17), (4, 17, 2), False, False, np.float32),
    ((5, 7), (3, 2, 7, 4), False, False, np.float32),
    ((1, 5, 100), (3, 100, 2), False, False, np.float32),
    ((2, 3, 384), (2, 384, 2), False, False, np.float32),
    ((2, 16, 64), (2, 16, 64), False, True, np.float32),
    ((2, 3, 0), (2, 0, 4), False, False, np.float32),
    ((2, 3, 4), (1, 2, 4), False, True, np.int32),
]

# (equation, shapes): Keras EinsumDense's and MultiHeadAttention's, their gradients', and
# one-operand forms (transposes and reductions).
EINSUMS = [
    ("abc,cde->abde", [(2, 3, 4), (4, 2, 5)]),
    ("aecd,abcd->acbe", [(2, 3, 2, 5), (2, 4, 2, 5)]),
    ("acbe,aecd->abcd", [(2, 2, 4, 3), (2, 3, 2, 5)]),
    ("abcd,cde->abe", [(2, 3, 2, 5), (2, 5, 4)]),
    ("abde,cde->abc", [(2, 3, 2, 5), (4, 2, 5)]),
    ("abde,abc->cde", [(2, 3, 2, 5), (2, 3, 4)]),
    ("abc,abde->cde", [(2, 3, 4), (2, 3, 2, 5)]),
    ("abe,cde->abcd", [(2, 3, 4), (2, 5, 4)]),
    ("abe,abcd->cde", [(2, 3, 4), (2, 3, 2, 5)]),
    ("acbe,abcd->aecd", [(2, 2, 4, 3), (2, 4, 2, 5)]),
    ("abcd,aecd->acbe", [(2, 4, 2, 5), (2, 3, 2, 5)]),
    ("ab,bc->ac", [(3, 40), (40, 2)]),
    ("ij,kj->ik", [(3, 7), (2, 7)]),
    ("ab,b->a", [(6, 33), (33,)]),
    ("abc,c->ab", [(2, 3, 20), (20,)]),
    ("abc,abd->cd", [(30, 2, 3), (30, 2, 4)]),
    ("abc,cd->abd", [(2, 3, 0), (0, 4)]),
    ("ij->ji", [(3, 4)]),
    ("ijk->ik", [(3, 20, 4)]),
    ("abc,cd->ad", [(2, 9, 3), (3, 4)]),
]


def batch_matmul_line(sx, sy, adj_x, adj_y, dtype):
    if dtype == np.int32:
        x = rng.integers(-100, 100, sx).astype(np.int32)
        y = rng.integers(-100, 100, sy).astype(np.int32)
    else:
        x, y = operand(sx, dtype), operand(sy, dtype)
    out = tf.raw_ops.BatchMatMulV2(x=x, y=y, adj_x=adj_x, adj_y=adj_y).numpy()
    return (f'{{"BatchMatMulV2", {str(adj_x).lower()}, {str(adj_y).lower()}, "", '
            f'{{"{literal(x)}", "{literal(y)}"}}, "{literal(out)}"}},')


def einsum_line(equation, shapes):
    inputs = [operand(s) for s in shapes]
    out = tf.raw_ops.Einsum(inputs=inputs, equation=equation).numpy()
    args = ", ".join(f'"{literal(x)}"' for x in inputs)
    return f'{{"Einsum", false, false, "{equation}", {{{args}}}, "{literal(out)}"}},'


def fused_index_order(a, b):
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for t in range(a.shape[1]):
        exact = acc.astype(np.float64) + np.outer(a[:, t].astype(np.float64),
                                                  b[t, :].astype(np.float64))
        acc = exact.astype(np.float32)
    return acc


def sequential(a, b):
    acc = np.zeros((a.shape[0], b.shape[1]), a.dtype)
    for t in range(a.shape[1]):
        acc = acc + np.outer(a[:, t], b[t, :])
    return acc


def measure():
    for m, k, n, dtype in [(4, 512, 4, np.float32), (8, 1000, 8, np.float32),
                           (2, 5000, 2, np.float32), (5, 100, 7, np.float64),
                           (8, 1000, 8, np.float64)]:
        x, y = operand((2, m, k), dtype), operand((2, k, n), dtype)
        out = tf.raw_ops.BatchMatMulV2(x=x, y=y).numpy()
        ours = fused_index_order if dtype == np.float32 else sequential
        distance = max(int(ulp_distances(ours(x[i], y[i]), out[i]).max()) for i in range(2))
        print(f"{np.dtype(dtype).name} 2 x {m}x{k} times {k}x{n}: at most {distance} ulps")


def main(out):
    lines = [f"// Written by tools/tf/make_contraction_cases.py with TensorFlow {tf.__version__}: "
             "{op, adj_x, adj_y, equation, inputs, TensorFlow's result}.",
             "// clang-format off"]
    lines += [batch_matmul_line(*c) for c in BATCH_MATMULS]
    lines += [einsum_line(*c) for c in EINSUMS]
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    measure() if sys.argv[1] == "--measure" else main(sys.argv[1])
