"""Writes testdata/graphdef/pow/pow.pbtxt, a TensorFlow graph of Pow nodes: an f32 tensor to a
tensor's powers (whole 8-float packets and a tail), to a scalar power, a broadcast, Adam's
bias correction beta^t with t a cast step count, an i32 power and an f64 one; with pow.args
(the fetches) and pow.expected (`NAME = LITERAL` per fetched node: TensorFlow's values, hex
floats), for tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_pow_graph.py OUT_DIR
"""
import sys

import numpy as np
import tensorflow as tf

from valued_graph import write_valued_graph

rng = np.random.default_rng(2137)


def main(out_dir):
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(rng.uniform(0, 4, (5, 13)).astype(np.float32), name="x")
        e = tf.constant(rng.uniform(-6, 6, (5, 13)).astype(np.float32), name="e")
        col = tf.constant(rng.uniform(0.5, 2, (3, 1)).astype(np.float32), name="col")
        row = tf.constant(rng.uniform(-3, 3, (1, 7)).astype(np.float32), name="row")
        step = tf.constant(np.int64(41), name="iterations")
        beta = tf.constant(np.float32(0.999), name="beta_2")
        t = tf.raw_ops.Cast(x=tf.raw_ops.AddV2(x=step, y=tf.constant(np.int64(1))),
                            DstT=tf.float32, name="local_step")
        base = tf.constant(np.arange(-4, 5, dtype=np.int32), name="base")
        wide = tf.constant(rng.uniform(0, 30, (3, 5)), name="wide")
        wide_e = tf.constant(rng.uniform(-40, 40, (3, 5)), name="wide_e")
        fetched = [
            tf.raw_ops.Pow(x=x, y=e, name="pow"),
            tf.raw_ops.Pow(x=x, y=tf.constant(np.float32(1.5)), name="pow_scalar"),
            tf.raw_ops.Pow(x=col, y=row, name="pow_broadcast"),
            tf.raw_ops.Pow(x=beta, y=t, name="beta_2_power"),
            tf.raw_ops.Pow(x=base, y=tf.constant(np.int32(31)), name="pow_i32"),
            tf.raw_ops.Pow(x=wide, y=wide_e, name="pow_f64"),
        ]
    write_valued_graph(g, fetched, out_dir, "pow")

if __name__ == "__main__":
    main(sys.argv[1])
