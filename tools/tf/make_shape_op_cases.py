"""Writes tests/gpu_eval/shape_op_cases.inc: the shape and index ops (Squeeze, ExpandDims,
Transpose, Slice, StridedSlice, Pad, PadV2, MirrorPad, GatherV2, OneHot, BroadcastTo, ShapeN,
Size, Rank, Where) as TensorFlow's CPU kernels compute them (tf.raw_ops, eager), arguments and
results as tfmc literals with hex floats; an argument set that TensorFlow's kernel refuses
(InvalidArgument, Unimplemented) is recorded as Error(shape), as tfmc's contract maps it.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_shape_op_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2026)

DTYPES = {np.float32: "f32", np.float64: "f64", np.int32: "i32", np.int64: "i64", np.bool_: "bool"}


def element(x, dt):
    if dt == "bool":
        return "true" if x else "false"
    if dt in ("i32", "i64"):
        return str(int(x))
    f = float(x)
    if np.isnan(f):
        return "nan"
    if np.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f.hex()


def literal(a):
    a = np.asarray(a)
    dt = DTYPES[a.dtype.type]
    items = ", ".join(element(x, dt) for x in a.reshape(-1))
    if a.ndim == 0:
        return f"{dt}{{{items}}}"
    return f"{dt}[{','.join(map(str, a.shape))}]{{{items}}}"


# TensorFlow's input names, in tfmc's argument order.
INPUTS = {
    "Squeeze": ["input"], "ExpandDims": ["input", "axis"], "Transpose": ["x", "perm"],
    "Slice": ["input", "begin", "size"], "StridedSlice": ["input", "begin", "end", "strides"],
    "Pad": ["input", "paddings"], "PadV2": ["input", "paddings", "constant_values"],
    "MirrorPad": ["input", "paddings"], "GatherV2": ["params", "indices", "axis"],
    "OneHot": ["indices", "depth", "on_value", "off_value"], "BroadcastTo": ["input", "shape"],
    "Size": ["input"], "Rank": ["input"], "Where": ["condition"],
}


def tfmc_attrs(op, attrs):
    """The attribute text of tfmc's node: `key=value` joined by ';'."""
    out = []
    for k, v in attrs.items():
        if op == "Squeeze" and k == "axis":
            out.append(f"squeeze_dims=[{','.join(map(str, v))}]")
        elif k == "out_type":
            out.append("out_type=" + ("i64" if v == tf.int64 else "i32"))
        else:
            out.append(f"{k}={v}")
    return ";".join(out)


def run_tf(op, args, attrs):
    try:
        if op == "ShapeN":
            res = tf.raw_ops.ShapeN(input=list(args), **attrs)
        else:
            res = getattr(tf.raw_ops, op)(**dict(zip(INPUTS[op], args)), **attrs)
    except (tf.errors.InvalidArgumentError, tf.errors.UnimplementedError):
        return ["Error(shape)"]
    if not isinstance(res, (list, tuple)):
        res = [res]
    return [literal(r.numpy()) for r in res]


CASES = []


def case(op, args, **attrs):
    args = [np.asarray(a) for a in args]
    CASES.append((op, tfmc_attrs(op, attrs), [literal(a) for a in args], run_tf(op, args, attrs)))


def i32(x):
    return np.asarray(x, np.int32)


def i64(x):
    return np.asarray(x, np.int64)


def f32(x):
    return np.asarray(x, np.float32)


def iota(shape, dt=np.float32):
    return np.arange(int(np.prod(shape)), dtype=dt).reshape(shape)


def squeeze_cases():
    x = iota([1, 2, 1, 3, 1])
    case("Squeeze", [x])
    for dims in ([0], [-1], [0, 2, 4], [0, 0, -5], [1], [5], [-6], [2, -3]):
        case("Squeeze", [x], axis=dims)
    case("Squeeze", [np.zeros([1, 0, 1], np.float32)])
    case("Squeeze", [np.zeros([1, 0, 1], np.int64)], axis=[1])
    case("Squeeze", [f32(7.5)])
    case("Squeeze", [f32(7.5)], axis=[0])
    case("Squeeze", [np.asarray([[True]])])


def expand_dims_cases():
    x = iota([2, 3], np.int32)
    for axis in (0, 1, 2, -1, -3, 3, -4):
        case("ExpandDims", [x, i32(axis)])
    case("ExpandDims", [x, i64([1])])
    case("ExpandDims", [x, i32([[2]])])
    case("ExpandDims", [x, i32([0, 1])])
    case("ExpandDims", [f32(2.5), i32(-1)])
    case("ExpandDims", [np.zeros([0, 2], np.float64), i32(1)])


def transpose_cases():
    x = iota([2, 3, 4])
    for perm in ([2, 0, 1], [0, 1, 2], [-1, -3, -2], [1, 0, 2], [0, 0, 1], [3, 0, 1], [0, 1],
                 [-4, 0, 1]):
        case("Transpose", [x, i32(perm)])
    case("Transpose", [x, i64([1, 2, 4294967296])])
    case("Transpose", [x, i32([[2, 0, 1]])])
    case("Transpose", [f32(3.0), i32([])])
    case("Transpose", [np.zeros([0, 3], np.int32), i64([1, 0])])
    case("Transpose", [np.asarray([[True, False, True]]), i32([1, 0])])


def slice_cases():
    x = iota([3, 4], np.int64)
    for begin, size in (([0, 0], [3, 4]), ([1, 2], [2, 2]), ([1, 1], [-1, -1]), ([3, 4], [0, 0]),
                        ([3, 0], [-1, 2]), ([2, 0], [2, 1]), ([-1, 0], [1, 1]), ([0, 0], [-2, 1]),
                        ([4, 0], [-1, 1]), ([0], [1]), ([0, 0, 0], [1, 1, 1])):
        case("Slice", [x, i32(begin), i32(size)])
    case("Slice", [x, i64([1, 1]), i64([1, 3])])
    case("Slice", [x, i32([[1, 1]]), i32([[1, 1]])])
    case("Slice", [np.zeros([0, 2], np.float32), i32([0, 1]), i32([-1, 1])])
    case("Slice", [np.zeros([0, 2], np.float32), i32([0, 0]), i32([0, 3])])
    case("Slice", [f32(1.5), i32([]), i32([])])


def strided_slice_cases():
    x = iota([3, 4], np.int32)
    y = iota([2, 3, 4])
    fixed = [
        (x, [0, 0], [3, 4], [1, 1], {}),
        (x, [2, 3], [0, 0], [-1, -1], {}),
        (x, [-1, -1], [-4, -5], [-1, -2], {}),
        (x, [0, 0], [0, 0], [1, 1], {"begin_mask": 1, "end_mask": 3}),
        (x, [0, 0], [0, 0], [-1, -1], {"begin_mask": 3, "end_mask": 3}),
        (x, [1], [2], [1], {"shrink_axis_mask": 1}),
        (x, [-1], [0], [1], {"shrink_axis_mask": 1}),
        (x, [3], [4], [1], {"shrink_axis_mask": 1}),
        (x, [-4], [0], [1], {"shrink_axis_mask": 1}),
        (x, [1], [2], [-1], {"shrink_axis_mask": 1}),
        (x, [0, 1], [0, 2], [1, 1], {"shrink_axis_mask": 2, "begin_mask": 1, "end_mask": 1}),
        (x, [0, 0], [1, 1], [1, 1], {"new_axis_mask": 1}),
        (x, [0, 0, 0], [1, 1, 1], [1, 1, 1], {"new_axis_mask": 5}),
        (x, [0, 0], [0, 0], [1, 1], {"ellipsis_mask": 1}),
        (x, [0, 1], [0, 3], [1, 1], {"ellipsis_mask": 1}),
        (y, [0, 1], [0, 3], [1, 1], {"ellipsis_mask": 1}),
        (y, [1, 0, 2], [2, 0, 3], [1, 1, 1], {"ellipsis_mask": 2}),
        (y, [0, 0, 1], [0, 0, 2], [1, 1, 1], {"ellipsis_mask": 1, "new_axis_mask": 2,
                                              "shrink_axis_mask": 4}),
        (y, [0, 0, 0], [0, 0, 0], [1, 1, 1], {"ellipsis_mask": 3}),
        (x, [0, 0, 0], [1, 1, 1], [1, 1, 1], {}),
        (x, [0, 0], [1, 1], [1, 0], {}),
        (x, [0, 0], [5, 9], [2, 3], {}),
        (x, [-9, -9], [9, 9], [1, 1], {}),
        (x, [9, 9], [-9, -9], [-1, -1], {}),
        (x, [0, 0], [3, 4], [4, 5], {}),
        (x, [0, 0], [3, 4], [1, 1], {"begin_mask": -1, "end_mask": -1}),
        (x, [0, 0], [3, 4], [1, 1], {"shrink_axis_mask": 3}),
        (y, [0], [1], [1], {"shrink_axis_mask": 1, "new_axis_mask": 1}),
        (f32(4.0), [0], [0], [1], {"ellipsis_mask": 1}),
        (f32(4.0), [0], [0], [1], {"new_axis_mask": 1}),
        (f32(4.0), [0], [1], [1], {}),
        (np.zeros([0, 3], np.float32), [0, 1], [0, 2], [1, 1], {}),
        (np.zeros([0, 3], np.float32), [0, 1], [1, 2], [1, 1], {"shrink_axis_mask": 1}),
    ]
    for t, b, e, s, attrs in fixed:
        case("StridedSlice", [t, i32(b), i32(e), i32(s)], **attrs)
    case("StridedSlice", [x, i64([0, 1]), i64([3, 3]), i64([2, 1])])
    case("StridedSlice", [x, i32(0), i32(1), i32(1)])
    case("StridedSlice", [x, i32([0]), i32([1, 1]), i32([1])])
    case("StridedSlice", [x, i32([0] * 32), i32([1] * 32), i32([1] * 32)])
    # Random index vectors and masks: every path of the validation, negative strides included.
    for _ in range(240):
        t = y if rng.random() < 0.5 else x
        n = int(rng.integers(1, 6))
        b = rng.integers(-5, 6, n)
        e = rng.integers(-5, 6, n)
        s = rng.choice([-3, -2, -1, 1, 2, 3], n)
        attrs = {}
        for mask in ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                     "shrink_axis_mask"):
            if rng.random() < 0.4:
                attrs[mask] = int(rng.integers(0, 1 << n))
        case("StridedSlice", [t, i32(b), i32(e), i32(s)], **attrs)


def pad_cases():
    x = iota([2, 3])
    for p in ([[1, 0], [0, 2]], [[0, 0], [0, 0]], [[2, 1], [1, 1]], [[-1, 0], [0, 0]],
              [[1, 1]], [[1, 1], [1, 1], [1, 1]]):
        case("Pad", [x, i32(p)])
        case("PadV2", [x, i32(p), f32(-1.5)])
    case("Pad", [x, i64([[0, 1], [1, 0]])])
    case("Pad", [x, i32([1, 1, 1, 1])])
    case("Pad", [x, i32([[1, 1, 1], [1, 1, 1]])])
    case("Pad", [np.asarray([True, False]), i32([[1, 2]])])
    case("Pad", [np.zeros([0, 2], np.int64), i32([[1, 1], [0, 1]])])
    case("Pad", [f32(2.0), np.zeros([0, 2], np.int32)])
    case("Pad", [np.zeros([1] * 9, np.float32), np.zeros([9, 2], np.int32)])
    case("PadV2", [iota([2], np.int32), i32([[1, 1]]), i32(7)])
    case("PadV2", [iota([2], np.int32), i32([[1, 1]]), i32([7])])
    case("PadV2", [np.asarray([True]), i32([[1, 0]]), np.asarray(True)])
    x = iota([2, 3], np.int32)
    for mode in ("REFLECT", "SYMMETRIC"):
        for p in ([[1, 1], [2, 2]], [[0, 1], [1, 0]], [[2, 0], [0, 0]], [[0, 0], [3, 0]],
                  [[0, 0], [0, 3]], [[-1, 0], [0, 0]], [[1, 1]]):
            case("MirrorPad", [x, i32(p)], mode=mode)
        case("MirrorPad", [x, i64([[1, 0], [0, 1]])], mode=mode)
        case("MirrorPad", [np.zeros([0], np.float32), i32([[0, 0]])], mode=mode)
        case("MirrorPad", [f32(3.0), np.zeros([0, 2], np.int32)], mode=mode)
        case("MirrorPad", [np.zeros([1] * 6, np.float32), np.zeros([6, 2], np.int32)], mode=mode)
        case("MirrorPad", [iota([1, 1, 2, 1, 3]), i32([[0, 0], [1, 1], [1, 0], [0, 0], [2, 1]])],
             mode=mode)


def gather_cases():
    p = iota([3, 4])
    for idx, axis in (([2, 0, 2], 0), ([[1], [3]], 1), (1, 0), (3, -1), ([3], 0), ([-1], 0),
                      ([0], 2), ([0], -3), ([], 0), ([[0, 1], [2, 0]], -2)):
        case("GatherV2", [p, i32(idx), i32(axis)])
    case("GatherV2", [p, i64([4294967296]), i32(1)])
    case("GatherV2", [p, i64([1, 2]), i64(-1)])
    case("GatherV2", [p, i32([0]), i32([0])])
    case("GatherV2", [np.zeros([3, 0], np.float32), i32([5]), i32(0)])
    case("GatherV2", [np.zeros([0, 3], np.float32), i32([5]), i32(1)])
    case("GatherV2", [f32(1.0), i32([0]), i32(0)])
    b = iota([2, 3, 2], np.int32)
    bi = i32([[0, 2], [1, 1]])
    for axis, bd in ((1, 1), (-2, -1), (2, 1), (0, 1), (1, 3), (1, -3), (2, 2), (1, 0)):
        case("GatherV2", [b, bi, i32(axis)], batch_dims=bd)
    case("GatherV2", [iota([3, 2, 2], np.int32), bi, i32(1)], batch_dims=1)
    case("GatherV2", [iota([2, 2]), i32([[0, 1], [1, 1]]), i32(1)], batch_dims=2)
    case("GatherV2", [np.asarray([True, False]), i32([1, 1, 0]), i32(0)])


def one_hot_cases():
    idx = i32([[0, 2], [-1, 3]])
    for axis in (-1, 0, 1, 2, 3, -2):
        case("OneHot", [idx, i32(3), f32(1.5), f32(-0.0)], axis=axis)
    case("OneHot", [i64([1, 0]), i32(2), i64(5), i64(7)])
    case("OneHot", [i32(1), i32(3), np.asarray(True), np.asarray(False)])
    case("OneHot", [i32([1]), i32(0), f32(1.0), f32(0.0)])
    case("OneHot", [i32([1]), i32(-1), f32(1.0), f32(0.0)])
    case("OneHot", [i32([1]), i32([2]), f32(1.0), f32(0.0)])
    case("OneHot", [i32([1]), i32(2), f32([1.0]), f32(0.0)])
    case("OneHot", [i32([1]), i32(2), f32(1.0), f32([0.0])])
    case("OneHot", [np.zeros([0, 2], np.int32), i32(3), f32(1.0), f32(0.0)], axis=1)


def broadcast_cases():
    for x, shape in ((iota([3]), [2, 3]), (iota([2, 1]), [2, 3]), (f32(5.0), [2, 2]),
                     (iota([1, 3]), [0, 3]), (iota([3]), [3]), (iota([3]), [3, 2]),
                     (iota([0]), [1]), (iota([1]), [-1]), (iota([1, 1]), [1]),
                     (iota([2, 1], np.int64), [3, 2, 4]), (iota([3]), [])):
        case("BroadcastTo", [x, i32(shape)])
    case("BroadcastTo", [np.asarray([True, False]), i64([2, 2])])
    case("BroadcastTo", [iota([3]), i32(3)])


def query_cases():
    for out_type in (tf.int32, tf.int64):
        case("ShapeN", [iota([2, 3]), f32(1.0), np.zeros([0, 4, 1], np.int32)], out_type=out_type)
        case("Size", [iota([2, 3])], out_type=out_type)
    case("ShapeN", [iota([5])])
    case("Size", [np.zeros([3, 0], np.float32)])
    case("Size", [np.asarray(True)])
    for x in (iota([2, 3]), f32(1.0), np.zeros([0], np.int64)):
        case("Rank", [x])


def where_cases():
    case("Where", [f32([0.0, -0.0, np.nan, 1.0, np.inf])])
    case("Where", [np.asarray([[True, False], [False, True]])])
    case("Where", [iota([2, 3], np.int32) % 2])
    case("Where", [i64([[[0, 5]], [[-1, 0]]])])
    case("Where", [np.zeros([2, 0], np.float64)])
    case("Where", [np.zeros([3], np.float32)])
    case("Where", [i32(3)])
    case("Where", [np.ones([1] * 9, np.float32)])
    case("Where", [np.ones([1] * 8, np.bool_)])


def main(out):
    for make in (squeeze_cases, expand_dims_cases, transpose_cases, slice_cases,
                 strided_slice_cases, pad_cases, gather_cases, one_hot_cases, broadcast_cases,
                 query_cases, where_cases):
        make()
    lines = ["// Written by tools/tf/make_shape_op_cases.py with TensorFlow " + tf.__version__ +
             ": {op, attributes, arguments, TensorFlow's results}.",
             "// clang-format off"]
    for op, attrs, args, outs in CASES:
        lines.append(f'{{"{op}", "{attrs}", {{' + ", ".join(f'"{a}"' for a in args) + "},")
        lines.append("  {" + ", ".join(f'"{o}"' for o in outs) + "}},")
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(len(CASES), "cases", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
