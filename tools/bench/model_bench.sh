#!/usr/bin/env bash
# On-demand benchmark of tfmc on real models: the six Keras models of tools/tf/op_coverage.py
# (mobilenetv2, resnet50, efficientnetb0, transformer, lstm, cnn), each pass (forward and
# train_step) saved as a SavedModel and checked with `tfmc check --threads 1 --eval cpu`,
# beside the time TensorFlow takes for the same call on one thread (model_bench.py). Needs
# the optional TensorFlow virtual environment (bash tools/tf/setup_venv.sh). It builds
# nothing:
#
#   bash tools/bench/model_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs:
#   BENCH_MODELS       comma-separated models (default: all six)
#   BENCH_KEEP         a folder to write the SavedModels to and reuse them from (default: a
#                      temporary one; the keras.applications exports take about 5 s each)
#   BENCH_CALLS        TensorFlow calls timed after the first, their median reported (default 20)
#   BENCH_MAX_SECONDS  --max-seconds of each tfmc check (default 300)
#   BENCH_MAX_MEMORY   --max-memory of each tfmc check (default 8G)
#   BENCH_PYTHON       the Python with TensorFlow (default: .venv-tf/bin/python at the root)
# Columns: model; pass; tfmc's exit code; complete; outcomes; states stored; eval_s (tfmc's
# stats.seconds: the exploration, in which every op of the pass is evaluated); tfmc_cpu (the
# whole tfmc process's user + system CPU seconds: reading the SavedModel and checkpoint,
# building the program, exploring); tf_first (TensorFlow's first call, tracing included);
# tf_call (the median of the later calls); eval/tf (eval_s over tf_call).
set -euo pipefail

build_dir=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
python=${BENCH_PYTHON:-$root/.venv-tf/bin/python}
tfmc=$build_dir/tools/tfmc
if [[ ! -x $tfmc ]]; then
  echo "model_bench.sh: $tfmc not found; build first: cmake --build $build_dir" >&2
  exit 2
fi
if ! "$python" -c 'import tensorflow' 2>/dev/null; then
  echo "model_bench.sh: no TensorFlow in $python; run bash tools/tf/setup_venv.sh" \
    "(or set BENCH_PYTHON)" >&2
  exit 2
fi
args=(--calls "${BENCH_CALLS:-20}" --max-seconds "${BENCH_MAX_SECONDS:-300}"
  --max-memory "${BENCH_MAX_MEMORY:-8G}")
[[ -n ${BENCH_MODELS:-} ]] && args+=(--models "$BENCH_MODELS")
[[ -n ${BENCH_KEEP:-} ]] && args+=(--keep "$BENCH_KEEP")
"$python" "$root/tools/bench/model_bench.py" "$tfmc" "${args[@]}"
