"""Writes testdata/graphdef/lstm/: a tiny Keras LSTM (batch 2, time 3, features 2, units 3,
weights drawn from seed 0) as TensorFlow 2.21 exports it, whose forward pass is a functional
While loop over TensorLists (TensorListFromTensor, TensorListReserve, TensorListGetItem,
TensorListSetItem, TensorListStack, ...):

  lstm.pbtxt    the forward pass as a frozen GraphDef (variables folded into constants, the
                While body a library function), checked with the arguments of lstm.args;
  lstm.expected its output after one run in TensorFlow (`FETCH = LITERAL`, hex floats);
  saved_model/  the same forward pass as a SavedModel (signature serving_default), whose
                variables the checkpoint beside it holds.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_lstm_graph.py DIR
"""
import os
import sys

os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework.convert_to_constants import (  # noqa: E402
    convert_variables_to_constants_v2)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_shape_op_cases import literal  # noqa: E402

BATCH, TIME, FEATURES, UNITS = 2, 3, 2, 3
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


if __name__ == "__main__":
    main(sys.argv[1])
