"""Writes testdata/graphdef/softmax/losses.pbtxt, a TensorFlow graph of Softmax, LogSoftmax,
SoftmaxCrossEntropyWithLogits and SparseSoftmaxCrossEntropyWithLogits over constant logits (as
Keras's classification losses and attention use them), with losses.args (the fetches: an
Identity of each output) and losses.expected (`NAME = LITERAL` per fetched node: TensorFlow's
values, hex floats), for tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

TF_ENABLE_ONEDNN_OPTS=0 keeps Softmax on TensorFlow's Eigen kernel, the one tfmc follows
(make_softmax_cases.py says why).

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_softmax_graph.py OUT_DIR
"""
import os
import sys

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from valued_graph import write_valued_graph  # noqa: E402

rng = np.random.default_rng(2031)


def main(out_dir):
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(rng.normal(0, 3, (5, 11)).astype(np.float32), name="logits")
        dense = tf.constant(rng.dirichlet(np.ones(11), 5).astype(np.float32), name="dense")
        sparse = tf.constant(rng.integers(0, 11, 5), dtype=tf.int64, name="sparse")
        loss, backprop = tf.raw_ops.SoftmaxCrossEntropyWithLogits(
            features=x, labels=dense, name="xent")
        sloss, sbackprop = tf.raw_ops.SparseSoftmaxCrossEntropyWithLogits(
            features=x, labels=sparse, name="sparse_xent")
        fetched = [
            tf.identity(tf.raw_ops.Softmax(logits=x, name="softmax_op"), name="softmax"),
            tf.identity(tf.raw_ops.LogSoftmax(logits=x, name="log_softmax_op"),
                        name="log_softmax"),
            tf.identity(loss, name="loss"),
            tf.identity(backprop, name="backprop"),
            tf.identity(sloss, name="sparse_loss"),
            tf.identity(sbackprop, name="sparse_backprop"),
        ]
    write_valued_graph(g, fetched, out_dir, "losses")

if __name__ == "__main__":
    main(sys.argv[1])
