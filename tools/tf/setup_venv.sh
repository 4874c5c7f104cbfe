#!/usr/bin/env bash
# setup_venv.sh [VENV]: a Python virtual environment with tensorflow-cpu (from PyPI) for the
# optional real-TensorFlow tools of tools/tf/. Default VENV: .venv-tf at the repository root.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$root/.venv-tf}
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" || {
    echo "setup_venv.sh: python3 -m venv failed (on Debian: apt-get install python3-venv)" >&2
    exit 1
  }
fi
if ! "$venv/bin/python" -c 'import tensorflow' 2>/dev/null; then
  "$venv/bin/pip" install --quiet tensorflow-cpu
fi
"$venv/bin/python" -c 'import tensorflow as tf; print("tensorflow", tf.__version__)' 2>/dev/null
