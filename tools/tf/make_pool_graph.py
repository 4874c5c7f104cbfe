"""Writes testdata/graphdef/pool/: a TF1 graph in which Keras's MaxPooling2D and
AveragePooling2D layers pool w * x, w a variable, with a weighted sum of their squares as
loss, and one gradient descent step on w (so TensorFlow's gradients write MaxPoolGrad and
AvgPoolGrad), as TensorFlow 2.21 writes it with its defaults (pool.pbtxt, checked with the
arguments of pool.args), and the pooled tensors of that run and w after it (pool.expected:
`NAME = LITERAL` lines, hex floats). The data are random normals, so the files test the
pooling's roundings; a tie in a max window is placed on purpose.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_pool_graph.py DIR
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_shape_op_cases import literal  # noqa: E402

v1 = tf.compat.v1
rng = np.random.default_rng(7)
SHAPE = (2, 5, 5, 3)
X = rng.standard_normal(SHAPE).astype(np.float32)
X[0, 0, :2, 0] = 1.5  # a tie in a max window
W = rng.standard_normal(SHAPE).astype(np.float32)
W[0, 0, :2, 0] = 1.0
C_MAX = rng.standard_normal((2, 3, 3, 3)).astype(np.float32)
C_AVG = rng.standard_normal((2, 5, 5, 3)).astype(np.float32)


def build():
    w = v1.get_variable("w", initializer=W, use_resource=True)
    h = tf.multiply(tf.constant(X), w.read_value(), name="h")
    maxed = tf.keras.layers.MaxPooling2D(2, strides=2, padding="same", name="max")(h)
    averaged = tf.keras.layers.AveragePooling2D(3, strides=1, padding="same", name="avg")(h)
    maxed = tf.identity(maxed, name="maxed")
    averaged = tf.identity(averaged, name="averaged")
    # Squares, so that the pools' gradients depend on w: TensorFlow's graph optimizer would
    # compute the gradients of a loss linear in them while folding constants, with other kernels.
    loss = tf.add(tf.reduce_sum(maxed * maxed * C_MAX), tf.reduce_sum(averaged * averaged * C_AVG),
                  name="loss")
    v1.train.GradientDescentOptimizer(0.5).minimize(loss, var_list=[w], name="train")
    v1.global_variables_initializer()
    return ["maxed:0", "averaged:0"], w


def main(out):
    os.makedirs(out, exist_ok=True)
    graph = tf.Graph()
    with graph.as_default():
        fetches, w = build()
        with v1.Session() as sess:
            sess.run("init")
            values = sess.run(fetches + ["train"])
            after = sess.run(w)
    ops = {n.op for n in graph.as_graph_def().node}
    assert {"MaxPool", "MaxPoolGrad", "AvgPool", "AvgPoolGrad"} <= ops, ops
    with open(os.path.join(out, "pool.pbtxt"), "w") as f:
        f.write(str(graph.as_graph_def()))
    with open(os.path.join(out, "pool.args"), "w") as f:
        f.write("--init\ninit\n")
        for name in fetches:
            f.write(f"--fetch\n{name[:-2]}\n")
        f.write("--target\ntrain\n")
    with open(os.path.join(out, "pool.expected"), "w") as f:
        for name, value in zip(fetches, values):
            f.write(f"{name[:-2]} = {literal(value)}\n")
        f.write(f"w = {literal(after)}\n")


if __name__ == "__main__":
    main(sys.argv[1])
