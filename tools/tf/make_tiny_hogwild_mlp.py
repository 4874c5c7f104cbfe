"""Writes testdata/savedmodel/mlp_tiny_hogwild/: the smallest MLP whose Hogwild training tfmc
explores with two, four and eight concurrent steps (tools/bench/symmetry_bench.sh).

The model is x (2 inputs) -> Dense(2, relu) -> Dense(1), batch 1, no biases, the squared error
as loss. train_step(x, y) is one SGD step (learning rate 0.125) on the output layer's weights
w2, the hidden layer's weights w1 being frozen features (constants of the graph). The step
returns nothing: Hogwild's result is the model, and its outcomes are w2's values alone.

Why so small. Every concurrent step reads the trained weights once and updates them once;
which updates a step's read saw decides its gradient. With one trained variable and K steps
there are K! histories (the k-th update applies the delta at any of the k versions before
it), which end in 2, 5, 15, 45, 147, 552 and 2,372 distinct f32 values of w2 for K = 2 to 8:
symmetry reduction and the stubborn sets explore K = 8 in seconds. Each further trained
variable is read and updated separately and multiplies the histories: mlp_hidden_hogwild's
four weights and Keras' iteration count give 198 outcomes at K = 2, and K = 3 passes 3 million
states (orbit states) without finishing. A returned loss, one per step, would be an output per
replica, whose permutations the report lists for each outcome.

Usage: python tools/tf/make_tiny_hogwild_mlp.py OUT_DIR CASES
  OUT_DIR  testdata/savedmodel: the model is written to OUT_DIR/mlp_tiny_hogwild
  CASES    tests/semantics/graphdef/tiny_hogwild_mlp_cases.inc: for K = 1 to 6, every value of
           w2 that K concurrent steps can leave, as TensorFlow computes them (hex floats)

How CASES is made. K steps apply their updates one after another (AssignSubVariableOp is
atomic); the k-th update (k = 1..K) applies the delta lr * gradient at the version of w2 its
step read, which is any of the versions 0..k-1 (a read sees the updates before it; the step
whose update is k-th read before it). Every such history is possible, and they are all:
K! histories. The deltas come from TensorFlow (the step's own ops, in a tf.function of its
own, with TensorFlow's default oneDNN kernels, as tfmc rounds MatMul), the subtractions are
f32 as AssignSubVariableOp's. The script checks that the history of K serial steps gives what
K calls of the loaded SavedModel give.
"""
import os
import shutil
import sys

import numpy as np
import tensorflow as tf

W1 = np.array([[0.75, -0.5], [0.25, 1.0]], np.float32)
W2 = np.array([[0.5], [-0.75]], np.float32)
LR = 0.125
X_VALUE = np.array([[0.3, 1.2]], np.float32)
Y_VALUE = np.array([[0.7]], np.float32)
MAX_STEPS = 6
SPEC = [tf.TensorSpec([1, 2], tf.float32), tf.TensorSpec([1, 1], tf.float32)]


def gradient(w, x, y):
    with tf.GradientTape() as tape:
        hidden = tf.nn.relu(tf.matmul(x, tf.constant(W1)))
        loss = tf.reduce_sum(tf.square(tf.matmul(hidden, w) - y))
    return tape.gradient(loss, w)


class TinyHogwildMlp(tf.Module):
    def __init__(self):
        super().__init__()
        self.w2 = tf.Variable(W2, name="w2")
        self.train_step = tf.function(self.step, input_signature=SPEC)

    def step(self, x, y):
        self.w2.assign_sub(LR * gradient(self.w2, x, y))


class Delta(tf.Module):
    """lr * gradient at a given w2, with the step's ops."""

    def __init__(self):
        super().__init__()
        self.w = tf.Variable(W2)
        self.at = tf.function(self.delta, input_signature=[tf.TensorSpec([2, 1], tf.float32)]
                              + SPEC)

    def delta(self, w, x, y):
        self.w.assign(w)
        return LR * gradient(self.w, x, y)


def final_values(steps, delta):
    """Every w2 that `steps` concurrent steps can leave, as bytes."""
    finals = set()

    def extend(versions):
        k = len(versions) - 1
        if k == steps:
            finals.add(versions[-1].tobytes())
            return
        for read in range(k + 1):
            versions.append((versions[-1] - delta(versions[read])).astype(np.float32))
            extend(versions)
            versions.pop()

    extend([W2])
    return finals


def main(out, cases):
    path = os.path.join(out, "mlp_tiny_hogwild")
    if os.path.exists(path):
        shutil.rmtree(path)
    tf.saved_model.save(TinyHogwildMlp(), path)
    # fingerprint.pb holds hashes that change from run to run; tfmc does not read it.
    os.remove(os.path.join(path, "fingerprint.pb"))

    deltas = {}
    delta_fn = Delta()

    def delta(w):
        key = w.tobytes()
        if key not in deltas:
            deltas[key] = delta_fn.at(tf.constant(w), X_VALUE, Y_VALUE).numpy()
        return deltas[key]

    loaded = tf.saved_model.load(path)
    serial = W2
    for _ in range(MAX_STEPS):
        loaded.train_step(tf.constant(X_VALUE), tf.constant(Y_VALUE))
        serial = (serial - delta(serial)).astype(np.float32)
        assert loaded.w2.numpy().tobytes() == serial.tobytes(), "a serial step differs"

    with open(cases, "w") as f:
        f.write("// Written by tools/tf/make_tiny_hogwild_mlp.py with TensorFlow "
                f"{tf.__version__}: for K\n// concurrent train steps of "
                "testdata/savedmodel/mlp_tiny_hogwild, every w2 they can leave.\n")
        for steps in range(1, MAX_STEPS + 1):
            for value in sorted(final_values(steps, delta)):
                w = np.frombuffer(value, np.float32)
                f.write("{%d, %s, %s},\n" % (steps, float(w[0]).hex(), float(w[1]).hex()))
            print(steps, "steps:", len(final_values(steps, delta)), "values of w2")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
