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
Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/measure_product_reassociation.py [--variants]
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2  # noqa: E402

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


def ulp_distance(a, b):
    def ordered(x):
        i = x.view(np.int32).astype(np.int64)
        return np.where(i < 0, -(i & 0x7FFFFFFF), i)
    return np.abs(ordered(a) - ordered(b))


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
        u = ulp_distance((g * g) * c, g * (c * g))
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


if __name__ == "__main__":
    if sys.argv[1:] == ["--variants"]:
        variants()
    else:
        main()
