"""Times `tfmc check` on the passes of real Keras models against TensorFlow's own call.

The models and their passes are tools/tf/op_coverage.py's (MobileNetV2, ResNet50,
EfficientNetB0, a Transformer block, an LSTM and a small CNN; `forward(x)` and
`train_step(x, y)`, saved as one SavedModel per model by op_coverage.export), on its fixed
inputs (op_coverage.pass_args). For each pass:

- tfmc: `tfmc check saved_model.pb --function PASS --feed ... --threads 1 --eval cpu --json
  --values digest --quiet` with --max-seconds and --max-memory (digests: JSON would otherwise
  print every weight, 25 million for ResNet50, which is printing, not checking); the row
  gives the exit code, whether the exploration completed, the outcomes, the stored states,
  tfmc's exploration time (`stats.seconds`: the evaluation of every op, since a
  deterministic pass fires everything eagerly), and the whole process's CPU seconds (reading the SavedModel and its checkpoint,
  building the program, exploring, printing);
- TensorFlow: the same call of the loaded SavedModel (savedmodel_run.SavedModelRun), on one
  intra-op and one inter-op thread: the first call (which traces and optimizes the function)
  and the median of CALLS later calls, each from the checkpoint's values, as the CPU seconds
  of the process during the call (on a shared machine its wall time says more about the
  other processes).

One core on both sides: tfmc explores on one thread and TensorFlow's pools have one thread.

Usage: model_bench.py TFMC [--models a,b] [--keep DIR] [--calls N] [--max-seconds S]
           [--max-memory SIZE]
`--keep DIR` writes the SavedModels to DIR/MODEL/saved_model and reuses those already there.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tf"))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import op_coverage  # noqa: E402  (after the path to tools/tf)


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def tfmc_row(tfmc, savedmodel, name, pass_name, max_seconds, max_memory):
    """tfmc's figures for one pass: exit, complete, outcomes, states, eval_s, cpu_s, or an
    error line."""
    args = [tfmc, "check", os.path.join(savedmodel, "saved_model.pb"),
            *op_coverage.pass_args(name, pass_name), "--threads", "1", "--eval", "cpu",
            "--json", "--values", "digest", "--quiet", "--max-seconds", str(max_seconds),
            "--max-memory", max_memory]
    cpu_before = children_cpu_seconds()
    done = subprocess.run(args, capture_output=True, text=True)
    row = {"exit": done.returncode, "cpu_s": children_cpu_seconds() - cpu_before}
    if done.returncode not in (0, 1, 3, 5):
        row["error"] = op_coverage.first_error(done.stderr)
        return row
    doc = json.loads(done.stdout)
    row.update(complete=doc["complete"], outcomes=len(doc["outcomes"]),
               states=doc["stats"]["states"], eval_s=doc["stats"]["seconds"])
    return row


def tensorflow_row(savedmodel, name, pass_name, calls):
    """TensorFlow's first call and the median of `calls` more, in seconds."""
    from savedmodel_run import SavedModelRun
    run = SavedModelRun(savedmodel, op_coverage.pass_args(name, pass_name))
    start = time.process_time()
    run.call()
    first = time.process_time() - start
    times = []
    for _ in range(calls):
        run.reset()
        start = time.process_time()
        run.call()
        times.append(time.process_time() - start)
    return {"tf_first_s": first, "tf_call_s": statistics.median(times)}


def seconds(value):
    return "-" if value is None else "%.4f" % value


def print_row(name, pass_name, row):
    if "error" in row:
        print("%-15s %-10s exit %s: %s" % (name, pass_name, row["exit"], row["error"]))
        return
    ratio = "%.1f" % (row["eval_s"] / row["tf_call_s"]) if row["tf_call_s"] > 0 else "-"
    print("%-15s %-10s %4d %8s %8d %8d %9s %9s %10s %10s %9s" % (
        name, pass_name, row["exit"], "yes" if row["complete"] else "no", row["outcomes"],
        row["states"], seconds(row["eval_s"]), seconds(row["cpu_s"]),
        seconds(row["tf_first_s"]), seconds(row["tf_call_s"]), ratio))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tfmc")
    parser.add_argument("--models", default=",".join(op_coverage.MODELS),
                        help="comma-separated subset of: " + ", ".join(op_coverage.MODELS))
    parser.add_argument("--keep", metavar="DIR",
                        help="write the SavedModels here, reusing those already there")
    parser.add_argument("--calls", type=int, default=20,
                        help="TensorFlow calls timed after the first (median)")
    parser.add_argument("--max-seconds", type=int, default=300)
    parser.add_argument("--max-memory", default="8G")
    args = parser.parse_args()
    names = [n for n in args.models.split(",") if n]
    unknown = [n for n in names if n not in op_coverage.MODELS]
    if unknown:
        parser.error("unknown models %s (known: %s)" % (", ".join(unknown),
                                                         ", ".join(op_coverage.MODELS)))

    import tensorflow as tf
    tf.config.threading.set_inter_op_parallelism_threads(1)
    tf.config.threading.set_intra_op_parallelism_threads(1)

    base = args.keep or tempfile.mkdtemp(prefix="model_bench_")
    print("tfmc check --threads 1 --eval cpu; TensorFlow %s on 1 inter-op and 1 intra-op "
          "thread; seconds" % tf.__version__)
    print("%-15s %-10s %4s %8s %8s %8s %9s %9s %10s %10s %9s" % (
        "model", "pass", "exit", "complete", "outcomes", "states", "eval_s", "tfmc_cpu", "tf_first",
        "tf_call", "eval/tf"))
    try:
        for name in names:
            out = os.path.join(base, name)
            savedmodel = os.path.join(out, "saved_model")
            if not os.path.exists(os.path.join(savedmodel, "saved_model.pb")):
                os.makedirs(out, exist_ok=True)
                op_coverage.export(name, out, True)
            for pass_name in op_coverage.PASSES:
                row = tfmc_row(args.tfmc, savedmodel, name, pass_name, args.max_seconds,
                               args.max_memory)
                if "error" not in row:
                    row.update(tensorflow_row(savedmodel, name, pass_name, args.calls))
                print_row(name, pass_name, row)
                sys.stdout.flush()
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
