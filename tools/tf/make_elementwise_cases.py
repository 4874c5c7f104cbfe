"""Writes tests/gpu_eval/elementwise_op_cases.inc: TensorFlow's element-wise, bias and
order-free reduction ops (GreaterEqual ... ArgMin) run by TensorFlow on the CPU, inputs and
results as tfmc literals with hex floats, so that the test compares bits. A case TensorFlow
refuses records the error tfmc gives instead (FORMAT.md, "Operations"); the script checks that
TensorFlow does refuse it.

Where TensorFlow's bits depend on its SIMD path (FORMAT.md says which), the cases keep the
values concerned out of whole packets: f32 Reciprocal tensors have fewer than 8 elements, and a
-0 given to Relu6 or to a Max or Min reduction sits in a tensor of fewer than 4 elements or
past the last whole packet. TensorFlow's CPU threads flush subnormal results to zero and read
subnormal inputs as zero, as tfmc's CPU evaluator does (flush_denormals.h); the Max and Min
cases have subnormal terms.

It also writes testdata/graphdef/elementwise/: ops.pbtxt, a TF1 graph that uses every one of
these ops (and BiasAddV1 and Inv, their other TensorFlow names) on constants, ops.args, the
`tfmc check` arguments that fetch each result, and ops.expected, TensorFlow's value of each
fetch from a Session.run.

Run with the TensorFlow of tools/tf/setup_venv.sh, from the repository's root:
  python tools/tf/make_elementwise_cases.py
"""
import os
import sys

import numpy as np
import tensorflow as tf

R = tf.raw_ops
rng = np.random.default_rng(2026)
nan, inf = float("nan"), float("inf")
f32, f64, i32, i64 = np.float32, np.float64, np.int32, np.int64
NAMES = {np.dtype(f32): "f32", np.dtype(f64): "f64", np.dtype(i32): "i32", np.dtype(i64): "i64",
         np.dtype(bool): "bool"}


def item(x, dtype):
    if dtype == np.dtype(bool):
        return "true" if x else "false"
    if dtype.kind == "f":
        x = float(x)
        if x != x:
            return "nan"
        if x in (inf, -inf):
            return "inf" if x > 0 else "-inf"
        return x.hex()
    return str(int(x))


def literal(a):
    a = np.asarray(a)
    items = ", ".join(item(x, a.dtype) for x in a.reshape(-1))
    shape = "" if a.ndim == 0 else "[" + ",".join(map(str, a.shape)) + "]"
    return f"{NAMES[a.dtype]}{shape}{{{items}}}"


def arr(values, dtype, shape=None):
    a = np.array(values, dtype=dtype)
    return a.reshape(shape) if shape is not None else a


def rand(dtype, shape):
    if np.dtype(dtype).kind == "f":
        return rng.standard_normal(shape).astype(dtype) * dtype(4)
    return rng.integers(-20, 20, size=shape).astype(dtype)


SPECIAL = [nan, -0.0, 0.0, inf, -inf, 1.0, -2.5]

# tfmc's op -> (TensorFlow's op, its input names, TensorFlow's attribute of each tfmc one).
OPS = {
    "GreaterEqual": ("GreaterEqual", ["x", "y"]),
    "LessEqual": ("LessEqual", ["x", "y"]),
    "LogicalAnd": ("LogicalAnd", ["x", "y"]),
    "LogicalOr": ("LogicalOr", ["x", "y"]),
    "LogicalNot": ("LogicalNot", ["x"]),
    "SelectV2": ("SelectV2", ["condition", "t", "e"]),
    "Relu6": ("Relu6", ["features"]),
    "Relu6Grad": ("Relu6Grad", ["gradients", "features"]),
    "SquaredDifference": ("SquaredDifference", ["x", "y"]),
    "Sign": ("Sign", ["x"]),
    "Floor": ("Floor", ["x"]),
    "Ceil": ("Ceil", ["x"]),
    "Round": ("Round", ["x"]),
    "Reciprocal": ("Reciprocal", ["x"]),
    "ZerosLike": ("ZerosLike", ["x"]),
    "OnesLike": ("OnesLike", ["x"]),
    "BiasAdd": ("BiasAdd", ["value", "bias"]),
    "Max": ("Max", ["input", "axis"]),
    "Min": ("Min", ["input", "axis"]),
    "All": ("All", ["input", "axis"]),
    "Any": ("Any", ["input", "axis"]),
    "ArgMax": ("ArgMax", ["input", "dimension"]),
    "ArgMin": ("ArgMin", ["input", "dimension"]),
}
TF_ATTRS = {"keep_dims": ("keep_dims", lambda v: v == "true"),
            "data_format": ("data_format", lambda v: v),
            "output_type": ("output_type", lambda v: {"i32": tf.int32, "i64": tf.int64}[v])}

CASES = []  # (op, {tfmc attribute: value}, [arrays], tfmc's error where TensorFlow refuses)


def case(op, args, attrs=None, error=None):
    CASES.append((op, attrs or {}, [np.asarray(a) for a in args], error))


def comparisons():
    x = arr(SPECIAL, f32, [7, 1])
    y = arr(SPECIAL, f32)
    for op in ["GreaterEqual", "LessEqual"]:
        case(op, [x, y])
        case(op, [rand(f64, [2, 3]), rand(f64, [3])])
        case(op, [arr([-2**31, 5, 7], i32), arr([-2**31, 6, 7], i32)])
        case(op, [arr([2**62, -1], i64, [2, 1]), arr([2**62, 0, -2], i64)])
        case(op, [arr([], f32), arr([1], f32)])
        case(op, [arr([True], bool), arr([False], bool)], error="type")
        case(op, [arr([1], f32), arr([1], f64)], error="type")
        case(op, [arr([1, 2], f32), arr([1, 2, 3], f32)], error="shape")


def logic():
    a = arr([True, False], bool, [2, 1])
    b = arr([True, False, True], bool)
    for op in ["LogicalAnd", "LogicalOr"]:
        case(op, [a, b])
        case(op, [arr(True, bool), b])
        case(op, [arr([], bool, [0, 1]), b])
        case(op, [arr([1.0], f32), arr([1.0], f32)], error="type")
        case(op, [arr([True, False], bool), b], error="shape")
    case("LogicalNot", [arr([True, False, True], bool, [3, 1])])
    case("LogicalNot", [arr([], bool)])
    case("LogicalNot", [arr([1], i32)], error="type")


def select():
    case("SelectV2", [arr([True, False], bool, [2, 1]), rand(f32, [3]), arr(9, f32)])
    case("SelectV2", [arr(False, bool), rand(i32, [2, 2]), rand(i32, [2, 2])])
    case("SelectV2", [arr([True, False, True], bool), rand(f64, [2, 1]), rand(f64, [1, 3])])
    case("SelectV2", [arr([True, False], bool, [2, 1, 1]), arr([nan, -0.0], f32, [2, 1]),
                      arr([1, 2, 3], f32)])
    case("SelectV2", [arr([False, True], bool), arr([True, True], bool), arr(False, bool)])
    case("SelectV2", [arr([], bool, [0, 1]), rand(i64, [3]), rand(i64, [3])])
    case("SelectV2", [arr([1.0], f32), arr([1.0], f32), arr([1.0], f32)], error="type")
    case("SelectV2", [arr([True], bool), arr([1.0], f32), arr([1.0], f64)], error="type")
    case("SelectV2", [arr([True, False], bool), rand(f32, [3]), arr(9, f32)], error="shape")
    case("SelectV2", [arr(True, bool), rand(f32, [3]), rand(f32, [2])], error="shape")


def unary():
    # The specials last, past the whole SIMD packets (11 elements: 8 then 3).
    head = [3.0, -1.0, 6.5, 0.25, 5.5, 7.0, -7.0, 2.0]
    for tail in ([nan, -0.0, inf], [-inf, 0.0, 6.0], [1.5, -0.5, 2.5]):
        for dt in (f32, f64):
            v = arr(head + tail, dt)
            for op in ["Relu6", "Sign", "Floor", "Ceil", "Round", "ZerosLike", "OnesLike"]:
                case(op, [v])
    halves = arr([0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, 8388609.0, 0.49999997, -1.4], f32)
    case("Round", [halves])
    case("Round", [halves.astype(f64) + arr(2.0**52, f64)])
    case("Floor", [halves])
    case("Ceil", [halves])
    ints = arr([-2**31, -5, 0, 3, 6, 7, 2**31 - 1], i32)
    for op in ["Relu6", "Sign", "Round", "ZerosLike", "OnesLike"]:
        case(op, [ints])
        case(op, [ints.astype(i64) * 2**32])
    for op in ["ZerosLike", "OnesLike"]:
        case(op, [arr([True, False], bool)])
        case(op, [arr([], f32, [2, 0])])
    for op in ["Floor", "Ceil", "Reciprocal"]:
        case(op, [arr([1], i32)], error="type")
    for op in ["Relu6", "Sign", "Round", "Floor", "Ceil", "Reciprocal"]:
        case(op, [arr([True], bool)], error="type")
    # f32 below one packet, where TensorFlow divides exactly.
    case("Reciprocal", [arr([-0.0, 0.0, 3.0, nan, inf, -inf, 1e-45], f32)])
    case("Reciprocal", [arr([0.1, -7.0, 2.5, 0.49999997, 8388609.0, 1e37, -3.0], f32)])
    case("Reciprocal", [arr([-0.0, 3.0, nan, inf, 5e-324, 0.1, 7.0, -2.5, 1e300], f64)])
    case("Reciprocal", [arr([], f32)])


def binary_numbers():
    g = arr([1, -1, 2, -2, 5, -5, 7, -7, 3, -3, 4], f32)
    f = arr([-1, 0, 3, 6, 7, nan, 0.5, -0.0, 5.9999995, inf, -inf], f32)
    case("Relu6Grad", [g, f])
    case("Relu6Grad", [g.astype(f64), f.astype(f64)])
    case("Relu6Grad", [arr([1, -2, 3, 4], i32), arr([0, 1, 6, 5], i32)])
    case("Relu6Grad", [arr([1, 2], f32), arr([1], f32)], error="shape")
    case("Relu6Grad", [arr([1], f32), arr([1], i32)], error="type")
    case("SquaredDifference", [rand(f32, [3, 1]), rand(f32, [4])])
    case("SquaredDifference", [arr(SPECIAL, f32, [7, 1]), arr(SPECIAL, f32)])
    case("SquaredDifference", [arr([3e38, 1e-30, 0.1], f32), arr([-3e38, 0, 0.3], f32)])
    case("SquaredDifference", [rand(f64, [2, 3]), rand(f64, [2, 1])])
    case("SquaredDifference", [arr([65536, -3, 2**31 - 1], i32), arr([0, 2, -1], i32)])
    case("SquaredDifference", [arr([2**32, -5], i64), arr([0, 5], i64)])
    case("SquaredDifference", [arr([True], bool), arr([True], bool)], error="type")
    case("SquaredDifference", [arr([1, 2], f32), arr([1, 2, 3], f32)], error="shape")


def bias():
    case("BiasAdd", [rand(f32, [2, 3]), rand(f32, [3])])
    case("BiasAdd", [rand(f32, [2, 3, 2]), rand(f32, [3])], {"data_format": "NCHW"})
    case("BiasAdd", [rand(f64, [2, 2, 2, 3]), rand(f64, [3])])
    case("BiasAdd", [rand(f32, [2, 3, 2, 2]), rand(f32, [3])], {"data_format": "NCHW"})
    case("BiasAdd", [rand(f32, [2, 3]), rand(f32, [3])], {"data_format": "NCHW"})
    case("BiasAdd", [arr([inf, -0.0, nan, 1], f32, [2, 2]), arr([-inf, -0.0], f32)])
    case("BiasAdd", [arr([2**31 - 1, 5], i32, [1, 2]), arr([1, -5], i32)])
    case("BiasAdd", [rand(i64, [3, 2]), rand(i64, [2])])
    case("BiasAdd", [arr([], f32, [0, 3]), rand(f32, [3])])
    case("BiasAdd", [rand(f32, [3]), rand(f32, [3])], error="shape")
    case("BiasAdd", [rand(f32, [2, 3]), rand(f32, [1, 3])], error="shape")
    case("BiasAdd", [rand(f32, [2, 3]), rand(f32, [2])], error="shape")
    case("BiasAdd", [rand(f32, [2, 3, 2]), rand(f32, [2])], {"data_format": "NCHW"},
         error="shape")
    case("BiasAdd", [arr([True], bool, [1, 1]), arr([True], bool)], error="type")
    case("BiasAdd", [rand(f32, [2, 3]), rand(f64, [3])], error="type")


def reductions():
    x = rand(f32, [3, 4])
    for op in ["Max", "Min"]:
        for axes in ([0], [1], [-1], [0, 1], [], 1):
            case(op, [x, arr(axes, i32)])
        case(op, [x, arr([1], i64)], {"keep_dims": "true"})
        case(op, [x, arr([0, 1], i32)], {"keep_dims": "true"})
        case(op, [rand(f64, [2, 3, 2]), arr([0, 2], i32)])
        case(op, [arr([1, nan, 3, -inf, inf, 2, 0, nan, 5], f32, [3, 3]), arr([1], i32)])
        case(op, [arr([nan, 1, -inf, nan], f32, [2, 2]), arr([0], i32)])
        case(op, [arr([inf, -inf, 1e38], f64), arr([0], i32)])
        # Signed zeros, rows too short for a SIMD packet: the later of two equal values.
        case(op, [arr([-0.0, 0.0, 0.0, -0.0, -0.0, -0.0], f32, [3, 2]), arr([1], i32)])
        case(op, [arr([0.0, -0.0, 0.0], f64), arr([0], i32)])
        case(op, [arr([-2**31, 2**31 - 1, 0, 5], i32, [2, 2]), arr([1], i32)])
        case(op, [arr([2**63 - 1, -2**63, 4], i64), arr([0], i64)])
        # Subnormal terms: a reduction reads them as zeros of their sign and returns the zero,
        # while nothing to reduce (no axis, or only axes of size 1) copies them unchanged.
        case(op, [arr([3, 1e-40, 5, -3, -1e-40, -5], f32, [2, 3]), arr([1], i32)])
        case(op, [arr([1e-40, -1e-40, 2, 1e-41], f32, [4, 1]), arr([1], i32)])
        case(op, [arr([1e-40, -1e-40, 2, 1e-41], f32), arr([], i32)])
        case(op, [arr([3, 1e-310, -3, -1e-310], f64, [2, 2]), arr([1], i32)])
        for dt in (f32, f64, i32, i64):
            case(op, [arr([], dt, [0, 3]), arr([0], i32)])
            case(op, [arr([], dt, [2, 0]), arr([1], i32)], {"keep_dims": "true"})
        case(op, [x, arr([0, -2], i32)], error="shape")
        case(op, [x, arr([2], i32)], error="shape")
        case(op, [x, arr([0], f32)], error="type")
        case(op, [x, arr([0], i32, [1, 1])])
        case(op, [arr([True], bool), arr([0], i32)], error="type")
    b = arr([True, False, True, True, True, True], bool, [2, 3])
    for op in ["All", "Any"]:
        for axes in ([0], [1], [-2], [0, 1], []):
            case(op, [b, arr(axes, i32)])
        case(op, [b, arr(1, i64)], {"keep_dims": "true"})
        case(op, [~b, arr([1], i32)])
        case(op, [arr([], bool, [0, 2]), arr([0], i32)])
        case(op, [arr([], bool, [2, 0]), arr([1], i32)], {"keep_dims": "true"})
        case(op, [b, arr([0, 0], i32)], error="shape")
        case(op, [b, arr([0], f64)], error="type")
        case(op, [arr([1.0], f32), arr([0], i32)], error="type")


def arg_reductions():
    x = rand(f32, [3, 4])
    fmax = float(np.finfo(f32).max)
    for op in ["ArgMax", "ArgMin"]:
        for axis in (0, 1, -1, -2):
            case(op, [x, arr(axis, i32)])
        case(op, [x, arr(1, i64)], {"output_type": "i32"})
        case(op, [rand(f64, [2, 3, 2]), arr(1, i32)])
        case(op, [arr([1, 3, 3, 1, 0, 0], f32, [2, 3]), arr(1, i32)])
        case(op, [arr([1, nan, 3, nan, 2, 0, nan, -1, 5], f32, [3, 3]), arr(1, i32)])
        case(op, [arr([-inf, -fmax, inf, fmax, -0.0, 0.0], f32, [3, 2]), arr(1, i32)])
        case(op, [arr([0.0, -0.0, nan, nan], f32, [2, 2]), arr(1, i32)])
        case(op, [arr([-2**31, 2**31 - 1, 5, 5], i32, [2, 2]), arr(0, i32)])
        case(op, [arr([-2**63, 2**63 - 1, 3], i64), arr(0, i64)], {"output_type": "i32"})
        case(op, [arr([False, True, True, False, False, False], bool, [2, 3]), arr(1, i32)])
        case(op, [arr([], f32, [0, 3]), arr(1, i32)])
        case(op, [arr([], f32, [0]), arr(0, i32)], error="shape")
        case(op, [arr([], f32, [2, 0]), arr(1, i32)], error="shape")
        case(op, [arr(1, f32), arr(0, i32)], error="shape")
        case(op, [x, arr(2, i32)], error="shape")
        case(op, [x, arr([0], i32)], error="shape")
        case(op, [x, arr(0, f32)], error="type")


def tensorflow_result(op, attrs, args):
    tf_op, names = OPS[op]
    with tf.device("/CPU:0"):
        kwargs = {name: tf.constant(a) for name, a in zip(names, args)}
        for key, value in attrs.items():
            tf_key, convert = TF_ATTRS[key]
            kwargs[tf_key] = convert(value)
        return getattr(R, tf_op)(**kwargs).numpy()


def write_graph(directory):
    g = tf.Graph()
    with g.as_default(), tf.device("/CPU:0"):
        c = tf.constant
        x = c([[-0.5, 2.5, 7.0], [-1.0, 3.0, float("nan")]], tf.float32, name="x")
        y = c([0.5, 2.5, 4.0], tf.float32, name="y")
        ge = R.GreaterEqual(x=x, y=y, name="ge")
        le = R.LessEqual(x=x, y=y, name="le")
        both = R.LogicalAnd(x=ge, y=le, name="both")
        either = R.LogicalOr(x=ge, y=le, name="either")
        fetches = [
            both, either, R.LogicalNot(x=both, name="neither"),
            R.SelectV2(condition=ge, t=x, e=c(-1.0), name="select"),
            R.Relu6(features=x, name="relu6"),
            R.Relu6Grad(gradients=R.Neg(x=x), features=x, name="relu6_grad"),
            R.SquaredDifference(x=x, y=y, name="squared_difference"),
            R.Sign(x=x, name="sign"), R.Floor(x=x, name="floor"), R.Ceil(x=x, name="ceil"),
            R.Round(x=x, name="round"), R.Reciprocal(x=y, name="reciprocal"),
            R.Inv(x=y, name="inv"), R.ZerosLike(x=x, name="zeros"),
            R.OnesLike(x=ge, name="ones"),
            R.BiasAdd(value=x, bias=y, name="bias_add"),
            R.BiasAdd(value=R.Reshape(tensor=x, shape=[1, 3, 2]), bias=y, data_format="NCHW",
                      name="bias_add_nchw"),
            R.BiasAddV1(value=x, bias=y, name="bias_add_v1"),
            R.Max(input=x, axis=c([1]), keep_dims=True, name="max"),
            R.Min(input=x, axis=c(0), name="min"),
            R.All(input=ge, axis=c([1]), name="all"),
            R.Any(input=ge, axis=c([0, 1]), keep_dims=True, name="any"),
            R.ArgMax(input=x, dimension=c(1), name="argmax"),
            R.ArgMin(input=x, dimension=c(0), output_type=tf.int32, name="argmin"),
        ]
    with tf.compat.v1.Session(graph=g) as session:
        values = session.run(fetches)
    os.makedirs(directory, exist_ok=True)
    tf.io.write_graph(g, directory, "ops.pbtxt", as_text=True)
    names = [t.op.name for t in fetches]
    with open(os.path.join(directory, "ops.args"), "w") as f:
        f.write("".join(f"--fetch\n{name}\n" for name in names))
    with open(os.path.join(directory, "ops.expected"), "w") as f:
        f.write("".join(f"{name} = {literal(v)}\n" for name, v in zip(names, values)))


def main(out):
    for make in (comparisons, logic, select, unary, binary_numbers, bias, reductions,
                 arg_reductions):
        make()
    lines = [f"// Written by tools/tf/make_elementwise_cases.py with TensorFlow {tf.__version__}: "
             "{op, {attribute, value}..., arguments, TensorFlow's result or tfmc's error where "
             "TensorFlow refuses}.", "// clang-format off"]
    for op, attrs, args, error in CASES:
        try:
            result = literal(tensorflow_result(op, attrs, args))
        except (tf.errors.InvalidArgumentError, tf.errors.NotFoundError, TypeError) as e:
            if error is None:
                raise RuntimeError(f"{op} {attrs} {[literal(a) for a in args]}: {e}") from e
            result = f"Error({error})"
        else:
            if error is not None:
                raise RuntimeError(f"{op} {attrs} {[literal(a) for a in args]}: TensorFlow "
                                   f"gives {result}, not an error")
        pairs = ", ".join(f'{{"{k}", "{v}"}}' for k, v in attrs.items())
        arguments = ", ".join(f'"{literal(a)}"' for a in args)
        lines.append(f'{{"{op}", {{{pairs}}}, {{{arguments}}}, "{result}"}},')
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(CASES)} cases")
    write_graph("testdata/graphdef/elementwise")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/gpu_eval/elementwise_op_cases.inc")
