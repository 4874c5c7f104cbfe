"""Optimizes every graph of testdata/graphdef/ with TensorFlow's Grappler and checks with
`tfmc compare BEFORE AFTER --equivalent` that the rewrite kept the outcome set.

Grappler runs through TensorFlow's Python API (tf_optimizer.OptimizeGraph) with constant
folding, the arithmetic optimizer and the dependency optimizer on, the others off. The nodes
the run needs (--init, --target and the fetched nodes) go in the `train_op` collection so that
Grappler keeps them; each fetched tensor is first wrapped in an Identity named `FETCH~out`
(Grappler does not touch the producer of a fetched tensor), and both graphs are compared on
those Identities.

Prints per graph the node counts before and after and tfmc's verdict; exit 1 when a pair is
not equivalent.

Usage: python3 tools/tf/rewrite_check.py TFMC
"""

import glob
import os
import subprocess
import sys
import tempfile

import tensorflow as tf
from tensorflow.core.protobuf import config_pb2, rewriter_config_pb2
from tensorflow.python.grappler import tf_optimizer

from cross_check import CORPUS, load_graph_def
from tfmc_results import options, read_args

v1 = tf.compat.v1
ON = rewriter_config_pb2.RewriterConfig.ON
OFF = rewriter_config_pb2.RewriterConfig.OFF


def wrapped(gd, args):
    """The graph with an Identity `NAME~out` on each fetch, and the arguments naming those."""
    graph = tf.Graph()
    with graph.as_default():
        v1.import_graph_def(gd, name="")
        new_args = []
        for i in range(0, len(args), 2):
            flag, value = args[i], args[i + 1]
            if flag == "--fetch":
                tensor = graph.get_tensor_by_name(value if ":" in value else value + ":0")
                name = value.replace(":", "_") + "_out"
                tf.identity(tensor, name=name)
                value = name
            new_args += [flag, value]
        keep = options(new_args, "--init") + options(new_args, "--target") + \
            options(new_args, "--fetch")
        for name in keep:
            graph.add_to_collection("train_op", graph.get_operation_by_name(name))
    return graph, new_args


def optimize(graph):
    meta = v1.train.export_meta_graph(graph=graph)
    config = config_pb2.ConfigProto()
    rewriter = config.graph_options.rewrite_options
    rewriter.constant_folding = ON
    rewriter.arithmetic_optimization = ON
    rewriter.dependency_optimization = ON
    for off in ("layout_optimizer", "remapping", "shape_optimization", "loop_optimization",
                "function_optimization", "debug_stripper", "memory_optimization",
                "pin_to_host_optimization", "implementation_selector",
                "auto_mixed_precision", "scoped_allocator_optimization"):
        if hasattr(rewriter, off):
            setattr(rewriter, off, OFF)
    rewriter.min_graph_nodes = -1
    return tf_optimizer.OptimizeGraph(config, meta)


def check(tfmc, path, workdir):
    name = os.path.splitext(os.path.basename(path))[0]
    args = read_args(os.path.join(os.path.dirname(path), name + ".args"))
    graph, new_args = wrapped(load_graph_def(path), args)
    before = graph.as_graph_def()
    after = optimize(graph)
    stem = os.path.basename(path).replace(".", "_")
    before_path = os.path.join(workdir, stem + ".before.pbtxt")
    after_path = os.path.join(workdir, stem + ".after.pbtxt")
    tf.io.write_graph(before, workdir, os.path.basename(before_path))
    tf.io.write_graph(after, workdir, os.path.basename(after_path))
    r = subprocess.run([tfmc, "compare", before_path, after_path, *new_args, "--equivalent",
                        "--quiet"], capture_output=True, text=True)
    verdict = next((line for line in r.stdout.splitlines() if line.startswith("verdict:")),
                   r.stderr.strip().splitlines()[0] if r.stderr.strip() else "")
    status = "ok" if r.returncode == 0 else "FAIL"
    print(f"{status:4} {os.path.basename(path):28} nodes {len(before.node):3} -> "
          f"{len(after.node):3}  exit {r.returncode}  {verdict}")
    if r.returncode != 0:
        print("     " + (r.stdout + r.stderr).strip().replace("\n", "\n     "))
    return r.returncode == 0


def main():
    v1.disable_eager_execution()  # export_meta_graph needs graph mode
    tfmc = sys.argv[1]
    graphs = sorted(glob.glob(os.path.join(CORPUS, "*.pbtxt")))
    with tempfile.TemporaryDirectory() as workdir:
        ok = all([check(tfmc, g, workdir) for g in graphs])
    print("rewrite check:", "every Grappler rewrite is equivalent" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
