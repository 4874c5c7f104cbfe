"""Measures Grappler's reassociation of a product with a constant factor (FORMAT.md,
"Arithmetic rewrites"): which of its passes make tf.compat.v1's sparse Adam step of
testdata/graphdef/embedding/adam (make_embedding_graphs.py) round differently from the graph as
written, and how far `(g * g) * c` and `g * (c * g)` lie apart in f32.

Prints, for the default session and for sessions with passes turned off, the variables whose
bits differ from a session without Grappler (the meta optimizer disabled), then the largest ulp
distance of the two orders and the share of elements where they differ on 10^6 random g.
Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/measure_product_reassociation.py
"""
import os

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2  # noqa: E402

import make_embedding_graphs as embedding  # noqa: E402

v1 = tf.compat.v1
OFF = rewriter_config_pb2.RewriterConfig.OFF
PASSES = ["constant_folding", "arithmetic_optimization", "dependency_optimization", "remapping",
          "layout_optimizer", "loop_optimization", "function_optimization", "shape_optimization",
          "debug_stripper", "memory_optimization", "pin_to_host_optimization",
          "implementation_selector", "auto_mixed_precision", "scoped_allocator_optimization",
          "common_subgraph_elimination"]


def adam_step(rewrite):
    """The variables' bits after one Adam step in a session whose rewriter `rewrite` sets."""
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


if __name__ == "__main__":
    main()
