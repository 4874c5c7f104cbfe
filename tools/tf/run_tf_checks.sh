#!/usr/bin/env bash
# run_tf_checks.sh [--regenerate] [TFMC] [RUNS]: real TensorFlow as the judge of tfmc
# (tools/tf/README.md). Sets up the virtual environment if needed, rebuilds the corpora
# testdata/graphdef/, testdata/savedmodel/ and testdata/checkpoint/ with --regenerate (else uses
# the committed ones), then runs
#   cross_check.py: every graph and SavedModel RUNS times per inter-op thread count (default
#                   1000) in TensorFlow; every outcome TensorFlow produces must be tfmc's;
#   rewrite_check.py: every graph optimized by Grappler must be equivalent for tfmc;
#   the Python package's tests, tests/python/, with TensorFlow.
# TFMC defaults to build/tools/tfmc, built (Release) if missing. Exits 1 when a check fails.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
regenerate=false
if [ "${1:-}" = "--regenerate" ]; then
  regenerate=true
  shift
fi
tfmc=${1:-$root/build/tools/tfmc}
runs=${2:-1000}
if [ ! -x "$tfmc" ]; then
  bash "$root/tools/install_deps.sh"
  cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release
  ninja -C "$root/build" tfmc
fi
tfmc=$(cd "$(dirname "$tfmc")" && pwd)/$(basename "$tfmc")
bash "$root/tools/tf/setup_venv.sh"
python=$root/.venv-tf/bin/python
export TF_CPP_MIN_LOG_LEVEL=3
cd "$root/tools/tf"
if $regenerate; then
  "$python" make_corpus.py "$root/testdata/graphdef"
  "$python" make_savedmodels.py "$root/testdata/savedmodel"
  "$python" make_checkpoints.py "$root/testdata/checkpoint"
fi
status=0
"$python" cross_check.py "$tfmc" "$runs" || status=1
"$python" rewrite_check.py "$tfmc" || status=1
# The Python package's tests (tests/python/), those that need TensorFlow included, on the
# module of the build (TFMC_BUILD_PYTHON).
"$python" -c 'import pytest' 2>/dev/null || "$python" -m pip install --quiet pytest
cmake -S "$root" -B "$root/build" -G Ninja -DTFMC_BUILD_PYTHON=ON >/dev/null
ninja -C "$root/build" _tfmc
PYTHONPATH="$root/build/python" "$python" -m pytest -q -p no:cacheprovider "$root/tests/python" ||
  status=1
exit $status
