"""What the make_*_graph.py scripts that record TensorFlow's values share: a tensor as the tfmc
literal of its exact value (floats as hex, specs/FORMAT.md "Concrete tensors"), and a TF1 graph
written with its fetches and the values TensorFlow's Session gave them, as
tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp reads them: OUT/NAME.pbtxt,
OUT/NAME.args (a `--fetch` per fetched tensor) and OUT/NAME.expected (`NODE = LITERAL`)."""

import os

import numpy as np
import tensorflow as tf

DTYPE_NAMES = {np.float32: "f32", np.float64: "f64", np.int32: "i32", np.int64: "i64",
               np.bool_: "bool"}


def hex_literal(a):
    """The literal of array `a`: its dtype, its shape (none for a scalar), its elements."""
    a = np.asarray(a)
    if a.dtype.kind == "f":
        items = (float(x).hex() for x in a.reshape(-1))
    elif a.dtype.kind == "b":
        items = ("true" if x else "false" for x in a.reshape(-1))
    else:
        items = (str(int(x)) for x in a.reshape(-1))
    dims = f"[{','.join(map(str, a.shape))}]" if a.ndim else ""
    return f"{DTYPE_NAMES[a.dtype.type]}{dims}{{" + ", ".join(items) + "}"


def write_valued_graph(graph, fetched, out_dir, name):
    """Runs the tensors `fetched` of `graph` in a Session and writes the three files."""
    with tf.compat.v1.Session(graph=graph) as s:
        results = s.run(fetched)
    os.makedirs(out_dir, exist_ok=True)
    tf.io.write_graph(graph.as_graph_def(), out_dir, name + ".pbtxt")
    with open(os.path.join(out_dir, name + ".args"), "w") as f:
        for t in fetched:
            f.write(f"--fetch\n{t.op.name}\n")
    with open(os.path.join(out_dir, name + ".expected"), "w") as f:
        for t, r in zip(fetched, results):
            f.write(f"{t.op.name} = {hex_literal(r)}\n")
