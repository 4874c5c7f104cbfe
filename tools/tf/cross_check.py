"""Runs every graph of testdata/graphdef/ and every SavedModel of testdata/savedmodel/ in real
TensorFlow, many times, and checks that each outcome TensorFlow produces is one of tfmc's.
The SavedModels' part is savedmodel_cross_check.py; this file runs the graphs.

For each NAME.pbtxt with NAME.args: tfmc's outcomes come from `TFMC check NAME.pbtxt ARGS
--json`, whose default for ref variables (--refs alias) is how TensorFlow runs them. TensorFlow runs the same Session.run: the --init nodes (each a run of
its own), then one run of the --fetch tensors and --target nodes with the --feed values, then
a separate run that reads every variable of tfmc's outcome (a ReadVariableOp for a resource
variable, the ref tensor for a ref variable; an uninitialized one reads as
Error(uninitialized)). Sessions
use several inter-op thread counts (use_per_session_threads, so each session has its own
pool), and a fresh session every few runs, since a session's age changes which orders show.

Values are compared exactly: tfmc's value texts (`f32[2]{1, 2.5}`) are parsed into dtype,
shape and elements, and float elements compared by their bits in their dtype.

Prints per graph and SavedModel: runs, distinct TensorFlow outcomes, tfmc's outcomes, and how
many of tfmc's outcomes TensorFlow reached; FAIL for a TensorFlow outcome outside tfmc's set,
or for a file tfmc rejects or does not explore completely (exit 1).

Usage: python3 tools/tf/cross_check.py TFMC [RUNS_PER_THREAD_COUNT]
"""

import glob
import os
import sys

import tensorflow as tf
from google.protobuf import text_format

import savedmodel_cross_check
import tfmc_results
from tfmc_results import options, read_args

v1 = tf.compat.v1
CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "testdata", "graphdef")
THREAD_COUNTS = (1, 2, 4, 8)
RUNS_PER_SESSION = 25
# A run that waits this long is stuck (a dequeue nothing fills): tfmc's stuck outcome.
RUN_TIMEOUT_MS = 10000


def load_graph_def(path):
    """The GraphDef in `path`: text for *.pbtxt, binary otherwise."""
    gd = v1.GraphDef()
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".pbtxt"):
        text_format.Parse(data.decode(), gd)
    else:
        gd.ParseFromString(data)
    return gd


def outcome_key(outputs, variables):
    return (tuple(sorted(outputs.items())), tuple(sorted(variables.items())))


def tfmc_outcomes(tfmc, graph, args):
    # tfmc's default for ref variables, --refs alias, is TensorFlow's executor (shared
    # buffers, unlocked updates not atomic); resource variables are the same under both.
    outcomes, stuck = tfmc_results.tfmc_check(tfmc, graph, args)
    keys = {outcome_key(o["outputs"], o["variables"]) for o in outcomes}
    variables = sorted(outcomes[0]["variables"]) if outcomes else []
    return keys, variables, stuck


def feed_value(text):
    array = tfmc_results.parse_array(text)
    if array is None:
        raise ValueError(f"cannot feed {text}")
    return array


class TfRun:
    """The graph imported into TensorFlow, with reads of its variables added."""

    def __init__(self, graph_path, args, variables):
        self.graph = tf.Graph()
        gd = load_graph_def(graph_path)
        with self.graph.as_default():
            v1.import_graph_def(gd, name="")
            self.reads = {name: self.variable_read(gd, name) for name in variables}
        g = self.graph
        # A queue keeps its items from run to run of one session, where tfmc's run starts
        # with empty queues: such graphs get a fresh session for every run.
        self.has_queue = any(n.op.startswith("FIFOQueue") for n in gd.node)
        self.inits = [g.get_operation_by_name(n) for n in options(args, "--init")]
        self.fetch_names = options(args, "--fetch")
        self.fetches = [g.get_tensor_by_name(f if ":" in f else f + ":0") for f in self.fetch_names]
        self.targets = [g.get_operation_by_name(n) for n in options(args, "--target")]
        self.feeds = {}
        for text in options(args, "--feed"):
            name, value = text.split("=", 1)
            name = name if ":" in name else name + ":0"
            self.feeds[g.get_tensor_by_name(name)] = feed_value(value)

    def variable_read(self, gd, name):
        for node in gd.node:
            shared = node.attr["shared_name"].s.decode() if "shared_name" in node.attr else ""
            if node.op == "VarHandleOp" and (shared or node.name) == name:
                handle = self.graph.get_tensor_by_name(node.name + ":0")
                return v1.raw_ops.ReadVariableOp(resource=handle,
                                                 dtype=node.attr["dtype"].type)
            if node.op in ("VariableV2", "Variable") and node.name == name:
                return tf.identity(self.graph.get_tensor_by_name(node.name + ":0"))
        raise KeyError(f"no variable {name}")

    def run_once(self, session):
        for op in self.inits:
            session.run(op)
        try:
            values = session.run(self.fetches + self.targets, feed_dict=self.feeds,
                                 options=v1.RunOptions(timeout_in_ms=RUN_TIMEOUT_MS))
        except tf.errors.DeadlineExceededError:
            return ("stuck",)
        outputs = {n: tfmc_results.tensor_key(v) for n, v in zip(self.fetch_names, values)}
        variables = {}
        for name, read in self.reads.items():
            try:
                variables[name] = tfmc_results.tensor_key(session.run(read))
            except (tf.errors.FailedPreconditionError, tf.errors.InvalidArgumentError):
                variables[name] = ("text", "Error(uninitialized)")
        return outcome_key(outputs, variables)


def cross_check(tfmc, graph_path, runs_per_count):
    name = os.path.splitext(os.path.basename(graph_path))[0]
    args = read_args(os.path.join(os.path.dirname(graph_path), name + ".args"))
    try:
        expected, variables, stuck = tfmc_outcomes(tfmc, graph_path, args)
    except RuntimeError as e:
        print(f"FAIL {os.path.basename(graph_path):30} {e}")
        return False
    if stuck:
        expected.add(("stuck",))
    run = TfRun(graph_path, args, variables)
    seen = {}
    total = 0
    for threads in THREAD_COUNTS:
        config = v1.ConfigProto(inter_op_parallelism_threads=threads,
                                intra_op_parallelism_threads=1, use_per_session_threads=True)
        per_session = 1 if run.has_queue else RUNS_PER_SESSION
        for start in range(0, runs_per_count, per_session):
            with v1.Session(graph=run.graph, config=config) as session:
                for _ in range(min(per_session, runs_per_count - start)):
                    key = run.run_once(session)
                    seen[key] = seen.get(key, 0) + 1
                    total += 1
    outside = [k for k in seen if k not in expected]
    reached = sum(1 for k in expected if k in seen)
    tfmc_results.print_figures(not outside, os.path.basename(graph_path), total, len(seen),
                               len(expected), reached)
    for k in outside:
        print(f"     outside tfmc's set ({seen[k]} runs): {k}")
    return not outside


def main():
    tfmc = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    graphs = sorted(glob.glob(os.path.join(CORPUS, "*.pbtxt")) +
                    glob.glob(os.path.join(CORPUS, "*.pb")))
    ok = all([cross_check(tfmc, g, runs) for g in graphs])
    ok = savedmodel_cross_check.cross_check_all(tfmc, runs) and ok
    print("cross-check:", "every TensorFlow outcome is one of tfmc's" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
