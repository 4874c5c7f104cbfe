#!/usr/bin/env bash
# On-demand benchmark of the GPU backend: the sgd_matmul family (tfmc_gen_bench: W workers
# racing SGD steps on f32 N x N weights, each step two MatMuls, then a MatMul of the result),
# each program checked with --eval cpu and, where a CUDA device exists, --eval gpu, in one run.
# It prints per row the seconds of each (the whole tfmc process), the function evaluations,
# the CPU/GPU ratio, and whether the two outcome sets are the same (compared as JSON with
# every large tensor as its digest). It builds nothing:
#
#   bash tools/bench/gpu_bench.sh [BUILD_DIR]     (default: build)
#
# BENCH_ROWS overrides the rows, e.g. "2x512 4x1024". Exit status 1 when any row's outcome
# sets differ.
set -euo pipefail

build_dir=${1:-build}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
rows=(${BENCH_ROWS:-2x64 2x128 2x256 2x512 2x1024 4x256 4x512})

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A run's wall seconds, with its JSON document (outcomes and statistics) in $work/$2.json. Exit
# 0 or 1 (one outcome or several) is a result; anything else stops the benchmark.
run() {
  local eval=$1 name=$2 start end code=0
  start=$(date +%s.%N)
  "$tfmc" check "$work/program.tfg" --eval "$eval" --json --quiet --values digest \
    --no-race-classification --threads 1 >"$work/$name.json" || code=$?
  end=$(date +%s.%N)
  if ((code > 1)); then
    echo "gpu_bench.sh: tfmc check --eval $eval exited $code on $row" >&2
    exit 2
  fi
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

field() {  # field FILE KEY: a number of the JSON's stats
  grep -o "\"$2\": [0-9.e+-]*" "$1" | head -1 | sed 's/.*: //'
}

outcomes() {  # the outcome lines of a JSON document, without witnesses
  sed -n '/"outcomes"/,/"races"/p' "$1" | sed 's/, "witness": \[[^]]*\]//'
}

gpu=yes
if ! "$tfmc" check /dev/null --eval gpu >/dev/null 2>"$work/gpu_error"; then
  if grep -q "eval gpu" "$work/gpu_error"; then gpu=no; fi
fi
[[ $gpu == no ]] && echo "GPU: $(cat "$work/gpu_error")"

printf '%-12s %10s %10s %12s %8s %6s\n' row cpu_s gpu_s evaluations ratio same
status=0
for row in "${rows[@]}"; do
  "$gen" sgd_matmul "$row" >"$work/program.tfg"
  cpu_s=$(run cpu cpu)
  evaluations=$(field "$work/cpu.json" evaluations)
  if [[ $gpu == yes ]]; then
    gpu_s=$(run gpu gpu)
    ratio=$(awk -v c="$cpu_s" -v g="$gpu_s" 'BEGIN { printf "%.1f", c / g }')
    if [[ "$(outcomes "$work/cpu.json")" == "$(outcomes "$work/gpu.json")" ]]; then
      same=yes
    else
      same=NO
      status=1
    fi
    printf '%-12s %10.3f %10.3f %12s %8s %6s\n' "sgd $row" "$cpu_s" "$gpu_s" "$evaluations" \
      "$ratio" "$same"
  else
    printf '%-12s %10.3f %10s %12s %8s %6s\n' "sgd $row" "$cpu_s" - "$evaluations" - -
  fi
done
exit $status
