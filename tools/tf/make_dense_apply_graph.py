"""Writes testdata/graphdef/dense_applies/applies: one training step of the dense optimizers
that have no tf.keras class, as TensorFlow 2.21 writes the TF1 graph and runs it
(applies.pbtxt, checked with the arguments of applies.args; applies.expected holds every
variable and slot after `init` and one `train` run, hex floats):

- da/w: tf.compat.v1.train.AdagradDAOptimizer (ResourceApplyAdagradDA with l1 and l2, global
  step 3), and da_ref/w the same on a ref variable (ApplyAdagradDA, l1 = 0);
- sign/w, power/w: ResourceApplyAddSign and ResourceApplyPowerSign (logbase ln 2), and
  sign_ref/w, power_ref/w their ref forms ApplyAddSign and ApplyPowerSign, through tf.raw_ops on
  slots `m` of our own.

Each loss is the sum of squares of w - t, on multiples of 1/8, so that the gradients are exact:
the updates' own arithmetic is what the file tests. The resource weights have 9 and 18 elements
(a whole 8-element packet and a tail, PowerSign's exp differing between them), the ref ones 3.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_dense_apply_graph.py DIR
"""
import math
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

from training_graph import write_training_step  # noqa: E402

v1 = tf.compat.v1
rng = np.random.default_rng(2029)


def eighths(shape):
    return (rng.integers(-16, 16, size=shape) / 8).astype(np.float32)


def weight_and_gradient(name, shape, resource):
    w = v1.get_variable(f"{name}/w", initializer=eighths(shape), use_resource=resource)
    loss = tf.reduce_sum(tf.square(w - tf.constant(eighths(shape))))
    return w, loss, tf.gradients(loss, w)[0]


def sign_update(name, shape, resource, power):
    """AddSign (or PowerSign) on a weight of its own, from a slot m of our own."""
    w, _, grad = weight_and_gradient(name, shape, resource)
    m = v1.get_variable(f"{name}/m", initializer=eighths(shape), use_resource=resource)
    c = lambda x: tf.constant(x, tf.float32)  # noqa: E731
    hyper = {"lr": c(0.1), "sign_decay": c(0.9), "beta": c(0.9)}
    hyper.update({"logbase": c(math.log(2))} if power else {"alpha": c(1.0)})
    op = ("ApplyPowerSign" if power else "ApplyAddSign")
    if resource:
        return getattr(tf.raw_ops, "Resource" + op)(var=w.handle, m=m.handle, grad=grad, **hyper)
    return getattr(tf.raw_ops, op)(var=w._ref(), m=m._ref(), grad=grad, **hyper)


def write(out_dir):
    g = tf.Graph()
    with g.as_default():
        # A global step of 3 that the step does not advance: the updates read it unordered.
        step = v1.get_variable("global_step", initializer=np.int64(3), trainable=False)
        updates = []
        for name, shape, resource, l1 in [("da", [9], True, 0.05), ("da_ref", [3], False, 0.0)]:
            _, loss, _ = weight_and_gradient(name, shape, resource)
            opt = v1.train.AdagradDAOptimizer(0.1, global_step=step, l1_regularization_strength=l1,
                                              l2_regularization_strength=0.01)
            updates.append(opt.minimize(loss, var_list=[g.get_collection("variables", name)[0]]))
        for name, shape, resource, power in [("sign", [9], True, False),
                                             ("sign_ref", [3], False, False),
                                             ("power", [2, 9], True, True),
                                             ("power_ref", [3], False, True)]:
            updates.append(sign_update(name, shape, resource, power))
        tf.group(*updates, name="train")
        v1.global_variables_initializer()
    write_training_step(g, out_dir, "applies")


if __name__ == "__main__":
    os.makedirs(sys.argv[1], exist_ok=True)
    write(sys.argv[1])
