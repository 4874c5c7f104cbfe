"""Writes testdata/graphdef/conv/conv.pbtxt: the TF1 graph of one gradient-descent step of two
Conv2D layers as Keras builds them (kernel, bias, relu; the first SAME with stride 1, the
second VALID with stride 2), a summed squared loss against a target, the gradients that
tf.gradients writes (Conv2DBackpropInput, Conv2DBackpropFilter, BiasAddGrad, ReluGrad) and
GradientDescentOptimizer's updates; with conv.args (`--init init --target train`) and
conv.expected (every variable after `init` and one `train` run in TensorFlow, hex floats),
for tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp.

The inputs and weights are multiples of 1/8 small enough that every sum of the step is exact,
so the values do not depend on the order of a sum (tests/gpu_eval/conv_order_test.cpp checks
the orders).

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_conv_graph.py OUT_DIR
"""
import os
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2028)


def eighths(shape):
    return (rng.integers(-8, 9, shape) / 8).astype(np.float32)


def literal(a):
    return (f"f32[{','.join(map(str, a.shape))}]{{" +
            ", ".join(float(x).hex() for x in a.reshape(-1)) + "}")


def main(out_dir):
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        x = tf.constant(eighths((1, 6, 6, 2)), name="x")
        target = tf.constant(eighths((1, 3, 3, 2)), name="target")
        k1 = v1.get_variable("conv1/kernel", initializer=eighths((3, 3, 2, 3)), use_resource=True)
        b1 = v1.get_variable("conv1/bias", initializer=eighths((3,)), use_resource=True)
        k2 = v1.get_variable("conv2/kernel", initializer=eighths((2, 2, 3, 2)), use_resource=True)
        b2 = v1.get_variable("conv2/bias", initializer=eighths((2,)), use_resource=True)
        h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, k1, 1, "SAME"), b1))
        y = tf.nn.bias_add(tf.nn.conv2d(h, k2, 2, "VALID"), b2)
        loss = tf.reduce_sum(tf.square(y - target))
        v1.train.GradientDescentOptimizer(0.125).minimize(loss, name="train")
        init = v1.global_variables_initializer()
        variables = v1.global_variables()
        with v1.Session(graph=g) as s:
            s.run(init)
            s.run("train")
            values = s.run(variables)
    os.makedirs(out_dir, exist_ok=True)
    tf.io.write_graph(g.as_graph_def(), out_dir, "conv.pbtxt")
    with open(os.path.join(out_dir, "conv.args"), "w") as f:
        f.write("--init\ninit\n--target\ntrain\n")
    with open(os.path.join(out_dir, "conv.expected"), "w") as f:
        for var, value in sorted(zip(variables, values), key=lambda p: p[0].op.name):
            f.write(f"{var.op.name} = {literal(value)}\n")


if __name__ == "__main__":
    main(sys.argv[1])
