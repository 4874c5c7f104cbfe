"""Writes testdata/graphdef/shape_ops/: a TF1 graph that feeds one placeholder through the
shape and index ops (Squeeze, ExpandDims, Transpose, Slice, StridedSlice with masks, Pad,
PadV2, MirrorPad, GatherV2 with batch_dims, OneHot, BroadcastTo, ShapeN, Size, Rank, Where) as
TensorFlow 2.21 writes it (shape_ops.pbtxt, checked with the arguments of shape_ops.args), and
the value of each fetched tensor after one run in TensorFlow (shape_ops.expected:
`FETCH = LITERAL` lines, hex floats).

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_shape_op_graph.py DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_shape_op_cases import literal  # noqa: E402

v1 = tf.compat.v1
raw = tf.raw_ops
X = np.array([[1.5, -2, 0], [0.25, -0.0, 8]], np.float32)


def build():
    x = v1.placeholder(tf.float32, [2, 3], name="x")
    fetches = {}

    def fetch(t):
        fetches[t.name] = t

    wide = raw.ExpandDims(input=x, axis=tf.constant(1), name="wide")  # [2,1,3]
    fetch(wide)
    fetch(raw.Squeeze(input=wide, axis=[-2], name="narrow"))
    fetch(raw.Transpose(x=x, perm=tf.constant([1, 0], tf.int64), name="xt"))
    fetch(raw.Slice(input=x, begin=tf.constant([0, 1]), size=tf.constant([-1, 2]), name="cut"))
    fetch(tf.identity(x[1:, ::-2], name="reversed"))  # StridedSlice with masks
    fetch(tf.identity(x[..., 1, tf.newaxis], name="column"))  # ellipsis, shrink, new axis
    paddings = tf.constant([[1, 0], [0, 2]])
    fetch(raw.Pad(input=x, paddings=paddings, name="padded"))
    fetch(raw.PadV2(input=x, paddings=paddings, constant_values=tf.constant(-1.0), name="padded2"))
    fetch(raw.MirrorPad(input=x, paddings=tf.constant([[1, 1], [2, 0]]), mode="REFLECT",
                        name="reflected"))
    fetch(raw.MirrorPad(input=x, paddings=tf.constant([[0, 2], [1, 1]]), mode="SYMMETRIC",
                        name="symmetric"))
    fetch(tf.gather(x, tf.constant([[2, 0], [1, 1]]), axis=1, batch_dims=1, name="picked"))
    fetch(raw.GatherV2(params=x, indices=tf.constant([1, 1, 0]), axis=tf.constant(0),
                       name="rows"))
    fetch(raw.OneHot(indices=tf.constant([2, -1, 0]), depth=tf.constant(3),
                     on_value=tf.constant(1.0), off_value=tf.constant(0.0), axis=0, name="hot"))
    fetch(raw.BroadcastTo(input=raw.Slice(input=x, begin=[0, 0], size=[1, 3]),
                          shape=tf.constant([3, 2, 3]), name="spread"))
    shapes = raw.ShapeN(input=[x, wide], out_type=tf.int64, name="shapes")
    fetch(shapes[0])
    fetch(shapes[1])
    fetch(raw.Size(input=wide, name="count"))
    fetch(raw.Rank(input=wide, name="rank"))
    fetch(raw.Where(condition=x, name="nonzero"))
    return x, fetches


def main(out):
    os.makedirs(out, exist_ok=True)
    graph = tf.Graph()
    with graph.as_default():
        x, fetches = build()
        with v1.Session() as sess:
            values = sess.run(fetches, {x: X})
    with open(os.path.join(out, "shape_ops.pbtxt"), "w") as f:
        f.write(str(graph.as_graph_def()))
    # A fetch of port 0 is written as its node's name.
    names = {name: name[:-2] if name.endswith(":0") else name for name in fetches}
    with open(os.path.join(out, "shape_ops.args"), "w") as f:
        f.write(f"--feed\nx={literal(X)}\n")
        for name in fetches:
            f.write(f"--fetch\n{names[name]}\n")
    with open(os.path.join(out, "shape_ops.expected"), "w") as f:
        for name in fetches:
            f.write(f"{names[name]} = {literal(values[name])}\n")


if __name__ == "__main__":
    main(sys.argv[1])
