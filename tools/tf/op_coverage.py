"""Reports which TensorFlow ops of real models tfmc has no mapping for.

Builds seven models with TensorFlow itself (MobileNetV2, ResNet50 and EfficientNetB0 from
keras.applications without weights on a 32x32x3 input, a Transformer encoder block, an
Embedding + LSTM model, the same with a GRU, and a small CNN) and, for each, two passes as
tf.functions of one tf.Module: `forward(x)`, the model's inference call, and `train_step(x,
y)`, one step of Keras Adam on the model's loss under a GradientTape. Each pass is written as the GraphDef of its
concrete function (binary, with the function library: captured variables are DT_RESOURCE
placeholders, While bodies and gradient functions are library functions).

What is mapped is decided by tfmc, not by this script: `tfmc describe PASS.pb` lists the ops
without a mapping with their node counts (specs/FORMAT.md, "Signatures and functions"; for a
GraphDef, of the whole graph and every library function it calls), and `tfmc import PASS.pb`
imports the pass as `check` would, warning once per op type without a mapping
(specs/FORMAT.md, "TensorFlow graph files"); an op either names is unmapped, and an import that
fails (an op tfmc rejects) is reported with its error. The op counts are this script's: every
node of the graph and of each library function it reaches, each function counted once, as
describe counts them.

With --check SECONDS the module is also saved as a SavedModel (with its checkpoint) and each
pass is checked (its arguments also written to PASS.args, one per line, for
tools/bench/model_gpu_check.sh): `tfmc check saved_model.pb --function PASS --feed ... --max-seconds SECONDS
--json --values full` on fixed inputs; the report gives its exit code, time and verdict, and
compares the values of tfmc's outcome (when it found exactly one) with TensorFlow's run of the
same pass on the same inputs from the same checkpoint (savedmodel_run.py): the forward pass's
output, and the train step's loss and every variable after it. Each value is equal bit for bit,
differs (with the largest distance in ulps between its elements), or is a term (an op without
a mapping computed it).

The output, per model and pass: the ops with their counts, the unmapped ones marked, then a
summary line per model and pass, `MODEL PASS: N ops, K unmapped: A, B, C` (N and K count op
types). With --json, one JSON document instead. The exit status is 0 (it is a report), or 1
with --fail-on-unmapped when some op is unmapped or an import failed.

Usage: python3 tools/tf/op_coverage.py [--models a,b] [--keep DIR] [--json]
           [--fail-on-unmapped] [--check SECONDS] [--tfmc PATH]
"""

import argparse
import collections
import json
import os
import re
import resource
import shutil
import subprocess
import sys

import numpy as np

import tfmc_results
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PASSES = ("forward", "train_step")
IMAGE_SHAPE = (32, 32, 3)
IMAGE_CLASSES = 10
SEQUENCE = 8
# A check's address-space cap, and how long past its --max-seconds it may run before it is
# killed: on the larger models tfmc's reductions ran past --max-seconds and --max-memory.
CHECK_MEMORY = 4 << 30
CHECK_GRACE_SECONDS = 60


def image_labels(classes):
    """A one-hot label of class 1 as a tfmc literal."""
    return "y=f32[1,%d]{%s}" % (classes, ", ".join("1" if k == 1 else "0" for k in range(classes)))


def application(constructor):
    """A keras.applications model on 32x32x3 with IMAGE_CLASSES softmax outputs."""
    import keras

    def build():
        model = getattr(keras.applications, constructor)(
            input_shape=IMAGE_SHAPE, weights=None, classes=IMAGE_CLASSES)
        return model, keras.losses.CategoricalCrossentropy()

    return build


def transformer():
    """An encoder block: self-attention, dropout, residual and LayerNormalization, then a Dense
    feed-forward with the same, pooled into 4 logits."""
    import keras
    from keras import layers
    inputs = keras.Input((SEQUENCE, 16))
    attended = layers.MultiHeadAttention(num_heads=2, key_dim=8)(inputs, inputs)
    x = layers.LayerNormalization()(inputs + layers.Dropout(0.1)(attended))
    ff = layers.Dense(16)(layers.Dense(32, activation="relu")(x))
    x = layers.LayerNormalization()(x + layers.Dropout(0.1)(ff))
    outputs = layers.Dense(4)(layers.GlobalAveragePooling1D()(x))
    return (keras.Model(inputs, outputs),
            keras.losses.SparseCategoricalCrossentropy(from_logits=True))


def lstm():
    import keras
    from keras import layers
    model = keras.Sequential([keras.Input((SEQUENCE,), dtype="int32"), layers.Embedding(50, 8),
                              layers.LSTM(16), layers.Dense(4)])
    return model, keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def gru():
    import keras
    from keras import layers
    model = keras.Sequential([keras.Input((SEQUENCE,), dtype="int32"), layers.Embedding(50, 8),
                              layers.GRU(16), layers.Dense(4)])
    return model, keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def cnn():
    import keras
    from keras import layers
    model = keras.Sequential([
        keras.Input((16, 16, 3)), layers.Conv2D(8, 3, activation="relu"),
        layers.BatchNormalization(), layers.MaxPooling2D(), layers.Dropout(0.25),
        layers.Flatten(), layers.Dense(IMAGE_CLASSES)])
    return model, keras.losses.CategoricalCrossentropy(from_logits=True)


# name -> (builder of (model, loss), input shape, input dtype, label shape, label dtype,
#          tfmc --feed values of x and y)
MODELS = {
    "mobilenetv2": (application("MobileNetV2"), IMAGE_SHAPE, "float32", (IMAGE_CLASSES,),
                    "float32", ["x=f32[1,32,32,3]{0.5}", image_labels(IMAGE_CLASSES)]),
    "resnet50": (application("ResNet50"), IMAGE_SHAPE, "float32", (IMAGE_CLASSES,), "float32",
                 ["x=f32[1,32,32,3]{0.5}", image_labels(IMAGE_CLASSES)]),
    "efficientnetb0": (application("EfficientNetB0"), IMAGE_SHAPE, "float32", (IMAGE_CLASSES,),
                       "float32", ["x=f32[1,32,32,3]{0.5}", image_labels(IMAGE_CLASSES)]),
    "transformer": (transformer, (SEQUENCE, 16), "float32", (), "int32",
                    ["x=f32[1,8,16]{0.5}", "y=i32[1]{1}"]),
    "lstm": (lstm, (SEQUENCE,), "int32", (), "int32", ["x=i32[1,8]{3}", "y=i32[1]{1}"]),
    "gru": (gru, (SEQUENCE,), "int32", (), "int32", ["x=i32[1,8]{3}", "y=i32[1]{1}"]),
    "cnn": (cnn, (16, 16, 3), "float32", (IMAGE_CLASSES,), "float32",
            ["x=f32[1,16,16,3]{0.5}", image_labels(IMAGE_CLASSES)]),
}


def make_module(name):
    """The model's tf.Module with the tf.functions `forward` and `train_step`."""
    import keras
    import tensorflow as tf
    build, x_shape, x_dtype, y_shape, y_dtype, _ = MODELS[name]
    keras.utils.set_random_seed(0)
    model, loss_fn = build()
    optimizer = keras.optimizers.Adam(0.001)
    optimizer.build(model.trainable_variables)
    x_spec = tf.TensorSpec((1,) + x_shape, x_dtype)
    y_spec = tf.TensorSpec((1,) + y_shape, y_dtype)

    def forward(x):
        return model(x, training=False)

    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        variables = model.trainable_variables
        optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss

    module = tf.Module()
    module.model = model
    module.forward = tf.function(forward, input_signature=[x_spec])
    module.train_step = tf.function(train_step, input_signature=[x_spec, y_spec])
    # Keras 3 does not track every variable for tf.saved_model.save (the optimizer's, a
    # Dropout's seed generator state): the module tracks all that the passes capture, so that
    # the SavedModel can be written and its checkpoint holds them.
    module.captured = [v for name in PASSES
                       for v in getattr(module, name).get_concrete_function().variables]
    return module


def reached_nodes(graph_def):
    """Every node of the graph and of each library function its nodes call (through a func
    or func-list attribute, transitively), each function once: the nodes `tfmc describe`
    counts."""
    library = {f.signature.name: f for f in graph_def.library.function}
    called = set()
    nodes = []

    def visit(node):
        nodes.append(node)
        for value in node.attr.values():
            names = [value.func.name] if value.HasField("func") else []
            for name in names + [f.name for f in value.list.func]:
                if name in library and name not in called:
                    called.add(name)
                    for inner in library[name].node_def:
                        visit(inner)

    for node in graph_def.node:
        visit(node)
    return nodes


def export(name, out, with_savedmodel):
    """Writes OUT/PASS.pb for each pass (and OUT/saved_model/ when asked); returns
    {pass: Counter of ops}."""
    import tensorflow as tf
    module = make_module(name)
    counts = {}
    for pass_name in PASSES:
        graph_def = getattr(module, pass_name).get_concrete_function().graph.as_graph_def()
        tf.io.write_graph(graph_def, out, pass_name + ".pb", as_text=False)
        counts[pass_name] = collections.Counter(n.op for n in reached_nodes(graph_def))
    if with_savedmodel:
        tf.saved_model.save(module, os.path.join(out, "saved_model"))
        # Each pass's `tfmc check` arguments beside it, one per line, for the checks that run
        # where TensorFlow is not (tools/bench/model_gpu_check.sh).
        for pass_name in PASSES:
            with open(os.path.join(out, pass_name + ".args"), "w") as f:
                f.write("".join(a + "\n" for a in pass_args(name, pass_name)))
    return counts


def limit_memory():
    """Caps a check's address space: on a shared machine a check whose terms grow without
    bound must fail, not take the memory of the others."""
    resource.setrlimit(resource.RLIMIT_AS, (CHECK_MEMORY, CHECK_MEMORY))


def run_tfmc(tfmc, args, timeout, limited=False):
    """(exit code or None on timeout, stdout, stderr, seconds)."""
    start = time.monotonic()
    try:
        done = subprocess.run([tfmc] + args, capture_output=True, text=True, timeout=timeout,
                              preexec_fn=limit_memory if limited else None)
    except subprocess.TimeoutExpired as e:
        return None, e.stdout or "", e.stderr or "", time.monotonic() - start
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


UNMAPPED_LINE = re.compile(r"^  (\S+) \((\d+) nodes?\): (.*)$")
WARNING = re.compile(r": warning: op (\S+) has no mapping")
ERROR = re.compile(r": error: (.*)$")


def first_error(stderr):
    for line in stderr.splitlines():
        if ERROR.search(line):
            return line
    return stderr.strip().splitlines()[-1] if stderr.strip() else ""


def describe_unmapped(tfmc, graph):
    """{op: (node count, what tfmc says)} from `tfmc describe`, or an error line."""
    rc, stdout, stderr, _ = run_tfmc(tfmc, ["describe", graph], 600)
    if rc != 0:
        return None, "tfmc describe exited %s: %s" % (rc, first_error(stderr))
    lines = stdout.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("ops without a mapping:"))
    unmapped = {}
    for line in lines[start + 1:]:
        match = UNMAPPED_LINE.match(line)
        if not match:
            break
        unmapped[match.group(1)] = (int(match.group(2)), match.group(3))
    return unmapped, None


def import_warnings(tfmc, graph):
    """(ops tfmc warns about when importing the whole graph, an error line or None)."""
    rc, _, stderr, _ = run_tfmc(tfmc, ["import", graph, "-o", os.devnull], 600)
    ops = set(WARNING.findall(stderr))
    if rc != 0:
        return ops, "tfmc import exited %s: %s" % (rc, first_error(stderr))
    return ops, None


def ulps(a, b):
    """The largest distance in ulps between the elements of two float arrays of one shape (two
    NaNs are 0 apart, a NaN and a number infinitely far)."""
    both_nan = np.isnan(a) & np.isnan(b)
    if (np.isnan(a) ^ np.isnan(b)).any():
        return float("inf")
    distance = tfmc_results.ulp_distances(a, b)
    return int(np.max(np.where(both_nan, 0, distance), initial=0))


def compare_values(outcome, expected):
    """Each value of tfmc's outcome against TensorFlow's of the same name: (equal count,
    {name: ulps} of those that differ, terms count, names TensorFlow lacks)."""
    equal, differ, terms, missing = 0, {}, 0, []
    for name, text in outcome.items():
        if name not in expected:
            missing.append(name)
            continue
        ours = tfmc_results.parse_array(text)
        if ours is None:
            terms += 1
            continue
        theirs = np.asarray(expected[name])
        if tfmc_results.tensor_key(ours) == tfmc_results.tensor_key(theirs):
            equal += 1
        elif ours.dtype == theirs.dtype and ours.shape == theirs.shape and ours.dtype.kind == "f":
            differ[name] = ulps(ours, theirs)
        else:
            differ[name] = "%s%s against %s%s" % (ours.dtype, list(ours.shape), theirs.dtype,
                                                    list(theirs.shape))
    return equal, differ, terms, missing


def tensorflow_values(savedmodel, run_args):
    """TensorFlow's outputs and variables after one call of the pass from the checkpoint."""
    from savedmodel_run import SavedModelRun
    run = SavedModelRun(savedmodel, run_args)
    outputs = run.call()
    return outputs, {n: v.numpy() for n, v in run.variables.items()}


def pass_args(name, pass_name):
    """The `tfmc check` arguments that name MODEL's pass and feed its fixed inputs (x, and y
    for the train step), as savedmodel_run.SavedModelRun reads them too."""
    feeds = MODELS[name][5] if pass_name == "train_step" else MODELS[name][5][:1]
    run_args = ["--function", pass_name]
    for feed in feeds:
        run_args += ["--feed", feed]
    return run_args


def check(tfmc, savedmodel, name, pass_name, seconds):
    """`tfmc check` of the saved pass on its fixed inputs: exit code, seconds, verdict and
    explored lines (or the error), and its values against TensorFlow's (compare_values) when it
    found one outcome."""
    run_args = pass_args(name, pass_name)
    args = ["check", os.path.join(savedmodel, "saved_model.pb"), *run_args, "--max-seconds",
            str(seconds), "--max-memory", "3G", "--threads", "1", "--json", "--values", "full"]
    rc, stdout, stderr, wall = run_tfmc(tfmc, args, seconds + CHECK_GRACE_SECONDS, limited=True)
    result = {"exit": rc, "seconds": round(wall, 1), "lines": []}
    if rc is None:
        result["lines"].append("killed after %d s (--max-seconds %d did not stop it)"
                               % (wall, seconds))
        return result
    if rc not in (0, 1, 3, 5):
        result["lines"].append(first_error(stderr))
        return result
    doc = json.loads(stdout)
    outcomes = doc["outcomes"]
    result["lines"].append("%s, %d outcome(s), %d states" % (
        "complete" if doc["complete"] else "incomplete", len(outcomes), doc["stats"]["states"]))
    if len(outcomes) != 1:
        return result
    outputs, variables = tensorflow_values(savedmodel, run_args)
    equal, differ, terms, missing = compare_values(
        {**outcomes[0]["outputs"], **outcomes[0]["variables"]}, {**outputs, **variables})
    line = "values against TensorFlow: %d equal bit for bit, %d differ, %d terms" % (
        equal, len(differ), terms)
    if differ:
        worst = sorted(differ.items(), key=lambda kv: -kv[1] if isinstance(kv[1], int) else 0)
        line += "; " + ", ".join("%s %s ulps" % kv for kv in worst[:5])
    if missing:
        line += "; not in TensorFlow's run: " + ", ".join(missing[:5])
    result["lines"].append(line)
    result["values"] = {"equal": equal, "differ": differ, "terms": terms, "missing": missing}
    return result


def report_pass(tfmc, out, name, pass_name, counts):
    graph = os.path.join(out, pass_name + ".pb")
    unmapped, problem = describe_unmapped(tfmc, graph)
    warned, import_error = import_warnings(tfmc, graph)
    unmapped = unmapped or {}
    # An op the import warns about that describe missed is unmapped too.
    for op in sorted(warned - set(unmapped)):
        unmapped[op] = (counts.get(op, 0), "warned by tfmc import only")
    return {
        "model": name, "pass": pass_name, "nodes": sum(counts.values()),
        "ops": dict(sorted(counts.items())),
        "unmapped": {op: {"nodes": n, "tfmc": what} for op, (n, what) in sorted(unmapped.items())},
        "errors": [e for e in (problem, import_error) if e],
    }


def summary_line(entry):
    unmapped = entry["unmapped"]
    line = "%s %s: %d ops, %d unmapped" % (entry["model"], entry["pass"], len(entry["ops"]),
                                           len(unmapped))
    if unmapped:
        line += ": " + ", ".join(unmapped)
    if entry["errors"]:
        line += " [ERROR: %s]" % "; ".join(entry["errors"])
    return line


def print_text(entries):
    for e in entries:
        print("== %s %s: %d nodes, %d op types" % (e["model"], e["pass"], e["nodes"],
                                                   len(e["ops"])))
        width = max(len(op) for op in e["ops"])
        for op, count in e["ops"].items():
            mark = "  UNMAPPED" if op in e["unmapped"] else ""
            print("  %-*s %6d%s" % (width, op, count, mark))
        for error in e["errors"]:
            print("  error: " + error)
        if "check" in e:
            c = e["check"]
            print("  tfmc check: exit %s in %.1f s" % (c["exit"], c["seconds"]))
            for line in c["lines"]:
                print("    " + line)
        print()
    print("== summary")
    for e in entries:
        print(summary_line(e))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default=",".join(MODELS),
                        help="comma-separated subset of: " + ", ".join(MODELS))
    parser.add_argument("--keep", metavar="DIR", help="write the exported files here and keep them")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--fail-on-unmapped", action="store_true",
                        help="exit 1 when some op is unmapped or an import fails")
    parser.add_argument("--check", type=int, metavar="SECONDS", default=0,
                        help="also save a SavedModel and run tfmc check on each pass with "
                             "--max-seconds SECONDS")
    parser.add_argument("--tfmc", default=os.path.join(ROOT, "build", "tools", "tfmc"))
    args = parser.parse_args()
    names = [n for n in args.models.split(",") if n]
    unknown = [n for n in names if n not in MODELS]
    if unknown:
        parser.error("unknown models %s (known: %s)" % (", ".join(unknown), ", ".join(MODELS)))
    if not os.access(args.tfmc, os.X_OK):
        parser.error("no tfmc binary at %s (--tfmc PATH)" % args.tfmc)

    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    # One intra-op thread: tfmc gives the bits of TensorFlow's kernels on one thread (oneDNN
    # plans its 1x1 convolution blocks, and Eigen splits long reductions, by the thread count).
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.config.threading.set_intra_op_parallelism_threads(1)

    base = args.keep or tempfile.mkdtemp(prefix="op_coverage_")
    entries = []
    try:
        for name in names:
            out = os.path.join(base, name)
            os.makedirs(out, exist_ok=True)
            start = time.monotonic()
            counts = export(name, out, args.check > 0)
            print("%s: exported in %.1f s" % (name, time.monotonic() - start), file=sys.stderr)
            for pass_name in PASSES:
                entry = report_pass(args.tfmc, out, name, pass_name, counts[pass_name])
                if args.check > 0:
                    entry["check"] = check(args.tfmc, os.path.join(out, "saved_model"), name,
                                           pass_name, args.check)
                entries.append(entry)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)

    if args.json:
        json.dump({"tfmc": args.tfmc, "tensorflow": tf.__version__, "results": entries},
                  sys.stdout, indent=1)
        print()
    else:
        print_text(entries)
    failed = any(e["unmapped"] or e["errors"] for e in entries)
    return 1 if args.fail_on_unmapped and failed else 0


if __name__ == "__main__":
    sys.exit(main())
