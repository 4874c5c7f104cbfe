"""Writes testdata/graphdef/constant_push_down/push_down.pbtxt, a TensorFlow graph of sums and
differences `parent(child(l, r), C)`, C a Const, with the values TensorFlow's Session gives
them (its graph optimizer on, as by default): where the child feeds only the parent and is not
fetched, TensorFlow runs it with C meeting the leaf Y first (Y the constant leaf, else r), as
tools/tf/measure_constant_push_down.py measured; where the child feeds another node too or is
fetched, as written (FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites"). In f32 and
f64: every sign case with a subtraction, a constant leaf with a C of Y's shape, a C of
shape [1, 1], and rotations that compose (chains of them, trees of additions after them, a C
computed from Consts, control edges into the child or the parent). With push_down.args (the fetches) and push_down.expected (`NAME = LITERAL` per
fetched node: TensorFlow's values, hex floats), for
tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

The leaves are PlaceholderWithDefault tensors (which TensorFlow does not fold) of 64 random
elements with random exponents. The script checks that each fetched value has the bits of the
order named here and not those of the other, so that the graph shows the order.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_constant_push_down_graph.py OUT_DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from measure_constant_push_down import RAW, rotated, values, written  # noqa: E402
from valued_graph import write_valued_graph  # noqa: E402

N = 64


def leaf(value, name):
    return tf.raw_ops.PlaceholderWithDefault(input=value, shape=value.shape, name=name)


def compositions(dt, checks, fetched):
    """Rotations that compose: a chain of them; trees of additions found after them; a C
    computed from Consts; control edges into the child or the parent. Each with the order
    TensorFlow gives it."""
    a, b, r, z = (values(dt, (N,)) for _ in range(4))
    c1, c2 = values(dt, ()), values(dt, ())

    def add(name, out, want, other):
        checks.append((out, lambda: (want, other)))
        fetched.append(out)
    sub, plus = tf.raw_ops.Sub, tf.raw_ops.AddV2
    add("chain", sub(x=sub(x=plus(x=leaf(a, "chain_l"), y=leaf(r, "chain_r")), y=tf.constant(c1)),
                     y=tf.constant(c2), name="chain"),
        a + (r - (c1 + c2)), ((a + r) - c1) - c2)
    add("tree_below", sub(x=plus(x=plus(x=leaf(a, "tree_below_a"), y=leaf(b, "tree_below_b")),
                                 y=leaf(r, "tree_below_r")), y=tf.constant(c1), name="tree_below"),
        (a + b) + (r - c1), ((a + b) + r) - c1)
    add("tree_above", plus(x=sub(x=plus(x=leaf(a, "tree_above_l"), y=leaf(r, "tree_above_r")),
                                 y=tf.constant(c1)), y=leaf(z, "tree_above_z"), name="tree_above"),
        (a + (r - c1)) + z, ((a + r) - c1) + z)
    add("folded_c", sub(x=plus(x=leaf(a, "folded_c_l"), y=leaf(r, "folded_c_r")),
                        y=sub(x=tf.constant(c1), y=tf.constant(c2)), name="folded_c"),
        a + (r - (c1 - c2)), (a + r) - (c1 - c2))
    start = leaf(b, "child_control_in_start")
    with tf.control_dependencies([start]):
        inner = plus(x=leaf(a, "child_control_in_l"), y=leaf(r, "child_control_in_r"))
    add("child_control_in", sub(x=inner, y=tf.constant(c1), name="child_control_in"),
        a + (r - c1), (a + r) - c1)
    inner = plus(x=leaf(a, "parent_control_in_l"), y=leaf(r, "parent_control_in_r"))
    with tf.control_dependencies([leaf(b, "parent_control_in_start")]):
        out = sub(x=inner, y=tf.constant(c1), name="parent_control_in")
    add("parent_control_in", out, a + (r - c1), (a + r) - c1)


def main(out_dir):
    g = tf.Graph()
    checks = []  # (fetched tensor, function of the fetched values giving (want, other))
    fetched = []
    with g.as_default():
        for dt, prefix in ((np.float32, "f32"), (np.float64, "f64")):
            with tf.name_scope(prefix):
                cases = [("sub_add", "Sub", "Add", False), ("sub_c_add", "Sub", "Add", True),
                         ("add_sub", "Add", "Sub", False), ("add_c_sub", "Add", "Sub", True),
                         ("sub_sub", "Sub", "Sub", False), ("sub_c_sub", "Sub", "Sub", True)]
                for name, parent, child, c_left in cases:
                    lv, rv, cv = values(dt, (N,)), values(dt, (N,)), values(dt, ())
                    inner = RAW[child](x=leaf(lv, name + "_l"), y=leaf(rv, name + "_r"))
                    c = tf.constant(cv)
                    out = RAW[parent](x=c, y=inner, name=name) if c_left else RAW[parent](
                        x=inner, y=c, name=name)
                    args = (parent, child, c_left, lv, rv)
                    checks.append((out, lambda a=args, cv=cv: (rotated(*a, False, cv),
                                                               written(*a, cv))))
                    fetched.append(out)
                # A constant leaf k, which is Y, and a C of its shape.
                kv, rv, cv = values(dt, (N,)), values(dt, (N,)), values(dt, (N,))
                out = tf.raw_ops.Sub(x=tf.raw_ops.Sub(x=tf.constant(kv), y=leaf(rv, "k_r")),
                                     y=tf.constant(cv), name="const_leaf")
                checks.append((out, lambda kv=kv, rv=rv, cv=cv: (
                    rotated("Sub", "Sub", False, kv, rv, True, cv),
                    written("Sub", "Sub", False, kv, rv, cv))))
                # A C of shape [1, 1].
                lv, rv, cv = values(dt, (N,)), values(dt, (N,)), values(dt, (1, 1))
                out = tf.raw_ops.Sub(x=tf.raw_ops.AddV2(x=leaf(lv, "c11_l"), y=leaf(rv, "c11_r")),
                                     y=tf.constant(cv), name="c11")
                checks.append((out, lambda lv=lv, rv=rv, cv=cv: (
                    rotated("Sub", "Add", False, lv, rv, False, cv),
                    written("Sub", "Add", False, lv, rv, cv))))
                fetched += [checks[-2][0], checks[-1][0]]
                # The child also feeds another node, or is fetched: as written.
                for name in ("shared", "fetched"):
                    lv, rv, cv = values(dt, (N,)), values(dt, (N,)), values(dt, ())
                    inner = tf.raw_ops.AddV2(x=leaf(lv, name + "_l"), y=leaf(rv, name + "_r"),
                                             name=name + "_child")
                    out = tf.raw_ops.Sub(x=inner, y=tf.constant(cv), name=name)
                    checks.append((out, lambda lv=lv, rv=rv, cv=cv: (
                        written("Sub", "Add", False, lv, rv, cv),
                        rotated("Sub", "Add", False, lv, rv, False, cv))))
                    fetched.append(out)
                    fetched.append(tf.raw_ops.Neg(x=inner, name=name + "_other")
                                   if name == "shared" else inner)
                compositions(dt, checks, fetched)
    with tf.compat.v1.Session(graph=g) as s:
        results = dict(zip(fetched, s.run(fetched)))
    for t, expectation in checks:
        want, other = expectation()
        if not np.array_equal(results[t], want) or np.array_equal(results[t], other):
            sys.exit(f"{t.op.name}: TensorFlow's value does not show the order expected")
    write_valued_graph(g, fetched, out_dir, "push_down")

if __name__ == "__main__":
    main(sys.argv[1])
