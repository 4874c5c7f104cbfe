"""Writes tests/gpu_eval/gradient_op_cases.inc: the ops of TensorFlow's gradients
(BroadcastGradientArgs, InvertPermutation, UnsortedSegmentSum, StridedSliceGrad, ConcatOffset)
as TensorFlow's CPU kernels compute them (tf.raw_ops, eager), arguments and results as tfmc
literals with hex floats; an argument set that TensorFlow's kernel refuses (InvalidArgument) is
recorded as Error(shape), as tfmc's contract maps it.

UnsortedSegmentSum's cases show its order: each output row is the sum of its data rows in
their order, starting from +0 (a lone -0 sums to +0), and random f32 rows of many terms, whose
sum rounds differently in any other order, match it.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_gradient_op_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

from make_shape_op_cases import literal

rng = np.random.default_rng(2127)

# TensorFlow's input names, in tfmc's argument order.
INPUTS = {
    "BroadcastGradientArgs": ["s0", "s1"], "InvertPermutation": ["x"],
    "UnsortedSegmentSum": ["data", "segment_ids", "num_segments"],
    "StridedSliceGrad": ["shape", "begin", "end", "strides", "dy"],
}

CASES = []


def case(op, args, **attrs):
    # Tensors of the arguments' own dtypes: given numpy arrays, eager raw_ops may convert an
    # int64 one to the int32 of an earlier call of the op.
    given = [tf.constant(a, dtype=tf.as_dtype(np.asarray(a).dtype)) for a in args]
    try:
        if op == "ConcatOffset":
            res = tf.raw_ops.ConcatOffset(concat_dim=given[0], shape=given[1:])
        else:
            res = getattr(tf.raw_ops, op)(**dict(zip(INPUTS[op], given)), **attrs)
    except tf.errors.InvalidArgumentError:
        res = None
    if res is None:
        outs = ["Error(shape)"]
    else:
        if not isinstance(res, (list, tuple)):
            res = [res]
        outs = [literal(r.numpy()) for r in res]
    CASES.append((op, attrs, [literal(a) for a in args], outs))


def i32(x):
    return np.asarray(x, np.int32)


def i64(x):
    return np.asarray(x, np.int64)


def f32(x):
    return np.asarray(x, np.float32)


def broadcast_cases():
    for s0, s1 in [([2, 3], [3]), ([2, 1], [1, 3]), ([], [4, 5]), ([], []), ([1], []),
                   ([1, 2], [1, 2]), ([1, 1], [1]), ([1], [1, 1]), ([5, 1, 3], [4, 1]),
                   ([2, 3], [3, 2]), ([0], [1]), ([0], [2]), ([3, 0, 1], [1, 4]),
                   ([1, 1, 1], [1, 1, 1]), ([2, 1, 1], [1, 1]), ([-1], [1]), ([-1], [2])]:
        case("BroadcastGradientArgs", [i32(s0), i32(s1)])
    case("BroadcastGradientArgs", [i64([7, 1, 2]), i64([7, 3, 1])])
    case("BroadcastGradientArgs", [i32(2), i32([2])])


def invert_cases():
    for x in [[2, 0, 1], [0], [], [3, 2, 1, 0], [1, 1], [0, 2], [-1, 0]]:
        case("InvertPermutation", [i32(x)])
    case("InvertPermutation", [i64([1, 2, 0])])
    case("InvertPermutation", [i32(0)])


def segment_cases():
    x = f32([[1.5, -2.0], [0.25, 3.0], [-0.0, 1e30], [7.0, -1e30]])
    case("UnsortedSegmentSum", [x, i32([0, 2, 0, 2]), i32(3)])
    case("UnsortedSegmentSum", [x, i32([1, -1, 1, -5]), i64(2)])
    case("UnsortedSegmentSum", [f32([-0.0, -0.0, 1.0]), i32([0, 0, 1]), i32(3)])
    case("UnsortedSegmentSum", [f32([np.nan, 1.0, np.inf, -np.inf]), i64([0, 0, 1, 1]), i32(2)])
    case("UnsortedSegmentSum", [x, i32([0, 3, 0, 1]), i32(3)])
    case("UnsortedSegmentSum", [x, i32([0, 1, 0, 1]), i32(-1)])
    case("UnsortedSegmentSum", [x, i32([0, 1, 0]), i32(2)])
    case("UnsortedSegmentSum", [x, i32([[0, 1], [1, 0]]), i32(2)])
    case("UnsortedSegmentSum", [x, i32([[0, 1], [1, 0], [0, 0], [1, 1]]), i32(2)])
    case("UnsortedSegmentSum", [x, i32([0, 1, 0, 1]), i32([2])])
    case("UnsortedSegmentSum", [np.zeros([2, 0], np.float32), i32([5, -1]), i32(3)])
    case("UnsortedSegmentSum", [np.zeros([0, 3], np.float64), i32(np.zeros([0])), i32(2)])
    case("UnsortedSegmentSum", [x, i32([0, 1, 0, 1]), i32(0)])
    case("UnsortedSegmentSum", [i32([2147483647, 1, -3]), i32([0, 0, 1]), i32(2)])
    case("UnsortedSegmentSum", [i64([[1, 2], [3, 4]]), i64([1, 1]), i64(3)])
    case("UnsortedSegmentSum", [np.asarray(2.5, np.float64), i32(0), i32(2)])
    case("UnsortedSegmentSum", [np.arange(12, dtype=np.float64).reshape(2, 3, 2), i32([1, 0]),
                                i32(2)])
    # Many rows of random floats onto few segments: only one order of the terms gives these.
    for n, rows in [(64, 3), (333, 5)]:
        data = (rng.standard_normal([n, 9]) * np.exp(rng.uniform(-8, 8, [n, 9]))).astype(
            np.float32)
        case("UnsortedSegmentSum", [data, i32(rng.integers(-1, rows, n)), i32(rows)])


def strided_grad_cases():
    dy = lambda shape: np.arange(1, 1 + int(np.prod(shape)), dtype=np.float32).reshape(shape)
    c = lambda shape, b, e, s, out, **m: case("StridedSliceGrad", [i32(shape), i32(b), i32(e),
                                                                 i32(s), out], **m)
    c([4, 5], [1, 0], [3, 5], [1, 2], dy([2, 3]))
    c([4, 5], [-1, 4], [0, 0], [-1, -2], dy([3, 2]))
    c([4, 5], [1], [2], [1], dy([5]), shrink_axis_mask=1)
    c([4, 5], [0, 2], [0, 3], [1, 1], dy([4]), begin_mask=1, end_mask=1, shrink_axis_mask=2)
    c([2, 3, 4], [0, 1], [0, 3], [1, 1], dy([2, 3, 2]), ellipsis_mask=1)
    c([2, 3], [0, 0, 1], [0, 0, 3], [1, 1, 2], dy([2, 1, 1]), new_axis_mask=2, begin_mask=1,
      end_mask=1)
    c([3], [5], [-10], [-1], dy([3]))
    c([3], [1], [1], [1], dy([0]))
    c([0, 2], [0], [0], [1], dy([0, 2]))
    c([], [], [], [], dy([]))
    c([4, 5], [1, 0], [3, 5], [1, 2], dy([2, 2]))
    c([4, 5], [1, 0], [3, 5], [1, 0], dy([2, 5]))
    c([4], [4], [5], [1], dy([]), shrink_axis_mask=1)
    c([-1, 5], [0], [1], [1], dy([0, 5]))
    case("StridedSliceGrad", [i64([3, 2]), i64([1]), i64([3]), i64([1]),
                              np.asarray([[True, False], [False, True]])])
    case("StridedSliceGrad", [i32([6]), i32([0]), i32([6]), i32([2]), i64([7, -8, 9])])
    case("StridedSliceGrad", [i32([[6]]), i32([0]), i32([6]), i32([2]), f32([7, -8, 9])])


def concat_offset_cases():
    case("ConcatOffset", [i32(1), i32([2, 2, 5]), i32([2, 3, 5]), i32([2, 4, 5])])
    case("ConcatOffset", [i32(-1), i32([2, 1]), i32([2, 0]), i32([2, 7])])
    case("ConcatOffset", [i32(0), i64([0, 3]), i64([4, 3])])
    case("ConcatOffset", [i32(2), i32([2, 2]), i32([2, 3])])
    case("ConcatOffset", [i32(0), i32([2, 2]), i32([2, 3])])
    case("ConcatOffset", [i32(0), i32([2, 2]), i32([2, 3, 1])])
    case("ConcatOffset", [i32([0]), i32([2, 2]), i32([2, 3])])
    case("ConcatOffset", [i32(0), i32(2), i32(3)])


def main(out):
    for make in (broadcast_cases, invert_cases, segment_cases, strided_grad_cases,
                 concat_offset_cases):
        make()
    lines = ["// Written by tools/tf/make_gradient_op_cases.py with TensorFlow " + tf.__version__ +
             ": {op, attributes, arguments, TensorFlow's results}.",
             "// clang-format off"]
    for op, attrs, args, outs in CASES:
        pairs = ", ".join(f'{{"{k}", "{v}"}}' for k, v in attrs.items())
        lines.append(f'{{"{op}", {{{pairs}}}, {{' + ", ".join(f'"{a}"' for a in args) + "},")
        lines.append("  {" + ", ".join(f'"{o}"' for o in outs) + "}},")
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(len(CASES), "cases", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
