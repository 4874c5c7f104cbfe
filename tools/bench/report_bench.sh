#!/usr/bin/env bash
# On-demand benchmark of the reports of a check with many outcomes: two concurrent train steps
# of testdata/savedmodel/mlp_adam (a Keras Dense 2->1 with Keras Adam), checked once per
# report: the text report (summarized past 20 outcomes), the text with --outcomes all, and the
# JSON document. It prints per row the bytes of the report, the wall seconds and the peak
# resident memory of the whole tfmc process (/usr/bin/time). It builds nothing:
#
#   bash tools/bench/report_bench.sh [BUILD_DIR]     (default: build)
#
# BENCH_REPORTS picks the rows: any of "text all json" (default all three). With
# BENCH_TERMS_MODEL=PATH, a SavedModel's saved_model.pb as tools/tf/op_coverage.py exports it
# (MobileNetV2's), two more rows check its `forward` over a symbolic input (`--feed x=X`), whose
# output is one long term (FORMAT.md, "Long terms"): the text report and the JSON.
set -euo pipefail

build_dir=${1:-build}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
if [[ ! -x /usr/bin/time ]]; then
  echo "report_bench.sh: /usr/bin/time not found (apt-get install time)" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One row: runs tfmc with the given arguments, expecting exit code $2, and prints the report's
# bytes, the wall seconds and the peak resident memory.
row() {
  local name=$1 expected=$2 code=0
  shift 2
  /usr/bin/time -f '%e %M' -o "$work/time" "$tfmc" "$@" >"$work/report" 2>/dev/null || code=$?
  if ((code != expected)); then
    echo "report_bench.sh: tfmc $1 exited $code for row $name (expected $expected)" >&2
    exit 2
  fi
  # The last line: /usr/bin/time writes a line on the exit status before it.
  read -r seconds peak < <(tail -n 1 "$work/time")
  printf '%-10s %14s %9s %14s\n' "$name" "$(stat -c %s "$work/report")" "$seconds" "$peak"
}

printf '%-10s %14s %9s %14s\n' report bytes seconds peak_kbytes
for report in ${BENCH_REPORTS:-text all json}; do
  case $report in
    text) flags=() ;;
    all) flags=(--outcomes all) ;;
    json) flags=(--json) ;;
    *)
      echo "report_bench.sh: unknown report '$report' (text, all or json)" >&2
      exit 2
      ;;
  esac
  # Exit 1: several outcomes.
  row "$report" 1 check "$root/testdata/savedmodel/mlp_adam" --function train_step \
    --feed 'x=f32[1,2]{1, 2}' --feed 'y=f32[1,1]{1}' --concurrent 2 --quiet \
    --no-race-classification --threads 1 "${flags[@]}"
done
if [[ -n ${BENCH_TERMS_MODEL:-} ]]; then
  # Exit 0: one outcome, whose output is one long term over the symbol X.
  for flags in "" --json; do
    row "terms${flags:+_json}" 0 check "$BENCH_TERMS_MODEL" --function forward --feed x=X \
      --quiet --threads 1 $flags
  done
fi
