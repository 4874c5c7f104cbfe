"""Writes testdata/graphdef/contraction/: a TF1 graph of Keras MultiHeadAttention's
contractions as TensorFlow 2.21 writes it (attention.pbtxt, checked with the arguments of
attention.args): the query, key and value projections (EinsumDense's "abc,cde->abde"), the
scores ("aecd,abcd->acbe"), the combination ("acbe,aecd->abcd") and the output projection
("abcd,cde->abe"), with a BatchMatMulV2 beside them, and tf.gradients of the sum of the output
with respect to the query, key and output kernels (the gradients' Einsum equations); and the value
of each fetched tensor after one run in TensorFlow (attention.expected: `FETCH = LITERAL`
lines, hex floats). The layer's softmax is left out: the scores are scaled instead.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_contraction_graph.py DIR
"""
import os
import sys

import numpy as np
import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_contraction_cases import literal, operand  # noqa: E402

v1 = tf.compat.v1
BATCH, TIME, MODEL, HEADS, DEPTH = 2, 3, 4, 2, 3


def build():
    x = v1.placeholder(tf.float32, [BATCH, TIME, MODEL], name="x")
    fetches = {}

    def fetch(t):
        fetches[t.name] = t

    wq = tf.constant(operand((MODEL, HEADS, DEPTH)), name="wq")
    wk = tf.constant(operand((MODEL, HEADS, DEPTH)), name="wk")
    wv = tf.constant(operand((MODEL, HEADS, DEPTH)), name="wv")
    wo = tf.constant(operand((HEADS, DEPTH, MODEL)), name="wo")
    q = tf.einsum("abc,cde->abde", x, wq, name="query")
    k = tf.einsum("abc,cde->abde", x, wk, name="key")
    v = tf.einsum("abc,cde->abde", x, wv, name="value")
    scores = tf.einsum("aecd,abcd->acbe", k, q, name="scores") * 0.25
    combined = tf.einsum("acbe,aecd->abcd", scores, v, name="combined")
    out = tf.einsum("abcd,cde->abe", combined, wo, name="out")
    fetch(out)
    fetch(tf.linalg.matmul(x, x, adjoint_b=True, name="gram"))
    # The kernels' gradients, each reached by one path: the input's would add three paths
    # with AddN, whose order is not the contractions'.
    for name, g in zip(["dwq", "dwk", "dwo"], tf.gradients(tf.reduce_sum(out), [wq, wk, wo])):
        fetch(tf.identity(g, name=name))
    return x, fetches


def main(out):
    os.makedirs(out, exist_ok=True)
    graph = tf.Graph()
    with graph.as_default():
        x, fetches = build()
        feed = operand((BATCH, TIME, MODEL))
        with v1.Session() as sess:
            values = sess.run(fetches, {x: feed})
    with open(os.path.join(out, "attention.pbtxt"), "w") as f:
        f.write(str(graph.as_graph_def()))
    names = {name: name[:-2] if name.endswith(":0") else name for name in fetches}
    with open(os.path.join(out, "attention.args"), "w") as f:
        f.write(f"--feed\nx={literal(feed)}\n")
        for name in fetches:
            f.write(f"--fetch\n{names[name]}\n")
    with open(os.path.join(out, "attention.expected"), "w") as f:
        for name in fetches:
            f.write(f"{names[name]} = {literal(values[name])}\n")


if __name__ == "__main__":
    main(sys.argv[1])
