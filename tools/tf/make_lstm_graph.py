"""Writes testdata/graphdef/lstm/: a tiny Keras LSTM (batch 2, time 3, features 2, units 3,
weights drawn from seed 0) as TensorFlow 2.21 exports it, whose forward pass is a functional
While loop over TensorLists (TensorListFromTensor, TensorListReserve, TensorListGetItem,
TensorListSetItem, TensorListStack, ...):

  lstm.pbtxt    the forward pass as a frozen GraphDef (variables folded into constants, the
                While body a library function), checked with the arguments of lstm.args;
  lstm.expected its output after one run in TensorFlow (`FETCH = LITERAL`, hex floats);
  saved_model/  the same forward pass as a SavedModel (signature serving_default), whose
                variables the checkpoint beside it holds;
  train/        a SavedModel of one training step (function train_step: the mean squared
                error against y, its gradient through the loop, whose TensorLists the
                gradient's While pushes and pops, and an SGD update of rate 0.5);
  train.args    the feeds of x and y; train.expected the step's loss (output_0) and the
                weights after it, as TensorFlow computes them.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_lstm_graph.py DIR
"""
import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.python.framework.convert_to_constants import (
    convert_variables_to_constants_v2)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_shape_op_cases import literal  # noqa: E402

BATCH, TIME, FEATURES, UNITS = 2, 3, 2, 3
Y = np.array([[0.5, -0.25, 1.0], [0.0, 0.75, -1.0]], np.float32)
X = np.array([[[0.5, -1.0], [0.25, 2.0], [-1.5, 0.75]],
              [[1.0, 0.0], [-0.5, -0.25], [3.0, -2.0]]], np.float32)


def make_module():
    import keras
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((TIME, FEATURES)), keras.layers.LSTM(UNITS)])
    spec = tf.TensorSpec((BATCH, TIME, FEATURES), tf.float32)
    module = tf.Module()
    module.model = model
    module.forward = tf.function(lambda x: model(x, training=False), input_signature=[spec])
    module.captured = list(module.forward.get_concrete_function().variables)
    return module


def write_train_step(out):
    """Writes train/, train.args and train.expected (the SavedModel is written before the
    step runs, so its checkpoint holds the initial weights)."""
    import keras
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((TIME, FEATURES)), keras.layers.LSTM(UNITS)])
    optimizer = keras.optimizers.SGD(0.5)
    optimizer.build(model.trainable_variables)

    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        variables = model.trainable_variables
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    module = tf.Module()
    module.model = model
    module.train_step = tf.function(train_step, input_signature=[
        tf.TensorSpec((BATCH, TIME, FEATURES), tf.float32), tf.TensorSpec((BATCH, UNITS),
                                                                            tf.float32)])
    module.captured = list(module.train_step.get_concrete_function().variables)
    tf.saved_model.save(module, os.path.join(out, "train"))
    loss = module.train_step(tf.constant(X), tf.constant(Y)).numpy()
    with open(os.path.join(out, "train.args"), "w") as f:
        f.write(f"--function\ntrain_step\n--feed\nx={literal(X)}\n--feed\ny={literal(Y)}\n")
    with open(os.path.join(out, "train.expected"), "w") as f:
        f.write(f"output_0 = {literal(loss)}\n")
        # The weights under the names tfmc's outcome gives them (their handles' names).
        for v in model.trainable_variables:
            f.write(f"{v.path}_1 = {literal(v.numpy())}\n")


def main(out):
    os.makedirs(out, exist_ok=True)
    module = make_module()
    want = module.forward(tf.constant(X)).numpy()
    frozen = convert_variables_to_constants_v2(module.forward.get_concrete_function())
    graph_def = frozen.graph.as_graph_def()
    with open(os.path.join(out, "lstm.pbtxt"), "w") as f:
        f.write(str(graph_def))
    fetch = frozen.outputs[0].name
    fetch = fetch[:-2] if fetch.endswith(":0") else fetch
    feed = frozen.inputs[0].name.split(":")[0]
    with open(os.path.join(out, "lstm.args"), "w") as f:
        f.write(f"--feed\n{feed}={literal(X)}\n--fetch\n{fetch}\n")
    with open(os.path.join(out, "lstm.expected"), "w") as f:
        f.write(f"{fetch} = {literal(want)}\n")
    tf.saved_model.save(module, os.path.join(out, "saved_model"),
                        signatures={"serving_default": module.forward})
    write_train_step(out)


if __name__ == "__main__":
    main(sys.argv[1])
