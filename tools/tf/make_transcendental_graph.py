"""Writes testdata/graphdef/transcendental/activations.pbtxt, a TensorFlow graph of Exp, Log,
Sigmoid and Tanh nodes over constants (whole 8-float packets and tails, chained as a layer's
activations are), with activations.args (the fetches) and activations.expected
(`NAME = LITERAL` per fetched node: TensorFlow's values, hex floats), for
tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_transcendental_graph.py OUT_DIR
"""
import sys

import numpy as np
import tensorflow as tf

from valued_graph import write_valued_graph

rng = np.random.default_rng(2029)


def main(out_dir):
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(rng.normal(0, 4, (5, 13)).astype(np.float32), name="x")
        w = tf.constant(rng.uniform(0.01, 50, (3, 7)).astype(np.float32), name="w")
        fetched = [
            tf.raw_ops.Exp(x=x, name="exp"),
            tf.raw_ops.Log(x=w, name="log"),
            tf.raw_ops.Sigmoid(x=x, name="sigmoid"),
            tf.raw_ops.Tanh(x=x, name="tanh"),
            tf.raw_ops.Sigmoid(x=tf.raw_ops.Tanh(x=x, name="inner"), name="sigmoid_of_tanh"),
            tf.raw_ops.Log(x=tf.raw_ops.Exp(x=w, name="exp_w"), name="log_of_exp"),
        ]
    write_valued_graph(g, fetched, out_dir, "activations")

if __name__ == "__main__":
    main(sys.argv[1])
