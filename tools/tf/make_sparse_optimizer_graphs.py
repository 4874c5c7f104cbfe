"""Writes testdata/graphdef/sparse_optimizers/: the sparse optimizer updates as TensorFlow 2.21
writes and runs them (NAME.pbtxt, checked with the arguments of NAME.args; NAME.expected holds
`VARIABLE = LITERAL` lines, hex floats, of every variable after `init` and the run).

- resource, ref: one training step of an embedding model per tf.compat.v1 optimizer with a
  sparse update (Adagrad, AdagradDA, Adadelta, Momentum with Nesterov, RMSProp plain and
  centered, Ftrl and Ftrl with l2 shrinkage, ProximalAdagrad, ProximalGradientDescent), each on
  an embedding of its own: a [4, 2] table (rows of two elements) and a [4] one (TensorFlow's
  one-element-row branch), looked up with ids [0, 2, 0], sum of squares as loss; on resource
  variables (ResourceSparseApply*) and on ref variables (SparseApply*). `resource` also runs
  tf.raw_ops.ResourceSparseApplyAdagradV2 and ResourceSparseApplyKerasMomentum, which no
  tf.compat.v1 optimizer writes, with a repeated index.
- adagrad_ref, adagrad_ref_hogwild.expected: the Adagrad step alone on ref variables, and every
  value `adagrad/table` can end with when two unordered steps run (--concurrent 2), each from
  TensorFlow: the two steps one after the other, both gradients of the initial rows applied one
  after the other, and, as SparseApplyAdagrad without use_locking is not atomic on refs, one
  step with the other lost and the second step reading one of the table and its accumulator
  before the first step's write and the other after it.

Every row has fewer than 8 elements, so Eigen's packets play no part.
Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_sparse_optimizer_graphs.py DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from training_graph import write_training_step  # noqa: E402
from valued_graph import hex_literal  # noqa: E402

v1 = tf.compat.v1
v1.disable_eager_execution()
TABLE = np.array([[0.3, -1.7], [2.1, 0.45], [-0.8, 1.3], [0.6, 0.9]], np.float32)
BIAS = np.array([0.25, -1.5, 0.75, 2.0], np.float32)
IDS = np.array([0, 2, 0], np.int32)

OPTIMIZERS = {
    "adagrad": lambda: v1.train.AdagradOptimizer(0.1),
    "adagrad_da": lambda: v1.train.AdagradDAOptimizer(
        0.1, global_step=v1.train.get_or_create_global_step(),
        l1_regularization_strength=0.01, l2_regularization_strength=0.02),
    "adadelta": lambda: v1.train.AdadeltaOptimizer(1.0),
    "momentum": lambda: v1.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True),
    "rmsprop": lambda: v1.train.RMSPropOptimizer(0.01, momentum=0.5),
    "rmsprop_centered": lambda: v1.train.RMSPropOptimizer(0.01, momentum=0.5, centered=True),
    "ftrl": lambda: v1.train.FtrlOptimizer(0.1, l1_regularization_strength=0.05),
    "ftrl_v2": lambda: v1.train.FtrlOptimizer(0.1, l1_regularization_strength=0.05,
                                              l2_shrinkage_regularization_strength=0.02),
    "proximal_adagrad": lambda: v1.train.ProximalAdagradOptimizer(
        0.1, l1_regularization_strength=0.05, l2_regularization_strength=0.01),
    "proximal_sgd": lambda: v1.train.ProximalGradientDescentOptimizer(
        0.1, l1_regularization_strength=0.05, l2_regularization_strength=0.01),
}


def loss_of(table, bias):
    e = tf.nn.embedding_lookup(table, tf.constant(IDS))
    b = tf.gather(bias, tf.constant(IDS))
    return tf.reduce_sum(e * e) + tf.reduce_sum(b * b)


def raw_updates():
    """ResourceSparseApplyAdagradV2 and ResourceSparseApplyKerasMomentum, index 1 twice."""
    ops = []
    for name, op, slots, extra in [
            ("adagrad_v2", tf.raw_ops.ResourceSparseApplyAdagradV2, ["accum"],
             {"lr": np.float32(0.1), "epsilon": np.float32(1e-7)}),
            ("keras_momentum", tf.raw_ops.ResourceSparseApplyKerasMomentum, ["accum"],
             {"lr": np.float32(0.1), "momentum": np.float32(0.9), "use_nesterov": True})]:
        var = v1.get_variable(f"{name}/table", initializer=TABLE, use_resource=True)
        accum = v1.get_variable(f"{name}/accum", initializer=np.full_like(TABLE, 0.5),
                                use_resource=True)
        grad = np.array([[0.5, -1.0], [2.0, 0.25], [-0.75, 1.5]], np.float32)
        ops.append(op(var=var.handle, accum=accum.handle, grad=grad,
                      indices=np.array([1, 3, 1], np.int64), name=f"{name}/update", **extra))
    return ops


def write_graph(name, out_dir, resource, optimizers):
    g = tf.Graph()
    with g.as_default():
        updates = []
        for opt_name in optimizers:
            with v1.variable_scope(opt_name):
                table = v1.get_variable("table", initializer=TABLE, use_resource=resource)
                bias = v1.get_variable("bias", initializer=BIAS, use_resource=resource)
                updates.append(OPTIMIZERS[opt_name]().minimize(loss_of(table, bias)))
        if resource and name == "resource":
            updates += raw_updates()
        tf.group(*updates, name="train")
        v1.global_variables_initializer()
    write_training_step(g, out_dir, name)


def write_hogwild(out_dir):
    """adagrad/table's values after two unordered Adagrad steps on ref variables: in order, both
    gradients of the initial rows in turn, one lost, and the second step reading one of table
    and accumulator before the first step's write and the other after it."""
    g = tf.Graph()
    with g.as_default():
        with v1.variable_scope("adagrad"):
            table = v1.get_variable("table", initializer=TABLE, use_resource=False)
            bias = v1.get_variable("bias", initializer=BIAS, use_resource=False)
            opt = OPTIMIZERS["adagrad"]()
            grads = opt.compute_gradients(loss_of(table, bias))
            first = opt.apply_gradients(grads)
            with tf.control_dependencies([first]):  # the same gradients again
                second = opt.apply_gradients(grads)
        accum = opt.get_slot(table, "accumulator")
        init = v1.global_variables_initializer()
        with v1.Session(graph=g) as s:
            def after(*targets):
                s.run(init)
                for target in targets:
                    s.run(target)
                return s.run([table, accum])
            (initial_table, initial_accum), gradient = after(), s.run(grads[0][0])
            stale_step = opt.apply_gradients([(tf.IndexedSlices(
                tf.constant(gradient.values), tf.constant(gradient.indices),
                tf.constant(gradient.dense_shape)), table)])
            one_table, one_accum = after(first)
            mixed = []
            for start_table, start_accum in [(one_table, initial_accum),
                                             (initial_table, one_accum)]:
                s.run(init)
                s.run([table.assign(start_table), accum.assign(start_accum)])
                s.run(stale_step)
                mixed.append(s.run(table))
            outcomes = [after(first, first)[0], after(second)[0], one_table] + mixed
    with open(os.path.join(out_dir, "adagrad_ref_hogwild.expected"), "w") as f:
        for value in outcomes:
            f.write(f"adagrad/table = {hex_literal(value)}\n")


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    write_graph("resource", out_dir, True, OPTIMIZERS)
    write_graph("ref", out_dir, False, OPTIMIZERS)
    write_graph("adagrad_ref", out_dir, False, ["adagrad"])
    write_hogwild(out_dir)


if __name__ == "__main__":
    main(sys.argv[1])
