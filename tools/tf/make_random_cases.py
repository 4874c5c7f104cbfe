"""Writes tests/gpu_eval/random_op_cases.inc: TensorFlow's stateless random ops
(tf.raw_ops.StatelessRandom*, on the CPU) for many seeds, keys, counters, shapes and dtypes,
arguments and results as tfmc literals with hex floats, so that the test compares bits. The
uint64 keys and counters are written as the i64 tensors of the same bits that tfmc uses.

It also writes DIR/dropout.pbtxt, the TF1 graph of a training step's random parts as Keras 3
writes them (a seed drawn from a seed-state variable that the step then advances, a dropout
mask from StatelessRandomGetKeyCounter and StatelessRandomUniformV2, weights drawn by the V1
normal and truncated normal ops), with DIR/dropout.args (the arguments of `tfmc check`) and
DIR/dropout.expected (every variable after `init` and one `train` run in TensorFlow).

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_random_cases.py OUT.inc DIR
"""
import os
import sys

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2021)

SHAPES = [[0], [1], [3], [4], [5], [2, 3], [3, 0, 2], [7, 5], [37]]
SEEDS = [[0, 0], [1, 2], [-1, -1], [2**31 - 1, -2**31], [12345, 678]]
SEEDS64 = [[2**62 + 3, -5], [-2**63, 2**63 - 1], [987654321987, 42]]
TF_DTYPES = {"f32": tf.float32, "f64": tf.float64, "i32": tf.int32, "i64": tf.int64}


def element(x, dtype):
    if dtype == "f32":
        return float(np.float32(x)).hex()
    if dtype == "f64":
        return float(x).hex()
    return str(int(x))


def literal(array, dtype):
    a = np.asarray(array)
    if dtype in ("i64", "u64"):
        a = a.astype(np.uint64).view(np.int64)
        dtype = "i64"
    dims = "" if a.ndim == 0 else "[" + ",".join(str(d) for d in a.shape) + "]"
    return f"{dtype}{dims}{{{', '.join(element(x, dtype) for x in a.reshape(-1))}}}"


def case(op, dtype, args, results):
    """One line: {op, dtype attribute ("" for none), arguments, TensorFlow's results}."""
    quoted = lambda items: "{" + ", ".join(f'"{s}"' for s in items) + "}"
    return f'{{"{op}", "{dtype}", {quoted(args)}, {quoted(results)}}},'


def key_counter_cases():
    out = []
    for seed in SEEDS:
        for sdt in ("i32", "i64"):
            s = tf.constant(seed, TF_DTYPES[sdt])
            k, c = tf.raw_ops.StatelessRandomGetKeyCounter(seed=s)
            out.append(case("StatelessRandomGetKeyCounter", "", [literal(seed, sdt)],
                            [literal(k.numpy(), "u64"), literal(c.numpy(), "u64")]))
    for seed in SEEDS64[:2]:
        s = tf.constant(seed, tf.int64)
        k, c, a = tf.raw_ops.StatelessRandomGetKeyCounterAlg(seed=s)
        out.append(case("StatelessRandomGetKeyCounterAlg", "", [literal(seed, "i64")],
                        [literal(k.numpy(), "u64"), literal(c.numpy(), "u64"),
                         literal(a.numpy(), "i32")]))
    return out


REAL = [("StatelessRandomUniform", "StatelessRandomUniformV2"),
        ("StatelessRandomNormal", "StatelessRandomNormalV2"),
        ("StatelessTruncatedNormal", "StatelessTruncatedNormalV2")]


def v1_cases():
    out = []
    for v1, _ in REAL:
        for dt in ("f32", "f64"):
            for i, shape in enumerate(SHAPES):
                seed = (SEEDS + SEEDS64)[i % 8]
                sdt = "i64" if i % 8 >= 5 else ("i32" if i % 2 else "i64")
                sht = "i32" if i % 3 else "i64"
                r = getattr(tf.raw_ops, v1)(shape=tf.constant(shape, TF_DTYPES[sht]),
                                            seed=tf.constant(seed, TF_DTYPES[sdt]),
                                            dtype=TF_DTYPES[dt])
                out.append(case(v1, dt, [literal(shape, sht), literal(seed, sdt)],
                                [literal(r.numpy(), dt)]))
    for dt in ("i32", "i64"):
        for lo, hi in ([-5, 7], [0, 1], [-2**31, 2**31 - 1]):
            shape, seed = [3, 3], [7, 11]
            r = tf.raw_ops.StatelessRandomUniformInt(
                shape=tf.constant(shape), seed=tf.constant(seed, tf.int64),
                minval=tf.constant(lo, TF_DTYPES[dt]), maxval=tf.constant(hi, TF_DTYPES[dt]))
            out.append(case("StatelessRandomUniformInt", "",
                            [literal(shape, "i32"), literal(seed, "i64"), literal(lo, dt),
                             literal(hi, dt)], [literal(r.numpy(), dt)]))
        r = tf.raw_ops.StatelessRandomUniformFullInt(
            shape=tf.constant([5]), seed=tf.constant([3, 4], tf.int32), dtype=TF_DTYPES[dt])
        out.append(case("StatelessRandomUniformFullInt", dt,
                        [literal([5], "i32"), literal([3, 4], "i32")], [literal(r.numpy(), dt)]))
    return out


def random_key_counter(counter_size):
    key = rng.integers(0, 2**64, size=[1], dtype=np.uint64)
    counter = rng.integers(0, 2**64, size=[counter_size], dtype=np.uint64)
    return key, counter


def v2_args(shape, key, counter, alg):
    return [literal(shape, "i32"), literal(key, "u64"), literal(counter, "u64"),
            literal(alg, "i32")]


def v2_cases():
    out = []
    for _, v2 in REAL:
        for dt in ("f32", "f64"):
            for i, shape in enumerate(SHAPES):
                key, counter = random_key_counter(3 if i == 4 else 2)
                if i == 5:  # the 128-bit counter carries from its lowest word up
                    counter = np.array([2**64 - 1, 5], dtype=np.uint64)
                alg = 3 if i % 2 else 1
                r = getattr(tf.raw_ops, v2)(shape=tf.constant(shape), key=tf.constant(key),
                                            counter=tf.constant(counter),
                                            alg=tf.constant(alg), dtype=TF_DTYPES[dt])
                out.append(case(v2, dt, v2_args(shape, key, counter, alg),
                                [literal(r.numpy(), dt)]))
    # Blocks whose first uniform of a normal pair is 0, which Box-Muller raises to 1e-7 (found
    # by searching the counters under this key with tfmc's generator).
    key = np.array([0x0123456789ABCDEF], np.uint64)
    for dt, counter0, shape in (("f32", 5224861, [4]), ("f64", 32414010, [2])):
        counter = np.array([counter0, 0], np.uint64)
        r = tf.raw_ops.StatelessRandomNormalV2(shape=tf.constant(shape), key=tf.constant(key),
                                               counter=tf.constant(counter), alg=tf.constant(1),
                                               dtype=TF_DTYPES[dt])
        out.append(case("StatelessRandomNormalV2", dt, v2_args(shape, key, counter, 1),
                        [literal(r.numpy(), dt)]))
    for dt in ("i32", "i64"):
        for lo, hi in ([-5, 7], [3, 4], [-2**31, 2**31 - 1], [0, 1000]):
            key, counter = random_key_counter(2)
            shape = [2, 5]
            r = tf.raw_ops.StatelessRandomUniformIntV2(
                shape=tf.constant(shape), key=tf.constant(key), counter=tf.constant(counter),
                alg=tf.constant(1), minval=tf.constant(lo, TF_DTYPES[dt]),
                maxval=tf.constant(hi, TF_DTYPES[dt]))
            out.append(case("StatelessRandomUniformIntV2", "",
                            v2_args(shape, key, counter, 1) + [literal(lo, dt), literal(hi, dt)],
                            [literal(r.numpy(), dt)]))
        if dt == "i64":
            lo, hi = -2**63, 2**63 - 1
            key, counter = random_key_counter(2)
            r = tf.raw_ops.StatelessRandomUniformIntV2(
                shape=tf.constant([6]), key=tf.constant(key), counter=tf.constant(counter),
                alg=tf.constant(1), minval=tf.constant(lo, tf.int64),
                maxval=tf.constant(hi, tf.int64))
            out.append(case("StatelessRandomUniformIntV2", "",
                            v2_args([6], key, counter, 1) + [literal(lo, dt), literal(hi, dt)],
                            [literal(r.numpy(), dt)]))
        for shape in ([7], [2, 2]):
            key, counter = random_key_counter(2)
            r = tf.raw_ops.StatelessRandomUniformFullIntV2(
                shape=tf.constant(shape), key=tf.constant(key), counter=tf.constant(counter),
                alg=tf.constant(1), dtype=TF_DTYPES[dt])
            out.append(case("StatelessRandomUniformFullIntV2", dt,
                            v2_args(shape, key, counter, 1), [literal(r.numpy(), dt)]))
    return out


def write_dropout_graph(out_dir):
    v1 = tf.compat.v1
    g = tf.Graph()
    with g.as_default():
        # Keras's SeedGenerator: an int64 state whose value, reduced and cast, is the seed.
        state = v1.get_variable("seed_state", initializer=np.array([1337, 0], np.int64),
                                use_resource=True)
        seed = tf.cast(tf.math.floormod(state.read_value() * 1, 2**31 - 2), tf.int32)
        x = tf.constant(np.arange(1, 13, dtype=np.float32).reshape(3, 4) / 4)
        # Keras's Dropout(0.5): keep where the uniform number is above the rate, scaled.
        u = tf.random.stateless_uniform([3, 4], seed, minval=0.0, maxval=1.0)
        kept = tf.raw_ops.Select(condition=tf.greater(u, 0.5), x=x * 2.0,
                                 y=tf.zeros_like(x))
        y = v1.get_variable("y", initializer=np.zeros([3, 4], np.float32), use_resource=True)
        w = v1.get_variable("w", initializer=np.zeros([3, 2], np.float64), use_resource=True)
        n = v1.get_variable("n", initializer=np.zeros([5], np.float32), use_resource=True)
        writes = [
            y.assign(kept),
            w.assign(tf.raw_ops.StatelessTruncatedNormal(shape=[3, 2], seed=seed,
                                                         dtype=tf.float64) * 0.05),
            n.assign(tf.raw_ops.StatelessRandomNormal(shape=[5], seed=seed)),
        ]
        with tf.control_dependencies(writes):
            advance = state.assign(state.read_value() + np.array([0, 1], np.int64))
        tf.group(advance, name="train")
        init = v1.global_variables_initializer()
        variables = v1.global_variables()
        with v1.Session(graph=g) as s:
            s.run(init)
            s.run("train")
            values = s.run(variables)
    tf.io.write_graph(g.as_graph_def(), out_dir, "dropout.pbtxt")
    with open(os.path.join(out_dir, "dropout.args"), "w") as f:
        f.write("--init\ninit\n--target\ntrain\n")
    with open(os.path.join(out_dir, "dropout.expected"), "w") as f:
        for var, value in sorted(zip(variables, values), key=lambda p: p[0].op.name):
            dtype = {np.float32: "f32", np.float64: "f64", np.int64: "i64"}[value.dtype.type]
            f.write(f"{var.op.name} = {literal(value, dtype)}\n")


def main():
    lines = key_counter_cases() + v1_cases() + v2_cases()
    header = (f"// Written by tools/tf/make_random_cases.py with TensorFlow {tf.__version__}: "
              "{op, dtype attribute, arguments, TensorFlow's results}.\n// clang-format off\n")
    with open(sys.argv[1], "w") as f:
        f.write(header + "\n".join(lines) + "\n// clang-format on\n")
    os.makedirs(sys.argv[2], exist_ok=True)
    write_dropout_graph(sys.argv[2])


if __name__ == "__main__":
    main()
