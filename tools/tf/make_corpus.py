"""Builds the corpus of TF1-style graphs in testdata/graphdef/ with real TensorFlow.

Each graph is built with tf.compat.v1 in a graph of its own and written with
tf.io.write_graph (text, NAME.pbtxt; a few also binary, NAME.pb), next to NAME.args: the
arguments of `tfmc check` for the Session.run the graph is about, one per line. The graphs are
tiny on purpose: tfmc explores every firing order. MANIFEST.md says what each one shows and
which outcomes follow. The graphs with tf.while_loop and tf.cond are written twice, with
control flow v1 (NAME) and v2 (NAME_v2): tfmc must give the twins the same outcomes.

Usage: python3 tools/tf/make_corpus.py OUT_DIR
"""

import contextlib
import os
import sys

import tensorflow as tf

v1 = tf.compat.v1

# name -> (builder, tfmc arguments, binary too, what it shows)
CORPUS = {}


def graph(name, args, binary=False, shows="", control_flow=False):
    """Registers a builder of the graph `name`, checked with `args`.

    With control_flow, the builder's tf.while_loop and tf.cond calls are written twice: as
    `name` with control flow v1 (Switch, Merge, Enter, Exit, NextIteration, LoopCond) and as
    `name_v2` with control flow v2 (While and If with their bodies in the function library).
    """

    def register(build):
        if not control_flow:
            CORPUS[name] = (build, args, binary, shows)
            return build
        CORPUS[name] = (lambda: with_control_flow(False, build), args, binary, shows)
        CORPUS[name + "_v2"] = (lambda: with_control_flow(True, build), args, binary,
                                f"`{name}` with control flow v2")
        return build

    return register


@contextlib.contextmanager
def control_flow_v2(enabled):
    """Control flow v2 on or off, as the process-wide setting was before afterwards."""
    was = v1.control_flow_v2_enabled()
    (v1.enable_control_flow_v2 if enabled else v1.disable_control_flow_v2)()
    try:
        yield
    finally:
        (v1.enable_control_flow_v2 if was else v1.disable_control_flow_v2)()


def with_control_flow(v2, build):
    with control_flow_v2(v2):
        build()


def resource_var(name, value):
    return v1.get_variable(name, initializer=tf.constant(value), use_resource=True)


def ref_var(name, value):
    return v1.Variable(value, name=name, use_resource=False)


def init():
    return v1.global_variables_initializer()  # named "init"


@graph("resource_assign_adds", ["--init", "init", "--target", "a1", "--target", "a2"],
       binary=True, shows="two unordered AssignAddVariableOps: deterministic, v = 2")
def _():
    v = resource_var("v", 0.0)
    v.assign_add(1.0, read_value=False, name="a1")
    v.assign_add(1.0, read_value=False, name="a2")
    init()


@graph("ref_assign_adds", ["--init", "init", "--target", "a1", "--target", "a2"],
       shows="two unordered ref AssignAdds (use_locking=False): v = 1 (the lost update) or 2; "
             "v = 2 under --refs mapl")
def _():
    v = ref_var("v", 0.0)
    v1.assign_add(v, 1.0, name="a1")
    v1.assign_add(v, 1.0, name="a2")
    init()


@graph("read_races_assign", ["--init", "init", "--fetch", "r", "--target", "w"],
       binary=True, shows="a ReadVariableOp unordered with an AssignVariableOp: r = 1 or 2")
def _():
    v = resource_var("v", 1.0)
    v.assign(2.0, read_value=False, name="w")
    tf.identity(v.read_value(), name="r")
    init()


@graph("ref_read_races_assign", ["--init", "init", "--fetch", "r", "--target", "w"],
       shows="a ref variable read through Identity, unordered with an Assign: r = 2 (the "
             "Identity shares the buffer); r = 1 or 2 under --refs mapl")
def _():
    v = ref_var("v", 1.0)
    v1.assign(v, 2.0, name="w")
    tf.identity(v, name="r")
    init()


@graph("lost_update", ["--init", "init", "--target", "w1", "--target", "w2"],
       shows="two read-add-assign chains on one variable: v = 2, or 1 when an update is lost")
def _():
    v = resource_var("v", 0.0)
    v.assign(v.read_value() + 1.0, read_value=False, name="w1")
    v.assign(v.read_value() + 1.0, read_value=False, name="w2")
    init()


@graph("control_dependency", ["--init", "init", "--fetch", "r"],
       shows="a read after an assign by a control dependency: r = 2 only")
def _():
    v = resource_var("v", 1.0)
    w = v.assign(2.0, read_value=False, name="w")
    with tf.control_dependencies([w]):
        tf.identity(v.read_value(), name="r")
    init()


@graph("group", ["--init", "init", "--target", "both"],
       shows="tf.group of two assign_adds of one variable: v = 3")
def _():
    v = resource_var("v", 0.0)
    tf.group(v.assign_add(1.0, read_value=False), v.assign_add(2.0, read_value=False),
             name="both")
    init()


@graph("float_sum_order",
       ["--init", "init", "--target", "a1", "--target", "a2", "--target", "a3"],
       shows="three unordered f32 AssignAdds of 1e8, 1 and -1e8: the order changes the bits, "
             "s = 0 or 1")
def _():
    s = resource_var("s", 0.0)
    s.assign_add(1e8, read_value=False, name="a1")
    s.assign_add(1.0, read_value=False, name="a2")
    s.assign_add(-1e8, read_value=False, name="a3")
    init()


@graph("streaming_mean",
       ["--init", "init", "--fetch", "mean", "--target", "update", "--feed", "x=f32{4}"],
       shows="a streaming mean: total += x and count += 1, the mean read unordered with them")
def _():
    x = v1.placeholder(tf.float32, shape=[], name="x")
    total = resource_var("total", 2.0)
    count = resource_var("count", 1.0)
    tf.group(total.assign_add(x, read_value=False), count.assign_add(1.0, read_value=False),
             name="update")
    tf.identity(total.read_value() / count.read_value(), name="mean")
    init()


@graph("metrics_mean",
       ["--init", "init", "--fetch", "mean/update_op:0", "--feed", "values=f32[2]{1, 5}"],
       shows="tf.compat.v1.metrics.mean: update_op gives the mean after its own updates, 3")
def _():
    values = v1.placeholder(tf.float32, shape=[2], name="values")
    v1.metrics.mean(values, name="mean")
    tf.group(v1.local_variables_initializer(), name="init")


@graph("fifo_queue", ["--fetch", "d", "--target", "e1", "--target", "e2"],
       shows="two unordered enqueues into a FIFO queue of capacity 1 and one dequeue: d = 1 "
             "or 2")
def _():
    q = v1.FIFOQueue(capacity=1, dtypes=[tf.float32], shapes=[[]], name="q")
    q.enqueue(1.0, name="e1")
    q.enqueue(2.0, name="e2")
    q.dequeue(name="d")


@graph("placeholders", ["--fetch", "y", "--feed", "x=f32[2]{1, 2}"], binary=True,
       shows="fed placeholders: y = x * 2 + 0.5")
def _():
    x = v1.placeholder(tf.float32, shape=[2], name="x")
    tf.add(x * 2.0, 0.5, name="y")


@graph("gradient_descent", ["--init", "init", "--target", "train"],
       shows="one GradientDescent step of y = x * w + b on fixed data (sum of squares)")
def _():
    xs = tf.constant([[1.0], [2.0]])
    ys = tf.constant([[2.0], [3.0]])
    w = resource_var("w", [[0.5]])
    b = resource_var("b", [0.0])
    loss = tf.reduce_sum(tf.square(tf.matmul(xs, w) + b - ys))
    v1.train.GradientDescentOptimizer(0.125).minimize(loss, name="train")
    init()


@graph("hogwild", ["--init", "init", "--target", "step1", "--target", "step2"],
       shows="two unordered GradientDescent steps of w = 1, each with the gradient 2 * w it "
             "read: w = 0.25 one after the other, 0 when both read w = 1 first")
def _():
    w = resource_var("w", 1.0)
    for k in (1, 2):
        grad = 2.0 * w.read_value()
        v1.raw_ops.ResourceApplyGradientDescent(var=w.handle, alpha=tf.constant(0.25),
                                                delta=grad, name=f"step{k}")
    init()


def counted_loop(name, iterations, update, shows):
    """Registers `name`: a tf.while_loop of `iterations` iterations of a counter i, fetched as
    n, each iteration making update(v, i) of a variable v = 0 that the next iteration's
    counter waits for; checked with the iteration bound one above, so that the loop ends."""

    def build():
        v = resource_var("v", 0.0)

        def body(i):
            with tf.control_dependencies([update(v, i)]):
                return i + 1

        [n] = tf.while_loop(lambda i: i < iterations, body, [tf.constant(0)])
        tf.identity(n, name="n")
        init()

    graph(name, ["--init", "init", "--fetch", "n", "--max-iterations", str(iterations + 1)],
          control_flow=True, shows=shows)(build)


counted_loop("while_assign_add", 3, lambda v, i: v.assign_add(1.0, read_value=False),
             shows="a tf.while_loop of 3 iterations, each an assign_add of 1 that the next "
                   "iteration's counter waits for: n = 3, v = 3")


# One graph per value of the fed predicate: NAME.args holds one run.
@graph("cond_update_false", ["--init", "init", "--fetch", "r", "--feed", "p=bool{false}"],
       control_flow=True,
       shows="the same tf.cond, false: v -= 1 (the other branch v += 1): r = v = 0")
@graph("cond_update_true", ["--init", "init", "--fetch", "r", "--feed", "p=bool{true}"],
       control_flow=True,
       shows="a tf.cond on a fed bool p, true: v += 1 (the other branch v -= 1): r = v = 2")
def _():
    p = v1.placeholder(tf.bool, shape=[], name="p")
    v = resource_var("v", 1.0)
    tf.identity(tf.cond(p, lambda: v.assign_add(1.0), lambda: v.assign_sub(1.0)), name="r")
    init()


def racing_loop(name, parallel_iterations, shows):
    """Registers `name`: two iterations of v = v + 1 as a read and an assign, with nothing
    ordering an iteration's read after the previous iteration's assign but
    parallel_iterations: the counter i does not wait for the assign, only the second loop
    variable `done` does."""

    def build():
        v = resource_var("v", 0.0)

        def body(i, done):
            w = v.assign(v.read_value() + 1.0, read_value=False)
            with tf.control_dependencies([w]):
                done = done + 1
            return i + 1, done

        n, done = tf.while_loop(lambda i, done: i < 2, body, [tf.constant(0), tf.constant(0)],
                                parallel_iterations=parallel_iterations)
        tf.identity(n, name="n")
        tf.identity(done, name="done")
        init()

    graph(name, ["--init", "init", "--fetch", "n", "--fetch", "done", "--max-iterations", "3"],
          control_flow=True, shows=shows)(build)


racing_loop("loop_race_parallel", 2,
            shows="a tf.while_loop (parallel_iterations=2) of 2 iterations of v = v + 1 as a "
                  "read and an assign: the second iteration may read before the first "
                  "assigns, v = 1 or 2")
racing_loop("loop_race_serial", 1,
            shows="the same loop with parallel_iterations=1: each iteration after the previous "
                  "one, v = 2")


@graph("loop_reads_write",
       ["--init", "init", "--fetch", "total", "--target", "w", "--max-iterations", "3"],
       control_flow=True,
       shows="a tf.while_loop of 2 iterations summing reads of v = 1, unordered with an assign "
             "v = 2 outside the loop: total = 2, 3 or 4")
def _():
    v = resource_var("v", 1.0)
    v.assign(2.0, read_value=False, name="w")

    def body(i, total):
        return i + 1, total + v.read_value()

    _, total = tf.while_loop(lambda i, total: i < 2, body, [tf.constant(0), tf.constant(0.0)])
    tf.identity(total, name="total")
    init()


counted_loop("cond_in_loop", 2,
             lambda v, i: tf.cond(i < 1, lambda: v.assign_add(1.0), lambda: v.assign_add(10.0)),
             shows="a tf.cond inside a tf.while_loop of 2 iterations: v += 1 when i < 1, else "
                   "v += 10: n = 2, v = 11")


@graph("stateless_loop", ["--fetch", "x", "--max-iterations", "3"], control_flow=True,
       shows="a tf.while_loop of 2 iterations without variables around a tf.cond: x = 1, "
             "then x + 1 when i < 1, else x * 3: x = 6 (v2: StatelessWhile and StatelessIf)")
def _():
    def body(i, x):
        return i + 1, tf.cond(i < 1, lambda: x + 1.0, lambda: x * 3.0)

    _, x = tf.while_loop(lambda i, x: i < 2, body, [tf.constant(0), tf.constant(1.0)])
    tf.identity(x, name="x")


@graph("floormod_loop", ["--feed", "n=i32{4}", "--fetch", "hits", "--fetch", "s"],
       shows="a TF2 tf.function (AutoGraph: a StatelessWhile and a StatelessIf) counting the "
             "even i below n, i % 2 and i // 2 written as FloorMod and FloorDiv: hits = 2, "
             "s = 1 for n = 4")
def _():
    @tf.function
    def count(n):
        i, hits, s = tf.constant(0), tf.constant(0), tf.constant(0)
        while i < n:
            # tf.equal, not ==: traced inside this TF1 graph a tensor's == is Python's
            # identity (False), and AutoGraph would drop the `if`; a TF2 program traced
            # eagerly makes the same Equal of i % 2 and 0 from ==.
            if tf.equal(i % 2, 0):
                hits += 1
                s += i // 2
            i += 1
        return hits, s

    hits, s = count(v1.placeholder(tf.int32, [], name="n"))
    tf.identity(hits, name="hits")
    tf.identity(s, name="s")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "testdata/graphdef"
    os.makedirs(out, exist_ok=True)
    manifest = ["# The TensorFlow corpus", "",
                "Written by tools/tf/make_corpus.py with TensorFlow " + tf.__version__ +
                "; each NAME.args holds the arguments of `tfmc check` for its run. Not a "
                "regression case folder: tests/semantics/graphdef/corpus_test.cpp checks "
                "each graph's outcomes, and tools/tf/cross_check.py runs them in TensorFlow.",
                "", "| graph | run | what it shows |", "| --- | --- | --- |"]
    for name, (build, args, binary, shows) in CORPUS.items():
        g = tf.Graph()
        with g.as_default():
            build()
        gd = g.as_graph_def()
        tf.io.write_graph(gd, out, f"{name}.pbtxt", as_text=True)
        if binary:
            tf.io.write_graph(gd, out, f"{name}.pb", as_text=False)
        with open(os.path.join(out, f"{name}.args"), "w") as f:
            f.write("\n".join(args) + "\n")
        ops = sorted({n.op for n in gd.node})
        print(f"{name}: {len(gd.node)} nodes; ops: {' '.join(ops)}")
        files = f"`{name}.pbtxt`" + (f", `{name}.pb`" if binary else "")
        manifest.append(f"| {files} | `{' '.join(args)}` | {shows} |")
    with open(os.path.join(out, "MANIFEST.md"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
