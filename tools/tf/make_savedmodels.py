"""Writes the TF2 SavedModels of testdata/savedmodel/ with real TensorFlow.

Each model is a directory NAME/ as tf.saved_model.save writes it (saved_model.pb and the
checkpoint in variables/). The values are fixed (explicit initial values, steps on fixed
data), so running the script again writes the same tensors; after writing each model, the
script loads it back and prints what TensorFlow computes from it, the values that
tests/semantics/graphdef/saved_model_test.cpp expects of tfmc.

  momentum_module  a tf.Module with w = [[1, 2]] and b = 0.5, `__call__(x) = sum(x * w) + b`
                   and `train_step(x)`, one step of Keras SGD with momentum 0.9 and learning
                   rate 0.1; saved after one step on x = [[1, 1]], with the signatures
                   serving_default (__call__) and train (train_step)
  captured_call.pbtxt
                   the graph of momentum_module's concrete `__call__` (tf.function's graph,
                   written with tf.io.write_graph): its captured variables are DT_RESOURCE
                   placeholders
  shape_mismatch   a SavedModel like momentum_module whose checkpoint holds an f32[3] for w:
                   loading it must fail

Usage: python3 tools/tf/make_savedmodels.py OUT_DIR   (OUT_DIR: testdata/savedmodel)
"""

import os
import shutil
import sys

import tensorflow as tf


class MomentumModule(tf.Module):
    def __init__(self, w):
        super().__init__()
        self.w = tf.Variable(w, name="w")
        self.b = tf.Variable(0.5, name="b")
        self.opt = tf.keras.optimizers.SGD(0.1, momentum=0.9)

    @tf.function(input_signature=[tf.TensorSpec([1, 2], tf.float32)])
    def __call__(self, x):
        return tf.reduce_sum(x * self.w) + self.b

    @tf.function(input_signature=[tf.TensorSpec([1, 2], tf.float32)])
    def train_step(self, x):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(x * self.w) + self.b
        grads = tape.gradient(y, [self.w, self.b])
        self.opt.apply_gradients(zip(grads, [self.w, self.b]))
        return y


def save(module, path):
    if os.path.exists(path):
        shutil.rmtree(path)
    tf.saved_model.save(module, path, signatures={
        "serving_default": module.__call__, "train": module.train_step})


def momentum_module(out):
    m = MomentumModule([[1.0, 2.0]])
    x = tf.constant([[1.0, 1.0]])
    m.train_step(x)
    path = os.path.join(out, "momentum_module")
    save(m, path)
    loaded = tf.saved_model.load(path)
    print("momentum_module serving_default:", loaded.signatures["serving_default"](x=x))
    y = loaded.train_step(x)
    print("momentum_module train_step: output_0 =", repr(y.numpy()))
    print("   w =", repr(loaded.w.numpy()), "b =", repr(loaded.b.numpy()))
    graph = m.__call__.get_concrete_function().graph.as_graph_def()
    tf.io.write_graph(graph, out, "captured_call.pbtxt", as_text=True)


def shape_mismatch(out):
    path = os.path.join(out, "shape_mismatch")
    save(MomentumModule([[1.0, 2.0]]), path)
    shutil.rmtree(os.path.join(path, "variables"))
    other = tf.train.Checkpoint(w=tf.Variable([1.0, 2.0, 3.0]), b=tf.Variable(0.5))
    other.write(os.path.join(path, "variables", "variables"))


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    momentum_module(out)
    shape_mismatch(out)
    for name in ("fingerprint.pb",):
        for model in ("momentum_module", "shape_mismatch"):
            fingerprint = os.path.join(out, model, name)
            if os.path.exists(fingerprint):
                os.remove(fingerprint)


if __name__ == "__main__":
    main()
