"""Runs every SavedModel of testdata/savedmodel/ (each NAME/ with NAME.args) in real
TensorFlow, many times, and checks that each outcome TensorFlow produces is one of tfmc's.

tfmc's outcomes come from `TFMC check NAME/saved_model.pb ARGS --json`. TensorFlow loads the
model with tf.saved_model.load and calls the function or signature that ARGS name with the
--feed values (savedmodel_run.py); for `--concurrent K`, K Python threads call it at once on
the same loaded model, released together by a barrier, their outputs named as tfmc names them
(`output_0@1`, `output_0@2`). After the calls, every variable of tfmc's outcome is read by its
name. Each trial starts from the checkpoint: the variables get the values the load restored,
and a fresh load comes every RELOAD_EVERY trials (a load takes 13 to 100 ms here, a trial a
few ms: loading for every trial would make the check ten times slower). The trials run in a worker process per inter-op
thread count (1, 2, 4, 8: TensorFlow fixes its pools when its runtime starts).

Values are compared bit for bit, except where tfmc's value is a term (an op without a mapping
computed it, specs/FORMAT.md "TensorFlow graph files"): a term stands for every value, so such
a model is checked on the values tfmc does compute, its line says `terms`, and how many of
tfmc's outcomes TensorFlow reached is not counted (`-`).

`--only NAME,...` checks just the models named (the corpus's NAME.args), e.g. the Hogwild MLP
with many more runs than the whole corpus could afford: `--only mlp_hidden_hogwild`.

Usage: python3 tools/tf/savedmodel_cross_check.py TFMC [RUNS_PER_THREAD_COUNT] [--only NAME,...]
       (cross_check.py runs it after the graphs)
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import threading

import numpy as np

import tfmc_results
from tfmc_results import read_args

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata",
                      "savedmodel")
THREAD_COUNTS = (1, 2, 4, 8)
RELOAD_EVERY = 25


def models(only=None):
    """The corpus's models, or those of them named in `only`: (name, directory, args)."""
    found = []
    for args_path in sorted(glob.glob(os.path.join(CORPUS, "*.args"))):
        name = os.path.basename(args_path)[:-len(".args")]
        if only is None or name in only:
            found.append((name, os.path.join(CORPUS, name), read_args(args_path)))
    if only is not None and len(found) != len(only):
        missing = sorted(set(only) - {name for name, _, _ in found})
        raise ValueError(f"no model {', '.join(missing)} in {os.path.normpath(CORPUS)}")
    return found


def trial(run):
    """One trial from the checkpoint's values: the outputs of each call, named as tfmc names
    them, and every variable afterwards."""
    if run.concurrent == 1:
        outputs = run.call()
    else:
        barrier = threading.Barrier(run.concurrent)
        results = [None] * run.concurrent
        errors = []

        def call(k):
            try:
                barrier.wait()
                results[k] = run.call()
            except Exception as e:  # reported below, on the main thread
                errors.append(e)

        threads = [threading.Thread(target=call, args=(k,)) for k in range(run.concurrent)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise errors[0]
        outputs = {f"{name}@{k + 1}": value
                   for k, result in enumerate(results) for name, value in result.items()}
    return outputs, run.read(sorted(run.variables))


def encode(array):
    array = np.asarray(array)
    return [array.dtype.str, list(array.shape), array.tobytes().hex()]


def decode(value):
    dtype, shape, raw = value
    return np.frombuffer(bytes.fromhex(raw), dtype=dtype).reshape(shape)


def worker(threads, runs, only):
    """Prints, as JSON, each model's TensorFlow outcomes with their counts, run with `threads`
    inter-op threads."""
    import tensorflow as tf  # after the choice of threads, before TensorFlow's runtime starts

    tf.config.threading.set_inter_op_parallelism_threads(threads)
    tf.config.threading.set_intra_op_parallelism_threads(1)
    import savedmodel_run

    seen = {}
    for name, directory, args in models(only):
        run = savedmodel_run.SavedModelRun(directory, args)
        counts = {}
        for i in range(runs):
            if i and i % RELOAD_EVERY == 0:
                run.load()
            else:
                run.reset()
            outputs, variables = trial(run)
            key = json.dumps([{k: encode(v) for k, v in sorted(outputs.items())},
                              {k: encode(v) for k, v in sorted(variables.items())}])
            counts[key] = counts.get(key, 0) + 1
        seen[name] = counts
    json.dump(seen, sys.stdout)


def matches(tf_outcome, tfmc_outcome):
    """Whether TensorFlow's outcome is tfmc's: every value equal, or tfmc's a term."""
    for part in ("outputs", "variables"):
        for name, key in tfmc_outcome[part].items():
            if name not in tf_outcome[part]:
                raise KeyError(f"TensorFlow's outcome has no {name}")
            if not tfmc_results.is_term(key) and tf_outcome[part][name] != key:
                return False
    return True


def cross_check_all(tfmc, runs, only=None):
    """Checks every model, or those named in `only`; prints a line of figures each. Whether
    all passed."""
    selected = models(only)
    names = ",".join(name for name, _, _ in selected)
    seen = {}
    for threads in THREAD_COUNTS:
        r = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", str(threads),
                            str(runs), names], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAIL TensorFlow worker ({threads} threads): {r.stderr.strip()[-2000:]}")
            return False
        for name, counts in json.loads(r.stdout).items():
            for key, count in counts.items():
                seen.setdefault(name, {})
                seen[name][key] = seen[name].get(key, 0) + count
    ok = True
    for name, directory, args in selected:
        try:
            expected, stuck = tfmc_results.tfmc_check(
                tfmc, os.path.join(directory, "saved_model.pb"), args)
        except RuntimeError as e:
            print(f"FAIL {name:30} {e}")
            ok = False
            continue
        terms = any(tfmc_results.is_term(k) for o in expected for part in o.values()
                    for k in part.values())
        outside, reached = [], set()
        for key, count in seen[name].items():
            arrays = [{k: decode(v) for k, v in part.items()} for part in json.loads(key)]
            tf_outcome = {part: {k: tfmc_results.tensor_key(v) for k, v in values.items()}
                          for part, values in zip(("outputs", "variables"), arrays)}
            hits = [i for i, o in enumerate(expected) if matches(tf_outcome, o)]
            reached.update(hits)
            if not hits:
                outside.append((count, ", ".join(
                    f"{k} = {tfmc_results.format_value(v)}" for part in arrays
                    for k, v in part.items())))
        total = sum(seen[name].values())
        label = f"{name}/" + (" (terms)" if terms else "") + (" (stuck)" if stuck else "")
        tfmc_results.print_figures(not outside, label, total, len(seen[name]), len(expected),
                                   None if terms else len(reached))
        for count, values in outside:
            print(f"     outside tfmc's set ({count} runs): {values}")
        ok = ok and not outside
    return ok


def main():
    if sys.argv[1] == "--worker":
        worker(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(","))
        return
    parser = argparse.ArgumentParser(description="SavedModels in TensorFlow against tfmc")
    parser.add_argument("tfmc")
    parser.add_argument("runs", nargs="?", type=int, default=1000,
                        help="runs per inter-op thread count")
    parser.add_argument("--only", help="comma-separated model names (default: every model)")
    options = parser.parse_args()
    only = options.only.split(",") if options.only else None
    try:
        models(only)
    except ValueError as e:
        parser.error(str(e))
    ok = cross_check_all(options.tfmc, options.runs, only)
    print("SavedModel cross-check:", "every TensorFlow outcome is one of tfmc's" if ok
          else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
