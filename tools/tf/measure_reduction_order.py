"""Measures TensorFlow's order of summation for Sum, Prod and Mean on the CPU against a numpy
emulation of the order specs/FORMAT.md ("Arithmetic on concrete tensors") states, and prints
how many results differ bit for bit:

  - full reductions of every length from 1 to --lengths (and some long ones, where Sum's runs
    split), f32 and f64;
  - every set of axes of 2-D, 3-D and 4-D shapes (rows, columns, middle axes, several axes);
  - with --threads N (TensorFlow's intra-op threads; each count in its own process), which
    long full reductions still match: above TensorFlow's cost threshold the work is split into
    one block per thread, and the result depends on the count.

The emulation runs every addition in the dtype (numpy scalars and arrays), independently of
tfmc's implementation (gpu_eval/reduction_order.h). Run with the TensorFlow of
tools/tf/setup_venv.sh:  python tools/tf/measure_reduction_order.py [--lengths N] [--threads N]
"""
import argparse
import itertools

import numpy as np

LANES = {np.float32: 8, np.float64: 4}
LEAF_PACKETS = 1024


def combine(a, b, product):
    return a * b if product else a + b


def leaf(x, n, product):
    """A run that is not split: packets of LANES lanes, four accumulators, a scalar tail."""
    p = LANES[x.dtype.type]
    identity = x.dtype.type(1 if product else 0)
    acc = np.full(p, identity, x.dtype)
    start = 0
    if n >= 4 * p:
        parts = [acc.copy() for _ in range(4)]
        while start + 4 * p <= n:
            for k in range(4):
                parts[k] = combine(parts[k], x[start + k * p:start + (k + 1) * p], product)
            start += 4 * p
        acc = combine(combine(combine(parts[0], parts[1], product), parts[2], product), parts[3],
                      product)
    while start + p <= n:
        acc = combine(acc, x[start:start + p], product)
        start += p
    tail = identity
    for j in range(start, n):
        tail = combine(tail, x[j], product)
    lanes = list(acc)
    while len(lanes) > 1:
        half = len(lanes) // 2
        lanes = [combine(lanes[i], lanes[i + half], product) for i in range(half)]
    return combine(tail, lanes[0], product)


def run(x, first, n, product):
    """A run of x[first:first + n]; a Sum's long run splits at a packet boundary."""
    p = LANES[x.dtype.type]
    if product or n <= p * LEAF_PACKETS:
        return leaf(x[first:first + n], n, product)
    split = p * -(-(first + -(-n // 2)) // p)
    left = min(split - first, n)
    acc = combine(x.dtype.type(0), run(x, first, left, product), product)
    if left < n:
        acc = combine(acc, run(x, split, n - left, product), product)
    return acc


def column(x, base, stride, count, in_packet, product):
    identity = x.dtype.type(1 if product else 0)
    acc, k = identity, 0
    if in_packet and count >= 16:
        parts = [identity] * 4
        while k + 4 <= count:
            for j in range(4):
                parts[j] = combine(parts[j], x[base + (k + j) * stride], product)
            k += 4
        acc = combine(combine(combine(parts[0], parts[1], product), parts[2], product), parts[3],
                      product)
    for j in range(k, count):
        acc = combine(acc, x[base + j * stride], product)
    return acc


def emulate(x, axes, product=False):
    """The flat result of reducing x over axes in TensorFlow's order."""
    reduced = [False] * x.ndim
    for a in axes:
        reduced[a % x.ndim] = True
    dims, flags = [], []
    for size, r in zip(x.shape, reduced):
        if size == 1:
            continue
        if flags and flags[-1] == r:
            dims[-1] *= size
        else:
            dims.append(size)
            flags.append(r)
    flat = x.reshape(-1)
    if not any(flags):
        return flat.copy()
    p = LANES[x.dtype.type]
    out = []
    if len(dims) == 1:
        out = [run(flat, 0, dims[0], product)]
    elif len(dims) == 2 and not flags[0]:
        out = [run(flat, r * dims[1], dims[1], product) for r in range(dims[0])]
    elif len(dims) == 2 or (len(dims) == 3 and not flags[0]):
        outer, count, inner = ([1] + dims) if len(dims) == 2 else dims
        results = outer * inner
        for o in range(results):
            in_packet = o < results // p * p and (o - o % p) % inner + p <= inner
            out.append(column(flat, o // inner * count * inner + o % inner, inner, count,
                              in_packet, product))
    elif len(dims) == 3:
        a, b, c = dims
        for j in range(b):
            acc = x.dtype.type(1 if product else 0)
            for k in range(c):
                for i in range(a):
                    acc = combine(acc, flat[(i * b + j) * c + k], product)
            out.append(acc)
    else:
        kept = [i for i, f in enumerate(flags) if not f]
        moved = np.ascontiguousarray(flat.reshape(dims).transpose(kept + [
            i for i, f in enumerate(flags) if f])).reshape(-1)
        terms = int(np.prod([d for d, f in zip(dims, flags) if f]))
        out = [run(moved, u * terms, terms, product) for u in range(moved.size // terms)]
    return np.array(out, x.dtype)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lengths", type=int, default=600)
    parser.add_argument("--threads", type=int, default=1)
    opts = parser.parse_args()
    import tensorflow as tf
    tf.config.threading.set_intra_op_parallelism_threads(opts.threads)
    rng = np.random.default_rng(11)

    def data(shape, dt, product):
        n = int(np.prod(shape))
        if product:
            # Close to 1, so that long products stay normal: TensorFlow flushes subnormal
            # results to zero, which the emulation does not.
            v = rng.uniform(0.97, 1.03, n) * rng.choice([-1, 1], n)
        else:
            v = rng.standard_normal(n) * np.exp2(rng.integers(-4, 4, n))
        return v.astype(dt).reshape(shape)

    ops = [("Sum", tf.raw_ops.Sum, False), ("Prod", tf.raw_ops.Prod, True),
           ("Mean", tf.raw_ops.Mean, False)]

    def check(name, op, product, x, axes):
        got = op(input=tf.constant(x), axis=tf.constant(axes, tf.int32)).numpy().reshape(-1)
        want = emulate(x, axes, product)
        if name == "Mean":
            want = (want / x.dtype.type(x.size // max(want.size, 1))).astype(x.dtype)
        return got.tobytes() == want.tobytes()

    for dt in (np.float32, np.float64):
        for name, op, product in ops:
            lengths = list(range(1, opts.lengths + 1)) + [4097, 8193, 9001, 16385, 40000]
            bad = [n for n in lengths if not check(name, op, product, data((n,), dt, product), [0])]
            print(f"{name} {dt.__name__} full, {len(lengths)} lengths: {len(bad)} differ {bad[:8]}")
            shapes = [(5, 7), (40, 3), (17, 33), (64, 9), (9, 64), (2, 9000), (33, 17, 5),
                      (4, 30, 20), (6, 20, 24), (2, 3, 4, 5), (3, 16, 4, 17), (2, 1, 30, 3)]
            total, differ = 0, []
            for shape in shapes:
                for r in range(1, len(shape) + 1):
                    for axes in itertools.combinations(range(len(shape)), r):
                        total += 1
                        if not check(name, op, product, data(shape, dt, product), list(axes)):
                            differ.append((shape, axes))
            print(f"{name} {dt.__name__} axes, {total} cases: {len(differ)} differ {differ[:4]}")
        long_runs = [10**5, 2 * 10**5, 10**6]
        same = [n for n in long_runs
                if check("Sum", tf.raw_ops.Sum, False, data((n,), dt, False), [0])]
        print(f"Sum {dt.__name__} with {opts.threads} intra-op threads: one-thread order at "
              f"{same} of {long_runs}")


if __name__ == "__main__":
    main()
