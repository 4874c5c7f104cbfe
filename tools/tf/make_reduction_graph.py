"""Writes testdata/graphdef/reductions/reductions.pbtxt, a TensorFlow graph of Sum, Mean, Prod,
BiasAddGrad and Cumsum nodes over constants (whole packets, tails and columns of f32 and f64,
an i32 Mean, both data formats, exclusive and reverse running sums),
with reductions.args (the fetches) and reductions.expected (`NAME = LITERAL` per fetched node:
TensorFlow's values, hex floats), for tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_reduction_graph.py OUT_DIR
"""
import sys

import numpy as np
import tensorflow as tf

from valued_graph import write_valued_graph

rng = np.random.default_rng(2027)


def values(shape, dtype):
    return (rng.standard_normal(shape) * np.exp2(rng.integers(-6, 6, shape))).astype(dtype)


def main(out_dir):
    g = tf.Graph()
    with g.as_default():
        a = tf.constant(values((5, 37), np.float32), name="a")
        b = tf.constant(values((24, 11), np.float64), name="b")
        c = tf.constant(values((3, 6, 4), np.float32) * 0.25 + 1.0, name="c")
        d = tf.constant(rng.integers(-100, 100, (7, 3)).astype(np.int32), name="d")
        fetched = [
            tf.raw_ops.Sum(input=a, axis=[1], name="sum_rows"),
            tf.raw_ops.Sum(input=b, axis=[0], keep_dims=True, name="sum_columns"),
            tf.raw_ops.Sum(input=a, axis=[0, 1], name="sum_all"),
            tf.raw_ops.Mean(input=a, axis=[1], name="mean_rows"),
            tf.raw_ops.Mean(input=b, axis=0, name="mean_columns"),
            tf.raw_ops.Mean(input=d, axis=[0], name="mean_ints"),
            tf.raw_ops.Prod(input=c, axis=[0, 2], name="prod_outer_inner"),
            tf.raw_ops.Prod(input=c, axis=[1], keep_dims=True, name="prod_middle"),
            tf.raw_ops.BiasAddGrad(out_backprop=b, name="bias_grad_nhwc"),
            tf.raw_ops.BiasAddGrad(out_backprop=c, data_format="NCHW", name="bias_grad_nchw"),
            tf.raw_ops.Cumsum(x=a, axis=1, name="cumsum"),
            tf.raw_ops.Cumsum(x=b, axis=0, exclusive=True, reverse=True, name="cumsum_exclusive"),
        ]
    write_valued_graph(g, fetched, out_dir, "reductions")

if __name__ == "__main__":
    main(sys.argv[1])
