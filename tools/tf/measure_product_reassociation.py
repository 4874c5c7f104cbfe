"""Measures Grappler's reassociation of a product with a constant factor (FORMAT.md,
"Arithmetic rewrites"): which of its passes make tf.compat.v1's sparse Adam step of
testdata/graphdef/embedding/adam (make_embedding_graphs.py) round differently from the graph as
written, and how far `(g * g) * c` and `g * (c * g)` lie apart in f32.

Prints, for the default session and for sessions with passes turned off, the variables whose
bits differ from a session without Grappler (the meta optimizer disabled), then the largest ulp
distance of the two orders and the share of elements where they differ on 10^6 random g.

With --variants it prints instead, for `(a * b) * c` and `c * (a * b)` of 4096 random
elements, f32 and f64, c a scalar or of a's shape, c a Const, a tf.function's argument or a fed
Session placeholder, a * b with or without another consumer, run in a tf.function
(tf.config.optimizer.set_experimental_options) and in a Session (its RewriterConfig), by
default and with constant folding or the arithmetic optimizer off: the orders of the product
whose bits TensorFlow's result has.

With --conditions it prints the same for `(a * b) * c`, c a scalar Const, a * b feeding only
the product, in a default Session and (a subset, also for `(a * a) * c`) in a tf.function,
under one condition each: c a Sub of two Consts or of shape [1], either product fetched, a
control edge in or out, a or b a Const or a scalar, a computed from a fed placeholder.
Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/measure_product_reassociation.py [--variants | --conditions]
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2  # noqa: E402
from tfmc_results import ulp_distances  # noqa: E402

v1 = tf.compat.v1
OFF = rewriter_config_pb2.RewriterConfig.OFF
PASSES = ["constant_folding", "arithmetic_optimization", "dependency_optimization", "remapping",
          "layout_optimizer", "loop_optimization", "function_optimization", "shape_optimization",
          "debug_stripper", "memory_optimization", "pin_to_host_optimization",
          "implementation_selector", "auto_mixed_precision", "scoped_allocator_optimization",
          "common_subgraph_elimination"]


def adam_step(rewrite):
    """The variables' bits after one Adam step in a session whose rewriter `rewrite` sets."""
    import make_embedding_graphs as embedding  # it turns eager execution off, which --variants needs

    g = tf.Graph()
    with g.as_default():
        init = embedding.embedding_step("adam")
        variables = v1.global_variables()
        config = config_pb2.ConfigProto()
        rewrite(config.graph_options.rewrite_options)
        with v1.Session(graph=g, config=config) as s:
            s.run(init)
            s.run("train")
            return {v.op.name: s.run(v).view(np.uint32) for v in variables}


def passes_off(*names):
    def rewrite(r):
        for name in names:
            if hasattr(r, name):
                setattr(r, name, OFF)
    return rewrite


def differing(a, b):
    return {k: int(np.sum(a[k] != b[k])) for k in a if np.any(a[k] != b[k])}


def main():
    written = adam_step(lambda r: setattr(r, "disable_meta_optimizer", True))
    print("default session:", differing(written, adam_step(lambda r: None)))
    for name in PASSES:
        print(f"{name} off:", differing(written, adam_step(passes_off(name))))
    print("constant_folding and arithmetic_optimization off:",
          differing(written, adam_step(passes_off("constant_folding", "arithmetic_optimization"))))
    rng = np.random.default_rng(1)
    for c in [np.float32(1) - np.float32(0.999), np.float32(1) - np.float32(0.9),
              np.float32(0.1), np.float32(3.7)]:
        g = rng.standard_normal(10**6).astype(np.float32) * (
            np.float32(10) ** rng.integers(-3, 4, 10**6).astype(np.float32))
        u = ulp_distances((g * g) * c, g * (c * g))
        print(f"c = {c}: largest distance {u.max()} ulps, {np.mean(u > 0):.3f} of elements differ")


N = 4096


def orders(a, b, c):
    """The names of the orders of a * b * c whose result is `got`'s, bit for bit."""
    return {"(a*b)*c": (a * b) * c, "a*(b*c)": a * (b * c), "(a*c)*b": (a * c) * b}


def which(got, a, b, c):
    return "=".join(k for k, v in orders(a, b, c).items() if np.array_equal(v, got)) or "other"


def inputs(dt, c_shape):
    a = np.random.default_rng(1).standard_normal(N).astype(dt)
    b = np.random.default_rng(2).standard_normal(N).astype(dt)
    c = (np.random.default_rng(3).standard_normal(c_shape) * 0.01 + 0.001).astype(dt)
    return a, b, c


def product(a, b, c, c_first, shared):
    """(a * b) * c or c * (a * b); with `shared`, a * b also feeds a second result."""
    ab = a * b
    return (c * ab if c_first else ab * c), (ab + 1 if shared else None)


def in_function(dt, c_shape, c_kind, c_first, shared, options):
    tf.config.optimizer.set_experimental_options(
        {"disable_meta_optimizer": False, "constant_folding": True,
         "arithmetic_optimization": True, **options})
    a0, b0, c0 = inputs(dt, c_shape)
    a, b = tf.Variable(a0), tf.Variable(b0)
    out, other = tf.Variable(np.zeros(N, dt)), tf.Variable(np.zeros(N, dt))

    def body(c):
        result, second = product(a, b, c, c_first, shared)
        out.assign(result)
        if second is not None:
            other.assign(second)

    if c_kind == "argument":
        tf.function(body, input_signature=[tf.TensorSpec(c_shape, dt)])(tf.constant(c0))
    else:
        tf.function(lambda: body(tf.constant(c0)))()
    return which(out.numpy(), a0, b0, c0)


def in_session(dt, c_shape, c_kind, c_first, shared, options):
    a0, b0, c0 = inputs(dt, c_shape)
    g = tf.Graph()
    with g.as_default():
        a = v1.get_variable("a", initializer=a0)
        b = v1.get_variable("b", initializer=b0)
        c = v1.placeholder(dt, c_shape) if c_kind == "placeholder" else tf.constant(c0)
        result, second = product(a, b, c, c_first, shared)
        out = v1.get_variable("out", initializer=np.zeros(N, dt))
        updates = [v1.assign(out, result)]
        if second is not None:
            updates.append(v1.assign(v1.get_variable("other", initializer=np.zeros(N, dt)),
                                     second))
        step, init = tf.group(*updates), v1.global_variables_initializer()
        config = config_pb2.ConfigProto()
        for name in options:  # each turned off
            setattr(config.graph_options.rewrite_options, name, OFF)
        with v1.Session(graph=g, config=config) as s:
            s.run(init)
            s.run(step, feed_dict={c: c0} if c_kind == "placeholder" else None)
            return which(s.run(out), a0, b0, c0)


def variants():
    settings = [("default", {}), ("constant_folding off", {"constant_folding": False}),
                ("arithmetic_optimization off", {"arithmetic_optimization": False})]
    for dt in (np.float32, np.float64):
        for c_shape in [(), (N,)]:
            for c_first in (False, True):
                for shared in (False, True):
                    form = "c*(a*b)" if c_first else "(a*b)*c"
                    for run, kinds in [(in_function, ["Const", "argument"]),
                                       (in_session, ["Const", "placeholder"])]:
                        for kind in kinds:
                            got = {label: run(dt, c_shape, kind, c_first, shared, options)
                                   for label, options in settings}
                            print(f"{np.dtype(dt).name} c{list(c_shape)} {form}"
                                  f"{' a*b shared' if shared else ''}, c a {kind}, "
                                  f"{'tf.function' if run is in_function else 'Session'}: {got}")


CONDITIONS = ["as measured above", "c = Sub(Const, Const)", "c of shape [1]", "a * b fetched",
              "outer product fetched", "control input on a * b", "control input on the outer",
              "a * b a control input", "a a Const", "b a Const", "a from a fed Placeholder",
              "a a scalar", "b a scalar", "b is a"]


def conditional_product(dt, condition, a0, b0, c0):
    """(a * b) * c, a scalar Const c, under `condition`, in the graph being built: the result,
    the tensors to fetch with it, and the feeds."""
    a = tf.constant(a0) if condition == "a a Const" else v1.get_variable("a", initializer=a0)
    b = tf.constant(b0) if condition == "b a Const" else v1.get_variable("b", initializer=b0)
    if condition == "b is a":
        a = b = tf.identity(a)
    feeds = {}
    if condition == "a from a fed Placeholder":
        fed = v1.placeholder(dt, [N])
        feeds[fed] = np.zeros(N, dt)
        a = a + fed
    if condition == "c = Sub(Const, Const)":
        c = tf.constant(c0 + dt(1)) - tf.constant(dt(1))
    else:
        c = tf.constant(c0.reshape([1]) if condition == "c of shape [1]" else c0)
    mark = v1.get_variable("mark", initializer=np.zeros(N, dt))
    with tf.control_dependencies([mark.op] if condition == "control input on a * b" else []):
        ab = a * b
    with tf.control_dependencies([mark.op] if condition == "control input on the outer" else []):
        result = ab * c
    extra = []
    if condition == "a * b a control input":
        with tf.control_dependencies([ab]):
            extra.append(tf.identity(mark))
    return result, extra, feeds


def in_session_under(dt, condition):
    """The order of (a * b) * c that a default Session's run of it has, under `condition`."""
    a0, b0, c0 = inputs(dt, ())
    if condition == "a a scalar":
        a0 = a0[:1].reshape(())
    elif condition == "b a scalar":
        b0 = b0[:1].reshape(())
    elif condition == "b is a":
        b0 = a0
    if condition == "c = Sub(Const, Const)":
        c0 = dt(0.001)
        c_run = (c0 + dt(1)) - dt(1)
    else:
        c_run = c0
    g = tf.Graph()
    with g.as_default():
        result, extra, feeds = conditional_product(dt, condition, a0, b0, c0)
        out = v1.get_variable("out", initializer=np.zeros(N, dt))
        step = tf.group(v1.assign(out, result), *extra)
        with v1.Session(graph=g) as s:
            s.run(v1.global_variables_initializer())
            if condition == "outer product fetched":
                got = s.run(result, feed_dict=feeds)
            elif condition == "a * b fetched":
                got, ab = s.run([result, result.op.inputs[0]], feed_dict=feeds)
                assert np.array_equal(ab, a0 * b0)
            else:
                s.run(step, feed_dict=feeds)
                got = s.run(out)
            return which(got, a0, b0, c_run)


FUNCTION_CONDITIONS = ["as measured above", "c = Sub(Const, Const)", "c of shape [1]",
                       "a * b fetched", "outer product fetched", "control input on a * b",
                       "control input on the outer", "a * b a control input"]


def in_function_under(dt, condition, same):
    """The order of (a * b) * c (with `same`, of (a * a) * c) that a tf.function's run of it has,
    under `condition`, the function returning the product where it is fetched."""
    tf.config.optimizer.set_experimental_options({"disable_meta_optimizer": False})
    a0, b0, c0 = inputs(dt, ())
    if same:
        b0 = a0
    c_run = (dt(0.001) + dt(1)) - dt(1) if condition == "c = Sub(Const, Const)" else c0
    a, b = tf.Variable(a0), tf.Variable(b0)
    out, mark = tf.Variable(np.zeros(N, dt)), tf.Variable(np.zeros(N, dt))

    def body():
        x = a.read_value()
        y = x if same else b.read_value()
        if condition == "c = Sub(Const, Const)":
            c = tf.constant(dt(0.001) + dt(1)) - tf.constant(dt(1))
        else:
            c = tf.constant(c0.reshape([1]) if condition == "c of shape [1]" else c0)
        with tf.control_dependencies([mark.read_value()]
                                     if condition == "control input on a * b" else []):
            ab = x * y
        with tf.control_dependencies([mark.read_value()]
                                     if condition == "control input on the outer" else []):
            result = ab * c
        if condition == "a * b a control input":
            with tf.control_dependencies([ab]):
                mark.assign_add(np.ones(N, dt))
        if condition == "a * b fetched":
            return result, ab
        if condition == "outer product fetched":
            return result
        out.assign(result)
        return None

    got = tf.function(body)()
    if condition in ("a * b fetched", "outer product fetched"):
        got = got[0] if isinstance(got, tuple) else got
        return which(got.numpy(), a0, b0, c_run)
    return which(out.numpy(), a0, b0, c_run)


def conditions():
    for dt in (np.float32, np.float64):
        for condition in CONDITIONS:
            print(f"{np.dtype(dt).name} (a*b)*c, c a scalar Const, {condition}, Session: "
                  f"{in_session_under(dt, condition)}")
    for dt in (np.float32, np.float64):
        for same in (False, True):
            for condition in FUNCTION_CONDITIONS:
                print(f"{np.dtype(dt).name} {'(a*a)*c' if same else '(a*b)*c'}, c a scalar "
                      f"Const, {condition}, tf.function: {in_function_under(dt, condition, same)}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--variants"]:
        variants()
    elif sys.argv[1:] == ["--conditions"]:
        conditions()
    else:
        main()
