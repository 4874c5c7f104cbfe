"""Writes testdata/graphdef/optimizers/: one training step of each optimizer on a small MLP,
relu(x @ w1) @ w2 with the sum of squares as loss, as TensorFlow 2.21 writes the TF1 graph
(NAME.pbtxt, checked with the arguments of NAME.args), and every variable and slot after
`init` and one `train` run in TensorFlow (NAME.expected: `NAME = LITERAL` lines, hex floats).

The data are multiples of 1/8, so that the forward and backward passes are exact in f32 in any
summation order: the step's own arithmetic is what the files test. Every tensor has fewer than
8 elements, so TensorFlow's f32 kernels take Eigen's scalar path (FORMAT.md, "Operations").

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_optimizer_graphs.py DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from training_graph import write_training_step  # noqa: E402

v1 = tf.compat.v1
X = np.array([[1, 0.5, -1], [0.25, 2, 0.5], [-0.5, 1, 1], [2, -0.25, 0.75]], np.float32)
Y = np.array([[1], [0.5], [-1], [0.25]], np.float32)
W1 = np.array([[0.5, -0.25], [0.125, 0.75], [-0.5, 0.25]], np.float32)
W2 = np.array([[0.75], [-0.5]], np.float32)


def train_op(loss, name):
    """The optimizer's training op on the variables, as TF1's optimizers write it."""
    opt = {
        "momentum": lambda: v1.train.MomentumOptimizer(0.1, 0.9),
        "momentum_nesterov": lambda: v1.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True),
        "momentum_ref": lambda: v1.train.MomentumOptimizer(0.1, 0.9),
        "adam": lambda: v1.train.AdamOptimizer(0.01),
        "adam_ref": lambda: v1.train.AdamOptimizer(0.01),
        "adagrad": lambda: v1.train.AdagradOptimizer(0.1),
        "adadelta": lambda: v1.train.AdadeltaOptimizer(1.0),
        "rmsprop": lambda: v1.train.RMSPropOptimizer(0.01, momentum=0.5),
        "centered_rmsprop": lambda: v1.train.RMSPropOptimizer(0.01, momentum=0.5, centered=True),
        "ftrl": lambda: v1.train.FtrlOptimizer(0.1, l1_regularization_strength=0.01,
                                               l2_regularization_strength=0.01),
        "ftrl_v2": lambda: v1.train.FtrlOptimizer(0.1, l1_regularization_strength=0.01,
                                                  l2_regularization_strength=0.01,
                                                  l2_shrinkage_regularization_strength=0.02),
        "proximal_gradient_descent": lambda: v1.train.ProximalGradientDescentOptimizer(
            0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.01),
        "proximal_adagrad": lambda: v1.train.ProximalAdagradOptimizer(
            0.1, l1_regularization_strength=0.01, l2_regularization_strength=0.01),
    }.get(name)
    if opt is not None:
        return opt().minimize(loss, name="train")
    # The optimizers without a TF1 class: their raw ops on slots of our own.
    variables = v1.trainable_variables()
    grads = tf.gradients(loss, variables)
    ops = []
    for var, grad in zip(variables, grads):
        base = var.op.name

        def slot(suffix, value=0.0):
            return v1.get_variable(f"{base}/{suffix}", initializer=tf.fill(var.shape, value),
                                   use_resource=True)

        c = lambda x: tf.constant(x, tf.float32)  # noqa: E731
        if name == "adamax":
            m, v = slot("m"), slot("v")
            ops.append(tf.raw_ops.ResourceApplyAdaMax(
                var=var.handle, m=m.handle, v=v.handle, beta1_power=c(0.9), lr=c(0.01),
                beta1=c(0.9), beta2=c(0.999), epsilon=c(1e-7), grad=grad))
        elif name == "adam_amsgrad":
            m, v, vhat = slot("m"), slot("v"), slot("vhat")
            ops.append(tf.raw_ops.ResourceApplyAdamWithAmsgrad(
                var=var.handle, m=m.handle, v=v.handle, vhat=vhat.handle, beta1_power=c(0.9),
                beta2_power=c(0.999), lr=c(0.01), beta1=c(0.9), beta2=c(0.999),
                epsilon=c(1e-7), grad=grad))
        elif name == "adagrad_v2":
            accum = slot("accum", 0.1)
            ops.append(tf.raw_ops.ResourceApplyAdagradV2(
                var=var.handle, accum=accum.handle, lr=c(0.1), epsilon=c(1e-7), grad=grad))
        else:
            raise ValueError(name)
    return tf.group(*ops, name="train")


NAMES = ["momentum", "momentum_nesterov", "momentum_ref", "adam", "adam_ref", "adam_amsgrad",
         "adamax", "adagrad", "adagrad_v2", "adadelta", "rmsprop", "centered_rmsprop", "ftrl",
         "ftrl_v2", "proximal_gradient_descent", "proximal_adagrad"]


def write(name, out_dir):
    g = tf.Graph()
    with g.as_default():
        ref = name.endswith("_ref")
        w1 = v1.get_variable("w1", initializer=W1, use_resource=not ref)
        w2 = v1.get_variable("w2", initializer=W2, use_resource=not ref)
        hidden = tf.nn.relu(tf.matmul(tf.constant(X), w1))
        loss = tf.reduce_sum(tf.square(tf.matmul(hidden, w2) - tf.constant(Y)))
        train_op(loss, name)
        v1.global_variables_initializer()
    write_training_step(g, out_dir, name)


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for name in NAMES:
        write(name, out_dir)


if __name__ == "__main__":
    main(sys.argv[1])
