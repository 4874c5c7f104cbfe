"""Measures when TensorFlow's graph optimizer (Grappler's constant folding, its ConstantPushDown)
rotates `parent(child(X, Y), C)` so that the constant C meets the leaf Y first, and prints a
table: for each case, whether TensorFlow's value has the bits of the rotated order, of the
order as written, of both (the two orders round alike there) or of neither.

A case is a parent Add/Sub/Mul/Div (or RealDiv) with a Const operand C on the left or right
and a child Add/Sub (Mul/Div) of leaves X, Y: PlaceholderWithDefault tensors of 64 random
floats with random exponents (TensorFlow does not fold them) or Consts. The rotated order is
the one tfmc applies (FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites"): with
l, r the child's leaves, Y is r unless l is constant; the parent's sign of C and the child's
sign of Y give C's and Y's signs in the new child (C op Y), which the parent combines with X.
Cases run in a tf.compat.v1 Session and, where marked, in a tf.function. Last, for each sign
case, how often and how far (in ulps) the two orders differ on 10^6 random f32 triples.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/measure_constant_push_down.py
"""
import os

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tfmc_results import ulp_distances  # noqa: E402

rng = np.random.default_rng(31415)
N = 64

RAW = {"Add": tf.raw_ops.AddV2, "Sub": tf.raw_ops.Sub, "Mul": tf.raw_ops.Mul,
       "Div": tf.raw_ops.Div, "RealDiv": tf.raw_ops.RealDiv}
NP = {"Add": np.add, "Sub": np.subtract, "Mul": np.multiply, "Div": np.divide,
      "RealDiv": np.divide}
SYMMETRIC = {"Add", "Mul"}


def values(dt, shape):
    if np.dtype(dt).kind == "i":
        return rng.integers(-1000, 1000, shape).astype(dt)
    return (rng.uniform(0.5, 2, shape) * rng.choice([-1, 1], shape) *
            np.exp2(rng.integers(-6, 7, shape))).astype(dt)


def rotated(parent, child, c_left, l, r, l_const, c):
    """The value of the rotated order: x op' (c op'' y), with signs carried over."""
    x, y = (r, l) if l_const else (l, r)
    y_is_right = not l_const
    sym, neg = ("Add", "Sub") if parent in ("Add", "Sub") else ("Mul", parent)
    # The sign of each of x, y, c in the whole expression (True: subtracted / divided by).
    neg_c = parent not in SYMMETRIC and not c_left
    child_neg = parent not in SYMMETRIC and c_left

    def leaf_neg(is_right):
        return (child not in SYMMETRIC and is_right) != child_neg
    neg_x, neg_y = leaf_neg(not y_is_right), leaf_neg(y_is_right)
    inner = NP[neg if neg_c != neg_y else sym](y if neg_c else c, c if neg_c else y)
    outer_op = neg if (neg_x or (neg_c and neg_y)) else sym
    return NP[outer_op](inner, x) if neg_x else NP[outer_op](x, inner)


def written(parent, child, c_left, l, r, c):
    inner = NP[child](l, r)
    return NP[parent](c, inner) if c_left else NP[parent](inner, c)


def build(parent, child, c_left, dt, l_const, r_const, c_shape, xy_shape):
    lv, rv, cv = values(dt, xy_shape), values(dt, xy_shape), values(dt, c_shape)
    if np.dtype(dt).kind == "f" and parent in ("Div", "RealDiv"):
        cv = np.abs(cv)
    lt = tf.constant(lv) if l_const else tf.raw_ops.PlaceholderWithDefault(
        input=lv, shape=xy_shape)
    rt = tf.constant(rv) if r_const else tf.raw_ops.PlaceholderWithDefault(
        input=rv, shape=xy_shape)
    ct = tf.constant(cv)
    inner = RAW[child](x=lt, y=rt, name="child")
    out = RAW[parent](x=ct, y=inner, name="parent") if c_left else RAW[parent](
        x=inner, y=ct, name="parent")
    return inner, out, (lv, rv, cv)


def classify(got, want_rot, want_written):
    rot, wr = np.array_equal(got, want_rot), np.array_equal(got, want_written)
    return {(True, True): "both", (True, False): "ROTATED", (False, True): "written",
            (False, False): "NEITHER"}[(rot, wr)]


def run_case(parent, child, c_left=False, dt=np.float32, l_const=False, r_const=False,
             c_shape=(), xy_shape=(N,), extra=None, fetch_child=False, function=False):
    g = tf.Graph()
    with g.as_default():
        inner, out, (lv, rv, cv) = build(parent, child, c_left, dt, l_const, r_const,
                                         c_shape, xy_shape)
        fetches = [out]
        if extra == "consumer":
            fetches.append(tf.raw_ops.Neg(x=inner))
        if extra == "control":
            with tf.control_dependencies([inner]):
                fetches.append(tf.raw_ops.Identity(input=lv, name="after_child"))
        if fetch_child:
            fetches.append(inner)
    if function:
        graph_def = g.as_graph_def()

        @tf.function
        def f():
            return tf.graph_util.import_graph_def(graph_def, return_elements=["parent:0"])[0]
        got = f().numpy()
    else:
        with tf.compat.v1.Session(graph=g) as s:
            got = s.run(fetches)[0]
    with np.errstate(all="ignore"):
        if np.dtype(dt).kind == "i" and parent in ("Div", "RealDiv"):
            want_rot = want_wr = None
        else:
            want_rot = rotated(parent, child, c_left, lv, rv, l_const, cv).astype(dt)
            want_wr = written(parent, child, c_left, lv, rv, cv).astype(dt)
    return classify(got, want_rot, want_wr) if want_rot is not None else "-"


def row(label, **kw):
    print(f"{label:58s} {run_case(**kw)}")


def order_distances():
    print("-- the two orders on 10^6 random f32 (l, r, c): elements that differ, largest ulps --")
    n = 10 ** 6
    for parent, child, c_left in (("Sub", "Add", False), ("Add", "Sub", False),
                                  ("Sub", "Sub", True), ("Sub", "Add", True)):
        lv, rv, cv = (values(np.float32, (n,)) for _ in range(3))
        with np.errstate(all="ignore"):
            rot = rotated(parent, child, c_left, lv, rv, False, cv).astype(np.float32)
            wr = written(parent, child, c_left, lv, rv, cv).astype(np.float32)
        d = ulp_distances(rot, wr)
        form = f"{parent}(C, {child}(l, r))" if c_left else f"{parent}({child}(l, r), C)"
        print(f"{form:58s} {np.count_nonzero(d) / n:.1%} differ, at most {d.max()} ulps")


def main():
    print(f"TensorFlow {tf.__version__}; leaves of {N} random elements; C a Const")
    print("-- every sign case, f32, C right then left, neither leaf constant --")
    for parent in ("Add", "Sub", "Mul", "Div", "RealDiv"):
        kids = ("Add", "Sub") if parent in ("Add", "Sub") else ("Mul", "Div", "RealDiv")
        for child in kids:
            for c_left in (False, True):
                form = f"{parent}(C, {child}(l, r))" if c_left else f"{parent}({child}(l, r), C)"
                row(form, parent=parent, child=child, c_left=c_left)
    print("-- a constant leaf (Y is the constant one) --")
    for parent, child in (("Sub", "Sub"), ("Add", "Sub"), ("Div", "Div")):
        for l_const in (True, False):
            row(f"{parent}({child}(l, r), C), {'l' if l_const else 'r'} const", parent=parent,
                child=child, l_const=l_const, r_const=not l_const)
    print("-- dtypes --")
    for dt in (np.float64, np.int32):
        for parent, child in (("Add", "Add"), ("Sub", "Add"), ("Mul", "Mul")):
            row(f"{parent}({child}(l, r), C) {np.dtype(dt).name}", parent=parent, child=child,
                dt=dt)
    print("-- the child's other uses --")
    for extra in ("consumer", "control"):
        row(f"Sub(Add(l, r), C), child {extra}", parent="Sub", child="Add", extra=extra)
    row("Sub(Add(l, r), C), child fetched", parent="Sub", child="Add", fetch_child=True)
    print("-- C's shape against Y's (leaves [64] or as given) --")
    for c_shape, xy in (((1,), (N,)), ((1, 1), (N,)), ((1, 1), (2, N // 2)), ((N,), (N,)),
                        ((2, 1), (2, N // 2)), ((N,), (1,)), ((2, N), (N,))):
        row(f"Sub(Add(l, r), C), C {list(c_shape)}, l, r {list(xy)}", parent="Sub",
            child="Add", c_shape=c_shape, xy_shape=xy)
    print("-- an addition tree (Add parent, Add child): which rewrite wins --")
    row("Add(Add(l, r), C)", parent="Add", child="Add")
    row("Add(C, Add(l, r))", parent="Add", child="Add", c_left=True)
    print("-- tf.function --")
    for parent, child in (("Sub", "Add"), ("Add", "Sub"), ("Div", "Mul"), ("Add", "Add")):
        row(f"{parent}({child}(l, r), C) in a tf.function", parent=parent, child=child,
            function=True)
    order_distances()


if __name__ == "__main__":
    main()
