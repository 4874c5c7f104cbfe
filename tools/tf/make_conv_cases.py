"""Writes tests/gpu_eval/conv_cases.inc: the convolutions as TensorFlow's CPU kernels compute
them (tf.raw_ops, the process's TF_ENABLE_ONEDNN_OPTS, oneDNN on by default), inputs and
results as tfmc literals with hex floats, so that tests/gpu_eval/conv_order_test.cpp can
compare bits, or ulps where FORMAT.md, "Convolutions as TensorFlow rounds them", says tfmc's
order differs from TensorFlow's.

The cases draw random shapes, strides, dilations, paddings (SAME, VALID, EXPLICIT), groups
(Conv2D) and data formats for Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter and the three
depthwise forms, in f32 and f64. Operands have random signs and exponents over 2^-8 .. 2^8,
so that almost every reordering of a sum changes its last bits.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_conv_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2027)
CASES_PER_OP = 40
OPS = ["Conv2D", "Conv2DBackpropInput", "Conv2DBackpropFilter", "DepthwiseConv2dNative",
       "DepthwiseConv2dNativeBackpropInput", "DepthwiseConv2dNativeBackpropFilter"]


def operand(shape, dtype):
    signs = rng.choice([-1.0, 1.0], shape)
    return (signs * rng.uniform(1, 2, shape) * np.exp2(rng.integers(-8, 9, shape))).astype(dtype)


def hex_float(x):
    """x's exact value as a hex float without trailing zero digits: 0x1.8p+0."""
    mantissa, exponent = float(x).hex().split("p")
    return mantissa.rstrip("0").rstrip(".") + "p" + exponent


def literal(a):
    dims = ",".join(str(d) for d in a.shape)
    if a.dtype == np.int32:
        return f"i32[{dims}]{{" + ", ".join(str(int(x)) for x in a.reshape(-1)) + "}"
    kind = "f32" if a.dtype == np.float32 else "f64"
    return f"{kind}[{dims}]{{" + ", ".join(hex_float(x) for x in a.reshape(-1)) + "}"


def out_size(size, kernel, stride, dilation, padding, before, after):
    effective = (kernel - 1) * dilation + 1
    if padding == "SAME":
        return -(-size // stride)
    if padding == "VALID":
        before = after = 0
    return (size + before + after - effective) // stride + 1


def draw(op):
    """A random valid call of op: (attrs, operand arrays, NHWC-ordered sizes)."""
    depthwise = op.startswith("Depthwise")
    while True:
        n, h, w = int(rng.integers(1, 3)), int(rng.integers(1, 8)), int(rng.integers(1, 8))
        kh, kw = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        groups = 1 if depthwise or rng.random() < 0.7 else int(rng.integers(2, 4))
        group_in = int(rng.choice([1, 2, 3, 5, 8, 17]))
        c = group_in * groups
        out_c = int(rng.integers(1, 5)) * groups
        if depthwise:
            c, group_in, out_c = int(rng.integers(1, 6)), None, int(rng.integers(1, 4))
        sh, sw = int(rng.choice([1, 1, 2, 3])), int(rng.choice([1, 1, 2, 3]))
        dh, dw = int(rng.choice([1, 1, 1, 2])), int(rng.choice([1, 1, 1, 2]))
        if dh > 1 or dw > 1:
            sh = sw = 1  # TensorFlow's CPU kernels take dilations with unit strides
        padding = str(rng.choice(["SAME", "VALID", "EXPLICIT"] if not depthwise else
                                 ["SAME", "VALID"]))
        pads = [int(p) for p in rng.integers(0, 3, 4)] if padding == "EXPLICIT" else [0] * 4
        oh = out_size(h, kh, sh, dh, padding, pads[0], pads[1])
        ow = out_size(w, kw, sw, dw, padding, pads[2], pads[3])
        if oh >= 1 and ow >= 1:
            break
    nchw = not depthwise and rng.random() < 0.2
    dtype = np.float64 if rng.random() < 0.2 else np.float32
    filter_shape = (kh, kw, c, out_c) if depthwise else (kh, kw, group_in, out_c)
    out_channels = c * out_c if depthwise else out_c
    x = operand((n, h, w, c), dtype)
    f = operand(filter_shape, dtype)
    dy = operand((n, oh, ow, out_channels), dtype)
    attrs = {"strides": [1, sh, sw, 1], "dilations": [1, dh, dw, 1], "padding": padding,
             "explicit_paddings": [0, 0, pads[0], pads[1], pads[2], pads[3], 0, 0]
             if padding == "EXPLICIT" else []}
    return attrs, nchw, x, f, dy


def to_format(v, nchw):
    """A [4] list or a rank-4 array of NHWC order in the call's data format."""
    if not nchw:
        return v
    if isinstance(v, np.ndarray):
        return np.ascontiguousarray(v.transpose(0, 3, 1, 2))
    if len(v) == 8:
        return v[0:2] + v[6:8] + v[2:6]
    return [v[0], v[3], v[1], v[2]]


def case_line(op):
    attrs, nchw, x, f, dy = draw(op)
    call = {"strides": to_format(attrs["strides"], nchw),
            "dilations": to_format(attrs["dilations"], nchw), "padding": attrs["padding"],
            "data_format": "NCHW" if nchw else "NHWC"}
    if attrs["explicit_paddings"]:
        call["explicit_paddings"] = to_format(attrs["explicit_paddings"], nchw)
    x, dy = to_format(x, nchw), to_format(dy, nchw)
    kernel = getattr(tf.raw_ops, op)
    try:
        out = literal(call_kernel(op, kernel, x, f, dy, call, args := []).numpy())
    except tf.errors.OpError as e:
        out = "refused: " + e.message.split("}}")[-1].split("[Op")[0].strip()
    ints = lambda v: "{" + ", ".join(str(i) for i in v) + "}"
    return (f'{{"{op}", {ints(call["strides"])}, {ints(call["dilations"])}, '
            f'"{attrs["padding"]}", {ints(call.get("explicit_paddings", []))}, '
            f'{str(nchw).lower()}, {{' + ", ".join(f'"{literal(a)}"' for a in args) +
            f'}}, "{out}"}},')


def call_kernel(op, kernel, x, f, dy, call, args):
    """Runs op, appending its arguments to args."""
    if op.endswith("BackpropInput"):
        args += [np.array(x.shape, np.int32), f, dy]
        return kernel(input_sizes=args[0], filter=f, out_backprop=dy, **call)
    elif op.endswith("BackpropFilter"):
        args += [x, np.array(f.shape, np.int32), dy]
        return kernel(input=x, filter_sizes=args[1], out_backprop=dy, **call)
    args += [x, f]
    return kernel(input=x, filter=f, **call)


def main(out):
    lines = [f"// Written by tools/tf/make_conv_cases.py with TensorFlow {tf.__version__}: "
             "{op, strides, dilations, padding, explicit_paddings, NCHW, arguments, "
             "TensorFlow's result}.",
             "// clang-format off"]
    lines += [case_line(op) for op in OPS for _ in range(CASES_PER_OP)]
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
