#!/usr/bin/env bash
# On-demand benchmark of the GPU backend: the sgd_matmul family (tfmc_gen_bench: W workers
# racing SGD steps on f32 N x N weights, each step two MatMuls, then a MatMul of the result)
# and the hogwild family (W workers, P i32 parameters: many states, small element-wise
# calls), each program checked with --eval cpu and, where a CUDA device exists, --eval auto
# and --eval gpu, in one run. It prints per row the seconds of each (the whole tfmc process),
# the function evaluations, the CPU/auto and CPU/GPU ratios, and whether the three outcome
# sets are the same (compared as JSON with every large tensor as its digest). It builds
# nothing:
#
#   bash tools/bench/gpu_bench.sh [BUILD_DIR]     (default: build)
#
# BENCH_ROWS overrides the sgd_matmul rows, e.g. "2x512 4x1024", BENCH_HOGWILD the hogwild
# rows (default "3x3 4x3"; "" for none). Exit status 1 when any row's outcome sets differ.
set -euo pipefail

build_dir=${1:-build}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
rows=()
for row in ${BENCH_ROWS:-2x64 2x128 2x256 2x512 2x1024 4x256 4x512}; do rows+=("sgd_matmul $row"); done
for row in ${BENCH_HOGWILD-3x3 4x3}; do rows+=("hogwild $row"); done

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

printf '%-16s %8s %8s %8s %12s %9s %9s %6s\n' row cpu_s auto_s gpu_s evaluations cpu/auto \
  cpu/gpu same
status=0
for row in "${rows[@]}"; do
  # shellcheck disable=SC2086 # "FAMILY SIZE"
  "$gen" $row >"$work/program.tfg"
  cpu_s=$(run cpu cpu)
  evaluations=$(field "$work/cpu.json" evaluations)
  if [[ $gpu == yes ]]; then
    auto_s=$(run auto auto)
    gpu_s=$(run gpu gpu)
    ratio() { awk -v c="$cpu_s" -v g="$1" 'BEGIN { printf "%.2f", c / g }'; }
    same=yes
    for other in auto gpu; do
      if [[ "$(outcomes "$work/cpu.json")" != "$(outcomes "$work/$other.json")" ]]; then
        same=NO
        status=1
      fi
    done
    printf '%-16s %8.3f %8.3f %8.3f %12s %9s %9s %6s\n' "${row/ /:}" "$cpu_s" "$auto_s" "$gpu_s" \
      "$evaluations" "$(ratio "$auto_s")" "$(ratio "$gpu_s")" "$same"
  else
    printf '%-16s %8.3f %8s %8s %12s %9s %9s %6s\n' "${row/ /:}" "$cpu_s" - - "$evaluations" - - -
  fi
done
exit $status
