"""Writes tests/gpu_eval/pool_cases.inc: MaxPool, MaxPoolV2, MaxPoolGrad, MaxPoolGradV2,
AvgPool and AvgPoolGrad as TensorFlow's CPU kernels compute them with their defaults (oneDNN
on), arguments and results as tfmc literals with hex floats. Each case runs eagerly and in a
TF1 Session, which must agree; an argument set that TensorFlow refuses (InvalidArgument,
Unimplemented) is recorded as Error(shape), as tfmc's contract maps it. Argument sets on which
TensorFlow's kernels crash or read outside their buffers are not run here (the test checks
tfmc's Error(shape) for them by hand).

With --measure N it instead compares N random cases per op and dtype with the model below,
the order tfmc's kernels (gpu_eval/cpu_pooling.cpp) follow, and prints the mismatches:
- MaxPool: each output starts at the dtype's lowest finite value and takes an element of its
  window, in row-major order, only when that element is greater: NaN never wins, and of equal
  elements the first stays.
- MaxPoolGrad: each gradient goes to its window's first element unless a later one is greater
  (a NaN first element keeps it); the gradients reaching one element are added from +0 in
  the outputs' row-major order.
- AvgPool: the window's elements (padding excluded) added from +0 in row-major order, then
  divided by their count.
- AvgPoolGrad, f32 (oneDNN): each input element adds dy / count of each window holding it from
  +0, windows by rows ascending and, within a row, by blocks of 12 columns ascending, the
  columns of a block descending (exact up to 32 channels; with more, oneDNN's blocks shrink).
- AvgPoolGrad, f64 (Eigen): each window adds dy * (1 / count), the reciprocal rounded to f64,
  to its elements from +0, windows in row-major order; a window that starts in the padding and
  is larger than the input spans min(input, ksize) elements from 0 (TensorFlow's
  GetBroadcastSize), not the forward pass's window.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_pool_cases.py OUT
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_shape_op_cases import literal  # noqa: E402

v1 = tf.compat.v1
rng = np.random.default_rng(2026)
NAN, INF = np.nan, np.inf


# The model -----------------------------------------------------------------------------------

# The output columns oneDNN's f32 AvgPoolGrad takes at once, with up to 32 channels (it takes
# fewer with more channels: 6 with 33 to 48, 4 with 49 to 64, as measured).
ONEDNN_COLUMNS = 12


def windows(size, k, s, padding):
    """Each output's [begin, end) along one dimension, and the padding before the input."""
    if padding == "VALID":
        out, pad = (size - k + s) // s, 0
    else:
        out = -(-size // s)
        pad = max((out - 1) * s + k - size, 0) // 2
    return [(max(o * s - pad, 0), min(o * s - pad + k, size)) for o in range(out)], pad


def eigen_broadcast(size, k, s, padding):
    """The windows of TensorFlow's Eigen AvgPoolGrad (GetBroadcastSize)."""
    spans, pad = windows(size, k, s, padding)
    out = []
    for o in range(len(spans)):
        begin, span = o * s, k
        if begin < pad:
            span, begin = k + begin - pad, 0
        else:
            begin -= pad
        if begin + k > size:
            span = min(size - begin, k)
        out.append((begin, begin + span))
    return out


def model(op, args, k, s, padding):
    if op in ("MaxPool", "AvgPool"):
        x = args[0]
        n, h, w, c = x.shape
        hs, _ = windows(h, k[0], s[0], padding)
        ws, _ = windows(w, k[1], s[1], padding)
        y = np.zeros((n, len(hs), len(ws), c), x.dtype)
        t = x.dtype.type
        for b in range(n):
            for i, (h0, h1) in enumerate(hs):
                for j, (w0, w1) in enumerate(ws):
                    for d in range(c):
                        acc = t(np.finfo(t).min if t in (np.float32, np.float64)
                                else np.iinfo(t).min) if op == "MaxPool" else t(0)
                        for p in range(h0, h1):
                            for q in range(w0, w1):
                                e = x[b, p, q, d]
                                if op == "MaxPool":
                                    acc = e if acc < e else acc
                                else:
                                    acc = t(acc + e)
                        count = (h1 - h0) * (w1 - w0)
                        y[b, i, j, d] = acc if op == "MaxPool" else t(acc / t(count))
        return y
    if op == "MaxPoolGrad":
        x, _, dy = args
        n, h, w, c = x.shape
        hs, _ = windows(h, k[0], s[0], padding)
        ws, _ = windows(w, k[1], s[1], padding)
        dx = np.zeros_like(x)
        for b in range(n):
            for i, (h0, h1) in enumerate(hs):
                for j, (w0, w1) in enumerate(ws):
                    for d in range(c):
                        arg = None
                        for p in range(h0, h1):
                            for q in range(w0, w1):
                                if arg is None or x[b, arg[0], arg[1], d] < x[b, p, q, d]:
                                    arg = (p, q)
                        dx[b, arg[0], arg[1], d] = dx[b, arg[0], arg[1], d] + dy[b, i, j, d]
        return dx
    if op == "AvgPoolGrad":
        shape, dy = args
        n, h, w, c = (int(v) for v in shape)
        t = dy.dtype.type
        dx = np.zeros((n, h, w, c), dy.dtype)
        if t == np.float32:
            hs, _ = windows(h, k[0], s[0], padding)
            ws, _ = windows(w, k[1], s[1], padding)
            # Columns in blocks of ONEDNN_COLUMNS, the blocks in order, each last to first.
            columns = [j for first in range(0, len(ws), ONEDNN_COLUMNS)
                       for j in reversed(range(first, min(first + ONEDNN_COLUMNS, len(ws))))]
            order = [(i, j) for i in range(len(hs)) for j in columns]
        else:
            hs = eigen_broadcast(h, k[0], s[0], padding)
            ws = eigen_broadcast(w, k[1], s[1], padding)
            order = [(i, j) for i in range(len(hs)) for j in range(len(ws))]
        for b in range(n):
            for i, j in order:
                (h0, h1), (w0, w1) = hs[i], ws[j]
                count = (h1 - h0) * (w1 - w0)
                for p in range(h0, h1):
                    for q in range(w0, w1):
                        for d in range(c):
                            g = dy[b, i, j, d]
                            term = g / t(count) if t == np.float32 else g * t(1.0 / count)
                            dx[b, p, q, d] = dx[b, p, q, d] + term
        return dx
    raise ValueError(op)


# TensorFlow ----------------------------------------------------------------------------------

# TensorFlow's input names, in tfmc's argument order.
INPUTS = {
    "MaxPool": ["input"], "MaxPoolV2": ["input", "ksize", "strides"],
    "MaxPoolGrad": ["orig_input", "orig_output", "grad"],
    "MaxPoolGradV2": ["orig_input", "orig_output", "grad", "ksize", "strides"],
    "AvgPool": ["value"], "AvgPoolGrad": ["orig_input_shape", "grad"],
}


def call(op, tensors, attrs):
    return getattr(tf.raw_ops, op)(**dict(zip(INPUTS[op], tensors)), **attrs)


def run_tf(op, args, attrs):
    """TensorFlow's result, eagerly and in a Session (which must agree), or Error(shape)."""
    try:
        eager = call(op, [tf.constant(a) for a in args], attrs).numpy()
    except (tf.errors.InvalidArgumentError, tf.errors.UnimplementedError):
        eager = None
    graph = tf.Graph()
    with graph.as_default():
        # Shapes left unknown, so that the kernel, not shape inference, judges them.
        holders = [v1.placeholder(tf.as_dtype(a.dtype), None) for a in args]
        out = call(op, holders, attrs)
        with v1.Session(graph=graph) as sess:
            try:
                session = sess.run(out, dict(zip(holders, args)))
            except (tf.errors.InvalidArgumentError, tf.errors.UnimplementedError):
                session = None
    if (eager is None) != (session is None) or (
            eager is not None and eager.tobytes() != session.tobytes()):
        raise SystemExit(f"{op} {attrs}: eager and Session results differ")
    return None if eager is None else eager


def tfmc_attrs(attrs):
    out = []
    for key in ("ksize", "strides"):
        if key in attrs:
            out.append(f"{key}=[{','.join(map(str, attrs[key]))}]")
    out.append(f"padding={attrs['padding']}")
    return ";".join(out)


CASES = []


def case(op, args, k, s, padding):
    """One case: 2-D window k and strides s, as attributes or (the V2 ops) i32 arguments."""
    args = [np.asarray(a) for a in args]
    ksize, strides = [1, k[0], k[1], 1], [1, s[0], s[1], 1]
    attrs = {"padding": padding}
    if op.endswith("V2"):
        args += [np.asarray(ksize, np.int32), np.asarray(strides, np.int32)]
    else:
        attrs.update(ksize=ksize, strides=strides)
    result = run_tf(op, args, attrs)
    CASES.append((op, tfmc_attrs(attrs), [literal(a) for a in args],
                  "Error(shape)" if result is None else literal(result)))
    return result


def image(values, dtype=np.float32):
    """An [1, H, W, 1] image from an H x W list."""
    a = np.asarray(values, dtype)
    return a.reshape((1,) + a.shape + (1,))


def normal(shape, dtype=np.float32, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


SPECIAL = image([[NAN, 1, 2, NAN], [3, -INF, NAN, NAN], [-0.0, 0.0, 5, 6], [INF, 1, 1, 1]])
# Windows of +0 and -0 in either order, of -inf only, of NaN only and of -0 only.
SIGNS = image([[-0.0, 0.0, 0.0, -0.0, -INF, -INF, NAN, NAN, -0.0, -0.0],
               [0.0, -0.0, 0.0, -0.0, -INF, -INF, NAN, NAN, -0.0, -0.0]])


def forward_cases():
    for op in ("MaxPool", "AvgPool"):
        case(op, [SPECIAL], (2, 2), (2, 2), "VALID")
        case(op, [SPECIAL], (3, 3), (1, 1), "SAME")
        case(op, [SIGNS], (2, 2), (2, 2), "VALID")
        case(op, [SIGNS], (1, 2), (1, 2), "SAME")
        for dtype in (np.float32, np.float64):
            case(op, [normal((2, 5, 6, 3), dtype)], (3, 2), (2, 1), "SAME")
            case(op, [normal((2, 5, 6, 3), dtype)], (3, 2), (2, 1), "VALID")
            case(op, [normal((1, 7, 7, 9), dtype, 1e3)], (3, 3), (2, 2), "SAME")
            case(op, [normal((1, 3, 4, 2), dtype)], (5, 6), (1, 2), "SAME")  # window > input
            case(op, [normal((1, 6, 6, 1), dtype)], (4, 4), (3, 3), "VALID")
        case(op, [np.zeros((0, 3, 3, 2), np.float32)], (2, 2), (1, 1), "VALID")  # empty batch
        case(op, [np.zeros((1, 0, 3, 2), np.float32)], (2, 2), (1, 1), "SAME")
        case(op, [np.zeros((1, 3, 3, 0), np.float64)], (2, 2), (1, 1), "SAME")
        case(op, [normal((1, 3, 3, 1))], (5, 1), (1, 1), "VALID")  # negative output size
        case(op, [normal((3, 3, 1))], (2, 2), (1, 1), "VALID")  # rank 3
    ints = [[2**31 - 1, -2**31, 5], [-2**31, -2**31, 7], [3, 3, -1]]
    case("MaxPool", [image(ints, np.int32)], (2, 2), (1, 1), "SAME")
    case("MaxPool", [image(ints, np.int64) * 2**32], (2, 2), (1, 1), "VALID")
    case("MaxPool", [image([[-2**31, -2**31]], np.int32)], (1, 2), (1, 1), "VALID")
    case("MaxPoolV2", [SPECIAL], (2, 3), (2, 1), "SAME")
    case("MaxPoolV2", [normal((2, 4, 5, 3), np.float64)], (2, 2), (2, 2), "VALID")
    case("MaxPoolV2", [image(ints, np.int64)], (3, 1), (1, 1), "SAME")


def max_pool_grad_cases():
    def both(x, k, s, padding, dy=None):
        y = model("MaxPool", [x], k, s, padding)
        dy = normal(y.shape, x.dtype) if dy is None else np.asarray(dy, x.dtype)
        case("MaxPoolGrad", [x, y, dy], k, s, padding)
    # Ties: the first of equal elements takes the gradient, and a NaN first element keeps it.
    both(image([[1, 1, 1], [1, 1, 1], [1, 1, 1]]), (2, 2), (1, 1), "VALID")
    both(SPECIAL, (2, 2), (1, 1), "SAME")
    both(SPECIAL, (3, 3), (1, 1), "SAME")
    both(SIGNS, (2, 2), (1, 1), "VALID")
    # Overlapping windows add their gradients in the outputs' order: 1 + 2^-24 + 2^-24 + ...
    both(image([[5, 0, 0, 0, 0]]), (1, 5), (1, 1), "SAME",
         image([[1, 2**-24, 2**-24, -1, 2**-24]]))
    both(image([[-0.0, -1]]), (1, 2), (1, 1), "SAME", image([[-0.0, -0.0]]))
    for dtype in (np.float32, np.float64):
        x = rng.integers(-2, 3, (2, 6, 5, 3)).astype(dtype)
        both(x, (3, 2), (1, 2), "SAME")
        both(x, (2, 3), (2, 1), "VALID")
        both(normal((1, 3, 4, 2), dtype), (5, 6), (1, 1), "SAME")
    for dtype in (np.int32, np.int64):
        x = rng.integers(-3, 3, (1, 4, 4, 2)).astype(dtype)
        both(x, (2, 2), (1, 1), "SAME", rng.integers(-5, 5, (1, 4, 4, 2)).astype(dtype))
    both(image([[1, 2], [3, 4]], np.int32), (2, 2), (1, 1), "SAME",
         image([[2**31 - 1, 1], [1, 1]], np.int32))  # wraps
    x = normal((0, 3, 3, 2))
    case("MaxPoolGrad", [x, np.zeros((0, 2, 2, 2), np.float32), np.zeros((0, 2, 2, 2), np.float32)],
         (2, 2), (1, 1), "VALID")
    # orig_output's values are not read, only its shape.
    x = normal((1, 3, 3, 2))
    case("MaxPoolGrad", [x, np.full((1, 2, 2, 2), 7, np.float32), normal((1, 2, 2, 2))],
         (2, 2), (1, 1), "VALID")
    case("MaxPoolGrad", [x, normal((1, 3, 3, 2)), normal((1, 2, 2, 2))], (2, 2), (1, 1), "VALID")
    case("MaxPoolGrad", [x, normal((1, 2, 2, 2)), normal((1, 3, 3, 2))], (2, 2), (1, 1), "VALID")
    case("MaxPoolGrad", [x, normal((2, 2, 2)), normal((1, 2, 2, 2))], (2, 2), (1, 1), "VALID")
    y = model("MaxPool", [x], (2, 2), (1, 1), "SAME")
    case("MaxPoolGradV2", [x, y, normal(y.shape)], (2, 2), (1, 1), "SAME")


def avg_pool_grad_cases():
    def grad(shape, dy, k, s, padding):
        case("AvgPoolGrad", [np.asarray(shape, np.int32), dy], k, s, padding)

    def random(shape, k, s, padding, dtype):
        hs, _ = windows(shape[1], k[0], s[0], padding)
        ws, _ = windows(shape[2], k[1], s[1], padding)
        grad(shape, normal((shape[0], len(hs), len(ws), shape[3]), dtype), k, s, padding)
    for dtype in (np.float32, np.float64):
        random((2, 5, 6, 3), (3, 2), (2, 1), "SAME", dtype)
        random((2, 5, 6, 3), (3, 2), (2, 1), "VALID", dtype)
        random((1, 7, 9, 9), (3, 3), (1, 1), "SAME", dtype)
        random((1, 4, 4, 1), (5, 5), (1, 1), "SAME", dtype)  # window > input
        random((1, 3, 5, 2), (4, 7), (2, 3), "SAME", dtype)
        random((1, 2, 30, 3), (1, 5), (1, 1), "SAME", dtype)  # three blocks of columns
        grad((1, 4, 4, 1), np.ones((1, 4, 4, 1), dtype), (3, 3), (1, 1), "SAME")
        grad((1, 2, 2, 1), np.asarray([NAN, -INF, -0.0, 1], dtype).reshape(1, 2, 2, 1), (2, 2),
             (1, 1), "SAME")
        grad((1, 2, 3, 1), np.full((1, 2, 3, 1), -0.0, dtype), (2, 2), (1, 1), "SAME")
        grad((0, 3, 3, 1), np.zeros((0, 2, 2, 1), dtype), (2, 2), (1, 1), "VALID")


def main(out):
    forward_cases()
    max_pool_grad_cases()
    avg_pool_grad_cases()
    lines = ["// Written by tools/tf/make_pool_cases.py with TensorFlow " + tf.__version__ +
             ": {op, attributes, arguments, TensorFlow's result}.",
             "// clang-format off"]
    for op, attrs, args, result in CASES:
        lines.append(f'{{"{op}", "{attrs}", {{' + ", ".join(f'"{a}"' for a in args) + "},")
        lines.append(f'  "{result}"}},')
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(len(CASES), "cases", file=sys.stderr)


def measure(count):
    """Random cases against the model: the number that differ, per op and dtype."""
    for op in ("MaxPool", "MaxPoolGrad", "AvgPool", "AvgPoolGrad"):
        for dtype in (np.float32, np.float64):
            differ = runs = 0
            while runs < count:
                padding = str(rng.choice(["SAME", "VALID"]))
                h, w = (int(v) for v in rng.integers(1, 12, 2))
                k = tuple(int(v) for v in rng.integers(1, 7, 2))
                s = tuple(int(v) for v in rng.integers(1, 4, 2))
                if padding == "VALID" and (k[0] > h or k[1] > w):
                    continue
                runs += 1
                x = normal((int(rng.integers(1, 3)), h, w, int(rng.integers(1, 12))), dtype)
                if op == "MaxPoolGrad":
                    x = rng.integers(-2, 3, x.shape).astype(dtype)  # ties
                y = model("MaxPool", [x], k, s, padding)
                args = {"MaxPool": [x], "AvgPool": [x],
                        "MaxPoolGrad": [x, y, normal(y.shape, dtype)],
                        "AvgPoolGrad": [np.asarray(x.shape, np.int32), normal(y.shape, dtype)]}[op]
                attrs = {"ksize": [1, *k, 1], "strides": [1, *s, 1], "padding": padding}
                got = run_tf(op, args, attrs)
                differ += got.tobytes() != model(op, args, k, s, padding).tobytes()
            print(f"{op} {np.dtype(dtype).name}: {differ} of {count} differ from the model")


if __name__ == "__main__":
    if sys.argv[1] == "--measure":
        measure(int(sys.argv[2]))
    else:
        main(sys.argv[1])
