"""Writes tests/gpu_eval/reduction_cases.inc: TensorFlow's Sum, Mean, Prod, BiasAddGrad and
Cumsum (tf.raw_ops on the CPU, one intra-op thread) of many shapes, axes and attributes,
results as tfmc literals with hex floats, so that tests/gpu_eval/reduction_order_test.cpp
compares bits.

Large inputs are not written out: element i of a generated input is a function of i and the
case's seed (`generated` below, which the test repeats exactly), with many exponents and both
signs, so that every order of the additions rounds differently. Small edge cases (-0, NaN,
inf, empty, integers) are written as literals.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_reduction_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

tf.config.threading.set_intra_op_parallelism_threads(1)

M32 = 0xFFFFFFFF


def mix(i, seed):
    h = (i * 2654435761 + seed * 40503 + 1) & M32
    h ^= h >> 15
    h = (h * 2246822519) & M32
    h ^= h >> 13
    return h


def generated(op, dtype, n, seed):
    """The generated input: sums get 21-bit mantissas times 2^-24 .. 2^-17, products values in
    [0.875, 1.125), integers values in [-1000, 1000]; each with a random sign."""
    out = []
    for i in range(n):
        h = mix(i, seed)
        sign = -1.0 if h >> 31 else 1.0
        if dtype in ("i32", "i64"):
            out.append(h % 2001 - 1000)
        elif op == "Prod":
            out.append(sign * (0.875 + (h & 0xFFFF) * 2.0 ** -18))
        else:
            out.append(sign * float(np.ldexp((h & 0xFFFFF) | 0x100000, ((h >> 20) & 7) - 44)))
    return np.array(out, dtype={"f32": np.float32, "f64": np.float64, "i32": np.int32,
                                "i64": np.int64}[dtype])


def literal(a, dt):
    a = np.asarray(a)
    if dt in ("f32", "f64"):
        items = ", ".join(float(x).hex() for x in a.reshape(-1))
    else:
        items = ", ".join(str(int(x)) for x in a.reshape(-1))
    if a.ndim == 0:
        return f"{dt}{{{items}}}"
    return f"{dt}[{','.join(map(str, a.shape))}]{{{items}}}"


# (shape, axes) for the generated cases: None is the one-argument form over everything.
SHAPES = [((n,), None) for n in (1, 2, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128,
                                 129, 255, 1000, 1023, 1025, 4095, 4097, 8191, 8192, 8193,
                                 8200, 9001, 16385)]
# Prod's runs never split: long ones show it (Sum's split at 8192 f32, 4096 f64 terms).
PROD_SHAPES = [((n,), None) for n in (4097, 8193, 17000)] + [((3, 9000), [1])]
SHAPES += [((3, 40), [1]), ((40, 3), [0]), ((5, 33), [1]), ((33, 5), [0]), ((17, 33), [0]),
           ((64, 9), [0]), ((9, 64), [0]), ((9, 64), [1]), ((15, 20), [0]), ((16, 20), [0]),
           ((19, 23), [0]), ((2, 9000), [1]), ((4, 3000), [1]), ((33, 17, 5), [1]),
           ((4, 30, 20), [1]), ((5, 3, 17), [1]), ((6, 20, 24), [0, 2]), ((5, 4, 9), [0, 2]),
           ((2, 3, 4, 5), [1, 3]), ((3, 16, 4, 17), [0, 2]), ((4, 5, 6, 7), [0, 1, 3]),
           ((2, 1, 30, 3), [1, 2]), ((1, 1, 50), [0]), ((20, 17, 16), [-1, 0]),
           ((3, 4, 5), [2, 1]), ((6, 7), [0, 1]), ((2, 1, 1, 3), [1, 2])]


def tf_op(op):
    return {"Sum": tf.raw_ops.Sum, "Mean": tf.raw_ops.Mean, "Prod": tf.raw_ops.Prod}[op]


def run(op, x, axes, keep_dims):
    ax = list(range(x.ndim)) if axes is None else axes
    return tf_op(op)(input=tf.constant(x), axis=tf.constant(ax, tf.int32),
                     keep_dims=keep_dims).numpy()


def axes_literal(axes):
    return None if axes is None else "i32[%d]{%s}" % (len(axes), ", ".join(map(str, axes)))


# BiasAddGrad's (shape, data_format): channels last and first, one or several images, blocks
# shorter and longer than a packet and than a split run.
BIAS_SHAPES = [((40, 5), "NHWC"), ((3, 7, 9, 6), "NHWC"), ((1000, 8), "NHWC"), ((1, 40), "NHWC"),
               ((30, 4), "NCHW"), ((3, 6, 7, 9), "NCHW"), ((2, 5, 300), "NCHW"),
               ((2, 3, 9000), "NCHW"), ((5, 3, 1, 1), "NCHW"), ((1, 4, 33), "NCHW"),
               ((2, 3, 4, 5, 6), "NCHW")]
# Cumsum's (shape, axis).
SCAN_SHAPES = [((50,), 0), ((7, 30), 1), ((30, 7), 0), ((3, 40, 9), 1), ((3, 20, 5), -1)]


def bias_and_scan_cases(seed):
    for dt in ("f32", "f64"):
        for shape, fmt in BIAS_SHAPES:
            seed += 1
            x = generated("Sum", dt, int(np.prod(shape)), seed).reshape(shape)
            r = tf.raw_ops.BiasAddGrad(out_backprop=tf.constant(x), data_format=fmt).numpy()
            yield "BiasAddGrad", shape, None, {"data_format": fmt}, seed, None, literal(r, dt)
        for shape, axis in SCAN_SHAPES:
            for exclusive in (False, True):
                for reverse in (False, True):
                    seed += 1
                    x = generated("Sum", dt, int(np.prod(shape)), seed).reshape(shape)
                    r = tf.raw_ops.Cumsum(x=tf.constant(x), axis=axis, exclusive=exclusive,
                                          reverse=reverse).numpy()
                    attrs = {"exclusive": exclusive, "reverse": reverse}
                    yield "Cumsum", shape, f"i32{{{axis}}}", attrs, seed, None, literal(r, dt)
    for values, fmt in [([[-0.0, -0.0]], "NHWC"), ([[-0.0], [-0.0]], "NHWC"),
                        ([[[-0.0]]], "NCHW"), ([[[-0.0]], [[-0.0]]], "NCHW"),
                        (np.zeros((0, 3), np.float32), "NHWC"), ([[1, 2], [3, 4]], "NHWC")]:
        x = np.array(values, np.int32 if np.asarray(values).dtype.kind == "i" else np.float32)
        dt = "i32" if x.dtype == np.int32 else "f32"
        r = tf.raw_ops.BiasAddGrad(out_backprop=tf.constant(x), data_format=fmt).numpy()
        yield ("BiasAddGrad", x.shape, None, {"data_format": fmt}, 0, literal(x, dt),
               literal(r, dt))
    for values, axis, exclusive in [([-0.0, -0.0], 0, False), ([-0.0], 0, True),
                                    ([2147483647, 1], 0, False),
                                    (np.zeros((0, 3), np.float32), 1, False)]:
        x = np.array(values, np.int32 if np.asarray(values).dtype.kind == "i" else np.float32)
        dt = "i32" if x.dtype == np.int32 else "f32"
        r = tf.raw_ops.Cumsum(x=tf.constant(x), axis=axis, exclusive=exclusive).numpy()
        yield ("Cumsum", x.shape, f"i32{{{axis}}}", {"exclusive": exclusive}, 0, literal(x, dt),
               literal(r, dt))


def cases():
    seed = 0
    for op in ("Sum", "Mean", "Prod"):
        for dt in ("f32", "f64"):
            for shape, axes in SHAPES + (PROD_SHAPES if op == "Prod" else []):
                if op != "Sum" and int(np.prod(shape)) > 5000 and (shape, axes) not in PROD_SHAPES:
                    continue
                seed += 1
                x = generated(op, dt, int(np.prod(shape)), seed).reshape(shape)
                keep = seed % 5 == 0
                yield (op, shape, axes_literal(axes), {"keep_dims": keep}, seed, None,
                       literal(run(op, x, axes, keep), dt))
    for op in ("Sum", "Mean", "Prod"):
        for dt in ("i32", "i64"):
            for shape, axes in [((300,), None), ((7, 9), [0]), ((7, 9), [1]), ((3, 4, 5), [0, 2])]:
                seed += 1
                x = generated(op, dt, int(np.prod(shape)), seed).reshape(shape)
                yield (op, shape, axes_literal(axes), {}, seed, None,
                       literal(run(op, x, axes, False), dt))
    edges = [
        ("f32", [-0.0], None), ("f32", [-0.0, -0.0], None), ("f32", [[-0.0], [-0.0]], [1]),
        ("f32", [[-0.0, -0.0]], [1]), ("f32", [[-0.0, -0.0], [-0.0, -0.0]], [0]),
        ("f64", -0.0, None), ("f32", [np.inf, -np.inf], None), ("f32", [1.0, np.nan], None),
        ("f32", np.zeros((0,), np.float32), None), ("f32", np.zeros((0, 3), np.float32), [0]),
        ("f64", np.zeros((2, 0), np.float64), [1]), ("i32", np.zeros((0, 3), np.int32), [0]),
        ("i32", [2147483647, 1], None), ("i32", [2147483647, 2147483647], None),
        ("i32", [-7, -2, 0], None), ("i32", [65536, 65536], None),
        ("i64", [9223372036854775807, 1], None), ("f32", [3e38, 3e38, -3e38], None),
        ("f32", [[1.0, 2.0], [3.0, 4.0]], []),
    ]
    for op in ("Sum", "Mean", "Prod"):
        for dt, values, axes in edges:
            x = np.array(values, dtype={"f32": np.float32, "f64": np.float64, "i32": np.int32,
                                        "i64": np.int64}[dt])
            yield (op, x.shape, axes_literal(axes), {}, 0, literal(x, dt),
                   literal(run(op, x, axes, False), dt))
    yield from bias_and_scan_cases(seed)


def main(out):
    lines = ["// Written by tools/tf/make_reduction_cases.py with TensorFlow " + tf.__version__ +
             " (one intra-op thread):",
             "// {op, dtype, shape, second argument (axes or axis; nullptr: none), {attribute, value}...,",
             "// seed of the generated input, the input as a literal (nullptr: generated),",
             "// TensorFlow's result}.",
             "// clang-format off"]
    for op, shape, second, attrs, seed, text, expected in cases():
        dt = (text or expected).split("{")[0].split("[")[0]
        arg = "nullptr" if second is None else f'"{second}"'
        src = "nullptr" if text is None else f'"{text}"'
        kv = ", ".join(f'{{"{k}", "{str(v).lower() if isinstance(v, bool) else v}"}}'
                       for k, v in attrs.items() if v is not False)
        lines.append(f'{{"{op}", "{dt}", {{{", ".join(map(str, shape))}}}, {arg}, {{{kv}}}, '
                     f'{seed}, {src},')
        lines.append(f'  "{expected}"}},')
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
