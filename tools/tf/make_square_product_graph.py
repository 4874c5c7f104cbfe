"""Writes testdata/graphdef/square_product/square_product.pbtxt, a TensorFlow graph of products
`(g * g) * c` and `c * (g * g)`, c a scalar constant, with the values TensorFlow's Session gives
them (its graph optimizer on, as by default): where `g * g` feeds only the product and is not
fetched, TensorFlow runs it as `(g * c) * g`; where `g * g` feeds another node too or is
fetched, or where an equal `g * g` is computed too (which TensorFlow merges into one node that
feeds both), as written (FORMAT.md, "TensorFlow graph files", "Arithmetic rewrites"). In f32 and
f64, c a Const of shape [] or the Sub of two Consts of shape [1] and [] (as tf.compat.v1's
sparse Adam step computes `(g * g) * (1 - beta2)`). With square_product.args (the fetches) and
square_product.expected (`NAME = LITERAL` per fetched node: TensorFlow's values, hex floats),
for tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

g is a PlaceholderWithDefault, which TensorFlow does not fold as a constant, of 64 random
elements with random exponents. The script checks that each fetched product has the bits of
the order named here and not those of the other, so that the graph shows the order.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_square_product_graph.py OUT_DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from valued_graph import write_valued_graph  # noqa: E402

rng = np.random.default_rng(2718)


def factor(dt, name):
    value = (rng.standard_normal(64) * np.exp2(rng.integers(-8, 9, 64))).astype(dt)
    return tf.raw_ops.PlaceholderWithDefault(input=value, shape=[64], name=name)


def main(out_dir):
    g = tf.Graph()
    checks = []  # (fetched product, g, c, whether TensorFlow reassociates it)
    fetched = []
    with g.as_default():
        for dt, prefix in ((np.float32, "f32"), (np.float64, "f64")):
            with tf.name_scope(prefix):
                c = tf.constant(dt(0.001), name="c")
                d = tf.constant(dt(0.01), name="d")
                x = factor(dt, "g_product")
                product = tf.multiply(x * x, c, name="product")
                checks.append((product, x, c, True))
                x = factor(dt, "g_adam")
                one_minus = tf.subtract(tf.constant(np.ones([1], dt)), tf.constant(dt(0.999)),
                                        name="one_minus")
                adam = tf.multiply(one_minus, x * x, name="adam")
                checks.append((adam, x, one_minus, True))
                x = factor(dt, "g_shared")
                shared_square = x * x
                shared = tf.multiply(shared_square, c, name="shared")
                shared_other = tf.add(shared_square, dt(1), name="shared_other")
                checks.append((shared, x, c, False))
                x = factor(dt, "g_fetched")
                fetched_square = tf.multiply(x, x, name="fetched_square")
                fetched_inner = tf.multiply(fetched_square, c, name="fetched_inner")
                checks.append((fetched_inner, x, c, False))
                # Two equal squares, which TensorFlow merges into one that feeds both products.
                x = factor(dt, "g_twice")
                twice_c = tf.multiply(x * x, c, name="twice_c")
                twice_d = tf.multiply(x * x, d, name="twice_d")
                checks += [(twice_c, x, c, False), (twice_d, x, d, False)]
            fetched += [product, adam, shared, shared_other, fetched_square, fetched_inner,
                        twice_c, twice_d]
    with tf.compat.v1.Session(graph=g) as s:
        results = dict(zip(fetched, s.run(fetched)))
        for t, x, c, reassociated in checks:
            xv, cv = s.run([x, c])
            written, rewritten = (xv * xv) * cv, (xv * cv) * xv
            want, other = (rewritten, written) if reassociated else (written, rewritten)
            if not np.array_equal(results[t], want) or np.array_equal(results[t], other):
                sys.exit(f"{t.op.name}: TensorFlow's value does not show the order expected")
    write_valued_graph(g, fetched, out_dir, "square_product")


if __name__ == "__main__":
    main(sys.argv[1])
