"""Finds the first node of a SavedModel pass whose value tfmc computes differently from TensorFlow.

Given a SavedModel directory, a tf.function saved on it (the pass, `--function NAME` as `tfmc
check` names it) and its feeds, it records every float and integer tensor of the pass's
top-level graph twice:

- TensorFlow's: the pass's concrete function (loaded with tf.saved_model.load, its variables
  restored from the checkpoint) is wrapped and pruned to a function whose outputs are every such
  tensor, and with every operation of the pass as a control output, so that it runs the whole
  pass (its variable updates too) once;
- tfmc's: `tfmc import saved_model.pb --function NAME` writes the pass as .tfg, where a node
  `b` of the function's body is `NAME~call/b` (specs/FORMAT.md, "Signatures and functions"),
  mangled where that is not a .tfg name; an `output` line is added for each recorded tensor
  whose node the .tfg has, and `tfmc check --values full --json` computes them (the pass has one
  outcome).

Fetching a tensor keeps TensorFlow's graph optimizer (Grappler) from rewriting the node that
computes it, and every operation is a control output of the traced run, which keeps the
rewrites that need a node no other waits for (`x * sigmoid(x)` as oneDNN's swish, whose
Sigmoid then has a control consumer); so the traced run may round differently from a plain
call of the pass. The tool runs the plain call too and warns which variables then differ (the
values a trace cannot explain, such as a tree of additions that the optimizer regroups only
when nothing inside it is fetched).

It then prints, in the graph's topological order, the first nodes whose values differ: op
type, shape, the largest distance in ulps and one differing element, and each operand's own
comparison (equal, differs, or not compared), so the op that rounds differently is the first
one listed whose operands are all equal.

With --only REGEX only the tensors whose names the regular expression finds are fetched and
compared, so that the optimizer keeps its rewrites elsewhere (a bisection over the graph).

Usage: python3 tools/tf/trace_pass.py SAVEDMODEL_DIR --function NAME [--feed NAME=VALUE ...]
           [--tfmc PATH] [--first N] [--keep DIR] [--only REGEX]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

import op_coverage
import tfmc_results

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
# The dtypes whose tensors are compared: those tfmc's value texts hold (tfmc_results.DTYPES).
COMPARED = ("float32", "float64", "int32", "int64", "bool")
TFG_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_./-]*")


def tfg_name(name):
    """TensorFlow's node name as tfmc import writes it (semantics/graphdef/tfg_names.h): kept
    where it is a .tfg name, else `_` and its characters, `_` doubled, any byte outside
    [A-Za-z0-9./-] as `_` and two lowercase hex digits."""
    if TFG_PLAIN.fullmatch(name):
        return name
    out = ["_"]
    for byte in name.encode():
        c = chr(byte)
        if c == "_":
            out.append("__")
        elif c.isascii() and (c.isalnum() or c in "./-"):
            out.append(c)
        else:
            out.append("_%02x" % byte)
    return "".join(out)


def tensorflow_trace(directory, args, only=None):
    """(the pass's ops in topological order, {tensor name: numpy value} of every compared
    tensor of its top-level graph, the variables whose values after that run differ from those
    after a plain call of the pass) after one run of the pass from the checkpoint's values."""
    import tensorflow as tf
    from tensorflow.python.eager import wrap_function
    from savedmodel_run import SavedModelRun
    run = SavedModelRun(directory, args)
    concrete, = run.function.concrete_functions
    graph = concrete.graph
    operations = graph.get_operations()
    tensors = [t for op in operations for t in op.outputs if t.dtype.name in COMPARED
               and (only is None or only.search(t.name))]
    wrapped = wrap_function.WrappedFunction(graph, variable_holder=wrap_function.VariableHolder())
    # The arguments' placeholders are named as the arguments, which the feeds name; a captured
    # constant tensor (not a variable) stays captured by the pruned function.
    arguments = [t for t in graph.inputs if t.dtype != tf.resource and t.op.name in run.feeds]
    pruned = wrapped.prune(feeds=arguments, fetches=(tensors, operations))
    values, _ = pruned(*[run.feeds[t.op.name] for t in arguments])
    traced = {n: v.numpy() for n, v in run.variables.items()}
    run.reset()
    run.call()
    changed = sorted(n for n, v in run.variables.items()
                     if tfmc_results.tensor_key(v.numpy()) != tfmc_results.tensor_key(traced[n]))
    return operations, {t.name: v.numpy() for t, v in zip(tensors, values)}, changed


def tfmc_trace(tfmc, directory, function, feeds, names, work):
    """{tensor name: tfmc's value text} of the tensors `names` (`op:K`) of the pass, those whose
    node tfmc's import of the pass has."""
    program = os.path.join(work, function + ".tfg")
    done = subprocess.run([tfmc, "import", os.path.join(directory, "saved_model.pb"),
                           "--function", function, "-o", program], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("tfmc import failed: " + done.stderr.strip())
    with open(program) as f:
        defined = {line.split(" = ", 1)[0] for line in f if " = " in line}
    traced = {}
    with open(program, "a") as f:
        for name in names:
            op, port = name.rsplit(":", 1)
            node = tfg_name(f"{function}~call/{op}")
            if node in defined:
                output = f"trace{len(traced)}"
                traced[output] = name
                f.write(f"output {node}:{port} as {output}\n")
    inputs = [f"{tfg_name(function + '~' + n)}={v}" for n, v in
              (feed.split("=", 1) for feed in feeds)]
    command = [tfmc, "check", program, "--json", "--values", "full", "--threads", "1"]
    for feed in inputs:
        command += ["--feed", feed]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"tfmc check exited {done.returncode}: {done.stderr.strip()}")
    outcomes = json.loads(done.stdout)["outcomes"]
    if len(outcomes) != 1:
        sys.exit(f"tfmc found {len(outcomes)} outcomes; the trace needs exactly one")
    return {traced[k]: v for k, v in outcomes[0]["outputs"].items() if k in traced}


def compare(ours_text, theirs):
    """'equal', 'term', or a description of the difference."""
    ours = tfmc_results.parse_array(ours_text)
    if ours is None:
        return "term"
    if tfmc_results.tensor_key(ours) == tfmc_results.tensor_key(theirs):
        return "equal"
    if ours.shape != theirs.shape or ours.dtype != theirs.dtype:
        return "tfmc %s%s, TensorFlow %s%s" % (ours.dtype, list(ours.shape), theirs.dtype,
                                               list(theirs.shape))
    differs = ours != theirs
    if ours.dtype.kind == "f":  # -0 differs from +0; two NaNs are one value
        differs = ((differs | (np.signbit(ours) != np.signbit(theirs)))
                   & ~(np.isnan(ours) & np.isnan(theirs)))
    index = tuple(int(i) for i in np.argwhere(differs)[0])
    if ours.dtype.kind == "f":
        distance = "%s ulps" % op_coverage.ulps(ours, theirs)
        example = "tfmc %s, TensorFlow %s" % (float(ours[index]).hex(), float(theirs[index]).hex())
    else:
        distance = "%d elements" % int(np.sum(ours != theirs))
        example = "tfmc %s, TensorFlow %s" % (ours[index], theirs[index])
    return "%s; at %s %s" % (distance, list(index), example)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("savedmodel", help="the SavedModel directory")
    parser.add_argument("--function", required=True, help="the pass: a tf.function's path")
    parser.add_argument("--feed", action="append", default=[], metavar="NAME=VALUE",
                        help="an argument's value as a tfmc literal (repeatable)")
    parser.add_argument("--tfmc", default=os.path.join(ROOT, "build", "tools", "tfmc"))
    parser.add_argument("--first", type=int, default=5, help="how many differing nodes to print")
    parser.add_argument("--keep", metavar="DIR", help="write tfmc's traced .tfg here")
    parser.add_argument("--only", metavar="REGEX",
                        help="trace only the tensors whose name REGEX finds: fewer fetches "
                             "leave more of the optimizer's rewrites as a plain call has them")
    args = parser.parse_args()

    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.config.threading.set_intra_op_parallelism_threads(1)

    run_args = ["--function", args.function]
    for feed in args.feed:
        run_args += ["--feed", feed]
    only = re.compile(args.only) if args.only else None
    operations, theirs, changed = tensorflow_trace(args.savedmodel, run_args, only)
    if changed:
        print("warning: TensorFlow's traced run leaves %d variables other than its plain call "
              "does (%s): fetching every tensor keeps the optimizer from rewriting them, so "
              "the trace may not show where tfmc parts from the plain call" % (
                  len(changed), ", ".join(changed[:3])))
    work = args.keep or tempfile.mkdtemp(prefix="trace_pass_")
    os.makedirs(work, exist_ok=True)
    ours = tfmc_trace(args.tfmc, args.savedmodel, args.function, args.feed, list(theirs), work)

    verdicts = {name: compare(text, theirs[name]) for name, text in ours.items()}
    counts = {"equal": 0, "differ": 0, "term": 0}
    for v in verdicts.values():
        counts[v if v in counts else "differ"] += 1
    print("%d tensors traced: %d equal bit for bit, %d differ, %d terms; %d not in tfmc's "
          "program" % (len(theirs), counts["equal"], counts["differ"], counts["term"],
                       len(theirs) - len(ours)))
    shown = 0
    for op in operations:
        for t in op.outputs:
            verdict = verdicts.get(t.name)
            if verdict in (None, "equal", "term") or shown == args.first:
                continue
            shown += 1
            print("\n%s %s %s: %s" % (op.type, t.name, list(t.shape), verdict))
            for k, operand in enumerate(op.inputs):
                print("  operand %d %s %s: %s" % (k, operand.op.type, operand.name,
                                                  verdicts.get(operand.name, "not compared")))
    return 1 if counts["differ"] else 0


if __name__ == "__main__":
    sys.exit(main())
