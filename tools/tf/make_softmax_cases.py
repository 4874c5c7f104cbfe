"""Writes tests/gpu_eval/softmax_cases.inc: Softmax, LogSoftmax, SoftmaxCrossEntropyWithLogits
and SparseSoftmaxCrossEntropyWithLogits as TensorFlow's Eigen CPU kernels compute them
(tf.raw_ops), arguments and results as tfmc literals with hex floats, so that the test compares
bits. The shapes give rows of 1 to 70 classes, every tail length of an 8-float packet both in a
row and in the flat tensor, and vectors of rows with and without whole packets; some rows hold
NaN, infinities, -0, subnormals and logits far apart.

TensorFlow's x86 build hands f32 Softmax to oneDNN unless TF_ENABLE_ONEDNN_OPTS=0; this script
sets it to 0 so that Softmax is recorded from TensorFlow's Eigen kernel, the one tfmc follows
(FORMAT.md, "The softmax family as TensorFlow rounds it", says how far oneDNN's lies from it).

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_softmax_cases.py OUT
"""
import os
import sys

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

rng = np.random.default_rng(3131)
SHAPES = [(1,), (13,), (1, 1), (1, 7), (1, 8), (1, 9), (2, 5), (3, 8), (4, 10), (5, 17),
          (2, 64), (3, 33), (9, 3), (17, 2), (8, 8), (2, 3, 7), (6, 70), (40, 4), (11, 16)]
SPECIAL_ROWS = [[np.nan, 1, 2], [np.inf, 1, 2], [-np.inf, 1, 2], [-np.inf, -np.inf, -np.inf],
                [np.inf, np.inf, 0], [-0.0, 0.0, -0.0], [1e-40, -1e-40, 0], [100, -100, 0],
                [3e38, -3e38, 1], [-0.0, -0.0, -0.0], [88, 0, -88]]


def number(x):
    if np.isnan(x):
        return "nan"
    if np.isinf(x):
        return "inf" if x > 0 else "-inf"
    return float(x).hex() if isinstance(x, np.floating) else str(int(x))


def literal(a):
    dtype = {np.dtype(np.float32): "f32", np.dtype(np.int32): "i32",
             np.dtype(np.int64): "i64"}[a.dtype]
    dims = ",".join(str(d) for d in a.shape)
    return f"{dtype}[{dims}]{{" + ", ".join(number(x) for x in a.reshape(-1)) + "}"


def logits(shapes):
    for shape in shapes:
        yield rng.normal(0, 3, shape).astype(np.float32)
        yield rng.uniform(-60, 60, shape).astype(np.float32)
    special = np.array(SPECIAL_ROWS, np.float32)
    yield special
    yield special[::-1].copy()
    yield special.reshape(-1)[:-1].reshape(4, 8)


def cases():
    for x in logits(SHAPES):
        # Eigen takes the reciprocals of whole 8-float packets of row sums approximately (the
        # processor's rcpps and a Newton step), which tfmc does not follow: Softmax is
        # recorded on fewer than 8 rows only.
        if x.size // max(x.shape[-1], 1) < 8:
            yield "Softmax", [x], [tf.raw_ops.Softmax(logits=x)]
        yield "LogSoftmax", [x], [tf.raw_ops.LogSoftmax(logits=x)]
        if x.ndim != 2:
            continue
        rows, classes = x.shape
        dense = rng.dirichlet(np.ones(classes), rows).astype(np.float32)
        yield ("SoftmaxCrossEntropyWithLogits", [x, dense],
               tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=x, labels=dense))
        odd = rng.uniform(-2, 2, (1, classes)).astype(np.float32)  # broadcast over the rows
        yield ("SoftmaxCrossEntropyWithLogits", [x, odd],
               tf.raw_ops.SoftmaxCrossEntropyWithLogits(features=x, labels=odd))
        for dtype in (np.int32, np.int64):
            labels = rng.integers(0, classes, rows).astype(dtype)
            yield ("SparseSoftmaxCrossEntropyWithLogits", [x, labels],
                   tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(features=x, labels=labels))


def main(out):
    lines = [f"// Written by tools/tf/make_softmax_cases.py with TensorFlow {tf.__version__}: "
             "{op, arguments, TensorFlow's results}.", "// clang-format off"]
    for op, args, results in cases():
        quoted = lambda items: "{" + ", ".join(f'"{literal(np.asarray(a))}"' for a in items) + "}"
        lines.append(f'{{"{op}", {quoted(args)}, {quoted([r.numpy() for r in results])}}},')
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
