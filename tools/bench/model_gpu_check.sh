#!/usr/bin/env bash
# Checks real models on the device: each pass that tools/tf/op_coverage.py saved with --keep DIR
# --check (DIR/MODEL/saved_model/ beside DIR/MODEL/PASS.args, the pass's `tfmc check`
# arguments) is checked with --eval cpu and with --eval gpu (every call the CUDA backend covers
# on the device, whatever its size), one thread, and the two outcome sets are compared as JSON
# with every value in full. TensorFlow is needed only to write DIR, so DIR can be made on
# another machine and carried to the one with the device. It builds nothing:
#
#   bash tools/bench/model_gpu_check.sh DIR [BUILD_DIR]     (default: build)
#
# Per pass: tfmc's exit codes (cpu/gpu), each whole process's wall seconds, each exploration's
# seconds (stats.seconds, where every op of the pass is evaluated), their ratio, and whether
# the outcomes are the same. Exit status 1 when any pass differs (or its exit codes do), 2 when
# DIR holds no pass or --eval gpu finds no device.
set -euo pipefail

models=${1:?usage: model_gpu_check.sh DIR [BUILD_DIR]}
build_dir=${2:-build}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! "$tfmc" check /dev/null --eval gpu >/dev/null 2>"$work/gpu_error" &&
  grep -q "eval gpu" "$work/gpu_error"; then
  echo "model_gpu_check.sh: $(cat "$work/gpu_error")" >&2
  exit 2
fi

# Checks pass $1 of model $2 with --eval $3; prints "exit wall_seconds eval_seconds".
check() {
  local pass=$1 model=$2 eval=$3 start code=0
  local -a args
  mapfile -t args <"$models/$model/$pass.args"
  start=$(date +%s.%N)
  "$tfmc" check "$models/$model/saved_model/saved_model.pb" "${args[@]}" --eval "$eval" \
    --threads 1 --json --values full >"$work/$eval.json" 2>"$work/$eval.err" || code=$?
  awk -v c="$code" -v a="$start" -v b="$(date +%s.%N)" -v e="$(grep -o '"seconds": [0-9.e+-]*' \
    "$work/$eval.json" | head -1 | sed 's/.*: //')" 'BEGIN { printf "%s %.2f %s\n", c, b - a, e }'
}

outcomes() {  # the outcome lines of a JSON document, without witnesses
  sed -n '/"outcomes"/,/"races"/p' "$1" | sed 's/, "witness": \[[^]]*\]//'
}

printf '%-14s %-11s %7s %9s %9s %10s %10s %8s %5s\n' model pass exit cpu_wall gpu_wall cpu_eval \
  gpu_eval cpu/gpu same
status=0
found=0
for args_file in "$models"/*/*.args; do
  [[ -f $args_file ]] || continue
  model=$(basename "$(dirname "$args_file")")
  pass=$(basename "$args_file" .args)
  found=1
  read -r cpu_code cpu_wall cpu_eval < <(check "$pass" "$model" cpu)
  read -r gpu_code gpu_wall gpu_eval < <(check "$pass" "$model" gpu)
  same=yes
  if [[ $cpu_code != "$gpu_code" ||
    "$(outcomes "$work/cpu.json")" != "$(outcomes "$work/gpu.json")" ]]; then
    same=NO
    status=1
  fi
  ratio=$(awk -v c="${cpu_eval:-0}" -v g="${gpu_eval:-0}" \
    'BEGIN { if (g > 0) printf "%.2f", c / g; else print "-" }')
  printf '%-14s %-11s %7s %9s %9s %10.4f %10.4f %8s %5s\n' "$model" "$pass" "$cpu_code/$gpu_code" \
    "$cpu_wall" "$gpu_wall" "${cpu_eval:-0}" "${gpu_eval:-0}" "$ratio" "$same"
done
if ((found == 0)); then
  echo "model_gpu_check.sh: no DIR/MODEL/PASS.args in $models (write them with" \
    "tools/tf/op_coverage.py --keep $models --check SECONDS)" >&2
  exit 2
fi
exit $status
