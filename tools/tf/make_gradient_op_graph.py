"""Writes testdata/graphdef/gradient_ops/: a TF1 graph whose tf.gradients use the ops of
TensorFlow's gradients (BroadcastGradientArgs of a broadcasting AddV2, StridedSliceGrad of a
strided slice, InvertPermutation of a transpose, UnsortedSegmentSum of a gather, ConcatOffset
of a concatenation, and VariableShape of a resource variable) as TensorFlow 2.21 writes it
(gradient_ops.pbtxt, checked with the arguments of gradient_ops.args: the placeholders of known
rank and unknown dimensions, so that the gradients compute the shapes at run time), and the value of each fetched
tensor and of the variable after one run in TensorFlow (gradient_ops.expected: `NAME = LITERAL`
lines, hex floats).

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_gradient_op_graph.py DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_shape_op_cases import literal  # noqa: E402

v1 = tf.compat.v1
X = np.array([[1.5, -2, 0], [0.25, -0.0, 8]], np.float32)
B = np.array([0.5, 3, -1], np.float32)
V = np.array([[1, 2], [3, 4]], np.float32)


def build():
    x = v1.placeholder(tf.float32, [None, None], name="x")
    b = v1.placeholder(tf.float32, [None], name="b")
    v = v1.get_variable("v", initializer=V, use_resource=True)
    y = tf.add(x, b, name="y")  # broadcasting: BroadcastGradientArgs
    s = tf.identity(x[1:, ::-2], name="s")  # StridedSliceGrad
    t = tf.transpose(x, [1, 0], name="t")  # InvertPermutation
    g = tf.gather(x, [1, 0, 1], name="g")  # UnsortedSegmentSum when made dense
    c = tf.concat([x, y], axis=1, name="c")  # ConcatOffset
    loss = (tf.reduce_sum(y * y) + tf.reduce_sum(s * 3.0) + tf.reduce_sum(t * [[1.0], [2], [4]]) +
            tf.reduce_sum(g * 0.5) + tf.reduce_sum(c * c))
    dx, db = tf.gradients(loss, [x, b])
    fetches = {"dx": tf.identity(dx, name="dx"), "db": tf.identity(db, name="db"),
               "vshape": tf.raw_ops.VariableShape(input=v.handle, name="vshape")}
    return x, b, v, fetches


def main(out):
    os.makedirs(out, exist_ok=True)
    graph = tf.Graph()
    with graph.as_default():
        x, b, v, fetches = build()
        init = tf.group(v1.global_variables_initializer(), name="init")
        with v1.Session() as sess:
            sess.run(init)
            values = sess.run(fetches, {x: X, b: B})
            values["v"] = sess.run(v)
    with open(os.path.join(out, "gradient_ops.pbtxt"), "w") as f:
        f.write(str(graph.as_graph_def()))
    with open(os.path.join(out, "gradient_ops.args"), "w") as f:
        f.write(f"--init\ninit\n--feed\nx={literal(X)}\n--feed\nb={literal(B)}\n")
        for name in fetches:
            f.write(f"--fetch\n{name}\n")
    with open(os.path.join(out, "gradient_ops.expected"), "w") as f:
        for name in values:
            f.write(f"{name} = {literal(values[name])}\n")
    ops = sorted({n.op for n in graph.as_graph_def().node})
    print("ops:", ", ".join(ops), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
