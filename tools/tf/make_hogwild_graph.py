"""Writes testdata/graphdef/hogwild_workers/: Hogwild workers that TensorFlow builds in ONE
tf.Graph, for tfmc's tower symmetry (FORMAT.md, "Symmetry reduction").

Each graph holds K identical workers, each in a name scope of its own (`worker0` ...): the
same constants x and y, a read of the shared resource variables w (2x1) and b (1), one SGD
step of the linear model x @ w + b under the squared error (tf.gradients), and
`assign_sub` of lr * gradient to w and to b, grouped as `workerK/step`. tfmc must find the
K workers as one class of K towers and give exactly the outcomes of --symmetry none.

  workersK.pbtxt     K = 2, 3, 4 identical workers
  different2.pbtxt   2 workers whose x differ: no towers
  NAME.args          the run: --init init and each worker's step as a --target

CASES (tests/semantics/graphdef/hogwild_workers_cases.inc) holds, per graph, every (w, b)
the workers can leave, as TensorFlow computes them (hex floats). Each worker reads w and b
(two ReadVariableOps, in either order) and then subtracts its deltas from w and from b (two
atomic AssignSubVariableOps, in either order); every interleaving of the workers' reads and
updates is possible. The deltas a worker computes from the values it read come from the
graph itself: a Session.run of the worker's deltas with its two reads fed those values; the
subtractions are f32, as AssignSubVariableOp's. The script checks that every serial order of
the workers' steps, run in TensorFlow, leaves a (w, b) of the set.

The constants are short binary fractions. With x = [0.3, 1.2] and y = 0.7, TensorFlow's run of
a worker after another one's step gave (x @ w + b) - y one ulp below the f32 subtraction of
the sum it gives when the sum is fetched and y (a run that fetches the sum optimizes the graph
otherwise; the rewrite was not pinned down), where tfmc subtracts as written; that rounding is
not what these graphs are about.

Usage: python tools/tf/make_hogwild_graph.py OUT_DIR CASES
  OUT_DIR  testdata/graphdef/hogwild_workers
  CASES    tests/semantics/graphdef/hogwild_workers_cases.inc
"""
import itertools
import os
import sys

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1

W0 = np.array([[0.5], [-0.75]], np.float32)
B0 = np.array([0.25], np.float32)
X = np.array([[0.5, 0.25]], np.float32)
Y = np.array([[0.75]], np.float32)
LR = 0.125
# name -> the x of each worker
GRAPHS = {
    "workers2": [X, X],
    "workers3": [X, X, X],
    "workers4": [X, X, X, X],
    "different2": [X, np.array([[0.25, 1.0]], np.float32)],
}


def build(xs):
    """The graph of one worker per x; returns it, and per worker its reads and deltas."""
    g = tf.Graph()
    workers = []
    with g.as_default():
        w = tf.Variable(W0, name="w")
        b = tf.Variable(B0, name="b")
        for k, x in enumerate(xs):
            with tf.name_scope(f"worker{k}"):
                wv = w.value()
                bv = b.value()
                pred = tf.matmul(tf.constant(x), wv) + bv
                loss = tf.reduce_sum(tf.square(pred - tf.constant(Y)))
                gw, gb = tf.gradients(loss, [wv, bv])
                dw = LR * gw
                db = LR * gb
                tf.group(w.assign_sub(dw, read_value=False), b.assign_sub(db, read_value=False),
                         name="step")
            workers.append((wv, bv, dw, db))
        v1.global_variables_initializer()
    return g, workers


def final_values(count, delta):
    """Every (w, b) that `count` workers can leave, as bytes: every interleaving of their reads
    and updates, explored over distinct states."""
    finals = set()
    seen = set()

    # A worker is (w it read, b it read, w updated, b updated), a read None until it is done.
    def explore(w, b, workers):
        key = (w.tobytes(), b.tobytes(), workers)
        if key in seen:
            return
        seen.add(key)
        if all(dw_done and db_done for _, _, dw_done, db_done in workers):
            finals.add((w.tobytes(), b.tobytes()))
            return
        for k, (rw, rb, dw_done, db_done) in enumerate(workers):
            moves = []
            if rw is None:
                moves.append(((w.tobytes(), rb, False, False), w, b))
            if rb is None:
                moves.append(((rw, b.tobytes(), False, False), w, b))
            if rw is not None and rb is not None:
                dw, db = delta(k, rw, rb)
                if not dw_done:
                    moves.append(((rw, rb, True, db_done), (w - dw).astype(np.float32), b))
                if not db_done:
                    moves.append(((rw, rb, dw_done, True), w, (b - db).astype(np.float32)))
            for worker, nw, nb in moves:
                explore(nw, nb, workers[:k] + (worker,) + workers[k + 1:])

    explore(W0, B0, tuple((None, None, False, False) for _ in range(count)))
    return finals


def main(out, cases):
    os.makedirs(out, exist_ok=True)
    lines = []
    for name, xs in GRAPHS.items():
        g, workers = build(xs)
        tf.io.write_graph(g.as_graph_def(), out, f"{name}.pbtxt", as_text=True)
        steps = [f"worker{k}/step" for k in range(len(xs))]
        with open(os.path.join(out, f"{name}.args"), "w") as f:
            f.write("--init\ninit\n" + "".join(f"--target\n{s}\n" for s in steps))
        with g.as_default(), v1.Session(graph=g) as sess:
            cache = {}

            def delta(k, w_bytes, b_bytes):
                if (k, w_bytes, b_bytes) not in cache:
                    wv, bv, dw, db = workers[k]
                    cache[(k, w_bytes, b_bytes)] = sess.run(
                        [dw, db], {wv: np.frombuffer(w_bytes, np.float32).reshape(2, 1),
                                   bv: np.frombuffer(b_bytes, np.float32)})
                return cache[(k, w_bytes, b_bytes)]

            finals = final_values(len(xs), delta)
            for order in itertools.permutations(range(len(xs))):
                sess.run("init")
                for k in order:
                    sess.run(steps[k])
                w, b = sess.run(["w/Read/ReadVariableOp:0", "b/Read/ReadVariableOp:0"])
                assert (w.tobytes(), b.tobytes()) in finals, f"serial order {order} differs"
        print(name, len(finals), "values of (w, b)")
        for wb, bb in sorted(finals):
            w = np.frombuffer(wb, np.float32)
            b = np.frombuffer(bb, np.float32)
            lines.append('{"%s", %s, %s, %s},\n' % (name, float(w[0]).hex(), float(w[1]).hex(),
                                                     float(b[0]).hex()))
    with open(cases, "w") as f:
        f.write("// Written by tools/tf/make_hogwild_graph.py with TensorFlow "
                f"{tf.__version__}: for each graph of\n// testdata/graphdef/hogwild_workers, "
                "every (w, b) its workers can leave.\n")
        f.writelines(lines)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
