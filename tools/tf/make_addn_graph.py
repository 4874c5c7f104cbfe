"""Writes testdata/graphdef/addn/addn.pbtxt, a TensorFlow graph of AddN nodes whose inputs are
not written in the order of their names, as TensorFlow runs them: its graph optimizer sorts
the inputs of AddN by name (`node`, `node:k`; a function body's argument by its name) and its
kernel adds them left to right up to 9 terms, then in groups of 8 (FORMAT.md, "Operations",
AddN, and "TensorFlow graph files", "Arithmetic rewrites"). Three terms named c, b, a; twelve
named x_0 .. x_11, which sort as x_0, x_1, x_10, x_11, x_2, ...; the outputs of a Split and a
node whose name extends the Split's; and an AddN in a tf.function's body whose arguments are
named z, y, x. With addn.args (the fetches) and addn.expected (`NAME = LITERAL` per fetched
node: TensorFlow's values, hex floats), for
tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

The terms are PlaceholderWithDefaults, which TensorFlow does not fold as constants. Each
fetched value is checked here to differ from the sum in written order, so that the graph
shows the order.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_addn_graph.py OUT_DIR
"""
import sys

import numpy as np
import tensorflow as tf

from valued_graph import write_valued_graph

rng = np.random.default_rng(4711)


def term(name, shape=(9,)):
    """A float term with random signs and exponents, so that the order of a sum shows."""
    value = (rng.choice([-1.0, 1.0], shape) * rng.uniform(1, 2, shape)
             * np.exp2(rng.integers(-12, 13, shape))).astype(np.float32)
    return tf.raw_ops.PlaceholderWithDefault(input=value, shape=shape, name=name)


def main(out_dir):
    g = tf.Graph()
    with g.as_default():
        three = [term(n) for n in ("c", "b", "a")]
        twelve = [term("x_%d" % k) for k in range(12)]
        parts = tf.raw_ops.Split(axis=0, value=term("whole", (27,)), num_split=3, name="split")
        split_1 = term("split_1")

        @tf.function(autograph=False)
        def body(z, y, x):
            return tf.raw_ops.AddN(inputs=[z, y, x], name="sum")

        call_terms = [term(n) for n in ("t_z", "t_y", "t_x")]
        fetched = [
            tf.raw_ops.AddN(inputs=three, name="addn_3"),
            tf.raw_ops.AddN(inputs=twelve, name="addn_12"),
            tf.raw_ops.AddN(inputs=[parts[2], split_1, parts[0], parts[1]], name="addn_ports"),
            tf.identity(body(*call_terms), name="addn_call"),
        ]
        written = [three, twelve, [parts[2], split_1, parts[0], parts[1]], call_terms]
    with tf.compat.v1.Session(graph=g) as s:
        results = s.run(fetched)
        for terms, result, t in zip(written, results, fetched):
            values = s.run(terms)
            in_written_order = values[0]
            for v in values[1:]:
                in_written_order = in_written_order + v
            if np.array_equal(in_written_order, result):
                sys.exit(f"{t.op.name}: the sum in written order is TensorFlow's too")
    write_valued_graph(g, fetched, out_dir, "addn")


if __name__ == "__main__":
    main(sys.argv[1])
