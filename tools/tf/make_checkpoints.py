"""Writes the checkpoints (tensor bundles) of testdata/checkpoint/ with real TensorFlow.

Each checkpoint is a prefix NAME (NAME.index and NAME.data-0000K-of-0000N) next to
NAME.expected, which lists every tensor of the bundle as TensorFlow reads it back with
tf.train.load_checkpoint, one per line, tab-separated:

    KEY  DTYPE  SHAPE  HEX

DTYPE is TensorFlow's enum name (DT_FLOAT), SHAPE the dimensions joined by "x" ("" for a
scalar), HEX the row-major elements' little-endian bytes (bools one byte each), or "-" for a
dtype tfmc does not read (DT_STRING). tests/semantics/checkpoint/real_checkpoint_test.cpp
reads every key with tfmc's reader and compares it to these lines.

  keras_adam       tf.train.Checkpoint of a tiny Keras model (Dense 3->2, Dense 2->1) and its
                   Adam optimizer after one training step: the object graph, the optimizer's
                   variables and the int64 save counter
  v1_slots         tf.train.Checkpoint of a tf.Module's variable and a
                   tf.compat.v1.train.MomentumOptimizer after one step: an object graph with
                   slot_variables (the momentum accumulator)
  tf1_saver        tf.compat.v1.train.Saver (no object graph) of f32, f64, i32, i64 and bool
                   variables and an f32 scalar, with fixed values, and its MetaGraphDef
                   (tf1_saver.meta), which restores from it
  sharded          tf.train.Checkpoint written in several data files (MaxShardSizePolicy of
                   24 bytes, the size of each variable, so that none is split into slices,
                   which tfmc does not read)

The values are fixed (explicit initial values, one step on fixed data), so running the script
again writes the same tensors. The files are a few KB each.

Usage: python3 tools/tf/make_checkpoints.py OUT_DIR   (OUT_DIR: testdata/checkpoint)
"""

import os
import shutil
import sys

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def write_expected(prefix):
    """Writes PREFIX.expected from what TensorFlow reads back from the bundle at PREFIX."""
    reader = tf.train.load_checkpoint(prefix)
    dtypes = reader.get_variable_to_dtype_map()
    lines = []
    for key in sorted(dtypes):
        dtype = dtypes[key]
        value = reader.get_tensor(key)
        enum = "DT_" + dtype.name.upper().replace("FLOAT32", "FLOAT").replace(
            "FLOAT64", "DOUBLE")
        shape = "x".join(str(d) for d in np.shape(value))
        if dtype == tf.string:
            data = "-"
        else:
            data = np.ascontiguousarray(value, dtype=dtype.as_numpy_dtype).tobytes().hex()
        lines.append(f"{key}\t{enum}\t{shape}\t{data}\n")
        print(key, enum, shape, value if dtype != tf.string else "<string>")
    with open(prefix + ".expected", "w") as f:
        f.writelines(lines)


def keep_bundle_only(out, name):
    """Removes what the savers write besides the bundle and a MetaGraphDef (the `checkpoint`
    state file)."""
    state = os.path.join(out, "checkpoint")
    if os.path.exists(state):
        os.remove(state)
    for f in os.listdir(out):
        if f.startswith(name + ".") and not (".index" in f or ".data-" in f or
                                              f.endswith(".expected") or f.endswith(".meta")):
            os.remove(os.path.join(out, f))


def tiny_keras(seed_offset):
    inputs = tf.keras.Input(shape=(3,))
    hidden = tf.keras.layers.Dense(2, activation="relu", name="dense")(inputs)
    outputs = tf.keras.layers.Dense(1, name="dense_1")(hidden)
    model = tf.keras.Model(inputs, outputs)
    model.get_layer("dense").set_weights([
        np.array([[0.5, -1.0], [0.25, 2.0], [-0.75, 1.5]], np.float32),
        np.array([0.125, -0.5], np.float32)
    ])
    model.get_layer("dense_1").set_weights(
        [np.array([[1.0], [-2.0]], np.float32),
         np.array([0.0625 * seed_offset], np.float32)])
    return model


def keras_adam(out):
    model = tiny_keras(1)
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)
    x = tf.constant([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
    y = tf.constant([[1.0], [0.0]])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer)
    return ckpt.write(os.path.join(out, "keras_adam"))


def v1_slots(out):
    module = tf.Module()
    module.w = tf.Variable([1.0, -2.0, 0.5], name="w")
    optimizer = v1.train.MomentumOptimizer(learning_rate=0.5, momentum=0.9)
    optimizer.minimize(lambda: tf.reduce_sum(module.w * module.w), var_list=[module.w])
    ckpt = tf.train.Checkpoint(module=module, optimizer=optimizer)
    return ckpt.write(os.path.join(out, "v1_slots"))


def tf1_saver(out):
    with tf.Graph().as_default():
        v1.Variable(np.array([[1.5, -2.25, 0.0], [3.0, -0.0, 1e-3]], np.float32), name="f32")
        v1.Variable(np.array([0.1, -1e300, 2.0], np.float64), name="f64")
        v1.Variable(np.array([7, -8, 2147483647, -2147483648], np.int32), name="i32")
        v1.Variable(np.array([[1, -1], [2**40, -(2**62)]], np.int64), name="i64")
        v1.Variable(np.array([True, False, True], np.bool_), name="flags")
        v1.Variable(np.float32(42.5), name="scalar")
        saver = v1.train.Saver()
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return saver.save(sess, os.path.join(out, "tf1_saver"))


def sharded(out):
    module = tf.Module()
    module.a = tf.Variable(np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5, name="a")
    module.b = tf.Variable(np.array([10, 20, 30], np.int64), name="b")
    module.c = tf.Variable(np.array([0.5, 0.25, -8.0], np.float64), name="c")
    # A shard size the variables do not fill exactly makes the policy split them into slices.
    policy = tf.train.experimental.MaxShardSizePolicy(max_shard_size=24)
    options = tf.train.CheckpointOptions(experimental_sharding_callback=policy)
    return tf.train.Checkpoint(module=module).write(os.path.join(out, "sharded"),
                                                    options=options)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, make in [("keras_adam", keras_adam), ("v1_slots", v1_slots),
                       ("tf1_saver", tf1_saver), ("sharded", sharded)]:
        for f in os.listdir(out):
            if f.startswith(name + "."):
                os.remove(os.path.join(out, f))
        prefix = make(out)
        print(f"== {name}: {prefix}")
        write_expected(prefix)
        keep_bundle_only(out, name)


if __name__ == "__main__":
    main()
