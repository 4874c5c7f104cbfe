#!/usr/bin/env bash
# setup_venv.sh [VENV]: a Python virtual environment with tensorflow-cpu (from PyPI) for the
# optional real-TensorFlow tools of tools/tf/. Default VENV: .venv-tf at the repository root.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$root/.venv-tf}
# Debian's python3 lacks venv (ensurepip) until python3-venv is installed.
if ! command -v python3 >/dev/null || ! python3 -c 'import ensurepip' 2>/dev/null; then
  sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then sudo_cmd=sudo; fi
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq python3 python3-venv
fi
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
if ! "$venv/bin/python" -c 'import tensorflow' 2>/dev/null; then
  "$venv/bin/pip" install --quiet tensorflow-cpu
fi
"$venv/bin/python" -c 'import tensorflow as tf; print("tensorflow", tf.__version__)' 2>/dev/null
