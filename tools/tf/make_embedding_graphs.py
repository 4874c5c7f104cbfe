"""Writes testdata/graphdef/embedding/: the sparse reads and updates of variables as TensorFlow
2.21 writes and runs them (NAME.pbtxt, checked with the arguments of NAME.args; NAME.expected
holds `VARIABLE = LITERAL` lines, hex floats, of every variable after `init` and the run).

- sgd, sgd_ref, adam, adam_ref: one training step of an embedding model (embedding_lookup of
  ids with a duplicate row, sum of squares as loss) with tf.compat.v1's GradientDescent and
  Adam, on resource variables (ResourceGather, ResourceScatterAdd, Unique ...) and on ref
  variables (GatherV2, ScatterSub, ScatterAdd ...). Adam's values are those of a session
  without Grappler: Grappler's constant push-down rewrites Adam's (g * g) * (1 - beta2) as
  g * ((1 - beta2) * g), one ulp away in one element of emb/Adam_1 here, a rewrite tfmc does
  not make (FORMAT.md, "Arithmetic rewrites").
- sgd_ref_hogwild.expected, sgd_hogwild.expected: every value `emb` can end with when two
  unordered steps run (--concurrent 2), each from TensorFlow: two steps one after the other,
  both gradients from the initial rows applied one after the other, and (ref variables, whose
  ScatterSub without use_locking is not atomic) one step, the other lost.
- scatter_ops: every Scatter*, ScatterNd* and their Resource forms (and a scalar update),
  with duplicate indices, NaN, infinities and signed zeros, each on a variable of its own; and
  gather_unique: ResourceGather of rows [[2, 0], [0, 0]] of a variable after init,
  ResourceGatherNd of its elements [2, 0] and [1, 1], and
  Unique of values with NaN and signed zeros, fetched as `unique:0` and `unique:1`
  (gather_unique.outputs).

Every tensor has fewer than 8 elements per row, so Eigen's packets play no part.
Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_embedding_graphs.py DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import config_pb2  # noqa: E402
from tensorflow.python.ops import gen_state_ops  # noqa: E402

from training_graph import write_expected  # noqa: E402
from valued_graph import hex_literal  # noqa: E402

v1 = tf.compat.v1
v1.disable_eager_execution()
EMB = np.array([[0.3, -1.7], [2.1, 0.45], [-0.8, 1.3], [0.6, 0.9]], np.float32)
IDS = np.array([0, 2, 0], np.int32)


def embedding_step(name):
    """The graph of one step, its init, and the session's values after init and `runs`."""
    ref = name.endswith("_ref")
    emb = v1.get_variable("emb", initializer=EMB, use_resource=not ref)
    e = tf.nn.embedding_lookup(emb, tf.constant(IDS))
    loss = tf.reduce_sum(e * e)
    opt = (v1.train.GradientDescentOptimizer(0.1) if name.startswith("sgd")
           else v1.train.AdamOptimizer(0.1))
    opt.minimize(loss, name="train")
    return v1.global_variables_initializer()


def write_embedding(name, out_dir):
    g = tf.Graph()
    with g.as_default():
        init = embedding_step(name)
        variables = v1.global_variables()
        config = config_pb2.ConfigProto()
        config.graph_options.rewrite_options.disable_meta_optimizer = name.startswith("adam")
        with v1.Session(graph=g, config=config) as s:
            s.run(init)
            s.run("train")
            values = s.run(variables)
            if name.startswith("sgd"):
                s.run("train")
                two_steps = s.run("emb:0" if name.endswith("_ref") else "emb/Read/ReadVariableOp:0")
    tf.io.write_graph(g.as_graph_def(), out_dir, f"{name}.pbtxt")
    with open(os.path.join(out_dir, f"{name}.args"), "w") as f:
        f.write("--init\ninit\n--target\ntrain\n")
    write_expected(os.path.join(out_dir, f"{name}.expected"), variables, values)
    if name.startswith("sgd"):
        write_hogwild(name, out_dir, values[0], two_steps)


def write_hogwild(name, out_dir, one_step, two_steps):
    """emb's values after two unordered steps: in order, both from the initial rows, and (ref
    variables) one lost."""
    g = tf.Graph()
    with g.as_default():
        emb = v1.get_variable("emb", initializer=EMB, use_resource=False)
        e = tf.nn.embedding_lookup(emb, tf.constant(IDS))
        grad = tf.gradients(tf.reduce_sum(e * e), emb)[0]
        delta = grad.values * 0.1
        first = v1.scatter_sub(emb, grad.indices, delta)
        with tf.control_dependencies([first]):
            second = v1.scatter_sub(emb, grad.indices, delta)
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            s.run(second)
            stale = s.run(emb)
    outcomes = [two_steps, stale] + ([one_step] if name.endswith("_ref") else [])
    with open(os.path.join(out_dir, f"{name}_hogwild.expected"), "w") as f:
        for value in outcomes:
            f.write(f"emb = {hex_literal(value)}\n")


SCATTER = np.array([[1.5, -2.0, 0.0], [4.0, np.nan, -0.0], [np.inf, 3.0, 7.0]], np.float32)
INDICES = np.array([2, 0, 2, 1], np.int32)
UPDATES = np.array([[0.1, 0.2, -0.0], [1e30, np.nan, 0.0], [0.7, -3.0, 1e-3],
                    [-np.inf, 5.0, -0.0]], np.float32)

ND_INDICES = np.array([[2, 1], [0, 0], [2, 1], [1, 2]], np.int32)
ND_UPDATES = np.array([1e30, np.nan, -1e30, -0.0], np.float32)


def write_scatter_ops(out_dir):
    g = tf.Graph()
    with g.as_default():
        targets = []
        for op in ["add", "sub", "mul", "div", "min", "max", "update"]:
            var = v1.get_variable(f"resource_{op}", initializer=SCATTER, use_resource=True)
            # Div refuses a zero update.
            updates = np.where(UPDATES == 0, np.float32(-0.5), UPDATES) if op == "div" else UPDATES
            targets.append(getattr(tf.raw_ops, f"ResourceScatter{op.capitalize()}")(
                resource=var.handle, indices=INDICES, updates=updates, name=f"scatter_{op}"))
            ref = v1.get_variable(f"ref_{op}", initializer=SCATTER, use_resource=False)
            targets.append(getattr(v1, f"scatter_{op}")(ref, INDICES, updates,
                                                        name=f"ref_scatter_{op}"))
        for op in ["add", "sub", "min", "max", "update"]:
            var = v1.get_variable(f"resource_nd_{op}", initializer=SCATTER, use_resource=True)
            targets.append(getattr(tf.raw_ops, f"ResourceScatterNd{op.capitalize()}")(
                ref=var.handle, indices=ND_INDICES, updates=ND_UPDATES, name=f"scatter_nd_{op}"))
            ref = v1.get_variable(f"ref_nd_{op}", initializer=SCATTER, use_resource=False)
            targets.append(getattr(gen_state_ops, f"scatter_nd_{op}")(
                ref, ND_INDICES, ND_UPDATES, name=f"ref_scatter_nd_{op}"))
        scalar = v1.get_variable("resource_add_scalar", initializer=SCATTER, use_resource=True)
        targets.append(tf.raw_ops.ResourceScatterAdd(resource=scalar.handle, indices=INDICES,
                                                     updates=np.float32(0.25)))
        gather = tf.raw_ops.ResourceGather(resource=scalar.handle, indices=[[2, 0], [0, 0]],
                                           dtype=tf.float32, name="gather")
        gather_nd = tf.raw_ops.ResourceGatherNd(resource=scalar.handle, indices=[[2, 0], [1, 1]],
                                                dtype=tf.float32, name="gather_nd")
        tf.group(*targets, name="train")
        unique = tf.unique(tf.constant([1.0, -0.0, np.nan, 1.0, 0.0, np.nan, -2.0]), name="unique")
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            gathered, gathered_nd, y, idx = s.run([gather, gather_nd, unique.y, unique.idx])
            s.run("train")
            variables = v1.global_variables()
            values = s.run(variables)
    tf.io.write_graph(g.as_graph_def(), out_dir, "scatter_ops.pbtxt")
    with open(os.path.join(out_dir, "scatter_ops.args"), "w") as f:
        f.write("--init\ninit\n--target\ntrain\n")
    write_expected(os.path.join(out_dir, "scatter_ops.expected"), variables, values)
    with open(os.path.join(out_dir, "gather_unique.args"), "w") as f:
        f.write("--init\ninit\n--fetch\ngather\n--fetch\ngather_nd\n--fetch\nunique:0\n"
                "--fetch\nunique:1\n")
    with open(os.path.join(out_dir, "gather_unique.outputs"), "w") as f:
        f.write(f"gather = {hex_literal(gathered)}\ngather_nd = {hex_literal(gathered_nd)}\n"
                f"unique:0 = {hex_literal(y)}\n"
                f"unique:1 = {hex_literal(idx)}\n")


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name in ["sgd", "sgd_ref", "adam", "adam_ref"]:
        write_embedding(name, out_dir)
    write_scatter_ops(out_dir)


if __name__ == "__main__":
    main(sys.argv[1])
